package jpegscale

import (
	"fmt"
	"image"
	"math"
	"math/bits"
)

// This file encodes the contact sheet's thumbnails: a baseline JPEG of a
// 4:2:0 YCbCr picture, as image/jpeg's encoder makes one (the same
// tables: T.81 Annex K's quantisers scaled by quality as libjpeg does, and
// its example Huffman tables, K.3), with the forward DCT of Arai, Agui
// and Nakajima in floating point (T.81 A.3.3 up to the scale of each
// coefficient, which the quantisers absorb) and each coefficient
// quantised by a multiply: image/jpeg divides each of the 64 coefficients
// of every block, a third of its time on a 240×160 thumbnail.

// MaxEncodeSide caps EncodeYCbCr's width and height (a frame header
// gives them in 16 bits).
const MaxEncodeSide = 1<<16 - 1

// unscaledQuant are T.81's example quantisers (K.1), luminance then
// chrominance, in zigzag order.
var unscaledQuant = [2][64]uint8{{
	16, 11, 12, 14, 12, 10, 16, 14, 13, 14, 18, 17, 16, 19, 24, 40,
	26, 24, 22, 22, 24, 49, 35, 37, 29, 40, 58, 51, 61, 60, 57, 51,
	56, 55, 64, 72, 92, 78, 64, 68, 87, 69, 55, 56, 80, 109, 81, 87,
	95, 98, 103, 104, 103, 62, 77, 113, 121, 112, 100, 120, 92, 101, 103, 99,
}, {
	17, 18, 18, 24, 21, 24, 47, 26, 26, 47, 99, 66, 56, 66, 99, 99,
	99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99,
	99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99,
	99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99,
}}

// huffSpec is a Huffman table as DHT gives it: the number of codes of
// each length 1–16 and the symbols in code order.
type huffSpec struct {
	counts [16]uint8
	vals   []uint8
}

