package metadata

import (
	"bytes"
	"encoding/binary"
	"fmt"
)

// The box walker shared by the ISO base media family (HEIF/HEIC, AVIF,
// CR3), the JPEG XL container and JPEG 2000 (ISO/IEC 14496-12 §4.2, ISO/IEC
// 18181-2 §3, ISO/IEC 15444-1 annex I: one box layout). A box is a 32-bit
// size and a four-character type, a 64-bit size when the first is 1, "to
// the end of its parent" when it is 0, and a 16-byte extended type for
// "uuid". Every size is checked against the box's parent (the file at the
// top) before it is used, and nothing is allocated for a box before that.
const (
	maxBoxDepth    = 6       // nesting walked: CR3's moov/uuid/CMT1 is 3, JP2's asoc chains a little more
	maxBoxes       = 4096    // boxes visited in one file
	maxItemTable   = 1 << 20 // bytes of one iinf, iloc, iref or CMT box read
	maxItemBytes   = 8 << 20 // one Exif or XMP item or box (all its extents)
	maxItemExtents = 64      // extents of one item
)

// box is one box found by the walker. Offsets are in the file.
type box struct {
	typ  string // four-character code
	uuid string // the 16-byte extended type of a "uuid" box
	off  int64  // start of the header
	body int64  // start of the payload (after the header and uuid)
	end  int64  // one past the last byte
}

func (b box) size() int64 { return b.end - b.body }

// part is a payload the walk read from the file and handed to a store
// reader: where it lies and its bytes (before any header inside it is cut).
// The fuzz target checks each against the input.
type part struct {
	name string
	off  int64
	data []byte
}

// bmffScan is what a box walk found.
type bmffScan struct {
	src        *source // the file, for charging the run's budget
	format     string
	exif       []byte // TIFF bytes
	xmp        []byte
	iim        []byte // IPTC-IIM (JP2 UUID-IPTC)
	irb        []byte // Photoshop image resources (JP2 UUID-IPTC2)
	cmt1, cmt2 []byte // CR3: IFD0 and the Exif IFD, each a TIFF structure
	parts      []part
	warns      []Warning
	boxes      int  // boxes visited, against maxBoxes
	decoded    bool // the XMP was decompressed: it lies in no part
}

func (sc *bmffScan) warn(code WarningCode, store StoreKind, format string, args ...any) {
	sc.warns = append(sc.warns, Warning{Code: code, Store: store, Message: sc.format + ": " + fmt.Sprintf(format, args...)})
}

// each calls fn for each box in [start, end) at depth (0: the file), in
// file order, until fn returns false. A box that runs past its parent is
// cut to the parent with a truncation warning and is the last one given; a
// header that cannot be read or a size below the header's ends the level
// with a warning.
func (sc *bmffScan) each(s *source, start, end int64, depth int, fn func(box) bool) {
	if depth > maxBoxDepth {
		sc.warn(WarnGeneral, "", "expected boxes nested at most %d deep, found deeper ones at offset %d; they are not read", maxBoxDepth, start)
		return
	}
	for pos := start; pos < end; {
		if sc.boxes >= maxBoxes {
			sc.warn(WarnGeneral, "", "expected at most %d boxes, found more; stopped reading at offset %d", maxBoxes, pos)
			return
		}
		sc.boxes++
		if end-pos < 8 {
			sc.warn(WarnTruncated, "", "expected a box header at offset %d, found %d bytes before the end of its parent", pos, end-pos)
			return
		}
		h, err := s.peek(pos, 8)
		if err != nil {
			sc.warn(WarnTruncated, "", "expected a box header at offset %d, found the end of the file", pos)
			return
		}
		size := uint64(binary.BigEndian.Uint32(h))
		b := box{typ: string(h[4:8]), off: pos, body: pos + 8}
		switch size {
		case 1:
			if end-pos < 16 {
				sc.warn(WarnTruncated, "", "box %q at offset %d: expected a 64-bit size, found the end of its parent", b.typ, pos)
				return
			}
			l, err := s.peek(pos+8, 8)
			if err != nil {
				sc.warn(WarnTruncated, "", "box %q at offset %d: expected a 64-bit size, found the end of the file", b.typ, pos)
				return
			}
			size = binary.BigEndian.Uint64(l)
			b.body = pos + 16
		case 0:
			size = uint64(end - pos)
		}
		hdr := uint64(b.body - pos)
		if b.typ == "uuid" {
			hdr += 16
		}
		if size < hdr {
			sc.warn(WarnGeneral, "", "box %q at offset %d: expected a size of at least %d, found %d; stopped reading", printable(b.typ), pos, hdr, size)
			return
		}
		last := false
		if size > uint64(end-pos) {
			sc.warn(WarnTruncated, "", "box %q at offset %d: expected %d bytes, found %d before the end of its parent", printable(b.typ), pos, size, end-pos)
			size, last = uint64(end-pos), true
			if size < hdr {
				return
			}
		}
		b.end = pos + int64(size)
		if b.typ == "uuid" {
			u, err := s.peek(b.body, 16)
			if err != nil {
				sc.warn(WarnTruncated, "", "uuid box at offset %d: expected a 16-byte type, found the end of the file", pos)
				return
			}
			b.uuid = string(u)
			b.body += 16
		}
		if !fn(b) || last {
			return
		}
		pos = b.end
	}
}

