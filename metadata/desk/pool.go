package desk

import (
	"context"
	"sync"

	"github.com/captag/captag/metadata"
)

// reorderPerWorker is how many results per worker may be in flight (being
// worked on, or done and waiting for an earlier one) in forEachOrdered: a
// slow file holds back the hand-on of later ones, and a few per worker keep
// the other workers busy meanwhile.
const reorderPerWorker = 4

// reorderWindow is the most results forEachOrdered keeps at once.
func reorderWindow(workers int) int {
	return reorderPerWorker * clampWorkers(workers)
}

func clampWorkers(workers int) int { return min(max(workers, 1), maxJobs) }

// forEachOrdered runs work(rd, i) for i = 0…n-1 on a bounded pool of
// workers, each with its own metadata.Reader (buffers reused from file to
// file), and calls emit(i, r) on the calling goroutine in increasing i,
// whatever the order the workers finish in. A result that arrives before
// an earlier one waits in a reorder buffer of reorderWindow(workers)
// slots; an index is handed to a worker only when its slot is free, so
// at most that many results are alive at once, however large n is.
//
// When ctx is cancelled no further index is started; the results finished
// so far are emitted up to the first one missing, and forEachOrdered
// returns how many were emitted (n when it ran to the end).
func forEachOrdered[R any](ctx context.Context, n, workers int, work func(rd *metadata.Reader, i int) R, emit func(i int, r R)) int {
	if n == 0 {
		return 0
	}
	workers = min(clampWorkers(workers), n)
	window := reorderWindow(workers)
	type result struct {
		i int
		r R
	}
	next := make(chan int)
	results := make(chan result, window) // never full: at most window are in flight
	slots := make(chan struct{}, window) // a token per in-flight index

	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rd := metadata.NewReader()
			for i := range next {
				results <- result{i, work(rd, i)}
			}
		}()
	}
	go func() {
		defer close(next)
		for i := range n {
			select {
			case slots <- struct{}{}:
			case <-ctx.Done():
				return
			}
			if ctx.Err() != nil {
				return
			}
			select {
			case next <- i:
			case <-ctx.Done():
				return
			}
		}
	}()
	go func() {
		wg.Wait()
		close(results)
	}()

	pending := make([]R, window)
	ready := make([]bool, window)
	emitted := 0
	var zero R
	for res := range results {
		s := res.i % window
		pending[s], ready[s] = res.r, true
		for ready[emitted%window] {
			s := emitted % window
			r := pending[s]
			pending[s], ready[s] = zero, false
			emit(emitted, r)
			emitted++
			<-slots
		}
	}
	return emitted
}