// exampleHuff are T.81's example Huffman tables (K.3): luminance DC and
// AC, chrominance DC and AC.
var exampleHuff = [4]huffSpec{
	{[16]uint8{0, 1, 5, 1, 1, 1, 1, 1, 1}, []uint8{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}},
	{[16]uint8{0, 2, 1, 3, 3, 2, 4, 3, 5, 5, 4, 4, 0, 0, 1, 125}, []uint8{
		0x01, 0x02, 0x03, 0x00, 0x04, 0x11, 0x05, 0x12, 0x21, 0x31, 0x41, 0x06, 0x13, 0x51, 0x61, 0x07,
		0x22, 0x71, 0x14, 0x32, 0x81, 0x91, 0xa1, 0x08, 0x23, 0x42, 0xb1, 0xc1, 0x15, 0x52, 0xd1, 0xf0,
		0x24, 0x33, 0x62, 0x72, 0x82, 0x09, 0x0a, 0x16, 0x17, 0x18, 0x19, 0x1a, 0x25, 0x26, 0x27, 0x28,
		0x29, 0x2a, 0x34, 0x35, 0x36, 0x37, 0x38, 0x39, 0x3a, 0x43, 0x44, 0x45, 0x46, 0x47, 0x48, 0x49,
		0x4a, 0x53, 0x54, 0x55, 0x56, 0x57, 0x58, 0x59, 0x5a, 0x63, 0x64, 0x65, 0x66, 0x67, 0x68, 0x69,
		0x6a, 0x73, 0x74, 0x75, 0x76, 0x77, 0x78, 0x79, 0x7a, 0x83, 0x84, 0x85, 0x86, 0x87, 0x88, 0x89,
		0x8a, 0x92, 0x93, 0x94, 0x95, 0x96, 0x97, 0x98, 0x99, 0x9a, 0xa2, 0xa3, 0xa4, 0xa5, 0xa6, 0xa7,
		0xa8, 0xa9, 0xaa, 0xb2, 0xb3, 0xb4, 0xb5, 0xb6, 0xb7, 0xb8, 0xb9, 0xba, 0xc2, 0xc3, 0xc4, 0xc5,
		0xc6, 0xc7, 0xc8, 0xc9, 0xca, 0xd2, 0xd3, 0xd4, 0xd5, 0xd6, 0xd7, 0xd8, 0xd9, 0xda, 0xe1, 0xe2,
		0xe3, 0xe4, 0xe5, 0xe6, 0xe7, 0xe8, 0xe9, 0xea, 0xf1, 0xf2, 0xf3, 0xf4, 0xf5, 0xf6, 0xf7, 0xf8,
		0xf9, 0xfa,
	}},
	{[16]uint8{0, 3, 1, 1, 1, 1, 1, 1, 1, 1, 1}, []uint8{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}},
	{[16]uint8{0, 2, 1, 2, 4, 4, 3, 4, 7, 5, 4, 4, 0, 1, 2, 119}, []uint8{
		0x00, 0x01, 0x02, 0x03, 0x11, 0x04, 0x05, 0x21, 0x31, 0x06, 0x12, 0x41, 0x51, 0x07, 0x61, 0x71,
		0x13, 0x22, 0x32, 0x81, 0x08, 0x14, 0x42, 0x91, 0xa1, 0xb1, 0xc1, 0x09, 0x23, 0x33, 0x52, 0xf0,
		0x15, 0x62, 0x72, 0xd1, 0x0a, 0x16, 0x24, 0x34, 0xe1, 0x25, 0xf1, 0x17, 0x18, 0x19, 0x1a, 0x26,
		0x27, 0x28, 0x29, 0x2a, 0x35, 0x36, 0x37, 0x38, 0x39, 0x3a, 0x43, 0x44, 0x45, 0x46, 0x47, 0x48,
		0x49, 0x4a, 0x53, 0x54, 0x55, 0x56, 0x57, 0x58, 0x59, 0x5a, 0x63, 0x64, 0x65, 0x66, 0x67, 0x68,
		0x69, 0x6a, 0x73, 0x74, 0x75, 0x76, 0x77, 0x78, 0x79, 0x7a, 0x82, 0x83, 0x84, 0x85, 0x86, 0x87,
		0x88, 0x89, 0x8a, 0x92, 0x93, 0x94, 0x95, 0x96, 0x97, 0x98, 0x99, 0x9a, 0xa2, 0xa3, 0xa4, 0xa5,
		0xa6, 0xa7, 0xa8, 0xa9, 0xaa, 0xb2, 0xb3, 0xb4, 0xb5, 0xb6, 0xb7, 0xb8, 0xb9, 0xba, 0xc2, 0xc3,
		0xc4, 0xc5, 0xc6, 0xc7, 0xc8, 0xc9, 0xca, 0xd2, 0xd3, 0xd4, 0xd5, 0xd6, 0xd7, 0xd8, 0xd9, 0xda,
		0xe2, 0xe3, 0xe4, 0xe5, 0xe6, 0xe7, 0xe8, 0xe9, 0xea, 0xf2, 0xf3, 0xf4, 0xf5, 0xf6, 0xf7, 0xf8,
		0xf9, 0xfa,
	}},
}

// aanScale is the factor the AAN transform leaves on frequency k of each
// axis: cos(kπ/16)·√2, 1 for k = 0.
var aanScale = [8]float32{1, 1.387039845, 1.306562965, 1.175875602, 1, 0.785694958, 0.541196100, 0.275899379}

// encoder is one thumbnail's encoding state.
type encoder struct {
	quant [2][64]uint8   // zigzag order, as DQT gives them
	recip [2][64]float32 // natural order: 1 / (quantiser × the AAN scales × 8)
	code  [4][256]uint32 // each symbol's code, its length in the top 8 bits
	out   []byte
	acc   uint64 // bits not yet written, the first at the top of the nbits
	nbits uint
	blk   [64]float32
}

