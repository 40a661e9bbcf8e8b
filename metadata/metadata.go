// Package metadata reads what an image says about itself: the capture date,
// creators, credit and caption held in its EXIF, IPTC-IIM and XMP stores,
// each kept apart so that a report can say which store disagrees.
//
// It reads headers only. A JPEG is walked segment by segment up to SOS; a
// TIFF-based file (TIFF, DNG, most raw formats) through its IFDs. Nothing in
// this package opens files by name, reads the environment or the host time
// zone: callers hand it an io.ReaderAt.
package metadata

// StoreKind names where a value was found.
type StoreKind string

const (
	StoreEXIF    StoreKind = "exif"
	StoreIPTC    StoreKind = "iptc"
	StoreXMP     StoreKind = "xmp"
	StoreSidecar StoreKind = "sidecar"
)

// Store is what one metadata store of an image says. Empty fields are
// absent in that store.
type Store struct {
	Kind        StoreKind
	Date        Date     // capture date (EXIF DateTimeOriginal, IIM 2:55/2:60, photoshop:DateCreated…)
	Creators    []string // EXIF Artist (split on "; "), IIM 2:80, dc:creator
	Credit      string   // IIM 2:110, photoshop:Credit
	Source      string   // IIM 2:115, photoshop:Source
	Copyright   string   // EXIF Copyright, IIM 2:116, dc:rights
	Description string   // EXIF ImageDescription, IIM 2:120, dc:description
	Headline    string   // IIM 2:105, photoshop:Headline
	Title       string   // IIM 2:05, dc:title
	Keywords    []string // IIM 2:25, dc:subject
	City        string   // IIM 2:90, photoshop:City
	Sublocation string   // IIM 2:92, Iptc4xmpCore:Location
	Region      string   // IIM 2:95, photoshop:State
	Country     string   // IIM 2:101, photoshop:Country
	CountryCode string   // IIM 2:100, Iptc4xmpCore:CountryCode
	Charset     string   // IIM only: "utf-8", "windows-1252 (assumed)", …
}

// Image is everything read from one image file.
type Image struct {
	Path   string // as given by the caller; metadata never opens it
	Format string // what the content is: "jpeg", "tiff", "dng", "cr2", "nef", "arw", "pef", "orf", "rw2", "bigtiff", "png", "webp", "psd", "psb", "gif", "raf", "xmp", "heic", "heif", "avif", "cr3", "jxl", "jp2", "jpx", "jpm", "j2c"
	EXIF   *Store // nil when the file has no such store
	IPTC   *Store
	XMP    *Store
	// Sidecar is filled by the caller from ReadSidecar when a sidecar file
	// exists beside the image.
	Sidecar *Store
	// Issues found while reading: unusable dates, stale IPTC digest,
	// charset guesses, refused EXIF payloads… Reading goes on after each.
	Warnings []Warning
}

// WarningCode classifies a Warning so that checks can act on it without
// parsing its text.
type WarningCode string

const (
	WarnGeneral         WarningCode = "general"
	WarnBadDate         WarningCode = "bad-date"          // unusable date, counted as absent
	WarnDigestStale     WarningCode = "iptc-digest-stale" // 0x0425 differs from the MD5 of the IIM block
	WarnIIMCharset      WarningCode = "iptc-charset"      // non-ASCII IIM without ESC % G
	WarnEXIFRefused     WarningCode = "exif-refused"      // payload failed the guard, not decoded
	WarnEXIFDamaged     WarningCode = "exif-damaged"      // one IFD or entry skipped, the rest of the EXIF read
	WarnExtendedXMP     WarningCode = "extended-xmp"      // ExtendedXMP chunks missing or mismatched
	WarnTruncated       WarningCode = "truncated"         // a structure runs past the end of the file
	WarnUnsupportedPart WarningCode = "unsupported"       // something valid that captag does not read
)

// Warning is a problem found while reading that did not stop the read.
type Warning struct {
	Code    WarningCode
	Store   StoreKind // empty when it concerns the container
	Message string    // "iptc: expected … found …"
}

func (w Warning) String() string { return w.Message }

// Stores returns the stores the image has, in the fixed order EXIF, IPTC,
// XMP, sidecar.
func (im *Image) Stores() []*Store {
	out := make([]*Store, 0, 4)
	for _, s := range []*Store{im.EXIF, im.IPTC, im.XMP, im.Sidecar} {
		if s != nil {
			out = append(out, s)
		}
	}
	return out
}
