package jpegscale

import (
	"encoding/binary"
	"math"
)

// This file is a small baseline JPEG encoder for the tests, written from
// T.81 (A.3.3 for the forward DCT, Annex C for the codes, F.1.2 for the
// coding of coefficients, B.2 for the syntax): it makes the layouts
// image/jpeg's encoder does not (any sampling factors, non-interleaved
// scans, restart intervals, SOF1).

// testComp is a component: its sampling factors and its samples, a
// function of the component's own coordinates.
type testComp struct {
	h, v int
	at   func(x, y int) float64
}

// testFrame is a picture to encode.
type testFrame struct {
	w, h     int
	comps    []testComp
	restart  int  // MCUs between restart markers; 0 for none
	separate bool // one non-interleaved scan per component
	sof1     bool // SOF1 (extended) instead of SOF0
	q        int  // the one quantiser of every coefficient
}

// The test's Huffman tables: DC sizes 0–11 as 4-bit codes; AC symbols
// EOB, ZRL and run/size for runs 0–15 and sizes 1–10, the first 64 as
// 7-bit codes, the other 98 as 12-bit ones (longer than the lookahead, so
// both paths of the decoder run).
func testTables() (dcCounts [16]int, dcVals []byte, acCounts [16]int, acVals []byte) {
	dcCounts[3] = 12
	for s := range 12 {
		dcVals = append(dcVals, byte(s))
	}
	acVals = []byte{0x00, 0xF0}
	for r := range 16 {
		for s := 1; s <= 10; s++ {
			acVals = append(acVals, byte(r<<4|s))
		}
	}
	acCounts[6], acCounts[11] = 64, len(acVals)-64
	return
}

// codesOf is the code and length of each symbol (Figures C.1 to C.3).
func codesOf(counts [16]int, vals []byte) map[byte][2]int {
	m := map[byte][2]int{}
	code, k := 0, 0
	for l := 1; l <= 16; l++ {
		for range counts[l-1] {
			m[vals[k]] = [2]int{code, l}
			code++
			k++
		}
		code <<= 1
	}
	return m
}

// bitWriter writes entropy-coded data, stuffing a 0x00 after each 0xFF.
type bitWriter struct {
	out   []byte
	acc   uint32
	nbits int
}

func (b *bitWriter) put(v, n int) {
	for i := n - 1; i >= 0; i-- {
		b.acc = b.acc<<1 | uint32(v>>i&1)
		b.nbits++
		if b.nbits == 8 {
			b.out = append(b.out, byte(b.acc))
			if byte(b.acc) == 0xFF {
				b.out = append(b.out, 0)
			}
			b.acc, b.nbits = 0, 0
		}
	}
}

// flush pads the last byte with 1-bits (F.1.2.3).
func (b *bitWriter) flush() {
	for b.nbits != 0 {
		b.put(1, 1)
	}
}

// magnitude is the size category and bits of v (F.1.2.1, F.1.2.2).
func magnitude(v int) (size, bits int) {
	a := max(v, -v)
	for a>>size != 0 {
		size++
	}
	if v < 0 {
		v += 1<<size - 1
	}
	return size, v
}

// encodeTest encodes f.
func encodeTest(f testFrame) []byte {
	dcC, dcV, acC, acV := testTables()
	dcCode, acCode := codesOf(dcC, dcV), codesOf(acC, acV)
	be := binary.BigEndian
	out := []byte{0xFF, 0xD8}
	seg := func(m byte, p []byte) {
		out = append(out, 0xFF, m)
		out = be.AppendUint16(out, uint16(len(p)+2))
		out = append(out, p...)
	}
	dqt := []byte{0}
	for range 64 {
		dqt = append(dqt, byte(f.q))
	}
	seg(0xDB, dqt)
	hmax, vmax := 1, 1
	for _, c := range f.comps {
		hmax, vmax = max(hmax, c.h), max(vmax, c.v)
	}
	sof := []byte{8}
	sof = be.AppendUint16(sof, uint16(f.h))
	sof = be.AppendUint16(sof, uint16(f.w))
	sof = append(sof, byte(len(f.comps)))
	for i, c := range f.comps {
		sof = append(sof, byte(i+1), byte(c.h<<4|c.v), 0)
	}
	seg(map[bool]byte{false: 0xC0, true: 0xC1}[f.sof1], sof)
	dht := func(class byte, counts [16]int, vals []byte) {
		p := []byte{class << 4}
		for _, n := range counts {
			p = append(p, byte(n))
		}
		seg(0xC4, append(p, vals...))
	}
	dht(0, dcC, dcV)
	dht(1, acC, acV)
	if f.restart > 0 {
		seg(0xDD, be.AppendUint16(nil, uint16(f.restart)))
	}
	scans := [][]int{}
	if f.separate || len(f.comps) == 1 {
		for i := range f.comps {
			scans = append(scans, []int{i})
		}
	} else {
		all := []int{}
		for i := range f.comps {
			all = append(all, i)
		}
		scans = append(scans, all)
	}
	for _, sc := range scans {
		p := []byte{byte(len(sc))}
		for _, i := range sc {
			p = append(p, byte(i+1), 0x00)
		}
		seg(0xDA, append(p, 0, 63, 0))
		out = append(out, f.scanData(sc, hmax, vmax, dcCode, acCode)...)
	}
	return append(out, 0xFF, 0xD9)
}

