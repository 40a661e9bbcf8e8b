// Package sniff is the one place in captag that names a file's format
// from its first bytes: the metadata reader picks its walker by it
// (metadata.Sniff re-exports it), the thumbnailer (metadata/sheet) its
// decoder, and the desk refuses to overwrite an image with a report by it.
//
// It looks at magic numbers and signatures only; telling the TIFF family
// apart (DNG, NEF, CR2…) and the ISO-BMFF brands beyond the major one is
// the reader's, from the structure. It imports no captag package.
package sniff

import "bytes"

// Len is how many leading bytes Format needs at most to name any format
// it knows (an XMP file's rdf:RDF may come after an XML prologue).
const Len = 4096

// PNGSignature opens every PNG file (ISO/IEC 15948).
const PNGSignature = "\x89PNG\r\n\x1a\n"

// Format names the format of a file from its first bytes (up to Len of
// them): "jpeg", "tiff" (the TIFF family: TIFF, ORF, RW2 and the raw
// formats with a TIFF header), "bigtiff", "png", "gif", "webp", "heic",
// "heif", "avif", "cr3", "jxl", "jpeg2000", "crw", "raf", "psd", "bmp",
// "pdf", "exv", "xmp", the video and audio containers ("mp4", "mov",
// "m4a", "avi", "wav"), or "unknown".
func Format(b []byte) string {
	has := func(off int, magic string) bool {
		return len(b) >= off+len(magic) && string(b[off:off+len(magic)]) == magic
	}
	switch {
	case has(0, "\xff\xd8\xff"):
		return "jpeg"
	case has(0, "II*\x00"), has(0, "MM\x00*"),
		has(0, "IIRO"), has(0, "IIRS"), has(0, "MMOR"), // Olympus ORF
		has(0, "IIU\x00"): // Panasonic RW2
		return "tiff"
	case has(0, "II+\x00"), has(0, "MM\x00+"):
		return "bigtiff"
	case has(0, PNGSignature):
		return "png"
	case has(0, "GIF87a"), has(0, "GIF89a"):
		return "gif"
	case has(0, "RIFF") && has(8, "WEBP"):
		return "webp"
	case has(0, "RIFF") && has(8, "AVI "):
		return "avi"
	case has(0, "RIFF") && has(8, "WAVE"):
		return "wav"
	case has(4, "ftyp"):
		return ftypName(b)
	case has(0, "II\x1a\x00\x00\x00HEAPCCDR"):
		return "crw"
	case has(0, "FUJIFILMCCD-RAW"):
		return "raf"
	case has(0, "8BPS"):
		return "psd"
	case has(0, "%PDF"):
		return "pdf"
	case has(0, "BM"):
		return "bmp"
	case has(0, "\x00\x00\x00\x0cjP  \r\n\x87\n"), has(0, "\xff\x4f\xff\x51"):
		return "jpeg2000"
	case has(0, "\xff\x0a"), has(0, "\x00\x00\x00\x0cJXL \r\n\x87\n"):
		return "jxl"
	case has(0, "Exiv2"):
		return "exv"
	case isXMPText(b):
		return "xmp"
	}
	return "unknown"
}

// ftypName names an ISO base media file from its major brand.
func ftypName(b []byte) string {
	if len(b) < 12 {
		return "unknown"
	}
	switch brand := string(b[8:12]); brand {
	case "heic", "heix", "hevc", "heim", "heis":
		return "heic"
	case "mif1", "msf1": // named from the compatible brands by the reader
		return "heif"
	case "avif", "avis":
		return "avif"
	case "crx ":
		return "cr3"
	case "jxl ":
		return "jxl"
	case "qt  ":
		return "mov"
	default:
		if bytes.HasPrefix([]byte(brand), []byte("M4A")) {
			return "m4a"
		}
		return "mp4"
	}
}

// isXMPText reports whether the first bytes of a file are an XMP packet
// or an RDF/XML document holding one: an xpacket or x:xmpmeta start, or
// an XML declaration (and comments) followed by x:xmpmeta or rdf:RDF.
func isXMPText(b []byte) bool {
	b = bytes.TrimPrefix(b, []byte("\xef\xbb\xbf"))
	b = bytes.TrimLeft(b, " \t\r\n")
	if bytes.HasPrefix(b, []byte("<?xpacket")) || bytes.HasPrefix(b, []byte("<x:xmpmeta")) || bytes.HasPrefix(b, []byte("<x:xapmeta")) {
		return true
	}
	if !bytes.HasPrefix(b, []byte("<?xml")) && !bytes.HasPrefix(b, []byte("<rdf:RDF")) {
		return false
	}
	head := b[:min(len(b), Len)]
	return bytes.Contains(head, []byte("<x:xmpmeta")) || bytes.Contains(head, []byte("<rdf:RDF")) || bytes.Contains(head, []byte("<?xpacket"))
}
