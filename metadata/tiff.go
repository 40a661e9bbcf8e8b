package metadata

import (
	"encoding/binary"
	"fmt"
	"math"
	"strings"
)

// TIFF header magics (after the byte-order mark).
const (
	magicTIFF  = 42
	magicORF   = 0x4F52 // "RO" little-endian, "OR" big-endian
	magicORFS  = 0x5352 // "RS"
	magicRW2   = 0x55
	tiffHeader = 8

	magicBigTIFF  = 43
	bigTIFFHeader = 16
)

// tiffFile reads IFDs of a TIFF-based file through its source, with every
// offset and size checked against the file size and the caps. A BigTIFF
// (header magic 43) has 8-byte counts and offsets and 20-byte entries.
type tiffFile struct {
	s     *source
	order binary.ByteOrder
	big   bool
}

// tiffEntry is one IFD entry of a classic TIFF (12 bytes, a 4-byte value
// field) or a BigTIFF (20 bytes, an 8-byte field).
type tiffEntry struct {
	tag, typ uint16
	count    uint64
	field    [8]byte // the value itself when it fits, else its offset
	fieldLen int     // 4 or 8
}

// tiffTypeSize is typeSize with BigTIFF's 8-byte integer types.
func tiffTypeSize(typ uint16) uint64 {
	switch typ {
	case 16, 17, 18: // LONG8, SLONG8, IFD8
		return 8
	}
	return typeSize(typ)
}

// size is the value size; one that overflows 64 bits is reported as the
// largest size, which every cap refuses.
func (e tiffEntry) size() uint64 {
	ts := tiffTypeSize(e.typ)
	if ts != 0 && e.count > ^uint64(0)/ts {
		return ^uint64(0)
	}
	return ts * e.count
}

func (e tiffEntry) offset(order binary.ByteOrder) uint64 {
	if e.fieldLen == 8 {
		return order.Uint64(e.field[:])
	}
	return uint64(order.Uint32(e.field[:4]))
}

// readIFD returns the entries of the IFD at off and the next IFD offset.
func (t *tiffFile) readIFD(off int64) ([]tiffEntry, uint64, error) {
	countLen, entryLen, fieldLen := int64(2), int64(12), 4
	if t.big {
		countLen, entryLen, fieldLen = 8, 20, 8
	}
	b, err := t.s.bytesAt(off, countLen)
	if err != nil {
		return nil, 0, fmt.Errorf("IFD at offset %d: entry count %w", off, err)
	}
	var n uint64
	if t.big {
		n = t.order.Uint64(b)
	} else {
		n = uint64(t.order.Uint16(b))
	}
	if n > maxIFDEntries {
		return nil, 0, fmt.Errorf("IFD at offset %d: expected at most %d entries, found %d", off, maxIFDEntries, n)
	}
	b, err = t.s.bytesAt(off+countLen, entryLen*int64(n))
	if err != nil {
		return nil, 0, fmt.Errorf("IFD at offset %d: %d entries %w", off, n, err)
	}
	entries := make([]tiffEntry, n)
	for i := range entries {
		eb := b[entryLen*int64(i):]
		e := &entries[i]
		e.tag, e.typ, e.fieldLen = t.order.Uint16(eb), t.order.Uint16(eb[2:]), fieldLen
		if t.big {
			e.count = t.order.Uint64(eb[4:])
			copy(e.field[:], eb[12:20])
		} else {
			e.count = uint64(t.order.Uint32(eb[4:]))
			copy(e.field[:4], eb[8:12])
		}
	}
	var next uint64
	if nb, err := t.s.bytesAt(off+countLen+entryLen*int64(n), int64(fieldLen)); err == nil {
		if t.big {
			next = t.order.Uint64(nb)
		} else {
			next = uint64(t.order.Uint32(nb))
		}
	}
	return entries, next, nil
}

// value returns the bytes of an entry's value, refusing values over limit.
func (t *tiffFile) value(e tiffEntry, limit int64) ([]byte, error) {
	sz := e.size()
	if sz == 0 {
		return nil, fmt.Errorf("tag 0x%04x: expected a known type and a count, found type %d count %d", e.tag, e.typ, e.count)
	}
	if sz <= uint64(e.fieldLen) {
		return e.field[:sz], nil
	}
	if sz > uint64(limit) {
		return nil, fmt.Errorf("tag 0x%04x: expected at most %d bytes, found %d", e.tag, limit, sz)
	}
	off := e.offset(t.order)
	if off > uint64(t.s.size) {
		return nil, fmt.Errorf("tag 0x%04x: %d bytes at offset %d %w", e.tag, sz, off, errTruncated)
	}
	b, err := t.s.bytesAt(int64(off), int64(sz))
	if err != nil {
		return nil, fmt.Errorf("tag 0x%04x: %d bytes at offset %d %w", e.tag, sz, off, err)
	}
	return b, nil
}

