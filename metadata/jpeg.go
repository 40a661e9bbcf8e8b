package metadata

import (
	"bytes"
	"crypto/md5"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"io"
	"sort"

	"github.com/captag/captag/metadata/jpegseg"
)

// JPEG APP segment signatures captag reads.
const (
	sigExif        = jpegseg.SigExif
	sigXMP         = jpegseg.SigXMP
	sigExtendedXMP = jpegseg.SigExtendedXMP
	sigPhotoshop   = jpegseg.SigPhotoshop

	extHeaderLen    = 32 + 4 + 4      // GUID, full length, offset
	maxJPEGFillRun  = jpegseg.MaxFill // 0xFF fill bytes tolerated before one marker
	markerAPP1      = jpegseg.APP1
	markerAPP13     = jpegseg.APP13
	jpegPeekLen     = len(sigExtendedXMP)
	maxAltXMPHeader = 256     // bytes searched for the packet after a non-standard XMP header
	maxJoinedEXIF   = 4 << 20 // EXIF bytes joined from an Exif APP1 and the ones right after it
)

// jpegMeta is what the segment walk collected from a JPEG. Slices may share
// the Reader's buffer: they are valid until Read returns.
type jpegMeta struct {
	exif     []byte // TIFF bytes of the first APP1 Exif segment, with its continuations
	exifEnd  int64  // file offset just past the last Exif segment taken: a continuation starts there
	xmp      []byte // main XMP packet of the first XMP APP1 segment
	xmpAlt   []byte // packet of the first APP1 with a non-standard XMP header ("XMP\x00://ns.adobe.com/xap/1.0/"…)
	altAt    int64  // that segment's file offset
	altHead  string // its header, up to the packet
	ext      []extChunk
	extBytes int64
	app13    [][]byte // Photoshop IRB payloads, in file order
	app13Len int64
	warns    []Warning
	walk     jpegseg.Walker // kept here: no allocation of its own
}

type extChunk struct {
	guid       string
	full, off  uint32
	data       []byte
	fileOffset int64
}

func jpegWarn(code WarningCode, format string, args ...any) Warning {
	return Warning{Code: code, Message: "jpeg: " + fmt.Sprintf(format, args...)}
}

// walkJPEG walks the marker segments of a JPEG from SOI to SOS (or EOI)
// with jpegseg, and collects the metadata segments. Segments it does not
// need are skipped without being read. A broken structure ends the walk
// with a warning; what was collected before it is kept.
func walkJPEG(s *source) *jpegMeta {
	m := &jpegMeta{}
	w := &m.walk
	w.Reset(s, s.size)
	for seg := 0; ; seg++ {
		pos := w.Offset()
		if seg >= maxJPEGSegments {
			m.warns = append(m.warns, jpegWarn(WarnGeneral, "expected at most %d segments before SOS, found more; stopped reading at offset %d", maxJPEGSegments, pos))
			return m
		}
		sg, err := w.Next()
		if err == io.EOF { // SOS or EOI: the header is over
			return m
		}
		if err != nil {
			m.warns = append(m.warns, walkWarning(s, seg, err))
			return m
		}
		marker := sg.Marker
		switch {
		case marker == 0x00:
			m.warns = append(m.warns, jpegWarn(WarnGeneral, "expected a marker at offset %d, found 0xFF00 (scan data); stopped reading", sg.At))
			return m
		case !jpegseg.HasLength(marker): // standalone
			continue
		}
		if marker == markerAPP1 || marker == markerAPP13 {
			if err := m.collect(s, marker, sg.Payload, sg.Len()); err != nil {
				m.warns = append(m.warns, jpegWarn(WarnGeneral, "segment 0x%02X at offset %d: %v; stopped reading", marker, sg.At, err))
				return m
			}
		}
	}
}

