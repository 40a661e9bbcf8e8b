package metadata

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// Issue 23's second outside corpus: test images of other metadata
// libraries and image tools (Pillow, Apache Tika, exifr, Piexif, exif-js,
// thumbor, libvips, PhotoPrism, ExifReader) that captag was never tuned
// on. The images stay outside the repository; testdata/corpus23/SOURCES.tsv
// cites each one (repository, commit, path, sha256, licence), and
// exiftool's reading of them (`exiftool -j -G1`, see corpus23ExiftoolFile)
// is stored beside the files.
const (
	corpus23Sources     = "testdata/corpus23/SOURCES.tsv"
	corpus23Differences = "testdata/corpus23/differences.tsv"
	// corpus23ExiftoolFile is exiftool's reading, made once in the corpus
	// folder with
	//	exiftool -j -G1 -q -q -charset filename=utf8 -FileType \
	//	  -DateTimeOriginal -EXIF:Artist -IPTC:By-line -XMP-dc:Creator \
	//	  -IPTC:Credit -XMP-photoshop:Credit -EXIF:ImageDescription \
	//	  -IPTC:Caption-Abstract -XMP-dc:Description -IPTC:City \
	//	  -XMP-photoshop:City -XMP-iptcExt:LocationCreatedCity \
	//	  -@ files.txt > exiftool-G1.json
	// (files.txt: SOURCES.tsv's files, one "owner-name/path" a line).
	corpus23ExiftoolFile = "exiftool-G1.json"
	// corpus23MinRate is issue 23's target: the share of the files where
	// exiftool finds any of the five fields on which captag agrees.
	corpus23MinRate = 97.0
)

// corpus23Dir is where the gathered files lie: $CAPTAG_CORPUS23, else
// ../../corpus23 (beside the repository, as ../shared/corpora is).
func corpus23Dir() string {
	if d := os.Getenv("CAPTAG_CORPUS23"); d != "" {
		return d
	}
	return filepath.Join("..", "..", "corpus23")
}

// corpus23File is one SOURCES.tsv row.
type corpus23File struct {
	repo, commit, path, sha256, licence string
}

// local is the file's path below the corpus folder: "owner-name/path".
func (f corpus23File) local() string {
	return strings.ReplaceAll(f.repo, "/", "-") + "/" + f.path
}

func readCorpus23Sources(t *testing.T) []corpus23File {
	t.Helper()
	b, err := os.ReadFile(corpus23Sources)
	if err != nil {
		t.Fatal(err)
	}
	var out []corpus23File
	for n, line := range strings.Split(strings.TrimRight(string(b), "\n"), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		c := strings.Split(line, "\t")
		if len(c) != 5 {
			t.Fatalf("%s:%d: expected repo, commit, path, sha256 and licence separated by tabs, found %q", corpus23Sources, n+1, line)
		}
		if c[0] == "repo" {
			continue
		}
		out = append(out, corpus23File{c[0], c[1], c[2], c[3], c[4]})
	}
	return out
}

// g0Group maps a -G1 group of exiftool-G1.json to the -G0 family that
// exiftoolObjectReading reads, with its rank: without -a, exiftool -G0
// prints one value per family and tag, the one of the lowest rank (IFD0's
// ImageDescription, not that of a later page or a SubIFD; the first IPTC
// record, IPTC2 only when it is the only one).
func g0Group(g1 string) (family string, rank int) {
	switch {
	case g1 == "IFD0", g1 == "ExifIFD":
		return "EXIF", 0
	case strings.HasPrefix(g1, "IFD"), strings.HasPrefix(g1, "SubIFD"):
		return "EXIF", 1
	case g1 == "IPTC":
		return "IPTC", 0
	case strings.HasPrefix(g1, "IPTC"):
		return "IPTC", 1
	case strings.HasPrefix(g1, "XMP-"):
		return "XMP", 0
	}
	return g1, 0
}

// readCorpus23Exiftool reads exiftool-G1.json: per local path, the reading
// and exiftool's FileType.
func readCorpus23Exiftool(t *testing.T, dir string) (map[string]exiftoolReading, map[string]string) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, corpus23ExiftoolFile))
	if err != nil {
		t.Fatalf("%v (make it as corpus23ExiftoolFile says)", err)
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	var objs []map[string]any
	if err := dec.Decode(&objs); err != nil {
		t.Fatalf("%s: %v", corpus23ExiftoolFile, err)
	}
	readings, types := map[string]exiftoolReading{}, map[string]string{}
	for _, o := range objs {
		g0 := map[string]any{}
		best := map[string]string{} // the -G1 group kept per -G0 key
		for k, v := range o {
			group, tag, ok := strings.Cut(k, ":")
			if !ok {
				continue
			}
			family, rank := g0Group(group)
			k0 := family + ":" + tag
			if prev, ok := best[k0]; ok {
				if _, r := g0Group(prev); r < rank || r == rank && prev < group {
					continue
				}
			}
			best[k0], g0[k0] = group, v
		}
		file := fmt.Sprint(o["SourceFile"])
		readings[file] = exiftoolObjectReading(g0)
		types[file] = fmt.Sprint(o["File:FileType"])
	}
	return readings, types
}

