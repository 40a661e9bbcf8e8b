package report

import (
	"bytes"
	"context"
	"io"
	"strings"
	"testing"

	"github.com/captag/captag/metadata/check"
	"github.com/captag/captag/metadata/desk"
)

// TestTextReports: the text renderers are the library's, beside JSON,
// JUnit and HTML. They name no option of a caller (what a reason adds
// comes from Options.Hints), and colour only when TextOptions.Colour says.
func TestTextReports(t *testing.T) {
	ctx := context.Background()
	hints := map[check.ReasonCode]string{check.ReasonOrderNotGiven: " [not given hint]"}
	for _, tc := range []struct {
		name  string
		hints map[check.ReasonCode]string
		want  string
	}{
		{"no hints", nil, "write leaves them alone):"},
		{"hints", hints, "write leaves them alone [not given hint]):"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			job, err := desk.Open(ctx, desk.Options{Roots: []string{sampleDir}, Captions: desk.CaptionSource{Path: sampleCaptions}, Hints: tc.hints})
			if err != nil {
				t.Fatal(err)
			}
			m, err := job.Match(ctx, desk.MatchOptions{})
			if err != nil {
				t.Fatal(err)
			}
			c, err := job.Check(ctx, desk.CheckOptions{Options: check.Options{Aliases: check.DefaultAliases()}})
			if err != nil {
				t.Fatal(err)
			}
			w, err := job.Write(ctx, desk.WriteOptions{DryRun: true})
			if err != nil {
				t.Fatal(err)
			}
			for _, colour := range []bool{false, true} {
				var mb, all bytes.Buffer
				o := TextOptions{Colour: colour}
				if err := matchText(&mb, m, o); err != nil {
					t.Fatal(err)
				}
				all.Write(mb.Bytes())
				if err := checkText(&all, c, o); err != nil {
					t.Fatal(err)
				}
				if err := writeText(&all, w, o); err != nil {
					t.Fatal(err)
				}
				if !strings.Contains(mb.String(), tc.want) {
					t.Errorf("match report without %q:\n%s", tc.want, mb.String())
				}
				if s := all.String(); strings.Contains(s, "--") || strings.Contains(s, "\x1b[") != colour {
					t.Errorf("colour %v: report names an option or colours wrongly:\n%s", colour, s)
				}
			}
		})
	}
}

// TestRender: every report is rendered through Render by its format, ""
// being its first (text), and a format it has not is an error naming the
// ones it has.
func TestRender(t *testing.T) {
	ctx := context.Background()
	job, err := desk.Open(ctx, desk.Options{Roots: []string{sampleDir}, Captions: desk.CaptionSource{Path: sampleCaptions}})
	if err != nil {
		t.Fatal(err)
	}
	c, err := job.Check(ctx, desk.CheckOptions{Options: check.Options{Aliases: check.DefaultAliases()}})
	if err != nil {
		t.Fatal(err)
	}
	m, err := job.Match(ctx, desk.MatchOptions{})
	if err != nil {
		t.Fatal(err)
	}
	w, err := job.Write(ctx, desk.WriteOptions{DryRun: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, rep := range []any{c, m, w} {
		var def, text, js bytes.Buffer
		if err := Render(ctx, &def, rep, Options{}); err != nil {
			t.Fatal(err)
		}
		if err := Render(ctx, &text, rep, Options{Format: FormatText}); err != nil {
			t.Fatal(err)
		}
		if err := Render(ctx, &js, rep, Options{Format: FormatJSON}); err != nil {
			t.Fatal(err)
		}
		if def.String() != text.String() || def.Len() == 0 || !strings.HasPrefix(js.String(), "{\n") {
			t.Errorf("%T: default %d bytes, text %d, json %q...", rep, def.Len(), text.Len(), js.String()[:min(js.Len(), 20)])
		}
		if err := Render(ctx, &def, rep, Options{Format: "xml"}); err == nil || !strings.Contains(err.Error(), `expected one of text, json`) {
			t.Errorf("%T: xml: %v", rep, err)
		}
	}
	if err := Render(ctx, io.Discard, job, Options{}); err == nil || Formats(job) != nil {
		t.Errorf("a job rendered as a report: %v, formats %v", err, Formats(job))
	}
}

// TestInspectReport: the inspect report is written as the files come; its
// JSON is an array ("[]" for no file) and its text ends with the counts.
func TestInspectReport(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		format     Format
		roots      []string
		start, end string
	}{
		{FormatJSON, []string{t.TempDir()}, "[]", "[]\n"},
		{FormatJSON, []string{sampleDir}, "[\n  {\n", "\n]\n"},
		{FormatText, []string{sampleDir}, sampleDir + "/aleppo-01.jpg  jpeg\n", "  charset       -                          utf-8                      -\n16 files: 16 read, 0 unsupported, 0 could not be read\n"},
	} {
		var b bytes.Buffer
		r, err := NewInspectReport(&b, Options{Format: tc.format})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := desk.Inspect(ctx, desk.Options{Roots: tc.roots, Workers: 2}, r.Encode, r.Add); err != nil {
			t.Fatal(err)
		}
		if err := r.End(false); err != nil {
			t.Fatal(err)
		}
		if s := b.String(); !strings.HasPrefix(s, tc.start) || !strings.HasSuffix(s, tc.end) || r.Failed() {
			t.Errorf("%s %v: wrote %q", tc.format, tc.roots, s)
		}
	}
	if _, err := NewInspectReport(io.Discard, Options{Format: FormatJUnit}); err == nil {
		t.Error("inspect in junit: no error")
	}
}