// walkWarning words the *jpegseg.Error that ended the walk after seg
// segments.
func walkWarning(s *source, seg int, err error) Warning {
	e := err.(*jpegseg.Error)
	pos := e.Offset
	switch e.Kind {
	case jpegseg.NotMarker:
		if pos+1 < s.size {
			return jpegWarn(WarnGeneral, "expected a marker (0xFF) at offset %d, found 0x%02X; stopped reading", pos, e.Found)
		}
	case jpegseg.TooMuchFill:
		return jpegWarn(WarnGeneral, "expected at most %d fill bytes before a marker, found more at offset %d", maxJPEGFillRun, pos)
	case jpegseg.NoLength:
		return jpegWarn(WarnTruncated, "segment 0x%02X at offset %d: expected a length, found the end of the file", e.Marker, pos)
	case jpegseg.ShortLength:
		return jpegWarn(WarnGeneral, "segment 0x%02X at offset %d: expected a length of at least 2, found %d; stopped reading", e.Marker, pos, e.Found)
	case jpegseg.PastEnd:
		if e.Marker == markerAPP1 || e.Marker == markerAPP13 {
			return jpegWarn(WarnTruncated, "segment 0x%02X at offset %d: expected %d bytes, found the end of the file", e.Marker, pos, e.Found)
		}
		// Skipped without a read: the walk stops at the next marker,
		// which lies past the end of the file.
		if pos += 2 + e.Found; seg+1 >= maxJPEGSegments {
			return jpegWarn(WarnGeneral, "expected at most %d segments before SOS, found more; stopped reading at offset %d", maxJPEGSegments, pos)
		}
	}
	// EndOfFile, and a byte that is not 0xFF with no byte after it
	return jpegWarn(WarnTruncated, "expected a marker at offset %d, found the end of the file", pos)
}

// collect keeps an APP1 or APP13 segment whose payload is n bytes at start
// when it is one captag reads.
func (m *jpegMeta) collect(s *source, marker byte, start, n int64) error {
	k := min(n, int64(jpegPeekLen))
	sig, err := s.peek(start, int(k))
	if err != nil {
		return err
	}
	has := func(p string) bool { return bytes.HasPrefix(sig, []byte(p)) }
	switch {
	case marker == markerAPP13 && has(sigPhotoshop):
		return m.collectPhotoshop(s, start, n)
	case marker != markerAPP1:
	case has(sigExif):
		if n < 6 || m.exif != nil && start-4 != m.exifEnd {
			return nil // exiftool and the Exif spec read the first one
		}
		b, err := s.bytesAt(start+6, n-6)
		if err != nil {
			return err
		}
		if m.exif != nil {
			if _, tiff := byteOrder(b); tiff {
				return nil // a second whole EXIF block, not a continuation
			}
			return m.joinEXIF(s, b, start-4)
		}
		m.exif, m.exifEnd = b, start+n
	case has(sigXMP):
		if m.xmp != nil {
			m.warns = append(m.warns, Warning{Code: WarnGeneral, Store: StoreXMP, Message: fmt.Sprintf("jpeg: expected one main XMP segment, found another at offset %d; it is ignored", start-4)})
			return nil
		}
		b, err := s.bytesAt(start+int64(len(sigXMP)), n-int64(len(sigXMP)))
		if err != nil {
			return err
		}
		m.xmp = b
	case has(sigExtendedXMP):
		dn := n - int64(len(sigExtendedXMP)) - extHeaderLen
		if dn < 0 {
			m.warns = append(m.warns, Warning{Code: WarnExtendedXMP, Store: StoreXMP, Message: fmt.Sprintf("jpeg: ExtendedXMP segment at offset %d: expected a %d-byte chunk header, found %d bytes", start-4, extHeaderLen, n-int64(len(sigExtendedXMP)))})
			return nil
		}
		if m.extBytes+dn > maxExtendedXMP {
			m.warns = append(m.warns, Warning{Code: WarnExtendedXMP, Store: StoreXMP, Message: fmt.Sprintf("jpeg: expected at most %d bytes of ExtendedXMP, found more; the rest is ignored", maxExtendedXMP)})
			return nil
		}
		b, err := s.bytesAt(start+int64(len(sigExtendedXMP)), n-int64(len(sigExtendedXMP)))
		if err != nil {
			return err
		}
		m.ext = append(m.ext, extChunk{
			guid:       string(b[:32]),
			full:       binary.BigEndian.Uint32(b[32:]),
			off:        binary.BigEndian.Uint32(b[36:]),
			data:       b[extHeaderLen:],
			fileOffset: start - 4,
		})
		m.extBytes += dn
	case has("XMP\x00"), has("http"):
		return m.collectAltXMP(s, start, n)
	}
	return nil
}

