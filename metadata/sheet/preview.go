package sheet

import (
	"io"

	"github.com/captag/captag/metadata/jpegseg"
	"github.com/captag/captag/metadata/sniff"
	"github.com/captag/captag/metadata/tiffifd"
)

// What a file's header offers for a thumbnail: the EXIF Orientation, the
// EXIF IFD1 JPEG thumbnail and the MPF (CIPA DC-007) preview images of a
// JPEG, or the IFD1 thumbnail of a TIFF-based raw file. The header is read
// with bounded reads: segments up to SOS, one IFD at a time.
type previews struct {
	orientation int    // 1–8; 0 when the file does not say
	ifd1        span   // EXIF IFD1 JPEG thumbnail; n == 0 when none
	mpf         []span // MPF images after the first, in the index's order
	format      string // "jpeg", "png", "tiff" or ""
}

// span is a run of bytes in the file.
type span struct{ off, n int64 }

const (
	maxSegments   = 512  // JPEG segments walked before SOS
	maxIFDEntries = 1024 // entries in one IFD
	maxMPFEntries = 16   // MPF index entries looked at
)

// scan reads what r's header offers. A file it does not know gives the
// zero previews; a damaged header gives what was read before the damage.
// The format is sniff's name for the first bytes (and "jpeg" for any
// file that starts with SOI); a TIFF-family file counts as "tiff" only
// with a classic TIFF header (not an ORF's or RW2's), whose IFDs scanTIFF
// reads.
func scan(r io.ReaderAt, size int64) previews {
	var p previews
	var magic [8]byte
	if size < 8 || !readFull(r, magic[:], 0) {
		return p
	}
	f := sniff.Format(magic[:])
	if f == "unknown" && magic[0] == 0xFF && magic[1] == jpegseg.SOI {
		// Damage after SOI: image/jpeg skips bytes before a marker, so
		// such a file still gets its try at being decoded.
		f = "jpeg"
	}
	switch f {
	case "jpeg":
		p.format = f
		p.scanJPEG(r, size)
	case "png":
		p.format = f
	case "tiff":
		var ok bool
		if p.orientation, p.ifd1, ok = scanTIFF(r, 0, size); ok {
			p.format = f
		}
	}
	return p
}

// readFull reads len(b) bytes at off, reporting whether it could.
func readFull(r io.ReaderAt, b []byte, off int64) bool {
	n, err := r.ReadAt(b, off)
	return n == len(b) && (err == nil || err == io.EOF)
}

// scanJPEG walks the segments before SOS (with jpegseg) for the EXIF APP1
// and the MPF APP2.
func (p *previews) scanJPEG(r io.ReaderAt, size int64) {
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
				o, t, _ := scanTIFF(r, body.off+6, body.off+body.n)
				p.orientation, p.ifd1 = o, t
			}
		case s.Marker == jpegseg.APP2 && p.mpf == nil:
			if hasPrefixAt(r, body, jpegseg.SigMPF) {
				p.mpf = scanMPF(r, body.off+4, body.off+body.n, size)
			}
		}
	}
}

func hasPrefixAt(r io.ReaderAt, s span, prefix string) bool {
	if s.n < int64(len(prefix)) {
		return false
	}
	b := make([]byte, len(prefix))
	return readFull(r, b, s.off) && string(b) == prefix
}

// tiffAt returns a reader of the TIFF structure that starts at base and
// must end by end (absolute offsets in the file; offsets in it are
// relative to base) when it has a classic TIFF header, and its IFD0
// offset.
func tiffAt(r io.ReaderAt, base, end int64) (*tiffifd.Reader, int64, bool) {
	if end-base < tiffifd.HeaderLen {
		return nil, 0, false
	}
	t, err := tiffifd.New(r, base, end-base)
	if err != nil || t.Magic != tiffifd.MagicTIFF {
		return nil, 0, false
	}
	t.Cap = maxIFDEntries
	return t, int64(t.IFD0), true
}

// ifd reads the IFD at off: its entries and the offset of the next IFD,
// which must be there too.
func ifd(t *tiffifd.Reader, off int64) ([]tiffifd.Entry, int64, bool) {
	if off < tiffifd.HeaderLen {
		return nil, 0, false
	}
	d, err := t.ReadIFD(off)
	if err != nil || !d.HasNext {
		return nil, 0, false
	}
	return d.Entries, int64(d.Next), true
}

// uintOf reads a SHORT or LONG entry of count 1.
func uintOf(t *tiffifd.Reader, e *tiffifd.Entry) (int64, bool) {
	if e.Count != 1 || e.Type != tiffifd.Short && e.Type != tiffifd.Long {
		return 0, false
	}
	v, ok := t.Uint(e.Type, e.Field[:4])
	return int64(v), ok
}

// scanTIFF reads IFD0's Orientation and IFD1's JPEG thumbnail of the TIFF
// structure at base, which must end by end; ok reports that it has a
// classic TIFF header.
func scanTIFF(r io.ReaderAt, base, end int64) (orientation int, thumb span, ok bool) {
	t, off, ok := tiffAt(r, base, end)
	if !ok {
		return 0, span{}, false
	}
	es, next, ok := ifd(t, off)
	if !ok {
		return 0, span{}, true
	}
	for i := range es {
		if e := &es[i]; e.Tag == 0x0112 {
			if v, ok := uintOf(t, e); ok && v >= 1 && v <= 8 {
				orientation = int(v)
			}
		}
	}
	if next == 0 || next == off {
		return orientation, span{}, true
	}
	es, _, ok = ifd(t, next)
	if !ok {
		return orientation, span{}, true
	}
	var at, n int64 = -1, 0
	for i := range es {
		switch e := &es[i]; e.Tag {
		case 0x0201: // JPEGInterchangeFormat
			if v, ok := uintOf(t, e); ok {
				at = v
			}
		case 0x0202: // JPEGInterchangeFormatLength
			if v, ok := uintOf(t, e); ok {
				n = v
			}
		}
	}
	size := end - base
	if at < 8 || n <= 0 || at > size || n > size-at {
		return orientation, span{}, true
	}
	return orientation, span{base + at, n}, true
}

// scanMPF reads the MP Index IFD of an MPF APP2 whose TIFF header is at
// base (the payload ends at end): the images after the first, each where
// the file holds it (offsets count from base; the file is size bytes).
func scanMPF(r io.ReaderAt, base, end, size int64) []span {
	t, off, ok := tiffAt(r, base, end)
	if !ok {
		return nil
	}
	es, _, ok := ifd(t, off)
	if !ok {
		return nil
	}
	for _, e := range es {
		if e.Tag != 0xB002 || e.Type != tiffifd.Undefined || e.Count%16 != 0 {
			continue
		}
		n := int64(e.Count / 16)
		at := int64(e.ValueOffset(t.Order))
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
			sz, o := int64(t.Order.Uint32(x[4:])), int64(t.Order.Uint32(x[8:]))
			if sz <= 0 || o <= 0 || o > size-base || sz > size-base-o {
				continue
			}
			out = append(out, span{base + o, sz})
		}
		return out
	}
	return nil
}
