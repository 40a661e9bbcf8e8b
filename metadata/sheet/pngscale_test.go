package sheet

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"image"
	"image/png"
	"math/rand/v2"
	"strings"
	"testing"
)

// pngSpec is a PNG the tests write themselves, in every form PNG allows
// (image/png's encoder writes few of them: no grey under 8 bits, no tRNS
// for grey or RGB, its own choice of filters).
type pngSpec struct {
	w, h, depth, ctype int
	interlace          bool
	plte               []byte // PLTE data, for colour type 3
	trns               []byte // tRNS data, if any
	idat               int    // bytes of each IDAT chunk (the stream is split into several)
}

// filterRow applies PNG filter f to raw (prev is the raw row above) and
// returns the filter byte and the filtered bytes.
func filterRow(f byte, raw, prev []byte, bpp int) []byte {
	out := make([]byte, 1+len(raw))
	out[0] = f
	for i := range raw {
		var a, b, c int
		if i >= bpp {
			a, c = int(raw[i-bpp]), int(prev[i-bpp])
		}
		b = int(prev[i])
		var p byte
		switch f {
		case 1:
			p = byte(a)
		case 2:
			p = byte(b)
		case 3:
			p = byte((a + b) / 2)
		case 4:
			p = paeth(a, b, c)
		}
		out[1+i] = raw[i] - p
	}
	return out
}

// adam7 gives the passes of Adam7: first column and row, and steps.
var adam7 = [7][4]int{{0, 0, 8, 8}, {4, 0, 8, 8}, {0, 4, 4, 8}, {2, 0, 4, 4}, {0, 2, 2, 4}, {1, 0, 2, 2}, {0, 1, 1, 2}}

// encode writes the PNG of s whose samples (one row after another, each
// sample a value of s.depth bits) sample(x, y, c) gives, filtering each
// scanline with filter (y+pass) mod 5.
func (s pngSpec) encode(sample func(x, y, c int) int) []byte {
	nc := channels(s.ctype)
	bits := nc * s.depth
	bpp := max(1, bits/8)
	var raw bytes.Buffer
	zw := zlib.NewWriter(&raw)
	passes := [][4]int{{0, 0, 1, 1}}
	if s.interlace {
		passes = adam7[:]
	}
	for pi, p := range passes {
		pw := (s.w - p[0] + p[2] - 1) / p[2]
		ph := (s.h - p[1] + p[3] - 1) / p[3]
		if pw <= 0 || ph <= 0 {
			continue
		}
		rb := (pw*bits + 7) / 8
		prev := make([]byte, rb)
		for py := range ph {
			y := p[1] + py*p[3]
			row := make([]byte, rb)
			for px := range pw {
				x := p[0] + px*p[2]
				for c := range nc {
					v := sample(x, y, c) & (1<<s.depth - 1)
					bit := (px*nc + c) * s.depth
					switch s.depth {
					case 16:
						binary.BigEndian.PutUint16(row[bit/8:], uint16(v))
					case 8:
						row[bit/8] = byte(v)
					default:
						row[bit/8] |= byte(v) << (8 - s.depth - bit%8)
					}
				}
			}
			zw.Write(filterRow(byte((py+pi)%5), row, prev, bpp))
			prev = row
		}
	}
	zw.Close()
	ihdr := binary.BigEndian.AppendUint32(nil, uint32(s.w))
	ihdr = binary.BigEndian.AppendUint32(ihdr, uint32(s.h))
	il := byte(0)
	if s.interlace {
		il = 1
	}
	ihdr = append(ihdr, byte(s.depth), byte(s.ctype), 0, 0, il)
	b := []byte("\x89PNG\r\n\x1a\n")
	b = append(b, pngChunk("IHDR", ihdr)...)
	b = append(b, pngChunk("tEXt", []byte("Comment\x00a chunk the reader skips"))...)
	if s.plte != nil {
		b = append(b, pngChunk("PLTE", s.plte)...)
	}
	if s.trns != nil {
		b = append(b, pngChunk("tRNS", s.trns)...)
	}
	data := raw.Bytes()
	step := max(s.idat, 1)
	for len(data) > 0 {
		k := min(step, len(data))
		b = append(b, pngChunk("IDAT", data[:k])...)
		data = data[k:]
	}
	return append(b, pngChunk("IEND", nil)...)
}

