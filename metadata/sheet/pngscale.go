package sheet

import (
	"compress/zlib"
	"encoding/binary"
	"errors"
	"fmt"
	"hash"
	"hash/crc32"
	"image"
	"io"

	"github.com/captag/captag/metadata/sniff"
)

// This file holds the PNG reader of the contact sheet: it inflates the
// scanlines one at a time, undoes their filters and adds each pixel into
// a box of the picture made smaller, so that a picture of any size costs
// two scanlines and the small picture, never the whole (image/png decodes
// a 49-megapixel 16-bit picture into 392 MB). Its pixels are image/png's
// (TestPNGScaledMatchesImagePNG): the same colours for every colour type
// and bit depth, transparency (tRNS) and palette. Interlaced (Adam7)
// pictures are not read here: their rows come in seven passes
// (errPNGInterlaced; decodeScaled decodes them whole when that fits).
//
// PNG (ISO/IEC 15948): the signature, then chunks of u32 length, type, data
// and CRC; IHDR first, PLTE and tRNS before the IDAT chunks, whose data
// joined is one zlib stream of scanlines, each a filter byte (0–4) and the
// row's pixels packed at the bit depth.

// Limits of the streamed PNG reader.
const (
	// maxPNGRowBytes caps one scanline (131,072 pixels of 16-bit RGBA),
	// each of the two held while reading.
	maxPNGRowBytes = 1 << 20
	// maxPNGChunks caps the chunks walked before the pixels end.
	maxPNGChunks = 1 << 16
	// maxPNGMetaChunk caps PLTE and tRNS (768 and 256 bytes at most).
	maxPNGMetaChunk = 1024
)

// errPNGInterlaced says the picture is interlaced.
var errPNGInterlaced = errors.New("an interlaced PNG")

// pngHeader is what IHDR says.
type pngHeader struct {
	width, height int
	depth         int // bits a sample
	ctype         int // colour type: 0 grey, 2 RGB, 3 palette, 4 grey+alpha, 6 RGBA
	interlace     int
}

// channels is the samples a pixel of colour type t has.
func channels(t int) int {
	switch t {
	case 2:
		return 3
	case 4:
		return 2
	case 6:
		return 4
	}
	return 1
}

// validDepth reports whether PNG allows bit depth d for colour type t.
func validDepth(t, d int) bool {
	switch t {
	case 0:
		return d == 1 || d == 2 || d == 4 || d == 8 || d == 16
	case 3:
		return d == 1 || d == 2 || d == 4 || d == 8
	case 2, 4, 6:
		return d == 8 || d == 16
	}
	return false
}

// pngStream reads a PNG's chunks from r: the header, then the IDAT data
// as one stream.
type pngStream struct {
	r      io.Reader
	crc    hash.Hash32
	left   uint32 // bytes of the current IDAT chunk not yet read
	chunks int
	done   bool // a chunk after the IDAT chunks was reached
	tmp    [maxPNGMetaChunk]byte
}

func pngErr(format string, args ...any) error {
	return fmt.Errorf("sheet: png: "+format, args...)
}

// chunk reads the next chunk header.
func (s *pngStream) chunk() (n uint32, typ string, err error) {
	if s.chunks++; s.chunks > maxPNGChunks {
		return 0, "", pngErr("expected at most %d chunks before the pixels end, found more", maxPNGChunks)
	}
	var h [8]byte
	if _, err := io.ReadFull(s.r, h[:]); err != nil {
		return 0, "", pngErr("expected a chunk header, found %v", err)
	}
	n = binary.BigEndian.Uint32(h[:4])
	if n > 1<<31-1 {
		return 0, "", pngErr("expected a chunk length of at most 2^31-1, found %d", n)
	}
	s.crc.Reset()
	s.crc.Write(h[4:8])
	return n, string(h[4:8]), nil
}

