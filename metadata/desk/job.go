package desk

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"runtime"
	"sync"

	"github.com/captag/captag/metadata"
	"github.com/captag/captag/metadata/caption"
	"github.com/captag/captag/metadata/check"
	"github.com/captag/captag/metadata/date"
)

// Options say what a job reads and how.
type Options struct {
	// Roots are the folders and image files to read. A folder gives its
	// regular files, skipping hidden names (".*") and sidecars (*.xmp);
	// its subfolders only with Recursive, its symbolic links only with
	// Follow. A root that is a link is always followed.
	Roots     []string
	Recursive bool
	Follow    bool
	// SkipNonImages skips the files of a folder whose names say they are
	// images and which are not (a *NotImageError: empty, another type, a
	// named pipe): listed by Skipped instead of reported as files that
	// could not be read. A root named is reported whatever this says.
	SkipNonImages bool
	// Workers is how many files are read at a time; 0 is GOMAXPROCS,
	// more than 256 is 256.
	Workers int

	// Captions is the caption file, loaded by Open (LoadCaptions), unless
	// Records or Store is not nil: then they are the captions, as a
	// caller that loaded them itself (to show their notes) gives them
	// (Records are copied into a Store; LoadCaptionStore gives one). The
	// job never changes them: a record paired with an image that gives
	// it its year (check.InferYear) has it in the run's own table, and
	// each run starts from the captions as given.
	Captions CaptionSource
	Records  []caption.Record
	Store    *caption.Store
	// Strategy is how captions are paired with images; "" is auto.
	Strategy check.Strategy
	// CaptionOrder says which way the caption file runs; "" detects it
	// from the captions' dates. Write writes captions chosen by order
	// among captions that fit alike only when it is given.
	CaptionOrder check.Direction
	// Latest pairs an image that several captions name (a caption sent
	// again as a correction) with the last of them in the caption file,
	// the others superseded; without it none of them is paired
	// (check.MatchOptions.Latest).
	Latest bool

	// CaptionsPerFolder, when set, is the name of the caption file each
	// folder has (captions.txt): Check checks each folder under the roots
	// (its subfolders with Recursive) against the one in it, never
	// another's, and gives one report; the images of a folder without
	// it are each a match finding that says so. Captions and Records are
	// then not used, and the roots must be folders. Match and Write
	// refuse such a job.
	CaptionsPerFolder string
	// Shard, with CaptionsPerFolder, keeps of the folders only those of
	// shard K of N (ShardOf): a folder is never split. Without
	// CaptionsPerFolder, Open refuses a shard: with one caption file,
	// pairing by content depends on which pictures are in the run.
	Shard Shard
	// Loaded, when set, is told of each caption file a job with
	// CaptionsPerFolder loaded (its notes: columns skipped, the encoding
	// guessed), as it loads it.
	Loaded func(src CaptionSource, res caption.Result)

	// CacheBytes bounds what a job holds besides the image keys: the
	// caption records plus the images kept from the first pass, which
	// Check and Write then need not read again. 0 is DefaultCacheBytes;
	// a negative value keeps no image (every image is read again).
	CacheBytes int

	// Hints are what the reports add to a reason with that code
	// (check.MatchOptions.Hints; NotWrittenError): what the caller's user
	// can do about it, in the caller's terms (cmd/captag names its flags).
	// The library's own wording names no option. The hint of
	// check.ReasonOrderGiven is the reason of a caption order the caller
	// gave (CaptionOrder.Reason).
	Hints map[check.ReasonCode]string

	// Progress, when set, is told how the job advances. It is called
	// from one goroutine at a time, and should return quickly.
	Progress func(Progress)
	// Tune, when set, is called where the live heap has changed most (as
	// the listing starts, every 1,024 files of the first pass, after the
	// match), from one goroutine at a time: TuneMemoryLimit, for a caller
	// that owns the process.
	Tune func()
}

// Phase is a step of a job, for Progress.
type Phase string

const (
	PhaseList  Phase = "list"  // listing the folders: Total is the files found so far
	PhaseRead  Phase = "read"  // reading the files: Done of Total
	PhaseMatch Phase = "match" // all read; Total images (readable or not) are being matched
	PhaseCheck Phase = "check" // comparing the pairs: Done of Total
	PhaseWrite Phase = "write" // writing the sidecars: Done of Total
	PhaseSheet Phase = "sheet" // writing a contact sheet (WriteHTML): Done of Total images of one pass
)

