package jpegscale

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/jpeg"
	"io"
	"math"
	"runtime"
	"testing"
)

// Smooth planes over the picture (picture coordinates), steep enough
// (1–1.5 levels a pixel) that a mix-up of blocks, MCUs, components or
// sampling shows as a large error, and within 0–255 up to 101×75.
func lumaAt(x, y float64) float64 { return 20 + 1.5*x + 1.0*y }
func cbAt(x, y float64) float64   { return 30 + 0.8*x + 1.5*y }
func crAt(x, y float64) float64   { return 230 - 1.2*x - 0.8*y }

// layout builds the components of a w×h picture with the given sampling
// factors: each samples its plane at its own sample centres.
func layout(w, h int, factors ...[2]int) []testComp {
	hmax, vmax := 1, 1
	for _, f := range factors {
		hmax, vmax = max(hmax, f[0]), max(vmax, f[1])
	}
	fns := []func(x, y float64) float64{lumaAt, cbAt, crAt}
	var cs []testComp
	for i, f := range factors {
		sx, sy := float64(hmax)/float64(f[0]), float64(vmax)/float64(f[1])
		if len(factors) == 1 {
			sx, sy = 1, 1
		}
		fn := fns[i]
		cs = append(cs, testComp{f[0], f[1], func(x, y int) float64 {
			return fn((float64(x)+0.5)*sx, (float64(y)+0.5)*sy)
		}})
	}
	return cs
}

// tolLayout is the largest error of a decoded sample against the smooth
// plane at the centre of the area it stands for: the quantiser (2), the
// higher frequencies of a ramp that the reduced transform drops, and the
// encoder's padding past the picture's edge (the last sample repeated),
// most at 1/8 of a component sampled 4 times more coarsely (a sample for
// 32 pixels). A block out of place is 8 pixels off: 12 levels.
const tolLayout = 8

// TestDecodeLayouts: grey, every image.YCbCr subsampling, layouts it has
// no ratio for, non-interleaved scans, restart intervals, SOF1 and odd
// sizes decode at 1/2, 1/4 and 1/8 to the picture's smooth planes, and to
// image/jpeg's decode box-averaged where image/jpeg takes the file.
func TestDecodeLayouts(t *testing.T) {
	type tc struct {
		name     string
		factors  [][2]int
		restart  int
		separate bool
		sof1     bool
	}
	cases := []tc{
		{name: "grey", factors: [][2]int{{1, 1}}},
		{name: "grey declared 2x2", factors: [][2]int{{2, 2}}},
		{name: "444", factors: [][2]int{{1, 1}, {1, 1}, {1, 1}}},
		{name: "422", factors: [][2]int{{2, 1}, {1, 1}, {1, 1}}},
		{name: "420", factors: [][2]int{{2, 2}, {1, 1}, {1, 1}}},
		{name: "440", factors: [][2]int{{1, 2}, {1, 1}, {1, 1}}},
		{name: "411", factors: [][2]int{{4, 1}, {1, 1}, {1, 1}}},
		{name: "410", factors: [][2]int{{4, 2}, {1, 1}, {1, 1}}},
		{name: "all 2x1", factors: [][2]int{{2, 1}, {2, 1}, {2, 1}}},
		{name: "all 2x2 separate", factors: [][2]int{{2, 2}, {2, 2}, {2, 2}}, separate: true},
		{name: "chroma unlike", factors: [][2]int{{2, 2}, {1, 1}, {2, 1}}},
		{name: "luma not largest", factors: [][2]int{{1, 1}, {2, 2}, {2, 2}}},
		{name: "factor 3", factors: [][2]int{{3, 1}, {1, 1}, {1, 1}}},
		{name: "4x4 separate", factors: [][2]int{{4, 4}, {1, 1}, {1, 1}}, separate: true},
		{name: "420 separate", factors: [][2]int{{2, 2}, {1, 1}, {1, 1}}, separate: true},
		{name: "420 restart 1", factors: [][2]int{{2, 2}, {1, 1}, {1, 1}}, restart: 1},
		{name: "420 restart 3", factors: [][2]int{{2, 2}, {1, 1}, {1, 1}}, restart: 3},
		{name: "420 separate restart 5", factors: [][2]int{{2, 2}, {1, 1}, {1, 1}}, separate: true, restart: 5},
		{name: "grey restart 2", factors: [][2]int{{1, 1}}, restart: 2},
		{name: "422 sof1", factors: [][2]int{{2, 1}, {1, 1}, {1, 1}}, sof1: true},
	}
	for _, c := range cases {
		for _, sz := range []image.Point{{64, 48}, {33, 17}, {101, 75}, {7, 5}} {
			f := testFrame{w: sz.X, h: sz.Y, comps: layout(sz.X, sz.Y, c.factors...), restart: c.restart, separate: c.separate, sof1: c.sof1, q: 2}
			file := encodeTest(f)
			want, errWant := jpeg.Decode(bytes.NewReader(file))
			for _, d := range []int{2, 4, 8} {
				name := fmt.Sprintf("%s %v 1/%d", c.name, sz, d)
				got, err := Decode(bytes.NewReader(file), d)
				if err != nil {
					t.Errorf("%s: %v", name, err)
					continue
				}
				if g := got.Bounds(); g != image.Rect(0, 0, (sz.X+d-1)/d, (sz.Y+d-1)/d) {
					t.Errorf("%s: bounds %v", name, g)
					continue
				}
				if e := smoothError(got, sz, d, c.factors); e > tolLayout {
					t.Errorf("%s: %d from the smooth planes, want at most %d", name, e, tolLayout)
				}
				if errWant != nil {
					continue
				}
				if st, ok := compareScaled(got, want, d, name); ok && (st.mean() > 1 || st.max > 4) {
					t.Errorf("%s: mean %.2f, largest %d from image/jpeg's decode averaged; want at most 1 and 4", name, st.mean(), st.max)
				}
			}
		}
	}
}

