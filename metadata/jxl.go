package metadata

import "fmt"

// JPEG XL's container (ISO/IEC 18181-2): after the "JXL " signature box and
// ftyp, an "Exif" box (a 32-bit offset to the TIFF header, then the TIFF
// bytes, as in HEIF) and an "xml " box (an XMP packet) may sit before or
// after the codestream boxes. Either may instead be stored Brotli-compressed
// in a "brob" box whose payload starts with the original type; Go's
// standard library has no Brotli decoder, so such a box is a warning.
func scanJXL(s *source, sc *bmffScan) {
	sc.each(s, 0, s.size, 0, func(b box) bool {
		where := fmt.Sprintf("%q box at offset %d", b.typ, b.off)
		switch b.typ {
		case "Exif":
			if p := sc.read(s, b, where, StoreEXIF, maxItemBytes); p != nil {
				sc.setEXIF(p, where)
			}
		case "xml ":
			if p := sc.read(s, b, where, StoreXMP, maxItemBytes); p != nil {
				sc.setXMP(p, where)
			}
		case "brob":
			if b.size() < 4 {
				sc.warn(WarnGeneral, "", "brob box at offset %d: expected a 4-byte box type, found %d bytes", b.off, b.size())
				return true
			}
			t, err := s.peek(b.body, 4)
			if err != nil {
				return false
			}
			var store StoreKind
			switch string(t) {
			case "Exif":
				store = StoreEXIF
			case "xml ":
				store = StoreXMP
			default:
				return true
			}
			sc.warn(WarnUnsupportedPart, store, "brob box at offset %d holds a Brotli-compressed %q box; the Go standard library has no Brotli decoder, so it is not read", b.off, string(t))
		}
		return true
	})
}
