package jpegscale

import (
	"encoding/binary"
	"fmt"
	"io"
)

// This file reads bytes and the marker segments that come before and
// between scans (T.81, B.2.2 to B.2.4).

// fill reads more bytes into buf, keeping the byte before pos so that
// one byte can be put back (bits.go puts back the 0xFF of a marker). It
// reports whether a byte is now at pos.
func (d *decoder) fill() bool {
	if d.rerr != nil {
		return false
	}
	if d.pos > 0 {
		k := copy(d.buf, d.buf[d.pos-1:d.end])
		d.pos, d.end = 1, k
	}
	for range maxReadRetries {
		k, err := d.r.Read(d.buf[d.end:])
		d.end += k
		if err != nil {
			if err == io.EOF {
				err = io.ErrUnexpectedEOF
			}
			d.rerr = err
			break
		}
		if k > 0 {
			break
		}
	}
	if d.pos == d.end && d.rerr == nil {
		d.rerr = io.ErrNoProgress
	}
	return d.pos < d.end
}

func (d *decoder) readByte() (byte, error) {
	if d.pos == d.end && !d.fill() {
		return 0, d.rerr
	}
	b := d.buf[d.pos]
	d.pos++
	return b, nil
}

// readFull fills p from the stream.
func (d *decoder) readFull(p []byte) error {
	for len(p) > 0 {
		if d.pos == d.end && !d.fill() {
			return d.rerr
		}
		k := copy(p, d.buf[d.pos:d.end])
		d.pos += k
		p = p[k:]
	}
	return nil
}

// skip passes n bytes.
func (d *decoder) skip(n int) error {
	for n > 0 {
		if d.pos == d.end && !d.fill() {
			return d.rerr
		}
		k := min(n, d.end-d.pos)
		d.pos += k
		n -= k
	}
	return nil
}

// nextMarker passes bytes up to the next marker (0xFF, any fill bytes
// 0xFF, then a code other than 0x00: B.1.1.2) and returns its code.
// Bytes before it (none in a well-formed file) are passed over, as the
// entropy-coded data a damaged scan leaves.
func (d *decoder) nextMarker() (byte, error) {
	for {
		b, err := d.readByte()
		if err != nil {
			return 0, err
		}
		if b != 0xFF {
			continue
		}
		for b == 0xFF {
			if b, err = d.readByte(); err != nil {
				return 0, err
			}
		}
		if b != 0 {
			return b, nil
		}
	}
}

// segment reads a marker segment's length and payload into d.seg.
func (d *decoder) segment() ([]byte, error) {
	var l [2]byte
	if err := d.readFull(l[:]); err != nil {
		return nil, err
	}
	n := int(binary.BigEndian.Uint16(l[:]))
	if n < 2 {
		return nil, FormatError(fmt.Sprintf("expected a segment length of at least 2, found %d", n))
	}
	if d.seg == nil {
		d.seg = make([]byte, maxSegment)
	}
	p := d.seg[:n-2]
	return p, d.readFull(p)
}

func (d *decoder) skipSegment() error {
	var l [2]byte
	if err := d.readFull(l[:]); err != nil {
		return err
	}
	n := int(binary.BigEndian.Uint16(l[:]))
	if n < 2 {
		return FormatError(fmt.Sprintf("expected a segment length of at least 2, found %d", n))
	}
	return d.skip(n - 2)
}

