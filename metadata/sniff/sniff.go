// Package sniff is the one place in captag that names a file's format
// from its first bytes: the metadata reader picks its walker by it
// (metadata.Sniff re-exports it), the thumbnailer (metadata/sheet) its
// decoder, and the desk refuses to overwrite an image with a report by it.
//
// It looks at magic numbers and signatures only; telling the TIFF family
// apart (DNG, NEF, CR2…) and the ISO-BMFF brands beyond the major one is
// the reader's, from the structure. It imports no captag package.
package sniff

import (
	"bytes"
	"encoding/binary"
)

// Len is how many leading bytes Format needs at most to name any format
// it knows (an XMP file's rdf:RDF may come after an XML prologue).
const Len = 4096

// Signatures the readers check again when they parse the file.
const (
	PNGSignature   = "\x89PNG\r\n\x1a\n" // every PNG file (ISO/IEC 15948)
	EXVSignature   = "\xff\x01Exiv2"     // exiv2's metadata-only .exv file
	JXRSignature   = "II\xbc\x01"        // JPEG XR (ITU-T T.832), a TIFF-like IFD structure
	EXIFBlobHeader = "Exif\x00\x00"      // a bare EXIF block: this, then a TIFF header
)

// Format names the format of a file from its first bytes (up to Len of
// them): "jpeg", "tiff" (the TIFF family: TIFF, ORF, RW2 and the raw
// formats with a TIFF header), "bigtiff", "png", "gif", "webp", "heic",
// "heif", "avif", "cr3", "jxl", "jpeg2000", "crw", "raf", "psd", "bmp",
// "pdf", "exv", "jxr", "exif" (a bare EXIF block), "xmp", the video and
// audio containers ("mp4", "mov", "m4a", "avi", "wav"), or "unknown".
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
	case has(0, EXVSignature):
		return "exv"
	case has(0, JXRSignature):
		return "jxr"
	case has(0, EXIFBlobHeader+"II*\x00"), has(0, EXIFBlobHeader+"MM\x00*"):
		return "exif"
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
	case "miaf", "mif2", "j2ki", "j2is", "hej2", "avci", "avcs", "vvic", "vvis": // other HEIF image brands
		return "heif"
	default:
		if bytes.HasPrefix([]byte(brand), []byte("M4A")) {
			return "m4a"
		}
		if hasHEIFBrand(b) {
			return "heif"
		}
		return "mp4"
	}
}

// hasHEIFBrand reports whether the ftyp box at the start of b lists mif1,
// msf1 or miaf among its compatible brands: a HEIF file whose major brand
// names its codec (JPEG 2000's j2ki, …) rather than the container.
func hasHEIFBrand(b []byte) bool {
	if len(b) < 4 {
		return false
	}
	size := int(binary.BigEndian.Uint32(b))
	if size < 16 || size > len(b) {
		return false
	}
	for i := 16; i+4 <= size; i += 4 {
		switch string(b[i : i+4]) {
		case "mif1", "msf1", "miaf":
			return true
		}
	}
	return false
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

// nouns name, for the formats Format knows by a signature no text begins
// with, what a file of that format is. BMP is left out: its signature
// "BM" begins words ("BMW").
var nouns = map[string]string{
	"jpeg": "a JPEG image", "tiff": "a TIFF image or camera raw file", "bigtiff": "a BigTIFF image",
	"png": "a PNG image", "gif": "a GIF image", "webp": "a WebP image", "heic": "a HEIC image",
	"heif": "a HEIF image", "avif": "an AVIF image", "cr3": "a Canon CR3 raw file",
	"crw": "a Canon CRW raw file", "raf": "a Fujifilm RAF raw file", "psd": "a Photoshop PSD file",
	"jxl": "a JPEG XL image", "jpeg2000": "a JPEG 2000 image", "pdf": "a PDF document",
	"xmp": "an XMP sidecar", "exv": "an Exiv2 EXV metadata file", "jxr": "a JPEG XR image",
	"exif": "a bare EXIF block", "mp4": "an MP4 video", "mov": "a QuickTime video", "avi": "an AVI video",
	"wav": "a WAV sound file", "m4a": "an M4A sound file",
}

// Noun says what a file of format (a name Format gives) is, in words
// ("a JPEG image", "an XMP sidecar"); ok is false for "unknown" and for a
// format whose signature a text may begin with (BMP's "BM"), which is no
// proof that the file is not text.
func Noun(format string) (noun string, ok bool) {
	noun, ok = nouns[format]
	return noun, ok
}
