package sheet

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/image/draw"
)

// ratios are the subsamplings image/jpeg decodes to.
var ratios = []image.YCbCrSubsampleRatio{image.YCbCrSubsampleRatio444, image.YCbCrSubsampleRatio422, image.YCbCrSubsampleRatio420,
	image.YCbCrSubsampleRatio440, image.YCbCrSubsampleRatio411, image.YCbCrSubsampleRatio410}

// areaReference is an area average computed the slow way: every output
// pixel the mean, in floating point, of the Y, Cb and Cr of every source
// pixel (YCbCrAt) weighted by how much of it the output pixel covers.
func areaReference(m *image.YCbCr, w, h int) (ys, cbs, crs []float64) {
	b := m.Rect
	sx, sy := float64(b.Dx())/float64(w), float64(b.Dy())/float64(h)
	ys, cbs, crs = make([]float64, w*h), make([]float64, w*h), make([]float64, w*h)
	overlap := func(lo, hi float64, j int) float64 {
		return max(0, min(hi, float64(j+1))-max(lo, float64(j)))
	}
	for oy := range h {
		for ox := range w {
			x0, x1, y0, y1 := float64(ox)*sx, float64(ox+1)*sx, float64(oy)*sy, float64(oy+1)*sy
			var s [3]float64
			for y := int(y0); y < int(math.Ceil(y1)); y++ {
				for x := int(x0); x < int(math.Ceil(x1)); x++ {
					f := overlap(x0, x1, x) * overlap(y0, y1, y)
					c := m.YCbCrAt(b.Min.X+x, b.Min.Y+y)
					s[0] += f * float64(c.Y)
					s[1] += f * float64(c.Cb)
					s[2] += f * float64(c.Cr)
				}
			}
			i, a := oy*w+ox, sx*sy
			ys[i], cbs[i], crs[i] = s[0]/a, s[1]/a, s[2]/a
		}
	}
	return ys, cbs, crs
}

// areaScale's planes give the area averages of the picture's own pixels,
// for every subsampling a JPEG decodes to, on sizes and origins that are
// and are not multiples of the chroma block and of the scale, scaled down
// and (the chroma planes of a picture barely larger than its thumbnail)
// up: within the rounding of the exact mean.
func TestAreaScaleEveryChromaLayout(t *testing.T) {
	sizes := []struct {
		r    image.Rectangle
		w, h int
	}{
		{image.Rect(0, 0, 960, 640), 240, 160},
		{image.Rect(0, 0, 1000, 756), 240, 181},
		{image.Rect(0, 0, 300, 200), 240, 160},
		{image.Rect(0, 0, 1001, 757), 100, 76},
		{image.Rect(3, 5, 3+1001, 5+757), 240, 181},
		{image.Rect(1, 1, 252, 169), 240, 161},
	}
	for _, r := range ratios {
		for _, sz := range sizes {
			name := fmt.Sprintf("%v/%dx%d->%dx%d", r, sz.r.Dx(), sz.r.Dy(), sz.w, sz.h)
			src := image.NewYCbCr(sz.r, r)
			for i := range src.Y {
				src.Y[i] = uint8(i*7 + i/13)
			}
			for i := range src.Cb {
				src.Cb[i], src.Cr[i] = uint8(i*5+i/7), uint8(i*3+i/11)
			}
			got := areaScale(src, sz.w, sz.h)
			ys, cbs, crs := areaReference(src, sz.w, sz.h)
			var off float64
			for i := range ys {
				want := color.RGBA{A: 0xFF}
				want.R, want.G, want.B = color.YCbCrToRGB(uint8(math.Round(ys[i])), uint8(math.Round(cbs[i])), uint8(math.Round(crs[i])))
				p := got.Pix[4*i : 4*i+4]
				d := max(absDiff(p[0], want.R), absDiff(p[1], want.G), absDiff(p[2], want.B))
				off += float64(d)
				// One level of Y, Cb or Cr moves R, G or B by up to 2.
				if d > 3 || p[3] != 0xFF {
					t.Fatalf("%s: pixel %d = %v, want %v", name, i, p, want)
				}
			}
			if m := off / float64(len(ys)); m > 1 {
				t.Errorf("%s: off the exact area average by %.2f levels on average, want ≤ 1", name, m)
			}
		}
	}
}