// readFrame reads SOF0 or SOF1 (B.2.2) and allocates the planes.
func (d *decoder) readFrame() error {
	if d.frame {
		return FormatError("expected one frame header, found a second")
	}
	p, err := d.segment()
	if err != nil {
		return err
	}
	if len(p) < 6 {
		return FormatError(fmt.Sprintf("expected a frame header of at least 6 bytes, found %d", len(p)))
	}
	prec, h, w, nf := p[0], int(binary.BigEndian.Uint16(p[1:])), int(binary.BigEndian.Uint16(p[3:])), int(p[5])
	switch {
	case prec != 8:
		return unsupported(fmt.Sprintf("%d-bit samples", prec))
	case h == 0:
		return unsupported("a height given by DNL")
	case w == 0:
		return FormatError("expected a frame width of at least 1, found 0")
	case nf != 1 && nf != 3:
		return unsupported(fmt.Sprintf("%d components", nf))
	case len(p) != 6+3*nf:
		return FormatError(fmt.Sprintf("expected a frame header of %d bytes for %d components, found %d", 6+3*nf, nf, len(p)))
	case int64(w)*int64(h) > MaxPixels:
		return FormatError(fmt.Sprintf("expected at most %d pixels, found %d×%d", MaxPixels, w, h))
	}
	d.w, d.h, d.nf = w, h, nf
	d.hmax, d.vmax = 1, 1
	for i := range nf {
		c := &d.comps[i]
		q := p[6+3*i:]
		c.id, c.h, c.v, c.tq = q[0], int(q[1]>>4), int(q[1]&15), int(q[2])
		if c.h < 1 || c.h > 4 || c.v < 1 || c.v > 4 {
			return FormatError(fmt.Sprintf("expected sampling factors 1–4, found %d×%d", c.h, c.v))
		}
		if c.tq > 3 {
			return FormatError(fmt.Sprintf("expected a quantisation table 0–3, found %d", c.tq))
		}
		for j := range i {
			if d.comps[j].id == c.id {
				return FormatError(fmt.Sprintf("expected distinct component identifiers, found %d twice", c.id))
			}
		}
		if nf == 1 {
			// One component: its scan is non-interleaved and its
			// sampling factors do not matter (A.2.2).
			c.h, c.v = 1, 1
		}
		d.hmax, d.vmax = max(d.hmax, c.h), max(d.vmax, c.v)
	}
	if nf == 3 && (d.adobe && d.adobeXform == 0 || d.comps[0].id == 'R' && d.comps[1].id == 'G' && d.comps[2].id == 'B') {
		return unsupported("RGB components")
	}
	d.mcusX = (w + 8*d.hmax - 1) / (8 * d.hmax)
	d.mcusY = (h + 8*d.vmax - 1) / (8 * d.vmax)
	for i := range nf {
		c := &d.comps[i]
		c.stride = d.mcusX * c.h * d.n
		c.rows = d.mcusY * c.v * d.n
		c.pix = make([]uint8, c.stride*c.rows)
	}
	d.frame = true
	return nil
}

// readDQT reads quantisation tables (B.2.4.1).
func (d *decoder) readDQT() error {
	p, err := d.segment()
	if err != nil {
		return err
	}
	for len(p) > 0 {
		pq, tq := p[0]>>4, int(p[0]&15)
		p = p[1:]
		if pq > 1 || tq > 3 {
			return FormatError(fmt.Sprintf("expected a quantisation table of precision 0–1 and number 0–3, found %d and %d", pq, tq))
		}
		size := 64 * (1 + int(pq))
		if len(p) < size {
			return FormatError(fmt.Sprintf("expected a quantisation table of %d bytes, found %d", size, len(p)))
		}
		t := &d.quant[tq]
		for i := range t {
			if pq == 0 {
				t[i] = int(p[i])
			} else {
				t[i] = int(binary.BigEndian.Uint16(p[2*i:]))
			}
		}
		d.qset[tq] = true
		p = p[size:]
	}
	return nil
}

