package desk

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/captag/captag/metadata/caption"
	"github.com/captag/captag/metadata/date"
)

// TestCheckScope: a Go program that checks one picture against the day's
// whole caption file (as captag check -c day.txt IMG.jpg does) gets the
// other captions counted out of scope, not reported as unmatched errors;
// given the folder, the same captions are unmatched errors.
func TestCheckScope(t *testing.T) {
	t.Parallel()
	dir := copySample(t, "aleppo-09.jpg")
	tests := []struct {
		name                          string
		roots                         []string
		outOfScope, unmatched, errors int
	}{
		{"the image file", []string{filepath.Join(dir, "aleppo-09.jpg")}, 15, 0, 0},
		{"its folder", []string{dir}, 0, 15, 15},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			job, err := Open(context.Background(), Options{Roots: tc.roots, Captions: CaptionSource{Path: sampleCaptions}})
			if err != nil {
				t.Fatal(err)
			}
			rep, err := job.Check(context.Background(), CheckOptions{})
			if err != nil {
				t.Fatal(err)
			}
			s := rep.Summary
			if s.OutOfScope != tc.outOfScope || len(rep.UnmatchedRecords) != tc.unmatched || s.Errors != tc.errors || len(job.OutOfScope()) != tc.outOfScope {
				t.Errorf("out of scope %d (job %d), unmatched %d, errors %d; want %d, %d, %d", s.OutOfScope, len(job.OutOfScope()),
					len(rep.UnmatchedRecords), s.Errors, tc.outOfScope, tc.unmatched, tc.errors)
			}
			if s.Matched != 1 || s.Records != 16 {
				t.Errorf("matched %d of %d records, want 1 of 16", s.Matched, s.Records)
			}
		})
	}
}

// TestWriteLatest: two caption rows that name one image (a correction
// sent again) write nothing for it unless Options.Latest, which writes
// the later row and reports the earlier one superseded.
func TestWriteLatest(t *testing.T) {
	t.Parallel()
	const wrong = "ALEPPO, SYRIA - DECEMBER 19 : Civilians arrive at Rashedeen town of Aleppo, Syria on December 19, 2016. ( Ahmed Al Ahmed - Anadolu Agency )"
	const right = "ALEPPO, SYRIA - DECEMBER 19 : Civilians arrive at Rashedeen town of Aleppo, Syria on December 19, 2016. ( Aref Watad - Anadolu Agency )"
	recs := func() []caption.Record {
		return []caption.Record{
			{Line: 2, File: "aleppo-02.jpg", Text: wrong, Date: date.DayOf(2016, 12, 19), Creators: []string{"Ahmed Al Ahmed"}},
			{Line: 3, File: "aleppo-02.jpg", Text: right, Date: date.DayOf(2016, 12, 19), Creators: []string{"Aref Watad"}},
		}
	}
	for _, latest := range []bool{false, true} {
		dir := copySample(t, "aleppo-02.jpg")
		job, err := Open(context.Background(), Options{Roots: []string{dir}, Records: recs(), Latest: latest})
		if err != nil {
			t.Fatal(err)
		}
		rep, err := job.Write(context.Background(), WriteOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if !latest {
			if len(rep.Results) != 0 || len(rep.UnmatchedRecords) != 2 || len(rep.Superseded) != 0 {
				t.Errorf("without Latest: %d results, %d unmatched, %d superseded; want 0, 2, 0", len(rep.Results), len(rep.UnmatchedRecords), len(rep.Superseded))
			}
			continue
		}
		if len(rep.Results) != 1 || rep.Results[0].Record.Line != 3 || rep.Results[0].Status != Created {
			t.Fatalf("with Latest: results %+v, want line 3 created", rep.Results)
		}
		want := Superseded{Line: 2, By: 3, Image: filepath.Join(dir, "aleppo-02.jpg")}
		if len(rep.Superseded) != 1 || rep.Superseded[0].Line != want.Line || rep.Superseded[0].By != want.By || rep.Superseded[0].Image != want.Image || len(rep.UnmatchedRecords) != 0 {
			t.Errorf("with Latest: superseded %+v, unmatched %d; want [%+v], 0", rep.Superseded, len(rep.UnmatchedRecords), want)
		}
	}
}
