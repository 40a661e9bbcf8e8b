package sheet

import (
	"context"
	"image"
	"image/color"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"golang.org/x/image/draw"
)

// chromium is Debian's headless browser (.ci/run installs it).
const chromium = "/usr/bin/chromium"

// screenshot renders page in headless Chromium at 1280×900 with the URL
// fragment frag and returns the first screen.
func screenshot(t *testing.T, page []byte, frag string) image.Image {
	t.Helper()
	dir := t.TempDir()
	file := filepath.Join(dir, "report.html")
	if err := os.WriteFile(file, page, 0o644); err != nil {
		t.Fatal(err)
	}
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

// redBorders counts the cards framed in red (the border of a card with an
// error) in m: vertical runs of red pixels at least minRun high, adjacent
// columns counted once, two borders a card.
func redBorders(m image.Image, minRun int) int {
	b := m.Bounds()
	runs := 0
	prev := false
	for x := b.Min.X; x < b.Max.X; x++ {
		longest, cur := 0, 0
		for y := b.Min.Y; y < b.Max.Y; y++ {
			r, g, bl, _ := m.At(x, y).RGBA()
			if r>>8 > 170 && g>>8 < 50 && bl>>8 < 50 {
				cur++
				longest = max(longest, cur)
			} else {
				cur = 0
			}
		}
		edge := longest >= minRun
		if edge && !prev {
			runs++
		}
		prev = edge
	}
	return runs / 2
}

// The sample report in a real browser: on "problems only" (#problems)
// the three faulty cards fill the first screen, beside each other; without
// the filter the first screen shows one of them (aleppo-01) among clean
// cards. The first screenshot is kept as captag-sheet-problems.png in the
// temporary folder for CI to collect.
func TestBrowserSample(t *testing.T) {
	if _, err := os.Stat(chromium); err != nil {
		t.Skipf("no headless browser (%v): .ci/run installs Debian's chromium; skipping the browser test", err)
	}
	if testing.Short() {
		t.Skip("-short: skipping the browser test")
	}
	page := render(t, sampleReport(t, true), Options{})

	m := screenshot(t, page, "#problems")
	if b := m.Bounds(); b.Dx() != 1280 || b.Dy() != 900 {
		t.Fatalf("screenshot %v, want 1280x900", b)
	}
	colours := map[color.RGBA]int{}
	for y := 0; y < 900; y += 3 {
		for x := 0; x < 1280; x += 3 {
			r, g, b, _ := m.At(x, y).RGBA()
			colours[color.RGBA{uint8(r >> 8), uint8(g >> 8), uint8(b >> 8), 255}]++
		}
	}
	if len(colours) < 50 {
		t.Errorf("the screenshot has %d colours: blank?", len(colours))
	}
	keep := filepath.Join(os.TempDir(), "captag-sheet-problems.png")
	if f, err := os.Create(keep); err == nil {
		png.Encode(f, m)
		f.Close()
		t.Logf("screenshot of #problems: %s", keep)
	}
	if n := redBorders(m, 400); n != 3 {
		t.Errorf("#problems: %d cards framed in red in the first screen, want the 3 faulty ones", n)
	}

	for _, c := range []struct {
		frag string
		want int
	}{{"", 1}, {"#f-creator", 1}} {
		if n := redBorders(screenshot(t, page, c.frag), 400); n != c.want {
			t.Errorf("%q: %d cards framed in red in the first screen, want %d", c.frag, n, c.want)
		}
	}

	// SHEET_README_SHOT=FILE.png writes the README's screenshot: the
	// problems view's top 1280×720 in its 256 most frequent colours.
	if out := os.Getenv("SHEET_README_SHOT"); out != "" {
		m = screenshot(t, page, "#problems")
		r := image.Rect(0, 0, 1280, 720)
		small := image.NewPaletted(r, frequentColours(m, r, 256))
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

// frequentColours is the palette of the n colours most frequent in m's r.
func frequentColours(m image.Image, r image.Rectangle, n int) color.Palette {
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
	slices.SortFunc(cs, func(a, b color.RGBA) int {
		if d := count[b] - count[a]; d != 0 {
			return d
		}
		return int(a.R)<<16 | int(a.G)<<8 | int(a.B) - (int(b.R)<<16 | int(b.G)<<8 | int(b.B))
	})
	p := make(color.Palette, 0, n)
	for _, c := range cs[:min(n, len(cs))] {
		p = append(p, c)
	}
	return p
}
