package desk

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestOutcome: each report says how its run went, as a gate reads it:
// without the caption file's direction the sample leaves captions
// unmatched (match, write: the groups chosen by order are not written,
// and the notes say so), and has images that disagree with their
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
	n := w.Notes()
	want := "8 captions (3 different texts) fit 7 images alike (Aref Watad, 2016-12-19) and were matched by order"
	if n.Collision || n.Partial != 0 || len(n.Guessed) != 2 || n.Guessed[0] != want {
		t.Errorf("write notes %+v, want two groups guessed, the first %q", n, want)
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

// TestCaptionsReport: the records of every file in one JSON array, or the
// text through SafeWriter; a record with an error-level problem is a
// problem of the run; EncodingDoubt says when the encoding was guessed.
func TestCaptionsReport(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	res, err := LoadCaptions(ctx, CaptionSource{Path: sampleCaptions})
	if err != nil {
		t.Fatal(err)
	}
	rep := &CaptionsReport{Files: []CaptionFile{{Name: "a.txt", Records: res.Records}, {Name: "b.txt", Records: res.Records[:1]}}}
	var b bytes.Buffer
	if err := rep.Render(ctx, &b, RenderOptions{Format: FormatJSON}); err != nil {
		t.Fatal(err)
	}
	var recs []struct {
		Line int    `json:"line"`
		Date string `json:"date"`
	}
	if err := json.Unmarshal(b.Bytes(), &recs); err != nil || len(recs) != len(res.Records)+1 || recs[0].Date != res.Records[0].DateString() {
		t.Errorf("json: %d records, %v; want %d", len(recs), err, len(res.Records)+1)
	}
	if got := rep.Outcome(); got != OutcomeClean {
		t.Errorf("sample: %v, want clean", got)
	}
	if guessed, lost := EncodingDoubt(res); guessed || lost {
		t.Errorf("sample: encoding guessed %v, lost %v; want neither", guessed, lost)
	}

	hostile := "ALEPPO, SYRIA - DECEMBER 19: A girl \x1b]0;pwned\x07 on December 19, 2016. ( Aref Watad - Anadolu Agency )\n"
	bad, _ := LoadCaptions(ctx, CaptionSource{Reader: strings.NewReader("caf\xe9 " + hostile), Name: "c.txt"})
	rep = &CaptionsReport{Files: []CaptionFile{{Name: "c.txt", Records: bad.Records}}}
	b.Reset()
	if err := rep.Render(ctx, &b, RenderOptions{}); err != nil {
		t.Fatal(err)
	}
	if strings.ContainsAny(b.String(), "\x07\x1b") {
		t.Errorf("text report lets a control through: %q", b.String())
	}
	if guessed, _ := EncodingDoubt(bad); !guessed {
		t.Errorf("Windows-1252 text: notes %q, want the encoding guessed", bad.Notes)
	}
	if err := rep.Render(ctx, &b, RenderOptions{Format: FormatJUnit}); err == nil {
		t.Error("junit: no error, want one")
	}
}

// TestReportInputs: a caption file is an input by its path, standard
// input only when it is a regular file; a ReportFile without a path
// writes to Out.
func TestReportInputs(t *testing.T) {
	t.Parallel()
	if in := (CaptionSource{Path: "c.txt"}).ReportInputs(); len(in) != 1 || in[0].Path != "c.txt" {
		t.Errorf("path: %+v", in)
	}
	if in := (CaptionSource{Reader: strings.NewReader("")}).ReportInputs(); len(in) != 0 {
		t.Errorf("a pipe: %+v, want none", in)
	}
	f, err := os.Open(sampleCaptions)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	in := (CaptionSource{Reader: f, Name: "stdin"}).ReportInputs()
	if len(in) != 1 || in[0].Info == nil {
		t.Fatalf("a regular file on stdin: %+v", in)
	}
	if err := (&ReportFile{Path: sampleCaptions, Inputs: in}).Check(); err == nil {
		t.Error("a report over the captions read from stdin: no error")
	}

	var b bytes.Buffer
	rf := &ReportFile{Out: &b}
	w, err := rf.Start(nil)
	if err != nil || rf.Check() != nil {
		t.Fatal(err)
	}
	w.Write([]byte("report\n"))
	if err := rf.Close(true); err != nil || b.String() != "report\n" {
		t.Errorf("to Out: %q, %v", b.String(), err)
	}
	if left, _ := filepath.Glob(".*.tmp"); len(left) > 0 {
		t.Errorf("left %v", left)
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
