package metadata

import (
	"encoding/binary"
)

// WebP (RFC 9649): a RIFF file "RIFF" u32le size "WEBP", then chunks of a
// FourCC, a u32le size and data padded to an even length. The extended
// format (VP8X) carries metadata in "EXIF" (TIFF bytes) and "XMP " chunks.
// They are read wherever they are, as exiftool does; a simple-format file
// (no VP8X) that has them gets a warning.
const (
	riffHeader = 12
	webpVP8X   = "VP8X"
)

// walkWebP walks the chunks of a WebP file.
func walkWebP(s *source) *containerMeta {
	m := &containerMeta{src: s}
	warn := func(code WarningCode, format string, args ...any) {
		m.warn(code, "", "webp: "+format, args...)
	}
	h, err := s.peek(0, riffHeader)
	if err != nil {
		warn(WarnTruncated, "expected a %d-byte RIFF header, found the end of the file", riffHeader)
		return m
	}
	end := int64(binary.LittleEndian.Uint32(h[4:])) + 8
	if end > s.size {
		warn(WarnTruncated, "expected a RIFF file of %d bytes, found %d; reading what there is", end, s.size)
		end = s.size
	}
	pos := int64(riffHeader)
	extended, nullSeen := false, false
	for hop := 0; pos < end; hop++ {
		if hop == maxContainerHops {
			warn(WarnGeneral, "expected at most %d chunks, found more; stopped reading at offset %d", maxContainerHops, pos)
			break
		}
		if end-pos < 8 {
			warn(WarnTruncated, "expected a chunk header at offset %d, found %d bytes", pos, end-pos)
			break
		}
		ch, err := s.peek(pos, 8)
		if err != nil {
			warn(WarnTruncated, "expected a chunk header at offset %d, found the end of the file", pos)
			break
		}
		fourcc := string(ch[:4])
		n := int64(binary.LittleEndian.Uint32(ch[4:]))
		if fourcc == "\x00\x00\x00\x00" && n == 0 && !nullSeen {
			// exiftool warns and reads on; so does captag (the hop cap
			// bounds a file of null chunks).
			warn(WarnGeneral, "expected a chunk at offset %d, found an empty null chunk; reading on", pos)
			nullSeen = true
		}
		if n > end-pos-8 {
			warn(WarnTruncated, "chunk %q at offset %d: expected %d bytes, found %d", fourcc, pos, n, end-pos-8)
			break
		}
		switch fourcc {
		case webpVP8X:
			extended = true
		case "EXIF", "XMP ":
			b, err := s.bytesAt(pos+8, n)
			if err != nil {
				warn(WarnGeneral, "chunk %q at offset %d: %v", fourcc, pos, err)
				break
			}
			if !extended {
				warn(WarnGeneral, "chunk %q at offset %d: expected metadata only in the extended format (after VP8X); read anyway", fourcc, pos)
			}
			m.spans = append(m.spans, span{pos + 8, n})
			if fourcc == "EXIF" {
				m.keep(&m.exif, b, StoreEXIF, "webp", "EXIF chunk")
			} else {
				m.keep(&m.xmp, b, StoreXMP, "webp", "XMP chunk")
			}
		}
		pos += 8 + n + n%2
	}
	return m
}

// readWebP reads the stores of a WebP file into im.
func readWebP(s *source, im *Image) error {
	im.Format = "webp"
	walkWebP(s).apply(im)
	return nil
}
