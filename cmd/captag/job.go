package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"runtime"
	"strings"

	"github.com/captag/captag/cmd/captag/internal/text"
	"github.com/captag/captag/metadata/check"
	"github.com/captag/captag/metadata/desk"
	"github.com/spf13/pflag"
)

// jobFlags are the flags shared by match, check and write: the caption
// file, how to match, and how to walk the folders.
type jobFlags struct {
	captions     string
	by           string
	captionOrder string // "" detects it
	latest       bool   // desk.Options.Latest
	skipNonImage bool   // desk.Options.SkipNonImages
	caption      captionFlags
	scan         scanFlags
}

func (j *jobFlags) add(fs *pflag.FlagSet) {
	fs.StringVarP(&j.captions, "captions", "c", "", "the caption `FILE` (wire text, CSV, JSON or JSON Lines; \"-\" for standard input); required")
	newEnum(fs, &j.by, "by", "", "auto", []string{"auto", "name", "order"},
		"how captions are matched to images: name (each caption names its file; one from another folder pairs by its base name when that is unique), order (i-th caption, i-th image by capture time), auto (name when every caption names a file, else by content: the caption text an image carries, then date and photographer)")
	addCaptionOrder(fs, &j.captionOrder)
	fs.BoolVar(&j.latest, "latest", false, "when several captions name one image (a caption sent again as a correction), use the last in the caption file and report the others superseded; without it none of them is used, an error")
	fs.BoolVar(&j.skipNonImage, "skip-non-images", false, "skip the files of a folder named like images that are not images (empty, another type, a named pipe) or are of a type captag does not read (CRW, X3F, MRW), listing each on stderr; without it each is an error")
	j.caption.add(fs)
	j.scan.add(fs)
}

// scanFlags are the flags of every command that reads images.
type scanFlags struct {
	recursive  bool
	follow     bool
	jobs       int
	noProgress bool
	quiet      bool
}

func (s *scanFlags) add(fs *pflag.FlagSet) {
	fs.BoolVarP(&s.recursive, "recursive", "r", false, "also read the subfolders of each folder (hidden folders are skipped)")
	fs.BoolVar(&s.follow, "follow", false, "follow symbolic links inside folders (links named on the command line are always followed)")
	fs.IntVarP(&s.jobs, "jobs", "j", 0, "read `N` files at a time (default: the number of CPUs)")
	fs.BoolVar(&s.noProgress, "no-progress", false, "do not show the progress line on a terminal")
	fs.BoolVarP(&s.quiet, "quiet", "q", false, "no progress line and no notes on stderr; errors are still shown")
}

func (s *scanFlags) validate() error {
	if s.jobs < 0 {
		return fmt.Errorf("--jobs %d: expected a positive number of files at a time", s.jobs)
	}
	if s.jobs == 0 {
		s.jobs = runtime.GOMAXPROCS(0)
	}
	return nil
}

// jobRun is one image command's job and its progress line.
type jobRun struct {
	e    *env
	name string
	jf   *jobFlags
	args []string
	job  *desk.Job
	prog *text.Progress
}

// openJob checks the job flags, loads the caption file and lists the
// files under args (desk.Open). A non-zero code means the job cannot go
// on: the error is already on stderr.
func openJob(ctx context.Context, e *env, name string, jf *jobFlags, args []string) (*jobRun, int) {
	if jf.captions == "" {
		e.errorf("%s: expected --captions FILE", name)
		e.hintf("run 'captag %s --captions captions.txt FOLDER'", name)
		return nil, exitCannotRun
	}
	if len(args) == 0 {
		e.errorf("%s: expected at least one folder or image file", name)
		e.hintf("run 'captag %s --captions %s FOLDER'", name, jf.captions)
		return nil, exitCannotRun
	}
	if err := jf.caption.validate(); err != nil {
		e.errorf("%s: %v", name, err)
		return nil, exitCannotRun
	}
	if err := jf.scan.validate(); err != nil {
		e.errorf("%s: %v", name, err)
		return nil, exitCannotRun
	}
	strategy, err := check.ParseStrategy(jf.by)
	if err != nil {
		e.errorf("%s: %v", name, err)
		return nil, exitCannotRun
	}
	tuneGC(e) // the floor, before the caption file is parsed
	recs, err := loadCaptions(ctx, e, jf.captions, &jf.caption)
	if ctx.Err() != nil {
		return nil, exitInterrupted
	}
	if err != nil {
		e.errorf("%v", captionFileError(err))
		return nil, exitCannotRun
	}
	r := &jobRun{e: e, name: name, jf: jf, args: args}
	opts := desk.Options{
		Roots: args, Recursive: jf.scan.recursive, Follow: jf.scan.follow, SkipNonImages: jf.skipNonImage, Workers: jf.scan.jobs,
		Records: recs, Strategy: strategy, CaptionOrder: check.Direction(jf.captionOrder), Latest: jf.latest,
		Hints: reasonHints, Progress: r.progress,
	}
	r.job, err = desk.Open(ctx, opts)
	var walkErrs desk.WalkErrors
	switch {
	case ctx.Err() != nil:
		r.prog.Finish()
		return nil, exitInterrupted
	case errors.As(err, &walkErrs):
		r.prog.Finish()
		for _, we := range walkErrs {
			e.errorf("%v", we)
		}
		return nil, exitCannotRun
	case err != nil:
		r.prog.Finish()
		e.errorf("%s: %v", name, err)
		return nil, exitCannotRun
	}
	return r, exitOK
}

