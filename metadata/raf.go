package metadata

import (
	"encoding/binary"
)

// RAF (Fujifilm raw): a header "FUJIFILMCCD-RAW " … whose big-endian u32
// pair at offset 84 gives the offset and length of an embedded JPEG (the
// layout exiftool's FujiFilm.pm and LibRaw read). The EXIF, IPTC and XMP
// of the picture are those of that JPEG, read by the JPEG walker.
const (
	rafJPEGPointer = 84
	rafHeader      = rafJPEGPointer + 8
)

// readRAF reads the stores of the JPEG embedded in a RAF file into im.
func readRAF(s *source, im *Image) error {
	im.Format = "raf"
	h, err := s.peek(0, rafHeader)
	if err != nil {
		return &FormatError{Offset: 0, Msg: "raf: expected a header of " + itoa(rafHeader) + " bytes, found the end of the file"}
	}
	off := int64(binary.BigEndian.Uint32(h[rafJPEGPointer:]))
	n := int64(binary.BigEndian.Uint32(h[rafJPEGPointer+4:]))
	warn := func(code WarningCode, msg string) {
		im.Warnings = append(im.Warnings, Warning{Code: code, Message: "raf: " + msg})
	}
	if off < rafHeader || n < 4 {
		warn(WarnGeneral, "expected an embedded JPEG after the header, found offset "+itoa(off)+" length "+itoa(n))
		return nil
	}
	if off > s.size || n > s.size-off {
		warn(WarnTruncated, "expected an embedded JPEG of "+itoa(n)+" bytes at offset "+itoa(off)+", found the end of the file")
		return nil
	}
	sub, err := s.sub(off, n)
	if err != nil {
		warn(WarnGeneral, "embedded JPEG at offset "+itoa(off)+": "+err.Error())
		return nil
	}
	if Sniff(sub.head) != "jpeg" {
		warn(WarnGeneral, "expected an embedded JPEG at offset "+itoa(off)+", found another type")
		return nil
	}
	err = readJPEG(sub, im)
	s.kept = sub.kept
	return err
}
