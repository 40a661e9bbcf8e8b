package jpegscale

import (
	"bytes"
	"image"
	"image/jpeg"
	"testing"

	"github.com/captag/captag/metadata/fixture"
)

func encodeQ(t testing.TB, m image.Image, q int) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := jpeg.Encode(&b, m, &jpeg.Options{Quality: q}); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// Tolerances on the wire photos by scale (measured 2026-12-02, see the
// test's log: the worst mean 0.18, 0.08 and 0.08 at 1/2, 1/4 and 1/8, the
// largest error 5, 2 and 1): rounding, and the clamping of a few pixels
// of the texture in the dark disc.
var (
	tolWireMean = map[int]float64{2: 0.25, 4: 0.15, 8: 0.1}
	tolWireMax  = map[int]int{2: 6, 4: 3, 8: 1}
)

// TestDecodeWirePhoto: on the fixture's wire photos (1024×683 as
// captag-bench -pixels makes them, and sizes that are not multiples of 8
// or 16) at qualities 75 and 95, Decode at 1/2, 1/4 and 1/8 is
// image/jpeg's full decode box-averaged to the same size within
// tolWireMean on average and tolWireMax at most (samples cut by the
// picture's edge apart).
func TestDecodeWirePhoto(t *testing.T) {
	for _, sz := range []image.Point{{1024, 683}, {683, 1024}, {333, 257}, {1001, 75}} {
		for _, q := range []int{75, 95} {
			b := encodeQ(t, fixture.WirePhoto(sz.X, sz.Y), q)
			want, err := jpeg.Decode(bytes.NewReader(b))
			if err != nil {
				t.Fatal(err)
			}
			for _, d := range []int{2, 4, 8} {
				got, err := Decode(bytes.NewReader(b), d)
				if err != nil {
					t.Fatalf("%v q%d 1/%d: %v", sz, q, d, err)
				}
				if g := got.Bounds().Size(); g != image.Pt((sz.X+d-1)/d, (sz.Y+d-1)/d) {
					t.Fatalf("%v 1/%d: %v", sz, d, g)
				}
				st, ok := compareScaled(got, want, d, "")
				if !ok {
					t.Fatalf("%v q%d 1/%d: layouts differ: %T", sz, q, d, got)
				}
				t.Logf("%v q%d 1/%d: mean %.3f max %d", sz, q, d, st.mean(), st.max)
				if st.mean() > tolWireMean[d] || st.max > tolWireMax[d] {
					t.Errorf("%v q%d 1/%d: mean error %.3f, largest %d; want at most %.2f and %d", sz, q, d, st.mean(), st.max, tolWireMean[d], tolWireMax[d])
				}
			}
		}
	}
}

// BenchmarkDecodeWirePhoto: a 1024×683 wire photo at quality 85 at 1/4
// (what a 240-pixel thumbnail takes), at 1/8 (DC alone) and, for
// comparison, image/jpeg's whole decode.
func BenchmarkDecodeWirePhoto(b *testing.B) {
	file := encodeQ(b, fixture.WirePhoto(1024, 683), 85)
	for _, sc := range []struct {
		name string
		d    int
	}{{"quarter", 4}, {"eighth", 8}} {
		b.Run(sc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Decode(bytes.NewReader(file), sc.d); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
	b.Run("image-jpeg", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := jpeg.Decode(bytes.NewReader(file)); err != nil {
				b.Fatal(err)
			}
		}
	})
}
