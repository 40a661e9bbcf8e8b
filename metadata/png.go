package metadata

import (
	"bytes"
	"encoding/binary"
	"encoding/hex"
	"hash/crc32"
	"strconv"
	"strings"

	"github.com/captag/captag/metadata/iim"
)

// PNG (ISO/IEC 15948, and the PNG Third Edition's eXIf chunk): after the
// 8-byte signature, chunks of u32 length, 4-byte type, data and a CRC over
// type and data. captag reads
//   - eXIf: the TIFF bytes of an EXIF block;
//   - iTXt, zTXt or tEXt with keyword "XML:com.adobe.xmp": an XMP packet;
//   - the same three with keyword "Raw profile type exif|iptc|xmp|app1|8bim"
//     (ImageMagick's hex-encoded profiles).
//
// Chunks after IDAT are read too (exiftool warns that some readers ignore
// them; captag reads them as it does). A CRC mismatch is a warning.
const (
	pngSignature   = "\x89PNG\r\n\x1a\n"
	pngMaxChunkLen = 1<<31 - 1 // the PNG limit on a chunk length
	pngMaxKeyword  = 79
	pngXMPKeyword  = "XML:com.adobe.xmp"
	pngRawProfile  = "Raw profile type "
)

// walkPNG walks the chunks of a PNG from the signature to IEND.
func walkPNG(s *source) *containerMeta {
	m := &containerMeta{src: s}
	warn := func(code WarningCode, format string, args ...any) {
		m.warn(code, "", "png: "+format, args...)
	}
	pos := int64(len(pngSignature))
	for hop := 0; ; hop++ {
		if hop == maxContainerHops {
			warn(WarnGeneral, "expected at most %d chunks, found more; stopped reading at offset %d", maxContainerHops, pos)
			return m
		}
		if pos == s.size {
			warn(WarnTruncated, "expected an IEND chunk, found the end of the file at offset %d", pos)
			return m
		}
		h, err := s.peek(pos, 8)
		if err != nil {
			warn(WarnTruncated, "expected a chunk header at offset %d, found the end of the file", pos)
			return m
		}
		n := int64(binary.BigEndian.Uint32(h))
		typ := [4]byte(h[4:8]) // a string only in warnings: the walk allocates nothing per chunk
		if n > pngMaxChunkLen {
			warn(WarnGeneral, "chunk at offset %d: expected a length of at most %d, found %d; stopped reading", pos, int64(pngMaxChunkLen), n)
			return m
		}
		if !validChunkType(typ) {
			warn(WarnGeneral, "expected a chunk type of four letters at offset %d, found %q; stopped reading", pos, string(typ[:]))
			return m
		}
		if n+12 > s.size-pos {
			warn(WarnTruncated, "chunk %s at offset %d: expected %d bytes, found the end of the file", string(typ[:]), pos, n+12)
			return m
		}
		switch string(typ[:]) {
		case "IEND":
			return m
		case "eXIf":
			if b := m.pngChunk(s, pos, n, "eXIf"); b != nil {
				m.spans = append(m.spans, span{pos + 8, n})
				m.keep(&m.exif, b, StoreEXIF, "png", "EXIF block (eXIf chunk)")
			}
		case "tEXt", "zTXt", "iTXt":
			if m.wantText(s, pos+8, n) {
				t := string(typ[:])
				if b := m.pngChunk(s, pos, n, t); b != nil {
					m.spans = append(m.spans, span{pos + 8, n})
					m.pngText(t, b, pos)
				}
			}
		}
		pos += n + 12
	}
}

func validChunkType(t [4]byte) bool {
	for _, c := range t {
		if !(c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z') {
			return false
		}
	}
	return true
}