// report renders rep (desk.Report.Render) to rw and puts it in place:
// the text report through the terminal filter, coloured when it goes to a
// terminal. It returns code, or exitInterrupted when the page was cut
// short (-o keeps the old report), exitCannotRun when the report could not
// be written.
func (r *jobRun) report(ctx context.Context, rw *reportWriter, rep desk.Report, o desk.RenderOptions, code int) int {
	err := rep.Render(ctx, reportOut(rw.w, &o, rw.file == nil && r.e.useColour()), o)
	r.prog.Finish() // the page's progress line (desk.PhaseSheet)
	r.prog = nil
	switch {
	case errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded):
		return exitInterrupted
	case err != nil:
		r.e.errorf("%s: writing the report: %v", r.name, err)
		return exitCannotRun
	}
	if err := rw.close(true); err != nil {
		r.e.errorf("%v", err)
		return exitCannotRun
	}
	return code
}

// reportOut is where a report in o's format goes on w: the text report
// through the terminal filter (text.Writer), in colour when colour.
func reportOut(w io.Writer, o *desk.RenderOptions, colour bool) io.Writer {
	if o.Format != desk.FormatText {
		return w
	}
	o.Text.Colour = colour
	return text.Writer(w)
}

// newProgress starts the progress line on stderr, or returns nil when it
// must not be shown: stderr is not a terminal, or --no-progress or --quiet.
func newProgress(e *env, f scanFlags, verb string) *text.Progress {
	if f.noProgress || f.quiet || !e.isTerminal(e.stderr) || e.getenv("TERM") == "dumb" {
		return nil
	}
	return text.NewProgress(e.stderr, verb)
}

// progress follows the job: it draws the progress line and tunes the
// collector as the keys accumulate.
func (r *jobRun) progress(p desk.Progress) {
	if r.e.progressed != nil {
		r.e.progressed(p)
	}
	switch p.Phase {
	case desk.PhaseList:
		if r.prog == nil && p.Total == 0 {
			tuneGC(r.e)
			r.prog = newProgress(r.e, r.jf.scan, "read")
		}
		r.prog.Found(p.Total)
	case desk.PhaseRead:
		r.prog.Set(p.Done, p.Total)
		if p.Done%tuneGCEvery == 0 {
			tuneGC(r.e)
		}
	case desk.PhaseMatch:
		r.prog.Finish()
		r.prog = nil
		if p.Total == 0 && !r.jf.scan.quiet {
			r.e.warnf("%s: found no image files in %s", r.name, strings.Join(r.args, ", "))
			if !r.jf.scan.recursive {
				r.e.hintf("add -r to read the subfolders too")
			}
		}
	case desk.PhaseCheck, desk.PhaseWrite, desk.PhaseSheet:
		if r.prog == nil {
			verb := "checked"
			switch p.Phase {
			case desk.PhaseWrite:
				verb = "done"
			case desk.PhaseSheet:
				verb = "on the page"
			}
			r.prog = newProgress(r.e, r.jf.scan, verb)
			r.prog.Reset(verb, p.Total)
		}
		r.prog.Set(p.Done, p.Total)
	}
}

// started reports how the job's first pass and match went (the error of
// Match, Check or Write): on success the base-name notes, else the error
// on stderr. A non-zero code means the job cannot go on.
func (r *jobRun) started(err error) int {
	r.prog.Finish()
	r.prog = nil
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
		switch check.Strategy(r.jf.by) {
		case check.StrategyName:
			r.e.hintf("every caption must name its file for --by name; try --by auto")
		case check.StrategyOrder:
			r.e.hintf("--by order needs one caption per image; try --by auto")
		}
		return exitCannotRun
	}
	r.notes()
	tuneGC(r.e)
	return exitOK
}

// notes says on stderr what the pairing did that the user should know
// before the report (desk.Job.Notes): the captions that name one image
// (errors, shown with --quiet too), then the skipped files and the
// base-name notes.
func (r *jobRun) notes() {
	n := r.job.Notes(captionName(r.jf.captions))
	for _, m := range n.Errors {
		r.e.errorf("%s", m)
	}
	if r.jf.scan.quiet {
		return
	}
	if len(n.Errors) > 0 {
		r.e.hintf("if the later caption is a correction, --latest uses the last caption that names an image and reports the others superseded")
	}
	for _, m := range n.Warnings {
		r.e.warnf("%s", m)
	}
	for _, m := range n.Hints {
		r.e.hintf("%s", m)
	}
}

// captionName is how messages name the caption file given as path.
func captionName(path string) string {
	if path == "-" {
		return "stdin"
	}
	return path
}
