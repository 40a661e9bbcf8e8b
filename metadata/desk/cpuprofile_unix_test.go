//go:build unix

package desk_test

import (
	"context"
	"encoding/json"
	"io"
	"os"
	"runtime"
	"runtime/pprof"
	"syscall"
	"testing"
	"time"

	"github.com/captag/captag/metadata/desk"
)

// TestCPUProfile runs the same whole check as TestHeapProfile, without
// its heap sampling, under a CPU profile, so that the CPU of each function
// per picture can be compared between folders of two sizes. It logs the
// CPU time (user + system) per result and the collections; -cpu.rounds
// checks the folder that many times in turn (a small folder's profile
// then has enough samples). It is skipped unless -heap.images and
// -cpu.out are given:
//
//	go test ./metadata/desk -run TestCPUProfile -heap.images DIR -heap.captions FILE -cpu.out FILE [-cpu.rounds N]
func TestCPUProfile(t *testing.T) {
	if *heapImages == "" || *cpuOut == "" {
		t.Skip("no -heap.images or -cpu.out")
	}
	f, err := os.Create(*cpuOut)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var before, after syscall.Rusage
	var gcBefore, gcAfter runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&gcBefore)
	syscall.Getrusage(syscall.RUSAGE_SELF, &before)
	if err := pprof.StartCPUProfile(f); err != nil {
		t.Fatal(err)
	}
	n := 0
	for range max(*cpuRounds, 1) {
		n += checkToNowhere(t)
	}
	pprof.StopCPUProfile()
	syscall.Getrusage(syscall.RUSAGE_SELF, &after)
	runtime.ReadMemStats(&gcAfter)
	cpu := time.Duration(after.Utime.Nano() + after.Stime.Nano() - before.Utime.Nano() - before.Stime.Nano())
	t.Logf("%d results: %v CPU, %.1f µs a result; %d collections, %.1f ms paused", n, cpu, float64(cpu.Microseconds())/float64(max(n, 1)),
		gcAfter.NumGC-gcBefore.NumGC, float64(gcAfter.PauseTotalNs-gcBefore.PauseTotalNs)/1e6)
}

// checkToNowhere checks -heap.images against -heap.captions as captag
// check does (the soft memory limit tuned, the results encoded as JSON to
// nowhere) and returns the number of results.
func checkToNowhere(t *testing.T) int {
	ctx := context.Background()
	tune := desk.TuneMemoryLimit
	if !*cpuTune {
		tune = nil
	}
	job, err := desk.Open(ctx, desk.Options{Roots: []string{*heapImages}, Captions: desk.CaptionSource{Path: *heapCaptions}, Tune: tune})
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
	return rep.Len()
}
