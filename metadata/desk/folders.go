package desk

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"io/fs"
	"iter"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/captag/captag/metadata"
	"github.com/captag/captag/metadata/caption"
	"github.com/captag/captag/metadata/check"
)

// Shard is the part K of N (1 ≤ K ≤ N) of a run over the folders of an
// archive (Options.Shard); the zero Shard is the whole run.
type Shard struct {
	K int `json:"k"`
	N int `json:"n"`
}

// ParseShard reads "K/N" (1-based, as jest and playwright count); ""
// is the zero Shard.
func ParseShard(s string) (Shard, error) {
	if s == "" {
		return Shard{}, nil
	}
	k, n, ok := strings.Cut(s, "/")
	ki, err1 := strconv.Atoi(strings.TrimSpace(k))
	ni, err2 := strconv.Atoi(strings.TrimSpace(n))
	if !ok || err1 != nil || err2 != nil || ni < 1 || ki < 1 || ki > ni {
		return Shard{}, fmt.Errorf("desk: shard: expected K/N with 1 ≤ K ≤ N, such as 2/7, found %q", s)
	}
	return Shard{K: ki, N: ni}, nil
}

// ShardOf is the shard (1..n) of the folder at rel, its path relative to
// the root given, with "/" between names ("." for the root itself): the
// 32-bit FNV-1a hash of those bytes, modulo n, plus 1. It depends on
// nothing else (not the listing order, the machine or the other
// folders), so every run over the archive puts a folder in the same
// shard.
func ShardOf(rel string, n int) int {
	h := fnv.New32a()
	h.Write([]byte(rel))
	return int(h.Sum32()%uint32(n)) + 1
}

// FolderRun is one folder of a run with a caption file per folder
// (Options.CaptionsPerFolder), as the check report lists it.
type FolderRun struct {
	Folder string `json:"folder"`
	// Captions is the folder's caption file; "" when it has none.
	Captions string `json:"captions"`
	// CaptionOrder is which way that file was taken to run; nil without
	// one (or when it could not be read).
	CaptionOrder *CaptionOrder `json:"caption_order"`
	// Error is why the caption file could not be read; "" when it was.
	Error string `json:"error,omitempty"`
}

// folderJob is one folder of a per-folder job: its own job over the
// folder's files (not its subfolders), and its caption file.
type folderJob struct {
	run FolderRun
	job *Job
}

// openFolders lists the folders of opts.Roots (with their subfolders
// when Recursive, hidden ones skipped, links to folders not followed),
// keeps those of opts.Shard, and opens a job for each that holds a file
// or the caption file (Open).
func openFolders(ctx context.Context, opts Options) (*Job, error) {
	var dirs []string
	for _, root := range opts.Roots {
		st, err := os.Stat(root)
		if err != nil {
			return nil, WalkErrors{{Path: root, Err: err}}
		}
		if !st.IsDir() {
			return nil, fmt.Errorf("desk: a caption file per folder: expected folders, found the file %s", root)
		}
		err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			switch {
			case err != nil:
				return err
			case !d.IsDir():
				return nil
			case path != root && (strings.HasPrefix(d.Name(), ".") || !opts.Recursive):
				return filepath.SkipDir
			}
			rel, _ := filepath.Rel(root, path)
			if opts.Shard.N == 0 || ShardOf(filepath.ToSlash(rel), opts.Shard.N) == opts.Shard.K {
				dirs = append(dirs, path)
			}
			return nil
		})
		if err != nil {
			return nil, WalkErrors{{Path: root, Err: err}}
		}
	}
	sort.Strings(dirs)
	dirs = slices.Compact(dirs)                    // a folder under two roots given is checked once
	j := &Job{opts: opts, folders: []*folderJob{}} // not nil: a shard may have no folder
	for _, dir := range dirs {
		sub := opts
		sub.Roots, sub.Recursive, sub.Records, sub.CaptionsPerFolder, sub.Shard = []string{dir}, false, []caption.Record{}, "", Shard{}
		sub.Progress = j.folderProgress
		sj, err := Open(ctx, sub)
		if err != nil {
			return nil, err
		}
		f := &folderJob{run: FolderRun{Folder: dir}, job: sj}
		if p := filepath.Join(dir, opts.CaptionsPerFolder); isRegular(p) {
			f.run.Captions = p
		} else if len(sj.files) == 0 {
			continue // nothing to check, nothing to report
		}
		j.folders = append(j.folders, f)
	}
	return j, nil
}

func isRegular(path string) bool {
	st, err := os.Stat(path)
	return err == nil && st.Mode().IsRegular()
}