// checkCRC reads a chunk's CRC and compares it with what was read.
func (s *pngStream) checkCRC(typ string) error {
	var c [4]byte
	if _, err := io.ReadFull(s.r, c[:]); err != nil {
		return pngErr("chunk %s: expected a CRC, found %v", typ, err)
	}
	if got, want := s.crc.Sum32(), binary.BigEndian.Uint32(c[:]); got != want {
		return pngErr("chunk %s: expected CRC %08x, found %08x", typ, got, want)
	}
	return nil
}

// small reads the data of a chunk of n ≤ maxPNGMetaChunk bytes and its CRC.
func (s *pngStream) small(n uint32, typ string) ([]byte, error) {
	if n > maxPNGMetaChunk {
		return nil, pngErr("chunk %s: expected at most %d bytes, found %d", typ, maxPNGMetaChunk, n)
	}
	b := s.tmp[:n]
	if _, err := io.ReadFull(s.r, b); err != nil {
		return nil, pngErr("chunk %s: expected %d bytes, found %v", typ, n, err)
	}
	s.crc.Write(b)
	return b, s.checkCRC(typ)
}

// skip passes over the data and CRC of a chunk not read.
func (s *pngStream) skip(n uint32) error {
	if _, err := io.CopyN(io.Discard, s.r, int64(n)+4); err != nil {
		return pngErr("expected %d bytes of a chunk, found %v", n+4, err)
	}
	return nil
}

// Read reads the IDAT data: the chunks' data one after the other, each
// CRC checked; it ends at the first chunk that is not an IDAT.
func (s *pngStream) Read(p []byte) (int, error) {
	for s.left == 0 {
		if s.done {
			return 0, io.EOF
		}
		if err := s.checkCRC("IDAT"); err != nil {
			return 0, err
		}
		n, typ, err := s.chunk()
		if err != nil {
			return 0, err
		}
		if typ != "IDAT" {
			s.done = true
			return 0, io.EOF
		}
		s.left = n
	}
	p = p[:min(len(p), int(s.left))]
	n, err := s.r.Read(p)
	s.crc.Write(p[:n])
	s.left -= uint32(n)
	if errors.Is(err, io.EOF) {
		if s.left > 0 {
			err = io.ErrUnexpectedEOF
		} else {
			err = nil
		}
	}
	return n, err
}

// pngHead reads a PNG up to its first IDAT chunk: the header, the palette
// (256 entries, those the file does not give opaque black, as image/png
// reads them) and the transparent colour.
func pngHead(r io.Reader) (*pngStream, pngHeader, *pngColours, error) {
	var sig [8]byte
	if _, err := io.ReadFull(r, sig[:]); err != nil || string(sig[:]) != sniff.PNGSignature {
		return nil, pngHeader{}, nil, pngErr("expected the PNG signature, found %q", sig[:])
	}
	s := &pngStream{r: r, crc: crc32.NewIEEE()}
	var h pngHeader
	cols := &pngColours{}
	for i := range cols.palette {
		cols.palette[i] = [4]uint16{0, 0, 0, 0xffff}
	}
	hasPalette := false
	for first := true; ; first = false {
		n, typ, err := s.chunk()
		if err != nil {
			return nil, h, nil, err
		}
		if first != (typ == "IHDR") {
			return nil, h, nil, pngErr("expected IHDR as the first chunk and only there, found %s", typ)
		}
		switch typ {
		case "IHDR":
			b, err := s.small(n, typ)
			if err != nil {
				return nil, h, nil, err
			}
			if h, err = readIHDR(b); err != nil {
				return nil, h, nil, err
			}
		case "PLTE":
			b, err := s.small(n, typ)
			if err != nil {
				return nil, h, nil, err
			}
			if h.ctype != 3 {
				continue // a suggested palette: not the pixels' colours
			}
			if len(b)%3 != 0 || len(b) == 0 || len(b)/3 > 1<<h.depth {
				return nil, h, nil, pngErr("expected a PLTE of 1 to %d entries of 3 bytes, found %d bytes", 1<<h.depth, len(b))
			}
			for i := 0; i < len(b)/3; i++ {
				cols.palette[i] = [4]uint16{uint16(b[3*i]) * 0x101, uint16(b[3*i+1]) * 0x101, uint16(b[3*i+2]) * 0x101, 0xffff}
			}
			hasPalette = true
		case "tRNS":
			b, err := s.small(n, typ)
			if err != nil {
				return nil, h, nil, err
			}
			if err := cols.transparency(h, b); err != nil {
				return nil, h, nil, err
			}
		case "IDAT":
			if h.ctype == 3 && !hasPalette {
				return nil, h, nil, pngErr("expected a PLTE chunk before the pixels of a palette picture, found none")
			}
			s.left = n
			return s, h, cols, nil
		case "IEND":
			return nil, h, nil, pngErr("expected IDAT chunks, found the end")
		default:
			if err := s.skip(n); err != nil {
				return nil, h, nil, err
			}
		}
	}
}

