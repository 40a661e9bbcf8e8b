package main

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/captag/captag/cmd/captag/internal/text"
	"github.com/captag/captag/metadata"
	"github.com/captag/captag/metadata/check"
	"github.com/captag/captag/metadata/desk"
	"github.com/captag/captag/sidecar"
	"github.com/spf13/pflag"
)

// writeFlags are the options of captag write.
type writeFlags struct {
	job           jobFlags
	naming        string
	dryRun        bool
	keepExisting  bool
	captionWriter string
	embed         bool
	noSidecar     bool
	embedEXIF     bool
	keepMtime     bool
	format        string
	writers       int // desk.WriteOptions.Writers
	aliases       string
	accept        []string
}

func writeCommand() *command {
	var wf writeFlags
	sidecarLimit := fmt.Sprintf("%d MiB", metadata.MaxSidecarSize>>20) // the largest sidecar captag reads
	return &command{
		name:    "write",
		summary: "write each caption into an XMP sidecar beside its image (and with --embed into the JPEG)",
		usage:   "captag write --captions FILE [options] FOLDER|FILE...",
		about: `Matches each caption to its image (as captag match does) and writes the caption
into an XMP sidecar beside the image, in the IPTC Core properties that
Lightroom, Bridge, Photo Mechanic, darktable, digiKam, exiftool and exiv2
read: description, creator, credit and source, date created, city, state,
country, country code and location; from CSV or JSON captions also headline,
title, keywords, copyright, instructions and job id.

An existing sidecar is merged, never clobbered: only these properties are
replaced, everything else in it (ratings, keywords, develop settings, other
namespaces) is kept. A sidecar that cannot be parsed is left alone and
reported. Each sidecar is replaced atomically (a temporary file in the same
folder, then a rename), so an interrupt leaves the old or the new one. A
sidecar another program (an editor, exiftool, a second captag write) changes
while captag writes it is merged again with that change, never overwritten
unseen; one that keeps changing is left alone and reported. A read-only
sidecar, another user's, or one that would grow past the ` + sidecarLimit + ` captag reads
is left alone and reported. Without --embed image files are never opened
for writing.
Running write twice changes nothing the second time.

Sidecars are named IMG_1.xmp (--sidecar-name base, the default, Adobe's
convention) or IMG_1.jpg.xmp (--sidecar-name ext, darktable's and digiKam's).
The files of one picture (IMG_1.CR2 and IMG_1.JPG with one capture time, a
RAW+JPEG pair) take one caption and share IMG_1.xmp, written once, as
Lightroom and Photo Mechanic do. Two different pictures with one stem (other
capture times) would share IMG_1.xmp: they are reported and left alone; use
--sidecar-name ext for them.

Captions and images left unmatched are reported and get nothing: captag
never guesses. A caption is written only where its pair is known: by the
file name the caption gives, by the caption text the image already carries,
or by date and photographer together. A pair by photographer alone (the
image or the caption has no date) or by date alone (one of them names no
photographer) is partial: it is left alone, named on stderr with what was
missing, and write exits 1, unless --accept creator, --accept date (or
both: --accept creator,date) says to write such pairs; the report then
marks each "accepted". Each sidecar records how its pair was made
(captag:PairedBy) and a digest of the caption written (captag:Caption), so
that captag check never takes captag's own caption as evidence. A caption chosen by order among different captions that fit
the same images alike (one photographer, one day: see captag match) is not
certain: it is reported and left alone, and write exits 1, unless
--caption-order says which way the caption file runs; then it is written and
the report says "by order".

--embed also writes the caption into each JPEG itself, where agency ingest,
wire FTP and most DAMs read it: IPTC-IIM in the Photoshop APP13 segment
(UTF-8, the IPTC digest updated) and XMP in APP1, merged as the sidecar is
(other properties kept) and padded for a later edit in place. Nothing else
in the file moves: every other segment (EXIF, ICC, MPF and its trailing
images, maker segments, comments) is copied byte for byte, and the scan
(the pixels) is copied and checked by hash in the written file before it
replaces the image (the same atomic, conditional replace as a sidecar; the
file's mode kept, its modification time with --keep-mtime). EXIF
ImageDescription, Artist and Copyright are written only with --embed-exif
(EXIF is the camera's). An IIM value longer than its field allows (By-line
32 bytes, Caption 2,000, ...) is cut and reported as a warning naming the
field; the full text is in the XMP. A JPEG captag does not fully
understand (data after EOI, segments in an unknown order, ExtendedXMP that
does not add up, a segment that would outgrow 64 KiB) is refused: left byte
for byte as it was, and reported. Other formats (raw files, TIFF, HEIC)
are "not embedded" and keep their sidecar. --no-sidecar writes no sidecar
for the JPEGs the caption goes into. The capture time in EXIF
(DateTimeOriginal) is the camera's and is never rewritten, so check keeps
reporting a wrong one; IIM and XMP take the caption's date as the sidecar
does.

Copyright: when an image's copyright (EXIF Copyright, IIM CopyrightNotice,
XMP dc:rights) names an agency the caption's credit does not (captag check
would flag it: an AFP copyright on an Anadolu Agency picture), --embed
replaces it with "© YEAR AGENCY", the caption's year and agency as the
caption spells it ("© 2016 Anadolu Agency"; no year when the caption has
none); --aliases adds agency names as for captag check. A copyright that
agrees with the credit or names a person is kept, and a copyright column in
CSV/JSON captions is written as given. Sidecars are not changed by this
rule.`,
		example: `  # what would change? (writes nothing)
  captag write --captions captions.txt --dry-run photos/

  # write the sidecars
  captag write --captions captions.txt photos/

  # darktable / digiKam naming, and do not overwrite what is already filled in
  captag write -c captions.csv --sidecar-name ext --keep-existing photos/

  # the report as JSON (schema: README.md)
  captag write -c captions.txt --format json photos/ > written.json

  # into the JPEGs too, EXIF included; first see what would change
  captag write -c captions.txt --embed --embed-exif --dry-run photos/
  captag write -c captions.txt --embed --embed-exif photos/`,
		exits: `  0    every matched image has its sidecar (created, updated or unchanged)
  1    something was left undone and the report says what: unmatched
       captions or images, images that would share a sidecar, existing
       sidecars that cannot be parsed, sidecars another program kept
       changing meanwhile, read-only or other users' sidecars, sidecars
       that are links or would outgrow ` + sidecarLimit + `, images that could not be
       read, caption records with an error or U+FFFD (never written);
       with --embed also JPEGs refused (left as they were) or another
       program kept changing. A format not embedded (raw, TIFF: the
       sidecar has the caption) and IIM cut warnings do not count.
  2    could not run: usage error (--no-sidecar, --embed-exif,
       --keep-mtime or --aliases without --embed), unreadable caption
       file, aliases file or folder, the --by strategy cannot work on
       these inputs, or a sidecar or an image could not be written (disk
       full, no permission)
  130  interrupted: the sidecars written so far are listed; none is torn`,
		setup: func(fs *pflag.FlagSet) func(context.Context, *env, []string) int {
			wf.job.add(fs)
			newEnum(fs, &wf.naming, "sidecar-name", "", "base", []string{"base", "ext"},
				"sidecar names: base (IMG_1.xmp) or ext (IMG_1.jpg.xmp)")
			fs.BoolVarP(&wf.dryRun, "dry-run", "n", false, "report what would be created or updated, and write nothing")
			fs.BoolVar(&wf.keepExisting, "keep-existing", false, "leave a property that already has a value in the sidecar")
			fs.StringVar(&wf.captionWriter, "caption-writer", "", "put `NAME` in photoshop:CaptionWriter (who wrote the caption)")
			newEnum(fs, &wf.format, "format", "", "text", desk.FormatNames((*desk.WriteReport)(nil).Formats()), "report format")
			fs.BoolVar(&wf.embed, "embed", false, "also write the caption into each JPEG (IIM and XMP; the pixels never change)")
			fs.BoolVar(&wf.noSidecar, "no-sidecar", false, "with --embed: no sidecar for the JPEGs the caption goes into")
			fs.BoolVar(&wf.embedEXIF, "embed-exif", false, "with --embed: also EXIF ImageDescription, Artist and Copyright")
			fs.BoolVar(&wf.keepMtime, "keep-mtime", false, "with --embed: keep each JPEG's modification time")
			fs.StringVar(&wf.aliases, "aliases", "", "with --embed: extra agency names from `FILE` for the copyright rule, as captag check --aliases")
			fs.StringSliceVar(&wf.accept, "accept", nil, "also write partial pairs by `creator,date` alone (marked in the report); without it they are left alone")
			return func(ctx context.Context, e *env, args []string) int {
				// -j N given: N images written at a time too; otherwise
				// desk writes more than it reads (fsyncs overlap).
				wf.writers = 0
				if fs.Changed("jobs") && wf.job.scan.jobs > 0 {
					wf.writers = wf.job.scan.jobs
				}
				return runWrite(ctx, e, args, &wf)
			}
		},
	}
}

