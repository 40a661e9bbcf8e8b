package jpegscale

import (
	"fmt"
	"math"
)

// This file decodes a scan: its MCUs (T.81, A.2), each block's
// coefficients (F.2.2) and their reduced inverse DCT.

// zigzag is the natural (row×8 + column) index of each coefficient in the
// order a block codes them (T.81, Figure A.6).
var zigzag = [64]uint8{
	0, 1, 8, 16, 9, 2, 3, 10,
	17, 24, 32, 25, 18, 11, 4, 5,
	12, 19, 26, 33, 40, 48, 41, 34,
	27, 20, 13, 6, 7, 14, 21, 28,
	35, 42, 49, 56, 57, 50, 43, 36,
	29, 22, 15, 23, 30, 37, 44, 51,
	58, 59, 52, 45, 38, 31, 39, 46,
	53, 60, 61, 54, 47, 55, 62, 63,
}

// maxPred bounds the DC prediction, so that damaged data (differences
// summed over many blocks) cannot overflow the arithmetic: 8-bit samples
// give DC coefficients within ±2^11.
const maxPred = 1 << 15

// Bounds of the arithmetic: a coefficient's magnitude bits are at most
// 15 (|value| < 2^15), a quantiser at most 2^16, a fold weight under 1.5
// with foldShift fraction bits: a weighted coefficient is under 2^44,
// the sum of the at most 16 folded into one under 2^48. idct4 drops 4
// fraction bits, sums four products with the matrix (2^13) and drops 13
// bits before the second pass: under 2^61. So the loop adds without
// clamping.

// foldShift is the fraction bits of the fold's weights.
const foldShift = 12

// idctShift is the fixed-point scale of the 4-point transform's matrix
// (2^13), applied twice.
const idctShift = 13

// The reduced transform gives each output sample the mean of the d×d
// pixels it stands for, as the whole 8×8 inverse DCT (A.3.3) followed by
// a box mean would, up to rounding and the whole decode's clamping of
// each pixel. Along one axis the mean over segment X (8/n pixels) of
// frequency u's basis C(u)/2·cos((2x+1)uπ/16) is a multiple w(u) of the
// n-point basis of frequency p(u) at X: frequencies above n fold onto
// those below (cos((2x+1)uπ/16) over a segment aliases to ±frequency
// 8−u, 16-u…), and those whose segment mean is zero (at 1/2 the even
// ones, at 1/4 frequency 4) drop out. So a block shrinks by adding each
// dequantised coefficient F(v, u), weighted w(v)w(u), into coefficient
// (p(v), p(u)) of an n×n block, then the n-point inverse DCT (with the
// coefficients scaled by n/8, as a DCT of a block n/8 the size has). At
// 1/8 only DC is left (the block's mean, DC/8); at 1/2 25 of the 64
// coefficients count, at 1/4 49.

// initIDCT computes the n-point matrix, M[x][p] = C(p)/2 × cos((2x+1)pπ/2n)
// for n = 4, and the fold of each frequency u: p(u) and w(u), from
// A = M·W where A[X][u] is the segment mean of u's basis (M's inverse is
// its transpose times 8/n).
func (d *decoder) initIDCT() {
	n := d.n
	basis := func(x, u, size int) float64 {
		c := 0.5 * math.Cos(float64(2*x+1)*float64(u)*math.Pi/float64(2*size))
		if u == 0 {
			c /= math.Sqrt2
		}
		return c
	}
	for x := range 4 {
		for u := range 4 {
			d.m4[x][u] = int(math.Round(basis(x, u, 4) * (1 << idctShift)))
		}
	}
	seg := 8 / n
	for u := range 8 {
		d.foldP[u], d.foldW[u] = 0, 0
		for p := range n {
			w := 0.0
			for x := range n {
				mean := 0.0
				for i := range seg {
					mean += basis(x*seg+i, u, 8)
				}
				w += basis(x, p, n) * mean / float64(seg)
			}
			w *= 8 / float64(n)
			if math.Abs(w) > 1e-9 {
				d.foldP[u], d.foldW[u] = p, w
			}
		}
	}
}

// foldTables are a scan component's per-coefficient fold, by zigzag
// index: the weighted quantiser (0 for a coefficient the scale does not
// count) and the natural index it adds into.
type foldTables struct {
	qw [64]int
	to [64]uint8
}

// fold computes the fold of quantisation table q at the decoder's scale.
func (d *decoder) fold(q *quantTable, f *foldTables) {
	for k, z := range zigzag {
		v, u := int(z)/8, int(z)%8
		w := d.foldW[v] * d.foldW[u]
		f.qw[k], f.to[k] = 0, 0
		if w != 0 {
			f.qw[k] = int(math.Round(float64(q[k]) * w * (1 << foldShift)))
			f.to[k] = uint8(d.foldP[v]*8 + d.foldP[u])
		}
	}
}

