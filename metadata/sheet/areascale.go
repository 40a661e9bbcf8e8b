package sheet

import (
	"image"
	"image/color"
	"math/bits"
)

// This file holds the contact sheet's scaler for the pictures image/jpeg
// decodes (*image.YCbCr of every subsampling, *image.Gray): an area
// average straight from the planes into the thumbnail's RGBA, each output
// pixel the mean of the source area it covers (source pixels cut by its
// edges count by the part inside). Each plane is scaled on its own, at
// its own resolution (a 4:2:0 picture's chroma planes are half the luma's
// each way), and the three are joined only at the thumbnail's size, so a
// picture costs one pass over its samples and a conversion per thumbnail
// pixel. x/image/draw's Catmull-Rom (which encodeThumb used, after a
// box shrink by a whole factor) took 23 ms to scale and encode a
// 1024×683 4:2:0 picture on the project's machine, this 4 ms
// (BenchmarkEncodeThumb). A JPEG is now decoded at a reduced scale
// (package jpegscale), so this mostly scales a picture less than twice
// the thumbnail's size whose chroma planes are smaller than the
// thumbnail (sumRow's three weights).
//
// The arithmetic is exact in integers (see covers and scalePlane).

// maxAreaWidth bounds the pictures areaScale takes: a row's sums fit a
// uint32 (at most width×255); a JPEG is at most 65,535 pixels wide.
const maxAreaWidth = 1 << 24

// areaScalable reports whether areaScale takes img: a grey or YCbCr
// picture at a non-negative origin (as decoders make them), less than
// maxAreaWidth wide.
func areaScalable(img image.Image) bool {
	if b := img.Bounds(); b.Min.X < 0 || b.Min.Y < 0 || b.Dx() >= maxAreaWidth {
		return false
	}
	switch m := img.(type) {
	case *image.Gray:
		return true
	case *image.YCbCr:
		_, _, ok := chromaFactors(m.SubsampleRatio)
		return ok
	}
	return false
}

// chromaFactors is how many luma samples one chroma sample spans across
// and down.
func chromaFactors(r image.YCbCrSubsampleRatio) (fx, fy int, ok bool) {
	switch r {
	case image.YCbCrSubsampleRatio444:
		return 1, 1, true
	case image.YCbCrSubsampleRatio422:
		return 2, 1, true
	case image.YCbCrSubsampleRatio420:
		return 2, 2, true
	case image.YCbCrSubsampleRatio440:
		return 1, 2, true
	case image.YCbCrSubsampleRatio411:
		return 4, 1, true
	case image.YCbCrSubsampleRatio410:
		return 4, 2, true
	}
	return 0, 0, false
}

// plane is one channel of samples: w×h of them, row y at pix[y*stride:].
type plane struct {
	pix          []uint8
	w, h, stride int
}

// areaScale scales img (areaScalable) to w×h, no larger than img, by area
// averages into a new RGBA.
func areaScale(img image.Image, w, h int) *image.RGBA {
	dst := image.NewRGBA(image.Rect(0, 0, w, h))
	switch m := img.(type) {
	case *image.Gray:
		b := m.Rect
		W, H := b.Dx(), b.Dy()
		y := make([]uint8, w*h)
		scalePlane(plane{m.Pix[m.PixOffset(b.Min.X, b.Min.Y):], W, H, m.Stride}, w, h,
			planeCovers(W, W, 1, 0, w), planeCovers(H, H, 1, 0, h), uint64(W)*uint64(H), &scaleScratch{}, y)
		for i, v := range y {
			p := dst.Pix[4*i : 4*i+4 : 4*i+4]
			p[0], p[1], p[2], p[3] = v, v, v, 0xFF
		}
	case *image.YCbCr:
		t := areaScaleYCbCr(m, w, h, image.YCbCrSubsampleRatio444)
		for i := range t.Y {
			r, g, bl := color.YCbCrToRGB(t.Y[i], t.Cb[i], t.Cr[i])
			p := dst.Pix[4*i : 4*i+4 : 4*i+4]
			p[0], p[1], p[2], p[3] = r, g, bl, 0xFF
		}
	}
	return dst
}

