package main

import (
	"context"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/captag/captag/metadata"
)

// TestForEachOrderedKeepsOrder: whatever order the workers finish in,
// results are handed on in index order, each exactly once, and never more
// than reorderWindow of them are alive (started and not yet handed on),
// so memory does not grow with the number of files.
func TestForEachOrderedKeepsOrder(t *testing.T) {
	for _, tc := range []struct{ n, workers int }{{0, 2}, {1, 1}, {7, 3}, {500, 1}, {500, 2}, {2000, 8}} {
		rng := rand.New(rand.NewPCG(uint64(tc.n), uint64(tc.workers)))
		delays := make([]time.Duration, tc.n)
		for i := range delays {
			delays[i] = time.Duration(rng.IntN(200)) * time.Microsecond
		}
		var started, emitted, maxAlive atomic.Int64
		var order []int
		got := forEachOrdered(context.Background(), tc.n, tc.workers, func(_ *metadata.Reader, i int) int {
			alive := started.Add(1) - emitted.Load()
			for {
				m := maxAlive.Load()
				if alive <= m || maxAlive.CompareAndSwap(m, alive) {
					break
				}
			}
			time.Sleep(delays[i]) // finish in a random order
			return i * 10
		}, func(i int, r int) {
			if r != i*10 {
				t.Errorf("n=%d: emit(%d) got the result of %d", tc.n, i, r/10)
			}
			order = append(order, i)
			emitted.Add(1)
		})
		if got != tc.n || len(order) != tc.n {
			t.Fatalf("n=%d workers=%d: %d emitted (returned %d), want all", tc.n, tc.workers, len(order), got)
		}
		for i, v := range order {
			if v != i {
				t.Fatalf("n=%d workers=%d: emitted %d in place %d", tc.n, tc.workers, v, i)
			}
		}
		if w := int64(reorderWindow(tc.workers)); maxAlive.Load() > w {
			t.Errorf("n=%d workers=%d: %d results alive at once, want at most the window of %d", tc.n, tc.workers, maxAlive.Load(), w)
		}
	}
}

// TestForEachOrderedHeldBySlowFile: one slow file holds back the hand-on
// of the later ones, but the workers run at most a window ahead of it.
func TestForEachOrderedHeldBySlowFile(t *testing.T) {
	const workers = 2
	release := make(chan struct{})
	var started atomic.Int64
	done := make(chan int)
	go func() {
		done <- forEachOrdered(context.Background(), 1000, workers, func(_ *metadata.Reader, i int) int {
			started.Add(1)
			if i == 0 {
				<-release
			}
			return i
		}, func(int, int) {})
	}()
	// Wait until the pool is stuck behind file 0.
	deadline := time.Now().Add(5 * time.Second)
	for started.Load() < int64(reorderWindow(workers)) && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
	}
	time.Sleep(20 * time.Millisecond) // give it the chance to overrun
	if s := started.Load(); s > int64(reorderWindow(workers)) {
		t.Errorf("%d files started while the first was still being read, want at most the window of %d", s, reorderWindow(workers))
	}
	close(release)
	if n := <-done; n != 1000 {
		t.Errorf("emitted %d, want 1000", n)
	}
}

// TestForEachOrderedCancelled: after a cancel no new file is started and
// what was handed on is a prefix of the order.
func TestForEachOrderedCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var started atomic.Int64
	last := -1
	n := forEachOrdered(ctx, 10000, 2, func(_ *metadata.Reader, i int) int {
		started.Add(1)
		return i
	}, func(i int, _ int) {
		if i != last+1 {
			t.Errorf("emitted %d after %d", i, last)
		}
		last = i
		if i == 50 {
			cancel()
		}
	})
	if n != last+1 || n < 51 {
		t.Errorf("returned %d, last emitted %d", n, last)
	}
	if s := started.Load(); s > 51+int64(reorderWindow(2)) {
		t.Errorf("%d files started, want the cancel to stop them within a window of file 50", s)
	}
}

// BenchmarkCheckPipeline runs captag check (JSON report) on the sample
// folder copied 25 times: the walk, the key pass, the match, the compare
// pass that reads each image again, and the report.
func BenchmarkCheckPipeline(b *testing.B) {
	src := filepath.Join("..", "..", "testdata", "aleppo")
	ents, err := os.ReadDir(src)
	if err != nil {
		b.Skipf("sample folder not available: %v", err)
	}
	dir := b.TempDir()
	capFile := filepath.Join(dir, "captions.txt")
	caps, err := os.ReadFile(sampleCaptions)
	if err != nil {
		b.Skipf("sample captions not available: %v", err)
	}
	var all []byte
	for k := range 25 {
		sub := filepath.Join(dir, "img", string(rune('a'+k%26))+string(rune('a'+k/26)))
		if err := os.MkdirAll(sub, 0o755); err != nil {
			b.Fatal(err)
		}
		for _, e := range ents {
			data, err := os.ReadFile(filepath.Join(src, e.Name()))
			if err != nil {
				b.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(sub, e.Name()), data, 0o644); err != nil {
				b.Fatal(err)
			}
		}
		all = append(append(all, caps...), "\n\n"...)
	}
	if err := os.WriteFile(capFile, all, 0o644); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		e, _, errb := testEnv(false, false, nil)
		e.stdout = io.Discard
		if code := runEnv(context.Background(), e, []string{"check", "-c", capFile, "--format", "json", "-r", filepath.Join(dir, "img")}); code > exitProblems {
			b.Fatalf("exit %d: %s", code, errb)
		}
	}
}

// TestRereadSameReport: with no room to keep images from the first pass,
// check and write read every matched image again; their reports are
// byte for byte those of a run that kept every image.
func TestRereadSameReport(t *testing.T) {
	for _, args := range [][]string{
		{"check", "-c", sampleCaptions, "--format", "json"},
		{"check", "-c", sampleCaptions, "--format", "junit"},
		{"check", "-c", sampleCaptions},
		{"write", "-c", sampleCaptions, "--dry-run"},
	} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			dir := copySample(t)
			runOnce := func(envelope int) (string, int) {
				defer func(old int) { imageCacheEnvelope = old }(imageCacheEnvelope)
				imageCacheEnvelope = envelope
				e, out, _ := testEnv(false, false, nil)
				code := runEnv(context.Background(), e, append(args, dir))
				return out.String(), code
			}
			kept, keptCode := runOnce(imageCacheEnvelope)
			reread, rereadCode := runOnce(0)
			if kept != reread || keptCode != rereadCode {
				t.Errorf("reading the images again changed the report (exit %d, want %d):\n%s\nwant:\n%s", rereadCode, keptCode, reread, kept)
			}
			if !strings.Contains(kept, "aleppo-01.") {
				t.Errorf("the report does not list the sample images:\n%s", kept)
			}
		})
	}
}