func runWrite(ctx context.Context, e *env, args []string, wf *writeFlags) int {
	naming, err := sidecar.ParseNaming(wf.naming)
	if err != nil {
		e.errorf("write: %v", err)
		return exitCannotRun
	}
	if !wf.embed {
		for _, f := range []struct {
			set  bool
			name string
		}{{wf.noSidecar, "--no-sidecar"}, {wf.embedEXIF, "--embed-exif"}, {wf.keepMtime, "--keep-mtime"}, {wf.aliases != "", "--aliases"}} {
			if f.set {
				e.errorf("write: %s works only with --embed", f.name)
				e.hintf("'captag write --help' shows the options")
				return exitCannotRun
			}
		}
	}
	var accept []check.Method
	for _, a := range wf.accept {
		switch strings.ToLower(strings.TrimSpace(a)) {
		case "creator":
			accept = append(accept, check.ByCreator)
		case "date":
			accept = append(accept, check.ByDate)
		default:
			e.errorf("write: --accept expected creator or date (or both: creator,date), found %q", a)
			return exitCannotRun
		}
	}
	var aliases *check.Aliases
	if wf.aliases != "" {
		var code int
		if aliases, code = loadAliases(e, "write", wf.aliases); code != exitOK {
			return code
		}
	}
	r, code := openJob(ctx, e, "write", &wf.job, args)
	if code != exitOK {
		return code
	}
	opts := desk.WriteOptions{
		Naming: naming, DryRun: wf.dryRun, Now: time.Now(),
		Sidecar: sidecar.Options{KeepExisting: wf.keepExisting, CaptionWriter: wf.captionWriter, Toolkit: "captag"},
		Writers: wf.writers, Aliases: aliases, Accept: accept,
		Embed: wf.embed, NoSidecar: wf.noSidecar, EmbedEXIF: wf.embedEXIF, KeepModTime: wf.keepMtime,
	}
	rep, err := r.job.Write(ctx, opts)
	if rep == nil {
		return r.started(err)
	}
	r.prog.Finish()
	r.prog = nil
	r.notes()
	for _, t := range rep.RemovedTemps {
		e.warnf("%s", desk.RemovedTempNote(t))
	}
	for _, err := range rep.TempErrors {
		e.warnf("%v", err)
	}

	o := desk.RenderOptions{Format: desk.Format(wf.format)}
	if err := rep.Render(ctx, reportOut(e.stdout, &o, e.useColour()), o); err != nil {
		e.errorf("write: writing the report: %v", err)
		return exitCannotRun
	}
	if ctx.Err() != nil {
		return exitInterrupted
	}
	plan := r.job.Plan()
	code = writeExit(r.job, rep)
	for _, t := range rep.Results {
		if t.Status == desk.Skipped && t.Collision && naming == sidecar.NameBase && !wf.job.scan.quiet {
			e.hintf("different pictures with one name need --sidecar-name ext (IMG_1.CR2.xmp, IMG_1.JPG.xmp)")
			break
		}
	}
	// Groups left unmatched because the caption file's direction is
	// unknown: their reason names them; say it once each on stderr too.
	held := map[string]bool{}
	for _, u := range plan.UnmatchedRecords {
		if u.Code == check.ReasonOrderUnknown && !held[u.Reason] {
			held[u.Reason] = true
			e.errorf("write: not written: %s", u.Reason)
		}
	}
	partial := 0
	for _, t := range rep.Results {
		var pe *desk.PartialPairError
		if t.Status == desk.Skipped && errors.As(t.Err, &pe) {
			partial++
			e.errorf("write: not written: %s: %v", text.Safe(t.Image), t.Err)
		}
	}
	if partial > 0 && !wf.job.scan.quiet {
		e.hintf("--accept creator,date writes pairs by photographer or date alone too, marked \"accepted\" in the report; check them first with captag match --explain")
	}
	for _, g := range rep.Guessed {
		e.errorf("write: not written: %d captions (%d different texts) fit %s alike (%s) and were matched by order; say --caption-order newest-first or oldest-first if the caption file runs that way", g.Captions, g.Texts, desk.Plural(g.Images, "image"), g.Label())
	}
	return code
}
