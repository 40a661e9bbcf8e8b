package metadata

// The IFD reader of tiff.go before tiffifd, kept to compare the two
// (TestTIFFIFDSameAsOld, FuzzTIFFIFDSameAsOld).

import (
	"encoding/binary"
	"fmt"
	"math"
)

// TIFF header magics (after the byte-order mark).
const (
	oldMagicTIFF  = 42
	oldMagicORF   = 0x4F52 // "RO" little-endian, "OR" big-endian
	oldMagicORFS  = 0x5352 // "RS"
	oldMagicRW2   = 0x55
	oldTIFFHeader = 8

	oldMagicBigTIFF  = 43
	oldBigTIFFHeader = 16
)

// oldTIFFFile reads IFDs of a TIFF-based file through its source, with every
// offset and size checked against the file size and the caps. A BigTIFF
// (header magic 43) has 8-byte counts and offsets and 20-byte entries.
type oldTIFFFile struct {
	s     *source
	order binary.ByteOrder
	big   bool
}

// oldTIFFEntry is one IFD entry of a classic TIFF (12 bytes, a 4-byte value
// field) or a BigTIFF (20 bytes, an 8-byte field).
type oldTIFFEntry struct {
	tag, typ uint16
	count    uint64
	field    [8]byte // the value itself when it fits, else its offset
	fieldLen int     // 4 or 8
}

// oldTIFFTypeSize is typeSize with BigTIFF's 8-byte integer types.
func oldTIFFTypeSize(typ uint16) uint64 {
	switch typ {
	case 16, 17, 18: // LONG8, SLONG8, IFD8
		return 8
	}
	return typeSize(typ)
}

// size is the value size; one that overflows 64 bits is reported as the
// largest size, which every cap refuses.
func (e oldTIFFEntry) size() uint64 {
	ts := oldTIFFTypeSize(e.typ)
	if ts != 0 && e.count > ^uint64(0)/ts {
		return ^uint64(0)
	}
	return ts * e.count
}

func (e oldTIFFEntry) offset(order binary.ByteOrder) uint64 {
	if e.fieldLen == 8 {
		return order.Uint64(e.field[:])
	}
	return uint64(order.Uint32(e.field[:4]))
}

// readIFD returns the entries of the IFD at off and the next IFD offset.
func (t *oldTIFFFile) readIFD(off int64) ([]oldTIFFEntry, uint64, error) {
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
	entries := make([]oldTIFFEntry, n)
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
func (t *oldTIFFFile) value(e oldTIFFEntry, limit int64) ([]byte, error) {
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
func (t *oldTIFFFile) pointer(e oldTIFFEntry) (int64, bool) {
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

// oldScanTIFF walks IFD0 and the Exif IFD of a TIFF-based file and collects
// the EXIF values and the raw IPTC (33723), Photoshop (34377) and XMP (700)
// tag values. EXIF values are read by captag's walker, not goexif (see
// exif.go for why).
func oldScanTIFF(s *source) (*tiffScan, error) {
	h := s.head
	if len(h) < oldTIFFHeader {
		return nil, &FormatError{Offset: 0, Msg: fmt.Sprintf("expected an %d-byte TIFF header, found %d bytes", oldTIFFHeader, len(h))}
	}
	order, _ := byteOrder(h)
	t := &oldTIFFFile{s: s, order: order}
	magic := order.Uint16(h[2:])
	ifd0 := int64(order.Uint32(h[4:]))
	if magic == oldMagicBigTIFF {
		if len(h) < oldBigTIFFHeader {
			return nil, &FormatError{Offset: 0, Msg: fmt.Sprintf("expected a %d-byte BigTIFF header, found %d bytes", oldBigTIFFHeader, len(h))}
		}
		if sz := order.Uint16(h[4:]); sz != 8 {
			return nil, &FormatError{Offset: 4, Msg: fmt.Sprintf("expected a BigTIFF offset size of 8, found %d", sz)}
		}
		t.big = true
		off := order.Uint64(h[8:])
		if off < oldBigTIFFHeader || off > uint64(s.size) {
			return nil, &FormatError{Offset: 8, Msg: fmt.Sprintf("expected an IFD0 offset from %d to the file size %d, found %d", oldBigTIFFHeader, s.size, off)}
		}
		ifd0 = int64(off)
	}
	if ifd0 < oldTIFFHeader {
		return nil, &FormatError{Offset: 4, Msg: fmt.Sprintf("expected an IFD0 offset of at least %d, found %d", oldTIFFHeader, ifd0)}
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
	ascii := func(e oldTIFFEntry) string {
		b, err := t.value(e, maxTIFFASCIIValue)
		if err != nil {
			warn(StoreEXIF, err)
			return ""
		}
		return string(b)
	}
	raw := func(e oldTIFFEntry, store StoreKind) []byte {
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
