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
	captions     string
	by           string
	captionOrder string // "" detects it
	caption      captionFlags
	scan         scanFlags
}

func (j *jobFlags) add(fs *pflag.FlagSet) {
	fs.StringVarP(&j.captions, "captions", "c", "", "the caption `FILE` (wire text, CSV, JSON or JSON Lines; \"-\" for standard input); required")
	newEnum(fs, &j.by, "by", "", "auto", []string{"auto", "name", "order"},
		"how captions are matched to images: name (each caption names its file; one from another folder pairs by its base name when that is unique), order (i-th caption, i-th image by capture time), auto (name when every caption names a file, else by content: the caption text an image carries, then date and photographer)")
	addCaptionOrder(fs, &j.captionOrder)
	j.caption.add(fs)
	j.scan.add(fs)
}

// job is the common start of match, check and write: the captions, the
// images, and the plan that pairs them.
//
// A job keeps of each image its matching key (check.Key: the path, the
// dates, the folded creators and a fingerprint of each description), and
// the image itself only while the cache budget lasts (imageCacheEnvelope):
// check and write read the other images again (reread) when they compare
// or merge them, so that the memory held per image stays at a couple of
// hundred bytes on folders of a hundred thousand images.
type job struct {
	recs []caption.Record
	// keys are the images that were read, in path order; the plan's image
	// indexes point into it.
	keys []check.Key
	// dirs[i] indexes the sidecars in the folder of keys[i].
	dirs []*folderSidecars
	// bad are files that could not be read: malformed or unreadable files,
	// and files named on the command line whose type captag does not read.
	// Files of other types found in folders are skipped silently.
	bad  []scanned
	plan check.Plan

	sc *scanner // how the images were read, to read them again
	// kept[i] is image i as the first pass read it, for the images that
	// fit in the cache budget (see imageCacheEnvelope); nil for the others.
	// Empty for match, which never needs the images again.
	kept []*metadata.Image
}

// reread reads image i again, as the first pass read it (with its sidecar
// as a store when the job reads sidecars). The page cache still holds the
// file's header, so this costs an open and one small read.
func (j *job) reread(rd *metadata.Reader, i int) (*metadata.Image, error) {
	s := j.sc.read(rd, fileJob{path: j.keys[i].Path, dir: j.dirs[i]})
	return s.img, s.err
}

// keyResult is what the first pass gives of one file.
type keyResult struct {
	key check.Key
	img *metadata.Image // kept when it fits the budget, else dropped
	err error           // the file could not be read
}

// prepare loads the caption file, reads the images under args and
// matches them. With sidecars, the sidecar beside each image is read as
// one more store (match, check); write leaves it out, since the sidecar
// is its output: matching on it would make a second run pair differently.
// keep says that the images will be needed again (check, write): those
// that fit the cache budget are kept, the others read again.
// A non-zero code means the job cannot go on: the error is already on
// stderr.
func prepare(ctx context.Context, e *env, name string, jf *jobFlags, args []string, sidecars, keep bool) (*job, int) {
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

	tuneGC(e)
	prog := newProgress(e, jf.scan, "read")
	sc := &scanner{flags: jf.scan, sidecars: sidecars, prog: prog}
	files, walkErrs := sc.walk(ctx, args)
	if ctx.Err() != nil {
		prog.finish()
		return nil, exitInterrupted
	}
	if len(walkErrs) > 0 {
		prog.finish()
		for _, we := range walkErrs {
			e.errorf("cannot read %s: %v", we.path, unwrapPathError(we.err))
		}
		return nil, exitCannotRun
	}
	// Read every file and keep its key; the image itself is kept only
	// while the cache budget lasts, and dropped otherwise.
	j := &job{recs: recs, sc: sc, keys: make([]check.Key, 0, len(files)), dirs: make([]*folderSidecars, 0, len(files))}
	budget := 0
	if keep {
		budget = imageCacheBudget(recs, len(files))
	}
	intern := check.NewKeyInterner()
	done := 0
	forEachOrdered(ctx, len(files), jf.scan.jobs, func(rd *metadata.Reader, i int) keyResult {
		s := sc.read(rd, files[i])
		if s.err != nil {
			return keyResult{err: s.err}
		}
		r := keyResult{key: check.KeyOf(s.img)}
		if keep && imageBytes(s.img) <= maxKeptImage {
			r.img = s.img // the emitter keeps it or drops it
		}
		return r
	}, func(i int, r keyResult) {
		prog.did()
		done++
		if i%tuneGCEvery == 0 {
			tuneGC(e)
		}
		f := files[i]
		switch {
		case r.err == nil:
			intern.Intern(&r.key)
			if r.img != nil {
				if n := imageBytes(r.img); n <= budget {
					budget -= n
					if j.kept == nil {
						j.kept = make([]*metadata.Image, len(files))
					}
					j.kept[len(j.keys)] = r.img
				} else {
					budget = 0 // keep a prefix of the folder: no gaps to account for
				}
			}
			j.keys = append(j.keys, r.key)
			j.dirs = append(j.dirs, f.dir)
		case f.explicit || !isUnsupported(r.err):
			j.bad = append(j.bad, scanned{path: f.path, explicit: f.explicit, dir: f.dir, err: r.err})
		}
	})
	prog.finish()
	if ctx.Err() != nil {
		// Say how far it got: nothing is reported or written after an
		// interrupt in this first pass.
		e.errorf("%s: stopped after reading %d of %d files; nothing was reported or written", name, done, len(files))
		return nil, exitInterrupted
	}
	files = nil // the keys hold the paths
	if len(j.keys)+len(j.bad) == 0 && !jf.scan.quiet {
		e.warnf("%s: found no image files in %s", name, strings.Join(args, ", "))
		if !jf.scan.recursive {
			e.hintf("add -r to read the subfolders too")
		}
	}
	plan, err := check.MatchKeysWith(recs, j.keys, strategy, matchOptions(name, jf))
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
	if !jf.scan.quiet {
		baseNameNotes(e, recs, j.keys, plan)
	}
	for _, p := range plan.Pairs {
		j.recs[p.Record] = check.InferYearKey(j.recs[p.Record], &j.keys[p.Image])
	}
	j.plan = plan
	tuneGC(e)
	return j, exitOK
}

// baseNameNotes says, once per run, what the base-name rule did: with
// --by name, how many captions were paired by base name although their
// file names carry another folder (a warning: the user asked for it, but
// should know); with --by auto, that the captions naming another folder
// would pair by base name (a hint).
func baseNameNotes(e *env, recs []caption.Record, keys []check.Key, plan check.Plan) {
	var first *check.Pair
	n := 0
	for i, p := range plan.Pairs {
		if p.By == check.ByBaseName {
			if first == nil || recs[p.Record].Line < recs[first.Record].Line {
				first = &plan.Pairs[i]
			}
			n++
		}
	}
	if n > 0 {
		e.warnf("%s paired by base name, their file names pointing to another folder (line %d names %s, paired with %s)",
			plural(n, "caption"), recs[first.Record].Line, recs[first.Record].File, keys[first.Image].Path)
	}
	if len(plan.BaseNameOnly) > 0 {
		p := plan.BaseNameOnly[0]
		more := ""
		if k := len(plan.BaseNameOnly) - 1; k > 0 {
			more = fmt.Sprintf(" (and %s like it)", plural(k, "caption"))
		}
		e.hintf("caption line %d names %s; %s is in the folder%s: use --by name to pair by base name",
			recs[p.Record].Line, recs[p.Record].File, keys[p.Image].Path, more)
	}
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
