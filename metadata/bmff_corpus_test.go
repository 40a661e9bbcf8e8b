package metadata

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"testing"
	"unicode/utf8"
)

// bmffFamily are sniff's names for the files the box walkers read.
var bmffFamily = map[string]bool{"heic": true, "heif": true, "avif": true, "cr3": true, "jxl": true, "jpeg2000": true}

// bmffAccepted lists the corpus files of the box family where captag and
// exiftool 12.57 (INDEX.tsv) differ on purpose, keyed by "source/path",
// with the reason. It is empty: on every file of the family captag reads
// the date, creators, credit and caption exiftool prints.
var bmffAccepted = map[string]string{}

// bmffCorpusWarnings are warnings some corpus files must give: damaged or
// unreadable parts are said, not skipped silently.
var bmffCorpusWarnings = map[string]string{
	// exiftool 12.57 here has no Brotli module either and prints nothing from these boxes.
	"exiftool/JXL2.jxl":                       `brob box at offset 32 holds a Brotli-compressed "Exif" box; the Go standard library has no Brotli decoder`,
	"exiv2/issue_1793_poc.heic":               `box "meta" at offset 24: expected 4294967295 bytes, found 76 before the end of its parent`,
	"exiv2/issue_1845_poc.jp2":                `EXIF "uuid" box at offset 207: expected a TIFF header`,
	"exiv2/issue_ghsa_7569_phvm_vwc2_poc.jp2": "exif: payload refused",
	"bep-imagemeta/multi-xmp.heic":            "expected one xmp item, found 2; reading item 1",
}

// bmffIndexRow is one INDEX.tsv row with the columns compared here.
type bmffIndexRow struct {
	file, format, date, creator, credit, caption string
}

func readBMFFIndex(t *testing.T, dir string) []bmffIndexRow {
	f, err := os.Open(filepath.Join(dir, "INDEX.tsv"))
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("outside corpus not found (%v): in CI, ../shared/corpora must be beside the repository", err)
		}
		t.Skipf("outside corpus not found (%v): TestBMFFCorpus needs ../shared/corpora beside the repository", err)
	}
	defer f.Close()
	var rows []bmffIndexRow
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for line := 0; sc.Scan(); line++ {
		c := strings.Split(sc.Text(), "\t")
		if line == 0 {
			if len(c) < 12 || c[7] != "DateTimeOriginal" || c[8] != "creator" || c[9] != "credit" || c[11] != "caption" {
				t.Fatalf("INDEX.tsv: expected columns …, DateTimeOriginal, creator, credit, copyright, caption; found %q", c)
			}
			continue
		}
		if len(c) < 12 {
			t.Fatalf("INDEX.tsv line %d: expected at least 12 columns, found %d", line+1, len(c))
		}
		rows = append(rows, bmffIndexRow{file: c[0] + "/" + c[1], format: c[3], date: c[7], creator: c[8], credit: c[9], caption: c[11]})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return rows
}

// textSet joins the distinct non-empty values, each cut to the 60
// characters INDEX.tsv keeps of a text, sorted, with " | ".
func textSet(vals ...string) string {
	set := map[string]bool{}
	for _, v := range vals {
		for _, p := range strings.Split(v, " | ") {
			if p = strings.TrimSpace(p); p != "" && p != "-" {
				if utf8.RuneCountInString(p) > 60 {
					p = string([]rune(p)[:60])
				}
				set[p] = true
			}
		}
	}
	out := make([]string, 0, len(set))
	for k := range set {
		out = append(out, k)
	}
	sort.Strings(out)
	return strings.Join(out, " | ")
}

