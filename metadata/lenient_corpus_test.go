package metadata

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// corpusFile reads a file of the outside corpus (requireCorpus: without
// the corpus the test skips, or fails in CI); a file missing from a corpus
// that is there fails.
func corpusFile(t *testing.T, rel string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(requireCorpus(t), filepath.FromSlash(rel)))
	if err != nil {
		t.Fatalf("outside corpus file %s: %v", rel, err)
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
				if (w.Code == WarnEXIFDamaged || w.Code == WarnEXIFDamagedAside) && w.Store == StoreEXIF && strings.Contains(w.Message, tc.warn) {
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

// TestIIMDateSeparatorsCorpus: the IIM block of a real file
// (bep/imagemeta's metadata_demo_iim_and_xmp_only.jpg, 2:55 "20170529")
// with its Date Created rewritten as "2017-05-29", the form some writers
// use (exiftool reads it: Exif.pm ExifDate takes any separators). No file
// of the corpus has such a date, so the real block is edited here.
func TestIIMDateSeparatorsCorpus(t *testing.T) {
	const file = "bep-imagemeta/metadata_demo_iim_and_xmp_only.jpg"
	b := corpusFile(t, file)
	blocks, _, _ := photoshopResources(walkJPEG(testSource(b)).photoshop())
	if blocks.len() != 1 {
		t.Fatalf("%s: %d IPTC blocks, want 1", file, blocks.len())
	}
	orig := blocks.at(0)
	var edited []byte
	for pos := 0; pos+5 <= len(orig) && orig[pos] == 0x1C; {
		n := int(orig[pos+3])<<8 | int(orig[pos+4])
		v := orig[pos+5 : pos+5+n]
		if orig[pos+1] == 2 && orig[pos+2] == 55 {
			if string(v) != "20170529" {
				t.Fatalf("2:55 is %q, want 20170529", v)
			}
			edited = append(append(append([]byte{}, orig[:pos]...), testIIMDataset(2, 55, "2017-05-29")...), orig[pos+5+n:]...)
			break
		}
		pos += 5 + n
	}
	if edited == nil {
		t.Fatalf("%s: no 2:55 dataset", file)
	}
	want, _ := readIIM(orig, nil)
	got, warns := readIIM(edited, nil)
	if want == nil || got == nil || got.Date != want.Date || got.Date.String() != "2017-05-29T17:19:21-04:00" {
		t.Fatalf("date %v, want %v as read from the untouched block", got, want)
	}
	if got.Creators[0] != "Carl Seibert (IIM)" {
		t.Errorf("creators %q", got.Creators)
	}
	found := false
	for _, w := range warns {
		found = found || strings.Contains(w.Message, `found "2017-05-29"; read as 20170529`)
	}
	if !found {
		t.Errorf("warnings %v, want one about the separators", warns)
	}
}

// TestXMPCaseVariantCorpus: exiftool's DNG.dng writes dc:Creator with a
// capital C. XMP names are case-sensitive, but exiftool 12.57 reads it as
// XMP-dc:Creator "unknown" (INDEX.tsv); captag reads it too, with a
// warning. Before issue 13 the XMP store had no creator.
func TestXMPCaseVariantCorpus(t *testing.T) {
	const file = "exiftool/DNG.dng"
	im := readBytes(t, file, corpusFile(t, file))
	if im.XMP == nil || strings.Join(im.XMP.Creators, "|") != "unknown" {
		t.Fatalf("XMP store %+v, want dc:Creator read as the creator \"unknown\"", im.XMP)
	}
	found := false
	for _, w := range im.Warnings {
		found = found || w.Store == StoreXMP && strings.Contains(w.Message, "found dc:Creator; read as dc:creator")
	}
	if !found {
		t.Errorf("warnings %v, want one naming dc:Creator", im.Warnings)
	}
}

// TestXMPNonStandardHeaderCorpus: a real JPEG's XMP APP1 header rewritten
// from "http://ns.adobe.com/xap/1.0/\0" to the non-standard
// "XMP\0://ns.adobe.com/xap/1.0/\0" (same length; no corpus file has this
// variant). exiftool reads it with the warning "Non-standard header for
// APP1 XMP segment"; captag reads the same store as from the untouched
// file, with a warning. Before issue 13 the packet was ignored.
func TestXMPNonStandardHeaderCorpus(t *testing.T) {
	const file = "bep-imagemeta/metadata_demo_iim_and_xmp_only.jpg"
	orig := corpusFile(t, file)
	i := bytes.Index(orig, []byte(sigXMP))
	if i < 4 || orig[i-4] != 0xFF || orig[i-3] != markerAPP1 {
		t.Fatalf("%s: no XMP APP1 segment", file)
	}
	edited := append([]byte(nil), orig...)
	copy(edited[i:], "XMP\x00")
	want := readBytes(t, file, orig)
	got := readBytes(t, "edited.jpg", edited)
	if want.XMP == nil || got.XMP == nil || !reflect.DeepEqual(got.XMP, want.XMP) {
		t.Fatalf("XMP store %+v, want %+v as from the untouched file", got.XMP, want.XMP)
	}
	found := false
	for _, w := range got.Warnings {
		found = found || w.Store == StoreXMP && strings.Contains(w.Message, `found "XMP\x00://ns.adobe.com/xap/1.0/\x00"; read as XMP`)
	}
	if !found {
		t.Errorf("warnings %v, want one naming the non-standard header", got.Warnings)
	}
	if _, err := exec.LookPath("exiftool"); err != nil {
		t.Log("exiftool not on PATH: its reading of the edited file is not checked")
		return
	}
	tmp := filepath.Join(t.TempDir(), "edited.jpg")
	if err := os.WriteFile(tmp, edited, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("exiftool", "-a", "-s3", "-XMP-dc:Creator", "-Warning", tmp).Output()
	if err != nil {
		t.Fatalf("exiftool: %v", err)
	}
	if s := string(out); !strings.Contains(s, got.XMP.Creators[0]) || !strings.Contains(s, "Non-standard header for APP1 XMP segment") {
		t.Errorf("exiftool reads %q, want creator %q and its non-standard header warning", s, got.XMP.Creators[0])
	}
}
