package metadata

import (
	"bytes"
)

// GIF (GIF89a specification): a 6-byte signature, a 7-byte logical screen
// descriptor and its optional global color table, then blocks: extensions
// (0x21, a label, data sub-blocks ended by a zero-length one), images
// (0x2C, a 9-byte descriptor, an optional local color table, the LZW code
// size and data sub-blocks) and the trailer (0x3B). XMP is an application
// extension "XMP DataXMP" whose packet is written raw, followed by a
// 258-byte "magic trailer" that makes a sub-block walk over the packet end
// at the extension's end (Adobe XMP Specification Part 3, §1.1.2).
const (
	gifHeader     = 6 + 7
	gifXMPAppID   = "XMP DataXMP"
	gifMagicTrail = 258
	gifWindow     = 4 << 10 // bytes read at a time while skipping sub-blocks
)

// gifReader reads a GIF forward through a window, so that walking its
// small sub-blocks does not cost a read each.
type gifReader struct {
	s   *source
	buf []byte
	off int64 // file offset of buf[0]
}

func (g *gifReader) byteAt(pos int64) (byte, bool) {
	if pos < 0 || pos >= g.s.size {
		return 0, false
	}
	if pos < int64(len(g.s.head)) {
		return g.s.head[pos], true
	}
	if pos >= g.off && pos < g.off+int64(len(g.buf)) {
		return g.buf[pos-g.off], true
	}
	if g.buf == nil {
		g.buf = make([]byte, gifWindow)
	}
	n := min(int64(gifWindow), g.s.size-pos)
	g.buf = g.buf[:n]
	if got, _ := g.s.r.ReadAt(g.buf, pos); int64(got) < n {
		g.buf = g.buf[:0]
		return 0, false
	}
	g.off = pos
	return g.buf[0], true
}

// skipSubBlocks returns the offset after the zero-length sub-block that
// ends the sub-blocks starting at pos.
func (g *gifReader) skipSubBlocks(pos int64) (int64, bool) {
	for hops := 0; hops < 1<<24; hops++ {
		n, ok := g.byteAt(pos)
		if !ok {
			return pos, false
		}
		pos += 1 + int64(n)
		if n == 0 {
			return pos, true
		}
	}
	return pos, false
}

// walkGIF walks the blocks of a GIF and keeps its XMP packet.
func walkGIF(s *source) *containerMeta {
	m := &containerMeta{src: s}
	warn := func(code WarningCode, format string, args ...any) {
		m.warn(code, "", "gif: "+format, args...)
	}
	if len(s.head) < gifHeader {
		warn(WarnTruncated, "expected a %d-byte header, found %d bytes", gifHeader, len(s.head))
		return m
	}
	g := &gifReader{s: s}
	pos := int64(gifHeader)
	if flags := s.head[10]; flags&0x80 != 0 {
		pos += 3 << (flags&7 + 1)
	}
	for hop := 0; ; hop++ {
		if hop == maxContainerHops {
			warn(WarnGeneral, "expected at most %d blocks, found more; stopped reading at offset %d", maxContainerHops, pos)
			return m
		}
		c, ok := g.byteAt(pos)
		if !ok {
			warn(WarnTruncated, "expected a block or the trailer at offset %d, found the end of the file", pos)
			return m
		}
		switch c {
		case 0x3B:
			return m
		case 0x21:
			label, ok := g.byteAt(pos + 1)
			if !ok {
				warn(WarnTruncated, "extension at offset %d: expected a label, found the end of the file", pos)
				return m
			}
			start := pos + 2
			if label == 0xFF {
				if id, err := s.peek(start, 1+len(gifXMPAppID)); err == nil && id[0] == byte(len(gifXMPAppID)) && string(id[1:]) == gifXMPAppID {
					m.gifXMP(s, g, start+1+int64(len(gifXMPAppID)))
				}
			}
			end, ok := g.skipSubBlocks(start)
			if !ok {
				warn(WarnTruncated, "extension 0x%02X at offset %d: expected sub-blocks ended by a zero-length one, found the end of the file", label, pos)
				return m
			}
			pos = end
		case 0x2C:
			d, err := s.peek(pos, 10)
			if err != nil {
				warn(WarnTruncated, "image at offset %d: expected a 10-byte descriptor, found the end of the file", pos)
				return m
			}
			next := pos + 10
			if flags := d[9]; flags&0x80 != 0 {
				next += 3 << (flags&7 + 1)
			}
			end, ok := g.skipSubBlocks(next + 1) // after the LZW code size
			if !ok {
				warn(WarnTruncated, "image at offset %d: expected data sub-blocks ended by a zero-length one, found the end of the file", pos)
				return m
			}
			pos = end
		default:
			warn(WarnGeneral, "expected a block (0x21, 0x2C) or the trailer (0x3B) at offset %d, found 0x%02X; stopped reading", pos, c)
			return m
		}
	}
}

// gifXMP keeps the XMP packet that starts at start: its end is where the
// sub-block walk over it ends, less the magic trailer.
func (m *containerMeta) gifXMP(s *source, g *gifReader, start int64) {
	end, ok := g.skipSubBlocks(start)
	if !ok {
		m.warn(WarnTruncated, StoreXMP, "gif: XMP extension at offset %d: expected the magic trailer, found the end of the file", start)
		return
	}
	n := end - start
	if n > maxTIFFStoreValue {
		m.warn(WarnGeneral, StoreXMP, "gif: XMP extension at offset %d: expected at most %d bytes, found %d", start, maxTIFFStoreValue, n)
		return
	}
	b, err := s.bytesAt(start, n)
	if err != nil {
		m.warn(WarnGeneral, StoreXMP, "gif: XMP extension at offset %d: %v", start, err)
		return
	}
	// The packet ends with its trailer "<?xpacket end=…?>" or, without
	// one, with "</x:xmpmeta>"; else the magic trailer is cut off. (The
	// magic trailer holds every byte value, '>' too.)
	switch i, j := bytes.Index(b, []byte("<?xpacket end")), bytes.LastIndex(b, []byte("</x:xmpmeta>")); {
	case i >= 0 && bytes.Index(b[i:], []byte("?>")) >= 0:
		b = b[:i+bytes.Index(b[i:], []byte("?>"))+2]
	case j >= 0:
		b = b[:j+len("</x:xmpmeta>")]
	case n > gifMagicTrail:
		b = b[:n-gifMagicTrail]
	default:
		m.warn(WarnGeneral, StoreXMP, "gif: XMP extension at offset %d: expected a packet before the magic trailer, found none", start)
		return
	}
	m.spans = append(m.spans, span{start, int64(len(b))})
	m.keep(&m.xmp, b, StoreXMP, "gif", "XMP extension")
}

// readGIF reads the XMP store of a GIF into im.
func readGIF(s *source, im *Image) error {
	im.Format = "gif"
	walkGIF(s).apply(im)
	return nil
}