// folderProgress passes a folder's progress on, but for its match, whose
// total is the folder's alone (a folder of captions only has no image):
// the whole run's is said at its end (checkFolders).
func (j *Job) folderProgress(p Progress) {
	if p.Phase != PhaseMatch {
		j.progress(p)
	}
}

// checkFolders is Check of a per-folder job: each folder in turn, with
// every worker and the whole cache budget, against its own caption file
// (what the cache kept of a folder is dropped when its check is done),
// and one report of them all (combine).
func (j *Job) checkFolders(ctx context.Context, opts CheckOptions) (*CheckReport, error) {
	parts := make([]*CheckReport, len(j.folders))
	images := 0
	for i, f := range j.folders {
		f.job.store, f.run.CaptionOrder, f.run.Error = &caption.Store{}, nil, ""
		if f.run.Captions != "" {
			src := j.opts.Captions
			src.Path, src.Reader, src.Name = f.run.Captions, nil, ""
			res, err := loadCaptions(ctx, src, true)
			switch {
			case ctx.Err() != nil:
				return nil, ctx.Err()
			case j.opts.Loaded != nil:
				j.opts.Loaded(src, res)
			}
			switch {
			case err != nil:
				f.run.Error = err.Error()
			default:
				f.job.store = res.Store
			}
		}
		rep, err := f.job.Check(ctx, opts)
		if err != nil {
			return nil, err
		}
		rep.job.kept = nil
		if f.run.Captions != "" && f.run.Error == "" {
			co := rep.Summary.CaptionOrder
			f.run.CaptionOrder = &co
		}
		parts[i] = rep
		images += rep.Summary.Images
	}
	j.progress(Progress{Phase: PhaseMatch, Total: images})
	runs := make([]FolderRun, len(j.folders))
	for i, f := range j.folders {
		runs[i] = f.run
	}
	rep := combine(parts, runs, j.opts.CaptionsPerFolder, j)
	if j.opts.Shard.N != 0 {
		shard := j.opts.Shard
		rep.Shard = &shard
	}
	return rep, nil
}

// combine makes one report of the folders' reports: the counts summed,
// the results in path order as one run gives them, the captions of a
// folder named by their file (RecordRef.Captions), the images of a
// folder without a caption file (or with one that could not be read)
// saying so.
func combine(parts []*CheckReport, runs []FolderRun, name string, parent *Job) *CheckReport {
	rep := &CheckReport{UnmatchedRecords: []RecordRef{}, UnmatchedImages: []string{}, Superseded: []Superseded{}, Folders: runs}
	type at struct{ part, i int32 }
	var order []at
	var paths []string
	run := &Job{opts: parent.opts}
	for p, part := range parts {
		s := part.Summary
		rep.Summary.add(s)
		rep.Temps = append(rep.Temps, part.Temps...)
		rep.UnmatchedImages = append(rep.UnmatchedImages, part.UnmatchedImages...)
		rep.Superseded = append(rep.Superseded, part.Superseded...)
		for k, r := range part.UnmatchedRecords {
			r.Captions = runs[p].Captions
			rep.UnmatchedRecords = append(rep.UnmatchedRecords, r)
			f := part.UnmatchedFindings[k]
			f.Message = strings.Replace(f.Message, "caption not matched", "caption of "+r.Captions+" not matched", 1)
			rep.UnmatchedFindings = append(rep.UnmatchedFindings, f)
		}
		run.plan.Pairs = append(run.plan.Pairs, part.job.plan.Pairs...)
		run.outOfScope = append(run.outOfScope, part.job.outOfScope...)
		for i := range part.Len() {
			order = append(order, at{int32(p), int32(i)})
			paths = append(paths, part.Result(i).Image)
		}
	}
	rep.Summary.CaptionOrder = combineOrders(runs)
	idx := make([]int, len(order))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return paths[idx[a]] < paths[idx[b]] })
	rep.n, rep.job = len(order), run
	rep.result = func(i int) Result {
		o := order[idx[i]]
		r := parts[o.part].Result(int(o.i))
		return folderResult(r, runs[o.part], name)
	}
	rep.fill = func(rd *metadata.Reader, i int, r *Result, pv Previews) {
		o := order[idx[i]]
		parts[o.part].fill(rd, int(o.i), r, pv)
	}
	sortReport(rep)
	return rep
}

