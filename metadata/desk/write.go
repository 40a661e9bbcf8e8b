package desk

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/captag/captag/metadata"
	"github.com/captag/captag/metadata/caption"
	"github.com/captag/captag/metadata/check"
	"github.com/captag/captag/sidecar"
	"github.com/captag/captag/sidecar/embed"
)

// WriteOptions tune Write.
type WriteOptions struct {
	// Naming is how sidecars are named: IMG_1.xmp (NameBase) or
	// IMG_1.jpg.xmp (NameExt).
	Naming sidecar.Naming
	// DryRun merges and reports, and writes nothing.
	DryRun bool
	// Sidecar is how records are merged into sidecars.
	Sidecar sidecar.Options
	// Now is when the run starts: temporary files that an earlier write
	// left when it was killed (no running process holds their lock) are
	// removed once they are sidecar.TempGrace old at Now, where locks
	// cannot tell once they are sidecar.StaleTempAge old
	// (sidecar.RemoveStaleTemps). The zero time removes none.
	Now time.Time

	// Writers is how many images are written at a time; 0 is
	// ioWorkersPerReader × Options.Workers (a write waits on fsync, and
	// the syncs of several files overlap), more than 256 is 256.
	Writers int

	// afterTask, when set (by this package's tests: export_test.go),
	// runs on a worker after each sidecar task, with the task's result so
	// far (a test cancels ctx from it to interrupt a run at a known point).
	afterTask func(WriteResult)
	// beforeReplace, when set (by tests), is sidecar.UpdateOptions'
	// BeforeReplace for every sidecar written (a test acts as a concurrent
	// editor from it).
	beforeReplace func(path string, round int)

	// Embed also writes each caption into the JPEG itself (embed.File:
	// IIM and XMP, the scan untouched); other formats keep their sidecar
	// only (EmbedResult.Status NotEmbedded). The guards that leave a
	// sidecar alone leave the image alone too.
	Embed bool
	// NoSidecar (only with Embed) writes no sidecar for a JPEG the
	// caption is embedded into; other formats still get theirs (and a
	// sidecar the JPEG shares with the raw file of its picture is
	// written).
	NoSidecar bool
	// EmbedEXIF also writes EXIF ImageDescription, Artist and Copyright
	// (embed.Options.EXIF).
	EmbedEXIF bool
	// KeepModTime keeps an embedded JPEG's modification time.
	KeepModTime bool
	// Aliases is the agency table the copyright rule compares with (see
	// EmbedRights), and the one by which a Credit or Source a sidecar or
	// the image already holds names the caption's agency and is kept as it
	// is (check.NamesAgency, unless Sidecar.SameAgency is set); nil is
	// check.DefaultAliases().
	Aliases *check.Aliases
	// Accept lists the partial pairs written too: check.ByCreator (only
	// the photographer agrees; the image or the caption has no date) and
	// check.ByDate (only the day agrees; one side names no photographer).
	// Without them such pairs are left alone (Status Skipped, Err a
	// *PartialPairError): a caption is written only where the pair is
	// known. Each pair written this way has Accepted set.
	Accept []check.Method
}

// certainPair reports whether a pair is known, not chosen: by the file
// name the caption gives, by the text the image carries, by date and
// photographer, or by order (a group of captions that fit alike read in
// the direction the user gave, or the order strategy the user chose).
// Pairs by creator or date alone are partial.
func certainPair(p check.Pair) bool {
	switch p.By {
	case check.ByName, check.ByBaseName, check.ByText, check.ByDateCreator, check.ByOrder:
		return true
	}
	return false
}

// PartialPairError is why a partial pair (by creator or date alone) was
// left alone: Missing says what would have made it known.
type PartialPairError struct {
	Line    int          // the caption's line
	By      check.Method // check.ByCreator or check.ByDate
	Missing string       // "no date on the image", …
}

func (e *PartialPairError) Error() string {
	return fmt.Sprintf("caption line %d was paired with this image by %s only (%s); not written unless pairs by %s are accepted", e.Line, e.By, e.Missing, e.By)
}

// WriteStatus is what happened to one image's sidecar.
type WriteStatus int