// Progress is how far a job is.
type Progress struct {
	Phase       Phase
	Done, Total int
}

// Job is a caption run of match, check and write: the captions and the
// files under the roots that Open listed, and, once one of Match, Check
// or Write has read them, the plan that pairs them. Each of Match, Check
// and Write runs on the job as Open left it (the files listed then, the
// captions as loaded) and may run in any order, as often as wanted; a
// report stays valid after a later run. Records, Plan and the other
// accessors give the last run's. Runs and their reports are for one
// goroutine at a time. A sidecar Write creates is not a file Open listed:
// a later Check reads it only on a job opened after the write.
//
// A job keeps of each image its matching key (check.Key: the path, the
// dates, the folded creators and a fingerprint of each description), and
// the image itself only while the cache budget lasts (Options.CacheBytes):
// Check and Write read the other images again when they compare or merge
// them, so that the memory held per image stays at a couple of hundred
// bytes on folders of a hundred thousand images. Check reads again only
// the images its first pass could not compare already (precompare.go).
type Job struct {
	opts Options
	// store is the captions as loaded, which every run shares and none
	// changes; recs is what a run changed of them (begin): a record's
	// date, once the run gave it its image's year. nil before a run.
	store *caption.Store
	recs  []runRecord
	// files are the files listed by Open, until the first pass reads
	// them.
	files []fileJob
	// ran is the last run's job (begin): the accessors give its state.
	// nil until a run began, and on a run's own job.
	ran *Job

	// keys are the images that were read, in path order; the plan's image
	// indexes point into it.
	keys []check.Key
	// dirs[i] indexes the sidecars in the folder of keys[i].
	dirs []*folderSidecars
	// bad are files that could not be read: malformed or unreadable files,
	// and roots whose type captag does not read. Files of other types
	// found in folders are skipped silently.
	bad []scanned
	// skipped are the files of folders that are named like images and
	// are not, with Options.SkipNonImages (Skipped).
	skipped []scanned
	plan    check.Plan
	// filesOnly says that every root is a file, none a folder: then
	// the captions that name none of them and are not paired are out of
	// scope, not unmatched (outOfScope, record indexes in line order).
	filesOnly  bool
	outOfScope []int
	// explain says that the run explains its plan (Match with
	// MatchOptions.Explain): the keys keep what check.ExplainKeys reads.
	explain bool

	sc *scanner // how the images were read, to read them again
	// kept[i] is image i as the first pass read it, for the images that
	// fit in the cache budget; nil for the others. Empty for Match, which
	// never needs the images again.
	kept []*metadata.Image
	// pre is, for a check, the comparisons its first pass made
	// (precompare.go); nil for Match and Write, and once the comparison
	// pass took them.
	pre *precompare

	// folders are, for a job with Options.CaptionsPerFolder, one job
	// per folder.
	folders []*folderJob

	progMu sync.Mutex
}

// Open loads the captions and lists the files under the roots; it reads
// no image. The error is the caption file's (see LoadCaptions), a
// WalkErrors when a root or folder could not be listed, or ctx's.
func Open(ctx context.Context, opts Options) (*Job, error) {
	if len(opts.Roots) == 0 {
		return nil, errors.New("desk: expected at least one folder or image file, found none")
	}
	if opts.Workers < 0 {
		return nil, fmt.Errorf("desk: expected a positive number of workers, found %d", opts.Workers)
	}
	if opts.Workers == 0 {
		opts.Workers = runtime.GOMAXPROCS(0)
	}
	if opts.Strategy == "" {
		opts.Strategy = check.StrategyAuto
	}
	switch {
	case opts.CaptionsPerFolder != "":
		return openFolders(ctx, opts)
	case opts.Shard.N != 0:
		return nil, errors.New("desk: a shard: expected a caption file per folder, found one caption file for the whole run (pairing by content depends on which pictures are in the run)")
	}
	j := &Job{opts: opts, store: opts.Store}
	switch {
	case opts.Records != nil:
		j.store = caption.StoreOf(opts.Records)
	case j.store == nil:
		res, err := loadCaptions(ctx, opts.Captions, true)
		if err != nil {
			return nil, err
		}
		j.store = res.Store
	}
	j.tune()
	j.progress(Progress{Phase: PhaseList})
	j.sc = &scanner{follow: opts.Follow, recursive: opts.Recursive, imageNames: true, budget: metadata.NewBudget(metadataBudget),
		found: func(n int) { j.progress(Progress{Phase: PhaseList, Total: n}) }}
	files, walkErrs := j.sc.walk(ctx, opts.Roots)
	j.sc.found = nil
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if len(walkErrs) > 0 {
		return nil, WalkErrors(walkErrs)
	}
	j.files = files
	j.filesOnly = !j.sc.sawFolder
	return j, nil
}

