// Package check gives the verdict on a caption file and a folder of
// images: it matches caption records (metadata/caption) to images
// (metadata) and compares each pair's date, creator and credit, store by
// store, into Findings.
//
// The package is pure. It reads no files (LoadAliases takes an io.Reader
// the caller opened), no environment and no clock, and never uses the host
// time zone: a caption date is a local calendar date at the scene and is
// compared with each store's date as the file states it (its own local
// date when it carries an offset), never with a UTC instant
// (domain-notes §2.5, §6.3).
//
// # Matching
//
// Match pairs records with images by one of three strategies:
//
//   - name: each record names its file; stems compare case-insensitively
//     and the extension is optional. A name with a directory part matches
//     only an image whose path ends with that relative path, on whole
//     components; an absolute name or one with ".." matches nothing ("file
//     name leaves the folder"). A name that matches nothing, or more than
//     one file, leaves the record unmatched with that reason.
//   - order: the i-th record (in caption-file order, by Line) goes with
//     the i-th image sorted by capture time, then path. The counts must
//     agree.
//   - auto: name when every record names a file; otherwise by content,
//     never by the folder's name order or the caption file's order.
//
// Content matching runs in steps. First, records and images whose
// calendar date and folded creator agree are paired ("date+creator"):
// inside each group an image whose description (EXIF ImageDescription, IIM
// Caption, dc:description) is the caption's text goes with that caption,
// the rest go record order against capture-time order. Then what is left
// is grouped by creator only ("creator"), then by date only ("date"), and
// a group is paired only when that is clear: a caption with the image that
// carries its text, one record with one image, or identical captions (a
// burst) with no more images than captions. When nothing is clear any
// more, leftovers that share a calendar day are paired record order
// against capture-time order ("order"), and the clear steps run again.
//
// Everything else is unmatched with a reason, never guessed. The capture
// time of an image is its first dated store in the order EXIF, IPTC, XMP,
// sidecar. The plan depends only on the records' lines and texts and on the
// images' paths and metadata, not on the order of the input slices.
//
// # Checks
//
// Compare reports, per pair: the record's own problems (field "caption");
// the caption date against each store's date ("date"); caption creators
// against each store's creators after FoldName ("creator"; a name in
// another script is a warning); the caption agency against IIM/XMP
// Credit and Source and any Copyright that names a known agency
// ("credit", through Aliases); stores that disagree with each other
// (warnings); values longer than IIM allows (an IIM Caption-Abstract,
// By-line, City, Credit or Source cut at its byte limit, or a caption
// value a tool would cut; warnings); and the image's stale IPTC digest or
// undeclared IIM charset ("file"). Messages name the property
// ("IIM Credit", "XMP dc:creator", "EXIF DateTimeOriginal"), since one
// store can give several findings on one field. A pair made without full agreement (By "creator", "date" or
// "order") shows up through the field that disagrees; its messages say how
// the pair was made.
package check