// expectedBoxes is what decodePNGScaled should give for img at block sides
// kx×ky: the rounded mean of each block's premultiplied 16-bit colours, as
// image/png decodes them.
func expectedBoxes(img image.Image, kx, ky int) *image.RGBA64 {
	r := img.Bounds()
	ow, oh := (r.Dx()+kx-1)/kx, (r.Dy()+ky-1)/ky
	out := image.NewRGBA64(image.Rect(0, 0, ow, oh))
	for oy := range oh {
		for ox := range ow {
			var s [4]uint64
			n := uint64(0)
			for y := oy * ky; y < min((oy+1)*ky, r.Dy()); y++ {
				for x := ox * kx; x < min((ox+1)*kx, r.Dx()); x++ {
					cr, cg, cb, ca := img.At(r.Min.X+x, r.Min.Y+y).RGBA()
					s[0], s[1], s[2], s[3] = s[0]+uint64(cr), s[1]+uint64(cg), s[2]+uint64(cb), s[3]+uint64(ca)
					n++
				}
			}
			i := out.PixOffset(ox, oy)
			for c := range 4 {
				v := (s[c] + n/2) / n
				out.Pix[i+2*c], out.Pix[i+2*c+1] = byte(v>>8), byte(v)
			}
		}
	}
	return out
}

// scaledAt decodes b with the streamed reader at block sides kx×ky.
func scaledAt(b []byte, kx, ky int) (image.Image, error) {
	s, h, cols, err := pngHead(bytes.NewReader(b))
	if err != nil {
		return nil, err
	}
	return readPNGRows(s, h, cols, newBoxes(h.width, h.height, kx, ky))
}

func sameRGBA64(t *testing.T, got image.Image, want *image.RGBA64) {
	t.Helper()
	g, ok := got.(*image.RGBA64)
	if !ok || g.Rect != want.Rect {
		t.Fatalf("got %T %v, want *image.RGBA64 %v", got, got.Bounds(), want.Rect)
	}
	for y := range want.Rect.Dy() {
		for x := range want.Rect.Dx() {
			if gc, wc := g.RGBA64At(x, y), want.RGBA64At(x, y); gc != wc {
				t.Fatalf("pixel (%d, %d): %v, want %v", x, y, gc, wc)
			}
		}
	}
}

// TestPNGScaledMatchesImagePNG: the streamed reader gives image/png's
// colours for every colour type (0, 2, 3, 4, 6) at every bit depth PNG
// allows, with and without tRNS, the five filters, odd sizes and IDAT
// split anywhere; made smaller it gives the mean of image/png's pixels
// over each block, exactly.
func TestPNGScaledMatchesImagePNG(t *testing.T) {
	type tc struct {
		name string
		spec pngSpec
	}
	var cases []tc
	rng := rand.New(rand.NewPCG(1, 2))
	palette := make([]byte, 3*256)
	for i := range palette {
		palette[i] = byte(rng.IntN(256))
	}
	for _, ct := range []int{0, 2, 3, 4, 6} {
		for _, d := range []int{1, 2, 4, 8, 16} {
			if !validDepth(ct, d) {
				continue
			}
			base := pngSpec{w: 13, h: 11, depth: d, ctype: ct, idat: 7}
			if ct == 3 {
				// Fewer entries than the depth allows: the rest read as
				// opaque black, as image/png reads them.
				base.plte = palette[:3*max(1, (1<<d)-1)]
			}
			cases = append(cases, tc{fmt.Sprintf("type %d, %d bits", ct, d), base})
			switch ct {
			case 0:
				tr := base
				tr.trns = []byte{0, byte(1<<min(d, 8) - 1)} // white is transparent
				if d == 16 {
					tr.trns = []byte{0x12, 0x34}
				}
				cases = append(cases, tc{fmt.Sprintf("type 0, %d bits, tRNS", d), tr})
			case 2:
				tr := base
				tr.trns = []byte{0, 7, 0, 9, 0, 11}
				cases = append(cases, tc{fmt.Sprintf("type 2, %d bits, tRNS", d), tr})
			case 3:
				tr := base
				tr.trns = []byte{0, 128, 255, 30}
				cases = append(cases, tc{fmt.Sprintf("type 3, %d bits, tRNS", d), tr})
			}
		}
	}
	cases = append(cases, tc{"one pixel", pngSpec{w: 1, h: 1, depth: 8, ctype: 6, idat: 1}},
		tc{"one column", pngSpec{w: 1, h: 9, depth: 16, ctype: 4, idat: 100}})
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			levels := 1 << c.spec.depth
			var trans [3]int
			if len(c.spec.trns) == 2 || len(c.spec.trns) == 6 {
				for i := range len(c.spec.trns) / 2 {
					trans[i] = int(binary.BigEndian.Uint16(c.spec.trns[2*i:]))
				}
			}
			b := c.spec.encode(func(x, y, ch int) int {
				if (x+y)%4 == 0 && len(c.spec.trns) >= 2 && c.spec.ctype != 3 {
					return trans[ch] // some pixels of the transparent colour
				}
				return rng.IntN(levels)
			})
			want, err := png.Decode(bytes.NewReader(b))
			if err != nil {
				t.Fatalf("image/png: %v", err)
			}
			for _, k := range [][2]int{{1, 1}, {2, 3}, {4, 4}, {13, 11}} {
				got, err := scaledAt(b, k[0], k[1])
				if err != nil {
					t.Fatalf("blocks %v: %v", k, err)
				}
				sameRGBA64(t, got, expectedBoxes(want, k[0], k[1]))
			}
		})
	}
}

