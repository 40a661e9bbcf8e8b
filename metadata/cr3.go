package metadata

import "fmt"

// Canon CR3 (and CRM): an ISO base media file whose moov holds a Canon
// uuid box with the EXIF as separate TIFF structures, CMT1 (IFD0), CMT2
// (the Exif IFD), CMT3 (the maker notes) and CMT4 (the GPS IFD), and a
// top-level XMP uuid box. Layout as documented by exiftool (Canon.pm,
// QuickTime.pm) and https://github.com/lclevy/canon_cr3.
const (
	uuidCanon = "\x85\xc0\xb6\x87\x82\x0f\x11\xe0\x81\x11\xf4\xce\x46\x2b\x6a\x48"
	uuidXMP   = "\xbe\x7a\xcf\xcb\x97\xa9\x42\xe8\x9c\x71\x99\x94\x91\xe3\xaf\xac" // Adobe's XMP uuid (also JP2)
)

func scanCR3(s *source, sc *bmffScan) {
	sc.format = "cr3"
	sc.each(s, 0, s.size, 0, func(b box) bool {
		switch {
		case b.typ == "moov":
			sc.each(s, b.body, b.end, 1, func(c box) bool {
				if c.typ == "uuid" && c.uuid == uuidCanon {
					sc.canonBoxes(s, c)
				}
				return true
			})
		case b.typ == "uuid" && b.uuid == uuidXMP:
			if p := sc.read(s, b, "XMP uuid box", StoreXMP, maxItemBytes); p != nil {
				sc.setXMP(p, fmt.Sprintf("XMP uuid box at offset %d", b.off))
			}
		}
		return true
	})
}

// canonBoxes reads CMT1 and CMT2 from Canon's uuid box.
func (sc *bmffScan) canonBoxes(s *source, u box) {
	sc.each(s, u.body, u.end, 2, func(b box) bool {
		switch b.typ {
		case "CMT1":
			if sc.cmt1 == nil {
				sc.cmt1 = sc.read(s, b, "CMT1 box", StoreEXIF, maxItemTable)
			}
		case "CMT2":
			if sc.cmt2 == nil {
				sc.cmt2 = sc.read(s, b, "CMT2 box", StoreEXIF, maxItemTable)
			}
		}
		return true
	})
}

// canonEXIF reads the EXIF store from CR3's CMT1 (IFD0: Artist,
// Copyright, ImageDescription) and CMT2 (the Exif IFD: the dates), each
// with captag's bounded IFD walker. A block that cannot be read costs only
// its own values.
func canonEXIF(cmt1, cmt2 []byte) (*Store, []Warning) {
	var v exifValues
	var warns []Warning
	warn := func(block string, err error) {
		warns = append(warns, Warning{Code: WarnGeneral, Store: StoreEXIF, Message: fmt.Sprintf("cr3: %s: %v", block, err)})
	}
	switch {
	case cmt1 == nil:
	case !isTIFFHeader(cmt1):
		warn("CMT1 (IFD0)", fmt.Errorf("expected a TIFF header, found % x", cmt1[:min(len(cmt1), 8)]))
	default:
		if sc, err := scanTIFF(sliceSource(cmt1)); err != nil {
			warn("CMT1 (IFD0)", err)
		} else {
			v = sc.exif
			for _, w := range sc.warns {
				warn("CMT1 (IFD0)", fmt.Errorf("%s", w.Message))
			}
		}
	}
	if cmt2 != nil {
		if err := exifIFDValues(cmt2, &v); err != nil {
			warn("CMT2 (Exif IFD)", err)
		}
	}
	st, w := exifStore(v)
	return st, append(warns, w...)
}

// exifIFDValues reads the date tags of a TIFF structure whose first IFD is
// an Exif IFD (CR3's CMT2).
func exifIFDValues(b []byte, v *exifValues) error {
	order, ok := byteOrder(b)
	if !ok || !isTIFFHeader(b) {
		return fmt.Errorf("expected a TIFF header, found % x", b[:min(len(b), 8)])
	}
	t := newTIFFFile(sliceSource(b), order, false)
	entries, _, err := t.readIFD(int64(order.Uint32(b[4:])))
	if err != nil {
		return err
	}
	var firstErr error
	for i := range entries {
		e := &entries[i]
		var dst *string
		switch e.Tag {
		case tagDateTimeOriginal:
			dst = &v.dateTimeOriginal
		case tagSubSecTimeOriginal:
			dst = &v.subSecTimeOriginal
		case tagOffsetTimeOriginal:
			dst = &v.offsetTimeOriginal
		default:
			continue
		}
		val, err := t.value(e, maxTIFFASCIIValue)
		if err != nil {
			if firstErr == nil {
				firstErr = err
			}
			continue
		}
		*dst = asciiValue(val)
	}
	return firstErr
}
