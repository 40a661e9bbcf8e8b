package metadata

import "github.com/captag/captag/metadata/sniff"

// TIFF structures behind a header of another format, read by the TIFF
// walker as it is:
//   - JPEG XR (ITU-T T.832 | ISO/IEC 29199-2, Annex A; Windows Photo's
//     .jxr, .wdp, .hdp): always little-endian, "II", the magic 0x01BC (and
//     a version byte 1), then the offset of its one IFD, which uses TIFF's
//     tags for what captag reads: ImageDescription, Artist, Copyright, the
//     Exif IFD pointer (34665), XMP (700), IPTC-IIM (33723) and Photoshop
//     resources (34377).
//   - A bare EXIF block: "Exif\0\0" and the TIFF structure, as a JPEG's
//     APP1 payload holds it, saved on its own (exiftool names it EXIF).
//     Its offsets count from the TIFF header, 6 bytes in, so it is read
//     through a view of the file that starts there; offsets in its
//     warnings count from that view. (A bare TIFF structure without the
//     header is read as a TIFF.)
//
// readTIFFBehind reads a "jxr" or "exif" file (as sniff names them) into
// im.
func readTIFFBehind(format string, s *source, im *Image) error {
	if format == "jxr" {
		err := readTIFF(s, im)
		im.Format = "jxr"
		return err
	}
	sub, err := s.sub(int64(len(sniff.EXIFBlobHeader)), s.size-int64(len(sniff.EXIFBlobHeader)))
	if err != nil {
		return &FormatError{Offset: 0, Msg: "exif: expected a TIFF header after \"Exif\\0\\0\", found " + err.Error()}
	}
	err = readTIFF(sub, im)
	s.kept = sub.kept
	im.Format = "exif"
	return err
}