// begin makes the job of one run of Match, Check or Write: the files
// Open listed, its own scanner, and the captions as loaded (the first
// run takes them as they are and notes what it changes; a later one
// copies them and undoes that). The accessors of j give its state from
// now on.
func (j *Job) begin() *Job {
	sc := *j.sc
	r := &Job{opts: j.opts, files: j.files, sc: &sc, filesOnly: j.filesOnly}
	r.store, r.recs = j.store, make([]runRecord, j.store.Len())
	for i := range r.recs {
		rec := j.store.At(i)
		r.recs[i] = runRecord{Date: rec.Date, DateInferred: rec.DateInferred}
	}
	j.ran = r
	return r
}

// last is the job whose state the accessors give: the last run's, or j
// before any.
func (j *Job) last() *Job {
	if j.ran != nil {
		return j.ran
	}
	return j
}

// Hint is Options.Hints' for code; "" for ReasonOther.
func (j *Job) Hint(code check.ReasonCode) string {
	if code == check.ReasonOther {
		return ""
	}
	return j.opts.Hints[code]
}

func (j *Job) progress(p Progress) {
	if j.opts.Progress == nil {
		return
	}
	j.progMu.Lock()
	defer j.progMu.Unlock()
	j.opts.Progress(p)
}

// Records are the job's captions; once the images are matched (by the
// last run), a caption without a year has the year its image gives
// (check.InferYear).
func (j *Job) Records() []caption.Record {
	j = j.last()
	out := make([]caption.Record, j.store.Len())
	for i := range out {
		out[i] = j.record(i)
	}
	return out
}

// RecordStore is the captions as loaded, without a copy, for reading
// only: their dates are as the caption file gives them, where Records
// has the year a run gave them.
func (j *Job) RecordStore() *caption.Store { return j.last().store }

// runRecord is what a run changes of a caption record.
type runRecord struct {
	Date         date.Day
	DateInferred bool
}

// record is caption i as this run has it.
func (j *Job) record(i int) caption.Record {
	r := j.store.At(i)
	if j.recs != nil {
		r.Date, r.DateInferred = j.recs[i].Date, j.recs[i].DateInferred
	}
	return r
}

// Plan is how the last run of Match, Check or Write paired the captions
// and the images; its image indexes are for ImagePath. Empty until one
// ran.
func (j *Job) Plan() check.Plan { return j.last().plan }

// ImagePath is the path of image i of the Plan.
func (j *Job) ImagePath(i int) string { return j.last().keys[i].Path }

// Unreadable are the files that could not be read, in path order: each
// File has its Err.
func (j *Job) Unreadable() []File {
	j = j.last()
	out := make([]File, len(j.bad))
	for i, b := range j.bad {
		out[i] = File{Path: b.path, Explicit: b.explicit, Err: b.err}
	}
	return out
}

// Skipped are the files of folders skipped with Options.SkipNonImages,
// in path order: named like images, they are not (each Err is a
// *NotImageError). Empty until Match, Check or Write has read the files.
func (j *Job) Skipped() []File {
	j = j.last()
	out := make([]File, len(j.skipped))
	for i, b := range j.skipped {
		out[i] = File{Path: b.path, Err: b.err}
	}
	return out
}

// Input is a file a job reads, as Inputs gives it.
type Input struct {
	Path string
	// Explicit says that the path is one of the roots, for a file not
	// read yet or that could not be read (an image read is an image
	// read, whether named or found).
	Explicit bool
	// Unread is set, until Match, Check or Write has read the files, on a
	// file found in a folder and on its sidecars: when it proves not to be
	// an image captag reads, the job skips it and reads nothing of it.
	Unread bool
	// SidecarOf is, for a sidecar, the path of the file it belongs to; ""
	// for the others.
	SidecarOf string
	// CaptionFile says that the path is a folder's own caption file
	// (Options.CaptionsPerFolder), read before its pictures.
	CaptionFile bool
}

