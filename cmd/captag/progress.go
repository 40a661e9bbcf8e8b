package main

import (
	"fmt"
	"io"
	"sync"
	"sync/atomic"
	"time"

	"github.com/captag/captag/metadata/desk"
	"github.com/captag/captag/metadata/desk/report"
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
	at := desk.Progress{Done: int(p.done.Load()), Total: int(p.total.Load())}
	fmt.Fprintf(p.w, "\r\x1b[K%s", report.StatusLine(p.verb, at, !p.walkDone.Load(), time.Since(p.start)))
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