// smoothError is the largest difference between a decoded sample and
// the smooth plane at the centre of the picture area the sample stands
// for: a component sampled hmax/h times more coarsely than the picture
// gives one sample per hmax/h output pixels across (likewise down).
func smoothError(m image.Image, sz image.Point, d int, factors [][2]int) int {
	b := m.Bounds()
	hmax, vmax := 1, 1
	for _, f := range factors {
		hmax, vmax = max(hmax, f[0]), max(vmax, f[1])
	}
	if len(factors) == 1 {
		factors = [][2]int{{1, 1}}
		hmax, vmax = 1, 1
	}
	// centre is the middle of the cut picture area of the sample of a
	// component r outputs wide under output pixel i.
	centre := func(i, r, side int) float64 {
		lo := i / r * r * d
		return (float64(lo) + float64(min(lo+r*d, side))) / 2
	}
	fns := []func(x, y float64) float64{lumaAt, cbAt, crAt}
	worst := 0
	for y := range b.Dy() {
		for x := range b.Dx() {
			var vals []uint8
			if g, ok := m.(*image.Gray); ok {
				vals = []uint8{g.GrayAt(x, y).Y}
			} else {
				p := m.(*image.YCbCr).YCbCrAt(x, y)
				vals = []uint8{p.Y, p.Cb, p.Cr}
			}
			for i, v := range vals {
				rx, ry := hmax/factors[i][0], vmax/factors[i][1]
				want := fns[i](centre(x, rx, sz.X), centre(y, ry, sz.Y))
				worst = max(worst, int(math.Abs(float64(v)-want)+0.5))
			}
		}
	}
	return worst
}

// A 420 picture with restart markers, for the damage tests.
func restartFile() []byte {
	return encodeTest(testFrame{w: 101, h: 75, comps: layout(101, 75, [2]int{2, 2}, [2]int{1, 1}, [2]int{1, 1}), restart: 2, q: 2})
}

