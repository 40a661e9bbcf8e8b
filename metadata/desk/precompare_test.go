package desk

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/captag/captag/metadata/fixture"
)

// plantCaptioned writes a caption file of the sample's captions, each
// made unique ("Aleppo (3)"), and one JPEG per caption carrying its
// text, credit and creator; every third is dated a day early (a date
// finding), so that pairs by text with and without findings are both
// there. It returns the folder and the caption file.
func plantCaptioned(t testing.TB) (dir, captions string) {
	t.Helper()
	res, err := LoadCaptions(context.Background(), CaptionSource{Path: sampleCaptions})
	if err != nil {
		t.Fatal(err)
	}
	dir, captions = t.TempDir(), filepath.Join(t.TempDir(), "captions.txt")
	var file strings.Builder
	for i, r := range res.Records {
		text := strings.Replace(r.Text, "Aleppo", fmt.Sprintf("Aleppo (%d)", i), 1)
		file.WriteString(text + "\n\n")
		day := r.Date
		if i%3 == 0 {
			day.Day--
		}
		f := fixture.Fields{Date: fmt.Sprintf("%04d%02d%02d", day.Year, day.Month, day.Day), Time: "093000+0300", Creators: r.Creators, Credit: r.Agency, Description: text}
		if err := fixture.WriteFile(filepath.Join(dir, fmt.Sprintf("p%02d.jpg", i)), fixture.JPEG(fixture.All(f))); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(captions, []byte(file.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir, captions
}

// checkResults runs Check on the images in dir and the caption file
// captions with opts and returns each
// result as its JSON, by image name. gone, when set, removes every image
// of dir once the first pass is done (as the match starts).
func checkResults(t *testing.T, dir, captions string, cacheBytes int, opts CheckOptions, gone bool) map[string]string {
	t.Helper()
	o := Options{Roots: []string{dir}, Captions: CaptionSource{Path: captions}, CacheBytes: cacheBytes}
	if gone {
		o.Progress = func(p Progress) {
			if p.Phase != PhaseMatch {
				return
			}
			ents, err := os.ReadDir(dir)
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range ents {
				if err := os.Remove(filepath.Join(dir, e.Name())); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	job, err := Open(context.Background(), o)
	if err != nil {
		t.Fatal(err)
	}
	rep, err := job.Check(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for i := range rep.Len() {
		r := rep.Result(i)
		b, err := json.Marshal(r)
		if err != nil {
			t.Fatal(err)
		}
		out[filepath.Base(r.Image)] = strings.ReplaceAll(string(b), dir, "DIR")
	}
	return out
}

// TestPrecompare: the comparisons the first pass makes (precompare.go)
// give the comparison pass's results exactly: a check that keeps the
// stores (so makes none) reports the same, on the sample (no image
// carries a caption) and on pictures that carry theirs. With no image
// kept, a picture removed after the first pass is still reported as
// before when it was compared then: every pair by text without findings.
func TestPrecompare(t *testing.T) {
	t.Parallel()
	planted, plantedCaptions := plantCaptioned(t)
	for _, in := range [][2]string{{copySample(t), sampleCaptions}, {planted, plantedCaptions}} {
		ref := checkResults(t, in[0], in[1], 0, CheckOptions{KeepStores: true}, false)
		got := checkResults(t, in[0], in[1], 0, CheckOptions{}, false)
		if len(got) != len(ref) {
			t.Fatalf("%d results, want %d", len(got), len(ref))
		}
		for name, want := range ref {
			if got[name] != want {
				t.Errorf("%s:\n got %s\nwant %s", name, got[name], want)
			}
		}
	}
	ref := checkResults(t, planted, plantedCaptions, 0, CheckOptions{KeepStores: true}, false)
	gone := checkResults(t, planted, plantedCaptions, -1, CheckOptions{}, true)
	same, clean := 0, 0
	for name, r := range gone {
		if strings.Contains(ref[name], `"matched_by":"text","findings":[]`) {
			clean++
		}
		if strings.Contains(r, "could not be read") {
			continue
		}
		same++
		if r != ref[name] {
			t.Errorf("%s, compared in the first pass:\n got %s\nwant %s", name, r, ref[name])
		}
	}
	if clean < len(gone)/2 || same != clean {
		t.Errorf("%d of %d images compared in the first pass, want the %d clean pairs by text (at least half)", same, len(gone), clean)
	}
}

// BenchmarkCheckUncached is a whole check (read, match, compare) of
// pictures that carry their captions with no image kept from the first
// pass, as on a folder of a hundred thousand pictures, where none fits
// the cache: the stage the first pass's comparisons (precompare.go) took
// the second read out of.
func BenchmarkCheckUncached(b *testing.B) {
	dir, captions := plantCaptioned(b)
	b.ReportAllocs()
	for b.Loop() {
		job, err := Open(context.Background(), Options{Roots: []string{dir}, Captions: CaptionSource{Path: captions}, CacheBytes: -1})
		if err != nil {
			b.Fatal(err)
		}
		if _, err := job.Check(context.Background(), CheckOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}