// collectPhotoshop keeps the Photoshop resources of the APP13 segment of
// n bytes at start, up to maxAPP13Total over the file.
func (m *jpegMeta) collectPhotoshop(s *source, start, n int64) error {
	pn := n - int64(len(sigPhotoshop))
	if m.app13Len+pn > maxAPP13Total {
		m.warns = append(m.warns, jpegWarn(WarnGeneral, "expected at most %d bytes of Photoshop APP13 data, found more; the rest is ignored", maxAPP13Total))
		return nil
	}
	b, err := s.bytesAt(start+int64(len(sigPhotoshop)), pn)
	if err != nil {
		return err
	}
	m.app13 = append(m.app13, b)
	m.app13Len += pn
	return nil
}

// collectAltXMP keeps the XMP of an APP1 segment with a non-standard
// header, of n bytes at start.
func (m *jpegMeta) collectAltXMP(s *source, start, n int64) error {
	// A non-standard XMP header (exiftool reads any APP1 starting
	// with "XMP\0" or "http" as XMP, with a warning). The packet
	// starts at the first '<' of the segment's first bytes.
	if m.xmpAlt != nil {
		return nil
	}
	b, err := s.bytesAt(start, n)
	if err != nil {
		return err
	}
	i := bytes.IndexByte(b[:min(len(b), maxAltXMPHeader)], '<')
	if i < 0 {
		m.warns = append(m.warns, Warning{Code: WarnGeneral, Store: StoreXMP, Message: fmt.Sprintf("jpeg: APP1 segment at offset %d: expected an XMP packet after the header %q, found none in its first %d bytes; it is ignored", start-4, b[:min(len(b), 40)], maxAltXMPHeader)})
		return nil
	}
	m.xmpAlt, m.altAt, m.altHead = b[i:], start-4, string(b[:i])
	return nil
}

// joinEXIF appends b, the payload of an Exif APP1 segment at offset at
// that starts where the last one ended and is no TIFF header of its own,
// to the EXIF read so far: the TIFF structure of a writer that split it
// over segments (Pillow's multiple_exif.jpg) goes on there, and exiftool
// joins them too (with "File contains multi-segment EXIF").
func (m *jpegMeta) joinEXIF(s *source, b []byte, at int64) error {
	n := int64(len(m.exif)) + int64(len(b))
	if n > maxJoinedEXIF {
		m.warns = append(m.warns, Warning{Code: WarnGeneral, Store: StoreEXIF, Message: fmt.Sprintf("jpeg: expected at most %d bytes of EXIF over consecutive APP1 segments, found more at offset %d; the rest is ignored", maxJoinedEXIF, at)})
		return nil
	}
	if !s.charge(n) {
		return errOverBudget
	}
	joined := make([]byte, 0, n)
	m.exif = append(append(joined, m.exif...), b...)
	m.exifEnd = at + 4 + int64(len(b)) + 6
	m.warns = append(m.warns, Warning{Code: WarnGeneral, Message: fmt.Sprintf("jpeg: expected one Exif APP1 segment, found its continuation at offset %d; they are read as one EXIF block (as exiftool does)", at)})
	return nil
}

// photoshop returns the APP13 Photoshop payloads joined in file order.
func (m *jpegMeta) photoshop() []byte {
	switch len(m.app13) {
	case 0:
		return nil
	case 1:
		return m.app13[0]
	}
	return bytes.Join(m.app13, nil)
}

