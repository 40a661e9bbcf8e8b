package sheet

import (
	"image"
	"image/color"
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
		y := scalePlane(plane{m.Pix[m.PixOffset(b.Min.X, b.Min.Y):], W, H, m.Stride}, w, h,
			planeCovers(W, W, 1, 0, w), planeCovers(H, H, 1, 0, h), uint64(W)*uint64(H), nil)
		for i, v := range y {
			p := dst.Pix[4*i : 4*i+4 : 4*i+4]
			p[0], p[1], p[2], p[3] = v, v, v, 0xFF
		}
	case *image.YCbCr:
		b := m.Rect
		fx, fy, _ := chromaFactors(m.SubsampleRatio)
		// The chroma samples the picture's rows and columns touch.
		cw := (b.Max.X+fx-1)/fx - b.Min.X/fx
		ch := (b.Max.Y+fy-1)/fy - b.Min.Y/fy
		c0 := m.COffset(b.Min.X, b.Min.Y)
		W, H := b.Dx(), b.Dy()
		area := uint64(W) * uint64(H)
		acc := make([]uint64, w*h)
		y := scalePlane(plane{m.Y[m.YOffset(b.Min.X, b.Min.Y):], W, H, m.YStride}, w, h,
			planeCovers(W, W, 1, 0, w), planeCovers(H, H, 1, 0, h), area, acc)
		// A chroma block starts at a multiple of fx (fy) in the picture's
		// coordinates: the first may start before the picture.
		cx, cy := planeCovers(cw, W, fx, b.Min.X-b.Min.X/fx*fx, w), planeCovers(ch, H, fy, b.Min.Y-b.Min.Y/fy*fy, h)
		cb := scalePlane(plane{m.Cb[c0:], cw, ch, m.CStride}, w, h, cx, cy, area, acc)
		cr := scalePlane(plane{m.Cr[c0:], cw, ch, m.CStride}, w, h, cx, cy, area, acc)
		for i := range y {
			r, g, bl := color.YCbCrToRGB(y[i], cb[i], cr[i])
			p := dst.Pix[4*i : 4*i+4 : 4*i+4]
			p[0], p[1], p[2], p[3] = r, g, bl, 0xFF
		}
	}
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

// scalePlane scales p to w×h and returns the w×h samples, row after row,
// each the mean of the part of the picture its pixel covers. p's samples
// lie over the picture's pixels as xs and ys say (one each for luma, one
// per chroma block), and area is the picture's pixels (W×H): each source
// row is summed across into w sums weighted by xs (each at most W×255),
// those added into the output rows the row covers weighted by ys (each
// total at most W×H×255, hence uint64), and each total divided, rounded,
// by an output pixel's area in these units, W×H.
//
// acc, when not nil, is w×h sums to use (areaScale shares one among its
// planes rather than allocate each its own); scalePlane clears it.
func scalePlane(p plane, w, h int, xs, ys []cover, area uint64, acc []uint64) []uint8 {
	// Row sums fit a uint32: at most W×255 (W < maxAreaWidth). Two more
	// than the outputs: the three-weights path adds past the last.
	row := make([]uint32, w+2)
	if acc == nil {
		acc = make([]uint64, h*w)
	}
	acc = acc[:h*w]
	clear(acc)
	// When no sample is longer than an output (so it spans at most two),
	// each column's two weights (the second 0 for a sample inside one
	// output). A longer sample (a chroma plane narrower than the
	// thumbnail) takes the general path: an output then need not start a
	// sample, which the loop below counts on.
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
	for sy := range p.h {
		clear(row)
		src := p.pix[sy*p.stride : sy*p.stride+p.w]
		sumRow(row, src, pairs, triples, xs)
		c := ys[sy]
		rest := c.size
		for k := range c.n {
			f := c.part(k, rest)
			rest -= f
			out := acc[int(c.out+k)*w : int(c.out+k)*w+w]
			for x, s := range row[:w] {
				out[x] += uint64(f) * uint64(s)
			}
		}
	}
	out := make([]uint8, w*h)
	// The rounded quotient (acc+area/2)/area without a 64-bit division
	// each (a third of the scale's time): a float64 reciprocal gives it
	// within one (the dividend is under 2^48, exact in a float64), and
	// the integers settle it.
	inv := 1 / float64(area)
	for i := range out {
		x := acc[i] + area/2
		q := uint64(float64(x) * inv)
		if q*area > x {
			q--
		} else if (q+1)*area <= x {
			q++
		}
		out[i] = uint8(q)
	}
	return out
}
