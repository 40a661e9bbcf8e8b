package metadata

import (
	"bufio"
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strings"
	"testing"
	"unicode/utf8"
)

// containerFormats are the INDEX.tsv formats (exiftool's FileType) read by
// the walkers of png.go, webp.go, psd.go, gif.go, raf.go, xmpfile.go and
// BigTIFF in tiff.go.
var containerFormats = map[string]bool{
	"PNG": true, "WEBP": true, "Extended WEBP": true, "PSD": true, "PSB": true,
	"BTF": true, "RAF": true, "GIF": true, "XMP": true,
}

// containerAccepted lists the rows of those formats where captag and
// exiftool 12.57 differ on purpose, with the reason.
var containerAccepted = map[string]string{
	"exiftool/XMP.xml":         "exiftool's own RDF/XML dump (et:toolkit, a text property ExifTool:ExifToolVersion outside any rdf:Description form captag's XMP parser accepts): the parser refuses the document, so no XMP store",
	"exiftool/XMP3.xmp":        "an rdf:Description with rdf:nodeID, which captag's XMP parser refuses (the XMP data model has no blank-node references); exiftool reads the creators of its deliberately bad list types",
	"exiv2/issue_1713_poc.xmp": "a security PoC with invalid UTF-8 on line 23; captag's XMP parser refuses malformed XML, exiftool reads the description before it",
}

