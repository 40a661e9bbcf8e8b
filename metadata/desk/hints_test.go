package desk

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/captag/captag/metadata/check"
)

// TestHints: the library words its reasons without naming an option; a
// caller's hint goes after the wording of a reason with that code, in the
// plan, the reports and a caption left unwritten, and nowhere else.
func TestHints(t *testing.T) {
	ctx := context.Background()
	hints := map[check.ReasonCode]string{
		check.ReasonOrderUnknown:  " [order hint]",
		check.ReasonOrderNotGiven: " [not given hint]",
		check.ReasonOrderGiven:    "[given hint]",
	}
	for _, tc := range []struct {
		name  string
		hints map[check.ReasonCode]string
	}{{"no hints", nil}, {"hints", hints}} {
		t.Run(tc.name, func(t *testing.T) {
			// The order unknown: the groups of captions that fit alike
			// stay unmatched with ReasonOrderUnknown.
			job, err := Open(ctx, Options{Roots: []string{sampleDir}, Captions: CaptionSource{Path: sampleCaptions},
				CaptionOrder: check.DirUnknown, Hints: tc.hints})
			if err != nil {
				t.Fatal(err)
			}
			rep, err := job.Match(ctx, MatchOptions{})
			if err != nil {
				t.Fatal(err)
			}
			n := 0
			for _, u := range append(job.Plan().UnmatchedRecords, job.Plan().UnmatchedImages...) {
				if u.Code != check.ReasonOrderUnknown {
					continue
				}
				n++
				if strings.Contains(u.Reason, "--") || strings.HasSuffix(u.Reason, " [order hint]") != (tc.hints != nil) {
					t.Errorf("reason %q", u.Reason)
				}
			}
			if n == 0 {
				t.Fatal("no reason has ReasonOrderUnknown")
			}
			if want := tc.hints[check.ReasonOrderGiven]; rep.Summary.CaptionOrder.From != "given" || rep.Summary.CaptionOrder.Reason != want {
				t.Errorf("caption order %+v, want given with reason %q", rep.Summary.CaptionOrder, want)
			}

			// The order detected: write leaves the captions chosen by
			// order alone with ReasonOrderNotGiven.
			job, err = Open(ctx, Options{Roots: []string{sampleDir}, Captions: CaptionSource{Path: sampleCaptions}, Hints: tc.hints})
			if err != nil {
				t.Fatal(err)
			}
			w, err := job.Write(ctx, WriteOptions{DryRun: true})
			if err != nil {
				t.Fatal(err)
			}
			n = 0
			for _, r := range w.Results {
				var nw *NotWrittenError
				if !errors.As(r.Err, &nw) || nw.Code != check.ReasonOrderNotGiven {
					continue
				}
				n++
				if msg := nw.Error(); strings.Contains(msg, "--") || strings.HasSuffix(msg, "; not written [not given hint]") != (tc.hints != nil) {
					t.Errorf("not written: %q", msg)
				}
			}
			if n == 0 {
				t.Fatal("no caption was left alone with ReasonOrderNotGiven")
			}
		})
	}
}