// areaScaleYCbCr scales m (areaScalable) to w×h, no larger than m, by
// area averages into a new YCbCr of ratio r, 4:4:4 or (w and h even)
// 4:2:0: each plane on its own, at its own resolution (a 4:2:0 picture's
// chroma planes are half the luma's each way), so that no sample is
// converted to RGB and back before the thumbnail's JPEG encoder takes it.
// At 4:2:0 each chroma sample is the mean of the picture under a 2×2
// block of the thumbnail, which is what image/jpeg's encoder (always
// 4:2:0) makes of a 4:4:4 thumbnail, rounded once instead of twice, from
// a quarter of the work.
func areaScaleYCbCr(m *image.YCbCr, w, h int, r image.YCbCrSubsampleRatio) *image.YCbCr {
	dst := image.NewYCbCr(image.Rect(0, 0, w, h), r)
	ow, oh := w, h
	if r == image.YCbCrSubsampleRatio420 {
		ow, oh = w/2, h/2
	}
	b := m.Rect
	fx, fy, _ := chromaFactors(m.SubsampleRatio)
	// The chroma samples the picture's rows and columns touch.
	cw := (b.Max.X+fx-1)/fx - b.Min.X/fx
	ch := (b.Max.Y+fy-1)/fy - b.Min.Y/fy
	c0 := m.COffset(b.Min.X, b.Min.Y)
	W, H := b.Dx(), b.Dy()
	area := uint64(W) * uint64(H)
	var s scaleScratch
	scalePlane(plane{m.Y[m.YOffset(b.Min.X, b.Min.Y):], W, H, m.YStride}, w, h,
		planeCovers(W, W, 1, 0, w), planeCovers(H, H, 1, 0, h), area, &s, dst.Y)
	// A chroma block starts at a multiple of fx (fy) in the picture's
	// coordinates: the first may start before the picture.
	cx, cy := planeCovers(cw, W, fx, b.Min.X-b.Min.X/fx*fx, ow), planeCovers(ch, H, fy, b.Min.Y-b.Min.Y/fy*fy, oh)
	scalePlane(plane{m.Cb[c0:], cw, ch, m.CStride}, ow, oh, cx, cy, area, &s, dst.Cb)
	scalePlane(plane{m.Cr[c0:], cw, ch, m.CStride}, ow, oh, cx, cy, area, &s, dst.Cr)
	return dst
}

// cover is where a source sample goes along one axis: the outputs from
// out to out+n-1, the first getting first of it, the middle ones whole
// outputs' length each (middle), the last the rest of the sample's
// length (size). Units: a picture pixel is m long (m the number of
// outputs), an output as long as the picture has pixels on that axis.
// A sample spans one or two outputs when the output is no longer than
// the source, more when it is longer (a chroma plane smaller than the
// thumbnail).
type cover struct {
	out, n              int32
	first, middle, size uint32
}

// covers lays count samples over m outputs of a picture total pixels
// long; sample j spans the picture's pixels [edge(j), edge(j+1)).
func covers(count, total, m int, edge func(j int) int) []cover {
	cs := make([]cover, count)
	n := int64(total)
	for j := range cs {
		lo, hi := int64(edge(j))*int64(m), int64(edge(j+1))*int64(m)
		i0, i1 := lo/n, (hi-1)/n // the outputs it touches
		first := min(hi, (i0+1)*n) - lo
		cs[j] = cover{out: int32(i0), n: int32(i1 - i0 + 1), first: uint32(first), middle: uint32(n), size: uint32(hi - lo)}
	}
	return cs
}

// planeCovers lays a plane's count samples, each span picture pixels
// long but the first, which starts skip pixels before the picture, and
// the last, cut at its end, over m outputs.
func planeCovers(count, total, span, skip, m int) []cover {
	return covers(count, total, m, func(j int) int { return min(max(j*span-skip, 0), total) })
}