// extendedXMP assembles the ExtendedXMP chunks whose GUID the main packet
// names in xmpNote:HasExtendedXMP, and checks that they cover the full
// length and that their MD5 is the GUID. It returns nil and a warning when
// they do not.
func (m *jpegMeta) extendedXMP() ([]byte, []Warning) {
	warn := func(format string, args ...any) []Warning {
		return []Warning{{Code: WarnExtendedXMP, Store: StoreXMP, Message: "jpeg: ExtendedXMP: " + fmt.Sprintf(format, args...)}}
	}
	guid := extendedGUID(m.xmp)
	if guid == "" {
		if len(m.ext) > 0 {
			return nil, warn("%d chunks found but the main XMP packet names no HasExtendedXMP GUID; they are ignored", len(m.ext))
		}
		return nil, nil
	}
	var chunks []extChunk
	for _, c := range m.ext {
		if c.guid == guid {
			chunks = append(chunks, c)
		}
	}
	if len(chunks) == 0 {
		return nil, warn("expected chunks for GUID %s named by the main packet, found none", guid)
	}
	full := chunks[0].full
	if full > maxExtendedXMP {
		return nil, warn("expected a full length of at most %d bytes, found %d", maxExtendedXMP, full)
	}
	sort.SliceStable(chunks, func(i, j int) bool { return chunks[i].off < chunks[j].off })
	buf := make([]byte, full)
	var covered uint64
	for _, c := range chunks {
		if c.full != full {
			return nil, warn("chunk at offset %d: expected full length %d, found %d", c.fileOffset, full, c.full)
		}
		end := uint64(c.off) + uint64(len(c.data))
		if end > uint64(full) {
			return nil, warn("chunk at offset %d: data %d..%d runs past the full length %d", c.fileOffset, c.off, end, full)
		}
		if uint64(c.off) > covered {
			return nil, warn("expected data at %d, found a gap up to %d", covered, c.off)
		}
		copy(buf[c.off:], c.data)
		covered = max(covered, end)
	}
	if covered != uint64(full) {
		return nil, warn("expected %d bytes, found %d", full, covered)
	}
	sum := md5.Sum(buf)
	if got := hex.EncodeToString(sum[:]); !equalFoldASCII(got, guid) {
		return nil, warn("expected the MD5 of the assembled data to be the GUID %s, found %s", guid, got)
	}
	return buf, nil
}

func equalFoldASCII(a, b string) bool { return bytes.EqualFold([]byte(a), []byte(b)) }

// extendedGUID finds the 32-hex-digit GUID of xmpNote:HasExtendedXMP in a
// main packet, in attribute or element form; "" when absent.
func extendedGUID(packet []byte) string {
	const name = "HasExtendedXMP"
	i := bytes.Index(packet, []byte(name))
	if i < 0 {
		return ""
	}
	rest := packet[i+len(name):]
	j := 0
	for j < len(rest) && j < 16 && (rest[j] == ' ' || rest[j] == '\t' || rest[j] == '\r' || rest[j] == '\n' || rest[j] == '=' || rest[j] == '"' || rest[j] == '\'' || rest[j] == '>') {
		j++
	}
	if len(rest) < j+32 {
		return ""
	}
	g := rest[j : j+32]
	for _, c := range g {
		if !(c >= '0' && c <= '9' || c >= 'A' && c <= 'F' || c >= 'a' && c <= 'f') {
			return ""
		}
	}
	return string(g)
}

// readJPEG reads the stores of a JPEG into im.
func readJPEG(s *source, im *Image) error {
	m := walkJPEG(s)
	im.Warnings = append(im.Warnings, m.warns...)
	if m.exif != nil {
		st, w := decodeEXIF(m.exif)
		im.EXIF = st
		im.Warnings = append(im.Warnings, w...)
	}
	if ps := m.photoshop(); ps != nil {
		st, w := readPhotoshopIRB(ps)
		im.IPTC = st
		im.Warnings = append(im.Warnings, w...)
	}
	if m.xmp == nil && m.xmpAlt != nil {
		im.Warnings = append(im.Warnings, Warning{Code: WarnGeneral, Store: StoreXMP, Message: fmt.Sprintf(
			"jpeg: APP1 segment at offset %d: expected the XMP header %q, found %q; read as XMP (as exiftool does)", m.altAt, sigXMP, m.altHead)})
		m.xmp = m.xmpAlt
	}
	if m.xmp != nil || len(m.ext) > 0 {
		// The assembled packet is one more copy of the chunks: charge
		// the largest full length a chunk claims (extendedXMP refuses one
		// over maxExtendedXMP before it allocates).
		var full int64
		for _, c := range m.ext {
			if int64(c.full) <= maxExtendedXMP {
				full = max(full, int64(c.full))
			}
		}
		if !s.charge(full) {
			return nil
		}
		ext, w := m.extendedXMP()
		im.Warnings = append(im.Warnings, w...)
		if m.xmp != nil {
			st, w := xmpStoreCharged(s, StoreXMP, m.xmp, ext, false)
			im.XMP = st
			im.Warnings = append(im.Warnings, w...)
		}
	}
	return nil
}
