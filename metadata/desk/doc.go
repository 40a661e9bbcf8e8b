// Package desk is the job of a photo desk's caption run, for cmd/captag and
// any Go program (an upload service, a DAM's ingest hook): Open loads the
// captions (CaptionSource) and lists the folders once; then Match, Check and
// Write, on one Job in any order, read the images in a bounded pool under a
// memory budget, pair them with the captions (giving a caption without a
// year its image's) and return a report: the plan, the findings, the
// sidecars (and with WriteOptions.Embed the JPEGs) written under write's
// guards. Inspect reads files store by store. The reports carry the JSON
// tags of captag's stable --format json; package desk/report renders them.
// desk writes nothing to stdout or stderr and reads no environment or
// clock: WriteOptions.Now, Options.Progress and Options.Tune are given.
package desk
