// Package jpegscale decodes a sequential Huffman JPEG at a reduced scale
// (1/2, 1/4 or 1/8 on each side) for the contact sheet's thumbnails.
//
// A JPEG stores each 8×8 block of a component as its discrete cosine
// transform (ITU-T T.81, A.3.3). The mean of each (8/N)×(8/N) part of the
// block is an N-point inverse DCT of N×N coefficients made from the 64:
// the top-left N×N, with each higher frequency added onto the one below
// N that it aliases to over those parts, weighted (scan.go has the
// derivation). For N = 1 that is the DC coefficient over 8, the block's
// mean; at 1/2 25 of the 64 coefficients count, at 1/4 49. So the
// picture is the whole decode's box-averaged, up to rounding and the
// whole decode's clamping of each pixel, while the Huffman decode still
// reads every coefficient (the entropy code has no way to skip) but only
// N×N samples a block are transformed and (N/8)² of the picture is held.
// (libjpeg's scaled decode keeps only the top-left N×N coefficients: a
// low-pass of each block, not its box mean; on the corpus that was 0.5
// levels off the box mean on average at 1/2 and 1/4, up to 131 at an
// edge, and 4.9 in RGB on a camera photo's thumbnail.)
//
// Decode takes baseline and extended sequential frames (SOF0, SOF1) of
// 8-bit samples, one component (grey) or three (YCbCr), sampling factors
// 1–4, interleaved and non-interleaved scans, restart intervals. Anything
// else (progressive, lossless, arithmetic coding, 12-bit samples, two or
// four components, Adobe RGB or CMYK) is ErrUnsupported: the caller
// decodes those another way. Damaged data is an error, never a panic: the
// bytes are walked with every length checked, the Huffman tables are
// validated when they are defined, and the planes are allocated once from
// the frame's declared size, which is capped at MaxPixels.
package jpegscale

import (
	"errors"
	"fmt"
	"image"
	"io"
	"sync"
)

const (
	// MaxPixels caps the frame Decode takes (width × height as the frame
	// header declares them): at 1/2 scale three planes of a quarter of
	// it, about 50 MB.
	MaxPixels = 1 << 26
	// readBufSize is the reader's buffer.
	readBufSize = 32 << 10
	// maxSegment is the largest marker segment payload (its length field
	// is 16 bits and counts itself).
	maxSegment = 1<<16 - 1 - 2
	// decoderOverhead is what a decode allocates besides its planes: the
	// reader's buffer, a segment, the Huffman and quantisation tables.
	decoderOverhead = readBufSize + maxSegment + 64<<10
	// maxReadRetries caps reads that return no bytes and no error.
	maxReadRetries = 100
)

// ErrUnsupported is wrapped by the error Decode gives for a JPEG it does
// not decode (progressive, arithmetic, 12-bit, CMYK, …).
var ErrUnsupported = errors.New("jpegscale: not a JPEG this decoder takes")

func unsupported(what string) error {
	return fmt.Errorf("%w: %s", ErrUnsupported, what)
}

// FormatError is damaged or invalid JPEG data.
type FormatError string

func (e FormatError) Error() string { return "jpegscale: " + string(e) }

// Scale is the largest denominator d of 2, 4 and 8 whose picture is still
// at least side pixels on its long side, or 1 when even 1/2 is smaller
// (the picture is then best decoded whole).
func Scale(w, h, side int) int {
	long := max(w, h)
	for d := 8; d > 1; d /= 2 {
		if (long+d-1)/d >= side {
			return d
		}
	}
	return 1
}

// Cost is at most what Decode allocates for a w×h picture of ncomp
// components at 1/d: each component's plane padded to whole blocks and
// MCUs (at most 4 blocks more each way), a second set of full-size planes
// for a sampling layout image.YCbCr has no ratio for, and the decoder's
// buffers and tables.
func Cost(w, h, ncomp, d int) int64 {
	if d < 1 || d > 8 {
		d = 1
	}
	n := int64(8 / d)
	sw, sh := int64((w+d-1)/d), int64((h+d-1)/d)
	c := int64(ncomp) * (sw + 4*n) * (sh + 4*n)
	if ncomp == 3 {
		c += 3 * sw * sh
	}
	return c + decoderOverhead
}