// TestCorpusContainers reads every file of the outside corpus whose format
// is one of containerFormats and compares captag's date, creators, credit
// and caption with exiftool's reading in INDEX.tsv. The corpus is required:
// in CI (CI set) its absence fails the test.
func TestCorpusContainers(t *testing.T) {
	dir := sharedCorpusDir()
	f, err := os.Open(filepath.Join(dir, "INDEX.tsv"))
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("outside corpus not found (%v): CI needs ../shared/corpora beside the repository", err)
		}
		t.Skipf("outside corpus not found (%v): TestCorpusContainers needs ../shared/corpora beside the repository", err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	rd := NewReader()
	var rows, withValues, agree, unsupported int
	diffs := map[string][]string{}
	for line := 0; sc.Scan(); line++ {
		c := strings.Split(sc.Text(), "\t")
		if line == 0 || len(c) < 12 || !containerFormats[c[3]] {
			continue
		}
		file := c[0] + "/" + c[1]
		path := filepath.Join(dir, filepath.FromSlash(file))
		if _, err := os.Stat(path); err != nil {
			continue
		}
		rows++
		res, ok := readCorpusFile(&rd, path)
		switch {
		case !ok:
			t.Errorf("%s: Read did not return within %v", file, corpusReadDeadline)
			continue
		case res.panic != nil:
			t.Errorf("%s: Read panicked: %v", file, res.panic)
			continue
		}
		var ue *UnsupportedError
		var fe *FormatError
		switch {
		case res.err == nil:
		case errors.As(res.err, &ue):
			unsupported++
		case errors.As(res.err, &fe):
		default:
			t.Errorf("%s: expected an image, *UnsupportedError or *FormatError; found %v", file, res.err)
		}
		date, creator, credit, caption := c[7], c[8], c[9], c[11]
		if date == "-" && creator == "-" && credit == "-" && caption == "-" {
			continue
		}
		withValues++
		var d []string
		if got, ok := sameContainerDate(res.im, date); !ok {
			d = append(d, "date: captag "+got+", exiftool "+date)
		}
		if got, want := captagCreators(res.im), creatorSet(creator); got != want {
			d = append(d, "creators: captag "+got+", exiftool "+want)
		}
		if got, ok := sameField(res.im, credit, func(s *Store) string { return s.Credit }); !ok {
			d = append(d, "credit: captag "+got+", exiftool "+credit)
		}
		if got, ok := sameField(res.im, caption, func(s *Store) string { return s.Description }); !ok {
			d = append(d, "caption: captag "+got+", exiftool "+caption)
		}
		if len(d) == 0 {
			agree++
			continue
		}
		if res.err != nil {
			d = append(d, "error: "+res.err.Error())
		}
		diffs[file] = d
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	t.Logf("%d files of these formats (%d unsupported); %d where exiftool finds a date, creator, credit or caption; captag agrees on %d", rows, unsupported, withValues, agree)
	keys := make([]string, 0, len(diffs))
	for k := range diffs {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if r, ok := containerAccepted[k]; ok {
			t.Logf("accepted difference %s (%s): %s", k, r, strings.Join(diffs[k], "; "))
			continue
		}
		t.Errorf("%s: %s", k, strings.Join(diffs[k], "; "))
	}
	for k := range containerAccepted {
		if _, ok := diffs[k]; !ok {
			t.Errorf("%s is listed as an accepted difference but now agrees with exiftool: remove it", k)
		}
	}
	if withValues > 0 && agree*100 < withValues*97-len(containerAccepted)*100 {
		t.Errorf("captag agrees with exiftool on %d of %d files (accepted differences: %d)", agree, withValues, len(containerAccepted))
	}
}

var fractionalSeconds = regexp.MustCompile(`^(\d{4}:\d\d:\d\d \d\d:\d\d:\d\d)\.\d+`)

// sameContainerDate is sameDate for exiftool values with fractional
// seconds (an XMP date "2015-10-01T06:42:43.00" prints so); captag's
// comparison is to the second.
func sameContainerDate(im *Image, exiftool string) (string, bool) {
	return sameDate(im, fractionalSeconds.ReplaceAllString(exiftool, "$1"))
}

// sameField compares a text field with INDEX.tsv's value, which is the
// first 60 characters with line breaks shown as spaces: it agrees when any
// store's value, so shown, is it ("-": no store has one).
func sameField(im *Image, want string, get func(*Store) string) (string, bool) {
	var got []string
	if im != nil {
		for _, s := range []*Store{im.EXIF, im.IPTC, im.XMP} {
			if s == nil || get(s) == "" {
				continue
			}
			v := strings.Join(strings.Fields(get(s)), " ")
			if v == "" {
				continue
			}
			if utf8.RuneCountInString(v) > 60 {
				v = string([]rune(v)[:60])
			}
			if strings.TrimSpace(v) == strings.Join(strings.Fields(want), " ") {
				return v, true
			}
			got = append(got, v)
		}
	}
	if len(got) == 0 {
		return "-", want == "-"
	}
	return strings.Join(got, " | "), false
}

// TestCorpusPoCAllocation reads every file of the corpus's exiv2 folder
// (about 180 of them are security PoCs, fuzz and crash inputs) and the
// metadata-extractor fuzzing crashes, and checks that none makes captag
// allocate more than 64 MiB. (TestCorpus checks for panics and hangs.)
func TestCorpusPoCAllocation(t *testing.T) {
	dir := sharedCorpusDir()
	var files []string
	for _, sub := range []string{"exiv2", "metadata-extractor-images/fuzzing"} {
		ents, err := os.ReadDir(filepath.Join(dir, filepath.FromSlash(sub)))
		if err != nil {
			if os.Getenv("CI") != "" {
				t.Fatalf("outside corpus not found (%v)", err)
			}
			t.Skipf("outside corpus not found (%v)", err)
		}
		for _, e := range ents {
			if e.Type().IsRegular() {
				files = append(files, filepath.Join(dir, filepath.FromSlash(sub), e.Name()))
			}
		}
	}
	rd := NewReader()
	var worst uint64
	var worstFile string
	for _, p := range files {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		_, _ = rd.Read(bytes.NewReader(b), int64(len(b)), p)
		runtime.ReadMemStats(&after)
		if d := after.TotalAlloc - before.TotalAlloc; d > worst {
			worst, worstFile = d, p
		}
	}
	t.Logf("%d files; the most allocated by one Read: %d bytes (%s)", len(files), worst, worstFile)
	if worst > 64<<20 {
		t.Errorf("%s: one Read allocated %d bytes, want at most 64 MiB", worstFile, worst)
	}
}
