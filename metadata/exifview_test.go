package metadata

import (
	"encoding/binary"
	"os"
	"path/filepath"
	"testing"
)

// checkGoexifView fails when the guard's view of a payload is sure of
// goexif's reading and goexif reads otherwise (or fails).
func checkGoexifView(t *testing.T, label string, p []byte) (sure bool) {
	t.Helper()
	extra, problems, err := guardEXIF(p)
	if err != nil || len(problems) > 0 || !extra.view.sure() {
		return false
	}
	want, err := goexifValues(p, extra)
	if err != nil {
		t.Fatalf("%s: the view is sure, but goexif fails: %v", label, err)
	}
	if got := extra.viewValues(); got != want {
		t.Fatalf("%s: view %+v, goexif %+v", label, got, want)
	}
	return true
}

// TestGoexifViewCorpus checks the view against goexif on the test payloads
// and on the EXIF of every corpus JPEG (when the corpus is there).
func TestGoexifViewCorpus(t *testing.T) {
	le, be := binary.LittleEndian, binary.BigEndian
	payloads := map[string][]byte{
		"test EXIF":   testEXIF,
		"wire JPEG":   walkJPEG(testSource(wireJPEG())).exif,
		"two parts":   buildTIFF(be, []tEnt{asciiEnt(tagCopyright, "P\x00E"), asciiEnt(tagArtist, "A; B")}, []tEnt{asciiEnt(tagDateTimeOriginal, "2016:12:19 14:05:00")}, 0),
		"exif wins":   buildTIFF(le, []tEnt{asciiEnt(tagDateTimeOriginal, "2001:01:01 00:00:00"), asciiEnt(tagArtist, "A")}, []tEnt{asciiEnt(tagDateTimeOriginal, "2016:12:19 14:05:00"), asciiEnt(tagArtist, "B")}, 0),
		"not ASCII":   buildTIFF(le, []tEnt{asciiEnt(tagArtist, "A")}, []tEnt{{tag: tagArtist, typ: 7, count: 2, val: []byte("B\x00")}}, 0),
		"IFD0 date":   buildTIFF(le, []tEnt{asciiEnt(tagDateTimeOriginal, "2016:12:19 14:05:00"), asciiEnt(tagSubSecTimeOriginal, "25")}, nil, 0),
		"zero count":  buildTIFF(le, []tEnt{asciiEnt(tagArtist, "A"), {tag: 0x0132, typ: 2, count: 0}}, nil, 0),
		"SLONG exif":  buildTIFF(le, []tEnt{asciiEnt(tagArtist, "A"), {tag: tagExifIFD, typ: 9, count: 1, val: testU32(le, 8)}}, nil, 0),
		"looped IFDs": loopedIFD(le),
	}
	sure := 0
	for name, p := range payloads {
		if checkGoexifView(t, name, p) {
			sure++
		}
	}
	t.Logf("%d of %d test payloads read through the view", sure, len(payloads))
	dir := requireCorpus(t)
	n, sure := 0, 0
	filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil || len(b) > 8<<20 || Sniff(b) != "jpeg" {
			return nil
		}
		if m := walkJPEG(testSource(b)); m.exif != nil {
			n++
			if checkGoexifView(t, path, m.exif) {
				sure++
			}
		}
		return nil
	})
	t.Logf("%d of %d corpus EXIF payloads read through the view", sure, n)
}

// FuzzGoexifView checks on any payload that a view sure of goexif's
// reading gives goexif's values.
func FuzzGoexifView(f *testing.F) {
	f.Add(testEXIF)
	f.Add(walkJPEG(testSource(wireJPEG())).exif)
	f.Add(buildTIFF(binary.BigEndian, []tEnt{asciiEnt(tagCopyright, "P\x00E"), {tag: tagGPSIFD, typ: 4, count: 1, val: testU32(binary.BigEndian, 8)}}, []tEnt{{tag: tagInteropIFD, typ: 3, count: 1, val: []byte{0, 8, 0, 0}}}, 0))
	for _, b := range corpusSeeds(f, jpegSeedFiles...) {
		if m := walkJPEG(testSource(b)); m.exif != nil {
			f.Add(append([]byte(nil), m.exif...))
		}
	}
	f.Fuzz(func(t *testing.T, p []byte) {
		checkGoexifView(t, "fuzz input", p)
	})
}