// Inputs are the files the job reads, for a caller that writes a file of
// its own (a report) and must never write over one of them: until Match,
// Check or Write has read them, every file Open listed; after, the images
// read, the files that could not be read (Unreadable) and those skipped
// as non-images (Skipped); each followed
// by the sidecars beside it that exist. The caption file is not among
// them. Paths are spelled as the job spells them (a root as given, a file
// in a folder joined to it): compare files by identity (os.SameFile), not
// by name. Inputs reads no image; it looks up a sidecar's two names only
// in a folder that could not be listed.
func (j *Job) Inputs() iter.Seq[Input] {
	j = j.last()
	if j.folders != nil {
		return j.folderInputs()
	}
	return func(yield func(Input) bool) {
		one := func(in Input, dir *folderSidecars) bool {
			if !yield(in) {
				return false
			}
			for _, p := range sidecarsOf(in.Path, dir) {
				if !yield(Input{Path: p, Unread: in.Unread, SidecarOf: in.Path}) {
					return false
				}
			}
			return true
		}
		for _, f := range j.files {
			if !one(Input{Path: f.path, Explicit: f.explicit, Unread: !f.explicit}, f.dir) {
				return
			}
		}
		for i, k := range j.keys {
			if !one(Input{Path: k.Path}, j.dirs[i]) {
				return
			}
		}
		for _, b := range j.bad {
			if !one(Input{Path: b.path, Explicit: b.explicit}, b.dir) {
				return
			}
		}
		// Skipped as non-images, they are still files of the folders
		// given: a report is never written over one.
		for _, b := range j.skipped {
			if !one(Input{Path: b.path}, b.dir) {
				return
			}
		}
	}
}

// StoppedError is the error of Match, Check or Write when ctx was
// cancelled while the images were read: nothing was reported or written.
type StoppedError struct {
	Done, Total int // files read of those listed
	Err         error
}

func (e *StoppedError) Error() string {
	return fmt.Sprintf("desk: stopped after reading %d of %d files: %v", e.Done, e.Total, e.Err)
}

func (e *StoppedError) Unwrap() error { return e.Err }

// keyResult is what the first pass gives of one file.
type keyResult struct {
	key check.Key
	img *metadata.Image // kept when it fits the budget, else dropped
	err error           // the file could not be read
	// pre is the record + 1 the worker compared the image with (0 when it
	// did not), and preFs the findings: then img is dropped.
	pre   int32
	preFs []check.Finding
}

