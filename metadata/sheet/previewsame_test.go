package sheet

import (
	"bytes"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// TestScanSameAsOld compares the header scan before tiffifd
// (previewold_test.go) with scan on every file of the outside corpus and
// on seeded random mutations of its JPEGs and TIFFs.
func TestScanSameAsOld(t *testing.T) {
	dir := filepath.Join("..", "..", "..", "shared", "corpora")
	if _, err := os.Stat(filepath.Join(dir, "INDEX.tsv")); err != nil {
		t.Skipf("corpus not found at %s: skipping", dir)
	}
	var files, found int
	var seeds [][]byte
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		files++
		a, n := oldScan(bytes.NewReader(b), int64(len(b))), scan(bytes.NewReader(b), int64(len(b)))
		if !reflect.DeepEqual(a, n) {
			t.Errorf("%s: old %+v; new %+v", path, a, n)
		}
		if a.ifd1.n > 0 || a.mpf != nil || a.orientation != 0 {
			found++
		}
		if a.format == "jpeg" || a.format == "tiff" {
			seeds = append(seeds, b[:min(len(b), 64<<10)])
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d files scanned alike, %d with an orientation, IFD1 thumbnail or MPF images", files, found)
	rng := rand.New(rand.NewPCG(21, 21))
	mutated := 0
	for _, s := range seeds {
		for range 20 {
			b := bytes.Clone(s)
			for range 1 + rng.IntN(6) {
				b[rng.IntN(min(len(b), 2048))] = byte(rng.IntN(256))
			}
			if rng.IntN(4) == 0 {
				b = b[:rng.IntN(len(b))]
			}
			mutated++
			a, n := oldScan(bytes.NewReader(b), int64(len(b))), scan(bytes.NewReader(b), int64(len(b)))
			if !reflect.DeepEqual(a, n) {
				t.Fatalf("mutation %d: old %+v; new %+v", mutated, a, n)
			}
		}
	}
	t.Logf("%d mutated JPEG and TIFF heads scanned alike", mutated)
}
