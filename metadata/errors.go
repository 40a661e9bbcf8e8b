package metadata

import "fmt"

// UnsupportedError reports a file whose type captag recognises (or does not
// recognise at all) but does not read. It concerns that one file only.
type UnsupportedError struct {
	Format string // what the content looks like: "png", "heic", "bigtiff", "unknown"…
}

func (e *UnsupportedError) Error() string {
	if e.Format == "unknown" {
		return "metadata: unsupported format: expected a JPEG, TIFF-based, PNG, WebP, PSD, GIF, RAF, ISO-BMFF (HEIC, AVIF, CR3, JPEG XL, JPEG 2000) or XMP file, found an unknown type"
	}
	return fmt.Sprintf("metadata: unsupported format: expected a JPEG, TIFF-based, PNG, WebP, PSD, GIF, RAF, ISO-BMFF (HEIC, AVIF, CR3, JPEG XL, JPEG 2000) or XMP file, found %s", e.Format)
}

// FormatError reports a container so malformed that nothing could be read
// from it. Offset is the byte position in the file where reading failed.
type FormatError struct {
	Offset int64
	Msg    string
}

func (e *FormatError) Error() string {
	return fmt.Sprintf("metadata: malformed file at offset %d: %s", e.Offset, e.Msg)
}
