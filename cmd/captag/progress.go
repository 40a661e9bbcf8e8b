package main

import (
	"fmt"
	"io"
	"sync"
	"sync/atomic"
	"time"
)

// progressInterval is how often the progress line is redrawn.
const progressInterval = 100 * time.Millisecond

// progressLine draws one line on stderr — files done / found, rate, ETA — while
// a command reads files. A nil *progressLine does nothing, so callers need not
// check.
type progressLine struct {
	w        io.Writer
	total    atomic.Int64 // files found so far
	done     atomic.Int64
	walkDone atomic.Bool

	verb  string // "read", "checked": set once, as start
	start time.Time

	stop chan struct{}
	wg   sync.WaitGroup
}

// newProgressLine starts drawing the progress line on w (a terminal) every
// progressInterval, saying verb ("read", "checked").
func newProgressLine(w io.Writer, verb string) *progressLine {
	p := &progressLine{w: w, verb: verb, start: time.Now(), stop: make(chan struct{})}
	p.wg.Add(1)
	go func() {
		defer p.wg.Done()
		t := time.NewTicker(progressInterval)
		defer t.Stop()
		for {
			select {
			case <-p.stop:
				return
			case <-t.C:
				p.draw()
			}
		}
	}()
	return p
}

// Found says that total files are found so far.
func (p *progressLine) Found(total int) {
	if p != nil {
		p.total.Store(int64(total))
	}
}

// Set says that done of total files are done; the total is final.
func (p *progressLine) Set(done, total int) {
	if p != nil {
		p.done.Store(int64(done))
		p.total.Store(int64(total))
		p.walkDone.Store(true)
	}
}

func (p *progressLine) draw() {
	verb := p.verb
	done, total := p.done.Load(), p.total.Load()
	elapsed := time.Since(p.start).Seconds()
	line := fmt.Sprintf("%d/%d files %s", done, total, verb)
	if !p.walkDone.Load() {
		line = fmt.Sprintf("%d/%d+ files %s", done, total, verb)
	}
	if elapsed > 0.5 && done > 0 {
		rate := float64(done) / elapsed
		line += fmt.Sprintf(", %.0f/s", rate)
		if p.walkDone.Load() && total > done {
			line += fmt.Sprintf(", %s left", time.Duration(float64(total-done)/rate*float64(time.Second)).Round(time.Second))
		}
	}
	fmt.Fprintf(p.w, "\r\x1b[K%s", line)
}

// Finish stops the progress line and clears it, so the report and the
// messages that follow start on a clean line.
func (p *progressLine) Finish() {
	if p == nil {
		return
	}
	close(p.stop)
	p.wg.Wait()
	fmt.Fprint(p.w, "\r\x1b[K")
}
