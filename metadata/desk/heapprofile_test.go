package desk_test

import (
	"context"
	"encoding/json"
	"flag"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"runtime/metrics"
	"runtime/pprof"
	"sync"
	"testing"
	"time"

	"github.com/captag/captag/metadata/desk"
)

// The heap harness runs a whole check (as captag check does: the soft
// memory limit tuned, the results written as JSON to nowhere) on a folder
// and caption file given by flags, and writes heap profiles of what is
// live as the match starts, as the comparison starts and at the end, so
// that the memory a job holds per picture, the match's own and what the
// comparison allocates can be read with go tool pprof. It is skipped unless -heap.images is given:
//
//	go test ./metadata/desk -run TestHeapProfile -heap.images DIR -heap.captions FILE -heap.out OUTDIR
var (
	heapImages   = flag.String("heap.images", "", "TestHeapProfile: the folder of images to check")
	heapCaptions = flag.String("heap.captions", "", "TestHeapProfile: the caption file")
	heapOut      = flag.String("heap.out", "", "TestHeapProfile: the folder for the profiles (default the test's temporary folder)")
)

func TestHeapProfile(t *testing.T) {
	if *heapImages == "" {
		t.Skip("no -heap.images")
	}
	out := *heapOut
	if out == "" {
		out = t.TempDir()
	}
	runtime.MemProfileRate = 4096
	write := func(name string) {
		runtime.GC()
		f, err := os.Create(filepath.Join(out, name))
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		if err := pprof.Lookup("heap").WriteTo(f, 0); err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: %.1f MB live", name, float64(liveHeap())/1e6)
	}
	peak := peakSampler{}
	var once [2]sync.Once
	ctx := context.Background()
	job, err := desk.Open(ctx, desk.Options{Roots: []string{*heapImages}, Captions: desk.CaptionSource{Path: *heapCaptions}, Tune: desk.TuneMemoryLimit,
		Progress: func(p desk.Progress) {
			switch p.Phase {
			case desk.PhaseMatch:
				once[0].Do(func() { write("match.pprof"); peak.start() })
			case desk.PhaseCheck:
				once[1].Do(func() { peak.stop(); write("check.pprof") })
			}
		}})
	if err != nil {
		t.Fatal(err)
	}
	rep, err := job.Check(ctx, desk.CheckOptions{})
	if err != nil {
		t.Fatal(err)
	}
	enc := json.NewEncoder(io.Discard)
	for i := range rep.Len() {
		if err := enc.Encode(rep.Result(i)); err != nil {
			t.Fatal(err)
		}
	}
	write("end.pprof")
	t.Logf("%d results; heap objects during the match peaked at %.1f MB", rep.Len(), float64(peak.max)/1e6)
}

// liveHeap is the heap live at the last collection.
func liveHeap() uint64 {
	s := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	metrics.Read(s)
	return s[0].Value.Uint64()
}

// peakSampler polls the bytes of heap objects (live or not yet collected)
// every millisecond between start and stop, and keeps the largest.
type peakSampler struct {
	max  uint64
	done chan struct{}
	wg   sync.WaitGroup
}

func (p *peakSampler) start() {
	p.done = make(chan struct{})
	p.wg.Add(1)
	go func() {
		defer p.wg.Done()
		s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
		for {
			metrics.Read(s)
			p.max = max(p.max, s[0].Value.Uint64())
			select {
			case <-p.done:
				return
			case <-time.After(time.Millisecond):
			}
		}
	}()
}

func (p *peakSampler) stop() {
	close(p.done)
	p.wg.Wait()
}
