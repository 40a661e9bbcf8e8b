package metadata

import (
	"bytes"
	"fmt"
	"reflect"
	"testing"
)

// TestReadHeadGrowsOnDemand: the first ReadAt of a file is headSize bytes;
// a JPEG whose segments run past it is read with the head grown by
// doubling (a few more ReadAts, never past headMax for what lies inside
// it), and the image read is the same whatever the padding before the
// EXIF segment.
func TestReadHeadGrowsOnDemand(t *testing.T) {
	pad := func(n int) []byte { // APP2 filler, in segments of at most 32 KiB
		var b []byte
		for ; n > 0; n -= 32 << 10 {
			b = append(b, testSeg(0xE2, bytes.Repeat([]byte{'p'}, min(n, 32<<10)))...)
		}
		return b
	}
	for _, tc := range []struct {
		name     string
		padding  int // bytes of an APP2 segment before the EXIF one
		maxCalls int
		maxBytes int
	}{
		{"inside the first read", 1 << 10, 1, headSize},
		{"past the first read", 20 << 10, 3, headMax},
		{"past the grown head", 70 << 10, 10, headMax + 1<<10}, // past headMax the walker reads segment headers and values itself, as before
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := jpegOf(pad(tc.padding), exifSeg(testEXIF))
			// Scan data after the segments, never to be read.
			f = append(f, bytes.Repeat([]byte{0}, 1<<20)...)
			c := &countingReaderAt{r: bytes.NewReader(f)}
			im, err := NewReader().Read(c, int64(len(f)), "pad.jpg")
			if err != nil {
				t.Fatal(err)
			}
			if im.EXIF == nil || len(im.EXIF.Creators) != 1 || im.EXIF.Creators[0] != "Rania Matar" {
				t.Fatalf("expected the EXIF creator Rania Matar, found %+v", im.EXIF)
			}
			if c.calls > tc.maxCalls || c.bytes > tc.maxBytes {
				t.Errorf("expected at most %d ReadAts of %d bytes in all, found %d of %d", tc.maxCalls, tc.maxBytes, c.calls, c.bytes)
			}
		})
	}
}

// TestReaderReuseAfterGrowth: a Reader whose head grew for one file reads
// the next, smaller one with a first read of headSize again.
func TestReaderReuseAfterGrowth(t *testing.T) {
	big := jpegOf(testSeg(0xE2, bytes.Repeat([]byte{'p'}, 40<<10)), exifSeg(testEXIF))
	small := jpegOf(exifSeg(testEXIF))
	small = append(small, bytes.Repeat([]byte{0}, 1<<20)...)
	rd := NewReader()
	if _, err := rd.Read(bytes.NewReader(big), int64(len(big)), "big.jpg"); err != nil {
		t.Fatal(err)
	}
	c := &countingReaderAt{r: bytes.NewReader(small)}
	im, err := rd.Read(c, int64(len(small)), "small.jpg")
	if err != nil {
		t.Fatal(err)
	}
	if im.EXIF == nil || im.EXIF.Creators[0] != "Rania Matar" {
		t.Fatalf("expected the EXIF creator Rania Matar, found %+v", im.EXIF)
	}
	if c.calls != 1 || c.bytes != headSize {
		t.Errorf("expected one ReadAt of %d bytes, found %d of %d", headSize, c.calls, c.bytes)
	}
}

// FuzzReadHeadGrowth: whatever the bytes, a Reader whose head grew for an
// earlier file (its buffer holding that file's bytes past headSize) reads
// a file exactly as a fresh Reader does: the head's growth never shows
// another file's bytes, nor reads differently from the first read.
func FuzzReadHeadGrowth(f *testing.F) {
	f.Add(jpegOf(testSeg(0xE2, bytes.Repeat([]byte{'p'}, 20<<10)), exifSeg(testEXIF), xmpSeg(`<x:xmpmeta/>`)))
	f.Add(jpegOf(exifSeg(testEXIF)))
	for _, b := range corpusSeeds(f, jpegSeedFiles...) {
		f.Add(b)
	}
	// An earlier file whose segments fill the whole head with 'q'.
	var filler []byte
	for range 3 {
		filler = append(filler, testSeg(0xE2, bytes.Repeat([]byte{'q'}, 30<<10))...)
	}
	earlier := jpegOf(filler)
	f.Fuzz(func(t *testing.T, b []byte) {
		fresh, ferr := NewReader().Read(bytes.NewReader(b), int64(len(b)), "f")
		rd := NewReader()
		if _, err := rd.Read(bytes.NewReader(earlier), int64(len(earlier)), "earlier"); err != nil {
			t.Fatal(err)
		}
		reused, rerr := rd.Read(bytes.NewReader(b), int64(len(b)), "f")
		if fmt.Sprint(ferr) != fmt.Sprint(rerr) || !reflect.DeepEqual(fresh, reused) {
			t.Fatalf("a reused Reader read differently: %v / %v against %v / %v", reused, rerr, fresh, ferr)
		}
	})
}