// Decode decodes the JPEG in r at 1/d (2, 4 or 8): an *image.Gray for one
// component, an *image.YCbCr for three, ceil(w/d)×ceil(h/d) pixels. A
// JPEG it does not take gives an error wrapping ErrUnsupported; damaged
// data a FormatError or the reader's error (io.ErrUnexpectedEOF when the
// data ends early).
func Decode(r io.Reader, d int) (image.Image, error) {
	if d != 2 && d != 4 && d != 8 {
		return nil, fmt.Errorf("jpegscale: expected a scale of 1/2, 1/4 or 1/8, found 1/%d", d)
	}
	dec := decoders.Get().(*decoder)
	buf, seg := dec.buf, dec.seg
	*dec = decoder{r: r, buf: buf, seg: seg, n: 8 / d}
	if dec.buf == nil {
		dec.buf = make([]byte, readBufSize)
	}
	dec.initIDCT()
	img, err := dec.decode()
	// The picture's planes are the caller's; the rest is kept for the
	// next decode.
	dec.r, dec.comps = nil, [3]component{}
	decoders.Put(dec)
	return img, err
}

// decoders keeps decoders between calls: their read buffer, segment
// buffer and Huffman tables (about 130 KB) are not allocated again for
// each picture of a contact sheet.
var decoders = sync.Pool{New: func() any { return new(decoder) }}

// Markers (T.81, Table B.1).
const (
	mSOF0 = 0xC0 // baseline DCT
	mSOF1 = 0xC1 // extended sequential DCT, Huffman
	mDHT  = 0xC4
	mJPG  = 0xC8
	mDAC  = 0xCC
	mRST0 = 0xD0
	mRST7 = 0xD7
	mSOI  = 0xD8
	mEOI  = 0xD9
	mSOS  = 0xDA
	mDQT  = 0xDB
	mDNL  = 0xDC
	mDRI  = 0xDD
	mAPP0 = 0xE0
	mAPPE = 0xEE // Adobe
	mTEM  = 0x01
)

// component is one of the frame's components and its plane.
type component struct {
	id     byte
	h, v   int // sampling factors
	tq     int // quantisation table
	pix    []uint8
	stride int // the plane's width: its blocks across × N
	rows   int // its height: its blocks down × N
	done   bool
}

// decoder is one decode's state.
type decoder struct {
	r        io.Reader
	buf      []byte
	pos, end int
	rerr     error

	// The bit reader (bits.go): acc holds nbits bits, the next at the
	// top; pad of them are zeros appended after the data ended (at a
	// marker or the end of the file), hit says it has.
	acc   uint64
	nbits int
	pad   int
	hit   bool

	n          int // samples per block side at this scale (8/d)
	m4         [4][4]int
	foldP      [8]int
	foldW      [8]float64
	w, h       int
	nf         int
	comps      [3]component
	hmax, vmax int
	mcusX      int
	mcusY      int
	frame      bool
	restart    int
	adobe      bool // an Adobe APP14 segment was read
	adobeXform byte
	seg        []byte

	quant [4]quantTable
	qset  [4]bool
	huff  [2][4]huffTable // [DC, AC][table]
	hset  [2][4]bool

	coef [64]int // the block being decoded, natural order; only N×N used
}

// quantTable is a quantisation table in zigzag order, as DQT gives it.
type quantTable [64]int

