// Package jpegseg is the one JPEG segment walker of captag: the metadata
// reader, the embedder (sidecar/embed), the thumbnailer (metadata/sheet)
// and captag-bench all walk a JPEG's marker segments with it, and it is
// the one place that knows where the header ends (SOS) and the file ends
// (EOI).
//
// It walks by marker and length from the byte after SOI and never searches
// for magic bytes. It reads through an io.ReaderAt with small bounded reads
// (a []byte is read through bytes.NewReader); what a segment holds is the
// caller's to read. It reports what it finds; what is refused, warned
// about or skipped, and in what words, is the caller's.
//
// The path is not internal because sidecar/embed and cmd/captag-bench
// import it too; it is not an API for programs outside the module.
package jpegseg

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
)

// Markers, APP signatures and limits.
const (
	SOI = 0xD8 // start of image
	EOI = 0xD9 // end of image
	SOS = 0xDA // start of scan: the header is over

	// The APP segments captag reads or writes, and their signatures (the
	// payload's first bytes). SigExif is one NUL short of the full EXIF
	// header, SigExifFull: some Kodak cameras leave out the second.
	APP1           = 0xE1 // EXIF, XMP, ExtendedXMP
	APP2           = 0xE2 // MPF
	APP13          = 0xED // Photoshop resources (the IIM)
	SigExif        = "Exif\x00"
	SigExifFull    = "Exif\x00\x00"
	SigXMP         = "http://ns.adobe.com/xap/1.0/\x00"
	SigExtendedXMP = "http://ns.adobe.com/xmp/extension/\x00"
	SigPhotoshop   = "Photoshop 3.0\x00"
	SigMPF         = "MPF\x00"

	// MaxFill bounds the 0xFF fill bytes accepted before one marker.
	MaxFill = 64 << 10
	// maxScanSegments bounds the segments ScanEnd walks in the scans.
	maxScanSegments = 8192
)

// Segment is one marker segment: the bytes [Start, End) of the file (fill
// bytes, marker, length, payload). A marker without a length (see
// HasLength) has Payload == End == At+2.
type Segment struct {
	Marker  byte
	Start   int64 // the first fill byte, or the marker's 0xFF when none
	At      int64 // the marker's 0xFF (after the fill bytes)
	Payload int64 // the payload, after the 2-byte length
	End     int64 // just after the payload
}

// Len is the payload's length.
func (s Segment) Len() int64 { return s.End - s.Payload }

// HasLength reports whether marker m is followed by a 2-byte length: all
// but TEM (01), RST0–7 (D0–D7), SOI and EOI, and 00 (not a marker: a data
// byte of the scan).
func HasLength(m byte) bool {
	return m != 0x00 && m != 0x01 && !(m >= 0xD0 && m <= EOI)
}

// IsSOF reports whether m starts a frame (SOF0–SOF15 but DHT, JPG, DAC).
func IsSOF(m byte) bool {
	return m >= 0xC0 && m <= 0xCF && m != 0xC4 && m != 0xC8 && m != 0xCC
}

// Kind is what stopped a walk.
type Kind int

const (
	// EndOfFile: no marker at Offset: the file ends there (Offset is the
	// file's size) or right after the 0xFF at Offset.
	EndOfFile Kind = iota + 1
	// NotMarker: the byte at Offset is Found, not 0xFF.
	NotMarker
	// TooMuchFill: more than MaxFill fill bytes; Offset is the last one
	// counted.
	TooMuchFill
	// NoLength: the marker at Offset has no room for its length.
	NoLength
	// ShortLength: the marker at Offset gives a length Found below 2.
	ShortLength
	// PastEnd: the marker at Offset gives a length Found that runs past
	// the end of the file.
	PastEnd
)

// Error is a walk that could not go on. Offset is where (see Kind).
type Error struct {
	Kind   Kind
	Offset int64
	Marker byte  // the marker, for NoLength, ShortLength and PastEnd
	Found  int64 // the byte (NotMarker) or the length (ShortLength, PastEnd)
	Err    error // the read error when a read failed before the end of the file
}