const (
	NotDone   WriteStatus = iota // interrupted before it was started
	Created                      // a new sidecar
	Updated                      // an existing sidecar, some property changed
	Unchanged                    // an existing sidecar already said all of it
	Skipped                      // left alone: the reason is in Err
	Failed                       // the write failed (disk full, no permission): Err is a *sidecar.WriteError
	Shared                       // a file of a picture whose shared sidecar another result writes (SharedBy)
	NoSidecar                    // WriteOptions.NoSidecar: the caption went only into the image (Embed)
)

func (s WriteStatus) String() string {
	switch s {
	case Created:
		return "created"
	case Updated:
		return "updated"
	case Unchanged:
		return "unchanged"
	case Skipped:
		return "left alone"
	case Failed:
		return "failed"
	case Shared:
		return "shared"
	case NoSidecar:
		return "no sidecar"
	}
	return "not done"
}

// WriteResult is one matched image and what became of its sidecar.
type WriteResult struct {
	Image   string          // the image
	Record  *caption.Record // its caption, the year inferred when it had none
	Pair    check.Pair      // how it was paired
	Target  string          // the sidecar
	Status  WriteStatus
	Changed []string // the properties that changed (Created, Updated)
	Err     error    // Skipped, Failed: why
	// Notes are warnings: a sidecar in the other naming, a merge redone
	// because another program changed the sidecar meanwhile.
	Notes []string
	// Collision says that Err is that the image would share its sidecar
	// with a different picture (a hint: NameExt).
	Collision bool
	SharedBy  string // Shared: the image whose result writes the sidecar
	// Embed is what became of the image itself with WriteOptions.Embed;
	// nil without it, or when the task was left alone before its image
	// was read (Status Skipped).
	Embed *EmbedResult
	// Accepted says that the pair is partial (by creator or date alone)
	// and was written because WriteOptions.Accept lists its method.
	Accepted bool
}

// WriteReport is what Write did, image by image.
type WriteReport struct {
	Results []WriteResult // in image path order
	// Guessed are the groups of captions chosen by order that were left
	// alone because Options.CaptionOrder was not given, in the order met.
	Guessed []*check.Group
	// RemovedTemps are the stale temporary files removed (WriteOptions.Now);
	// TempErrors the folders where that failed.
	RemovedTemps []sidecar.Temp
	TempErrors   []error
	// UnmatchedRecords and UnmatchedImages are the captions and images
	// left unmatched (and the files that could not be read), which get
	// nothing; for the JSON report.
	UnmatchedRecords []UnmatchedRecord
	UnmatchedImages  []UnmatchedImage
	// Superseded are the captions set aside for a later one naming the
	// same image (Options.Latest); OutOfScope counts the captions that
	// name none of the image files given (Job.OutOfScope).
	Superseded []Superseded
	OutOfScope int
	// Template is WriteOptions.Sidecar.Template (nil without one): what
	// its file held that captag does not write goes into a note.
	Template *sidecar.Template
	// DryRun, Embedding and Interrupted say how the run went: the options
	// DryRun and Embed, and ctx cancelled before the end.
	DryRun, Embedding, Interrupted bool

	job *Job // this run's, for the renderers (Job)
}

// Write reads the images (without their sidecars: the sidecar is the
// output, and matching on it would make a second run pair differently),
// pairs them with the captions, and merges each caption into the sidecar
// beside its image, replacing it atomically. It never writes:
//   - a caption with an error-level problem or U+FFFD (refusedRecord);
//   - a sidecar that two different pictures would share (a collision);
//   - for a caption that names its file (paired by name), a sidecar
//     outside the image's folder;
//   - a caption chosen by order among captions that fit alike, unless
//     Options.CaptionOrder says which way the caption file runs.
//
// The files of one picture (RAW+JPEG with one capture time) share one
// sidecar, written once. A cancelled ctx stops the workers before the next
// sidecar; a sidecar being written is finished (sidecar.WriteAtomic
// leaves the old or the new one), and the report says what was done, with
// ctx's error. An error without a report is the first pass's (see
// StoppedError) or the match's.
func (j *Job) Write(ctx context.Context, opts WriteOptions) (*WriteReport, error) {
	if j.folders != nil {
		return nil, errPerFolder
	}
	if opts.NoSidecar && !opts.Embed {
		return nil, errors.New("desk: expected WriteOptions.NoSidecar only with Embed, found it without")
	}
	j = j.begin() // this run's own state: the job runs again as Open left it
	if err := j.start(ctx, false, true, false, nil); err != nil {
		return nil, err
	}
	rep := &WriteReport{DryRun: opts.DryRun, Embedding: opts.Embed, Template: opts.Sidecar.Template, job: j}
	rep.unmatched(j)
	tasks := j.writeTasks(opts.Naming, opts.Accept, rep)
	if !opts.DryRun && !opts.Now.IsZero() {
		seen := map[string]bool{}
		for _, t := range tasks {
			dir := filepath.Dir(t.Target)
			if seen[dir] {
				continue
			}
			seen[dir] = true
			removed, err := sidecar.RemoveStaleTemps(dir, opts.Now, sidecar.StaleTempAge)
			rep.RemovedTemps = append(rep.RemovedTemps, removed...)
			if err != nil {
				rep.TempErrors = append(rep.TempErrors, fmt.Errorf("stale temporary files in %s: %w", dir, err))
			}
		}
	}
	j.runWriteTasks(ctx, tasks, opts)
	rep.Results = make([]WriteResult, len(tasks))
	for i, t := range tasks {
		rep.Results[i] = t.WriteResult
	}
	rep.Interrupted = ctx.Err() != nil
	return rep, ctx.Err()
}

