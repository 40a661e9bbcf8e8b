package embed

import (
	"bytes"
	"fmt"
	"io"

	"github.com/captag/captag/metadata/jpegseg"
)

// JPEG markers and APP signatures the rewrite knows.
const (
	markerAPP0  = 0xE0
	markerAPP1  = jpegseg.APP1
	markerAPP2  = jpegseg.APP2
	markerAPP13 = jpegseg.APP13

	sigExif        = jpegseg.SigExif
	sigXMP         = jpegseg.SigXMP
	sigExtendedXMP = jpegseg.SigExtendedXMP
	sigPhotoshop   = jpegseg.SigPhotoshop
	sigMPF         = jpegseg.SigMPF

	// maxSegmentPayload is the most a marker segment can carry: its
	// 16-bit length counts itself.
	maxSegmentPayload = 0xFFFF - 2
	// maxSegments bounds the segments walked before the scan.
	maxSegments = 8192
)

// segment is one marker segment before the scan: the bytes
// file[start:end] (fill bytes, marker, length, payload).
type segment struct {
	marker     byte
	start, end int // in the file; start is the first fill byte or 0xFF
	payload    int // where the payload starts (after the length)
}

func (s segment) data(b []byte) []byte { return b[s.payload:s.end] }

func (s segment) has(b []byte, sig string) bool {
	return bytes.HasPrefix(s.data(b), []byte(sig))
}

// layout is a JPEG taken apart for the rewrite: the segments from SOI to
// the scan, and where the scan starts and ends.
type layout struct {
	segs      []segment
	scanStart int // offset of the scan's first marker (its fill bytes included)
	scanEnd   int // offset just after the scan's end (jpegseg.ScanEnd)
	mpf       int // index in segs of an APP2 MPF segment, -1 when none
}

func refuse(off int, format string, args ...any) *RefusedError {
	return &RefusedError{Offset: int64(off), Reason: fmt.Sprintf(format, args...)}
}

// parseLayout walks b by marker and length from SOI to the first SOS (see
// jpegseg), and the scan from there to EOI. Anything captag does not fully
// understand is a *RefusedError.
func parseLayout(b []byte) (*layout, error) {
	l, _, err := parseLayoutLike(b, nil, nil)
	return l, err
}

// parseLayoutLike is parseLayout of b where b's scan may be, byte for
// byte, the scan of orig, whose layout is ol (nil: none). same reports
// that b from its scan's start to its end is orig's from ol's: the walk
// of the scan is then ol's (jpegseg.ScanEnd reads only the bytes from
// the SOS on) and is not done again (issue 24: half a millisecond on a
// 5 MB scan).
func parseLayoutLike(b []byte, orig []byte, ol *layout) (_ *layout, same bool, _ error) {
	if len(b) < 4 || b[0] != 0xFF || b[1] != jpegseg.SOI {
		return nil, false, refuse(0, "expected a JPEG starting with SOI (FF D8), found % x", b[:min(len(b), 2)])
	}
	l := &layout{mpf: -1}
	w := jpegseg.New(bytes.NewReader(b), int64(len(b)))
	sofs := 0
	for {
		if len(l.segs) == maxSegments {
			return nil, false, refuse(int(w.Offset()), "expected at most %d segments before the scan, found more", maxSegments)
		}
		s, err := w.Next()
		if err == io.EOF {
			s, scan := w.Stop()
			pos := int(s.At)
			if !scan {
				return nil, false, refuse(pos, "expected a scan (SOS) before EOI, found none")
			}
			if sofs != 1 {
				return nil, false, refuse(pos, "expected one frame header (SOF) before the scan, found %d", sofs)
			}
			l.scanStart = int(s.Start)
			if ol != nil && bytes.Equal(b[l.scanStart:], orig[ol.scanStart:]) {
				l.scanEnd = l.scanStart + (ol.scanEnd - ol.scanStart)
				return l, true, nil
			}
			end, err := jpegseg.ScanEnd(b, pos)
			if err != nil {
				se := err.(*jpegseg.ScanError)
				return nil, false, refuse(int(se.Offset), "%s", se.Reason)
			}
			l.scanEnd = end
			return l, false, nil
		}
		if err != nil {
			return nil, false, walkRefusal(b, err)
		}
		m := s.Marker
		if !jpegseg.HasLength(m) {
			return nil, false, refuse(int(s.At), "expected a marker segment before the scan, found marker %02X (unknown marker order)", m)
		}
		if jpegseg.IsSOF(m) {
			sofs++
		}
		seg := segment{marker: m, start: int(s.Start), payload: int(s.Payload), end: int(s.End)}
		if m == markerAPP2 && seg.has(b, sigMPF) && l.mpf < 0 {
			l.mpf = len(l.segs)
		}
		l.segs = append(l.segs, seg)
	}
}