// start reads the listed files and matches them with the captions. With
// sidecars, the sidecar beside each image is read as one more store
// (match, check); write leaves it out, since the sidecar is its output:
// matching on it would make a second run pair differently. keep says that
// the images will be needed again (check, write): those that fit the
// cache budget are kept, the others read again. sameVerdict is
// check.MatchOptions'.
func (j *Job) start(ctx context.Context, sidecars, keep, sameVerdict bool, cmp *CheckOptions) error {
	files := j.files
	j.files = nil // the keys hold the paths
	j.sc.sidecars = sidecars
	j.keys = make([]check.Key, 0, len(files))
	j.dirs = make([]*folderSidecars, 0, len(files))
	budget := 0
	if keep {
		envelope := j.opts.CacheBytes
		if envelope == 0 {
			envelope = DefaultCacheBytes
		}
		budget = imageCacheBudget(envelope, j.store, len(files))
	}
	intern := j.keyInterner()
	if cmp != nil && !j.explain {
		j.pre = newPrecompare(*cmp, intern, len(files))
	}
	pre := j.pre
	done := 0
	j.passProgress(PhaseRead, done, len(files))
	forEachOrdered(ctx, len(files), j.opts.Workers, func(rd *metadata.Reader, i int) keyResult {
		return j.firstRead(rd, files[i], keep, pre)
	}, func(i int, r keyResult) {
		done++
		j.passProgress(PhaseRead, done, len(files))
		f := files[i]
		switch {
		case r.err == nil:
			intern.Intern(&r.key)
			if pre != nil {
				budget = pre.add(r.pre, r.preFs, budget)
			}
			if r.img != nil {
				if n := int(r.img.HeapSize()); n <= budget {
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
		case !f.explicit && j.opts.SkipNonImages && stopsGate(r.err):
			j.skipped = append(j.skipped, scanned{path: f.path, dir: f.dir, err: r.err})
		case f.explicit || !isUnsupported(r.err):
			j.bad = append(j.bad, scanned{path: f.path, explicit: f.explicit, dir: f.dir, err: r.err})
		}
	})
	if err := ctx.Err(); err != nil {
		return &StoppedError{Done: done, Total: len(files), Err: err}
	}
	j.progress(Progress{Phase: PhaseMatch, Total: len(j.keys) + len(j.bad)})
	mo := check.MatchOptions{CaptionOrder: j.opts.CaptionOrder, SameVerdict: sameVerdict, Strict: !sameVerdict, Latest: j.opts.Latest, Hints: j.opts.Hints, Interned: intern}
	plan, err := check.MatchStore(j.store, j.keys, j.opts.Strategy, mo)
	if err != nil {
		return err
	}
	if j.filesOnly {
		j.scope(&plan)
	}
	// A caption without a year takes its image's: without it, a sidecar
	// gets no photoshop:DateCreated and check cannot compare the date.
	for _, p := range plan.Pairs {
		old := j.record(p.Record)
		rec := check.InferYearKey(old, &j.keys[p.Image])
		if rec.Date == old.Date && rec.DateInferred == old.DateInferred {
			continue
		}
		j.pre.drop(p.Image)                                                          // compared with the record before its year
		j.recs[p.Record] = runRecord{Date: rec.Date, DateInferred: rec.DateInferred} // InferYear changes nothing else
	}
	j.plan = plan
	j.tune()
	return nil
}

// firstRead is the first pass's work on file f in a worker: its key, and
// either its comparison (pre, for a check) or the image, when keep says
// it may be needed again and it is small enough to be kept.
func (j *Job) firstRead(rd *metadata.Reader, f fileJob, keep bool, pre *precompare) keyResult {
	s := j.sc.read(rd, f)
	if s.err != nil {
		return keyResult{err: s.err}
	}
	r := keyResult{key: check.KeyOf(s.img)}
	if pre != nil {
		if rec, fs, ok := pre.compare(j, s.img, &r.key); ok {
			r.pre, r.preFs = int32(rec)+1, fs
			return r
		}
	}
	if keep && int(s.img.HeapSize()) <= maxKeptImage {
		r.img = s.img // the emitter keeps it or drops it
	}
	return r
}

// keyInterner returns the interner of this run's keys, told the captions
// unless the run explains its plan (check.ExplainKeys reads what a key
// interned so drops).
func (j *Job) keyInterner() *check.KeyInterner {
	in := check.NewKeyInterner()
	if !j.explain {
		in.KnowStore(j.store)
	}
	return in
}

// scope takes out of plan's unmatched records, when the roots are image
// files and no folder (captag check -c day.txt IMG_0042.jpg), the
// captions that name none of the files given (a caption that names no
// file names none): they are about other pictures of the caption file,
// not errors of these. A caption that names a file given stays
// unmatched, with its reason.
func (j *Job) scope(plan *check.Plan) {
	paths := make([]string, 0, len(j.keys)+len(j.bad))
	for i := range j.keys {
		paths = append(paths, j.keys[i].Path)
	}
	for _, b := range j.bad {
		paths = append(paths, b.path)
	}
	names := check.NewImageNames(paths)
	kept := plan.UnmatchedRecords[:0]
	for _, u := range plan.UnmatchedRecords {
		if names.Names(j.store.File(u.Index)) {
			kept = append(kept, u)
			continue
		}
		j.outOfScope = append(j.outOfScope, u.Index)
	}
	plan.UnmatchedRecords = kept
}

// OutOfScope are the captions (indexes into Records) left out of the
// job because every root is an image file and they name none of them nor
// were paired with one, in caption file order; nil when a root is a
// folder (then such captions are unmatched).
func (j *Job) OutOfScope() []int { return j.last().outOfScope }

// reread reads image i again, as the first pass read it (with its sidecar
// as a store when the job reads sidecars). The page cache still holds the
// file's header, so this costs an open and one small read.
func (j *Job) reread(rd *metadata.Reader, i int) (*metadata.Image, error) {
	s := j.sc.read(rd, fileJob{path: j.keys[i].Path, dir: j.dirs[i]})
	return s.img, s.err
}

// File is one file read, or that could not be read.
type File struct {
	Path string
	// Explicit says that the path is one of the roots.
	Explicit bool
	Image    *metadata.Image // nil when Err is set
	// Err is why the file could not be read: a *metadata.UnsupportedError
	// (not an image captag reads), a *metadata.FormatError, an I/O error,
	// or (Inspect) the error of a root or folder that could not be listed.
	Err error
}

// Unsupported reports whether f is a file whose type captag does not read.
func (f File) Unsupported() bool { return isUnsupported(f.Err) }