// writeTask is one matched image and what became of its sidecar. It holds
// no image: the worker takes it from the cache or reads it again when it
// merges its sidecar.
//
// A task is the place for each step done per image: today the sidecar
// (writeSidecar); a step that writes into the image itself goes beside it
// in runTask, with the same image, record and DryRun.
type writeTask struct {
	WriteResult
	image int // index of the image in the job
	// forOthers: other files of the picture share the sidecar this task
	// writes (their Status is Shared); it is written even with
	// WriteOptions.NoSidecar, for them.
	forOthers bool
}

// writeTasks makes a task per pair, deciding which are left alone.
func (j *Job) writeTasks(naming sidecar.Naming, accept []check.Method, rep *WriteReport) []*writeTask {
	// Images that would share one sidecar under this naming.
	paths := make([]string, len(j.keys))
	for i := range j.keys {
		paths[i] = j.keys[i].Path
	}
	pairOf := make(map[string]check.Pair, len(j.plan.Pairs)) // image path → its pair
	for _, p := range j.plan.Pairs {
		pairOf[j.keys[p.Image].Path] = p
	}
	shared := map[string]string{}     // image path → the message
	sharedWith := map[string]string{} // image path → the file of its picture that writes the shared sidecar
	for sc, imgs := range sidecar.Collisions(paths, naming) {
		if first, ok := j.onePicture(imgs, pairOf); ok {
			for _, p := range imgs[1:] {
				sharedWith[p] = first
			}
			continue
		}
		for _, p := range imgs {
			shared[p] = fmt.Sprintf("%s would share %s with %s", filepath.Base(p), filepath.Base(sc), strings.Join(baseNames(without(imgs, p)), ", "))
		}
	}

	given := j.opts.CaptionOrder != ""
	seenGroup := map[*check.Group]bool{}
	tasks := make([]*writeTask, 0, len(j.plan.Pairs))
	for _, p := range j.plan.Pairs {
		path := j.keys[p.Image].Path
		r := j.record(p.Record)
		rec := &r
		t := &writeTask{WriteResult: WriteResult{Image: path, Record: rec, Pair: p, Target: sidecar.Path(path, naming)}, image: p.Image}
		switch msg, ok := shared[path]; {
		case j.refusedRecord(rec) != nil:
			t.Status, t.Err = Skipped, j.refusedRecord(rec)
		case ok:
			t.Status, t.Err, t.Collision = Skipped, errors.New(msg), true
		case p.By == check.ByName && !sidecar.InsideDir(filepath.Dir(path), rec.File):
			t.Status, t.Err = Skipped, fmt.Errorf("caption line %d names %q, which is not a file inside %s", rec.Line, rec.File, filepath.Dir(path))
		case p.Group != nil && !given:
			// A caption chosen by order among different captions is not
			// certain: never written unless the user says which way the
			// caption file runs.
			t.Status, t.Err = Skipped, j.notWritten(check.ReasonOrderNotGiven, rec.Line,
				fmt.Sprintf("caption line %d was chosen by order among %d captions that fit alike (%s); not written", rec.Line, p.Group.Captions, p.Group.Label()))
			if !seenGroup[p.Group] {
				seenGroup[p.Group] = true
				rep.Guessed = append(rep.Guessed, p.Group)
			}
		case !certainPair(p) && !slices.Contains(accept, p.By):
			t.Status, t.Err = Skipped, &PartialPairError{Line: rec.Line, By: p.By, Missing: j.missing(p)}
		case sharedWith[path] != "":
			t.Status, t.SharedBy = Shared, sharedWith[path]
		}
		t.Accepted = !certainPair(p) && t.Status != Skipped
		tasks = append(tasks, t)
	}
	// A shared sidecar is written by its picture's first file; if that
	// file's task is left alone, so are the others.
	byPath := make(map[string]*writeTask, len(tasks))
	for _, t := range tasks {
		byPath[t.Image] = t
	}
	for _, t := range tasks {
		if t.Status == Shared {
			if w := byPath[t.SharedBy]; w == nil || w.Status == Skipped {
				t.Status, t.Err = Skipped, fmt.Errorf("one picture with %s, which is left alone", filepath.Base(t.SharedBy))
			} else {
				w.forOthers = true
			}
		}
	}
	sort.Slice(tasks, func(a, b int) bool { return tasks[a].Image < tasks[b].Image })
	return tasks
}

