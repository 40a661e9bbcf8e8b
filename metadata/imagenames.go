package metadata

import (
	"path/filepath"
	"strings"
)

// imageExt is what a file name's extension says of the image in it: the
// type's name, and whether Read reads that type.
type imageExt struct {
	name string
	read bool
}

// imageExts are the extensions of image files, by the type they name:
// the types Read reads (by content, whatever the name: a TIFF-based raw
// file of any make is read as TIFF), and the raw types it does not (CRW,
// X3F, MRW), which a caption may still name.
var imageExts = map[string]imageExt{
	".jpg": {"JPEG", true}, ".jpeg": {"JPEG", true}, ".jpe": {"JPEG", true}, ".jfif": {"JPEG", true},
	".tif": {"TIFF", true}, ".tiff": {"TIFF", true}, ".dng": {"DNG", true}, ".cr2": {"CR2", true},
	".nef": {"NEF", true}, ".nrw": {"NRW", true}, ".arw": {"ARW", true}, ".srf": {"SRF", true},
	".sr2": {"SR2", true}, ".pef": {"PEF", true}, ".orf": {"ORF", true}, ".rw2": {"RW2", true},
	".srw": {"SRW", true}, ".3fr": {"3FR", true}, ".iiq": {"IIQ", true},
	".png": {"PNG", true}, ".webp": {"WebP", true}, ".psd": {"PSD", true}, ".psb": {"PSB", true},
	".gif": {"GIF", true}, ".raf": {"RAF", true},
	".heic": {"HEIC", true}, ".heif": {"HEIF", true}, ".hif": {"HEIF", true}, ".avif": {"AVIF", true},
	".cr3": {"CR3", true}, ".jxl": {"JPEG XL", true},
	".jp2": {"JPEG 2000", true}, ".jpx": {"JPEG 2000", true}, ".jpf": {"JPEG 2000", true},
	".jpm": {"JPEG 2000", true}, ".j2k": {"JPEG 2000", true}, ".j2c": {"JPEG 2000", true},
	".crw": {"CRW", false}, ".x3f": {"X3F", false}, ".mrw": {"MRW", false},
}

// ImageType is the image type name's extension says (any case): "JPEG",
// "CR2", "CRW"…, and whether Read reads that type; "" for a name that
// says none (".jpg" alone is a hidden name, not an extension).
func ImageType(name string) (typ string, read bool) {
	base := filepath.Base(name)
	ext := filepath.Ext(base)
	if len(ext) == len(base) {
		return "", false
	}
	e := imageExts[strings.ToLower(ext)]
	return e.name, e.read
}
