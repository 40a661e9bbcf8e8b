package metadata

import (
	"encoding/binary"

	"github.com/captag/captag/metadata/iim"
)

// PSD and PSB (Adobe Photoshop File Formats Specification): a 26-byte
// header ("8BPS", version 1 for PSD or 2 for PSB, …), the color mode data
// section (u32 length), then the image resources section (u32 length) of
// image resource blocks. captag reads 0x0404 (IPTC-NAA, with the 0x0425
// digest), 0x0422 (EXIF data 1: TIFF bytes) and 0x0424 (XMP).
const (
	psdHeader       = 26
	irbResourceEXIF = 0x0422
	irbResourceXMP  = 0x0424
)

// walkPSD finds the image resources of a PSD or PSB file.
func walkPSD(s *source) *containerMeta {
	m := &containerMeta{src: s}
	warn := func(code WarningCode, format string, args ...any) {
		m.warn(code, "", "psd: "+format, args...)
	}
	h, err := s.peek(0, psdHeader)
	if err != nil {
		warn(WarnTruncated, "expected a %d-byte header, found the end of the file", psdHeader)
		return m
	}
	if v := binary.BigEndian.Uint16(h[4:]); v != 1 && v != 2 {
		warn(WarnGeneral, "expected version 1 (PSD) or 2 (PSB), found %d; reading on", v)
	}
	pos := int64(psdHeader)
	b, err := s.peek(pos, 4)
	if err != nil {
		warn(WarnTruncated, "expected the color mode data length at offset %d, found the end of the file", pos)
		return m
	}
	pos += 4 + int64(binary.BigEndian.Uint32(b))
	b, err = s.peek(pos, 4)
	if err != nil {
		warn(WarnTruncated, "expected the image resources length at offset %d, found the end of the file", pos)
		return m
	}
	n := int64(binary.BigEndian.Uint32(b))
	pos += 4
	if n > s.size-pos {
		warn(WarnTruncated, "expected %d bytes of image resources at offset %d, found %d", n, pos, s.size-pos)
		return m
	}
	irb, err := s.bytesAt(pos, n)
	if err != nil {
		warn(WarnGeneral, "image resources at offset %d: %v", pos, err)
		return m
	}
	m.spans = append(m.spans, span{pos, n})
	m.irb = irb
	m.psdResources(irb, pos)
	return m
}

// psdResources finds the EXIF (0x0422) and XMP (0x0424) resources in the
// image resource blocks b (at file offset base). The IPTC resource is read
// from b by readPhotoshopIRB, which also reports its structure problems;
// this walk stops quietly where that one warns.
func (m *containerMeta) psdResources(b []byte, base int64) {
	for hop, pos := 0, 0; hop < irbMaxResources && pos < len(b); hop++ {
		r, err := iim.ResourceAt(b, pos)
		if err != nil {
			return
		}
		if r.Sig == iim.SigPhotoshop {
			switch r.ID {
			case irbResourceEXIF:
				m.spans = append(m.spans, span{base + int64(r.DataAt), int64(len(r.Data))})
				m.keep(&m.exif, r.Data, StoreEXIF, "psd", "EXIF resource (0x0422)")
			case irbResourceXMP:
				m.spans = append(m.spans, span{base + int64(r.DataAt), int64(len(r.Data))})
				m.keep(&m.xmp, r.Data, StoreXMP, "psd", "XMP resource (0x0424)")
			}
		}
		pos = r.End
	}
}

// readPSD reads the stores of a PSD or PSB file into im.
func readPSD(s *source, im *Image) error {
	im.Format = "psd"
	if len(s.head) >= 6 && binary.BigEndian.Uint16(s.head[4:]) == 2 {
		im.Format = "psb"
	}
	walkPSD(s).apply(im)
	return nil
}