func (e *Error) Error() string {
	var s string
	switch e.Kind {
	case EndOfFile:
		s = "expected a marker, found the end of the file"
	case NotMarker:
		s = fmt.Sprintf("expected a marker (FF), found %02X", e.Found)
	case TooMuchFill:
		s = fmt.Sprintf("expected at most %d fill bytes before a marker, found more", MaxFill)
	case NoLength:
		s = fmt.Sprintf("segment %02X: expected a length, found the end of the file", e.Marker)
	case ShortLength:
		s = fmt.Sprintf("segment %02X: expected a length of at least 2, found %d", e.Marker, e.Found)
	case PastEnd:
		s = fmt.Sprintf("segment %02X: expected %d bytes, found the end of the file", e.Marker, e.Found)
	}
	if e.Err != nil {
		s += ": " + e.Err.Error()
	}
	return fmt.Sprintf("jpegseg: %s (offset %d)", s, e.Offset)
}

func (e *Error) Unwrap() error { return e.Err }

// Walker walks the segments of a JPEG from the byte after SOI to the
// first SOS or EOI (see Stop). The caller checks SOI and bounds how many segments it
// takes.
type Walker struct {
	r    io.ReaderAt
	size int64
	pos  int64
	err  error // what stopped the walk: io.EOF after SOS or EOI, or an *Error
	stop Segment
	rerr error // the last read error
	buf  [2]byte
}

// New returns a Walker over the size bytes of r, at offset 2 (after SOI).
func New(r io.ReaderAt, size int64) *Walker {
	return &Walker{r: r, size: size, pos: 2}
}

// Reset makes w walk the size bytes of r from offset 2, as New does: for
// a Walker kept inside another value, which costs no allocation of its
// own.
func (w *Walker) Reset(r io.ReaderAt, size int64) {
	*w = Walker{r: r, size: size, pos: 2}
}

// Offset is where the next segment starts (its first fill byte).
func (w *Walker) Offset() int64 { return w.pos }

// Stop returns the marker where Next said io.EOF, without a length: the
// first SOS, with scan true (Start is where the scan starts, At its 0xFF
// for ScanEnd), or EOI, with scan false. The zero Segment before that.
func (w *Walker) Stop() (s Segment, scan bool) {
	return w.stop, w.stop.Marker == SOS
}

// read returns up to 2 bytes at off, fewer at the end of the file or when
// a read fails (w.rerr then says why).
func (w *Walker) read(off int64) []byte {
	n := min(int64(len(w.buf)), w.size-off)
	if n <= 0 {
		return nil
	}
	got, err := w.r.ReadAt(w.buf[:n], off)
	if int64(got) < n && err != nil && !errors.Is(err, io.EOF) {
		w.rerr = err
	}
	return w.buf[:got]
}

func (w *Walker) fail(k Kind, off int64, m byte, found int64) (Segment, error) {
	e := &Error{Kind: k, Offset: off, Marker: m, Found: found}
	if k == EndOfFile || k == NoLength {
		e.Err = w.rerr
	}
	w.err = e
	return Segment{}, e
}

