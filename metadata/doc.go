// Package metadata reads what an image says about itself: the capture date,
// creators, credit and caption held in its EXIF, IPTC-IIM and XMP stores,
// each kept apart so that a report can say which store disagrees.
//
// It reads headers only. A JPEG is walked segment by segment up to SOS; a
// TIFF-based file (TIFF, DNG, most raw formats) through its IFDs; the
// other containers (PNG, WebP, PSD, GIF, RAF, ISO-BMFF) box by box or
// chunk by chunk. Nothing in this package opens files by name, reads the
// environment or the host time zone: callers hand it an io.ReaderAt.
//
// # Where it sits
//
// metadata imports the walkers and parsers below it (metadata/jpegseg,
// metadata/tiffifd, metadata/iim, metadata/sniff, metadata/xmp),
// metadata/date and metadata/field; the packages that use it sit above it. README.md's
// newcomer's map names each package, what it may import and where each
// kind of change goes; TestLayers holds the code to it.
//
// metadata/date, the one home of dates, imports no captag package: Date
// (an instant or a wall-clock time, its offset known or not, at a
// precision), Day (a calendar date at day, month, year or decade
// precision), the one calendar (leap years, days in a month, day
// numbers), and the parse and format of each store's date syntax (EXIF,
// IIM, XMP). metadata reads the stores' dates with it and says which is
// the image's (Image.CaptureDate); caption, check, sidecar and
// sidecar/embed compare and write dates with it.
//
// metadata/field is the field table: which IIM dataset, XMP property and
// EXIF tag hold each caption field, with byte limits and report names.
// This package's IIM and XMP store readers, sidecar's mapping and merge,
// sidecar/embed's IIM rewrite and reconciliation, and check's byte limits
// and property labels all ask it; none spells a dataset or property of
// the table (field.TestNoCopiesOfTheTable). Store.Text is the one place a
// Store member is a field.
package metadata