// decodeScan decodes the scan's MCUs into the planes: one block an MCU
// when the scan has one component (in the raster of that component's
// blocks, A.2.2), else Hc×Vc blocks of each component (A.2.3).
func (d *decoder) decodeScan(sc []scanComp) error {
	d.resetBits()
	var folds [3]foldTables
	for i := range sc {
		d.fold(sc[i].q, &folds[i])
		sc[i].f = &folds[i]
	}
	var pred [3]int
	var mcus, across int
	if len(sc) == 1 {
		c := sc[0].c
		cw := (d.w*c.h + d.hmax - 1) / d.hmax
		ch := (d.h*c.v + d.vmax - 1) / d.vmax
		across = (cw + 7) / 8
		mcus = across * ((ch + 7) / 8)
	} else {
		across, mcus = d.mcusX, d.mcusX*d.mcusY
	}
	rst := 0
	for m := range mcus {
		if d.restart > 0 && m > 0 && m%d.restart == 0 {
			if err := d.nextRestart(rst); err != nil {
				return err
			}
			rst = (rst + 1) & 7
			pred = [3]int{}
		}
		mx, my := m%across, m/across
		for i := range sc {
			s := &sc[i]
			if len(sc) == 1 {
				if err := d.block(s, &pred[i], mx, my); err != nil {
					return err
				}
				continue
			}
			for v := range s.c.v {
				for h := range s.c.h {
					if err := d.block(s, &pred[i], mx*s.c.h+h, my*s.c.v+v); err != nil {
						return err
					}
				}
			}
		}
		if d.nbits < d.pad {
			return fmt.Errorf("jpegscale: expected more scan data, found the end after %d of %d MCUs: %w", m, mcus, d.dataEnd())
		}
	}
	d.resetBits()
	return nil
}

// dataEnd is why the data ended: the reader's error, or a marker.
func (d *decoder) dataEnd() error {
	if d.rerr != nil {
		return d.rerr
	}
	return FormatError("a marker in the scan's data")
}

// nextRestart expects restart marker RSTn after an interval (F.1.2.3,
// F.2.2.5 is the decoder's side): the bits left of its last byte are
// dropped and the DC predictions start again.
func (d *decoder) nextRestart(n int) error {
	if d.nbits < d.pad {
		return fmt.Errorf("jpegscale: expected more scan data before a restart marker: %w", d.dataEnd())
	}
	d.resetBits()
	m, err := d.nextMarker()
	if err != nil {
		return err
	}
	if m != mRST0+byte(n) {
		return FormatError(fmt.Sprintf("expected restart marker RST%d, found marker 0x%02X", n, m))
	}
	return nil
}

