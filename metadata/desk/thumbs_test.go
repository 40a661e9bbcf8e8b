package desk

import (
	"bytes"
	"context"
	"image/jpeg"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Check and Match with Thumbs give every image a thumbnail (a JPEG of the
// picture's size, its long side at most 240), also the unmatched ones and
// whether or not the cache kept the image; a file that is no picture gets
// a note instead. Without Thumbs there is none.
func TestThumbs(t *testing.T) {
	t.Parallel()
	dir := copySample(t)
	// A file whose header passes for a JPEG but whose picture does not
	// decode: read, unmatched, no thumbnail.
	jpg, err := os.ReadFile(filepath.Join(dir, "aleppo-03.jpg"))
	if err != nil {
		t.Fatal(err)
	}
	cut := bytes.LastIndex(jpg, []byte{0xFF, 0xDA}) // SOS: keep the header, drop the scan
	if cut < 0 {
		t.Fatal("no SOS in the sample picture")
	}
	if err := os.WriteFile(filepath.Join(dir, "zz-broken.jpg"), jpg[:cut+2], 0o644); err != nil {
		t.Fatal(err)
	}
	isThumb := func(what string, b []byte) {
		t.Helper()
		cfg, err := jpeg.DecodeConfig(bytes.NewReader(b))
		if err != nil || cfg.Width == 0 || cfg.Width > 240 || cfg.Height > 240 {
			t.Errorf("%s: thumbnail %d bytes, %dx%d, %v: want a JPEG of at most 240 px", what, len(b), cfg.Width, cfg.Height, err)
		}
	}
	for _, cache := range []int{0, -1} { // the images kept from the first pass, or read again
		for _, thumbs := range []*Thumbs{nil, {}} {
			job, err := Open(context.Background(), Options{Roots: []string{dir}, Captions: CaptionSource{Path: sampleCaptions}, CacheBytes: cache})
			if err != nil {
				t.Fatal(err)
			}
			rep, err := job.Check(context.Background(), CheckOptions{Thumbs: thumbs})
			if err != nil {
				t.Fatal(err)
			}
			if rep.Len() != 17 {
				t.Fatalf("%d results, want 17", rep.Len())
			}
			for i := range rep.Len() {
				r := rep.Result(i)
				switch {
				case thumbs == nil:
					if r.Thumb != nil || r.ThumbNote != "" {
						t.Errorf("cache %d, no Thumbs: %s has a thumbnail (%d bytes, %q)", cache, r.Image, len(r.Thumb), r.ThumbNote)
					}
				case strings.HasSuffix(r.Image, "zz-broken.jpg"):
					if r.Thumb != nil || !strings.HasPrefix(r.ThumbNote, "no preview: ") {
						t.Errorf("cache %d: %s: thumbnail %d bytes, note %q; want none and a note", cache, r.Image, len(r.Thumb), r.ThumbNote)
					}
				default:
					isThumb(r.Image, r.Thumb)
				}
			}
		}
	}

	job, err := Open(context.Background(), Options{Roots: []string{dir}, Captions: CaptionSource{Path: sampleCaptions}})
	if err != nil {
		t.Fatal(err)
	}
	out, err := job.Match(context.Background(), MatchOptions{Thumbs: &Thumbs{}})
	if err != nil {
		t.Fatal(err)
	}
	if len(out.Pairs)+len(out.UnmatchedImages) != 17 {
		t.Fatalf("%d pairs and %d unmatched images, want 17 images", len(out.Pairs), len(out.UnmatchedImages))
	}
	check := func(path string, thumb []byte, note string) {
		t.Helper()
		if !strings.HasSuffix(path, "zz-broken.jpg") {
			isThumb(path, thumb)
		} else if thumb != nil || !strings.HasPrefix(note, "no preview: ") {
			t.Errorf("match: %s: thumbnail %d bytes, note %q; want none and a note", path, len(thumb), note)
		}
	}
	for _, p := range out.Pairs {
		check(p.Image, p.Thumb, p.ThumbNote)
	}
	for _, u := range out.UnmatchedImages {
		check(u.Image, u.Thumb, u.ThumbNote)
	}
}
