package metadata

import (
	"bytes"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/captag/captag/metadata/tiffifd"
)

// sameTIFFReading compares the old IFD reader (tiffold_test.go) with
// tiffifd on the file b: scanTIFF, then readIFD, value and pointer at the
// first maxOff offsets (values up to limit bytes). It returns how many IFDs both read and a
// difference, "" when none.
func sameTIFFReading(b []byte, maxOff, limit int64) (ifds int, diff string) {
	src := func() *source {
		head := b[:min(len(b), headSize)]
		return &source{r: bytes.NewReader(b), size: int64(len(b)), head: head}
	}
	if f := Sniff(b); f == "tiff" || f == "bigtiff" {
		o, oerr := oldScanTIFF(src())
		n, nerr := scanTIFF(src())
		if fmt.Sprint(oerr) != fmt.Sprint(nerr) || !reflect.DeepEqual(o, n) {
			return 0, fmt.Sprintf("scanTIFF: old %+v, %v; new %+v, %v", o, oerr, n, nerr)
		}
	}
	order, ok := tiffifd.Order(b)
	if !ok {
		return 0, ""
	}
	for _, big := range []bool{false, true} {
		s1, s2 := src(), src()
		ot := &oldTIFFFile{s: s1, order: order, big: big}
		nt := newTIFFFile(s2, order, big)
		for off := int64(0); off < min(maxOff, int64(len(b))); off++ {
			oe, onext, oerr := ot.readIFD(off)
			ne, nnext, nerr := nt.readIFD(off)
			if fmt.Sprint(oerr) != fmt.Sprint(nerr) || onext != nnext || len(oe) != len(ne) {
				return ifds, fmt.Sprintf("readIFD(%d) big=%v: old %d entries next %d %v; new %d next %d %v", off, big, len(oe), onext, oerr, len(ne), nnext, nerr)
			}
			if oerr == nil {
				ifds++
			}
			for i := range oe {
				o, n := oe[i], &ne[i]
				if o.tag != n.Tag || o.typ != n.Type || o.count != n.Count || o.field != n.Field || o.fieldLen != n.FieldLen {
					return ifds, fmt.Sprintf("readIFD(%d) entry %d: old %+v new %+v", off, i, o, *n)
				}
				ov, oerr := ot.value(o, limit)
				nv, nerr := nt.value(n, limit)
				if fmt.Sprint(oerr) != fmt.Sprint(nerr) || !bytes.Equal(ov, nv) {
					return ifds, fmt.Sprintf("value of IFD %d entry %d: old %q %v; new %q %v", off, i, ov, oerr, nv, nerr)
				}
				op, ook := ot.pointer(o)
				np, nok := nt.pointer(n)
				if op != np || ook != nok {
					return ifds, fmt.Sprintf("pointer of IFD %d entry %d: old %d %v; new %d %v", off, i, op, ook, np, nok)
				}
			}
		}
	}
	return ifds, ""
}

// TestTIFFIFDSameAsOld reads every file of the outside corpus with the old
// IFD reader and with tiffifd and compares.
func TestTIFFIFDSameAsOld(t *testing.T) {
	dir := requireCorpus(t)
	var files, tiffs, ifds int
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		files++
		if f := Sniff(b); f == "tiff" || f == "bigtiff" {
			tiffs++
		}
		n, diff := sameTIFFReading(b, 4096, 1<<20)
		ifds += n
		if diff != "" {
			t.Errorf("%s: %s", path, diff)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d files (%d TIFF-family), %d IFDs read alike at the first 4096 offsets of each, both byte orders, classic and BigTIFF", files, tiffs, ifds)
}

func FuzzTIFFIFDSameAsOld(f *testing.F) {
	for _, s := range corpusSeeds(f, tiffSeedFiles...) {
		f.Add(s)
	}
	f.Add([]byte("II*\x00\x08\x00\x00\x00\x01\x00\x3b\x01\x02\x00\x05\x00\x00\x00abcd\x00\x00\x00\x00\x00"))
	f.Fuzz(func(t *testing.T, b []byte) {
		if _, diff := sameTIFFReading(b, 64, 4096); diff != "" {
			t.Fatal(diff)
		}
	})
}

// TestTIFFIFDSameAsOldMutated compares the two readers on seeded random
// mutations of the TIFF seed files: bytes of the header and of the first
// IFDs overwritten, the file cut short.
func TestTIFFIFDSameAsOldMutated(t *testing.T) {
	seeds := corpusSeeds(t, tiffSeedFiles...)
	if len(seeds) == 0 {
		t.Skip("no TIFF seed files (the outside corpus is absent)")
	}
	rng := rand.New(rand.NewPCG(21, 21))
	var inputs, ifds int
	for _, s := range seeds {
		for range 300 {
			b := bytes.Clone(s)
			for range 1 + rng.IntN(8) {
				b[rng.IntN(min(len(b), 1024))] = byte(rng.IntN(256))
			}
			if rng.IntN(4) == 0 {
				b = b[:rng.IntN(len(b))]
			}
			inputs++
			n, diff := sameTIFFReading(b, 64, 4096)
			ifds += n
			if diff != "" {
				t.Fatalf("mutation %d: %s", inputs, diff)
			}
		}
	}
	t.Logf("%d mutated inputs, %d IFDs read alike", inputs, ifds)
}
