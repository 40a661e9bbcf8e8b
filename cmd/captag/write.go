package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"text/tabwriter"
	"time"

	"github.com/captag/captag/metadata"
	"github.com/captag/captag/metadata/caption"
	"github.com/captag/captag/metadata/check"
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
sidecar, another user's, or one that would grow past the 16 MiB captag reads
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
       that are links or would outgrow 16 MiB, images that could not be
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

// writeStatus is what happened to one image's sidecar.
type writeStatus int

const (
	statusNotDone   writeStatus = iota // interrupted before it was started
	statusCreated                      // a new sidecar
	statusUpdated                      // an existing sidecar, some property changed
	statusUnchanged                    // an existing sidecar already said all of it
	statusSkipped                      // left alone: the reason is in err
	statusFailed                       // the write failed: err
	statusShared                       // a file of a picture whose shared sidecar another task writes (sharedBy)
)

// writeTask is one matched image and what became of its sidecar. It holds
// no image: the worker reads the image again when it merges its sidecar.
type writeTask struct {
	path    string // the image
	image   int    // index of the image in the job
	rec     *caption.Record
	target  string
	status  writeStatus
	changed []string
	err     error
	notes   []string // warnings: a sidecar in the other naming
	// byOrder names the group of different captions the pair was chosen
	// in by order, when it was ("order among 8 (Aref Watad, 2016-12-19)").
	byOrder  string
	sharedBy string // statusShared: the image whose task writes the sidecar
}

func runWrite(ctx context.Context, e *env, args []string, wf *writeFlags) int {
	naming, err := sidecar.ParseNaming(wf.naming)
	if err != nil {
		e.errorf("write: %v", err)
		return exitCannotRun
	}
	j, code := prepare(ctx, e, "write", &wf.job, args, false, true)
	if code != exitOK {
		return code
	}

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
		if first, ok := onePicture(j, imgs, pairOf); ok {
			for _, p := range imgs[1:] {
				sharedWith[p] = first
			}
			continue
		}
		for _, p := range imgs {
			shared[p] = fmt.Sprintf("%s would share %s with %s", filepath.Base(p), filepath.Base(sc), strings.Join(baseNames(without(imgs, p)), ", "))
		}
	}

	given := wf.job.captionOrder != ""
	var guessed []*check.Group // groups left alone, in the order met
	seenGroup := map[*check.Group]bool{}
	tasks := make([]*writeTask, 0, len(j.plan.Pairs))
	for _, p := range j.plan.Pairs {
		path := j.keys[p.Image].Path
		t := &writeTask{path: path, image: p.Image, rec: &j.recs[p.Record], target: sidecar.Path(path, naming)}
		if p.Group != nil {
			t.byOrder = byOf(p)
		}
		switch msg, ok := shared[path]; {
		case refusedRecord(t.rec) != nil:
			// A record with an error, or one that lost characters to
			// U+FFFD, is never written (see refusedRecord).
			t.status, t.err = statusSkipped, refusedRecord(t.rec)
		case ok:
			t.status, t.err = statusSkipped, errors.New(msg)
		case p.By == check.ByName && !sidecar.InsideDir(filepath.Dir(path), t.rec.File):
			t.status, t.err = statusSkipped, fmt.Errorf("caption line %d names %q, which is not a file inside %s", t.rec.Line, t.rec.File, filepath.Dir(path))
		case p.Group != nil && !given:
			// A caption chosen by order among different captions is not
			// certain: never written unless the user says which way the
			// caption file runs.
			t.status, t.err = statusSkipped, fmt.Errorf("caption line %d was chosen by order among %d captions that fit alike (%s); not written without --caption-order", t.rec.Line, p.Group.Captions, p.Group.Label())
			if !seenGroup[p.Group] {
				seenGroup[p.Group] = true
				guessed = append(guessed, p.Group)
			}
		case sharedWith[path] != "":
			t.status, t.sharedBy = statusShared, sharedWith[path]
		}
		tasks = append(tasks, t)
	}
	// A shared sidecar is written by its picture's first file; if that
	// file's task is left alone, so are the others.
	byPath := make(map[string]*writeTask, len(tasks))
	for _, t := range tasks {
		byPath[t.path] = t
	}
	for _, t := range tasks {
		if t.status == statusShared {
			if w := byPath[t.sharedBy]; w == nil || w.status == statusSkipped {
				t.status, t.err = statusSkipped, fmt.Errorf("one picture with %s, which is left alone", filepath.Base(t.sharedBy))
			}
		}
	}
	sort.Slice(tasks, func(a, b int) bool { return tasks[a].path < tasks[b].path })

	opts := sidecar.Options{KeepExisting: wf.keepExisting, CaptionWriter: wf.captionWriter, Toolkit: "captag"}
	if !wf.dryRun {
		removeStaleTemps(e, tasks, time.Now())
	}
	prog := newProgress(e, wf.job.scan, "done")
	prog.reset("done", len(tasks))
	runWriteTasks(ctx, j, tasks, naming, opts, wf.dryRun, wf.job.scan.jobs, prog)
	prog.finish()

	writeWriteText(termWriter(e.stdout), palette{e.useColour()}, j, tasks, wf.dryRun, ctx.Err() != nil)
	if ctx.Err() != nil {
		return exitInterrupted
	}
	code = exitOK
	if len(j.plan.UnmatchedRecords)+len(j.plan.UnmatchedImages)+len(j.bad) > 0 {
		code = exitProblems
	}
	for _, t := range tasks {
		switch t.status {
		case statusSkipped:
			code = max(code, exitProblems)
		case statusFailed:
			code = exitCannotRun
		}
	}
	for _, t := range tasks {
		if t.status == statusSkipped && shared[t.path] != "" && naming == sidecar.NameBase && !wf.job.scan.quiet {
			e.hintf("different pictures with one name need --sidecar-name ext (IMG_1.CR2.xmp, IMG_1.JPG.xmp)")
			break
		}
	}
	// Groups left unmatched because the caption file's direction is
	// unknown: their reason names them; say it once each on stderr too.
	held := map[string]bool{}
	for _, u := range j.plan.UnmatchedRecords {
		if strings.HasSuffix(u.Reason, "say --caption-order") && !held[u.Reason] {
			held[u.Reason] = true
			e.errorf("write: not written: %s", u.Reason)
		}
	}
	for _, g := range guessed {
		e.errorf("write: not written: %d captions (%d different texts) fit %s alike (%s) and were matched by order; say --caption-order newest-first or oldest-first if the caption file runs that way", g.Captions, g.Texts, plural(g.Images, "image"), g.Label())
	}
	return code
}

