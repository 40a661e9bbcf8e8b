package metadata

import (
	"bytes"
	"compress/zlib"
	"errors"
	"fmt"
	"io"
)

// This file holds what the walkers of the other containers (PNG, WebP,
// PSD, GIF, RAF, a standalone XMP file) share: the payloads they cut out of
// a file and how those become stores. Each walker only locates payloads,
// with every size checked against the file before a byte is read; the
// stores are decoded by the same code as a JPEG's.

// Limits of the container walkers.
const (
	maxInflated      = 16 << 20 // decompressed size of one zlib-compressed PNG text chunk
	maxContainerHops = 1 << 16  // chunks, blocks or resources walked in one file
	maxSpareIRBs     = 8        // further Photoshop resource blocks kept in case the first holds no IPTC
)

// span says where a payload was found, for the fuzz property that every
// payload cut out of a file lies inside it.
type span struct {
	off, n int64
}

// containerMeta is what a container walker found: the TIFF bytes of an
// EXIF block, an XMP packet, Photoshop image resources and a bare IIM
// stream, each the first of its kind.
type containerMeta struct {
	src                 *source // the file, for charging the run's budget
	exif, xmp, irb, iim []byte
	warns               []Warning
	spans               []span   // raw payloads as they lie in the file
	inflated            int64    // bytes produced by decompression
	xmpCut              bool     // the XMP packet was inflated through a textCutter that cut a value
	spareIRBs           [][]byte // Photoshop resource blocks after the first, read when it holds no IPTC
	dupWarned           map[string]bool
}

func (m *containerMeta) warn(code WarningCode, store StoreKind, format string, args ...any) {
	m.warns = append(m.warns, Warning{Code: code, Store: store, Message: fmt.Sprintf(format, args...)})
}

// keep stores b in *dst unless a payload of that kind was already found;
// where names the payload in the warning about a second one.
func (m *containerMeta) keep(dst *[]byte, b []byte, store StoreKind, prefix, where string) {
	if *dst != nil {
		if dst == &m.irb && len(m.spareIRBs) < maxSpareIRBs {
			m.spareIRBs = append(m.spareIRBs, b)
		}
		if !m.dupWarned[where] {
			if m.dupWarned == nil {
				m.dupWarned = map[string]bool{}
			}
			m.dupWarned[where] = true
			m.warn(WarnGeneral, store, "%s: expected one %s, found another; the first is read", prefix, where)
		}
		return
	}
	*dst = b
}

// apply decodes the payloads into im's stores.
func (m *containerMeta) apply(im *Image) {
	im.Warnings = append(im.Warnings, m.warns...)
	if m.exif != nil {
		st, w := decodeEXIF(trimExifHeader(m.exif))
		im.EXIF = st
		im.Warnings = append(im.Warnings, w...)
	}
	var digest []byte
	if m.irb != nil {
		st, w := readPhotoshopIRB(m.irb)
		im.IPTC = st
		im.Warnings = append(im.Warnings, w...)
		_, digest, _ = photoshopResources(m.irb)
		for i, b := range m.spareIRBs {
			if im.IPTC != nil {
				break
			}
			// The first block held no readable IPTC (Apache Tika's
			// baseball.png: a damaged profile, then a good one):
			// exiftool reads every block, captag the first that reads.
			if st, w := readPhotoshopIRB(b); st != nil {
				im.IPTC = st
				im.Warnings = append(im.Warnings, Warning{Code: WarnGeneral, Message: fmt.Sprintf("iptc: expected IPTC in the first Photoshop resource block, found none; block %d of %d is read", i+2, len(m.spareIRBs)+1)})
				im.Warnings = append(im.Warnings, w...)
				_, digest, _ = photoshopResources(b)
			}
		}
	}
	if im.IPTC == nil && m.iim != nil {
		st, w := readIIM(m.iim, digest)
		im.IPTC = st
		im.Warnings = append(im.Warnings, w...)
	}
	if m.xmp != nil {
		st, w := xmpStoreCharged(m.src, StoreXMP, m.xmp, nil, m.xmpCut)
		im.XMP = st
		im.Warnings = append(im.Warnings, w...)
	}
}

// trimExifHeader drops a JPEG-style "Exif\0\0" header that some writers
// put before the TIFF bytes of a PNG eXIf or WebP EXIF chunk.
func trimExifHeader(b []byte) []byte {
	if bytes.HasPrefix(b, []byte("Exif\x00\x00")) {
		return b[6:]
	}
	return b
}

var errInflateLimit = fmt.Errorf("expected at most %d bytes once decompressed, found more", maxInflated)

// inflate decompresses zlib data, refusing output over maxInflated bytes
// (and over what is left of the per-file budget). An XMP packet (xmp set)
// is inflated through a textCutter: what is kept of it is the packet with
// each long value cut (see textCutter), never the whole of it, and cut
// reports whether a value was cut.
func (m *containerMeta) inflate(b []byte, xmp bool) (_ []byte, cut bool, _ error) {
	zr, err := zlib.NewReader(bytes.NewReader(b))
	if err != nil {
		return nil, false, err
	}
	defer zr.Close()
	limit := min(int64(maxInflated), maxMetadataBytes-m.inflated)
	out := chargedBuffer{src: m.src}
	var w io.Writer = &out
	var cutter *textCutter
	if xmp {
		cutter = newTextCutter(&out)
		w = cutter
	}
	n, err := io.Copy(w, io.LimitReader(zr, limit+1))
	if out.over {
		return nil, false, errOverBudget
	}
	if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) {
		return nil, false, err
	}
	if n > limit {
		return nil, false, errInflateLimit
	}
	m.inflated += n
	if err != nil {
		return nil, false, err
	}
	return out.Bytes(), cutter != nil && cutter.cuts > 0, nil
}

// sub returns a source for the n bytes at off in s (an embedded JPEG). Its
// head is shared with s when it lies inside s's head (grown up to
// headMax), else read (at most headMax bytes). Bytes it reads count against s's budget.
func (s *source) sub(off, n int64) (*source, error) {
	if off < 0 || n < 0 || off > s.size || n > s.size-off {
		return nil, errTruncated
	}
	hn := min(n, int64(headMax))
	head, err := s.bytesAt(off, hn)
	if err != nil {
		return nil, err
	}
	return &source{r: io.NewSectionReader(s.r, off, n), size: n, head: head, kept: s.kept}, nil
}

// readContainer reads a file of one of the formats of this file's walkers
// (as sniff names them) into im.
func readContainer(format string, s *source, im *Image) error {
	switch format {
	case "bigtiff":
		return readTIFF(s, im)
	case "png":
		return readPNG(s, im)
	case "webp":
		return readWebP(s, im)
	case "psd":
		return readPSD(s, im)
	case "gif":
		return readGIF(s, im)
	case "raf":
		return readRAF(s, im)
	case "xmp":
		return readXMPFile(s, im)
	case "exv":
		return readEXV(s, im)
	}
	return &UnsupportedError{Format: format}
}
