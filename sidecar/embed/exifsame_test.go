package embed

import (
	"bytes"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/captag/captag/metadata/jpegseg"
)

// exifPayloads returns the EXIF APP1 payloads ("Exif\0\0" and the TIFF
// data) of the JPEG b, and its MPF APP2 payloads.
func exifPayloads(b []byte) (exif, mpf [][]byte) {
	if len(b) < 2 || b[0] != 0xFF || b[1] != jpegseg.SOI {
		return nil, nil
	}
	w := jpegseg.New(bytes.NewReader(b), int64(len(b)))
	for range 1000 {
		s, err := w.Next()
		if err != nil {
			break
		}
		p := b[s.Payload:s.End]
		switch {
		case s.Marker == jpegseg.APP1 && bytes.HasPrefix(p, []byte(jpegseg.SigExifFull)):
			exif = append(exif, p)
		case s.Marker == jpegseg.APP2 && bytes.HasPrefix(p, []byte(jpegseg.SigMPF)):
			mpf = append(mpf, p)
		}
	}
	return exif, mpf
}

// sameEXIFReading compares the old IFD readers of exif.go
// (exifold_test.go) with the tiffifd-based ones on one EXIF payload:
// tiffOf, readIFD0 and sharedValues, walkTIFF from IFD0 and from the
// first maxOff offsets, ifd0Has for every tag IFD0 holds and two more. It
// returns the IFD walks compared and a difference, "" when none.
func sameEXIFReading(p []byte, maxOff int64) (walks int, diff string) {
	ot, oo, op := oldTIFFOf(p)
	nt, no, np := tiffOf(p)
	if !bytes.Equal(ot, nt) || oo != no || op != np {
		return 0, fmt.Sprintf("tiffOf: old %v %q; new %v %q", oo, op, no, np)
	}
	set := func() map[uint16]string {
		return map[uint16]string{tagImageDescription: "x", tagArtist: "y", tagCopyright: "z"}
	}
	od, ow, oerr := oldReadIFD0(p, 0, set())
	nd, nw, nerr := readIFD0(p, 0, set())
	if fmt.Sprint(oerr) != fmt.Sprint(nerr) || !reflect.DeepEqual(ow, nw) || (od == nil) != (nd == nil) {
		return 0, fmt.Sprintf("readIFD0: old %v %v; new %v %v", ow, oerr, nw, nerr)
	}
	if od != nil {
		o := ifd0{t: od.t, order: od.order, o: od.o, n: od.n, entries: od.entries, all: nd.all, old: od.old, place: od.place, found: od.found, next: od.next}
		if !reflect.DeepEqual(&o, nd) {
			return 0, fmt.Sprintf("readIFD0: old %+v; new %+v", od, nd)
		}
		if a, b := od.oldSharedValues(), nd.sharedValues(); !reflect.DeepEqual(a, b) {
			return 0, fmt.Sprintf("sharedValues: old %v; new %v", a, b)
		}
	}
	if op != "" {
		return 0, ""
	}
	tags := []uint16{0x83BB, 0x02BC}
	if od != nil {
		for _, e := range od.entries {
			tags = append(tags, e.tag)
		}
	}
	for _, tag := range tags {
		if a, b := oldIFD0Has(p, tag), ifd0Has(p, tag); a != b {
			return 0, fmt.Sprintf("ifd0Has(0x%04x): old %v; new %v", tag, a, b)
		}
	}
	offs := []int64{int64(no.Uint32(nt[4:]))}
	for off := int64(0); off < min(maxOff, int64(len(nt))); off++ {
		offs = append(offs, off)
	}
	for _, off := range offs {
		a, b := oldWalkTIFF(ot, oo, off), walkTIFF(nt, no, off)
		if a.broken != b.broken || a.makerNote != b.makerNote || len(a.outside) != len(b.outside) {
			return walks, fmt.Sprintf("walkTIFF(%d): old %+v; new %+v", off, a, b)
		}
		for i := range a.outside {
			if x, y := a.outside[i], b.outside[i]; x.off != y.off || x.n != y.n || x.what != y.what {
				return walks, fmt.Sprintf("walkTIFF(%d) outside %d: old %+v; new %+v", off, i, x, y)
			}
		}
		walks++
	}
	return walks, ""
}

// TestEXIFIFDSameAsOld compares the two on the EXIF of every JPEG of the
// outside corpus, and on seeded random mutations of them.
func TestEXIFIFDSameAsOld(t *testing.T) {
	dir := corpusDir(t)
	var payloads, mpfs [][]byte
	var files int
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if ps, ms := exifPayloads(b); ps != nil || ms != nil {
			files++
			payloads = append(payloads, ps...)
			mpfs = append(mpfs, ms...)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	var walks int
	for i, p := range payloads {
		n, diff := sameEXIFReading(p, 2048)
		walks += n
		if diff != "" {
			t.Errorf("payload %d: %s", i, diff)
		}
	}
	t.Logf("%d JPEGs, %d EXIF payloads, %d IFD walks alike", files, len(payloads), walks)
	rng := rand.New(rand.NewPCG(21, 21))
	var mutated int
	walks = 0
	for _, p := range payloads {
		for range 20 {
			b := bytes.Clone(p)
			for range 1 + rng.IntN(6) {
				b[rng.IntN(min(len(b), 512))] = byte(rng.IntN(256))
			}
			if rng.IntN(4) == 0 {
				b = b[:rng.IntN(len(b))]
			}
			mutated++
			n, diff := sameEXIFReading(b, 16)
			walks += n
			if diff != "" {
				t.Errorf("mutation %d: %s", mutated, diff)
			}
		}
	}
	t.Logf("%d mutated payloads, %d IFD walks alike", mutated, walks)
	mutated = 0
	for _, p := range mpfs {
		for k := range 200 {
			b := bytes.Clone(p)
			if k > 0 {
				for range 1 + rng.IntN(4) {
					b[rng.IntN(min(len(b), 128))] = byte(rng.IntN(256))
				}
			}
			mutated++
			oi, op := oldReadMPF(b)
			ni, np := readMPF(b)
			if oi != ni || op != np {
				t.Errorf("MPF mutation %d: old %+v %q; new %+v %q", mutated, oi, op, ni, np)
			}
		}
	}
	t.Logf("%d MPF payloads and %d mutations of them read alike", len(mpfs), mutated-len(mpfs))
}

func FuzzEXIFIFDSameAsOld(f *testing.F) {
	f.Add([]byte("Exif\x00\x00II*\x00\x08\x00\x00\x00\x01\x00\x3b\x01\x02\x00\x05\x00\x00\x00\x1a\x00\x00\x00\x00\x00\x00\x00abcd\x00"))
	f.Fuzz(func(t *testing.T, p []byte) {
		if _, diff := sameEXIFReading(p, 32); diff != "" {
			t.Fatal(diff)
		}
	})
}
