package main

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/captag/captag/cmd/captag/internal/text"
	"github.com/captag/captag/metadata"
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
}

func writeCommand() *command {
	var wf writeFlags
	sidecarLimit := fmt.Sprintf("%d MiB", metadata.MaxSidecarSize>>20) // the largest sidecar captag reads
	return &command{
		name:    "write",
		summary: "write each caption into an XMP sidecar beside its image",
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
is left alone and reported. Image files are never opened for writing.
Running write twice changes nothing the second time.

Sidecars are named IMG_1.xmp (--sidecar-name base, the default, Adobe's
convention) or IMG_1.jpg.xmp (--sidecar-name ext, darktable's and digiKam's).
The files of one picture (IMG_1.CR2 and IMG_1.JPG with one capture time, a
RAW+JPEG pair) take one caption and share IMG_1.xmp, written once, as
Lightroom and Photo Mechanic do. Two different pictures with one stem (other
capture times) would share IMG_1.xmp: they are reported and left alone; use
--sidecar-name ext for them.

Captions and images left unmatched are reported and get nothing: captag
never guesses. A caption chosen by order among different captions that fit
the same images alike (one photographer, one day: see captag match) is not
certain: it is reported and left alone, and write exits 1, unless
--caption-order says which way the caption file runs; then it is written and
the report says "by order".`,
		example: `  # what would change? (writes nothing)
  captag write --captions captions.txt --dry-run photos/

  # write the sidecars
  captag write --captions captions.txt photos/

  # darktable / digiKam naming, and do not overwrite what is already filled in
  captag write -c captions.csv --sidecar-name ext --keep-existing photos/`,
		exits: `  0    every matched image has its sidecar (created, updated or unchanged)
  1    something was left undone and the report says what: unmatched
       captions or images, images that would share a sidecar, existing
       sidecars that cannot be parsed, sidecars another program kept
       changing meanwhile, read-only or other users' sidecars, sidecars
       that are links or would outgrow ` + sidecarLimit + `, images that could not be
       read, caption records with an error or U+FFFD (never written)
  2    could not run: usage error, unreadable caption file or folder, the
       --by strategy cannot work on these inputs, or a sidecar could not be
       written (disk full, no permission)
  130  interrupted: the sidecars written so far are listed; none is torn`,
		setup: func(fs *pflag.FlagSet) func(context.Context, *env, []string) int {
			wf.job.add(fs)
			newEnum(fs, &wf.naming, "sidecar-name", "", "base", []string{"base", "ext"},
				"sidecar names: base (IMG_1.xmp) or ext (IMG_1.jpg.xmp)")
			fs.BoolVarP(&wf.dryRun, "dry-run", "n", false, "report what would be created or updated, and write nothing")
			fs.BoolVar(&wf.keepExisting, "keep-existing", false, "leave a property that already has a value in the sidecar")
			fs.StringVar(&wf.captionWriter, "caption-writer", "", "put `NAME` in photoshop:CaptionWriter (who wrote the caption)")
			return func(ctx context.Context, e *env, args []string) int {
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
	r, code := openJob(ctx, e, "write", &wf.job, args)
	if code != exitOK {
		return code
	}
	opts := desk.WriteOptions{
		Naming: naming, DryRun: wf.dryRun, Now: time.Now(),
		Sidecar:       sidecar.Options{KeepExisting: wf.keepExisting, CaptionWriter: wf.captionWriter, Toolkit: "captag"},
		AfterTask:     e.afterWrite,
		BeforeReplace: e.beforeReplace,
	}
	rep, err := r.job.Write(ctx, opts)
	if rep == nil {
		return r.started(err)
	}
	r.prog.Finish()
	r.prog = nil
	if !wf.job.scan.quiet {
		baseNameNotes(e, r.job)
	}
	for _, t := range rep.RemovedTemps {
		e.warnf("removed %s, a temporary file left by a captag write that was killed (last written %s)", t.Path, t.ModTime.UTC().Format(time.RFC3339))
	}
	for _, err := range rep.TempErrors {
		e.warnf("%v", err)
	}

	text.Write(text.Writer(e.stdout), text.Palette{On: e.useColour()}, r.job, rep.Results, wf.dryRun, ctx.Err() != nil)
	if ctx.Err() != nil {
		return exitInterrupted
	}
	plan := r.job.Plan()
	code = exitOK
	if len(plan.UnmatchedRecords)+len(plan.UnmatchedImages)+len(r.job.Unreadable()) > 0 {
		code = exitProblems
	}
	for _, t := range rep.Results {
		switch t.Status {
		case desk.Skipped:
			code = max(code, exitProblems)
		case desk.Failed:
			code = exitCannotRun
		}
	}
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
		if strings.HasSuffix(u.Reason, "say --caption-order") && !held[u.Reason] {
			held[u.Reason] = true
			e.errorf("write: not written: %s", u.Reason)
		}
	}
	for _, g := range rep.Guessed {
		e.errorf("write: not written: %d captions (%d different texts) fit %s alike (%s) and were matched by order; say --caption-order newest-first or oldest-first if the caption file runs that way", g.Captions, g.Texts, text.Plural(g.Images, "image"), g.Label())
	}
	return code
}
