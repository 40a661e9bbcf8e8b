package main

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"runtime/metrics"
	"strings"
	"sync"
	"testing"
	"time"
)

// noisePicture is a 240×240 JPEG of noise: its thumbnail (the picture
// encoded again at the thumbnail quality) takes tens of kilobytes, as
// large as thumbnails get, so that a page that kept them all would show.
func noisePicture(t *testing.T) []byte {
	t.Helper()
	m := image.NewRGBA(image.Rect(0, 0, 240, 240))
	rng := rand.New(rand.NewPCG(1, 2))
	for y := range 240 {
		for x := range 240 {
			m.Set(x, y, color.RGBA{uint8(rng.Uint32()), uint8(rng.Uint32()), uint8(rng.Uint32()), 255})
		}
	}
	var b bytes.Buffer
	if err := jpeg.Encode(&b, m, &jpeg.Options{Quality: 90}); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// liveHeapPeak runs f while sampling the live heap (as of the last
// collection) every millisecond, and returns its peak above what was
// live before f.
func liveHeapPeak(f func()) (peak, before uint64) {
	sample := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	read := func() uint64 {
		metrics.Read(sample)
		return sample[0].Value.Uint64()
	}
	runtime.GC()
	before = read()
	var (
		wg   sync.WaitGroup
		max  uint64
		stop = make(chan struct{})
	)
	wg.Add(1)
	go func() {
		defer wg.Done()
		tick := time.NewTicker(time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-stop:
				return
			case <-tick.C:
				if v := read(); v > max {
					max = v
				}
			}
		}
	}()
	f()
	close(stop)
	wg.Wait()
	if max < before {
		return 0, before
	}
	return max - before, before
}

// The contact sheet streams: check --format html and match --format html
// on a folder of 700 pictures whose thumbnails take about 35 KB each
// (24 MB in all) hold the thumbnails of a few dozen at once, not of every
// picture. Before, check made every thumbnail while it compared and kept
// them (and each image's store values) until the page was written, and
// match likewise: the live heap rose by the sum of the thumbnails. The
// bound is what the window of cards made ahead may hold (64 × the largest
// thumbnail kept, 64 KB) plus a few megabytes for the job itself, well
// under the 24 MB that keeping all of them costs.
func TestHTMLMemoryStreams(t *testing.T) {
	if testing.Short() {
		t.Skip("makes 2,100 thumbnails")
	}
	const n = 700
	dir := t.TempDir()
	src := filepath.Join(dir, "noise.jpg")
	if err := os.WriteFile(src, noisePicture(t), 0o644); err != nil {
		t.Fatal(err)
	}
	photos := filepath.Join(dir, "photos")
	if err := os.Mkdir(photos, 0o755); err != nil {
		t.Fatal(err)
	}
	for i := range n {
		if err := os.Link(src, filepath.Join(photos, fmt.Sprintf("img-%05d.jpg", i))); err != nil {
			t.Skipf("no hard links here: %v", err)
		}
	}
	const caption = "ALEPPO, SYRIA - DECEMBER 19 : A man walks past destroyed buildings on December 19, 2016. ( Aref Watad - Anadolu Agency )"
	all := filepath.Join(dir, "captions.txt")
	if err := os.WriteFile(all, []byte(strings.Repeat(caption+"\n\n", n)), 0o644); err != nil {
		t.Fatal(err)
	}
	one := filepath.Join(dir, "one.txt")
	if err := os.WriteFile(one, []byte(caption+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	const bound = 64*64<<10 + 6<<20 // bytes
	for _, tt := range []struct {
		name  string
		args  []string
		cards int // the page's cards; every picture has its thumbnail
	}{
		{"check, a card per picture", []string{"check", "-j", "2", "--by", "order", "-c", all}, n},
		{"check, every picture unmatched", []string{"check", "-j", "2", "-c", one}, 0},
		{"match, every picture unmatched", []string{"match", "-j", "2", "-c", one}, 0},
	} {
		t.Run(tt.name, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "sheet.html")
			args := append(tt.args, "--format", "html", "-o", out, photos)
			var stderr bytes.Buffer
			code := -1
			peak, before := liveHeapPeak(func() {
				code = run(context.Background(), args, strings.NewReader(""), io.Discard, &stderr)
			})
			page, err := os.ReadFile(out)
			if err != nil {
				t.Fatalf("exit %d, no page: %v; stderr:\n%s", code, err, stderr.String())
			}
			imgs := bytes.Count(page, []byte(`<img alt="" src="data:image/jpeg;base64,`))
			if got := bytes.Count(page, []byte(`<section class="card`)); got != tt.cards || imgs != n {
				t.Fatalf("exit %d: %d cards and %d thumbnails, want %d and %d; stderr:\n%s", code, got, imgs, tt.cards, n, stderr.String())
			}
			t.Logf("%d thumbnails, %.1f MB of page; live heap %.1f MB before, peak %.1f MB above it (bound %.1f MB)",
				imgs, float64(len(page))/1e6, float64(before)/1e6, float64(peak)/1e6, float64(bound)/1e6)
			if peak > bound {
				t.Errorf("the live heap rose by %.1f MB while the page was made, more than %.1f MB: the thumbnails are kept, not streamed",
					float64(peak)/1e6, float64(bound)/1e6)
			}
		})
	}
}
