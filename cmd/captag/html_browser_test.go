package main

import (
	"context"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"
	"time"
)

// chromium is Debian's headless browser (.ci/run installs it).
const chromium = "/usr/bin/chromium"

// shoot renders the page at file in headless Chromium at 1280×900 with the
// URL fragment frag and returns the first screen.
func shoot(t *testing.T, file, frag string) image.Image {
	t.Helper()
	dir := t.TempDir()
	shot := filepath.Join(dir, "shot.png")
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
		"--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync",
		"--hide-scrollbars", "--user-data-dir="+filepath.Join(dir, "profile"), "--screenshot="+shot,
		"--window-size=1280,900", "file://"+file+frag)
	cmd.WaitDelay = 5 * time.Second
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("chromium: %v\n%s", err, out)
	}
	f, err := os.Open(shot)
	if err != nil {
		t.Fatalf("chromium wrote no screenshot: %v", err)
	}
	defer f.Close()
	m, err := png.Decode(f)
	if err != nil {
		t.Fatalf("the screenshot: %v", err)
	}
	return m
}

// redFrames counts the cards framed in red (a card with an error) in m:
// columns holding a vertical run of red at least minRun pixels high,
// adjacent columns counted once, two edges a card.
func redFrames(m image.Image, minRun int) int {
	b := m.Bounds()
	edges, prev := 0, false
	for x := b.Min.X; x < b.Max.X; x++ {
		run, longest := 0, 0
		for y := b.Min.Y; y < b.Max.Y; y++ {
			r, g, bl, _ := m.At(x, y).RGBA()
			if r>>8 > 170 && g>>8 < 50 && bl>>8 < 50 {
				run++
				longest = max(longest, run)
			} else {
				run = 0
			}
		}
		edge := longest >= minRun
		if edge && !prev {
			edges++
		}
		prev = edge
	}
	return edges / 2
}

// The page captag check --format html -o writes for the sample folder, in
// a real browser: on "problems only" the first screen shows the three
// faulty cards and is not blank; unfiltered, one of them among clean
// cards; "by creator", aleppo-12 alone. The problems screenshot is kept
// as captag-check-html.png in the temporary folder for CI to collect;
// CAPTAG_README_SHOT=FILE.png writes the README's screenshot (its top
// 1280×720 in its 256 most frequent colours).
func TestHTMLBrowser(t *testing.T) {
	if _, err := os.Stat(chromium); err != nil {
		t.Skipf("no headless browser (%v): .ci/run installs Debian's chromium; skipping the browser test", err)
	}
	if testing.Short() {
		t.Skip("-short: skipping the browser test")
	}
	dir, captions := sampleDir(t)
	page := filepath.Join(dir, "sheet.html")
	// Relative names, as a desk types them: the page's header shows the
	// command line.
	t.Chdir(dir)
	_, stderr, code := runCaptagInProcess("check", "--captions", filepath.Base(captions), "--format", "html", "-o", "sheet.html", "aleppo")
	if code != exitProblems {
		t.Fatalf("exit %d, want %d; stderr:\n%s", code, exitProblems, stderr)
	}
	m := shoot(t, page, "#problems")
	colours := map[color.RGBA]bool{}
	b := m.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y += 3 {
		for x := b.Min.X; x < b.Max.X; x += 3 {
			r, g, bl, _ := m.At(x, y).RGBA()
			colours[color.RGBA{uint8(r >> 8), uint8(g >> 8), uint8(bl >> 8), 255}] = true
		}
	}
	if len(colours) < 50 {
		t.Errorf("the screenshot has %d colours: blank?", len(colours))
	}
	keep := filepath.Join(os.TempDir(), "captag-check-html.png")
	if f, err := os.Create(keep); err == nil {
		png.Encode(f, m)
		f.Close()
		t.Logf("screenshot of #problems: %s", keep)
	}
	if n := redFrames(m, 400); n != 3 {
		t.Errorf("#problems: %d cards framed in red in the first screen, want the 3 faulty ones", n)
	}
	for _, c := range []struct {
		frag string
		want int
	}{{"", 1}, {"#f-creator", 1}} { // unfiltered: aleppo-01 among clean cards; by creator: aleppo-12 alone
		if n := redFrames(shoot(t, page, c.frag), 400); n != c.want {
			t.Errorf("%q: %d cards framed in red in the first screen, want %d", c.frag, n, c.want)
		}
	}

	if out := os.Getenv("CAPTAG_README_SHOT"); out != "" {
		r := image.Rect(0, 0, 1280, 720)
		small := image.NewPaletted(r, frequent(m, r, 256))
		draw.Draw(small, r, m, image.Point{}, draw.Src)
		f, err := os.Create(out)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		if err := (&png.Encoder{CompressionLevel: png.BestCompression}).Encode(f, small); err != nil {
			t.Fatal(err)
		}
	}
}

// frequent is the palette of the n colours most frequent in m's r.
func frequent(m image.Image, r image.Rectangle, n int) color.Palette {
	count := map[color.RGBA]int{}
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			c, g, b, _ := m.At(x, y).RGBA()
			count[color.RGBA{uint8(c >> 8), uint8(g >> 8), uint8(b >> 8), 255}]++
		}
	}
	cs := make([]color.RGBA, 0, len(count))
	for c := range count {
		cs = append(cs, c)
	}
	key := func(c color.RGBA) int { return int(c.R)<<16 | int(c.G)<<8 | int(c.B) }
	slices.SortFunc(cs, func(a, b color.RGBA) int {
		if d := count[b] - count[a]; d != 0 {
			return d
		}
		return key(a) - key(b)
	})
	p := make(color.Palette, 0, n)
	for _, c := range cs[:min(n, len(cs))] {
		p = append(p, c)
	}
	return p
}