// walkRefusal words a *jpegseg.Error of the walk before the scan as the
// *RefusedError it is.
func walkRefusal(b []byte, err error) *RefusedError {
	e := err.(*jpegseg.Error)
	off := int(e.Offset)
	switch e.Kind {
	case jpegseg.EndOfFile:
		if off >= len(b) {
			return refuse(off, "expected a marker, found the end of the file before the scan")
		}
		return refuse(off, "expected a marker, found the end of the file")
	case jpegseg.NotMarker:
		return refuse(off, "expected a marker (FF), found %02X", e.Found)
	case jpegseg.TooMuchFill:
		return refuse(off, "expected at most %d fill bytes before a marker, found more", jpegseg.MaxFill)
	case jpegseg.NoLength:
		return refuse(off, "segment %02X: expected a length, found the end of the file", e.Marker)
	}
	// ShortLength, PastEnd
	return refuse(off, "segment %02X: expected a length of 2 to %d bytes, found %d", e.Marker, len(b)-off-2, e.Found)
}

// sigName names the signatures nearSignature compares with, for messages.
var sigName = map[string]string{
	sigExif6:       "EXIF",
	sigXMP:         "XMP",
	sigExtendedXMP: "ExtendedXMP",
	sigPhotoshop:   "Photoshop APP13",
}

// sigExif6 is the EXIF header in full; sigExif, one NUL shorter, is what
// the rewrite matches (some Kodak cameras leave out the second NUL).
const sigExif6 = jpegseg.SigExifFull

// maxSignatureSlack is how many bytes an APP1 or APP13 header may differ
// from a known signature, position by position, and still count as a near
// miss: one or two bytes changed is damage a lenient reader passes over.
const maxSignatureSlack = 2

// nearSignature reports whether the payload p of an APP1 or APP13 segment
// is a near miss of a signature captag rewrites or reads (EXIF, XMP,
// ExtendedXMP, Photoshop 3.0): not that signature, but one that a reader
// may still take for it, so that a segment captag writes would be a second
// packet. It returns the signature missed. Near is either of:
//
//   - what exiftool 12.57 takes (Image/ExifTool.pm, ProcessJPEG): an APP1
//     matching /^(.{0,4})Exif\0/is (any case, up to 4 bytes before it) is
//     EXIF; the ExtendedXMP and Photoshop headers are matched as regular
//     expressions, so each '.' in them matches any byte but a newline
//     ("Photoshop 3\xe10\0" is read); an APP1 starting "http" or "XMP\0",
//     or holding "<?xpacket" or "<exif:" anywhere, is read as XMP;
//   - a header of the signature's length that differs from it in at most
//     maxSignatureSlack positions.
//
// An exact signature is not a near miss.
func nearSignature(marker byte, p []byte) (string, bool) {
	switch marker {
	case markerAPP1:
		if bytes.HasPrefix(p, []byte(sigExif)) || bytes.HasPrefix(p, []byte(sigXMP)) || bytes.HasPrefix(p, []byte(sigExtendedXMP)) {
			return "", false
		}
		if exiftoolExif(p) || hamming(p, sigExif6) {
			return sigExif6, true
		}
		if wildcardDots(p, sigExtendedXMP) || hamming(p, sigExtendedXMP) {
			return sigExtendedXMP, true
		}
		if wildcardDots(p, sigXMP) || hamming(p, sigXMP) || bytes.HasPrefix(p, []byte("http")) || bytes.HasPrefix(p, []byte("XMP\x00")) {
			return sigXMP, true
		}
		// exiftool takes these three for what they say before it looks
		// for a packet inside.
		if !bytes.HasPrefix(p, []byte("QVCI\x00")) && !bytes.HasPrefix(p, []byte("FLIR\x00")) && !bytes.HasPrefix(p, []byte("PARROT\x00")) &&
			(bytes.Contains(p, []byte("<?xpacket")) || bytes.Contains(p, []byte("<exif:"))) {
			return sigXMP, true
		}
	case markerAPP13:
		if bytes.HasPrefix(p, []byte(sigPhotoshop)) {
			return "", false
		}
		if wildcardDots(p, sigPhotoshop) || hamming(p, sigPhotoshop) {
			return sigPhotoshop, true
		}
	}
	return "", false
}

// exiftoolExif is exiftool's test for an EXIF APP1: "Exif\0" in any case
// at one of the first five offsets.
func exiftoolExif(p []byte) bool {
	for i := 0; i <= 4 && i+5 <= len(p); i++ {
		if bytes.EqualFold(p[i:i+4], []byte("Exif")) && p[i+4] == 0 {
			return true
		}
	}
	return false
}

// wildcardDots reports whether p starts with sig read as exiftool reads
// it, as a regular expression: each '.' matches any byte but '\n'.
func wildcardDots(p []byte, sig string) bool {
	if len(p) < len(sig) {
		return false
	}
	for i := 0; i < len(sig); i++ {
		if sig[i] == '.' && p[i] != '\n' || sig[i] == p[i] {
			continue
		}
		return false
	}
	return true
}

// hamming reports whether p starts with a header of sig's length that
// differs from sig in 1 to maxSignatureSlack positions.
func hamming(p []byte, sig string) bool {
	if len(p) < len(sig) {
		return false
	}
	d := 0
	for i := 0; i < len(sig); i++ {
		if p[i] != sig[i] {
			d++
		}
	}
	return d > 0 && d <= maxSignatureSlack
}