// block decodes one block of s at block column bx, row by of its plane:
// the DC difference and the AC coefficients (F.2.2.1, F.2.2.2), of which
// those the scale counts are dequantised and folded into the n×n block
// and the rest only passed, then the reduced transform into the plane.
//
// It is long because it is the decoder's inner loop: the lookahead, its
// slow path and the passing of unused coefficients are kept in one
// function, with the bit buffer in locals (written back around refill),
// so that it stays in registers.
func (d *decoder) block(s *scanComp, pred *int, bx, by int) error {
	acc, nbits := d.acc, d.nbits
	if nbits < 32 {
		acc, nbits = d.refill8(acc, nbits)
	}
	// DC: a size, then that many bits of difference.
	e := s.dc.look[acc>>(64-lookBits)]
	var diff int
	if e&lookFull != 0 {
		acc <<= uint(e & 31)
		nbits -= int(e & 31)
		diff = int(e >> lookValShift)
	} else {
		var size int
		if e == 0 {
			sym, err := s.dc.slowTake(&acc, &nbits)
			if err != nil {
				return err
			}
			size = int(sym)
		} else {
			acc <<= uint(e & 31)
			nbits -= int(e & 31)
			size = int(e>>lookSizeShift) & 15
		}
		if size > 0 {
			diff = int(extend(int32(acc>>(64-size)), int32(size)))
			acc <<= uint(size)
			nbits -= size
		}
	}
	*pred = min(max(*pred+diff, -maxPred), maxPred)
	f := s.f
	coef := &d.coef
	coef[0] = *pred * f.qw[0]
	nz := 0 // ORs every AC value: none is 0, so nonzero when one was coded
	// AC: run/size symbols, EOB (0/0) and ZRL (15/0).
	look := &s.ac.look
	for k := 1; k < 64; {
		if nbits < 32 {
			var ok bool
			if acc, nbits, ok = d.load8(acc, nbits); !ok {
				acc, nbits = d.refillBytes(acc, nbits)
			}
		}
		e := look[acc>>(64-lookBits)]
		if e&lookFull != 0 {
			// The usual path: EOB and ZRL add a zero value (where does
			// not matter) and move k to the end or 16 on.
			acc <<= uint(e & 31)
			nbits -= int(e & 31)
			k += int(e>>lookAdvShift) & 127
			v := int(e >> lookValShift)
			z := (k - 1) & 63
			coef[f.to[z]&63] += v * f.qw[z]
			nz |= v
			if k > 64 && v != 0 {
				return FormatError(fmt.Sprintf("expected AC coefficients within the block, found one at %d", k-1))
			}
			continue
		}
		var r, size, v int
		if e == 0 {
			sym, err := s.ac.slowTake(&acc, &nbits)
			if err != nil {
				return err
			}
			r, size = int(sym>>4), int(sym&15)
		} else {
			acc <<= uint(e & 31)
			nbits -= int(e & 31)
			r, size = int(e>>lookRunShift)&15, int(e>>lookSizeShift)&15
		}
		if size == 0 {
			if r != 15 {
				break // EOB
			}
			k += 16 // ZRL
			continue
		}
		v = int(extend(int32(acc>>(64-size)), int32(size)))
		acc <<= uint(size)
		nbits -= size
		k += r
		if k > 63 {
			return FormatError(fmt.Sprintf("expected AC coefficients within the block, found one at %d", k))
		}
		// Without a branch: a coefficient the scale does not count has
		// weight 0.
		coef[f.to[k&63]&63] += v * f.qw[k&63]
		nz |= v
		k++
	}
	d.acc, d.nbits = acc, nbits
	c := s.c
	n := d.n
	d.idct(c.pix[(by*n)*c.stride+bx*n:], c.stride, nz != 0)
	return nil
}

// idct writes the n×n samples of the block in d.coef to dst (rows stride
// apart) and clears the coefficients it used. A block of DC alone, and
// every block at 1/8, is flat: its mean, DC/8.
func (d *decoder) idct(dst []uint8, stride int, ac bool) {
	coef := &d.coef
	n := d.n
	const one = 1 << foldShift
	if !ac || n == 1 {
		v := clamp8((coef[0]+4*one)>>(3+foldShift) + 128)
		coef[0] = 0
		for y := range n {
			row := dst[y*stride : y*stride+n]
			for x := range row {
				row[x] = v
			}
		}
		return
	}
	switch n {
	case 2:
		// The 2-point matrix is ±1/(2√2) everywhere: each sample is the
		// sum of the four coefficients, signed, over 8.
		a, b, c, e := coef[0], coef[1], coef[8], coef[9]
		const sh = 3 + foldShift
		dst[0] = clamp8((a+b+c+e+4*one)>>sh + 128)
		dst[1] = clamp8((a-b+c-e+4*one)>>sh + 128)
		dst[stride] = clamp8((a+b-c-e+4*one)>>sh + 128)
		dst[stride+1] = clamp8((a-b-c+e+4*one)>>sh + 128)
		coef[0], coef[1], coef[8], coef[9] = 0, 0, 0, 0
	case 4:
		d.idct4(dst, stride)
	}
}

// idct4 is the 4×4 transform: rows first, then columns, with the shifts
// that keep the sums within an int64 (see maxPred).
func (d *decoder) idct4(dst []uint8, stride int) {
	coef := &d.coef
	m := &d.m4
	var tmp [4][4]int // [coefficient row][sample column]
	for v := range 4 {
		f := coef[v*8 : v*8+4 : v*8+4]
		for x := range 4 {
			tmp[v][x] = (f[0]>>4*m[x][0] + f[1]>>4*m[x][1] + f[2]>>4*m[x][2] + f[3]>>4*m[x][3]) >> idctShift
		}
		f[0], f[1], f[2], f[3] = 0, 0, 0, 0
	}
	const sh = idctShift + foldShift - 4
	const half = 1 << (sh - 1)
	for y := range 4 {
		row := dst[y*stride : y*stride+4 : y*stride+4]
		for x := range 4 {
			s := m[y][0]*tmp[0][x] + m[y][1]*tmp[1][x] + m[y][2]*tmp[2][x] + m[y][3]*tmp[3][x]
			row[x] = clamp8((s+half)>>sh + 128)
		}
	}
}

func clamp8(v int) uint8 {
	return uint8(min(max(v, 0), 255))
}