// pointer returns the first value of an integer entry (an IFD offset).
func (t *tiffFile) pointer(e tiffEntry) (int64, bool) {
	switch e.typ {
	case 3, 4, 13, 16, 18:
	default:
		return 0, false
	}
	b, err := t.value(e, 64)
	if err != nil || len(b) < 2 {
		return 0, false
	}
	var v uint64
	switch e.typ {
	case 3:
		v = uint64(t.order.Uint16(b))
	case 16, 18:
		v = t.order.Uint64(b)
	default:
		v = uint64(t.order.Uint32(b))
	}
	if v > math.MaxInt64 {
		return 0, false
	}
	return int64(v), true
}

// tiffScan is what the IFD walk found in a TIFF-based file.
type tiffScan struct {
	format               string
	exif                 exifValues
	photoshop, iptc, xmp []byte
	warns                []Warning
}

// scanTIFF walks IFD0 and the Exif IFD of a TIFF-based file and collects
// the EXIF values and the raw IPTC (33723), Photoshop (34377) and XMP (700)
// tag values. EXIF values are read by captag's walker, not goexif (see
// exif.go for why).
func scanTIFF(s *source) (*tiffScan, error) {
	h := s.head
	if len(h) < tiffHeader {
		return nil, &FormatError{Offset: 0, Msg: fmt.Sprintf("expected an %d-byte TIFF header, found %d bytes", tiffHeader, len(h))}
	}
	order, _ := byteOrder(h)
	t := &tiffFile{s: s, order: order}
	magic := order.Uint16(h[2:])
	ifd0 := int64(order.Uint32(h[4:]))
	if magic == magicBigTIFF {
		if len(h) < bigTIFFHeader {
			return nil, &FormatError{Offset: 0, Msg: fmt.Sprintf("expected a %d-byte BigTIFF header, found %d bytes", bigTIFFHeader, len(h))}
		}
		if sz := order.Uint16(h[4:]); sz != 8 {
			return nil, &FormatError{Offset: 4, Msg: fmt.Sprintf("expected a BigTIFF offset size of 8, found %d", sz)}
		}
		t.big = true
		off := order.Uint64(h[8:])
		if off < bigTIFFHeader || off > uint64(s.size) {
			return nil, &FormatError{Offset: 8, Msg: fmt.Sprintf("expected an IFD0 offset from %d to the file size %d, found %d", bigTIFFHeader, s.size, off)}
		}
		ifd0 = int64(off)
	}
	if ifd0 < tiffHeader {
		return nil, &FormatError{Offset: 4, Msg: fmt.Sprintf("expected an IFD0 offset of at least %d, found %d", tiffHeader, ifd0)}
	}
	entries, next, err := t.readIFD(ifd0)
	if err != nil {
		return nil, &FormatError{Offset: ifd0, Msg: "tiff: " + err.Error()}
	}
	sc := &tiffScan{}
	warn := func(store StoreKind, err error) {
		sc.warns = append(sc.warns, Warning{Code: WarnGeneral, Store: store, Message: "tiff: " + err.Error()})
	}
	var (
		exifPtr        int64
		hasExif, isDNG bool
		mk             string
		clues          rawClues
	)
	ascii := func(e tiffEntry) string {
		b, err := t.value(e, maxTIFFASCIIValue)
		if err != nil {
			warn(StoreEXIF, err)
			return ""
		}
		return string(b)
	}
	raw := func(e tiffEntry, store StoreKind) []byte {
		b, err := t.value(e, maxTIFFStoreValue)
		if err != nil {
			warn(store, err)
			return nil
		}
		return b
	}
	v := &sc.exif
	for _, e := range entries {
		switch e.tag {
		case tagImageDescription:
			v.description = asciiValue([]byte(ascii(e)))
		case tagArtist:
			v.artist = asciiValue([]byte(ascii(e)))
		case tagCopyright:
			v.copyright = ascii(e)
		case tagDateTimeOriginal:
			v.dateTimeOriginal = asciiValue([]byte(ascii(e)))
		case tagMake:
			if b, err := t.value(e, 256); err == nil {
				mk = asciiValue(b)
			}
		case tagDNGVersion:
			isDNG = true
		case tagNewSubfileType, tagPhotometric, tagCompression:
			if v, ok := t.pointer(e); ok {
				clues.note(e.tag, v)
			}
		case tagSubIFDs:
			clues.subIFDs = true
		case tagExifIFD:
			exifPtr, hasExif = t.pointer(e)
		case tagIPTC:
			sc.iptc = raw(e, StoreIPTC)
		case tagPhotoshop:
			sc.photoshop = raw(e, StoreIPTC)
		case tagXMP:
			sc.xmp = raw(e, StoreXMP)
		}
	}
	if mk == "" && clues.camera() && next != 0 {
		// Some raw files (Sony's ARW among them) name the Make in IFD1.
		if ents, _, err := t.readIFD(int64(min(next, uint64(math.MaxInt64)))); err == nil {
			for _, e := range ents {
				if e.tag == tagMake {
					if b, err := t.value(e, 256); err == nil {
						mk = asciiValue(b)
					}
				}
			}
		}
	}
	sc.format = tiffFormat(magic, h, isDNG, mk, clues)
	if hasExif {
		sub, _, err := t.readIFD(exifPtr)
		if err != nil {
			warn(StoreEXIF, fmt.Errorf("Exif IFD: %w", err))
		}
		for _, e := range sub {
			switch e.tag {
			case tagDateTimeOriginal:
				v.dateTimeOriginal = asciiValue([]byte(ascii(e)))
			case tagSubSecTimeOriginal:
				v.subSecTimeOriginal = asciiValue([]byte(ascii(e)))
			case tagOffsetTimeOriginal:
				v.offsetTimeOriginal = asciiValue([]byte(ascii(e)))
			}
		}
	}
	return sc, nil
}