// readIHDR reads and checks a PNG's IHDR chunk b: a size, a colour type
// and depth PNG allows, methods 0, not interlaced (errPNGInterlaced), and
// a row within maxPNGRowBytes.
func readIHDR(b []byte) (pngHeader, error) {
	if len(b) != 13 {
		return pngHeader{}, pngErr("expected an IHDR of 13 bytes, found %d", len(b))
	}
	w, ht := binary.BigEndian.Uint32(b[0:]), binary.BigEndian.Uint32(b[4:])
	h := pngHeader{width: int(w), height: int(ht), depth: int(b[8]), ctype: int(b[9]), interlace: int(b[12])}
	switch {
	case w == 0 || ht == 0 || w > 1<<31-1 || ht > 1<<31-1:
		return h, pngErr("expected a size of 1 to 2^31-1 pixels a side, found %d×%d", w, ht)
	case !validDepth(h.ctype, h.depth):
		return h, pngErr("expected a colour type and bit depth PNG allows, found type %d at %d bits", h.ctype, h.depth)
	case b[10] != 0 || b[11] != 0 || h.interlace > 1:
		return h, pngErr("expected compression, filter and interlace methods 0, 0 and 0 or 1, found %d, %d and %d", b[10], b[11], b[12])
	}
	if h.interlace == 1 {
		return h, errPNGInterlaced
	}
	if rb := h.rowBytes(); rb > maxPNGRowBytes {
		return h, pngErr("expected a row of at most %d bytes, found %d", maxPNGRowBytes, rb)
	}
	return h, nil
}

// rowBytes is the bytes of one scanline's pixels.
func (h pngHeader) rowBytes() int64 {
	return (int64(h.width)*int64(channels(h.ctype)*h.depth) + 7) / 8
}

// pngColours turns samples into colours: the palette and the transparent
// colour.
type pngColours struct {
	palette [256][4]uint16 // non-premultiplied RGBA
	// trans is the colour tRNS makes transparent (grey in [0]), as
	// image/png compares it: at 16 bits the whole sample, else its low
	// byte scaled as the sample is (a 1-bit 1 becomes 0xff).
	trans    [3]uint16
	hasTrans bool
}

func (c *pngColours) transparency(h pngHeader, b []byte) error {
	switch h.ctype {
	case 0, 2:
		n := 2 * channels(h.ctype)
		if len(b) != n {
			return pngErr("expected a tRNS of %d bytes, found %d", n, len(b))
		}
		for i := 0; i < n/2; i++ {
			if h.depth == 16 {
				c.trans[i] = binary.BigEndian.Uint16(b[2*i:])
			} else {
				c.trans[i] = uint16(b[2*i+1] * greyScale(h.depth))
			}
		}
		c.hasTrans = true
	case 3:
		if len(b) > 256 {
			return pngErr("expected a tRNS of at most 256 bytes, found %d", len(b))
		}
		for i, a := range b {
			c.palette[i][3] = uint16(a) * 0x101
		}
	default:
		return pngErr("expected no tRNS in a picture of colour type %d, found one", h.ctype)
	}
	return nil
}

// greyScale is what a grey sample of d < 8 bits is multiplied by to make
// an 8-bit one.
func greyScale(d int) byte {
	switch d {
	case 1:
		return 0xff
	case 2:
		return 0x55
	case 4:
		return 0x11
	}
	return 1
}

