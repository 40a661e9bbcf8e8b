package jpegscale

import (
	"bytes"
	"image"
	"image/color"
	"image/jpeg"
	"math"
	"testing"

	"github.com/captag/captag/metadata/fixture"
)

// ycc420 is m (any image) as a 4:2:0 YCbCr: each chroma sample the mean
// of its 2×2 pixels.
func ycc420(m image.Image) *image.YCbCr {
	b := m.Bounds()
	out := image.NewYCbCr(image.Rect(0, 0, b.Dx(), b.Dy()), image.YCbCrSubsampleRatio420)
	var sums [][3]int
	cw := (b.Dx() + 1) / 2
	sums = make([][3]int, cw*((b.Dy()+1)/2))
	for y := range b.Dy() {
		for x := range b.Dx() {
			r, g, bl, _ := m.At(b.Min.X+x, b.Min.Y+y).RGBA()
			yy, cb, cr := color.RGBToYCbCr(uint8(r>>8), uint8(g>>8), uint8(bl>>8))
			out.Y[out.YOffset(x, y)] = yy
			s := &sums[y/2*cw+x/2]
			s[0] += int(cb)
			s[1] += int(cr)
			s[2]++
		}
	}
	for i, s := range sums {
		out.Cb[i], out.Cr[i] = uint8((s[0]+s[2]/2)/s[2]), uint8((s[1]+s[2]/2)/s[2])
	}
	return out
}

// The thumbnail encoder's JPEG decodes (image/jpeg) to the picture it was
// given, within what image/jpeg's own encoder at the same quality loses:
// on the wire photo at thumbnail sizes (even, odd, one pixel, not
// multiples of 16) and qualities 50, 75 and 95, the mean error of every
// channel over image/jpeg's by at most 0.1 levels of 255, and the files
// about as large (within 5 %).
func TestEncodeYCbCrLikeImageJPEG(t *testing.T) {
	for _, sz := range []image.Point{{240, 160}, {160, 240}, {239, 161}, {17, 9}, {1, 1}, {2, 2}, {240, 240}} {
		src := ycc420(fixture.WirePhoto(sz.X, sz.Y))
		for _, q := range []int{50, 75, 95} {
			ours, err := EncodeYCbCr(src, q)
			if err != nil {
				t.Fatal(err)
			}
			var theirs bytes.Buffer
			if err := jpeg.Encode(&theirs, src, &jpeg.Options{Quality: q}); err != nil {
				t.Fatal(err)
			}
			a, b := meanError(t, ours, src), meanError(t, theirs.Bytes(), src)
			t.Logf("%v q%d: mean error %.3f (image/jpeg %.3f), %d bytes (image/jpeg %d)", sz, q, a, b, len(ours), theirs.Len())
			if a > b+0.1 {
				t.Errorf("%v q%d: mean error %.3f, image/jpeg's %.3f", sz, q, a, b)
			}
			if r := float64(len(ours)) / float64(theirs.Len()); sz.X >= 16 && (r > 1.05 || r < 0.95) {
				t.Errorf("%v q%d: %d bytes, image/jpeg's %d", sz, q, len(ours), theirs.Len())
			}
		}
	}
}

// meanError decodes file and gives its mean difference from src over
// the Y, Cb and Cr samples of every pixel.
func meanError(t *testing.T, file []byte, src *image.YCbCr) float64 {
	m, err := jpeg.Decode(bytes.NewReader(file))
	if err != nil {
		t.Fatal(err)
	}
	got, ok := m.(*image.YCbCr)
	if !ok || got.Rect != src.Rect {
		t.Fatalf("decoded %T %v, want a YCbCr of %v", m, m.Bounds(), src.Rect)
	}
	sum, n := 0.0, 0
	for y := range src.Rect.Dy() {
		for x := range src.Rect.Dx() {
			a, b := got.YCbCrAt(x, y), src.YCbCrAt(x, y)
			sum += math.Abs(float64(a.Y)-float64(b.Y)) + math.Abs(float64(a.Cb)-float64(b.Cb)) + math.Abs(float64(a.Cr)-float64(b.Cr))
			n += 3
		}
	}
	return sum / float64(n)
}

// The AAN transform, scaled back, is T.81's DCT (A.3.3) of the block.
func TestFDCTIsTheDCT(t *testing.T) {
	var b, orig [64]float32
	seed := uint32(7)
	for i := range b {
		seed = seed*1664525 + 1013904223
		b[i] = float32(seed>>24) - 128
	}
	orig = b
	fdct(&b)
	for v := range 8 {
		for u := range 8 {
			want := 0.0
			for y := range 8 {
				for x := range 8 {
					want += float64(orig[y*8+x]) * math.Cos(float64(2*x+1)*float64(u)*math.Pi/16) * math.Cos(float64(2*y+1)*float64(v)*math.Pi/16)
				}
			}
			cu, cv := 1.0, 1.0
			if u == 0 {
				cu = 1 / math.Sqrt2
			}
			if v == 0 {
				cv = 1 / math.Sqrt2
			}
			want *= cu * cv / 4
			got := float64(b[v*8+u]) / (8 * float64(aanScale[u]) * float64(aanScale[v]))
			if math.Abs(got-want) > 1e-3*max(1, math.Abs(want)) {
				t.Errorf("coefficient (%d,%d): %.4f, want %.4f", v, u, got, want)
			}
		}
	}
}

// Pictures EncodeYCbCr does not take are refused.
func TestEncodeYCbCrRefuses(t *testing.T) {
	for _, m := range []*image.YCbCr{
		image.NewYCbCr(image.Rect(0, 0, 8, 8), image.YCbCrSubsampleRatio444),
		image.NewYCbCr(image.Rect(0, 0, 0, 8), image.YCbCrSubsampleRatio420),
		image.NewYCbCr(image.Rect(0, 0, MaxEncodeSide+1, 1), image.YCbCrSubsampleRatio420),
	} {
		if b, err := EncodeYCbCr(m, 75); err == nil {
			t.Errorf("%v %v: %d bytes, want an error", m.SubsampleRatio, m.Rect, len(b))
		}
	}
}

// BenchmarkEncodeThumb240: a 240×160 thumbnail, this encoder and
// image/jpeg's.
func BenchmarkEncodeThumb240(b *testing.B) {
	src := ycc420(fixture.WirePhoto(240, 160))
	b.Run("jpegscale", func(b *testing.B) {
		for b.Loop() {
			if _, err := EncodeYCbCr(src, 75); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("image-jpeg", func(b *testing.B) {
		for b.Loop() {
			var buf bytes.Buffer
			if err := jpeg.Encode(&buf, src, &jpeg.Options{Quality: 75}); err != nil {
				b.Fatal(err)
			}
		}
	})
}