// part is how much of c's input sample goes to its k-th output sample,
// rest being what the outputs before it left.
func (c cover) part(k int32, rest uint32) uint32 {
	switch {
	case k == 0:
		return min(c.first, c.size)
	case k == c.n-1:
		return rest
	}
	return c.middle
}

// spread adds v×(its part) to each output sample c covers.
func (c cover) spread(dst []uint32, v uint32) {
	rest := c.size
	for k := range c.n {
		f := c.part(k, rest)
		rest -= f
		dst[c.out+k] += f * v
	}
}

// sumRow adds a source row's samples into row, weighted as xs say: by
// their two weights (pairs), their three (triples), or in general.
func sumRow(row []uint32, src []uint8, pairs []pair, triples []triple, xs []cover) {
	switch {
	case pairs != nil:
		// The output being summed and the part of the last sample
		// that falls on the next are kept in registers: every output
		// starts a sample (it is no shorter than one), so the next
		// column's output is this one or the one after.
		pairs := pairs[:len(src)]
		o := pairs[0].out
		var cur, next uint32
		for sx, v := range src {
			c := pairs[sx]
			if c.out != o {
				row[o], cur, next, o = cur, next, 0, c.out
			}
			cur += c.a * uint32(v)
			next += c.b * uint32(v)
		}
		row[o] = cur
		row[o+1] += next
	case triples != nil:
		for sx, v := range src {
			t := &triples[sx]
			r := row[t.out : t.out+3 : t.out+3]
			r[0] += t.w[0] * uint32(v)
			r[1] += t.w[1] * uint32(v)
			r[2] += t.w[2] * uint32(v)
		}
	default:
		for sx, v := range src {
			xs[sx].spread(row, uint32(v))
		}
	}
}

// pair is a sample's weights on the (at most) two outputs from out.
type pair struct{ out, a, b uint32 }

// triple is a sample's weights on the (at most) three outputs from out.
type triple struct {
	out uint32
	w   [3]uint32
}

// spreadTriples is, when want and no sample of xs spans more than three
// outputs, each sample's three weights (a chroma plane narrower than the
// thumbnail, each sample up to two outputs long); else nil.
func spreadTriples(xs []cover, want bool) []triple {
	if !want {
		return nil
	}
	ts := make([]triple, len(xs))
	for i, c := range xs {
		if c.n > 3 {
			return nil
		}
		ts[i].out = uint32(c.out)
		rest := c.size
		for k := range c.n {
			f := c.part(k, rest)
			rest -= f
			ts[i].w[k] = f
		}
	}
	return ts
}

// scaleScratch is the buffers scalePlane reuses from plane to plane.
type scaleScratch struct {
	ring []uint32 // the row sums of the last few source rows
	acc  []uint64 // one output row's totals
	taps []rowTap
	off  []int32
}

// rowTap is a source row's part of an output row.
type rowTap struct {
	sy int32
	f  uint32
}

// rowTaps inverts ys: the source rows of output row oy are
// s.taps[s.off[oy]:s.off[oy+1]], in increasing order, with their parts;
// span is the most rows one output row takes.
func (s *scaleScratch) rowTaps(ys []cover, h int) (span int) {
	s.off = append(s.off[:0], make([]int32, h+1)...)
	for _, c := range ys {
		for k := range c.n {
			s.off[c.out+k+1]++
		}
	}
	for i := range h {
		s.off[i+1] += s.off[i]
	}
	s.taps = append(s.taps[:0], make([]rowTap, s.off[h])...)
	pos := make([]int32, h)
	copy(pos, s.off)
	for sy, c := range ys {
		rest := c.size
		for k := range c.n {
			f := c.part(k, rest)
			rest -= f
			o := c.out + k
			s.taps[pos[o]] = rowTap{int32(sy), f}
			pos[o]++
		}
	}
	for oy := range h {
		if ts := s.taps[s.off[oy]:s.off[oy+1]]; len(ts) > 0 {
			span = max(span, int(ts[len(ts)-1].sy-ts[0].sy)+1)
		}
	}
	return span
}

