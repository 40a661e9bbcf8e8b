package desk

import (
	"context"
	"math/rand/v2"
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
