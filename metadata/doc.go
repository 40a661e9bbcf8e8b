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
// metadata imports metadata/xmp, metadata/jpegseg, metadata/iim and
// metadata/field, and every other captag package but those four and
// metadata/fixture sits above it. README.md's newcomer's map names each
// package, what it may import and where each kind of change goes;
// TestLayers holds the code to it.
//
// metadata/field is the field table: which IIM dataset, XMP property and
// EXIF tag hold each caption field, with byte limits and report names.
// This package's IIM and XMP store readers, sidecar's mapping and merge,
// sidecar/embed's IIM rewrite and reconciliation, and check's byte limits
// and property labels all ask it; none spells a dataset or property of
// the table (field.TestNoCopiesOfTheTable). Store.Text is the one place a
// Store member is a field.
package metadata
