package desk_test

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"runtime/metrics"
	"runtime/pprof"
	"strings"
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
	cpuOut       = flag.String("cpu.out", "", "TestCPUProfile: the CPU profile to write")
	cpuRounds    = flag.Int("cpu.rounds", 1, "TestCPUProfile: how many times to check the folder")
	cpuTune      = flag.Bool("cpu.tune", true, "TestCPUProfile: tune the soft memory limit (desk.TuneMemoryLimit) as captag check does")
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
	peak := newPeakSampler("load")
	var once [2]sync.Once
	ctx := context.Background()
	job, err := desk.Open(ctx, desk.Options{Roots: []string{*heapImages}, Captions: desk.CaptionSource{Path: *heapCaptions}, Tune: desk.TuneMemoryLimit,
		Progress: func(p desk.Progress) {
			switch p.Phase {
			case desk.PhaseMatch:
				once[0].Do(func() { peak.pause(); write("match.pprof"); peak.phase(string(p.Phase)) })
			case desk.PhaseCheck:
				once[1].Do(func() { peak.pause(); write("check.pprof"); peak.phase(string(p.Phase)) })
			default:
				peak.phase(string(p.Phase))
			}
		}})
	if err != nil {
		t.Fatal(err)
	}
	rep, err := job.Check(ctx, desk.CheckOptions{})
	if err != nil {
		t.Fatal(err)
	}
	peak.phase("report")
	enc := json.NewEncoder(io.Discard)
	for i := range rep.Len() {
		if err := enc.Encode(rep.Result(i)); err != nil {
			t.Fatal(err)
		}
	}
	peak.stop()
	write("end.pprof")
	t.Logf("%d results; per phase, the most heap objects (live or not yet collected) and live after a collection:%s", rep.Len(), peak)
}

// liveHeap is the heap live at the last collection.
func liveHeap() uint64 {
	s := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	metrics.Read(s)
	return s[0].Value.Uint64()
}

// peakSampler polls the bytes of heap objects (live or not yet collected)
// and the heap live at the last collection every millisecond, and keeps
// the largest of each per phase of the job.
type peakSampler struct {
	mu     sync.Mutex
	cur    string
	order  []string
	most   map[string][2]uint64
	paused bool
	done   chan struct{}
	wg     sync.WaitGroup
}

func newPeakSampler(first string) *peakSampler {
	p := &peakSampler{cur: first, order: []string{first}, most: map[string][2]uint64{}, done: make(chan struct{})}
	p.wg.Add(1)
	go func() {
		defer p.wg.Done()
		s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}, {Name: "/gc/heap/live:bytes"}}
		for {
			metrics.Read(s)
			p.mu.Lock()
			if !p.paused {
				m := p.most[p.cur]
				p.most[p.cur] = [2]uint64{max(m[0], s[0].Value.Uint64()), max(m[1], s[1].Value.Uint64())}
			}
			p.mu.Unlock()
			select {
			case <-p.done:
				return
			case <-time.After(time.Millisecond):
			}
		}
	}()
	return p
}

// pause stops the sampling until the next phase (while a profile is
// written: its collection is not the job's).
func (p *peakSampler) pause() {
	p.mu.Lock()
	p.paused = true
	p.mu.Unlock()
}

func (p *peakSampler) phase(name string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.paused = false
	if name != p.cur {
		p.cur = name
		p.order = append(p.order, name)
	}
}

func (p *peakSampler) stop() {
	close(p.done)
	p.wg.Wait()
}

func (p *peakSampler) String() string {
	var b strings.Builder
	for _, ph := range p.order {
		fmt.Fprintf(&b, " %s %.1f/%.1f MB;", ph, float64(p.most[ph][0])/1e6, float64(p.most[ph][1])/1e6)
	}
	return b.String()
}