// boxes adds pixels into the boxes of a smaller picture: each output pixel
// is the mean of a kx×ky block (fewer at the right and bottom edges),
// premultiplied by alpha, 16 bits a channel.
type boxes struct {
	kx, ky int
	out    *image.RGBA64
	sum    []uint64 // premultiplied R, G, B, A of the current output row's boxes
	n      []uint32 // pixels added into each box
}

func newBoxes(w, h, kx, ky int) *boxes {
	ow, oh := (w+kx-1)/kx, (h+ky-1)/ky
	return &boxes{kx: kx, ky: ky, out: image.NewRGBA64(image.Rect(0, 0, ow, oh)),
		sum: make([]uint64, 4*ow), n: make([]uint32, ow)}
}

// add adds the pixel at column x, non-premultiplied.
func (b *boxes) add(x int, r, g, bl, a uint32) {
	i := x / b.kx
	s := b.sum[4*i : 4*i+4]
	s[0] += uint64(r * a / 0xffff)
	s[1] += uint64(g * a / 0xffff)
	s[2] += uint64(bl * a / 0xffff)
	s[3] += uint64(a)
	b.n[i]++
}

// endRow ends input row y: after the last row of a block, or the last row
// of the picture, the block's means are written.
func (b *boxes) endRow(y, height int) {
	if (y+1)%b.ky != 0 && y+1 != height {
		return
	}
	oy := y / b.ky
	pix := b.out.Pix[oy*b.out.Stride:]
	for i, n := range b.n {
		if n == 0 {
			continue
		}
		for c := range 4 {
			v := (b.sum[4*i+c] + uint64(n)/2) / uint64(n)
			pix[8*i+2*c], pix[8*i+2*c+1] = byte(v>>8), byte(v)
		}
	}
	clear(b.sum)
	clear(b.n)
}

// pngScaledCost is what decodePNGScaled holds for a picture: two
// scanlines, the smaller picture and its sums, and the inflater's window.
func pngScaledCost(h pngHeader, kx, ky int) int64 {
	ow, oh := int64((h.width+kx-1)/kx), int64((h.height+ky-1)/ky)
	return 2*(h.rowBytes()+1) + ow*oh*8 + ow*(32+4) + 64<<10
}

// boxFactors are the block sides that make a w×h picture about twice the
// thumbnail's size (tw×th) on each side, never smaller than it.
func boxFactors(w, h, tw, th int) (kx, ky int) {
	return max(1, w/(2*tw)), max(1, h/(2*th))
}

// decodePNGScaled reads the PNG in r, made smaller by the factors
// boxFactors gives for a thumbnail of at most side pixels on its long
// side, with hold (may be nil) called with its cost before anything
// large is allocated. It returns errPNGInterlaced for an interlaced PNG.
func decodePNGScaled(r io.Reader, side int, hold func(n int64) func()) (image.Image, error) {
	s, h, cols, err := pngHead(r)
	if err != nil {
		return nil, err
	}
	tw, th := fit(h.width, h.height, side)
	kx, ky := boxFactors(h.width, h.height, tw, th)
	if hold != nil {
		defer hold(pngScaledCost(h, kx, ky))()
	}
	return readPNGRows(s, h, cols, newBoxes(h.width, h.height, kx, ky))
}

// readPNGRows inflates and unfilters the scanlines of s into b.
func readPNGRows(s *pngStream, h pngHeader, cols *pngColours, b *boxes) (image.Image, error) {
	zr, err := zlib.NewReader(s)
	if err != nil {
		return nil, pngErr("expected zlib data in IDAT, found %v", err)
	}
	defer zr.Close()
	rb := int(h.rowBytes())
	cur, prev := make([]byte, 1+rb), make([]byte, 1+rb)
	bpp := max(1, channels(h.ctype)*h.depth/8) // bytes a pixel, for the filters
	for y := 0; y < h.height; y++ {
		if _, err := io.ReadFull(zr, cur); err != nil {
			return nil, pngErr("row %d of %d: expected %d bytes, found %v", y, h.height, len(cur), err)
		}
		if err := unfilter(cur[0], cur[1:], prev[1:], bpp); err != nil {
			return nil, pngErr("row %d: %v", y, err)
		}
		pixels(h, cols, cur[1:], b)
		b.endRow(y, h.height)
		cur, prev = prev, cur
	}
	return b.out, nil
}

