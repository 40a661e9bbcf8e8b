package report

import (
	"testing"
	"time"

	"github.com/captag/captag/metadata/desk"
)

// TestPhaseVerb: each counted phase has the word of its status line.
func TestPhaseVerb(t *testing.T) {
	t.Parallel()
	for p, want := range map[desk.Phase]string{desk.PhaseList: "read", desk.PhaseRead: "read", desk.PhaseMatch: "", desk.PhaseCheck: "checked", desk.PhaseWrite: "done", desk.PhaseSheet: "on the page"} {
		if got := Verb(p); got != want {
			t.Errorf("%s.Verb() = %q, want %q", p, got, want)
		}
	}
}

// TestStatusLine: counts, then the rate once half a second has gone by,
// then the time left once the total is known.
func TestStatusLine(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		p       desk.Progress
		listing bool
		elapsed time.Duration
		want    string
	}{
		{desk.Progress{Done: 0, Total: 0}, true, 0, "0/0+ files read"},
		{desk.Progress{Done: 12, Total: 300}, true, 400 * time.Millisecond, "12/300+ files read"},
		{desk.Progress{Done: 120, Total: 300}, true, 2 * time.Second, "120/300+ files read, 60/s"},
		{desk.Progress{Done: 120, Total: 300}, false, 2 * time.Second, "120/300 files read, 60/s, 3s left"},
		{desk.Progress{Done: 300, Total: 300}, false, 5 * time.Second, "300/300 files read, 60/s"},
	} {
		if got := StatusLine("read", tc.p, tc.listing, tc.elapsed); got != tc.want {
			t.Errorf("StatusLine(%+v, listing %v, %v) = %q, want %q", tc.p, tc.listing, tc.elapsed, got, tc.want)
		}
	}
}
