package metadata

import (
	"bytes"
	"strconv"
)

// A standalone XMP file (a sidecar named on the command line, or a .xmp
// that is the only file of a picture) is read as that picture's XMP store.

// readXMPFile reads the XMP packet that is the whole of s into im.
func readXMPFile(s *source, im *Image) error {
	im.Format = "xmp"
	if s.size > MaxSidecarSize {
		return &FormatError{Offset: 0, Msg: "xmp: expected a file of at most " + itoa(MaxSidecarSize) + " bytes, found " + itoa(s.size)}
	}
	b, err := s.bytesAt(0, s.size)
	if err != nil {
		return &FormatError{Offset: 0, Msg: "xmp: " + err.Error()}
	}
	st, w := xmpStoreCharged(s, StoreXMP, b, nil, false)
	im.XMP = st
	im.Warnings = append(im.Warnings, w...)
	return nil
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
	head := b[:min(len(b), 4096)]
	return bytes.Contains(head, []byte("<x:xmpmeta")) || bytes.Contains(head, []byte("<rdf:RDF")) || bytes.Contains(head, []byte("<?xpacket"))
}

func itoa[T ~int | ~int64](n T) string { return strconv.FormatInt(int64(n), 10) }
