package metadata

import (
	"encoding/binary"
	"fmt"
	"strings"
)

// TIFF header magics (after the byte-order mark).
const (
	magicTIFF  = 42
	magicORF   = 0x4F52 // "RO" little-endian, "OR" big-endian
	magicORFS  = 0x5352 // "RS"
	magicRW2   = 0x55
	tiffHeader = 8
)

// tiffFile reads IFDs of a TIFF-based file through its source, with every
// offset and size checked against the file size and the caps.
type tiffFile struct {
	s     *source
	order binary.ByteOrder
}

// readIFD returns the entries of the IFD at off and the next IFD offset.
func (t *tiffFile) readIFD(off int64) ([]ifdEntry, uint32, error) {
	b, err := t.s.bytesAt(off, 2)
	if err != nil {
		return nil, 0, fmt.Errorf("IFD at offset %d: entry count %w", off, err)
	}
	n := int64(t.order.Uint16(b))
	if n > maxIFDEntries {
		return nil, 0, fmt.Errorf("IFD at offset %d: expected at most %d entries, found %d", off, maxIFDEntries, n)
	}
	b, err = t.s.bytesAt(off+2, 12*n)
	if err != nil {
		return nil, 0, fmt.Errorf("IFD at offset %d: %d entries %w", off, n, err)
	}
	entries := make([]ifdEntry, n)
	for i := range entries {
		entries[i] = parseEntry(b[12*i:], t.order)
	}
	var next uint32
	if nb, err := t.s.bytesAt(off+2+12*n, 4); err == nil {
		next = t.order.Uint32(nb)
	}
	return entries, next, nil
}

// value returns the bytes of an entry's value, refusing values over limit.
func (t *tiffFile) value(e ifdEntry, limit int64) ([]byte, error) {
	sz := e.size()
	if sz == 0 {
		return nil, fmt.Errorf("tag 0x%04x: expected a known type and a count, found type %d count %d", e.tag, e.typ, e.count)
	}
	if sz <= 4 {
		return e.field[:sz], nil
	}
	if sz > uint64(limit) {
		return nil, fmt.Errorf("tag 0x%04x: expected at most %d bytes, found %d", e.tag, limit, sz)
	}
	off := int64(e.offset(t.order))
	b, err := t.s.bytesAt(off, int64(sz))
	if err != nil {
		return nil, fmt.Errorf("tag 0x%04x: %d bytes at offset %d %w", e.tag, sz, off, err)
	}
	return b, nil
}

// pointer returns the first value of an integer entry (an IFD offset).
func (t *tiffFile) pointer(e ifdEntry) (int64, bool) {
	switch e.typ {
	case 3, 4, 13:
	default:
		return 0, false
	}
	b, err := t.value(e, 64)
	if err != nil || len(b) < 2 {
		return 0, false
	}
	if e.typ == 3 {
		return int64(t.order.Uint16(b)), true
	}
	return int64(t.order.Uint32(b)), true
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
	if ifd0 < tiffHeader {
		return nil, &FormatError{Offset: 4, Msg: fmt.Sprintf("expected an IFD0 offset of at least %d, found %d", tiffHeader, ifd0)}
	}
	entries, _, err := t.readIFD(ifd0)
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
	)
	ascii := func(e ifdEntry) string {
		b, err := t.value(e, maxTIFFASCIIValue)
		if err != nil {
			warn(StoreEXIF, err)
			return ""
		}
		return string(b)
	}
	raw := func(e ifdEntry, store StoreKind) []byte {
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
	sc.format = tiffFormat(magic, h, isDNG, mk)
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
		st, w := xmpStore(StoreXMP, sc.xmp, nil)
		im.XMP = st
		im.Warnings = append(im.Warnings, w...)
	}
	return nil
}

// tiffFormat names a TIFF-based file from its header and IFD0.
func tiffFormat(magic uint16, h []byte, isDNG bool, mk string) string {
	switch {
	case magic == magicRW2:
		return "rw2"
	case magic == magicORF, magic == magicORFS:
		return "orf"
	case len(h) >= 10 && string(h[8:10]) == "CR":
		return "cr2"
	case isDNG:
		return "dng"
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
