package desk

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// CheckReport.Each and MatchReport.EachPair / EachUnmatchedImage give each
// image the stores and thumbnail that Check with KeepStores and Thumbs (and
// Match with Thumbs) keep for the whole report, in the same order, whether
// the job kept the images from its first pass or reads them again; want
// picks the results, fn can stop early, and a cancelled context stops the
// pool with its error.
func TestPreviewsAsKept(t *testing.T) {
	t.Parallel()
	dir := copySample(t)
	// One more picture: an unmatched image with a thumbnail (as is the
	// sample's aleppo-01, a day early).
	jpg, err := os.ReadFile(filepath.Join(dir, "aleppo-03.jpg"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "zz-extra.jpg"), jpg, 0o644); err != nil {
		t.Fatal(err)
	}
	open := func(cache int) *Job {
		t.Helper()
		job, err := Open(context.Background(), Options{Roots: []string{dir}, Captions: CaptionSource{Path: sampleCaptions}, CacheBytes: cache, Workers: 3})
		if err != nil {
			t.Fatal(err)
		}
		return job
	}
	ctx := context.Background()
	all := Previews{Stores: true, Thumbs: &Thumbs{}}
	for _, cache := range []int{0, -1} {
		kept, err := open(cache).Check(ctx, CheckOptions{KeepStores: true, Thumbs: &Thumbs{}})
		if err != nil {
			t.Fatal(err)
		}
		rep, err := open(cache).Check(ctx, CheckOptions{})
		if err != nil {
			t.Fatal(err)
		}
		var got []Result
		if err := rep.Each(ctx, all, nil, func(r Result) bool { got = append(got, r); return true }); err != nil {
			t.Fatal(err)
		}
		if len(got) != kept.Len() {
			t.Fatalf("cache %d: Each gave %d results, Check %d", cache, len(got), kept.Len())
		}
		unmatched := 0
		for i, g := range got {
			w := kept.Result(i)
			if g.Image != w.Image || !reflect.DeepEqual(g.Findings, w.Findings) || !reflect.DeepEqual(g.Stores, w.Stores) ||
				!bytes.Equal(g.Thumb, w.Thumb) || g.ThumbNote != w.ThumbNote {
				t.Errorf("cache %d, result %d: Each gave %s, %d stores, %d-byte thumbnail %q; Check kept %s, %d stores, %d-byte thumbnail %q",
					cache, i, g.Image, len(g.Stores), len(g.Thumb), g.ThumbNote, w.Image, len(w.Stores), len(w.Thumb), w.ThumbNote)
			}
			if len(g.Thumb) == 0 {
				t.Errorf("cache %d: %s has no thumbnail (%q)", cache, g.Image, g.ThumbNote)
			}
			if g.Record == nil {
				unmatched++
			}
		}
		if unmatched == 0 {
			t.Fatalf("cache %d: no unmatched image", cache)
		}

		// want: only the unmatched, thumbnails only; fn stops after the
		// first.
		var picked []Result
		err = rep.Each(ctx, Previews{Thumbs: &Thumbs{}}, func(r *Result) bool { return r.Record == nil }, func(r Result) bool {
			picked = append(picked, r)
			return false
		})
		if err != nil || len(picked) != 1 || picked[0].Record != nil || len(picked[0].Thumb) == 0 || picked[0].Stores != nil {
			t.Errorf("cache %d: Each on the unmatched gave %d results (%v), want the first unmatched image with a thumbnail and no stores", cache, len(picked), err)
		}
		stopped := 0
		if err := rep.Each(ctx, all, nil, func(Result) bool { stopped++; return stopped < 3 }); err != nil || stopped != 3 {
			t.Errorf("cache %d: fn stopping at the third result: called %d times, %v; want 3, nil", cache, stopped, err)
		}
		cctx, cancel := context.WithCancel(ctx)
		calls := 0
		err = rep.Each(cctx, all, nil, func(Result) bool { calls++; cancel(); return true })
		if !errors.Is(err, context.Canceled) || calls >= rep.Len() {
			t.Errorf("cache %d: cancelled after the first result: %d calls, %v; want fewer than %d and context.Canceled", cache, calls, err, rep.Len())
		}
	}

	kept, err := open(0).Match(ctx, MatchOptions{Thumbs: &Thumbs{}})
	if err != nil {
		t.Fatal(err)
	}
	out, err := open(0).Match(ctx, MatchOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var pairs []MatchPair
	if err := out.EachPair(ctx, Previews{Thumbs: &Thumbs{}}, func(p MatchPair) bool { pairs = append(pairs, p); return true }); err != nil {
		t.Fatal(err)
	}
	var images []UnmatchedImage
	if err := out.EachUnmatchedImage(ctx, Previews{Thumbs: &Thumbs{}}, func(u UnmatchedImage) bool { images = append(images, u); return true }); err != nil {
		t.Fatal(err)
	}
	if len(pairs) != len(kept.Pairs) || len(images) != len(kept.UnmatchedImages) || len(images) == 0 {
		t.Fatalf("match: %d pairs and %d unmatched images, Match kept %d and %d; want some unmatched", len(pairs), len(images), len(kept.Pairs), len(kept.UnmatchedImages))
	}
	for i, p := range pairs {
		if w := kept.Pairs[i]; p.Image != w.Image || !bytes.Equal(p.Thumb, w.Thumb) || len(p.Thumb) == 0 {
			t.Errorf("match pair %d: %s with a %d-byte thumbnail, Match kept %s with %d bytes", i, p.Image, len(p.Thumb), w.Image, len(w.Thumb))
		}
	}
	for i, u := range images {
		if w := kept.UnmatchedImages[i]; u.Image != w.Image || !bytes.Equal(u.Thumb, w.Thumb) || len(w.Thumb) == 0 {
			t.Errorf("match unmatched %d: %s with a %d-byte thumbnail, Match kept %s with %d bytes", i, u.Image, len(u.Thumb), w.Image, len(w.Thumb))
		}
	}
}
