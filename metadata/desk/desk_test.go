package desk

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
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

// TestMatchWriteInfersYear composes Match and Write on one job as a Go program would,
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
	if d := job.Records()[0].DateString(); d != "" {
		t.Fatalf("the caption reads as dated %q before matching, want no year", d)
	}
	plan, err := job.Match(ctx, MatchOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(plan.Pairs) != 1 || filepath.Base(plan.Pairs[0].Image) != "aleppo-05.jpg" {
		t.Fatalf("pairs %+v, want the caption with aleppo-05.jpg", plan.Pairs)
	}
	if r := plan.Pairs[0].Caption; r.DateString() != "2016-12-19" || !r.DateInferred {
		t.Errorf("matched caption dated %q (inferred %v), want 2016-12-19 from the image", r.DateString(), r.DateInferred)
	}

	// The same job writes: it runs on the captions as loaded (the year
	// not carried over from the match), and infers the year again.
	if rec := job.begin().recs[0]; rec.Date.Year != 0 || rec.DateInferred {
		t.Fatalf("a second run starts from year %d (inferred %v), want the caption as loaded", rec.Date.Year, rec.DateInferred)
	}
	rep, err := job.Write(ctx, WriteOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Results) != 1 || rep.Results[0].Status != Created || !rep.Results[0].Record.DateInferred {
		t.Fatalf("results %+v, want one sidecar created, the year inferred", rep.Results)
	}
	if r := plan.Pairs[0].Caption; r.DateString() != "2016-12-19" || !r.DateInferred {
		t.Errorf("after the write, the match report's caption is dated %q (inferred %v), want it as it was", r.DateString(), r.DateInferred)
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
		b := resultsJSON(t, rep)
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
		return strings.ReplaceAll(b, opts.Roots[0], "DIR"), strings.Join(lines, "\n")
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

// TestWriteGuards: what Write leaves alone, as a caller sees it in the
// results. A caption chosen by order among captions that fit alike is
// written only when the caption file's direction is given; two different
// pictures (other capture times) that would share one sidecar get none.
func TestWriteGuards(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name    string
		order   check.Direction
		rename  map[string]string // sample → name in the folder
		want    map[WriteStatus]int
		guessed int
		clash   bool
	}{
		// aleppo-01 (its date disagrees) and aleppo-12 (its photographer
		// does) are unmatched for write: they get no result.
		{name: "order not given", want: map[WriteStatus]int{Created: 5, Skipped: 9}, guessed: 2},
		{name: "order given", order: check.DirNewestFirst, want: map[WriteStatus]int{Created: 14}},
		{name: "two pictures, one stem", order: check.DirNewestFirst,
			rename: map[string]string{"aleppo-02.jpg": "IMG_1.jpg", "aleppo-03.jpg": "IMG_1.jpeg"},
			want:   map[WriteStatus]int{Created: 12, Skipped: 2}, clash: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			dir := copySample(t)
			for from, to := range tc.rename {
				if err := os.Rename(filepath.Join(dir, from), filepath.Join(dir, to)); err != nil {
					t.Fatal(err)
				}
			}
			ctx := context.Background()
			job, err := Open(ctx, Options{Roots: []string{dir}, Captions: CaptionSource{Path: sampleCaptions}, CaptionOrder: tc.order})
			if err != nil {
				t.Fatal(err)
			}
			rep, err := job.Write(ctx, WriteOptions{DryRun: true})
			if err != nil {
				t.Fatal(err)
			}
			got := map[WriteStatus]int{}
			clash := false
			for _, r := range rep.Results {
				got[r.Status]++
				clash = clash || r.Collision
				if r.Status == Skipped && r.Err == nil {
					t.Errorf("%s left alone without a reason", r.Image)
				}
			}
			if fmt.Sprint(got) != fmt.Sprint(tc.want) || len(rep.Guessed) != tc.guessed || clash != tc.clash {
				t.Errorf("statuses %v, %d groups guessed, collision %v; want %v, %d, %v", got, len(rep.Guessed), clash, tc.want, tc.guessed, tc.clash)
			}
			if _, err := os.Stat(filepath.Join(dir, "aleppo-03.xmp")); err == nil {
				t.Errorf("a dry run wrote a sidecar")
			}
		})
	}
}

