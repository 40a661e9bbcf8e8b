package main

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"strings"

	"github.com/captag/captag/metadata"
	"github.com/captag/captag/metadata/caption"
	"github.com/captag/captag/metadata/check"
	"github.com/spf13/pflag"
)

// jobFlags are the flags shared by match, check and write: the caption
// file, how to match, and how to walk the folders.
type jobFlags struct {
	captions string
	by       string
	caption  captionFlags
	scan     scanFlags
}

func (j *jobFlags) add(fs *pflag.FlagSet) {
	fs.StringVarP(&j.captions, "captions", "c", "", "the caption `FILE` (wire text, CSV, JSON or JSON Lines; \"-\" for standard input); required")
	newEnum(fs, &j.by, "by", "", "auto", []string{"auto", "name", "order"},
		"how captions are matched to images: name (each caption names its file), order (i-th caption, i-th image by capture time), auto (name when every caption names a file, else by date and photographer)")
	j.caption.add(fs)
	j.scan.add(fs)
}

// job is the common start of match, check and write: the captions, the
// images, and the plan that pairs them.
type job struct {
	recs []caption.Record
	// imgs are the images that were read, in path order; the plan's image
	// indexes point into it.
	imgs []*metadata.Image
	// dirs[i] indexes the sidecars in the folder of imgs[i].
	dirs []*folderSidecars
	// bad are files that could not be read: malformed or unreadable files,
	// and files named on the command line whose type captag does not read.
	// Files of other types found in folders are skipped silently.
	bad  []scanned
	plan check.Plan
}

// prepare loads the caption file, reads the images under args and
// matches them. With sidecars, the sidecar beside each image is read as
// one more store (match, check); write leaves it out, since the sidecar
// is its output: matching on it would make a second run pair differently.
// A non-zero code means the job cannot go on: the error is already on
// stderr.
func prepare(ctx context.Context, e *env, name string, jf *jobFlags, args []string, sidecars bool) (*job, int) {
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
	recs, err := loadCaptions(e, jf.captions, &jf.caption)
	if err != nil {
		e.errorf("%v", captionFileError(err))
		return nil, exitCannotRun
	}

	prog := newProgress(e, jf.scan, "read")
	sc := &scanner{flags: jf.scan, sidecars: sidecars, prog: prog}
	files, walkErrs := sc.scan(ctx, args)
	prog.finish()
	if ctx.Err() != nil {
		return nil, exitInterrupted
	}
	if len(walkErrs) > 0 {
		for _, we := range walkErrs {
			e.errorf("cannot read %s: %v", we.path, unwrapPathError(we.err))
		}
		return nil, exitCannotRun
	}
	j := &job{recs: recs}
	for _, f := range files {
		switch {
		case f.err == nil:
			j.imgs = append(j.imgs, f.img)
			j.dirs = append(j.dirs, f.dir)
		case f.explicit || !f.unsupported():
			j.bad = append(j.bad, f)
		}
	}
	if len(j.imgs)+len(j.bad) == 0 && !jf.scan.quiet {
		e.warnf("%s: found no image files in %s", name, strings.Join(args, ", "))
		if !jf.scan.recursive {
			e.hintf("add -r to read the subfolders too")
		}
	}
	plan, err := check.Match(recs, j.imgs, strategy)
	if err != nil {
		e.errorf("%s: %v", name, err)
		switch strategy {
		case check.StrategyName:
			e.hintf("every caption must name its file for --by name; try --by auto")
		case check.StrategyOrder:
			e.hintf("--by order needs one caption per image; try --by auto")
		}
		return nil, exitCannotRun
	}
	for _, p := range plan.Pairs {
		j.recs[p.Record] = check.InferYear(j.recs[p.Record], j.imgs[p.Image])
	}
	j.plan = plan
	return j, exitOK
}

// unwrapPathError drops the "stat PATH: " that package os adds, since the
// message already names the path.
func unwrapPathError(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// recordRef is how reports point at a caption record.
type recordRef struct {
	Line int    `json:"line"`
	Text string `json:"text"`
}

func refOf(r caption.Record) recordRef { return recordRef{Line: r.Line, Text: r.Text} }

// describeRecord is a short reference to a record for text reports:
// "line 9 (Aref Watad, 2016-12-19)".
func describeRecord(r caption.Record) string {
	var parts []string
	if len(r.Creators) > 0 {
		parts = append(parts, joinNonEmpty(", ", r.Creators...))
	}
	if d := r.Date(); d != "" {
		if r.DateInferred {
			d += ", year from the image"
		}
		parts = append(parts, d)
	}
	if r.File != "" {
		parts = append(parts, r.File)
	}
	if len(parts) == 0 {
		return fmt.Sprintf("line %d", r.Line)
	}
	return fmt.Sprintf("line %d (%s)", r.Line, joinNonEmpty("; ", parts...))
}
