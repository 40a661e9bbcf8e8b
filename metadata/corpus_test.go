package metadata

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/captag/captag/metadata/date"
)

// corpusReadDeadline bounds one file's Read: a hang check, not a
// performance assertion.
const corpusReadDeadline = 5 * time.Second

type corpusResult struct {
	im    *Image
	err   error
	panic any
}

// readCorpusFile reads one file with a deadline; a Reader that timed out is
// not reused.
func readCorpusFile(rd **Reader, path string) (corpusResult, bool) {
	done := make(chan corpusResult, 1)
	r := *rd
	go func() {
		var res corpusResult
		defer func() {
			if p := recover(); p != nil {
				res.panic = p
			}
			done <- res
		}()
		f, err := os.Open(path)
		if err != nil {
			res.err = err
			return
		}
		defer f.Close()
		fi, err := f.Stat()
		if err != nil {
			res.err = err
			return
		}
		res.im, res.err = r.Read(f, fi.Size(), path)
	}()
	select {
	case res := <-done:
		return res, true
	case <-time.After(corpusReadDeadline):
		*rd = NewReader()
		return corpusResult{}, false
	}
}

// exifDate formats the EXIF store's date the way INDEX.tsv shows
// exiftool's DateTimeOriginal ("2016:12:19 14:05:00"); "-" when absent.
func exifDate(im *Image) string {
	if im == nil || im.EXIF == nil || im.EXIF.Date.IsZero() {
		return "-"
	}
	d := im.EXIF.Date
	return fmt.Sprintf("%04d:%02d:%02d %02d:%02d:%02d", d.Year, d.Month, d.Day, d.Hour, d.Minute, d.Second)
}

// xmpDate formats the XMP store's date as exiftool prints an XMP
// exif:DateTimeOriginal ("…Z", "…+02:00"); "-" when absent.
func xmpDate(im *Image) string {
	if im == nil || im.XMP == nil || im.XMP.Date.Precision < date.PrecSecond {
		return "-"
	}
	d := im.XMP.Date
	s := fmt.Sprintf("%04d:%02d:%02d %02d:%02d:%02d", d.Year, d.Month, d.Day, d.Hour, d.Minute, d.Second)
	switch {
	case !d.HasOffset:
	case d.OffsetMinutes == 0:
		s += "Z"
	default:
		o, sign := d.OffsetMinutes, "+"
		if o < 0 {
			o, sign = -o, "-"
		}
		s += fmt.Sprintf("%s%02d:%02d", sign, o/60, o%60)
	}
	return s
}

// sameDate compares captag's reading with exiftool's DateTimeOriginal.
//   - A value exiftool prints that is no usable date ("0000:00:00
//     00:00:00", blanks, junk) is absent for captag by design (issue 3,
//     Dates).
//   - Where EXIF has no DateTimeOriginal, exiftool prints XMP
//     exif:DateTimeOriginal instead; captag keeps that in its XMP store,
//     whose date then must match.
func sameDate(im *Image, exiftool string) (string, bool) {
	got := exifDate(im)
	if got == exiftool {
		return got, true
	}
	if got != "-" {
		return got, false
	}
	if _, err := date.ParseEXIFDate(exiftool, "", ""); err != nil && exiftool != "-" && !strings.ContainsAny(exiftool[min(len(exiftool), 19):], "Z+-") {
		return got, true
	}
	if x := xmpDate(im); exiftool != "-" && (x == exiftool || strings.TrimSuffix(x, "Z")+"+00:00" == exiftool) {
		return x + " (XMP)", true
	}
	return got, false
}

// creatorSet normalises creator lists for comparison. INDEX.tsv's creator
// column holds the distinct values of EXIF Artist (as written, "A; B"),
// IPTC By-line and XMP dc:creator (lists joined with ", "), joined with
// " | "; captag keeps each store's list apart. Both sides are split on
// " | ", ";" and ", " and compared as sets of names.
func creatorSet(vals ...string) string {
	set := map[string]bool{}
	for _, v := range vals {
		for _, a := range strings.Split(v, " | ") {
			for _, b := range strings.Split(a, ";") {
				for _, c := range strings.Split(b, ", ") {
					if c = strings.TrimSpace(c); c != "" && c != "-" {
						set[c] = true
					}
				}
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

// TestCorpus reads every file of the outside corpus listed in INDEX.tsv:
// no panic, no hang, and an image, an *UnsupportedError or a
// *FormatError, nothing else. (TestCorpusFormats compares what is read
// with exiftool's reading.)
func TestCorpus(t *testing.T) {
	dir := requireCorpus(t)
	rows := readCorpusIndexRows(t, dir)
	rd := NewReader()
	var files, read, unsupported, malformed int
	for _, row := range rows {
		path := filepath.Join(dir, filepath.FromSlash(row.file))
		if _, err := os.Stat(path); err != nil {
			continue // listed upstream but absent from this copy
		}
		files++
		res, ok := readCorpusFile(&rd, path)
		if !ok {
			t.Errorf("%s: Read did not return within %v", row.file, corpusReadDeadline)
			continue
		}
		if res.panic != nil {
			t.Errorf("%s: Read panicked: %v", row.file, res.panic)
			continue
		}
		var ue *UnsupportedError
		var fe *FormatError
		switch {
		case res.err == nil:
			read++
		case errors.As(res.err, &ue):
			unsupported++
		case errors.As(res.err, &fe):
			malformed++
		default:
			t.Errorf("%s: expected an image, *UnsupportedError or *FormatError; found %v", row.file, res.err)
		}
	}
	t.Logf("%d files read: %d images, %d unsupported, %d malformed", files, read, unsupported, malformed)
	if files == 0 {
		t.Fatal("INDEX.tsv lists no file present in the corpus: nothing was read")
	}
}