// wantText reports whether the text chunk whose data is n bytes at off has
// a keyword captag reads, peeking at the keyword only.
func (m *containerMeta) wantText(s *source, off, n int64) bool {
	k := min(n, int64(len(pngRawProfile)+4))
	b, err := s.peek(off, int(k))
	if err != nil {
		return false
	}
	return bytes.HasPrefix(b, []byte(pngXMPKeyword+"\x00")) || bytes.HasPrefix(b, []byte(pngRawProfile))
}

// pngChunk returns the data of the chunk at pos (n bytes) after checking
// its CRC (a mismatch is a warning; the data is still read).
func (m *containerMeta) pngChunk(s *source, pos, n int64, typ string) []byte {
	b, err := s.bytesAt(pos+4, n+8) // type, data, CRC
	if err != nil {
		m.warn(WarnGeneral, "", "png: chunk %s at offset %d: %v", typ, pos, err)
		return nil
	}
	want := binary.BigEndian.Uint32(b[4+n:])
	if got := crc32.ChecksumIEEE(b[:4+n]); got != want {
		m.warn(WarnGeneral, "", "png: chunk %s at offset %d: expected CRC %08x, found %08x; read anyway", typ, pos, got, want)
	}
	return b[4 : 4+n]
}

// pngText reads a tEXt, zTXt or iTXt chunk's keyword and text and keeps
// the XMP packet or raw profile it holds.
func (m *containerMeta) pngText(typ string, b []byte, pos int64) {
	warn := func(format string, args ...any) {
		m.warn(WarnGeneral, "", "png: %s chunk at offset %d: "+format, append([]any{typ, pos}, args...)...)
	}
	i := bytes.IndexByte(b, 0)
	if i < 0 || i > pngMaxKeyword {
		warn("expected a keyword of 1 to %d bytes ended by NUL, found none", pngMaxKeyword)
		return
	}
	kw, rest := string(b[:i]), b[i+1:]
	isXMP := kw == pngXMPKeyword
	var text []byte
	var cut bool
	switch typ {
	case "tEXt":
		text = rest
	case "zTXt":
		if len(rest) < 1 || rest[0] != 0 {
			warn("expected compression method 0 (zlib), found %v", rest[:min(1, len(rest))])
			return
		}
		t, c, err := m.inflate(rest[1:], isXMP)
		if err != nil {
			warn("%v", err)
			return
		}
		text, cut = t, c
	case "iTXt":
		if len(rest) < 2 {
			warn("expected compression flag and method, found %d bytes", len(rest))
			return
		}
		compressed, method := rest[0], rest[1]
		rest = rest[2:]
		for range 2 { // language tag, translated keyword
			j := bytes.IndexByte(rest, 0)
			if j < 0 {
				warn("expected a language tag and a translated keyword ended by NUL, found none")
				return
			}
			rest = rest[j+1:]
		}
		text = rest
		if compressed != 0 {
			if method != 0 {
				warn("expected compression method 0 (zlib), found %d", method)
				return
			}
			t, c, err := m.inflate(rest, isXMP)
			if err != nil {
				warn("%v", err)
				return
			}
			text, cut = t, c
		}
	}
	switch {
	case isXMP:
		if m.xmp == nil {
			m.xmpCut = cut
		}
		m.keep(&m.xmp, text, StoreXMP, "png", "XMP packet")
	case strings.HasPrefix(kw, pngRawProfile):
		kind := strings.ToLower(strings.TrimPrefix(kw, pngRawProfile))
		p, err := rawProfile(text)
		if err != nil && rawBinaryProfile(text) {
			// Some writers put the profile's bytes in the chunk as they
			// are, without ImageMagick's hex wrapping.
			p, err = text, nil
		}
		if err != nil {
			warn("%q: %v", kw, err)
			return
		}
		m.profile(kind, p, "png", kw)
	}
}

