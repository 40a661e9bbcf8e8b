package report

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/captag/captag/metadata"
	"github.com/captag/captag/metadata/desk"
)

import ()

// TestRedTeam13ControlsInFileNames is issue 20, item 13 in the job: a
// caption's `file` value with control characters was shown and matched
// as if they were spaces (`a.jpg\nb.jpg` as `a.jpg b.jpg`). Now the name
// is matched as written — it pairs with a file of exactly that name, and
// never with `a.jpg b.jpg` — and every message and report shows it with
// visible escapes: the unmatched reason, the record's reference, the
// contact sheet.
func TestRedTeam13ControlsInFileNames(t *testing.T) {
	t.Parallel()
	img, err := os.ReadFile(filepath.Join(sampleDir, "aleppo-05.jpg"))
	if err != nil {
		t.Fatal(err)
	}
	caption := "ALEPPO, SYRIA - DECEMBER 19: Civilians evacuated from East Aleppo arrive at Rashedeen town on December 19, 2016. ( Aref Watad - Anadolu Agency )"
	tests := []struct {
		name    string // the caption's file value
		onDisk  string // the image in the folder
		paired  bool
		reason  string // the caption's unmatched reason, when not paired
		escaped string // how the reports show the name
	}{
		{"a.jpg\nb.jpg", "a.jpg b.jpg", false, `no image is named "a.jpg\nb.jpg"`, `a.jpg\nb.jpg`},
		{"a.jpg\nb.jpg", "a.jpg\nb.jpg", true, "", `a.jpg\nb.jpg`},
		{"x\u2028y.jpg", "x y.jpg", false, `no image is named "x\u2028y.jpg"`, `x\u2028y.jpg`},
		{"evil\u202egpj.exe.jpg", "evil\u202egpj.exe.jpg", true, "", `evil\u202egpj.exe.jpg`},
		{"c\x1b[2J\x7f\u0085.jpg", "c [2J .jpg", false, `no image is named "c\x1b[2J\x7f\u0085.jpg"`, `c\x1b[2J\x7f\u0085.jpg`},
	}
	ctx := context.Background()
	for _, tc := range tests {
		t.Run(tc.escaped, func(t *testing.T) {
			dir := t.TempDir()
			if err := os.WriteFile(filepath.Join(dir, tc.onDisk), img, 0o644); err != nil {
				t.Fatal(err)
			}
			file, _ := json.Marshal(tc.name)
			caps := filepath.Join(t.TempDir(), "c.json")
			if err := os.WriteFile(caps, []byte(`[{"file": `+string(file)+`, "caption": "`+caption+`"}]`), 0o644); err != nil {
				t.Fatal(err)
			}
			job, err := desk.Open(ctx, desk.Options{Roots: []string{dir}, Captions: desk.CaptionSource{Path: caps}})
			if err != nil {
				t.Fatal(err)
			}
			rep, err := job.Check(ctx, desk.CheckOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if got := RecordText(&job.Records()[0]); !strings.HasSuffix(got, "; "+tc.escaped+")") {
				t.Errorf("record shown as %q, want it to end in %q", got, tc.escaped+")")
			}
			if (rep.Summary.Matched == 1) != tc.paired {
				t.Fatalf("matched %d, want paired %v", rep.Summary.Matched, tc.paired)
			}
			if !tc.paired {
				if len(rep.UnmatchedFindings) != 1 || !strings.HasSuffix(rep.UnmatchedFindings[0].Message, tc.reason) {
					t.Errorf("unmatched caption: %+v, want the reason %q", rep.UnmatchedFindings, tc.reason)
				}
			}
			var page strings.Builder
			if err := checkHTML(ctx, &page, rep, SheetOptions{}); err != nil {
				t.Fatal(err)
			}
			onDisk := filepath.Join(dir, tc.onDisk)
			if strings.ContainsAny(tc.onDisk, "\n\u202e") && strings.Contains(page.String(), onDisk) {
				t.Errorf("the contact sheet shows the image path %q as it is, want it escaped", onDisk)
			}
			if strings.ContainsAny(tc.onDisk, "\n\u202e") && !strings.Contains(page.String(), metadata.Visible(onDisk)) {
				t.Errorf("the contact sheet does not show %q", metadata.Visible(onDisk))
			}
		})
	}
}
