package desk

import (
	"context"
	"testing"
)

// TestOutcome: each report says how its run went, as a gate reads it:
// without the caption file's direction the sample leaves captions
// unmatched (match, write: the groups chosen by order are not written),
// and has images that disagree with their
// captions (check); a sidecar that could not be written fails the run.
func TestOutcome(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	job, err := Open(ctx, Options{Roots: []string{copySample(t)}, Captions: CaptionSource{Path: sampleCaptions}})
	if err != nil {
		t.Fatal(err)
	}
	m, err := job.Match(ctx, MatchOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if got := m.Outcome(); got != OutcomeProblems || len(m.UnmatchedRecords) == 0 {
		t.Errorf("match: %v with %d captions unmatched, want problems", got, len(m.UnmatchedRecords))
	}
	c, err := job.Check(ctx, CheckOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if c.Summary.Errors == 0 || c.Outcome(false) != OutcomeProblems {
		t.Errorf("check: %d errors, outcome %v, want problems", c.Summary.Errors, c.Outcome(false))
	}
	w, err := job.Write(ctx, WriteOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if got := w.Outcome(); got != OutcomeProblems {
		t.Errorf("write: %v, want problems", got)
	}
	w.Results[0].Status = Failed
	if got := w.Outcome(); got != OutcomeFailed {
		t.Errorf("write with a failed sidecar: %v, want failed", got)
	}
	w.Results[0].Status = Skipped
	if got := w.Outcome(); got != OutcomeProblems {
		t.Errorf("write with a sidecar left alone: %v, want problems", got)
	}
}

// TestTune: Options.Tune is called as the listing starts, once the first
// pass begins and after the match (the sample's 16 files are fewer than
// tuneEvery); the limit never goes below its floor.
func TestTune(t *testing.T) {
	t.Parallel()
	calls := 0
	job, err := Open(context.Background(), Options{Roots: []string{sampleDir}, Captions: CaptionSource{Path: sampleCaptions}, Tune: func() { calls++ }})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := job.Match(context.Background(), MatchOptions{}); err != nil {
		t.Fatal(err)
	}
	if calls != 3 {
		t.Errorf("Tune called %d times, want 3", calls)
	}
	for _, tc := range []struct{ live, want int64 }{{0, memLimitFloor}, {50 << 20, memLimitFloor}, {400 << 20, 500 << 20}} {
		if got := MemoryLimit(tc.live); got != tc.want {
			t.Errorf("MemoryLimit(%d) = %d, want %d", tc.live, got, tc.want)
		}
	}
}