// missing says what a partial pair lacks to be known.
func (j *Job) missing(p check.Pair) string {
	r := j.record(p.Record)
	rec, k := &r, &j.keys[p.Image]
	switch p.By {
	case check.ByCreator:
		if !check.RecordHasDay(rec) {
			return "the caption gives no day"
		}
		if !k.Dated() {
			return "the image has no date"
		}
		return "the dates do not agree"
	case check.ByDate:
		if len(rec.Creators) == 0 {
			return "the caption names no photographer"
		}
		if !k.NamesCreator() {
			return "the image names no photographer"
		}
		return "the photographers do not agree"
	}
	return "not certain"
}

// refusedRecord says why a caption record must not go into a sidecar, or
// nil: it has an error-level problem (a CSV row cut by an unclosed quote,
// a date that does not parse), or it holds U+FFFD, a character its file's
// encoding could not give ("Jos�"): a sidecar never gets either.
func (j *Job) refusedRecord(r *caption.Record) error {
	for _, p := range r.Problems {
		if p.Severity == metadata.SeverityError {
			return fmt.Errorf("caption line %d has an error: %s; not written", r.Line, p.Message)
		}
	}
	if f := r.ReplacementField(); f != "" {
		return j.notWritten(check.ReasonReplacementChar, r.Line,
			fmt.Sprintf("caption line %d has U+FFFD in its %s, in place of a character the caption file's encoding could not give; not written", r.Line, f))
	}
	return nil
}

// NotWrittenError is why a caption was left alone by a rule the caller
// can lift: Code says which (check.ReasonOrderNotGiven: Options.CaptionOrder
// would write it; check.ReasonReplacementChar: the caption file's encoding
// given, or the file fixed). Its message ends with the hint of Code
// (Options.Hints).
type NotWrittenError struct {
	Line int // the caption's
	Code check.ReasonCode
	msg  string
}

func (e *NotWrittenError) Error() string { return e.msg }

func (j *Job) notWritten(code check.ReasonCode, line int, msg string) *NotWrittenError {
	return &NotWrittenError{Line: line, Code: code, msg: msg + j.Hint(code)}
}

// ioWorkersPerReader is how many write tasks run per reading worker
// (Options.Workers) unless WriteOptions.Writers says: a task spends most
// of its time waiting for fsync (the temporary file, then the folder), and
// the syncs of several files overlap, so a write pool wider than the cores
// finishes sooner (write --embed on 2,000 wire JPEGs on 2 busy cores:
// 2.9-3.4 s with 8 writers against 3.9-5.8 s with 2). The merge budget
// still bounds the memory they hold.
const ioWorkersPerReader = 4

// embedCost is what embedding into a JPEG of size bytes holds at once:
// the original, the new file and the temporary file read back to verify
// its scan.
func embedCost(size int64) int64 { return 3*size + metadata.XMPCostBound(64<<10) }