// EncodeYCbCr encodes m (4:2:0, at most MaxEncodeSide each way) as a
// baseline JPEG at quality 1–100.
func EncodeYCbCr(m *image.YCbCr, quality int) ([]byte, error) {
	w, h := m.Rect.Dx(), m.Rect.Dy()
	if m.SubsampleRatio != image.YCbCrSubsampleRatio420 || w < 1 || h < 1 || w > MaxEncodeSide || h > MaxEncodeSide {
		return nil, fmt.Errorf("jpegscale: expected a 4:2:0 picture of 1 to %d pixels a side, found %v %dx%d", MaxEncodeSide, m.SubsampleRatio, w, h)
	}
	e := &encoder{out: make([]byte, 0, 1024+w*h/4)}
	e.tables(min(max(quality, 1), 100))
	e.headers(w, h)
	var prev [3]int32
	for my := 0; my < h; my += 16 {
		for mx := 0; mx < w; mx += 16 {
			for i := range 4 {
				x, y := mx+i%2*8, my+i/2*8
				e.load(m.Y[m.YOffset(m.Rect.Min.X, m.Rect.Min.Y):], m.YStride, x, y, w, h)
				prev[0] = e.block(0, prev[0])
			}
			cw, ch := (w+1)/2, (h+1)/2
			c0 := m.COffset(m.Rect.Min.X, m.Rect.Min.Y)
			e.load(m.Cb[c0:], m.CStride, mx/2, my/2, cw, ch)
			prev[1] = e.block(1, prev[1])
			e.load(m.Cr[c0:], m.CStride, mx/2, my/2, cw, ch)
			prev[2] = e.block(1, prev[2])
		}
	}
	// The last byte's free bits are 1s (F.1.2.3).
	e.put(0x7F, 7)
	e.out = append(e.out, 0xFF, 0xD9)
	return e.out, nil
}

// tables scales the quantisers by quality as libjpeg does
// (jpeg_quality_scaling) and makes their reciprocals and the codes.
func (e *encoder) tables(quality int) {
	scale := 200 - 2*quality
	if quality < 50 {
		scale = 5000 / quality
	}
	for t := range 2 {
		for k, q := range unscaledQuant[t] {
			v := uint8(min(max((int(q)*scale+50)/100, 1), 255))
			e.quant[t][k] = v
			n := zigzag[k]
			e.recip[t][n] = 1 / (float32(v) * aanScale[n/8] * aanScale[n%8] * 8)
		}
	}
	for t, s := range exampleHuff {
		code, k := uint32(0), 0
		for l, n := range s.counts {
			for range n {
				e.code[t][s.vals[k]] = uint32(l+1)<<24 | code
				code++
				k++
			}
			code <<= 1
		}
	}
}

// headers writes SOI, the tables, the frame (Y 2×2, Cb and Cr 1×1) and
// the scan header (B.2).
func (e *encoder) headers(w, h int) {
	o := append(e.out, 0xFF, 0xD8)
	o = append(o, 0xFF, 0xDB, 0, 2+2*65)
	for t := range 2 {
		o = append(o, byte(t))
		o = append(o, e.quant[t][:]...)
	}
	o = append(o, 0xFF, 0xC0, 0, 17, 8, byte(h>>8), byte(h), byte(w>>8), byte(w), 3,
		1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1)
	n := 2
	for _, s := range exampleHuff {
		n += 17 + len(s.vals)
	}
	o = append(o, 0xFF, 0xC4, byte(n>>8), byte(n))
	for t, s := range exampleHuff {
		o = append(o, byte(t%2<<4|t/2)) // class (DC 0, AC 1), table
		o = append(o, s.counts[:]...)
		o = append(o, s.vals...)
	}
	e.out = append(o, 0xFF, 0xDA, 0, 12, 3, 1, 0x00, 2, 0x11, 3, 0x11, 0, 63, 0)
}

// load reads the 8×8 block at (x, y) of a w×h plane into e.blk, level
// shifted, repeating the last column and row past the plane's edge.
func (e *encoder) load(pix []uint8, stride, x, y, w, h int) {
	for j := range 8 {
		row := pix[min(y+j, h-1)*stride:]
		b := e.blk[j*8 : j*8+8 : j*8+8]
		if x+8 <= w {
			r := row[x : x+8 : x+8]
			for i := range b {
				b[i] = float32(r[i]) - 128
			}
			continue
		}
		for i := range b {
			b[i] = float32(row[min(x+i, w-1)]) - 128
		}
	}
}