// read returns the payload of b (at most limit bytes; more is a warning and
// nil) and records it as a part.
func (sc *bmffScan) read(s *source, b box, name string, store StoreKind, limit int64) []byte {
	return sc.readAt(s, b.body, b.size(), name, store, limit)
}

func (sc *bmffScan) readAt(s *source, off, n int64, name string, store StoreKind, limit int64) []byte {
	if n > limit {
		sc.warn(WarnGeneral, store, "%s at offset %d: expected at most %d bytes, found %d; it is not read", name, off, limit, n)
		return nil
	}
	p, err := s.bytesAt(off, n)
	if err != nil {
		sc.warn(WarnTruncated, store, "%s at offset %d: %d bytes %v", name, off, n, err)
		return nil
	}
	sc.parts = append(sc.parts, part{name: name, off: off, data: p})
	return p
}

// setEXIF keeps the TIFF bytes of an Exif payload that starts with a
// 32-bit offset to the TIFF header (HEIF's Exif item, JPEG XL's Exif box:
// ISO/IEC 23008-12 annex A.2.1, ISO/IEC 18181-2 §9.1). Writers that put
// "Exif\0\0" at the offset or count it wrongly are read with a warning,
// as exiftool does.
func (sc *bmffScan) setEXIF(p []byte, where string) {
	if sc.exif != nil {
		sc.warn(WarnGeneral, StoreEXIF, "%s: expected one Exif payload, found another; it is ignored", where)
		return
	}
	if len(p) < 4 {
		sc.warn(WarnGeneral, StoreEXIF, "%s: expected a 4-byte TIFF header offset, found %d bytes", where, len(p))
		return
	}
	off := uint64(binary.BigEndian.Uint32(p))
	rest := p[4:]
	if off <= uint64(len(rest)) && isTIFFHeader(rest[off:]) {
		sc.exif = rest[off:]
		return
	}
	for _, skip := range []int{0, 6} {
		if len(rest) >= skip && isTIFFHeader(rest[skip:]) {
			sc.warn(WarnGeneral, StoreEXIF, "%s: expected the TIFF header %d bytes in, found it %d bytes in; read from there", where, off, skip)
			sc.exif = rest[skip:]
			return
		}
	}
	if isTIFFHeader(p) {
		sc.warn(WarnGeneral, StoreEXIF, "%s: expected a 4-byte TIFF header offset, found the TIFF header itself; read from there", where)
		sc.exif = p
		return
	}
	sc.warn(WarnGeneral, StoreEXIF, "%s: expected a TIFF header %d bytes after the offset field, found none", where, off)
}

// setXMP keeps the first XMP packet.
func (sc *bmffScan) setXMP(p []byte, where string) {
	if sc.xmp != nil {
		sc.warn(WarnGeneral, StoreXMP, "%s: expected one XMP packet, found another; it is ignored", where)
		return
	}
	sc.xmp = p
}