// readDHT reads Huffman tables (B.2.4.2).
func (d *decoder) readDHT() error {
	p, err := d.segment()
	if err != nil {
		return err
	}
	for len(p) > 0 {
		if len(p) < 17 {
			return FormatError(fmt.Sprintf("expected a Huffman table of at least 17 bytes, found %d", len(p)))
		}
		tc, th := int(p[0]>>4), int(p[0]&15)
		if tc > 1 || th > 3 {
			return FormatError(fmt.Sprintf("expected a Huffman table of class 0–1 and number 0–3, found %d and %d", tc, th))
		}
		var counts [16]int
		total := 0
		for i := range counts {
			counts[i] = int(p[1+i])
			total += counts[i]
		}
		if total > len(p)-17 {
			return FormatError(fmt.Sprintf("expected %d Huffman values, found %d bytes", total, len(p)-17))
		}
		if err := d.huff[tc][th].build(counts, p[17:17+total], tc == 0); err != nil {
			return err
		}
		d.hset[tc][th] = true
		p = p[17+total:]
	}
	return nil
}

// readDRI reads the restart interval (B.2.4.4).
func (d *decoder) readDRI() error {
	p, err := d.segment()
	if err != nil {
		return err
	}
	if len(p) != 2 {
		return FormatError(fmt.Sprintf("expected a restart interval of 2 bytes, found %d", len(p)))
	}
	d.restart = int(binary.BigEndian.Uint16(p))
	return nil
}

// readAdobe reads an APP14 segment: Adobe's says whether three
// components are YCbCr (transform 1) or RGB (0).
func (d *decoder) readAdobe() error {
	p, err := d.segment()
	if err != nil {
		return err
	}
	if len(p) >= 12 && string(p[:5]) == "Adobe" {
		d.adobe, d.adobeXform = true, p[11]
		if d.frame && d.nf == 3 && d.adobeXform == 0 {
			return unsupported("RGB components")
		}
	}
	return nil
}

// scanComp is a component of a scan and its tables.
type scanComp struct {
	c      *component
	dc, ac *huffTable
	q      *quantTable
	f      *foldTables // q folded at the decoder's scale (scan.go)
}

// readScan reads a scan header (B.2.3) and decodes the scan.
func (d *decoder) readScan() error {
	if !d.frame {
		return FormatError("expected a frame header before the scan, found none")
	}
	p, err := d.segment()
	if err != nil {
		return err
	}
	if len(p) < 1 {
		return FormatError("expected a scan header, found an empty segment")
	}
	ns := int(p[0])
	if ns < 1 || ns > d.nf || len(p) != 4+2*ns {
		return FormatError(fmt.Sprintf("expected a scan header of 1–%d components, found %d in %d bytes", d.nf, ns, len(p)))
	}
	var sc [3]scanComp
	blocks := 0
	for i := range ns {
		id, td, ta := p[1+2*i], int(p[2+2*i]>>4), int(p[2+2*i]&15)
		var c *component
		for j := range d.nf {
			if d.comps[j].id == id {
				c = &d.comps[j]
			}
		}
		switch {
		case c == nil:
			return FormatError(fmt.Sprintf("expected a component of the frame in the scan, found %d", id))
		case c.done:
			return FormatError(fmt.Sprintf("expected component %d in one scan, found it in a second", id))
		case td > 3 || ta > 3 || !d.hset[0][td] || !d.hset[1][ta]:
			return FormatError(fmt.Sprintf("expected defined Huffman tables, found DC %d and AC %d", td, ta))
		case !d.qset[c.tq]:
			return FormatError(fmt.Sprintf("expected quantisation table %d defined, found none", c.tq))
		}
		c.done = true
		sc[i] = scanComp{c: c, dc: &d.huff[0][td], ac: &d.huff[1][ta], q: &d.quant[c.tq]}
		blocks += c.h * c.v
	}
	if ns > 1 && blocks > 10 {
		return FormatError(fmt.Sprintf("expected at most 10 blocks in an MCU, found %d", blocks))
	}
	ss, se, a := p[1+2*ns], p[2+2*ns], p[3+2*ns]
	if ss != 0 || se != 63 || a != 0 {
		return FormatError(fmt.Sprintf("expected a sequential scan (0, 63, 0), found (%d, %d, %d)", ss, se, a))
	}
	return d.decodeScan(sc[:ns])
}