// folderResult is r, a result of the folder of fr, as the whole run
// gives it: its caption names its file; an image of a folder without
// its caption file says that it could not be checked, and why.
func folderResult(r Result, fr FolderRun, name string) Result {
	if r.Record != nil {
		ref := *r.Record
		ref.Captions = fr.Captions
		r.Record = &ref
	}
	if fr.Captions != "" && fr.Error == "" {
		return r
	}
	why := "no caption file " + name + " in its folder"
	if fr.Error != "" {
		why = "its folder's caption file could not be read (" + fr.Error + ")"
	}
	fs := make([]check.Finding, len(r.Findings))
	for k, f := range r.Findings {
		if f.Field == check.FieldMatch {
			f.Message = "image not checked: " + why
		}
		fs[k] = f
	}
	r.Findings = fs
	return r
}

// add adds the counts of s to the summary (not CaptionOrder).
func (sum *CheckSummary) add(s CheckSummary) {
	sum.Images += s.Images
	sum.NotImages += s.NotImages
	sum.Records += s.Records
	sum.Matched += s.Matched
	sum.Errors += s.Errors
	sum.Warnings += s.Warnings
	sum.NotChecked.Date += s.NotChecked.Date
	sum.NotChecked.Creator += s.NotChecked.Creator
	sum.NotChecked.Credit += s.NotChecked.Credit
	sum.OutOfScope += s.OutOfScope
}

// DirectionMixed is the caption order of a run whose caption files were
// taken to run different ways (CheckSummary.CaptionOrder).
const DirectionMixed = "mixed"

// combineOrders is the caption order of a run over folders: the one
// caption file's when there is one; when all were read the same way,
// that way; else "mixed". The reason counts the files per way. Folders
// without a readable caption file do not count.
func combineOrders(runs []FolderRun) CaptionOrder {
	var orders []CaptionOrder
	for _, r := range runs {
		if r.CaptionOrder != nil {
			orders = append(orders, *r.CaptionOrder)
		}
	}
	switch len(orders) {
	case 0:
		return CaptionOrder{Direction: string(check.DirUnknown), From: "detected", Reason: "no caption file was read"}
	case 1:
		return orders[0]
	}
	c := CaptionOrder{Direction: orders[0].Direction, From: orders[0].From}
	count := map[string]int{}
	var ways []string
	for _, o := range orders {
		if count[o.Direction] == 0 {
			ways = append(ways, o.Direction)
		}
		count[o.Direction]++
		if o.Direction != c.Direction {
			c.Direction = DirectionMixed
		}
		if o.From != c.From {
			c.From = "detected"
		}
	}
	sort.Strings(ways)
	parts := make([]string, len(ways))
	for i, w := range ways {
		parts[i] = fmt.Sprintf("%d %s", count[w], w)
	}
	c.Reason = fmt.Sprintf("%d caption files, one per folder: %s", len(orders), strings.Join(parts, ", "))
	return c
}

// sortReport puts the lists of a report over folders in the order one
// run gives them, whatever order its parts came in: unmatched images
// by path, unmatched captions by caption file and line, superseded
// captions by image and line, folders by path.
func sortReport(rep *CheckReport) {
	sort.Strings(rep.UnmatchedImages)
	idx := make([]int, len(rep.UnmatchedRecords))
	for i := range idx {
		idx[i] = i
	}
	recs, fs := rep.UnmatchedRecords, rep.UnmatchedFindings
	sort.SliceStable(idx, func(a, b int) bool {
		ra, rb := recs[idx[a]], recs[idx[b]]
		if ra.Captions != rb.Captions {
			return ra.Captions < rb.Captions
		}
		return ra.Line < rb.Line
	})
	rep.UnmatchedRecords, rep.UnmatchedFindings = make([]RecordRef, len(idx)), make([]check.Finding, len(idx))
	for k, i := range idx {
		rep.UnmatchedRecords[k], rep.UnmatchedFindings[k] = recs[i], fs[i]
	}
	sort.SliceStable(rep.Superseded, func(a, b int) bool {
		sa, sb := rep.Superseded[a], rep.Superseded[b]
		if sa.Image != sb.Image {
			return sa.Image < sb.Image
		}
		return sa.Line < sb.Line
	})
	sort.SliceStable(rep.Folders, func(a, b int) bool { return rep.Folders[a].Folder < rep.Folders[b].Folder })
}

// errPerFolder is the error of Match and Write on a per-folder job.
var errPerFolder = errors.New("desk: a caption file per folder: expected check, which alone runs one per folder; match and write take one caption file")

// folderInputs are the Inputs of a per-folder job: each folder's caption
// file, then its job's.
func (j *Job) folderInputs() iter.Seq[Input] {
	return func(yield func(Input) bool) {
		for _, f := range j.folders {
			if f.run.Captions != "" && !yield(Input{Path: f.run.Captions, CaptionFile: true}) {
				return
			}
			for in := range f.job.Inputs() {
				if !yield(in) {
					return
				}
			}
		}
	}
}
