package metadata

import (
	"bytes"
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// TestCorpusPoCAllocation reads every file of the corpus's exiv2 folder
// (about 180 of them are security PoCs, fuzz and crash inputs) and the
// metadata-extractor fuzzing crashes, and checks that none makes captag
// allocate more than 64 MiB. (TestCorpus checks for panics and hangs.)
func TestCorpusPoCAllocation(t *testing.T) {
	dir := requireCorpus(t)
	var files []string
	for _, sub := range []string{"exiv2", "metadata-extractor-images/fuzzing"} {
		ents, err := os.ReadDir(filepath.Join(dir, filepath.FromSlash(sub)))
		if err != nil {
			t.Fatalf("outside corpus folder %s: %v", sub, err)
		}
		for _, e := range ents {
			if e.Type().IsRegular() {
				files = append(files, filepath.Join(dir, filepath.FromSlash(sub), e.Name()))
			}
		}
	}
	rd := NewReader()
	var worst uint64
	var worstFile string
	for _, p := range files {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		_, _ = rd.Read(bytes.NewReader(b), int64(len(b)), p)
		runtime.ReadMemStats(&after)
		if d := after.TotalAlloc - before.TotalAlloc; d > worst {
			worst, worstFile = d, p
		}
	}
	t.Logf("%d files; the most allocated by one Read: %d bytes (%s)", len(files), worst, worstFile)
	if worst > 64<<20 {
		t.Errorf("%s: one Read allocated %d bytes, want at most 64 MiB", worstFile, worst)
	}
}
