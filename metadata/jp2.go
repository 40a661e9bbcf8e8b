package metadata

import (
	"bytes"
	"fmt"
)

// JPEG 2000 (JP2, JPX, JPM: ISO/IEC 15444-1 annex I, 15444-2 annex M): the
// metadata sits in top-level uuid boxes (or inside asoc boxes), with the
// UUIDs exiftool (Jpeg2000.pm) and exiv2 (jp2image.cpp) read:
//   - XMP: Adobe's XMP uuid, the packet follows;
//   - IPTC: 33c7a4d2-b81d-4723-a0ba-f1a3e097ad38, IIM datasets follow;
//     Photoshop's plug-in writes 09a14e97-c0b4-42e0-bebf-36df6f0ce36f with
//     Photoshop image resources;
//   - EXIF: "JpgTiffExif->JP2", the TIFF bytes follow (some writers put
//     "Exif\0\0" first); Photoshop's plug-in writes
//     0537cdab-9d0c-4431-a72a-fa561f2a113e.
//
// An "xml " box holding an XMP packet is read as XMP too.
const (
	uuidJP2IPTC  = "\x33\xc7\xa4\xd2\xb8\x1d\x47\x23\xa0\xba\xf1\xa3\xe0\x97\xad\x38"
	uuidJP2IRB   = "\x09\xa1\x4e\x97\xc0\xb4\x42\xe0\xbe\xbf\x36\xdf\x6f\x0c\xe3\x6f"
	uuidJP2EXIF  = "JpgTiffExif->JP2"
	uuidJP2EXIF2 = "\x05\x37\xcd\xab\x9d\x0c\x44\x31\xa7\x2a\xfa\x56\x1f\x2a\x11\x3e"
)

func scanJP2(s *source, sc *bmffScan) {
	if len(s.head) >= 24 && string(s.head[16:20]) == "ftyp" {
		switch string(s.head[20:24]) {
		case "jpx ":
			sc.format = "jpx"
		case "jpm ":
			sc.format = "jpm"
		}
	}
	sc.jp2Boxes(s, 0, s.size, 0)
}

func (sc *bmffScan) jp2Boxes(s *source, start, end int64, depth int) {
	sc.each(s, start, end, depth, func(b box) bool {
		where := fmt.Sprintf("%q box at offset %d", b.typ, b.off)
		switch b.typ {
		case "asoc":
			sc.jp2Boxes(s, b.body, b.end, depth+1)
		case "xml ":
			// Other XML (GML for GeoJP2, JPX labels…) is not read.
			h, err := s.bytesAt(b.body, min(b.size(), 256))
			if err != nil || !looksLikeXMP(h) {
				return true
			}
			if p := sc.read(s, b, where, StoreXMP, maxItemBytes); p != nil {
				sc.setXMP(p, where)
			}
		case "uuid":
			switch b.uuid {
			case uuidXMP:
				if p := sc.read(s, b, "XMP "+where, StoreXMP, maxItemBytes); p != nil {
					sc.setXMP(p, where)
				}
			case uuidJP2IPTC:
				if sc.iim == nil {
					sc.iim = sc.read(s, b, "IPTC "+where, StoreIPTC, maxTIFFStoreValue)
				}
			case uuidJP2IRB:
				if sc.irb == nil {
					sc.irb = sc.read(s, b, "Photoshop "+where, StoreIPTC, maxTIFFStoreValue)
				}
			case uuidJP2EXIF, uuidJP2EXIF2:
				p := sc.read(s, b, "EXIF "+where, StoreEXIF, maxItemBytes)
				switch {
				case p == nil:
				case sc.exif != nil:
					sc.warn(WarnGeneral, StoreEXIF, "EXIF %s: expected one Exif payload, found another; it is ignored", where)
				case isTIFFHeader(p):
					sc.exif = p
				case bytes.HasPrefix(p, []byte("Exif\x00\x00")) && isTIFFHeader(p[6:]):
					sc.exif = p[6:]
				default:
					sc.warn(WarnGeneral, StoreEXIF, "EXIF %s: expected a TIFF header, found % x", where, p[:min(len(p), 8)])
				}
			}
		}
		return true
	})
}

// looksLikeXMP reports whether an XML document starts as an XMP packet
// does: an xpacket processing instruction, x:xmpmeta (or the older
// x:xapmeta) or rdf:RDF, after an optional BOM, XML declaration and
// white space.
func looksLikeXMP(h []byte) bool {
	h = bytes.TrimPrefix(h, []byte("\xef\xbb\xbf"))
	h = bytes.TrimLeft(h, " \t\r\n")
	if bytes.HasPrefix(h, []byte("<?xml")) {
		i := bytes.Index(h, []byte("?>"))
		if i < 0 {
			return false
		}
		h = bytes.TrimLeft(h[i+2:], " \t\r\n")
	}
	for _, p := range []string{"<?xpacket", "<x:xmpmeta", "<x:xapmeta", "<rdf:RDF"} {
		if bytes.HasPrefix(h, []byte(p)) {
			return true
		}
	}
	return false
}