// scalePlane scales p to w×h into dst (w×h samples, row after row), each
// the mean of the part of the picture its pixel covers. p's samples lie
// over the picture's pixels as xs and ys say (one each for luma, one per
// chroma block), and area is the picture's pixels (W×H): each source row
// is summed across into w sums weighted by xs (each at most W×255), the
// sums of the rows an output row covers added weighted by ys (each total
// at most W×H×255, hence uint64), and each total divided, rounded, by an
// output pixel's area in these units, W×H. Output rows are made one at a
// time, from a ring of the last source rows' sums (each source row is
// summed once), so that nothing of the size of the thumbnail is held but
// dst.
func scalePlane(p plane, w, h int, xs, ys []cover, area uint64, s *scaleScratch, dst []uint8) {
	span := s.rowTaps(ys, h)
	// Row sums fit a uint32: at most W×255 (W < maxAreaWidth). Two more
	// than the outputs: the three-weights path adds past the last.
	stride := w + 2
	s.ring = append(s.ring[:0], make([]uint32, span*stride)...)
	s.acc = append(s.acc[:0], make([]uint64, w)...)
	// When no sample is longer than an output (so it spans at most two),
	// each column's two weights (the second 0 for a sample inside one
	// output). A longer sample (a chroma plane narrower than the
	// thumbnail) takes the general path: an output then need not start a
	// sample, which sumRow counts on.
	var pairs []pair
	for _, c := range xs {
		if c.n > 2 || c.size > c.middle {
			pairs = nil
			break
		}
		a := min(c.first, c.size)
		pairs = append(pairs, pair{uint32(c.out), a, c.size - a})
	}
	triples := spreadTriples(xs, pairs == nil)
	div := newDivider(area)
	next := 0 // the next source row to sum
	for oy := range h {
		ts := s.taps[s.off[oy]:s.off[oy+1]]
		for last := int(ts[len(ts)-1].sy); next <= last; next++ {
			row := s.ring[(next%span)*stride : (next%span+1)*stride]
			clear(row)
			sumRow(row, p.pix[next*p.stride:next*p.stride+p.w], pairs, triples, xs)
		}
		acc := s.acc[:w]
		for i, t := range ts {
			k := int(t.sy) % span
			row := s.ring[k*stride : k*stride+w]
			f := uint64(t.f)
			if i == 0 {
				for x, v := range row {
					acc[x] = f * uint64(v)
				}
				continue
			}
			for x, v := range row {
				acc[x] += f * uint64(v)
			}
		}
		div.round(dst[oy*w:oy*w+w], acc)
	}
}

// maxMagicArea is the largest area divider's multiply divides exactly: a
// total is under 256×area, and the multiply's error is under total/2^64,
// which stays below 1/area while area² ≤ 2^56.
const maxMagicArea = 1 << 28

// divider rounds totals divided by one area: (t + area/2) / area, by a
// multiply with 2^64/area rounded up (exact below maxMagicArea), else by
// a float64 reciprocal settled with integers.
type divider struct {
	area, magic uint64
	inv         float64
}

func newDivider(area uint64) divider {
	d := divider{area: area, inv: 1 / float64(area)}
	if area >= 2 && area <= maxMagicArea {
		d.magic = ^uint64(0)/area + 1
	}
	return d
}

// round writes each total of acc divided, rounded, to dst.
func (d divider) round(dst []uint8, acc []uint64) {
	dst = dst[:len(acc)]
	half := d.area / 2
	if d.magic != 0 {
		for i, t := range acc {
			q, _ := bits.Mul64(t+half, d.magic)
			dst[i] = uint8(q)
		}
		return
	}
	for i, t := range acc {
		x := t + half
		q := uint64(float64(x) * d.inv)
		if q*d.area > x {
			q--
		} else if (q+1)*d.area <= x {
			q++
		}
		dst[i] = uint8(q)
	}
}