func absDiff(a, b uint8) int {
	if a > b {
		return int(a - b)
	}
	return int(b - a)
}

// realPhotos decodes up to n JPEGs of the outside corpus larger than a
// thumbnail, in a fixed order.
func realPhotos(t *testing.T, n int) map[string]*image.YCbCr {
	dir := corpusDir(t)
	var paths []string
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.EqualFold(filepath.Ext(p), ".jpg") {
			if st, err := d.Info(); err == nil && st.Size() > 20<<10 && st.Size() < 4<<20 {
				paths = append(paths, p)
			}
		}
		return nil
	})
	slices.Sort(paths)
	out := map[string]*image.YCbCr{}
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		cfg, err := jpeg.DecodeConfig(bytes.NewReader(b))
		if err != nil || cfg.Width < 2*DefaultMaxSide || cfg.Height < DefaultMaxSide || cfg.Width*cfg.Height > 16_000_000 {
			continue
		}
		m, err := jpeg.Decode(bytes.NewReader(b))
		if y, ok := m.(*image.YCbCr); err == nil && ok {
			rel, _ := filepath.Rel(dir, p)
			out[rel] = y
		}
		if len(out) == n {
			break
		}
	}
	if len(out) < 3 {
		t.Fatalf("found %d real photos in the corpus, want at least 3", len(out))
	}
	return out
}

// resample turns m into the same picture at subsampling r (each chroma
// sample the mean of the block it spans), so that one photo gives all
// three layouts JPEG cameras write.
func resample(m *image.YCbCr, r image.YCbCrSubsampleRatio) *image.YCbCr {
	out := image.NewYCbCr(m.Rect, r)
	fx, fy, _ := chromaFactors(r)
	b := m.Rect
	for y := b.Min.Y; y < b.Max.Y; y++ {
		copy(out.Y[out.YOffset(b.Min.X, y):out.YOffset(b.Min.X, y)+b.Dx()], m.Y[m.YOffset(b.Min.X, y):])
	}
	for cy := b.Min.Y / fy; cy*fy < b.Max.Y; cy++ {
		for cx := b.Min.X / fx; cx*fx < b.Max.X; cx++ {
			var cb, cr, n int
			for y := max(cy*fy, b.Min.Y); y < min(cy*fy+fy, b.Max.Y); y++ {
				for x := max(cx*fx, b.Min.X); x < min(cx*fx+fx, b.Max.X); x++ {
					c := m.YCbCrAt(x, y)
					cb, cr, n = cb+int(c.Cb), cr+int(c.Cr), n+1
				}
			}
			i := out.COffset(cx*fx, cy*fy)
			out.Cb[i], out.Cr[i] = uint8(cb/n), uint8(cr/n)
		}
	}
	return out
}

// The area scaler keeps the thumbnail's look: on real photos of the
// outside corpus, in 4:4:4, 4:2:2 and 4:2:0, its thumbnail differs from
// x/image/draw's Catmull-Rom (what encodeThumb used before) and
// approximate bilinear by about what those two differ from each other,
// a level or two of 255 on average in each colour channel: the same
// size, the same colours. (Catmull-Rom: at most 3.2 levels on these
// photos; approximate bilinear, which reads 4 of every k² pixels and so
// aliases fine detail, up to 15 on a 2-megapixel one.)
func TestAreaScaleLikeDraw(t *testing.T) {
	for name, photo := range realPhotos(t, 8) {
		for _, r := range []image.YCbCrSubsampleRatio{image.YCbCrSubsampleRatio444, image.YCbCrSubsampleRatio422, image.YCbCrSubsampleRatio420} {
			src := resample(photo, r)
			w, h := fit(src.Rect.Dx(), src.Rect.Dy(), DefaultMaxSide)
			got := areaScale(src, w, h)
			if got.Rect.Dx() != w || got.Rect.Dy() != h {
				t.Fatalf("%s %v: %v, want %dx%d", name, r, got.Rect, w, h)
			}
			for _, k := range []struct {
				name string
				s    draw.Scaler
				max  float64
			}{{"CatmullRom", draw.CatmullRom, 4}, {"ApproxBiLinear", draw.ApproxBiLinear, 16}} {
				want := image.NewRGBA(image.Rect(0, 0, w, h))
				k.s.Scale(want, want.Bounds(), src, src.Bounds(), draw.Src, nil)
				ds := channelDiffs(got, want)
				t.Logf("%s %v: off %s by %.2f %.2f %.2f", name, r, k.name, ds[0], ds[1], ds[2])
				for c, d := range ds {
					if d > k.max {
						t.Errorf("%s %v: channel %d differs from %s by %.2f on average, want ≤ %.0f", name, r, c, k.name, d, k.max)
					}
				}
			}
		}
	}
}

