package metadata

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"testing"
)

// bmffFamily are sniff's names for the files the box walkers read.
var bmffFamily = map[string]bool{"heic": true, "heif": true, "avif": true, "cr3": true, "jxl": true, "jpeg2000": true}

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

// TestBMFFCorpus reads every corpus file of the box family (HEIF/HEIC,
// AVIF, CR3, JPEG XL, JPEG 2000, exiv2's PoCs among them): no panic, no
// hang, an image from each, at most 64 MiB allocated per file, the
// warnings bmffCorpusWarnings lists, and the EXIF dates exiftool reads,
// sub-seconds and offsets included. (TestCorpusFormats compares the
// date, creators, credit and caption with exiftool's reading.)
func TestBMFFCorpus(t *testing.T) {
	dir := requireCorpus(t)
	rows := readCorpusIndexRows(t, dir)
	rd := NewReader()
	var files int
	perFormat := map[string]int{}
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
		if !bmffFamily[Sniff(head[:n])] {
			continue
		}
		files++
		if data, err := os.ReadFile(path); err == nil && len(data) <= 8<<20 {
			checkBMFFBounds(t, Sniff(head[:n]), data)
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
	}
	t.Logf("%d files of the box family read (%v)", files, perFormat)
	for k := range bmffCorpusWarnings {
		if !seen[k] {
			t.Errorf("%s: expected in the corpus with a warning, not found", k)
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