// refusedRecord says why a caption record must not go into a sidecar, or
// nil: it has an error-level problem (a CSV row cut by an unclosed quote,
// a date that does not parse), or it holds U+FFFD, a character its file's
// encoding could not give ("Jos�"): a sidecar never gets either.
func refusedRecord(r *caption.Record) error {
	for _, p := range r.Problems {
		if p.Severity == metadata.SeverityError {
			return fmt.Errorf("caption line %d has an error: %s; not written", r.Line, p.Message)
		}
	}
	if f := r.ReplacementField(); f != "" {
		return fmt.Errorf("caption line %d has U+FFFD in its %s, in place of a character the caption file's encoding could not give; not written (say the file's encoding with --encoding, or fix the file)", r.Line, f)
	}
	return nil
}

func without(list []string, x string) []string {
	var out []string
	for _, s := range list {
		if s != x {
			out = append(out, s)
		}
	}
	return out
}

// afterWriteHook, when set (by tests), runs after each sidecar task; a
// test cancels the context from it to interrupt a run at a known point.
var afterWriteHook func(*writeTask)

// runWriteTasks merges and writes the sidecars with a bounded pool of
// workers. A cancelled ctx stops them before the next sidecar; a sidecar
// being written is finished (WriteAtomic leaves the old or the new one).
func runWriteTasks(ctx context.Context, j *job, tasks []*writeTask, naming sidecar.Naming, opts sidecar.Options, dryRun bool, jobs int, prog *progress) {
	next := make(chan *writeTask)
	merges := metadata.NewBudget(mergeBudget) // shared by the workers, see mergeBudget
	var wg sync.WaitGroup
	for range clampWorkers(jobs) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rd := metadata.NewReader()
			for t := range next {
				var size int64
				if fi, err := os.Stat(t.target); err == nil && fi.Mode().IsRegular() {
					size = fi.Size()
				}
				release := merges.Hold(metadata.XMPCostBound(size))
				writeOne(j, rd, t, naming, opts, dryRun)
				release()
				prog.did()
				if afterWriteHook != nil {
					afterWriteHook(t)
				}
			}
		}()
	}
	for _, t := range tasks {
		if t.status != statusNotDone {
			prog.did()
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

// writeOne reads the image again, merges its record into the image's
// sidecar and writes it.
func writeOne(j *job, rd *metadata.Reader, t *writeTask, naming sidecar.Naming, opts sidecar.Options, dryRun bool) {
	for _, found := range j.dirs[t.image].find(t.path) {
		if strings.EqualFold(filepath.Base(found), filepath.Base(t.target)) {
			t.target = found // the existing file, spelled as it is (IMG_1.XMP)
			continue
		}
		t.notes = append(t.notes, fmt.Sprintf("%s also exists (the other naming); left alone", filepath.Base(found)))
	}
	img, err := j.image(rd, t.image)
	if err != nil {
		// The file changed or went away since it was matched.
		t.status, t.err = statusSkipped, fmt.Errorf("the image could not be read: %w", err)
		return
	}
	res, err := sidecar.Update(t.target, func(old []byte) ([]byte, error) {
		data, changed, err := sidecar.Merge(old, *t.rec, img, opts)
		t.changed = changed
		return data, err
	}, sidecar.UpdateOptions{DryRun: dryRun, BeforeReplace: beforeReplaceHook})
	var we *sidecar.WriteError
	switch {
	case errors.As(err, &we):
		t.status, t.err = statusFailed, err
		return
	case err != nil:
		// Left alone: a conflict with another program, a sidecar captag
		// cannot parse, or one it must not replace.
		t.status, t.err = statusSkipped, err
		return
	}
	switch res.Outcome {
	case sidecar.Unchanged:
		t.status = statusUnchanged
	case sidecar.Updated:
		t.status = statusUpdated
	default:
		t.status = statusCreated
	}
	if res.Merges > 1 {
		t.notes = append(t.notes, fmt.Sprintf("changed by another program while captag wrote it; merged again with that change (%d merges)", res.Merges))
	}
}

// beforeReplaceHook, when set (by tests), is sidecar.UpdateOptions'
// BeforeReplace for every sidecar written.
var beforeReplaceHook func(path string, round int)

// removeStaleTemps removes, from the folders of the sidecars to write,
// the temporary files an earlier captag write left when it was killed
// (older than sidecar.StaleTempAge), and says so on stderr.
func removeStaleTemps(e *env, tasks []*writeTask, now time.Time) {
	seen := map[string]bool{}
	for _, t := range tasks {
		dir := filepath.Dir(t.target)
		if seen[dir] {
			continue
		}
		seen[dir] = true
		removed, err := sidecar.RemoveStaleTemps(dir, now, sidecar.StaleTempAge)
		for _, r := range removed {
			e.warnf("removed %s, a temporary file left by a captag write that was killed (last written %s)", r.Path, r.ModTime.UTC().Format(time.RFC3339))
		}
		if err != nil {
			e.warnf("stale temporary files in %s: %v", dir, err)
		}
	}
}

func writeWriteText(w io.Writer, p palette, j *job, tasks []*writeTask, dryRun, interrupted bool) {
	b := bufio.NewWriter(w)
	defer b.Flush()
	tw := tabwriter.NewWriter(b, 0, 0, 2, ' ', 0)
	counts := map[writeStatus]int{}
	for _, t := range tasks {
		counts[t.status]++
		var word, detail string
		switch t.status {
		case statusNotDone:
			continue
		case statusShared:
			word, detail = "shared", "one picture with "+filepath.Base(t.sharedBy)+": written once"
		case statusCreated:
			word, detail = "created", strings.Join(t.changed, ", ")
			if dryRun {
				word = "would create"
			}
			word = p.green(word)
		case statusUpdated:
			word, detail = "updated", strings.Join(t.changed, ", ")
			if dryRun {
				word = "would update"
			}
			word = p.green(word)
		case statusUnchanged:
			word = "unchanged"
		case statusSkipped:
			word, detail = p.red("left alone"), t.err.Error()
		case statusFailed:
			word, detail = p.red("failed"), t.err.Error()
		}
		if t.byOrder != "" && (t.status == statusCreated || t.status == statusUpdated || t.status == statusUnchanged) {
			detail += " (by " + t.byOrder + ")"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\n", word, termSafe(t.target), termSafe(detail))
		for _, n := range t.notes {
			fmt.Fprintf(tw, "%s\t%s\t%s\n", p.yellow("warning"), termSafe(t.target), termSafe(n))
		}
	}
	tw.Flush()
	if len(j.plan.UnmatchedRecords) > 0 {
		fmt.Fprintf(b, "\n%s\n", p.red("captions without an image (nothing written):"))
		for _, u := range j.plan.UnmatchedRecords {
			fmt.Fprintf(b, "  line %d: %s\n", j.recs[u.Index].Line, termSafe(u.Reason))
		}
	}
	if len(j.plan.UnmatchedImages)+len(j.bad) > 0 {
		fmt.Fprintf(b, "\n%s\n", p.red("images without a caption (nothing written):"))
		type item struct{ path, reason string }
		var items []item
		for _, u := range j.plan.UnmatchedImages {
			items = append(items, item{j.keys[u.Index].Path, u.Reason})
		}
		for _, f := range j.bad {
			items = append(items, item{f.path, "could not be read: " + f.err.Error()})
		}
		sort.Slice(items, func(a, c int) bool { return items[a].path < items[c].path })
		for _, it := range items {
			fmt.Fprintf(b, "  %s: %s\n", termSafe(it.path), termSafe(it.reason))
		}
	}
	created, updated := "created", "updated"
	if dryRun {
		created, updated = "to create", "to update"
	}
	summary := fmt.Sprintf("%s: %d %s, %d %s, %d unchanged, %d left alone, %d failed",
		plural(len(tasks)-counts[statusShared], "sidecar"), counts[statusCreated], created, counts[statusUpdated], updated,
		counts[statusUnchanged], counts[statusSkipped], counts[statusFailed])
	if n := len(j.plan.UnmatchedRecords) + len(j.plan.UnmatchedImages) + len(j.bad); n > 0 {
		summary += fmt.Sprintf("; %d unmatched", n)
	}
	if dryRun {
		summary += " (dry run: nothing written)"
	}
	if interrupted {
		summary += fmt.Sprintf("; interrupted, %d not started", counts[statusNotDone])
	}
	fmt.Fprintf(b, "\n%s\n", summary)
}

// onePicture reports whether the images that would share one sidecar are
// the files of one picture, paired with one caption; first is the file
// (the first by path) whose task writes the sidecar.
func onePicture(j *job, imgs []string, pairOf map[string]check.Pair) (first string, ok bool) {
	p0, ok := pairOf[imgs[0]]
	if !ok {
		return "", false
	}
	for _, path := range imgs[1:] {
		p, ok := pairOf[path]
		if !ok || p.Record != p0.Record || !check.SamePicture(&j.keys[p0.Image], &j.keys[p.Image]) {
			return "", false
		}
	}
	return imgs[0], true
}

// warnTemps warns, for captag check, about the temporary files of a
// captag write in the folders of the images: one that was killed (a later
// write removes them once they are sidecar.StaleTempAge old), or one
// still running.
func warnTemps(e *env, j *job) {
	seen := map[string]bool{}
	for i := range j.keys {
		dir := filepath.Dir(j.keys[i].Path)
		if seen[dir] {
			continue
		}
		seen[dir] = true
		temps, _ := sidecar.FindTemps(dir)
		for _, t := range temps {
			e.warnf("%s is a temporary file of a captag write that was killed or is still running; its sidecar may not be written (captag write removes it once it is %s old)", t.Path, "an hour")
		}
	}
}