// TestCorpus23 compares captag's reading of issue 23's corpus with
// exiftool's, as TestCorpusFormats does for ../shared/corpora: every
// difference must be listed with its reason in
// testdata/corpus23/differences.tsv (-update rewrites it), and the pass
// rate must reach corpus23MinRate. It skips when the folder is absent.
func TestCorpus23(t *testing.T) {
	dir := corpus23Dir()
	if _, err := os.Stat(filepath.Join(dir, corpus23ExiftoolFile)); err != nil {
		t.Skipf("issue 23's corpus not found (%v): set CAPTAG_CORPUS23 or gather it beside the repository (testdata/corpus23/SOURCES.tsv)", err)
	}
	files := readCorpus23Sources(t)
	readings, types := readCorpus23Exiftool(t, dir)
	listed := readCorpusDifferences(t, corpus23Differences)
	found := map[corpusDiffKey]string{}
	perFormat := map[string]*corpusCount{}
	var all corpusCount
	rd := NewReader()
	for _, f := range files {
		path := filepath.Join(dir, filepath.FromSlash(f.local()))
		if _, err := os.Stat(path); err != nil {
			t.Errorf("%s: listed in %s, absent from %s", f.local(), corpus23Sources, dir)
			continue
		}
		want, format := readings[f.local()], types[f.local()]
		fc := perFormat[format]
		if fc == nil {
			fc = &corpusCount{}
			perFormat[format] = fc
		}
		fc.files++
		all.files++
		res, ok := readCorpusFile(&rd, path)
		switch {
		case !ok:
			t.Errorf("%s: Read did not return within %v", f.local(), corpusReadDeadline)
			continue
		case res.panic != nil:
			t.Errorf("%s: Read panicked: %v", f.local(), res.panic)
			continue
		}
		if !want.any() {
			continue
		}
		fc.withFields++
		all.withFields++
		if compareCorpusFile(corpusIndexRow{file: f.local(), format: format}, res, want, false, found) {
			fc.agree++
			all.agree++
		}
	}
	if *updateCorpusDifferences {
		writeCorpusDifferences(t, corpus23Differences, "issue 23's corpus (testdata/corpus23/SOURCES.tsv)", "TestCorpus23 in corpus23_test.go", listed, found)
	} else {
		checkListedDifferences(t, corpus23Differences, listed, found)
	}
	formats := make([]string, 0, len(perFormat))
	for f := range perFormat {
		formats = append(formats, f)
	}
	sort.Strings(formats)
	rate := func(c corpusCount) float64 { return 100 * float64(c.agree) / float64(max(c.withFields, 1)) }
	t.Logf("%-18s %6s %12s %8s %7s", "format", "files", "with fields", "agree", "rate")
	for _, f := range formats {
		if c := perFormat[f]; c.withFields > 0 {
			t.Logf("%-18s %6d %12d %8d %6.1f%%", f, c.files, c.withFields, c.agree, rate(*c))
		}
	}
	t.Logf("%-18s %6d %12d %8d %6.1f%% (target ≥ %.0f%%)", "all", all.files, all.withFields, all.agree, rate(all), corpus23MinRate)
	if all.withFields == 0 {
		t.Fatal("no file of the corpus has a field exiftool reads: nothing was compared")
	}
	if r := rate(all); r < corpus23MinRate {
		t.Errorf("captag agrees with exiftool on %.1f%% of the files with fields; expected at least %.0f%%", r, corpus23MinRate)
	}
}

// checkListedDifferences fails on a difference found and not listed, and on
// one listed and not found.
func checkListedDifferences(t *testing.T, file string, listed, found map[corpusDiffKey]string) {
	t.Helper()
	var bad []string
	for k, what := range found {
		if _, ok := listed[k]; !ok {
			bad = append(bad, fmt.Sprintf("difference not listed in %s: %s %s: %s", file, k.file, k.field, strings.ReplaceAll(what, "\x00", ": ")))
		}
	}
	for k, reason := range listed {
		if _, ok := found[k]; !ok {
			bad = append(bad, fmt.Sprintf("listed difference now agrees: %s %s (%s); remove it (-update)", k.file, k.field, reason))
		}
	}
	sort.Strings(bad)
	for _, s := range bad {
		t.Error(s)
	}
}