// runWriteTasks runs the tasks not yet decided with a bounded pool of
// workers. A cancelled ctx stops them before the next task.
func (j *Job) runWriteTasks(ctx context.Context, tasks []*writeTask, opts WriteOptions) {
	next := make(chan *writeTask)
	merges := metadata.NewBudget(mergeBudget) // shared by the workers, see mergeBudget
	var done int
	did := func() {
		j.progMu.Lock()
		done++
		n := done
		j.progMu.Unlock()
		j.passProgress(PhaseWrite, n, len(tasks))
	}
	j.progress(Progress{Phase: PhaseWrite, Total: len(tasks)})
	var wg sync.WaitGroup
	writers := opts.Writers
	if writers <= 0 {
		writers = j.opts.Workers * ioWorkersPerReader
	}
	for range clampWorkers(writers) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rd := metadata.NewReader()
			for t := range next {
				var cost int64
				if fi, err := os.Stat(t.Target); err == nil && fi.Mode().IsRegular() {
					cost = metadata.XMPCostBound(fi.Size())
				}
				if opts.Embed {
					if fi, err := os.Stat(t.Image); err == nil && fi.Mode().IsRegular() {
						cost += embedCost(min(fi.Size(), embed.MaxFileSize))
					}
				}
				release := merges.Hold(cost)
				j.runTask(rd, t, opts)
				release()
				did()
				if opts.afterTask != nil {
					opts.afterTask(t.WriteResult)
				}
			}
		}()
	}
	for _, t := range tasks {
		// A file whose picture's shared sidecar another task writes still
		// has its own image to embed into.
		if t.Status != NotDone && !(opts.Embed && t.Status == Shared) {
			did()
			continue
		}
		if ctx.Err() != nil {
			break
		}
		select {
		case next <- t:
		case <-ctx.Done():
		}
	}
	close(next)
	wg.Wait()
}

// runTask does one image's steps: it takes the image, writes its sidecar
// (unless another file of its picture writes it, or WriteOptions.NoSidecar
// and the caption goes into the JPEG), then embeds into the image
// (WriteOptions.Embed).
func (j *Job) runTask(rd *metadata.Reader, t *writeTask, opts WriteOptions) {
	img, err := j.image(rd, t.image)
	if err != nil {
		// The file changed or went away since it was matched.
		err = fmt.Errorf("the image could not be read: %w", err)
		if t.Status == Shared {
			t.Embed = &EmbedResult{Status: Refused, Err: err}
			return
		}
		t.Status, t.Err = Skipped, err
		return
	}
	if opts.Sidecar.SameAgency == nil {
		// A Credit or Source that already names the caption's agency, by
		// check's rule and the user's aliases, is kept as it is.
		rec, al := t.Record, opts.Aliases
		opts.Sidecar.SameAgency = func(v string, source bool) bool { return check.NamesAgency(rec, v, source, al) }
	}
	// The sidecar and the embedded XMP say how the pair was made (the
	// mark that keeps a later check from taking the caption as evidence).
	opts.Sidecar.PairedBy = string(t.Pair.By)
	if t.Status == NotDone && opts.Embed && opts.NoSidecar && img.Format == "jpeg" && !t.forOthers {
		t.Status = NoSidecar
	}
	if t.Status == NotDone {
		t.Target = j.existingTarget(t, opts.Naming)
		if isTemplate(t.Target, opts.Sidecar.Template) {
			t.Status, t.Err = Skipped, fmt.Errorf("desk: expected a sidecar that is not the template %s, found the template itself; it is left alone", t.Target)
		} else {
			writeSidecar(t, img, opts)
		}
	}
	if opts.Embed {
		embedImage(t, img, opts)
	}
}