// TestPNGScaledRefuses: damage the streamed reader reports as image/png
// would, without a panic; an interlaced picture is errPNGInterlaced.
func TestPNGScaledRefuses(t *testing.T) {
	good := pngSpec{w: 5, h: 4, depth: 8, ctype: 2, idat: 8}.encode(func(x, y, c int) int { return x * y * c })
	ihdrAt := 8
	for _, c := range []struct {
		name string
		b    []byte
		want string
	}{
		{"not a PNG", []byte("GIF89a"), "signature"},
		{"bad IHDR CRC", func() []byte { b := bytes.Clone(good); b[ihdrAt+8+12+3] ^= 1; return b }(), "CRC"},
		{"bad depth", func() []byte {
			b := bytes.Clone(good)
			b[ihdrAt+8+8] = 3
			binary.BigEndian.PutUint32(b[ihdrAt+8+13:], crc32.ChecksumIEEE(b[ihdrAt+4:ihdrAt+8+13]))
			return b
		}(), "bit depth"},
		{"cut in the pixels", good[:len(good)/2], "row"},
		{"palette without PLTE", pngSpec{w: 2, h: 2, depth: 8, ctype: 3, idat: 9}.encode(func(x, y, c int) int { return 0 }), "PLTE"},
		{"interlaced", pngSpec{w: 9, h: 9, depth: 8, ctype: 0, interlace: true, idat: 50}.encode(func(x, y, c int) int { return x }), errPNGInterlaced.Error()},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := decodePNGScaled(bytes.NewReader(c.b), 8, nil)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %v, want one naming %q", err, c.want)
			}
		})
	}
}

// FuzzPNGScaled: whatever the bytes, the streamed reader returns a picture
// or an error, never a panic; and a PNG that image/png decodes (not
// interlaced) it reads with the same pixels, whole and made smaller.
func FuzzPNGScaled(f *testing.F) {
	for _, s := range []pngSpec{
		{w: 5, h: 3, depth: 8, ctype: 6, idat: 4},
		{w: 9, h: 2, depth: 2, ctype: 0, trns: []byte{0, 2}, idat: 100},
		{w: 4, h: 4, depth: 4, ctype: 3, plte: []byte{1, 2, 3, 4, 5, 6}, trns: []byte{9}, idat: 3},
		{w: 3, h: 3, depth: 16, ctype: 2, trns: []byte{0, 1, 0, 2, 0, 3}, idat: 50},
		{w: 2, h: 5, depth: 16, ctype: 4, idat: 1},
	} {
		f.Add(s.encode(func(x, y, c int) int { return x*7 + y*3 + c }))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		cfg, err := png.DecodeConfig(bytes.NewReader(b))
		if err != nil || int64(cfg.Width)*int64(cfg.Height) > 1<<16 {
			return // decodeScaled refuses large pictures before this reader
		}
		got, err := decodePNGScaled(bytes.NewReader(b), 8, nil)
		want, werr := png.Decode(bytes.NewReader(b))
		if werr != nil || errors.Is(err, errPNGInterlaced) {
			return
		}
		if err != nil {
			t.Fatalf("image/png decodes it, the streamed reader says %v", err)
		}
		tw, th := fit(cfg.Width, cfg.Height, 8)
		kx, ky := boxFactors(cfg.Width, cfg.Height, tw, th)
		sameRGBA64(t, got, expectedBoxes(want, kx, ky))
		whole, err := scaledAt(b, 1, 1)
		if err != nil {
			t.Fatal(err)
		}
		sameRGBA64(t, whole, expectedBoxes(want, 1, 1))
	})
}
