package metadata

import "github.com/captag/captag/metadata/sniff"

// EXV, exiv2's metadata-only file (exiv2's src/jpgimage.cpp, ExvImage):
// the 7-byte header "\xFF\x01Exiv2", then JPEG marker segments (APP1
// Exif and XMP, APP13 Photoshop, COM) up to an EOI, with no image. It is
// read by the JPEG walker, through a view of the file that starts 5 bytes
// in: the walker starts 2 bytes into its input, at the first segment.
// Offsets in its warnings count from that view, as a RAF's count from its
// embedded JPEG.
const exvView = len(sniff.EXVSignature) - 2

// readEXV reads the stores of an EXV file into im.
func readEXV(s *source, im *Image) error {
	im.Format = "exv"
	sub, err := s.sub(int64(exvView), s.size-int64(exvView))
	if err != nil {
		return &FormatError{Offset: 0, Msg: "exv: expected marker segments after the " + itoa(int64(len(sniff.EXVSignature))) + "-byte header, found " + err.Error()}
	}
	err = readJPEG(sub, im)
	s.kept = sub.kept
	return err
}