// TestBMFFCorpus reads every corpus file of the box family (HEIF/HEIC,
// AVIF, CR3, JPEG XL, JPEG 2000, exiv2's PoCs among them): no panic, no
// hang, at most 64 MiB allocated per file; and compares the date, creators,
// credit and caption with exiftool's reading in INDEX.tsv.
func TestBMFFCorpus(t *testing.T) {
	dir := sharedCorpusDir()
	rows := readBMFFIndex(t, dir)
	rd := NewReader()
	var files, agree int
	perFormat := map[string]int{}
	diffs := map[string][]string{}
	seen := map[string]bool{}
	read := map[string]*Image{}
	for _, row := range rows {
		path := filepath.Join(dir, filepath.FromSlash(row.file))
		head := make([]byte, 64)
		f, err := os.Open(path)
		if err != nil {
			continue
		}
		n, _ := f.Read(head)
		f.Close()
		if !bmffFamily[sniff(head[:n])] {
			continue
		}
		files++
		if data, err := os.ReadFile(path); err == nil && len(data) <= 8<<20 {
			checkBMFFBounds(t, sniff(head[:n]), data)
		}
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		res, ok := readCorpusFile(&rd, path)
		runtime.ReadMemStats(&after)
		switch {
		case !ok:
			t.Errorf("%s: Read did not return within %v", row.file, corpusReadDeadline)
			continue
		case res.panic != nil:
			t.Errorf("%s: Read panicked: %v", row.file, res.panic)
			continue
		case res.err != nil:
			t.Errorf("%s: expected an image, found %v", row.file, res.err)
			continue
		}
		if a := after.TotalAlloc - before.TotalAlloc; a > maxFuzzAlloc {
			t.Errorf("%s: reading it allocated %d bytes, expected at most %d", row.file, a, maxFuzzAlloc)
		}
		im := res.im
		read[path] = im
		perFormat[im.Format]++
		if w, ok := bmffCorpusWarnings[row.file]; ok {
			seen[row.file] = true
			var msgs []string
			for _, x := range im.Warnings {
				msgs = append(msgs, x.Message)
			}
			if !strings.Contains(strings.Join(msgs, "\n"), w) {
				t.Errorf("%s: expected a warning containing %q, found %q", row.file, w, msgs)
			}
		}
		var d []string
		if got, ok := sameDate(im, row.date); !ok {
			d = append(d, fmt.Sprintf("date: captag %q, exiftool %q", got, row.date))
		}
		if got, want := captagCreators(im), creatorSet(row.creator); got != want {
			d = append(d, fmt.Sprintf("creators: captag %q, exiftool %q", got, want))
		}
		var credits, captions []string
		for _, s := range []*Store{im.EXIF, im.IPTC, im.XMP} {
			if s != nil {
				credits = append(credits, s.Credit)
				captions = append(captions, s.Description)
			}
		}
		if got, want := textSet(credits...), textSet(row.credit); got != want {
			d = append(d, fmt.Sprintf("credit: captag %q, exiftool %q", got, want))
		}
		if got, want := textSet(captions...), textSet(row.caption); got != want {
			d = append(d, fmt.Sprintf("caption: captag %q, exiftool %q", got, want))
		}
		if len(d) == 0 {
			agree++
		} else {
			diffs[row.file] = d
		}
	}
	t.Logf("%d files of the box family read (%v); %d agree with exiftool on date, creators, credit and caption", files, perFormat, agree)
	keys := make([]string, 0, len(diffs))
	for k := range diffs {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if r, ok := bmffAccepted[k]; ok {
			t.Logf("accepted difference %s (%s): %s", k, r, strings.Join(diffs[k], "; "))
			continue
		}
		t.Errorf("%s: %s", k, strings.Join(diffs[k], "; "))
	}
	for k := range bmffCorpusWarnings {
		if !seen[k] {
			t.Errorf("%s: expected in the corpus with a warning, not found", k)
		}
	}
	for k := range bmffAccepted {
		if diffs[k] == nil {
			t.Errorf("%s is listed as an accepted difference but agrees with exiftool: remove it", k)
		}
	}
	compareEXIFDatesWithExiftool(t, read)
	if files == 0 {
		t.Fatal("expected HEIF, AVIF, CR3, JPEG XL and JPEG 2000 files in the corpus, found none")
	}
}

// compareEXIFDatesWithExiftool runs exiftool (when installed) on the files
// read and compares the whole EXIF date, sub-seconds and offset included,
// which INDEX.tsv leaves out.
func compareEXIFDatesWithExiftool(t *testing.T, read map[string]*Image) {
	t.Helper()
	bin, err := exec.LookPath("exiftool")
	if err != nil {
		t.Log("exiftool not installed: EXIF sub-seconds and offsets not compared")
		return
	}
	paths := make([]string, 0, len(read))
	for p := range read {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	out, err := exec.Command(bin, append([]string{"-j", "-EXIF:DateTimeOriginal", "-EXIF:SubSecTimeOriginal", "-EXIF:OffsetTimeOriginal"}, paths...)...).Output()
	if len(out) == 0 {
		t.Fatalf("exiftool: %v", err)
	}
	var rows []struct {
		SourceFile                             string
		DateTimeOriginal                       string
		SubSecTimeOriginal, OffsetTimeOriginal any
	}
	if err := json.Unmarshal(out, &rows); err != nil {
		t.Fatalf("exiftool -j: %v", err)
	}
	n := 0
	for _, r := range rows {
		im := read[r.SourceFile]
		if im == nil || r.DateTimeOriginal == "" {
			continue
		}
		want, err := ParseEXIFDate(r.DateTimeOriginal, strings.TrimSpace(fmt.Sprint(orEmpty(r.SubSecTimeOriginal))), fmt.Sprint(orEmpty(r.OffsetTimeOriginal)))
		if err != nil {
			continue
		}
		n++
		if im.EXIF == nil || im.EXIF.Date != want {
			got := "none"
			if im.EXIF != nil {
				got = im.EXIF.Date.String()
			}
			t.Errorf("%s: EXIF date %s, exiftool %s", r.SourceFile, got, want)
		}
	}
	t.Logf("EXIF dates with sub-seconds and offsets compared with exiftool on %d files", n)
}

func orEmpty(v any) any {
	if v == nil {
		return ""
	}
	return v
}
