package metadata

// A bare EXIF block: "Exif\0\0" and the TIFF structure, as a JPEG's APP1
// payload holds it, saved on its own (some tools export it so; exiftool
// names it EXIF). The TIFF structure's offsets count from its header, 6
// bytes in, so it is read as a TIFF through a view of the file that starts
// there; offsets in its warnings count from that view. (A bare TIFF
// structure without the "Exif\0\0" header is read as a TIFF.)
const exifBlobHeader = "Exif\x00\x00"

// readEXIFBlob reads a bare EXIF block into im.
func readEXIFBlob(s *source, im *Image) error {
	sub, err := s.sub(int64(len(exifBlobHeader)), s.size-int64(len(exifBlobHeader)))
	if err != nil {
		return &FormatError{Offset: 0, Msg: "exif: expected a TIFF header after \"Exif\\0\\0\", found " + err.Error()}
	}
	err = readTIFF(sub, im)
	s.kept = sub.kept
	im.Format = "exif"
	return err
}
