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
// # Layers
//
// captag's packages, each importing only those below it:
//
//	cmd/captag          flags, help, renderers (text, JSON, JUnit), exit codes,
//	    │               process-wide settings (memory limit, GC)
//	    ▼
//	metadata/desk       the job: folders, workers, memory budget, caption
//	    │      │        source, pairing, year inference, the write guards,
//	    │      │        the report types and their JSON; the thumbnails of
//	    │      │        a contact sheet, made in its workers
//	    │      ├──────▶ metadata/sheet  the contact sheet: its model, the
//	    │      │        HTML page and the thumbnails (imports no captag
//	    │      │        package)
//	    │      ▼
//	    │    sidecar    beside the job: the XMP sidecar of an image (naming,
//	    │      │        mapping a caption to properties, merge, atomic write);
//	    │      │        sidecar/embed writes the same properties into a
//	    │      │        JPEG's own IIM and XMP (and EXIF when asked)
//	    ▼      │
//	metadata/check      matching records to images, the verdict per pair
//	    │      │        (Findings)
//	    ▼      │
//	metadata/caption    caption files: text, CSV, JSON; the wire-caption
//	    │      │        grammar (dateline, body date, credit)
//	    ▼      │
//	metadata/names      who and which agency: the agency table and its
//	    │      │        index, the user's aliases, the credit-chain grammar
//	    │      │        (labels, separators, role words), person keys
//	    ▼      ▼
//	metadata            this package: image reading, one Store per EXIF,
//	    │               IPTC-IIM, XMP and sidecar; dates; the shared types
//	    │               (StoreKind, Severity, Warning) and name folding
//	    ▼
//	metadata/field      THE field table: per caption field its EXIF tag,
//	    │               IIM dataset (byte limit, repeatable), XMP property
//	    │               (prefix, form, Location member), exiftool's name
//	    ▼
//	metadata/xmp        XMP packets: parsing and encoding RDF/XML
//
// metadata/jpegseg, the one JPEG segment walk (SOI to SOS, the scan to
// EOI), imports no captag package; metadata, metadata/sheet, sidecar/embed
// and cmd/captag-bench walk a JPEG with it. metadata/iim, the one parser
// of Photoshop image resources and IIM datasets, imports none either;
// metadata reads them and sidecar/embed rewrites them with it.
//
// Every reader and writer of a dataset or property (this package's IIM
// and XMP stores, sidecar's mapping and merge, sidecar/embed's IIM
// rewrite and reconciliation) and every byte limit and property label of
// check asks metadata/field; none spells a dataset number or a property
// of the table (TestNoCopiesOfTheTable). Store.Text is the one place a
// Store member is a field.
//
// sidecar imports metadata, metadata/caption, metadata/xmp and
// metadata/field, never check
// or desk; check never imports sidecar; sheet imports none of them but
// metadata/jpegseg (its callers fill its model), and only desk and
// cmd/captag import it.
package metadata
