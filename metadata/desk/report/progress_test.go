package report

import (
	"bytes"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/captag/captag/metadata/desk"
)

// lockedBuffer is a bytes.Buffer the drawing goroutine and the test share.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// The progress line says the files read with the clock it is given, one
// line per phase, and leaves the terminal's line clean when it finishes;
// a nil Progress (no terminal) draws nothing.
func TestProgressLine(t *testing.T) {
	var w lockedBuffer
	start := time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC)
	var mu sync.Mutex
	now := start
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	g := NewProgress(&w, clock)
	g.Event(desk.Progress{Phase: desk.PhaseList, Total: 10})
	mu.Lock()
	now = start.Add(2 * time.Second)
	mu.Unlock()
	g.Event(desk.Progress{Phase: desk.PhaseRead, Done: 4, Total: 10})
	want := "4/10 files read, 2/s, 3s left"
	for deadline := time.Now().Add(5 * time.Second); !strings.Contains(w.String(), want); {
		if time.Now().After(deadline) {
			t.Fatalf("after 5s the line is %q; want it to say %q", w.String(), want)
		}
		time.Sleep(20 * time.Millisecond)
	}
	g.Event(desk.Progress{Phase: desk.PhaseMatch})
	if got := w.String(); !strings.HasSuffix(got, "\r\x1b[K") {
		t.Errorf("after the match the line ends %q; want it cleared", got[max(0, len(got)-12):])
	}
	g.Event(desk.Progress{Phase: desk.PhaseCheck, Done: 1, Total: 4})
	for deadline := time.Now().Add(5 * time.Second); !strings.Contains(w.String(), "1/4 files checked"); {
		if time.Now().After(deadline) {
			t.Fatalf("the check's line never came: %q", w.String())
		}
		time.Sleep(20 * time.Millisecond)
	}
	g.Finish()
	if got := w.String(); !strings.HasSuffix(got, "\r\x1b[K") {
		t.Errorf("after Finish the line ends %q; want it cleared", got[max(0, len(got)-12):])
	}
	var none *Progress
	none.Event(desk.Progress{Phase: desk.PhaseRead, Done: 1, Total: 2})
	none.Finish()
}