// unfilter undoes a scanline's filter (PNG's five: none, sub, up,
// average, Paeth) in place; prev is the row above, unfiltered (zeros
// above the first).
func unfilter(f byte, cur, prev []byte, bpp int) error {
	switch f {
	case 0:
	case 1:
		for i := bpp; i < len(cur); i++ {
			cur[i] += cur[i-bpp]
		}
	case 2:
		for i := range cur {
			cur[i] += prev[i]
		}
	case 3:
		for i := 0; i < bpp && i < len(cur); i++ {
			cur[i] += prev[i] / 2
		}
		for i := bpp; i < len(cur); i++ {
			cur[i] += byte((int(cur[i-bpp]) + int(prev[i])) / 2)
		}
	case 4:
		for i := range cur {
			var a, c int
			if i >= bpp {
				a, c = int(cur[i-bpp]), int(prev[i-bpp])
			}
			cur[i] += paeth(a, int(prev[i]), c)
		}
	default:
		return fmt.Errorf("expected a filter type of 0 to 4, found %d", f)
	}
	return nil
}

func paeth(a, b, c int) byte {
	p := a + b - c
	pa, pb, pc := abs(p-a), abs(p-b), abs(p-c)
	switch {
	case pa <= pb && pa <= pc:
		return byte(a)
	case pb <= pc:
		return byte(b)
	}
	return byte(c)
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// pixels adds the pixels of one unfiltered scanline into b, in the
// colours image/png gives them.
func pixels(h pngHeader, cols *pngColours, row []byte, b *boxes) {
	sample := func(i int) uint32 { // the i-th sample of the row, at 16 bits
		switch h.depth {
		case 16:
			return uint32(row[2*i])<<8 | uint32(row[2*i+1])
		case 8:
			return uint32(row[i]) * 0x101
		}
		// 1, 2 or 4 bits, most significant first.
		per := 8 / h.depth
		v := row[i/per] >> (8 - h.depth*(i%per+1)) & (1<<h.depth - 1)
		return uint32(v*greyScale(h.depth)) * 0x101
	}
	nc := channels(h.ctype)
	for x := 0; x < h.width; x++ {
		i := x * nc
		switch h.ctype {
		case 0:
			y := sample(i)
			a := uint32(0xffff)
			if cols.hasTrans && transparent(h, y, cols.trans[0]) {
				a = 0
			}
			b.add(x, y, y, y, a)
		case 2:
			r, g, bl := sample(i), sample(i+1), sample(i+2)
			a := uint32(0xffff)
			if cols.hasTrans && transparent(h, r, cols.trans[0]) && transparent(h, g, cols.trans[1]) && transparent(h, bl, cols.trans[2]) {
				a = 0
			}
			b.add(x, r, g, bl, a)
		case 3:
			var idx int
			if h.depth == 8 {
				idx = int(row[x])
			} else {
				per := 8 / h.depth
				idx = int(row[x/per] >> (8 - h.depth*(x%per+1)) & (1<<h.depth - 1))
			}
			c := cols.palette[idx]
			b.add(x, uint32(c[0]), uint32(c[1]), uint32(c[2]), uint32(c[3]))
		case 4:
			y := sample(i)
			b.add(x, y, y, y, sample(i+1))
		case 6:
			b.add(x, sample(i), sample(i+1), sample(i+2), sample(i+3))
		}
	}
}

// transparent reports whether sample v (at 16 bits) is the tRNS value t,
// compared as image/png compares: whole at 16 bits, else its 8 bits.
func transparent(h pngHeader, v uint32, t uint16) bool {
	if h.depth == 16 {
		return v == uint32(t)
	}
	return v>>8 == uint32(t)
}
