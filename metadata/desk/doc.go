// Package desk is the whole job of a photo desk's caption run behind one
// context-aware API: what cmd/captag runs for match, check and write, and
// what any Go program (an upload service, a DAM's ingest hook) calls to do
// the same without copying it.
//
// Open loads the caption file and lists the folders (hidden files and
// sidecars skipped, subfolders and symbolic links when asked). Then each
// of Match, Check and Write (on one job, in any order) reads the images in a bounded pool of workers
// that hand their results on in path order, under a shared memory budget
// for the metadata being parsed, keeping of each image a small matching
// key and the image itself only while Options.CacheBytes lasts (the others
// are read again when they are compared or merged); pairs the captions
// with the images (check.MatchKeysWith); gives a caption without a year
// its image's (check.InferYear: without it no date is checked or written);
// and then:
//
//   - Match reports the plan (MatchReport);
//   - Check compares each pair (check.Compare) and reports the findings
//     (CheckReport, whose results are built on demand so that a report on
//     a hundred thousand images holds only the findings);
//   - Write merges each caption into the XMP sidecar beside its image and
//     replaces it atomically, never for a caption with an error, a
//     sidecar two different pictures would share, a file a caption names
//     outside the image's folder, or a caption chosen by order among
//     captions that fit alike unless the caption file's direction is
//     given (WriteReport); with WriteOptions.Embed it also writes the
//     caption into each JPEG itself (sidecar/embed: IIM and XMP, the
//     pixels untouched), under the same guards and the copyright rule of
//     EmbedRights.
//
// The report types carry the JSON tags of captag's --format json, whose
// schema README.md calls stable, and write it (CheckReport.WriteJSON,
// MatchReport.WriteJSON, WriteReport.WriteJSON, CheckReport.WriteJUnit);
// fields tagged `json:"-"` give a renderer the whole caption record and
// the pairing. CheckReport.WriteHTML and MatchReport.WriteHTML write the
// contact sheet (package metadata/sheet): the results go out in path
// order while the worker pool reads each image's stores again and makes
// its thumbnail a few cards ahead (CheckReport.Each), under the job's
// memory budget, so the page's memory does not grow with the folder.
// CheckOptions.KeepStores and Thumbs keep those in the report instead,
// for a caller that wants them all at once.
//
// desk sits above metadata/check and beside sidecar, below cmd/captag. It
// never writes to stdout or stderr, reads no environment or clock
// (WriteOptions.Now is given) and sets no process-wide setting of its own
// accord: a caller that owns the process passes TuneMemoryLimit as
// Options.Tune (cmd/captag does), and hears about progress through
// Options.Progress. Text reports go through SafeWriter, so that a value
// from a file cannot drive the terminal they are shown on.
package desk