// TestDecodeDamaged: truncated scans, a restart marker out of order, a
// marker inside the data, bad tables and headers are errors (and never
// panics); what the decoder does not take is ErrUnsupported.
func TestDecodeDamaged(t *testing.T) {
	good := restartFile()
	sos := bytes.LastIndex(good, []byte{0xFF, 0xDA})
	rst := bytes.Index(good[sos:], []byte{0xFF, 0xD1}) + sos
	replace := func(at int, b ...byte) []byte {
		out := append([]byte{}, good...)
		copy(out[at:], b)
		return out
	}
	sof := bytes.Index(good, []byte{0xFF, 0xC0})
	dht := bytes.Index(good, []byte{0xFF, 0xC4})
	cases := []struct {
		name string
		data []byte
		eof  bool // the error is io.ErrUnexpectedEOF
		unsu bool // ErrUnsupported
	}{
		{name: "cut in the scan header", data: good[:sos+6], eof: true},
		{name: "cut at a quarter of the scan", data: good[:sos+(len(good)-sos)/4], eof: true},
		{name: "cut at half the scan", data: good[:sos+(len(good)-sos)/2], eof: true},
		{name: "cut before EOI", data: good[:len(good)-2], eof: true},
		{name: "EOI at half the scan", data: append(append([]byte{}, good[:sos+(len(good)-sos)/2]...), 0xFF, 0xD9)},
		{name: "RST1 where RST0 belongs", data: replace(rst, 0xFF, 0xD0)},
		{name: "no SOI", data: good[2:]},
		{name: "DHT counts over 256", data: replace(dht+5, 0xFF, 0xFF, 0xFF)},
		{name: "sampling factor 0", data: replace(sof+11, 0x00)},
		{name: "empty", data: nil},
		{name: "progressive", data: replace(sof+1, 0xC2), unsu: true},
		{name: "arithmetic", data: replace(sof+1, 0xC9), unsu: true},
		{name: "12-bit", data: replace(sof+4, 12), unsu: true},
	}
	for _, c := range cases {
		for _, d := range []int{2, 8} {
			m, err := Decode(bytes.NewReader(c.data), d)
			switch {
			case err == nil:
				t.Errorf("%s 1/%d: decoded %v, want an error", c.name, d, m.Bounds())
			case c.eof && !errors.Is(err, io.ErrUnexpectedEOF):
				t.Errorf("%s 1/%d: %v, want io.ErrUnexpectedEOF", c.name, d, err)
			case c.unsu != errors.Is(err, ErrUnsupported):
				t.Errorf("%s 1/%d: %v, want ErrUnsupported %v", c.name, d, err, c.unsu)
			}
		}
	}
	if _, err := Decode(bytes.NewReader(good), 2); err != nil {
		t.Fatalf("the undamaged file: %v", err)
	}
}

// Cost bounds what Decode allocates, and is a small part of a whole
// decode's cost for a picture the sheet shrinks.
func TestCostBoundsAllocation(t *testing.T) {
	for _, c := range []struct {
		w, h    int
		factors [][2]int
	}{
		{1024, 683, [][2]int{{2, 2}, {1, 1}, {1, 1}}},
		{517, 333, [][2]int{{4, 2}, {1, 1}, {1, 1}}},
		{517, 333, [][2]int{{1, 1}, {2, 2}, {2, 2}}},
		{640, 480, [][2]int{{1, 1}}},
	} {
		file := encodeTest(testFrame{w: c.w, h: c.h, comps: layout(c.w, c.h, c.factors...), q: 8})
		for _, d := range []int{2, 4, 8} {
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			_, err := Decode(bytes.NewReader(file), d)
			runtime.ReadMemStats(&after)
			if err != nil {
				t.Fatal(err)
			}
			allocs := int64(after.TotalAlloc - before.TotalAlloc)
			if cost := Cost(c.w, c.h, len(c.factors), d); allocs > cost {
				t.Errorf("%dx%d %v 1/%d: %d bytes allocated, more than Cost's %d", c.w, c.h, c.factors, d, allocs, cost)
			}
		}
	}
	if got, whole := Cost(1024, 683, 3, 4), int64(1024*683*3); got > whole/4 {
		t.Errorf("Cost of a 1024×683 picture at 1/4: %d, want under a quarter of its %d bytes of pixels", got, whole)
	}
}

// Scale picks the smallest picture at least side long.
func TestScale(t *testing.T) {
	for _, c := range []struct{ w, h, side, want int }{
		{1024, 683, 240, 4}, {683, 1024, 240, 4}, {6000, 4000, 240, 8}, {1920, 1080, 240, 8},
		{1919, 1080, 240, 8}, {1911, 1080, 240, 4}, {479, 320, 240, 2}, {477, 320, 240, 1}, {200, 100, 240, 1}, {1024, 683, 64, 8},
	} {
		if got := Scale(c.w, c.h, c.side); got != c.want {
			t.Errorf("Scale(%d, %d, %d) = %d, want %d", c.w, c.h, c.side, got, c.want)
		}
	}
}