// readTIFF reads the stores of a TIFF-based file into im. IPTC comes from
// the Photoshop resources (34377) when they hold IIM, since they also carry
// the digest; else from tag 33723.
func readTIFF(s *source, im *Image) error {
	sc, err := scanTIFF(s)
	if err != nil {
		return err
	}
	im.Format = sc.format
	im.Warnings = append(im.Warnings, sc.warns...)
	st, w := exifStore(sc.exif)
	im.EXIF = st
	im.Warnings = append(im.Warnings, w...)
	if sc.photoshop != nil {
		st, w := readPhotoshopIRB(sc.photoshop)
		im.IPTC = st
		im.Warnings = append(im.Warnings, w...)
	}
	if im.IPTC == nil && sc.iptc != nil {
		// The IIM may sit in tag 33723 while tag 34377 holds only the
		// digest (0x0425): check the IIM against that digest.
		var digest []byte
		if sc.photoshop != nil {
			_, digest, _ = photoshopResources(sc.photoshop)
		}
		st, w := readIIM(sc.iptc, digest)
		im.IPTC = st
		im.Warnings = append(im.Warnings, w...)
	}
	if sc.xmp != nil {
		st, w := xmpStoreCharged(s, StoreXMP, sc.xmp, nil, false)
		im.XMP = st
		im.Warnings = append(im.Warnings, w...)
	}
	return nil
}

// TIFF tags that tell a camera raw file from a TIFF picture.
const (
	tagNewSubfileType = 0x00FE
	tagCompression    = 0x0103
	tagPhotometric    = 0x0106
	tagSubIFDs        = 0x014A
)

// rawClues are what IFD0 says about the file's structure: a raw file's
// IFD0 is a reduced-resolution preview with the raw image in a SubIFD
// (NEF, ARW), or the raw image itself (PEF: a color filter array with
// Pentax's compression).
type rawClues struct {
	reduced, cfa, rawCompression, subIFDs bool
}

func (r *rawClues) note(tag uint16, v int64) {
	switch tag {
	case tagNewSubfileType:
		r.reduced = v&1 != 0
	case tagPhotometric:
		r.cfa = v == 32803 || v == 34892 // CFA, LinearRaw
	case tagCompression:
		// Nikon NEF, Sony ARW, Pentax PEF compressions (exiftool's
		// Compression table).
		r.rawCompression = v == 34713 || v == 32767 || v == 65535 || v == 34316
	}
}

// camera reports whether the structure is a camera raw file's rather than
// a picture's: a scanner's or Photoshop's TIFF has one full-resolution
// image in IFD0 and no SubIFDs.
func (r rawClues) camera() bool {
	return r.reduced || r.cfa || r.rawCompression || r.subIFDs
}

// tiffFormat names a TIFF-based file from its header and IFD0. Formats
// with their own header (BigTIFF, ORF, RW2, CR2) and DNG (its DNGVersion)
// are named by that; NEF, ARW and PEF by the Make only when IFD0 has a raw
// file's structure, so that a TIFF from a Nikon scanner or a Photoshop
// TIFF of a Sony picture stays "tiff".
func tiffFormat(magic uint16, h []byte, isDNG bool, mk string, raw rawClues) string {
	switch {
	case magic == magicBigTIFF:
		return "bigtiff"
	case magic == magicRW2:
		return "rw2"
	case magic == magicORF, magic == magicORFS:
		return "orf"
	case len(h) >= 10 && string(h[8:10]) == "CR":
		return "cr2"
	case isDNG:
		return "dng"
	case !raw.camera():
		return "tiff"
	}
	up := strings.ToUpper(mk)
	switch {
	case strings.HasPrefix(up, "NIKON"):
		return "nef"
	case strings.HasPrefix(up, "SONY"):
		return "arw"
	case strings.HasPrefix(up, "PENTAX"), strings.HasPrefix(up, "RICOH"):
		return "pef"
	}
	return "tiff"
}