// block transforms, quantises and codes e.blk with quantiser table q and
// Huffman tables DC 2q, AC 2q+1 (F.1.2), returning its DC. The AC
// coefficients that are not zero are found from a mask of them, so that
// the runs of zeros cost no branch a coefficient.
func (e *encoder) block(q int, prev int32) int32 {
	fdct(&e.blk)
	r := &e.recip[q]
	var z [64]int32
	var nz uint64
	for k, n := range zigzag {
		v := quantise(e.blk[n&63] * r[n&63])
		z[k] = v
		nz |= uint64(uint32(v|-v)>>31) << k
	}
	dc, ac := &e.code[2*q], &e.code[2*q+1]
	e.putValue(dc, 0, z[0]-prev)
	k := 1
	for m := nz >> 1; m != 0; {
		zeros := bits.TrailingZeros64(m)
		k += zeros
		run := zeros
		for ; run > 15; run -= 16 {
			e.putCode(ac[0xF0])
		}
		e.putValue(ac, run, z[k&63])
		k++
		m >>= uint(zeros) + 1
	}
	if k < 64 {
		e.putCode(ac[0x00]) // EOB
	}
	return z[0]
}

// maxCoef bounds a quantised coefficient: sizes up to 10 for AC (F.1.2.2)
// and 11 for DC differences, which 8-bit samples stay within; the clamp
// keeps rounding from ever making a symbol the tables lack.
const maxCoef = 1023

// quantise rounds v half away from zero, as image/jpeg's encoder does,
// without a branch on the sign (half of them would be mispredicted): the
// conversion truncates toward zero, so ±0.5 of v's sign is added first.
func quantise(v float32) int32 {
	half := math.Float32frombits(math.Float32bits(v)&(1<<31) | math.Float32bits(0.5))
	return min(max(int32(v+half), -maxCoef), maxCoef)
}

// putValue codes run zeros then v: the symbol of run and v's size, then
// its magnitude bits (F.1.2.1, F.1.2.2).
func (e *encoder) putValue(t *[256]uint32, run int, v int32) {
	a := v
	if v < 0 {
		a, v = -v, v-1
	}
	size := uint(bits.Len32(uint32(a)))
	c := t[run<<4|int(size)]
	e.put((c&0xFFFF)<<size|uint32(v)&(1<<size-1), uint(c>>24)+size)
}

// putCode writes a code as tables packs it.
func (e *encoder) putCode(c uint32) { e.put(c&0xFFFF, uint(c>>24)) }

// put writes the n low bits of v, stuffing a 0 after each 0xFF byte.
func (e *encoder) put(v uint32, n uint) {
	e.acc = e.acc<<n | uint64(v)
	e.nbits += n
	for e.nbits >= 8 {
		b := byte(e.acc >> (e.nbits - 8))
		e.out = append(e.out, b)
		if b == 0xFF {
			e.out = append(e.out, 0)
		}
		e.nbits -= 8
	}
}

// fdct is the AAN forward DCT of b in place, rows then columns: each
// output is the true DCT's coefficient times 8 and aanScale of its two
// frequencies (libjpeg's jfdctflt).
func fdct(b *[64]float32) {
	for i := range 8 {
		fdct8(b, i*8, 1)
	}
	for i := range 8 {
		fdct8(b, i, 8)
	}
}

// fdct8 transforms the 8 values of b from off, step apart.
func fdct8(b *[64]float32, off, step int) {
	p := func(i int) *float32 { return &b[off+i*step] }
	d0, d1, d2, d3, d4, d5, d6, d7 := *p(0), *p(1), *p(2), *p(3), *p(4), *p(5), *p(6), *p(7)
	t0, t7 := d0+d7, d0-d7
	t1, t6 := d1+d6, d1-d6
	t2, t5 := d2+d5, d2-d5
	t3, t4 := d3+d4, d3-d4
	// Even part.
	t10, t13 := t0+t3, t0-t3
	t11, t12 := t1+t2, t1-t2
	*p(0), *p(4) = t10+t11, t10-t11
	z1 := (t12 + t13) * 0.707106781
	*p(2), *p(6) = t13+z1, t13-z1
	// Odd part.
	t10, t11, t12 = t4+t5, t5+t6, t6+t7
	z5 := (t10 - t12) * 0.382683433
	z2 := 0.541196100*t10 + z5
	z4 := 1.306562965*t12 + z5
	z3 := t11 * 0.707106781
	z11, z13 := t7+z3, t7-z3
	*p(5), *p(3) = z13+z2, z13-z2
	*p(1), *p(7) = z11+z4, z11-z4
}