// scanData is the entropy-coded data of one scan of the components sc.
func (f testFrame) scanData(sc []int, hmax, vmax int, dcCode, acCode map[byte][2]int) []byte {
	var bw bitWriter
	pred := make([]int, len(f.comps))
	cw := func(c testComp) int { return (f.w*c.h + hmax - 1) / hmax }
	ch := func(c testComp) int { return (f.h*c.v + vmax - 1) / vmax }
	var mcusX, mcusY int
	if len(sc) == 1 {
		c := f.comps[sc[0]]
		mcusX, mcusY = (cw(c)+7)/8, (ch(c)+7)/8
	} else {
		mcusX, mcusY = (f.w+8*hmax-1)/(8*hmax), (f.h+8*vmax-1)/(8*vmax)
	}
	block := func(i, bx, by int) {
		c := f.comps[i]
		var px [8][8]float64
		for y := range 8 {
			for x := range 8 {
				// Past the component's edge: its last sample again.
				px[y][x] = c.at(min(bx*8+x, cw(c)-1), min(by*8+y, ch(c)-1)) - 128
			}
		}
		// The forward DCT (A.3.3), rows then columns.
		var cs [8][8]float64 // cs[x][u]
		for x := range 8 {
			for u := range 8 {
				cs[x][u] = math.Cos(float64(2*x+1) * float64(u) * math.Pi / 16)
				if u == 0 {
					cs[x][u] /= math.Sqrt2
				}
			}
		}
		var rows [8][8]float64 // [y][u]
		for y := range 8 {
			for u := range 8 {
				for x := range 8 {
					rows[y][u] += px[y][x] * cs[x][u]
				}
			}
		}
		var zz [64]int
		for k, z := range zigzag {
			u, v := int(z)%8, int(z)/8
			s := 0.0
			for y := range 8 {
				s += rows[y][u] * cs[y][v]
			}
			zz[k] = int(math.Round(s / 4 / float64(f.q)))
		}
		size, bits := magnitude(zz[0] - pred[i])
		pred[i] = zz[0]
		bw.put(dcCode[byte(size)][0], dcCode[byte(size)][1])
		bw.put(bits, size)
		run := 0
		for k := 1; k < 64; k++ {
			if zz[k] == 0 {
				run++
				continue
			}
			for run > 15 {
				bw.put(acCode[0xF0][0], acCode[0xF0][1])
				run -= 16
			}
			size, bits := magnitude(zz[k])
			sym := byte(run<<4 | size)
			bw.put(acCode[sym][0], acCode[sym][1])
			bw.put(bits, size)
			run = 0
		}
		if run > 0 {
			bw.put(acCode[0][0], acCode[0][1])
		}
	}
	rst := 0
	for m := range mcusX * mcusY {
		if f.restart > 0 && m > 0 && m%f.restart == 0 {
			bw.flush()
			bw.out = append(bw.out, 0xFF, byte(0xD0+rst))
			rst = (rst + 1) & 7
			clear(pred)
		}
		mx, my := m%mcusX, m/mcusX
		for _, i := range sc {
			c := f.comps[i]
			if len(sc) == 1 {
				block(i, mx, my)
				continue
			}
			for v := range c.v {
				for h := range c.h {
					block(i, mx*c.h+h, my*c.v+v)
				}
			}
		}
	}
	bw.flush()
	return bw.out
}
