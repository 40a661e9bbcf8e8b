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
// metadata/tiffifd, metadata/iim, metadata/sniff, metadata/xmp); the
// packages that use it sit above it. README.md's newcomer's map names each package, what it may
// import and where each kind of change goes; TestLayers holds the code to it.
package metadata
