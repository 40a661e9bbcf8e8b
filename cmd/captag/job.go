package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/captag/captag/metadata/check"
	"github.com/captag/captag/metadata/desk"
	"github.com/captag/captag/metadata/desk/report"
	"github.com/spf13/pflag"
)

// jobFlags are the flags shared by match, check and write: the caption
// file, how to match, and how to walk the folders (into scan.opts).
type jobFlags struct {
	captions     string
	perFolder    string // --captions-per-folder
	shard        string
	by           string
	captionOrder string // "" detects it
	caption      captionFlags
	scan         scanFlags
	aliases      string         // the --aliases file of match, check and write
	template     string         // write's --template file: an input, as the aliases
	al           *check.Aliases // read from it (loadAliases), nil without
}

func (j *jobFlags) add(fs *pflag.FlagSet) {
	fs.StringVarP(&j.captions, "captions", "c", "", "the caption `FILE` (wire text, CSV, JSON or JSON Lines; \"-\" for standard input); required")
	fs.StringVar(&j.perFolder, "captions-per-folder", "", "(check only; instead of --captions) check each folder against its own caption file `NAME` (captions.txt) found in it, never another folder's; with -r every subfolder too; one report")
	fs.StringVar(&j.shard, "shard", "", "with --captions-per-folder, check only the folders of shard `K/N` (1 ≤ K ≤ N; stable by folder: the FNV-1a hash of its path under the folder given); merge the reports with captag merge")
	newEnum(fs, &j.by, "by", "", "auto", []string{"auto", "name", "order"},
		"how captions are matched to images: name (each caption names its file; one from another folder pairs by its base name when that is unique), order (i-th caption, i-th image by capture time), auto (name when every caption names a file, else by content: the caption text an image carries, then date and photographer)")
	newEnum(fs, &j.captionOrder, "caption-order", "", "", []string{string(check.DirNewestFirst), string(check.DirOldestFirst), string(check.DirUnknown)},
		"which way the caption file runs (default: detected from the captions' dates). Captions that fit the same images alike (one photographer, one day, different texts) go to them in capture order read this way; with unknown they are left unmatched. write writes such captions only when this is given")
	fs.BoolVar(&j.scan.opts.Latest, "latest", false, "when several captions name one image (a caption sent again as a correction), use the last in the caption file and report the others superseded; without it none of them is used, an error")
	fs.BoolVar(&j.scan.opts.SkipNonImages, "skip-non-images", false, "skip the files of a folder named like images that are not images (empty, another type, a named pipe) or are of a type captag does not read (CRW, X3F, MRW), listing each on stderr; without it each is an error")
	j.caption.add(fs)
	j.scan.add(fs)
}

// source is the caption file as the flags say to read it.
// The aliases read from --aliases go to the caption parser too, so that
// parsing, comparing and embedding know the same agencies.
func (j *jobFlags) source(e *env) desk.CaptionSource {
	src := j.caption.source(e, j.captions)
	src.Aliases = j.al
	return src
}

// scanFlags are the flags of every command that reads images: how to walk
// the folders, straight into opts, and what to show on stderr.
type scanFlags struct {
	opts       desk.Options // Recursive, Follow, Workers; Latest and SkipNonImages (jobFlags)
	noProgress bool
	quiet      bool
}

func (s *scanFlags) add(fs *pflag.FlagSet) {
	fs.BoolVarP(&s.opts.Recursive, "recursive", "r", false, "also read the subfolders of each folder (hidden folders are skipped)")
	fs.BoolVar(&s.opts.Follow, "follow", false, "follow symbolic links inside folders (links named on the command line are always followed)")
	fs.IntVarP(&s.opts.Workers, "jobs", "j", 0, "read `N` files at a time (default: the number of CPUs)")
	fs.BoolVar(&s.noProgress, "no-progress", false, "do not show the progress line on a terminal")
	fs.BoolVarP(&s.quiet, "quiet", "q", false, "no progress line and no notes on stderr; errors are still shown")
}

func (s *scanFlags) validate() error {
	if s.opts.Workers < 0 {
		return fmt.Errorf("--jobs %d: expected a positive number of files at a time", s.opts.Workers)
	}
	return nil
}

// jobRun is one image command's job, its progress line and where its
// report goes.
type jobRun struct {
	follower
	jf  *jobFlags
	job *desk.Job
	rf  *report.Output
	out io.Writer // rf's (Start)
}

