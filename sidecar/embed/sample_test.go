package embed

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/captag/captag/metadata"
	"github.com/captag/captag/metadata/caption"
	"github.com/captag/captag/metadata/check"
	"github.com/captag/captag/sidecar"
)

// sampleFindings matches the sample folder's captions to its images and
// returns check's error findings per file ("aleppo-16.jpg: credit iptc").
func sampleFindings(t *testing.T, dir string, recs []caption.Record) []string {
	t.Helper()
	names, err := filepath.Glob(filepath.Join(dir, "*.jpg"))
	if err != nil || len(names) == 0 {
		t.Fatalf("no sample images in %s: %v", dir, err)
	}
	sort.Strings(names)
	var imgs []*metadata.Image
	for _, n := range names {
		b, err := os.ReadFile(n)
		if err != nil {
			t.Fatal(err)
		}
		imgs = append(imgs, read(t, b))
		imgs[len(imgs)-1].Path = n
	}
	plan, err := check.Match(recs, imgs, check.StrategyAuto)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, p := range plan.Pairs {
		for _, f := range check.Compare(recs[p.Record], imgs[p.Image], p.By, check.Options{}) {
			if f.Severity == metadata.SeverityError {
				out = append(out, fmt.Sprintf("%s: %s %s", filepath.Base(imgs[p.Image].Path), f.Field, f.Store))
			}
		}
	}
	return out
}

// TestSampleFolder embeds the sample folder's captions (testdata/aleppo,
// made by cmd/captag-fixture, with three planted faults) into copies of
// its images, as `captag write --embed` will, and checks what
// `captag check` then finds. Left: the date fault (the capture date is the
// camera's); the credit fault of aleppo-16.jpg, because check also reads
// the copyright stores (EXIF Copyright, IIM 2:116, dc:rights: "AFP") and
// the mapping writes dc:rights only from a caption's copyright column;
// and without Options.EXIF the creator fault of aleppo-12.jpg, which stays
// in EXIF Artist. A second run changes no byte.
func TestSampleFolder(t *testing.T) {
	f, err := os.Open(filepath.Join("..", "..", "testdata", "aleppo-2016-captions.txt"))
	if err != nil {
		t.Fatal(err)
	}
	recs, err := caption.Parse(f, caption.Options{})
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	src := filepath.Join("..", "..", "testdata", "aleppo")
	before := sampleFindings(t, src, recs)
	t.Logf("before: %q", before)

	for _, tc := range []struct {
		exif bool
		want string // the error findings left
	}{
		{true, "aleppo-01.jpg: date; aleppo-16.jpg: credit"},
		{false, "aleppo-01.jpg: date; aleppo-12.jpg: creator; aleppo-16.jpg: credit"},
	} {
		t.Run(fmt.Sprintf("exif=%v", tc.exif), func(t *testing.T) {
			dir := t.TempDir()
			names, _ := filepath.Glob(filepath.Join(src, "*.jpg"))
			for _, n := range names {
				b, _ := os.ReadFile(n)
				if err := os.WriteFile(filepath.Join(dir, filepath.Base(n)), b, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			var imgs []*metadata.Image
			for _, n := range names {
				b, _ := os.ReadFile(n)
				im := read(t, b)
				im.Path = filepath.Join(dir, filepath.Base(n))
				imgs = append(imgs, im)
			}
			plan, err := check.Match(recs, imgs, check.StrategyAuto)
			if err != nil {
				t.Fatal(err)
			}
			opt := FileOptions{Options: Options{EXIF: tc.exif}}
			for _, p := range plan.Pairs {
				if _, err := File(imgs[p.Image].Path, recs[p.Record], opt); err != nil {
					t.Fatalf("%s: %v", imgs[p.Image].Path, err)
				}
			}
			var left []string
			seen := map[string]bool{}
			for _, f := range sampleFindings(t, dir, recs) {
				k := f[:strings.LastIndexByte(f, ' ')] // per file and field
				if !seen[k] {
					seen[k] = true
					left = append(left, k)
				}
			}
			if got := strings.Join(left, "; "); got != tc.want {
				t.Errorf("after embedding, check finds %q, want %q (all: %q)", got, tc.want, sampleFindings(t, dir, recs))
			}
			// Idempotent.
			snap := map[string][]byte{}
			for _, im := range imgs {
				snap[im.Path], _ = os.ReadFile(im.Path)
			}
			for _, p := range plan.Pairs {
				res, err := File(imgs[p.Image].Path, recs[p.Record], opt)
				if err != nil || res.Outcome != sidecar.Unchanged {
					t.Errorf("second run on %s: %v, outcome %v", imgs[p.Image].Path, err, res.Outcome)
				}
			}
			for path, b := range snap {
				if now, _ := os.ReadFile(path); !bytes.Equal(now, b) {
					t.Errorf("second run changed %s", path)
				}
			}
		})
	}
}
