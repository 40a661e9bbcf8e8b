// Package check gives the verdict on a caption file and a folder of
// images: it matches caption records (metadata/caption) to images
// (metadata) and compares each pair's date, creator and credit, store by
// store, into Findings.
//
// The package is pure. It reads no files (LoadAliases takes an io.Reader
// the caller opened), no environment and no clock, and never uses the host
// time zone: a caption date is a local calendar date at the scene and is
// compared with each store's date as the file states it (its own local
// date when it carries an offset), never with a UTC instant: a picture
// taken at 01:00 +03:00 on December 19 is on December 18 in UTC, yet its
// caption says December 19. A store date without an offset is compared as
// written, and no offset is guessed for it (the XMP specification: without
// a time zone "the application should not assume anything"). The one
// exception is a store stamped in UTC, which is read in the offset another
// store gives for the same moment (see compareDate in date.go).
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
//     one file, leaves the record unmatched with that reason. Records that
//     name one image (a caption sent again as a correction) pair none of
//     them, or the last with MatchOptions.Latest (see SameFile).
//   - order: the i-th record (in caption-file order, by Line, reversed
//     when the file runs newest first) goes with the i-th image sorted by
//     capture time, then path. The counts must agree.
//   - auto: name when every record names a file; otherwise by content.
//
// Content matching runs in steps (content.go, text.go):
//
//  1. Text first: an image whose description (EXIF ImageDescription, IIM
//     Caption-Abstract, XMP dc:description, the sidecar's) is a caption's
//     text goes with that caption ("text"), whatever its date and creator
//     say. Texts compare on their folded words, exactly, as the caption
//     cut at IIM's 2,000 bytes, or by the Jaccard similarity of their word
//     pairs (at least 0.75, ahead of the next caption by 0.05; see
//     text.go). A text that fits several captions alike holds its image
//     out of every later step, unmatched with the reason; so do images
//     that carry a caption's text beyond the copies the file has.
//  2. Records and images whose calendar date and folded creator agree: a
//     group of one caption, or of identical captions (a burst), pairs in
//     capture order ("date+creator"). A group of different captions is an
//     order group: which caption goes with which image is a choice, made
//     by order when the caption file's direction is known (the k-th image
//     in capture time takes the k-th caption read oldest first; "order",
//     with Pair.Group), and left unmatched with the reason when it is not,
//     or when the group has more images than captions.
//     The direction is MatchOptions.CaptionOrder, else it is detected
//     from the records' dates (newest first when every change of day from
//     one dated caption to the next goes back, oldest first when every one
//     goes forward). MatchOptions.SameVerdict (check) pairs an
//     order group of unknown direction in file order when its captions
//     share date, creators and credit, since Compare's verdict does not
//     depend on it.
//  3. What is left is grouped by creator only ("creator"), then by date
//     only ("date"), and a group is paired only when that is clear: one
//     record with one image, or identical captions with no more images
//     than captions. A date group of different captions whose images name
//     no creator is an order group. Leftovers whose creators disagree are
//     never forced together.
//
// The files of one picture (SamePicture: one folder and stem, one capture
// time, as RAW+JPEG or HEIC+MOV) match as one image and each file gets the
// picture's pair. Everything else is unmatched with a reason, never
// guessed. ExplainKeys says, per image, which captions were considered and
// why the chosen one won. The capture time of an image is its date
// (metadata.Image.CaptureDate: the first dated store of EXIF, IPTC and
// XMP; never a sidecar). The plan depends only on
// the records' lines and texts and on the images' paths and metadata, not
// on the order of the input slices.
//
// # Checks
//
// Compare reports, per pair: the record's own problems (field "caption");
// the caption date against each store's date ("date": a store in UTC read
// in the scene's offset, a UTC day that an offset explains, a time within
// Options.DayGrace of midnight and a file picture's date are warnings);
// caption creators against each store's creators after metadata.FoldName and a
// German/Nordic transliteration ("creator"; a name in another script is a
// warning); any agency of the caption's credit chain against IIM/XMP
// Credit and Source (their chains too, and agency codes in Source) and
// any Copyright that names a known agency ("credit", through Aliases and
// the caption package's agency table); stores that disagree with each
// other, when no finding on the caption already says so (warnings);
// values longer than IIM allows (an IIM Caption-Abstract, By-line, City,
// Credit or Source cut at its byte limit, or a caption value a tool would
// cut; warnings); and the image's stale IPTC digest or undeclared IIM
// charset ("file"). A field the caption does not give is a "not checked"
// warning, never skipped silently. All the stores that disagree with the
// caption on a field make one finding (per severity), whose message names
// each property ("EXIF DateTimeOriginal and IIM DateCreated say …") and
// whose Values keep each store's value. A pair made without full
// agreement (By "creator", "date" or "order") shows up through the field
// that disagrees; its messages say how the pair was made, and Readings
// adds what else a disagreement can mean.
package check
