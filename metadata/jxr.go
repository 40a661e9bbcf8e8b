package metadata

// JPEG XR (ITU-T T.832 | ISO/IEC 29199-2, Annex A; Windows Photo's .jxr,
// .wdp, .hdp): a TIFF-like container, always little-endian, whose header
// is "II", the magic 0x01BC (and a version byte 1), then the offset of
// its one IFD. That IFD uses TIFF's tags for what captag reads: the
// descriptive tags (ImageDescription, Artist, Copyright), the Exif IFD
// pointer (34665), XMP (700), IPTC-IIM (33723) and Photoshop resources
// (34377). It is read by the TIFF walker as it is, and named "jxr".
const jxrSignature = "II\xbc\x01"

// readJXR reads the stores of a JPEG XR file into im.
func readJXR(s *source, im *Image) error {
	err := readTIFF(s, im)
	im.Format = "jxr"
	return err
}