func isTIFFHeader(b []byte) bool {
	return len(b) >= 8 && (string(b[:4]) == "II*\x00" || string(b[:4]) == "MM\x00*")
}

// printable shows a box type whose bytes are not all printable as hex.
func printable(t string) string {
	for i := 0; i < len(t); i++ {
		if t[i] < 0x20 || t[i] > 0x7e {
			return fmt.Sprintf("0x%x", t)
		}
	}
	return t
}

// fullBox returns a FullBox's version and the offset after its version
// and flags.
func fullBox(s *source, b box) (version byte, body int64, ok bool) {
	if b.size() < 4 {
		return 0, 0, false
	}
	v, err := s.peek(b.body, 1)
	if err != nil {
		return 0, 0, false
	}
	return v[0], b.body + 4, true
}

// readBMFF reads a file of the box family into im. sniffed is sniff's
// name: "heic" (any HEIF brand), "avif", "cr3", "jxl" or "jpeg2000".
func readBMFF(s *source, sniffed string, im *Image) error {
	sc := scanBMFF(s, sniffed)
	im.Format = sc.format
	im.Warnings = append(im.Warnings, sc.warns...)
	sc.stores(im)
	return nil
}

// scanBMFF walks a file of the box family and collects the payloads.
func scanBMFF(s *source, sniffed string) *bmffScan {
	sc := &bmffScan{src: s, format: sniffed}
	switch sniffed {
	case "jxl":
		sc.format = "jxl"
		if len(s.head) >= 2 && string(s.head[:2]) == "\xff\x0a" {
			return sc // a bare codestream: no boxes, no metadata
		}
		scanJXL(s, sc)
	case "jpeg2000":
		sc.format = "jp2"
		if len(s.head) >= 4 && string(s.head[:4]) == "\xff\x4f\xff\x51" {
			sc.format = "j2c" // a bare codestream: no boxes, no metadata
			return sc
		}
		scanJP2(s, sc)
	case "cr3":
		scanCR3(s, sc)
	default:
		scanHEIF(s, sc)
	}
	return sc
}

// stores decodes the payloads into im's stores.
func (sc *bmffScan) stores(im *Image) {
	switch {
	case sc.exif != nil:
		st, w := decodeEXIF(sc.exif)
		im.EXIF = st
		im.Warnings = append(im.Warnings, w...)
	case sc.cmt1 != nil || sc.cmt2 != nil:
		st, w := canonEXIF(sc.cmt1, sc.cmt2)
		im.EXIF = st
		im.Warnings = append(im.Warnings, w...)
	}
	if sc.irb != nil {
		st, w := readPhotoshopIRB(sc.irb)
		im.IPTC = st
		im.Warnings = append(im.Warnings, w...)
	}
	if im.IPTC == nil && sc.iim != nil {
		st, w := readIIM(sc.iim, nil)
		im.IPTC = st
		im.Warnings = append(im.Warnings, w...)
	}
	if sc.xmp != nil {
		st, w := xmpStoreCharged(sc.src, StoreXMP, sc.xmp, nil, false)
		im.XMP = st
		im.Warnings = append(im.Warnings, w...)
	}
}

// sliceSource is a source over bytes already read.
func sliceSource(b []byte) *source {
	return &source{r: bytes.NewReader(b), size: int64(len(b)), head: b}
}

// be reads big-endian unsigned integers of 0, 2, 4 or 8 bytes from a byte
// slice, remembering a short read.
type be struct {
	b   []byte
	bad bool
}

func (r *be) uint(n int) uint64 {
	if r.bad || n > len(r.b) {
		r.bad = true
		return 0
	}
	var v uint64
	for _, c := range r.b[:n] {
		v = v<<8 | uint64(c)
	}
	r.b = r.b[n:]
	return v
}

// cstring reads a NUL-terminated string (the rest when there is no NUL).
func (r *be) cstring() string {
	if r.bad {
		return ""
	}
	i := bytes.IndexByte(r.b, 0)
	if i < 0 {
		s := string(r.b)
		r.b = nil
		return s
	}
	s := string(r.b[:i])
	r.b = r.b[i+1:]
	return s
}
