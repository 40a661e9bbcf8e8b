package metadata

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// corpusFile reads a file of the outside corpus; without the corpus the
// test skips, or fails when CI=true.
func corpusFile(t *testing.T, rel string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(sharedCorpusDir(), filepath.FromSlash(rel)))
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("outside corpus file %s missing (CI=true): %v", rel, err)
		}
		t.Skipf("outside corpus file %s not found (%v): needs ../shared/corpora beside the repository", rel, err)
	}
	return b
}

func readBytes(t *testing.T, name string, b []byte) *Image {
	t.Helper()
	im, err := Read(strings.NewReader(string(b)), int64(len(b)), name)
	if err != nil {
		t.Fatalf("%s: Read: %v", name, err)
	}
	return im
}

// TestDamagedEXIFCorpus: real files whose EXIF has one damaged secondary
// IFD or entry. exiftool 12.57 and exiv2 read their date, Artist and
// Copyright (values below are exiftool's, INDEX.tsv); captag refused the
// whole payload before issue 13. The damaged part costs itself only, and a
// warning names it.
func TestDamagedEXIFCorpus(t *testing.T) {
	tests := []struct {
		file, date, artist, copyright string
		warn                          string // in the WarnEXIFDamaged warning
	}{
		// exiftool: "Bad InteropIFD directory"
		{"exiv2/exiv2-bug443.jpg", "2003-07-27T16:22:28", "", "", "Interop IFD at offset 1850 skipped: expected at most 2048 IFD entries, found 5233"},
		// exiftool: "Bad IFD1 directory"; DateTimeOriginal sits in IFD0
		{"exiv2/exiv2-bug479.jpg", "2006-05-27T12:37:03", "", "", "IFD1 at offset 2684354567 skipped"},
		// exiftool: "Bad format (296) for IFD1 entry 0"
		{"exiv2/exiv2-bug495.jpg", "2006-10-18T12:33:03.20", "", "", "IFD1 tag 0x0001"},
		// exiftool: "Bad offset for ExifIFD FocalLength"
		{"exiv2/exiv2-bug855.jpg", "2012-01-22T01:54:26", "SEBASTIAN WAGNER", "CREATIVECOMMONS ATTRIBUTION CCBY", "Exif IFD tag 0x920a"},
	}
	for _, tc := range tests {
		t.Run(tc.file, func(t *testing.T) {
			im := readBytes(t, tc.file, corpusFile(t, tc.file))
			if im.EXIF == nil {
				t.Fatalf("no EXIF store; warnings %v", im.Warnings)
			}
			if got := im.EXIF.Date.String(); got != tc.date {
				t.Errorf("date %q, want %q", got, tc.date)
			}
			if got := strings.Join(im.EXIF.Creators, "; "); got != tc.artist {
				t.Errorf("Artist %q, want %q", got, tc.artist)
			}
			if im.EXIF.Copyright != tc.copyright {
				t.Errorf("Copyright %q, want %q", im.EXIF.Copyright, tc.copyright)
			}
			found := false
			for _, w := range im.Warnings {
				if w.Code == WarnEXIFRefused {
					t.Errorf("refused: %v", w)
				}
				if w.Code == WarnEXIFDamaged && w.Store == StoreEXIF && strings.Contains(w.Message, tc.warn) {
					found = true
				}
			}
			if !found {
				t.Errorf("warnings %v, want an %s warning containing %q", im.Warnings, WarnEXIFDamaged, tc.warn)
			}
		})
	}
}

// TestIPTCBlocksCorpus: real files with two IPTC-NAA resources, one per
// APP13 segment (exiv2's test data). exiftool 12.57 shows the first block
// as IPTC and the second as IPTC2; a field takes the first block's value,
// and the second fills what the first lacks. Before issue 13 captag read
// the first block only, so the empty first block lost the Credit.
func TestIPTCBlocksCorpus(t *testing.T) {
	tests := []struct {
		file, credit, warn string
	}{
		{"exiv2/iptc-psAPP13-wIPTCempty-psAPP13-wIPTC.jpg", "This is a credit", ""},
		{"exiv2/iptc-psAPP13-wIPTC1-psAPP13-wIPTC2.jpg", "This is credit number one", `found 2:110 Credit "This is credit number two" where they have "This is credit number one"`},
	}
	for _, tc := range tests {
		t.Run(tc.file, func(t *testing.T) {
			im := readBytes(t, tc.file, corpusFile(t, tc.file))
			if im.IPTC == nil || im.IPTC.Credit != tc.credit {
				t.Fatalf("IPTC store %+v, want Credit %q", im.IPTC, tc.credit)
			}
			found := tc.warn == ""
			for _, w := range im.Warnings {
				if w.Store == StoreIPTC && tc.warn != "" && strings.Contains(w.Message, tc.warn) {
					found = true
				}
				if strings.Contains(w.Message, "agree with the blocks") && tc.warn == "" {
					t.Errorf("unexpected disagreement warning %v", w)
				}
			}
			if !found {
				t.Errorf("warnings %v, want one containing %q", im.Warnings, tc.warn)
			}
		})
	}
}