// TestCheckKeepStores: with KeepStores each paired result carries what
// its stores say, for a renderer that shows them; the JSON report is the
// same with or without.
func TestCheckKeepStores(t *testing.T) {
	t.Parallel()
	dir := copySample(t)
	run := func(keep bool) (*CheckReport, string) {
		ctx := context.Background()
		job, err := Open(ctx, Options{Roots: []string{dir}, Captions: CaptionSource{Path: sampleCaptions}})
		if err != nil {
			t.Fatal(err)
		}
		rep, err := job.Check(ctx, CheckOptions{KeepStores: keep})
		if err != nil {
			t.Fatal(err)
		}
		return rep, resultsJSON(t, rep)
	}
	rep, withStores := run(true)
	if _, without := run(false); without != withStores {
		t.Errorf("KeepStores changed the JSON report")
	}
	r := rep.Result(0) // aleppo-01.jpg: its date disagrees with its caption
	if len(r.Stores) != 3 || r.Caption == nil || r.Pair.By == "" {
		t.Fatalf("result %s: %d stores, caption %v, pair %+v; want 3 stores, the caption and the pair", r.Image, len(r.Stores), r.Caption, r.Pair)
	}
	for _, s := range r.Stores {
		if s.Date != "2016-12-18T09:30:12+03:00" || len(s.Creators) == 0 {
			t.Errorf("store %s: date %q, creators %q", s.Kind, s.Date, s.Creators)
		}
	}
}

// TestOpenRefuses: what Open cannot start with, each said.
func TestOpenRefuses(t *testing.T) {
	t.Parallel()
	caps := CaptionSource{Path: sampleCaptions}
	for _, tc := range []struct {
		name string
		opts Options
		want string
	}{
		{"no roots", Options{Captions: caps}, "expected at least one folder or image file"},
		{"negative workers", Options{Roots: []string{sampleDir}, Workers: -1, Captions: caps}, "expected a positive number of workers"},
		{"no captions", Options{Roots: []string{sampleDir}}, "expected a caption file or reader"},
		{"a folder for captions", Options{Roots: []string{sampleDir}, Captions: CaptionSource{Path: sampleDir}}, "expected a caption file, found a folder"},
		{"missing root", Options{Roots: []string{"no-such-folder"}, Captions: caps}, "cannot read no-such-folder: no such file or directory"},
	} {
		if _, err := Open(context.Background(), tc.opts); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want one saying %q", tc.name, err, tc.want)
		}
	}
}

// TestProgressPhases: the callback hears the phases in order, and each
// counted phase ends with all done.
func TestProgressPhases(t *testing.T) {
	t.Parallel()
	var phases []string
	last := map[Phase]Progress{}
	opts := Options{Roots: []string{sampleDir}, Captions: CaptionSource{Path: sampleCaptions}, Progress: func(p Progress) {
		if len(phases) == 0 || phases[len(phases)-1] != string(p.Phase) {
			phases = append(phases, string(p.Phase))
		}
		last[p.Phase] = p
	}}
	job, err := Open(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	rep, err := job.Check(context.Background(), CheckOptions{})
	if err != nil {
		t.Fatal(err)
	}
	// The contact sheet's pass over the images (Each) reports too.
	if err := rep.Each(context.Background(), Previews{}, func(*Result) bool { return true }, func(Result) bool { return true }); err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(phases, " "); got != "list read match check sheet" {
		t.Errorf("phases %q, want %q", got, "list read match check sheet")
	}
	for _, ph := range []Phase{PhaseRead, PhaseCheck, PhaseSheet} {
		if p := last[ph]; p.Done != 16 || p.Total != 16 {
			t.Errorf("%s ended at %d of %d, want 16 of 16", ph, p.Done, p.Total)
		}
	}
}

// resultsJSON is the check report's summary and results as JSON (the
// fields its JSON renderer writes, in package report), a line each.
func resultsJSON(t *testing.T, rep *CheckReport) string {
	t.Helper()
	lines := []any{rep.Summary, rep.UnmatchedRecords, rep.UnmatchedImages, rep.Superseded}
	for i := range rep.Len() {
		lines = append(lines, rep.Result(i))
	}
	var b strings.Builder
	for _, l := range lines {
		j, err := json.Marshal(l)
		if err != nil {
			t.Fatal(err)
		}
		b.Write(append(j, '\n'))
	}
	return b.String()
}
