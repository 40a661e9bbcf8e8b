package metadata

import "strconv"

// A standalone XMP file (a sidecar named on the command line, or a .xmp
// that is the only file of a picture) is read as that picture's XMP store.

// readXMPFile reads the XMP packet that is the whole of s into im.
func readXMPFile(s *source, im *Image) error {
	im.Format = "xmp"
	if s.size > MaxSidecarSize {
		return &FormatError{Offset: 0, Msg: "xmp: expected a file of at most " + itoa(MaxSidecarSize) + " bytes, found " + itoa(s.size)}
	}
	b, err := s.bytesAt(0, s.size)
	if err != nil {
		return &FormatError{Offset: 0, Msg: "xmp: " + err.Error()}
	}
	st, w := xmpStoreCharged(s, StoreXMP, b, nil, false)
	im.XMP = st
	im.Warnings = append(im.Warnings, w...)
	return nil
}

func itoa[T ~int | ~int64](n T) string { return strconv.FormatInt(int64(n), 10) }