// openJob says where the report goes (openReport: output, never the
// caption file or the aliases file), checks the job flags, loads the
// aliases file and the caption file, lists the files under args (desk.Open) and starts the report. A
// non-zero code means the job cannot go on: the error is already on
// stderr. Else the caller closes r.rf.
func openJob(ctx context.Context, e *env, name string, jf *jobFlags, args []string, output string) (*jobRun, int) {
	inputs := report.CaptionInputs(jf.source(e))
	if jf.aliases != "" {
		inputs = append(inputs, report.Input{What: "the aliases file " + jf.aliases, Path: jf.aliases})
	}
	if jf.template != "" {
		inputs = append(inputs, report.Input{What: "the template " + jf.template, Path: jf.template})
	}
	rf, err := openReport(e, name, output, inputs...)
	if err != nil {
		e.errorf("%v", err)
		return nil, exitCannotRun
	}
	if jf.captions != "" && jf.perFolder != "" {
		e.errorf("%s: expected --captions FILE or --captions-per-folder NAME, found both", name)
		return nil, exitCannotRun
	}
	if jf.captions == "" && jf.perFolder == "" {
		e.errorf("%s: expected --captions FILE", name)
		e.hintf("run 'captag %s --captions captions.txt FOLDER'", name)
		return nil, exitCannotRun
	}
	if len(args) == 0 {
		e.errorf("%s: expected at least one folder or image file", name)
		e.hintf("run 'captag %s --captions %s FOLDER'", name, jf.captions)
		return nil, exitCannotRun
	}
	strategy, err := check.ParseStrategy(jf.by)
	shard, serr := desk.ParseShard(jf.shard)
	for _, err := range []error{jf.caption.validate(), jf.scan.validate(), err, serr} {
		if err != nil {
			e.errorf("%s: %v", name, err)
			return nil, exitCannotRun
		}
	}
	if !jf.loadAliases(e, name) {
		return nil, exitCannotRun
	}
	tune := e.tuner()
	if tune != nil {
		tune() // the floor, before the caption file is parsed
	}
	recs, err := loadCaptions(ctx, e, jf.source(e)) // none with --captions-per-folder
	if ctx.Err() != nil {
		return nil, exitInterrupted
	}
	if err != nil {
		e.errorf("%v", err)
		return nil, exitCannotRun
	}
	r := &jobRun{follower: follower{e: e, name: name, args: args, scan: &jf.scan}, jf: jf, rf: rf}
	opts := jf.scan.opts
	opts.Roots, opts.Store, opts.Strategy, opts.CaptionOrder = args, recs, strategy, check.Direction(jf.captionOrder)
	opts.Hints, opts.Progress, opts.Tune = reasonHints, r.progress, tune
	opts.CaptionsPerFolder, opts.Shard, opts.Captions = jf.perFolder, shard, jf.source(e)
	opts.Loaded = report.LoadedNotes(func(n []report.Note) { e.notes("", n, false) })
	r.job, err = desk.Open(ctx, opts)
	if err != nil || ctx.Err() != nil {
		r.finish()
	}
	var walkErrs desk.WalkErrors
	switch {
	case ctx.Err() != nil:
		return nil, exitInterrupted
	case errors.As(err, &walkErrs):
		for _, we := range walkErrs {
			e.errorf("%v", we)
		}
		return nil, exitCannotRun
	case err != nil:
		e.errorf("%s: %v", name, err)
		return nil, exitCannotRun
	}
	if r.out, err = rf.Start(r.job); err != nil {
		e.errorf("%v", reportErr(name, err))
		return nil, exitCannotRun
	}
	return r, exitOK
}

// report renders rep (desk.Report.Render) and puts it in place,
// the text coloured when it goes to a terminal. It returns code, or
// exitInterrupted when the page was cut short (-o keeps the old report),
// exitCannotRun when the report could not be written.
func (r *jobRun) report(ctx context.Context, rep any, o report.Options, code int) int {
	o.Text.Colour = r.rf.Path == "" && r.e.useColour()
	err := report.Render(ctx, r.out, rep, o)
	r.finish() // the page's progress line (desk.PhaseSheet)
	switch {
	case errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded):
		return exitInterrupted
	case err != nil:
		r.e.errorf("%s: writing the report: %v", r.name, err)
		return exitCannotRun
	}
	if err := r.rf.Close(true); err != nil {
		r.e.errorf("%v", reportErr(r.name, err))
		return exitCannotRun
	}
	return code
}

// follower hears a run's progress (desk.Options.Progress) and draws it
// on stderr (report.Progress) when stderr is a terminal and the flags
// allow; it says when no image was found.
type follower struct {
	e       *env
	name    string   // the command
	args    []string // its folders and files
	scan    *scanFlags
	line    *report.Progress // nil when not shown
	started bool
}

func (f *follower) progress(p desk.Progress) {
	if f.e.progressed != nil {
		f.e.progressed(p)
	}
	if !f.started {
		f.started = true
		if !f.scan.noProgress && !f.scan.quiet && f.e.isTerminal(f.e.stderr) && f.e.getenv("TERM") != "dumb" {
			f.line = report.NewProgress(f.e.stderr, time.Now)
		}
	}
	f.line.Event(p)
	if p.Phase == desk.PhaseMatch && p.Total == 0 && !f.scan.quiet {
		f.e.warnf("%s: found no image files in %s", f.name, strings.Join(f.args, ", "))
		if !f.scan.opts.Recursive {
			f.e.hintf("add -r to read the subfolders too")
		}
	}
}

// finish clears the progress line, if any.
func (f *follower) finish() { f.line.Finish() }

// started reports how the job's first pass and match went (the error of
// Match, Check or Write): on success the base-name notes, else the error
// on stderr. A non-zero code means the job cannot go on.
func (r *jobRun) started(err error) int {
	r.finish()
	var stopped *desk.StoppedError
	switch {
	case errors.As(err, &stopped):
		// Say how far it got: nothing is reported or written after an
		// interrupt in this first pass.
		r.e.errorf("%s: stopped after reading %d of %d files; nothing was reported or written", r.name, stopped.Done, stopped.Total)
		return exitInterrupted
	case errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded):
		return exitInterrupted
	case err != nil:
		var me *check.MatchError
		if errors.As(err, &me) {
			r.e.errorf("%s: check: --by %s expected %s, found %s", r.name, me.Strategy, me.Expected, me.Found)
		} else {
			r.e.errorf("%s: %v", r.name, err)
		}
		if h := strategyHints[check.Strategy(r.jf.by)]; h != "" {
			r.e.hintf("%s", h)
		}
		return exitCannotRun
	}
	r.notes()
	return exitOK
}

// notes says on stderr what the pairing did that the user should know
// before the report (report.JobNotes): the captions that name one image
// (errors, shown with --quiet too), then the skipped files and the
// base-name notes.
func (r *jobRun) notes() {
	r.e.notes("", report.JobNotes(r.job, captionName(r.jf.captions)), r.jf.scan.quiet)
}

// captionName is how messages name the caption file given as path.
func captionName(path string) string {
	if path == "-" {
		return "stdin"
	}
	return path
}
