package desk

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/captag/captag/metadata/check"
)

const (
	sampleDir      = "../../testdata/aleppo"
	sampleCaptions = "../../testdata/aleppo-2016-captions.txt"
)

// copySample copies the sample images (or those named) into a new folder.
func copySample(t *testing.T, names ...string) string {
	t.Helper()
	dir := t.TempDir()
	if len(names) == 0 {
		if err := os.CopyFS(dir, os.DirFS(sampleDir)); err != nil {
			t.Fatal(err)
		}
		return dir
	}
	for _, n := range names {
		b, err := os.ReadFile(filepath.Join(sampleDir, n))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, n), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// TestMatchWriteInfersYear composes Match and Write as a Go program would,
// for a caption that states no year ("on December 19"): the pair takes
// the year of its image's capture date, so the sidecar gets
// photoshop:DateCreated 2016-12-19. Calling sidecar.Merge on the record
// alone would write no date at all.
func TestMatchWriteInfersYear(t *testing.T) {
	t.Parallel()
	dir := copySample(t, "aleppo-05.jpg")
	caps := filepath.Join(t.TempDir(), "captions.txt")
	text := "ALEPPO, SYRIA - DECEMBER 19 : Civilians evacuated from East Aleppo arrive at Rashedeen town of Aleppo, Syria on December 19 with a convoy of buses and ambulances. ( Aref Watad - Anadolu Agency )\n"
	if err := os.WriteFile(caps, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	opts := Options{Roots: []string{dir}, Captions: CaptionSource{Path: caps}}
	job, err := Open(ctx, opts)
	if err != nil {
		t.Fatal(err)
	}
	if d := job.Records()[0].Date(); d != "" {
		t.Fatalf("the caption reads as dated %q before matching, want no year", d)
	}
	plan, err := job.Match(ctx, MatchOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(plan.Pairs) != 1 || filepath.Base(plan.Pairs[0].Image) != "aleppo-05.jpg" {
		t.Fatalf("pairs %+v, want the caption with aleppo-05.jpg", plan.Pairs)
	}
	if r := plan.Pairs[0].Caption; r.Date() != "2016-12-19" || !r.DateInferred {
		t.Errorf("matched caption dated %q (inferred %v), want 2016-12-19 from the image", r.Date(), r.DateInferred)
	}

	job, err = Open(ctx, opts)
	if err != nil {
		t.Fatal(err)
	}
	rep, err := job.Write(ctx, WriteOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Results) != 1 || rep.Results[0].Status != Created {
		t.Fatalf("results %+v, want one sidecar created", rep.Results)
	}
	b, err := os.ReadFile(filepath.Join(dir, "aleppo-05.xmp"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(b, []byte("photoshop:DateCreated")) || !bytes.Contains(b, []byte("2016-12-19")) {
		t.Errorf("the sidecar has no photoshop:DateCreated 2016-12-19:\n%s", b)
	}
}

// TestRereadSameReport: with no room to keep images from the first pass,
// Check and Write read every matched image again; their reports are
// those of a run that kept every image.
func TestRereadSameReport(t *testing.T) {
	t.Parallel()
	run := func(cache int) (checked, written string) {
		ctx := context.Background()
		opts := Options{Roots: []string{copySample(t)}, Captions: CaptionSource{Path: sampleCaptions},
			CacheBytes: cache, CaptionOrder: check.DirNewestFirst}
		job, err := Open(ctx, opts)
		if err != nil {
			t.Fatal(err)
		}
		rep, err := job.Check(ctx, CheckOptions{})
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		if err := rep.WriteJSON(&b); err != nil {
			t.Fatal(err)
		}
		if job, err = Open(ctx, opts); err != nil {
			t.Fatal(err)
		}
		w, err := job.Write(ctx, WriteOptions{DryRun: true})
		if err != nil {
			t.Fatal(err)
		}
		var lines []string
		for _, r := range w.Results {
			j, _ := json.Marshal([]any{filepath.Base(r.Image), r.Status, r.Changed, r.Notes})
			lines = append(lines, string(j))
		}
		return strings.ReplaceAll(b.String(), opts.Roots[0], "DIR"), strings.Join(lines, "\n")
	}
	keptCheck, keptWrite := run(0)
	rereadCheck, rereadWrite := run(-1)
	if keptCheck != rereadCheck {
		t.Errorf("reading the images again changed check's report:\n%s\nwant:\n%s", rereadCheck, keptCheck)
	}
	if keptWrite != rereadWrite {
		t.Errorf("reading the images again changed write's results:\n%s\nwant:\n%s", rereadWrite, keptWrite)
	}
	if !strings.Contains(keptCheck, "aleppo-01.") || !strings.Contains(keptWrite, "aleppo-16.") {
		t.Errorf("the reports do not list the sample images:\n%s\n%s", keptCheck, keptWrite)
	}
}