// profile keeps a decoded profile by its kind ("exif", "iptc", "xmp",
// "app1", "8bim"); other kinds (icc, …) are not read.
func (m *containerMeta) profile(kind string, p []byte, prefix, where string) {
	switch kind {
	case "exif", "app1":
		switch {
		case bytes.HasPrefix(p, []byte(sigXMP)):
			m.keep(&m.xmp, p[len(sigXMP):], StoreXMP, prefix, "XMP packet ("+where+")")
		case bytes.HasPrefix(p, []byte("Exif\x00")):
			if len(p) >= 6 {
				m.keep(&m.exif, p[6:], StoreEXIF, prefix, "EXIF block ("+where+")")
			}
		default:
			m.keep(&m.exif, p, StoreEXIF, prefix, "EXIF block ("+where+")")
		}
	case "iptc", "8bim":
		p = bytes.TrimPrefix(p, []byte(sigPhotoshop))
		switch {
		case bytes.HasPrefix(p, []byte(iim.SigPhotoshop)):
			m.keep(&m.irb, p, StoreIPTC, prefix, "Photoshop resource block ("+where+")")
		case len(p) > 0 && p[0] == iim.Tag:
			m.keep(&m.iim, p, StoreIPTC, prefix, "IIM block ("+where+")")
		default:
			m.warn(WarnGeneral, StoreIPTC, "%s: %s: expected IIM data or Photoshop resources, found neither", prefix, where)
		}
	case "xmp":
		m.keep(&m.xmp, p, StoreXMP, prefix, "XMP packet ("+where+")")
	}
}

// rawProfile decodes ImageMagick's raw profile text:
// "\n<name>\n<spaces><decimal length>\n<hex digits, in lines>".
func rawProfile(t []byte) ([]byte, error) {
	t = bytes.TrimLeft(t, "\r\n")
	i := bytes.IndexByte(t, '\n')
	if i < 0 {
		return nil, errProfile("a profile name line")
	}
	t = bytes.TrimLeft(t[i+1:], " \t\r\n")
	j := bytes.IndexAny(t, "\r\n \t")
	if j < 0 {
		return nil, errProfile("a length line")
	}
	n, err := strconv.ParseUint(string(t[:j]), 10, 32)
	if err != nil {
		return nil, errProfile("a decimal length, found " + strconv.Quote(string(t[:min(j, 16)])))
	}
	hexText := t[j:]
	// Two hex digits per byte: a length beyond what the text can hold is
	// refused before anything is allocated.
	if n > uint64(len(hexText)/2) {
		return nil, errProfile("hex digits for " + strconv.FormatUint(n, 10) + " bytes, found " + strconv.Itoa(len(hexText)) + " characters")
	}
	out := make([]byte, 0, n)
	var pair [2]byte
	k := 0
	for _, c := range hexText {
		if c == '\n' || c == '\r' || c == ' ' || c == '\t' {
			continue
		}
		pair[k] = c
		if k++; k < 2 {
			continue
		}
		k = 0
		var v [1]byte
		if _, err := hex.Decode(v[:], pair[:]); err != nil {
			return nil, errProfile("hex digits, found " + strconv.Quote(string(pair[:])))
		}
		out = append(out, v[0])
		if uint64(len(out)) == n {
			return out, nil
		}
	}
	return nil, errProfile(strconv.FormatUint(n, 10) + " bytes of hex, found " + strconv.Itoa(len(out)))
}

// rawBinaryProfile reports whether a profile text is the bare bytes of an
// IIM stream, Photoshop resources or an EXIF block.
func rawBinaryProfile(t []byte) bool {
	return len(t) > 0 && t[0] == iim.Tag || bytes.HasPrefix(t, []byte(iim.SigPhotoshop)) ||
		bytes.HasPrefix(t, []byte(sigPhotoshop)) || bytes.HasPrefix(t, []byte("Exif\x00"))
}

type profileError string

func errProfile(what string) error { return profileError(what) }
func (e profileError) Error() string {
	return "raw profile: expected " + string(e)
}

// readPNG reads the stores of a PNG into im.
func readPNG(s *source, im *Image) error {
	im.Format = "png"
	walkPNG(s).apply(im)
	return nil
}