// decode walks the markers from SOI to EOI (T.81, B.2 and E.2).
func (d *decoder) decode() (image.Image, error) {
	if b0, err := d.readByte(); err != nil || b0 != 0xFF {
		return nil, FormatError("expected SOI at the start, found other bytes")
	}
	if b1, err := d.readByte(); err != nil || b1 != mSOI {
		return nil, FormatError("expected SOI at the start, found other bytes")
	}
	for {
		m, err := d.nextMarker()
		if err != nil {
			return nil, err
		}
		switch {
		case m == mSOF0 || m == mSOF1:
			err = d.readFrame()
		case m >= 0xC2 && m <= 0xCF && m != mDHT && m != mJPG:
			return nil, unsupported(fmt.Sprintf("frame marker 0x%02X (progressive, lossless or arithmetic)", m))
		case m == mDHT:
			err = d.readDHT()
		case m == mDQT:
			err = d.readDQT()
		case m == mDRI:
			err = d.readDRI()
		case m == mSOS:
			err = d.readScan()
		case m == mEOI:
			return d.finish()
		case m == mAPPE:
			err = d.readAdobe()
		case m == mDNL:
			return nil, unsupported("DNL (height given after the scan)")
		case m >= mRST0 && m <= mRST7 || m == mTEM || m == mSOI:
			// No segment follows; a stray one is ignored.
		default:
			err = d.skipSegment()
		}
		if err != nil {
			return nil, err
		}
	}
}

// finish turns the planes into the picture, at EOI.
func (d *decoder) finish() (image.Image, error) {
	if !d.frame {
		return nil, FormatError("expected a frame header before EOI, found none")
	}
	for i := range d.nf {
		if !d.comps[i].done {
			return nil, FormatError(fmt.Sprintf("expected a scan of component %d before EOI, found none", d.comps[i].id))
		}
	}
	n := d.n
	w, h := (d.w*n+7)/8, (d.h*n+7)/8
	if d.nf == 1 {
		c := &d.comps[0]
		return &image.Gray{Pix: c.pix, Stride: c.stride, Rect: image.Rect(0, 0, w, h)}, nil
	}
	y, cb, cr := &d.comps[0], &d.comps[1], &d.comps[2]
	if y.h == d.hmax && y.v == d.vmax && cb.h == cr.h && cb.v == cr.v && d.hmax%cb.h == 0 && d.vmax%cb.v == 0 {
		if r, ok := ratio(d.hmax/cb.h, d.vmax/cb.v); ok {
			return &image.YCbCr{Y: y.pix, Cb: cb.pix, Cr: cr.pix, YStride: y.stride, CStride: cb.stride,
				SubsampleRatio: r, Rect: image.Rect(0, 0, w, h)}, nil
		}
	}
	return d.to444(w, h), nil
}

// ratio is the image.YCbCr ratio of chroma spanning fx×fy luma samples.
func ratio(fx, fy int) (image.YCbCrSubsampleRatio, bool) {
	switch [2]int{fx, fy} {
	case [2]int{1, 1}:
		return image.YCbCrSubsampleRatio444, true
	case [2]int{2, 1}:
		return image.YCbCrSubsampleRatio422, true
	case [2]int{2, 2}:
		return image.YCbCrSubsampleRatio420, true
	case [2]int{1, 2}:
		return image.YCbCrSubsampleRatio440, true
	case [2]int{4, 1}:
		return image.YCbCrSubsampleRatio411, true
	case [2]int{4, 2}:
		return image.YCbCrSubsampleRatio410, true
	}
	return 0, false
}

// to444 resamples a layout image.YCbCr has no ratio for (luma not the
// most sampled component, chroma components sampled unlike each other, a
// factor of 3) onto a full-size grid: the sample of component c under
// picture sample x is c's sample x×Hc/Hmax (T.81, A.1.1), likewise down.
func (d *decoder) to444(w, h int) *image.YCbCr {
	m := image.NewYCbCr(image.Rect(0, 0, w, h), image.YCbCrSubsampleRatio444)
	planes := [3][]uint8{m.Y, m.Cb, m.Cr}
	for i := range 3 {
		c := &d.comps[i]
		dst := planes[i]
		for y := range h {
			src := c.pix[(y*c.v/d.vmax)*c.stride:]
			row := dst[y*m.YStride : y*m.YStride+w]
			for x := range row {
				row[x] = src[x*c.h/d.hmax]
			}
		}
	}
	return m
}