// existingTarget returns the sidecar the task writes, among the ones its
// image already has, adding a note on each other one it leaves alone:
//   - the sidecar of the naming asked for, spelled as it is (IMG_1.XMP);
//   - with NameBase, when there is no IMG_1.xmp but an IMG_1.jpg.xmp
//     (darktable's, digiKam's), that one: a second sidecar beside it
//     would split the image's metadata in two, and a reader would take
//     one of them. Not for a sidecar the files of one picture share
//     (t.forOthers): that one is IMG_1.xmp, as the other files expect;
//   - else the naming's own path (a new sidecar).
//
// When IMG_1.xmp and IMG_1.jpg.xmp both exist, the naming's is written
// and the other is left alone, with a note that says which one check and
// inspect read (IMG_1.xmp).
func (j *Job) existingTarget(t *writeTask, naming sidecar.Naming) string {
	found := j.dirs[t.image].find(t.Image) // base-named ones first
	target := ""
	for _, f := range found {
		if strings.EqualFold(filepath.Base(f), filepath.Base(t.Target)) {
			target = f
			break
		}
	}
	if target == "" && len(found) > 0 && naming == sidecar.NameBase && !t.forOthers {
		target = found[0] // only IMG_1.jpg.xmp-style names are found
	}
	if target == "" {
		target = t.Target
	}
	read := target // what readSidecarStore reads: the first found
	if len(found) > 0 {
		read = found[0]
	}
	for _, f := range found {
		if f == target {
			continue
		}
		msg := fmt.Sprintf("%s also exists (the other naming); left alone: %s is written", filepath.Base(f), filepath.Base(target))
		if read == target {
			msg += ", and is the one captag reads"
		} else {
			msg += ", but captag reads " + filepath.Base(read)
		}
		t.Notes = append(t.Notes, msg)
	}
	return target
}

// isTemplate reports whether path is the template's own file: the
// template is an input, which no sidecar written may replace.
func isTemplate(path string, tpl *sidecar.Template) bool {
	if tpl == nil || tpl.Info == nil {
		return false
	}
	st, err := os.Stat(path)
	return err == nil && os.SameFile(st, tpl.Info)
}

// LoadTemplate reads the template file path (sidecar.LoadTemplate) for
// WriteOptions.Sidecar.Template; nil, nil for no path.
func LoadTemplate(path string) (*sidecar.Template, error) {
	if path == "" {
		return nil, nil
	}
	return sidecar.LoadTemplate(path)
}

// ParseAccept reads the words of WriteOptions.Accept: "creator"
// (check.ByCreator) and "date" (check.ByDate), in any case.
func ParseAccept(words []string) ([]check.Method, error) {
	var out []check.Method
	for _, a := range words {
		switch strings.ToLower(strings.TrimSpace(a)) {
		case "creator":
			out = append(out, check.ByCreator)
		case "date":
			out = append(out, check.ByDate)
		default:
			return nil, fmt.Errorf("expected creator or date (or both: creator,date), found %q", a)
		}
	}
	return out, nil
}

// writeSidecar merges the task's record into the image's sidecar and
// writes it.
func writeSidecar(t *writeTask, img *metadata.Image, opts WriteOptions) {
	created := false
	res, err := sidecar.Update(t.Target, func(old []byte) ([]byte, error) {
		created = old == nil
		data, changed, err := sidecar.Merge(old, *t.Record, img, opts.Sidecar)
		t.Changed = changed
		return data, err
	}, sidecar.UpdateOptions{DryRun: opts.DryRun, BeforeReplace: opts.beforeReplace})
	var we *sidecar.WriteError
	switch {
	case errors.As(err, &we) && we.Replaced:
		// The new sidecar is in place; only the folder sync failed.
		t.Status = Updated
		if created {
			t.Status = Created
		}
		t.Notes = append(t.Notes, err.Error())
		return
	case errors.As(err, &we):
		t.Status, t.Err = Failed, err
		return
	case err != nil:
		// Left alone: a conflict with another program, a sidecar captag
		// cannot parse, or one it must not replace.
		t.Status, t.Err = Skipped, err
		return
	}
	switch res.Outcome {
	case sidecar.Unchanged:
		t.Status = Unchanged
	case sidecar.Updated:
		t.Status = Updated
	default:
		t.Status = Created
	}
	if res.Merges > 1 {
		t.Notes = append(t.Notes, fmt.Sprintf("changed by another program while captag wrote it; merged again with that change (%d merges)", res.Merges))
	}
}

// onePicture reports whether the images that would share one sidecar are
// the files of one picture, paired with one caption; first is the file
// (the first by path) whose task writes the sidecar.
func (j *Job) onePicture(imgs []string, pairOf map[string]check.Pair) (first string, ok bool) {
	p0, ok := pairOf[imgs[0]]
	if !ok {
		return "", false
	}
	for _, path := range imgs[1:] {
		p, ok := pairOf[path]
		if !ok || p.Record != p0.Record && !sidecar.SameProperties(j.record(p.Record), j.record(p0.Record), nil, sidecar.Options{}) || !check.SamePicture(&j.keys[p0.Image], &j.keys[p.Image]) {
			return "", false
		}
	}
	return imgs[0], true
}