// channelDiffs is the mean absolute difference of R, G and B.
func channelDiffs(a, b *image.RGBA) [3]float64 {
	var d [3]float64
	n := float64(len(a.Pix) / 4)
	for i := 0; i+3 < len(a.Pix); i += 4 {
		for c := range 3 {
			d[c] += float64(absDiff(a.Pix[i+c], b.Pix[i+c]))
		}
	}
	for c := range d {
		d[c] /= n
	}
	return d
}

// BenchmarkEncodeThumb is a decoded picture's way to its thumbnail
// (scale, turn, encode) in each layout, at a wire photo's size and a
// camera's, with the area scaler and with the Catmull-Rom it replaced.
func BenchmarkEncodeThumb(b *testing.B) {
	o := ThumbOptions{}.withDefaults()
	for _, sz := range []image.Point{{1024, 683}, {4000, 3000}} {
		for _, r := range []image.YCbCrSubsampleRatio{image.YCbCrSubsampleRatio444, image.YCbCrSubsampleRatio422, image.YCbCrSubsampleRatio420} {
			src := image.NewYCbCr(image.Rect(0, 0, sz.X, sz.Y), r)
			for i := range src.Y {
				src.Y[i] = uint8(i * 7)
			}
			b.Run(fmt.Sprintf("area/%dx%d/%v", sz.X, sz.Y, r), func(b *testing.B) {
				for b.Loop() {
					if _, err := encodeThumb(src, 1, o); err != nil {
						b.Fatal(err)
					}
				}
			})
			if sz.X > 2000 {
				continue // Catmull-Rom takes a third of a second there
			}
			b.Run(fmt.Sprintf("CatmullRom/%dx%d/%v", sz.X, sz.Y, r), func(b *testing.B) {
				w, h := fit(sz.X, sz.Y, o.MaxSide)
				for b.Loop() {
					dst := image.NewRGBA(image.Rect(0, 0, w, h))
					draw.CatmullRom.Scale(dst, dst.Bounds(), src, src.Bounds(), draw.Src, nil)
					var buf bytes.Buffer
					if err := jpeg.Encode(&buf, dst, &jpeg.Options{Quality: o.Quality}); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// BenchmarkThumbnailWirePhoto is a card's thumbnail of a 1024×683 wire
// photo without an embedded one: header, decode, scale, encode.
func BenchmarkThumbnailWirePhoto(b *testing.B) {
	src := image.NewYCbCr(image.Rect(0, 0, 1024, 683), image.YCbCrSubsampleRatio420)
	seed := uint32(2463534242)
	for i := range src.Y {
		seed ^= seed << 13
		seed ^= seed >> 17
		seed ^= seed << 5
		src.Y[i] = uint8(40 + (i%1024)*150/1024 + int(seed%23))
	}
	for i := range src.Cb {
		src.Cb[i], src.Cr[i] = uint8(100+i%512/10), 140
	}
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, src, &jpeg.Options{Quality: 85}); err != nil {
		b.Fatal(err)
	}
	file := buf.Bytes()
	for b.Loop() {
		if _, err := Thumbnail(bytes.NewReader(file), int64(len(file)), ThumbOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}

// A grey picture (image/jpeg's decode of a one-component JPEG) is scaled
// the same way: each output pixel the exact mean of the area it covers,
// within rounding, grey in every channel.
func TestAreaScaleGray(t *testing.T) {
	for _, sz := range []struct {
		r    image.Rectangle
		w, h int
	}{{image.Rect(0, 0, 960, 640), 240, 160}, {image.Rect(2, 3, 2+1001, 3+757), 240, 181}, {image.Rect(0, 0, 250, 170), 240, 163}} {
		src := image.NewGray(sz.r)
		for i := range src.Pix {
			src.Pix[i] = uint8(i*7 + i/13)
		}
		// The reference: the same picture as YCbCr with neutral chroma.
		ref := image.NewYCbCr(sz.r, image.YCbCrSubsampleRatio444)
		for y := sz.r.Min.Y; y < sz.r.Max.Y; y++ {
			for x := sz.r.Min.X; x < sz.r.Max.X; x++ {
				ref.Y[ref.YOffset(x, y)] = src.GrayAt(x, y).Y
			}
		}
		ys, _, _ := areaReference(ref, sz.w, sz.h)
		got := areaScale(src, sz.w, sz.h)
		for i, want := range ys {
			p := got.Pix[4*i : 4*i+4]
			if d := math.Abs(float64(p[0]) - want); d > 0.5001 || p[1] != p[0] || p[2] != p[0] || p[3] != 0xFF {
				t.Fatalf("%v -> %dx%d: pixel %d = %v, want grey %.2f", sz.r, sz.w, sz.h, i, p, want)
			}
		}
	}
}

// A chroma plane narrower than the thumbnail (a 4:2:0 picture less than
// twice the thumbnail's size, as a decode at a reduced scale gives): each
// chroma sample is longer than an output pixel, and a flat picture stays
// its colour everywhere. The two-weights path took such a plane and put
// part of a sample on the wrong output (red came out magenta).
func TestAreaScaleChromaNarrower(t *testing.T) {
	for _, c := range []struct{ sw, sh, w, h int }{
		{160, 120, 120, 90}, {256, 171, 240, 160}, {300, 200, 240, 160}, {479, 319, 240, 160},
	} {
		for _, r := range []image.YCbCrSubsampleRatio{image.YCbCrSubsampleRatio420, image.YCbCrSubsampleRatio422, image.YCbCrSubsampleRatio411} {
			src := image.NewYCbCr(image.Rect(0, 0, c.sw, c.sh), r)
			for i := range src.Y {
				src.Y[i] = 76
			}
			for i := range src.Cb {
				src.Cb[i], src.Cr[i] = 85, 255
			}
			dst := areaScale(src, c.w, c.h)
			for y := range c.h {
				for x := range c.w {
					p := dst.RGBAAt(x, y)
					if p.R < 250 || p.G > 4 || p.B > 4 {
						t.Fatalf("%dx%d %v to %dx%d: (%d,%d) is %v, want red", c.sw, c.sh, r, c.w, c.h, x, y, p)
					}
				}
			}
		}
	}
}

// divider's multiply gives the rounded quotient a division would, at the
// largest totals a plane can sum (255 in every sample: under 256×area)
// and around every multiple of the area, up to maxMagicArea and past it
// (the float path).
func TestDividerRounds(t *testing.T) {
	for _, area := range []uint64{2, 3, 7, 240 * 160, 256 * 171, 1 << 20, 6000 * 4000, maxMagicArea - 1, maxMagicArea, maxMagicArea + 3, 50_000_000 * 5} {
		d := newDivider(area)
		var totals []uint64
		for _, q := range []uint64{0, 1, 127, 128, 254, 255} {
			for _, off := range []int64{-2, -1, 0, 1, 2} {
				if v := int64(q*area) + int64(area/2) + off; v >= 0 && uint64(v) <= 255*area {
					totals = append(totals, uint64(v))
				}
			}
		}
		totals = append(totals, 255*area, 255*area-1)
		got := make([]uint8, len(totals))
		d.round(got, totals)
		for i, x := range totals {
			if want := uint8((x + area/2) / area); got[i] != want {
				t.Errorf("area %d: %d rounds to %d, want %d", area, x, got[i], want)
			}
		}
	}
}