// Next returns the next segment; io.EOF at SOS or EOI, the end of the
// header (see Stop); an *Error when the bytes are not a segment. Once it
// returned an error it returns it again.
func (w *Walker) Next() (Segment, error) {
	if w.err != nil {
		return Segment{}, w.err
	}
	w.rerr = nil
	start := w.pos
	b := w.read(start)
	if len(b) == 0 {
		return w.fail(EndOfFile, start, 0, 0)
	}
	if b[0] != 0xFF {
		return w.fail(NotMarker, start, 0, int64(b[0]))
	}
	at := start
	for fill := 0; len(b) == 2 && b[1] == 0xFF; {
		at++
		if fill++; fill > MaxFill {
			return w.fail(TooMuchFill, at, 0, 0)
		}
		b = w.read(at)
	}
	if len(b) < 2 {
		return w.fail(EndOfFile, at, 0, 0)
	}
	m := b[1]
	seg := Segment{Marker: m, Start: start, At: at, Payload: at + 2, End: at + 2}
	if m == SOS || m == EOI {
		w.stop, w.err = seg, io.EOF
		return Segment{}, io.EOF
	}
	if HasLength(m) {
		lb := w.read(at + 2)
		if len(lb) < 2 {
			return w.fail(NoLength, at, m, 0)
		}
		n := int64(binary.BigEndian.Uint16(lb))
		if n < 2 {
			return w.fail(ShortLength, at, m, n)
		}
		seg.Payload, seg.End = at+4, at+2+n
		if seg.End > w.size {
			return w.fail(PastEnd, at, m, n)
		}
	}
	w.pos = seg.End
	return seg, nil
}

// ScanError is a scan ScanEnd could not walk to its EOI.
type ScanError struct {
	Offset int64
	Reason string
}

func (e *ScanError) Error() string {
	return fmt.Sprintf("jpegseg: %s (offset %d)", e.Reason, e.Offset)
}

func scanErr(off int, format string, args ...any) *ScanError {
	return &ScanError{Offset: int64(off), Reason: fmt.Sprintf(format, args...)}
}

// ScanEnd walks the scans from the SOS marker at pos in b (its 0xFF, after
// any fill bytes: Segment.At): entropy-coded data, restart markers, and
// the tables and further scans of a progressive JPEG. It returns the
// offset just after EOI, or a *ScanError for a scan it does not fully
// understand: a second frame header, a bad length, a stray marker, no EOI.
func ScanEnd(b []byte, pos int) (int, error) {
	for segs := 0; ; {
		// pos is at a marker with a length (SOS, DHT, DQT, DRI, COM, APPn…).
		if pos+4 > len(b) {
			return 0, scanErr(pos, "expected a segment length in the scan, found the end of the file")
		}
		m := b[pos+1]
		if IsSOF(m) {
			return 0, scanErr(pos, "expected one frame header (SOF), found another in the scan")
		}
		n := int(binary.BigEndian.Uint16(b[pos+2:]))
		if n < 2 || n > len(b)-pos-2 {
			return 0, scanErr(pos, "segment %02X in the scan: expected a length of 2 to %d bytes, found %d", m, len(b)-pos-2, n)
		}
		if segs++; segs > maxScanSegments {
			return 0, scanErr(pos, "expected at most %d segments in the scan, found more", maxScanSegments)
		}
		p := pos + 2 + n
		if m == SOS {
			// Entropy-coded data: FF 00 is a data byte, FF D0-D7 a
			// restart marker, FF FF fill; any other marker ends it.
			for {
				i := bytes.IndexByte(b[p:], 0xFF)
				if i < 0 {
					return 0, scanErr(len(b), "expected EOI (FF D9) after the scan, found the end of the file")
				}
				p += i
				if p+1 >= len(b) {
					return 0, scanErr(p, "expected EOI (FF D9) after the scan, found the end of the file")
				}
				c := b[p+1]
				if c == 0x00 || c >= 0xD0 && c <= 0xD7 {
					p += 2
					continue
				}
				if c == 0xFF {
					p++
					continue
				}
				break
			}
		}
		for p+1 < len(b) && b[p] == 0xFF && b[p+1] == 0xFF {
			p++
		}
		if p+1 >= len(b) || b[p] != 0xFF {
			return 0, scanErr(p, "expected a marker or EOI after the scan data, found the end of the file")
		}
		if b[p+1] == EOI {
			return p + 2, nil
		}
		if b[p+1] == 0x01 || b[p+1] == SOI {
			return 0, scanErr(p, "expected a marker segment or EOI in the scan, found marker %02X", b[p+1])
		}
		pos = p
	}
}
