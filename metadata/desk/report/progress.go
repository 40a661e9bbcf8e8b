package report

import (
	"fmt"
	"io"
	"sync"
	"sync/atomic"
	"time"

	"github.com/captag/captag/metadata/desk"
)

// progressInterval is how often the progress line is redrawn.
const progressInterval = 100 * time.Millisecond

// Progress draws a run's progress on one line of a terminal from the
// job's progress events (desk.Options.Progress): a line while the files
// are listed and read, cleared at the match, then one line for each later
// phase (check, write, the contact sheet), each with its own counts and
// StatusLine's rate and time left. Now is the clock (the library reads
// none); a nil *Progress does nothing, so a caller that shows no line
// passes nil.
type Progress struct {
	w       io.Writer
	now     func() time.Time
	line    *progressLine
	reading bool // the reading line was started
}

// NewProgress returns a Progress that draws on w (a terminal) with the
// clock now.
func NewProgress(w io.Writer, now func() time.Time) *Progress {
	return &Progress{w: w, now: now}
}

// Event draws the event p.
func (g *Progress) Event(p desk.Progress) {
	if g == nil {
		return
	}
	switch p.Phase {
	case desk.PhaseList, desk.PhaseRead:
		if !g.reading {
			g.reading = true
			g.line = g.newLine(Verb(p.Phase))
		}
		if p.Phase == desk.PhaseList {
			g.line.found(p.Total)
		} else {
			g.line.set(p.Done, p.Total)
		}
	case desk.PhaseMatch:
		g.Finish()
	case desk.PhaseCheck, desk.PhaseWrite, desk.PhaseSheet:
		if g.line == nil {
			g.line = g.newLine(Verb(p.Phase)) // a new line per phase, with its own counts
		}
		g.line.set(p.Done, p.Total)
	}
}

// Finish stops the line and clears it, so that what is written next
// starts on a clean line.
func (g *Progress) Finish() {
	if g == nil {
		return
	}
	g.line.finish()
	g.line = nil
}

// progressLine is one line, redrawn every progressInterval until finish.
type progressLine struct {
	w        io.Writer
	now      func() time.Time
	total    atomic.Int64 // files found so far
	done     atomic.Int64
	walkDone atomic.Bool
	verb     string // "read", "checked"
	start    time.Time
	stop     chan struct{}
	wg       sync.WaitGroup
}

func (g *Progress) newLine(verb string) *progressLine {
	p := &progressLine{w: g.w, now: g.now, verb: verb, start: g.now(), stop: make(chan struct{})}
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

// found says that total files are found so far.
func (p *progressLine) found(total int) {
	if p != nil {
		p.total.Store(int64(total))
	}
}

// set says that done of total files are done; the total is final.
func (p *progressLine) set(done, total int) {
	if p != nil {
		p.done.Store(int64(done))
		p.total.Store(int64(total))
		p.walkDone.Store(true)
	}
}

func (p *progressLine) draw() {
	at := desk.Progress{Done: int(p.done.Load()), Total: int(p.total.Load())}
	fmt.Fprintf(p.w, "\r\x1b[K%s", StatusLine(p.verb, at, !p.walkDone.Load(), p.now().Sub(p.start)))
}

func (p *progressLine) finish() {
	if p == nil {
		return
	}
	close(p.stop)
	p.wg.Wait()
	fmt.Fprint(p.w, "\r\x1b[K")
}
