package sheet

// The header scan of preview.go before tiffifd, kept to compare the two
// (TestScanSameAsOld).

import (
	"bytes"
	"encoding/binary"
	"io"

	"github.com/captag/captag/metadata/jpegseg"
)

const oldMaxIFDEntries = 1024

// oldScan reads what r's header offers. A file it does not know gives the
// zero previews; a damaged header gives what was read before the damage.
func oldScan(r io.ReaderAt, size int64) previews {
	var p previews
	var magic [8]byte
	if size < 8 || !readFull(r, magic[:], 0) {
		return p
	}
	switch {
	case magic[0] == 0xFF && magic[1] == 0xD8:
		p.format = "jpeg"
		p.oldScanJPEG(r, size)
	case bytes.HasPrefix(magic[:], []byte("\x89PNG\r\n\x1a\n")):
		p.format = "png"
	case bytes.HasPrefix(magic[:], []byte("II*\x00")) || bytes.HasPrefix(magic[:], []byte("MM\x00*")):
		p.format = "tiff"
		p.orientation, p.ifd1 = oldScanTIFF(r, 0, size)
	}
	return p
}

// oldScanJPEG walks the segments before SOS (with jpegseg) for the EXIF APP1
// and the MPF APP2.
func (p *previews) oldScanJPEG(r io.ReaderAt, size int64) {
	w := jpegseg.New(r, size)
	for range maxSegments {
		s, err := w.Next()
		if err != nil || s.Marker == 0x00 {
			return // the header is over (io.EOF), or broken
		}
		body := span{s.Payload, s.Len()}
		switch {
		case s.Marker == jpegseg.APP1 && p.ifd1.n == 0 && p.orientation == 0:
			if hasPrefixAt(r, body, jpegseg.SigExifFull) {
				o, t := oldScanTIFF(r, body.off+6, body.off+body.n)
				p.orientation, p.ifd1 = o, t
			}
		case s.Marker == jpegseg.APP2 && p.mpf == nil:
			if hasPrefixAt(r, body, jpegseg.SigMPF) {
				p.mpf = oldScanMPF(r, body.off+4, body.off+body.n, size)
			}
		}
	}
}

// oldTIFFView reads a TIFF structure that starts at base and must end by end
// (absolute offsets in the file). Offsets in it are relative to base.
type oldTIFFView struct {
	r         io.ReaderAt
	base, end int64
	order     binary.ByteOrder
}

func oldNewTIFFView(r io.ReaderAt, base, end int64) (*oldTIFFView, int64, bool) {
	var h [8]byte
	if end-base < 8 || !readFull(r, h[:], base) {
		return nil, 0, false
	}
	t := &oldTIFFView{r: r, base: base, end: end}
	switch string(h[:4]) {
	case "II*\x00":
		t.order = binary.LittleEndian
	case "MM\x00*":
		t.order = binary.BigEndian
	default:
		return nil, 0, false
	}
	return t, int64(t.order.Uint32(h[4:])), true
}

// oldEntry is one IFD oldEntry: tag, type, count and the four value bytes.
type oldEntry struct {
	tag, typ uint16
	count    uint32
	value    [4]byte
}

// ifd reads the IFD at off (relative to base): its entries and the offset
// of the next IFD.
func (t *oldTIFFView) ifd(off int64) ([]oldEntry, int64, bool) {
	size := t.end - t.base
	if off < 8 || off > size-2 {
		return nil, 0, false
	}
	var c [2]byte
	if !readFull(t.r, c[:], t.base+off) {
		return nil, 0, false
	}
	n := int64(t.order.Uint16(c[:]))
	if n > oldMaxIFDEntries || 12*n+4 > size-off-2 {
		return nil, 0, false
	}
	b := make([]byte, 12*n+4)
	if !readFull(t.r, b, t.base+off+2) {
		return nil, 0, false
	}
	es := make([]oldEntry, n)
	for i := range es {
		e := b[12*i:]
		es[i] = oldEntry{tag: t.order.Uint16(e), typ: t.order.Uint16(e[2:]), count: t.order.Uint32(e[4:])}
		copy(es[i].value[:], e[8:12])
	}
	return es, int64(t.order.Uint32(b[12*n:])), true
}

// uint reads a SHORT or LONG oldEntry of count 1.
func (t *oldTIFFView) uint(e oldEntry) (int64, bool) {
	switch {
	case e.count != 1:
		return 0, false
	case e.typ == 3:
		return int64(t.order.Uint16(e.value[:])), true
	case e.typ == 4:
		return int64(t.order.Uint32(e.value[:])), true
	}
	return 0, false
}

// oldScanTIFF reads IFD0's Orientation and IFD1's JPEG thumbnail of the TIFF
// structure at base, which must end by end.
func oldScanTIFF(r io.ReaderAt, base, end int64) (orientation int, thumb span) {
	t, off, ok := oldNewTIFFView(r, base, end)
	if !ok {
		return 0, span{}
	}
	es, next, ok := t.ifd(off)
	if !ok {
		return 0, span{}
	}
	for _, e := range es {
		if e.tag == 0x0112 {
			if v, ok := t.uint(e); ok && v >= 1 && v <= 8 {
				orientation = int(v)
			}
		}
	}
	if next == 0 || next == off {
		return orientation, span{}
	}
	es, _, ok = t.ifd(next)
	if !ok {
		return orientation, span{}
	}
	var at, n int64 = -1, 0
	for _, e := range es {
		switch e.tag {
		case 0x0201: // JPEGInterchangeFormat
			if v, ok := t.uint(e); ok {
				at = v
			}
		case 0x0202: // JPEGInterchangeFormatLength
			if v, ok := t.uint(e); ok {
				n = v
			}
		}
	}
	size := end - base
	if at < 8 || n <= 0 || at > size || n > size-at {
		return orientation, span{}
	}
	return orientation, span{base + at, n}
}

// oldScanMPF reads the MP Index IFD of an MPF APP2 whose TIFF header is at
// base (the payload ends at end): the images after the first, each where
// the file holds it (offsets count from base; the file is size bytes).
func oldScanMPF(r io.ReaderAt, base, end, size int64) []span {
	t, off, ok := oldNewTIFFView(r, base, end)
	if !ok {
		return nil
	}
	es, _, ok := t.ifd(off)
	if !ok {
		return nil
	}
	for _, e := range es {
		if e.tag != 0xB002 || e.typ != 7 || e.count%16 != 0 {
			continue
		}
		n := int64(e.count / 16)
		at := int64(t.order.Uint32(e.value[:]))
		if n < 2 || at < 8 || at > end-base || 16*min(n, maxMPFEntries) > end-base-at {
			return nil
		}
		n = min(n, maxMPFEntries)
		b := make([]byte, 16*n)
		if !readFull(r, b, base+at) {
			return nil
		}
		var out []span
		for i := int64(1); i < n; i++ {
			x := b[16*i:]
			sz, o := int64(t.order.Uint32(x[4:])), int64(t.order.Uint32(x[8:]))
			if sz <= 0 || o <= 0 || o > size-base || sz > size-base-o {
				continue
			}
			out = append(out, span{base + o, sz})
		}
		return out
	}
	return nil
}
