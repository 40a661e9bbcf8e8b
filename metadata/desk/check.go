package desk

import (
	"context"
	"fmt"
	"path/filepath"
	"sort"
	"strings"

	"github.com/captag/captag/metadata"
	"github.com/captag/captag/metadata/caption"
	"github.com/captag/captag/metadata/check"
	"github.com/captag/captag/sidecar"
)

// CheckOptions tune Check.
type CheckOptions struct {
	check.Options
	// AllowUnmatched makes unmatched captions and images warnings, not
	// errors.
	AllowUnmatched bool
	// KeepStores fills Result.Stores, for a renderer that shows what
	// each store says (it costs a few hundred bytes per image).
	KeepStores bool
	// Ships says which stores travel with each image (ShipsDefault: the
	// embedded stores, and the sidecar of a raw file); only those are
	// compared, and a field that only a store left out gives is missing.
	Ships Ships
	// Thumbs, when set, fills Result.Thumb (or ThumbNote) for every
	// image: made in the pool right after the image is read, and kept
	// until the report is dropped (a few kilobytes each). A renderer of
	// a large folder leaves KeepStores and Thumbs off and has each
	// result's made as it writes it (CheckReport.Each).
	Thumbs *Thumbs
}

// AllowMissing sets AllowMissingDate and AllowMissingCreator from words
// ("date", "creator", in any case): the fields that may be missing from
// every store, a warning then rather than an error.
func (o *CheckOptions) AllowMissing(words []string) error {
	o.AllowMissingDate, o.AllowMissingCreator = false, false
	for _, w := range words {
		switch strings.ToLower(strings.TrimSpace(w)) {
		case "date":
			o.AllowMissingDate = true
		case "creator":
			o.AllowMissingCreator = true
		default:
			return fmt.Errorf("expected date or creator, found %q", w)
		}
	}
	return nil
}

// CheckReport is the verdict (captag check --format json). Its results are
// not held as a list: Result(i) builds the i-th (in image path order) from
// the job's keys and records and the findings of the comparison pass, so
// that a report on a hundred thousand images holds only the findings, not
// a result per image.
type CheckReport struct {
	Summary          CheckSummary
	UnmatchedRecords []RecordRef
	UnmatchedImages  []string
	// UnmatchedFindings go with UnmatchedRecords, one each.
	UnmatchedFindings []check.Finding
	// Superseded are the captions set aside for a later one naming the
	// same image (Options.Latest).
	Superseded []Superseded
	// Temps are the temporary files of a captag write found in the
	// images' folders, each saying what it is a copy of (a sidecar, or an
	// image being embedded into) and whether its writer was killed (a
	// later write removes it) or is still running (sidecar.FindTemps).
	Temps []sidecar.Temp
	// Folders are, for a run with a caption file per folder
	// (Options.CaptionsPerFolder), its folders in path order; nil
	// otherwise.
	Folders []FolderRun
	// Shard is the shard of the folders the run took (Options.Shard); nil
	// for a whole run, and for a merged one.
	Shard *Shard

	n      int
	result func(i int) Result
	// fill adds to the i-th result what o asks (Each), on a worker.
	fill func(rd *metadata.Reader, i int, r *Result, o Previews)
	job  *Job
}

// Len is the number of results: every image read, matched or not, and
// every file that could not be read.
func (r *CheckReport) Len() int { return r.n }

// Result is the i-th result, in path order.
func (r *CheckReport) Result(i int) Result { return r.result(i) }

// CheckSummary counts the verdict.
type CheckSummary struct {
	Images int `json:"images"`
	// NotImages counts, of Images, the files named like images that are
	// not (empty, another type, a named pipe): each is an error finding.
	NotImages  int        `json:"not_images"`
	Records    int        `json:"records"`
	Matched    int        `json:"matched"`
	Errors     int        `json:"errors"`
	Warnings   int        `json:"warnings"`
	NotChecked NotChecked `json:"not_checked"`
	// CaptionOrder is which way the caption file was taken to run, as in
	// match's summary: it decided the pairs chosen by order.
	CaptionOrder CaptionOrder `json:"caption_order"`
	// OutOfScope counts the captions that name none of the image files
	// given (and no folder was given): not unmatched, no finding
	// (Job.OutOfScope).
	OutOfScope int `json:"out_of_scope"`
}

// NotChecked counts, per field, the pairs whose field could not be
// checked because the caption does not give it.
type NotChecked struct {
	Date    int `json:"date"`
	Creator int `json:"creator"`
	Credit  int `json:"credit"`
}

// Total is the sum of the counts.
func (n NotChecked) Total() int { return n.Date + n.Creator + n.Credit }

// Result is one image (or unreadable file) and its findings.
type Result struct {
	Image     string          `json:"image"`
	Record    *RecordRef      `json:"record"`
	MatchedBy string          `json:"matched_by"`
	Group     *Group          `json:"group,omitempty"` // the pair was chosen by order among different captions
	Findings  []check.Finding `json:"findings"`

	ImageBytes []byte `json:"image_bytes,omitempty"` // the path's bytes (base64) when they are not UTF-8 (rawName)

	// Pair is how the image was paired (method, group, rank), when it was.
	Pair check.Pair `json:"-"`
	// Caption is the whole caption record, nil for an image without one.
	Caption *caption.Record `json:"-"`
	// Stores are what each store of the image says of the fields check
	// compares, with CheckOptions.KeepStores; the findings say which
	// disagree.
	Stores []StoreValues `json:"-"`
	// Thumb is the image's JPEG thumbnail, with CheckOptions.Thumbs; nil
	// when it has none, and then ThumbNote says why.
	Thumb     []byte `json:"-"`
	ThumbNote string `json:"-"`
}

// StoreValues are the values of one store that check compares.
type StoreValues struct {
	Kind     metadata.StoreKind
	Date     string // as the store states it; "" when it has none
	Creators []string
	Credit   string
	Source   string
	// Copyright is the store's copyright notice (EXIF Copyright, IIM
	// CopyrightNotice, dc:rights): check reads an agency it names.
	Copyright string
	// Charset is the IIM store's (metadata.Store.Charset): how its text
	// was decoded, "" for ASCII only.
	Charset string
}

func storeValues(img *metadata.Image) []StoreValues {
	var out []StoreValues
	for _, s := range img.Stores() {
		v := StoreValues{Kind: s.Kind, Creators: s.Creators, Credit: s.Credit, Source: s.Source, Copyright: s.Copyright, Charset: s.Charset}
		if !s.Date.IsZero() {
			v.Date = s.Date.String()
		}
		out = append(out, v)
	}
	return out
}

// compared is what the comparison pass keeps of one pair.
type compared struct {
	findings []check.Finding
	stores   []StoreValues
	thumb    thumbResult
	kept     bool // kept whatever its findings (KeepStores, Thumbs)
}

// Check reads the images (with their sidecars), pairs them with the
// captions and compares each pair, then adds the unmatched and unreadable
// files. Images are never modified.
//
// The pairs are compared in a bounded pool: each image is taken from the
// first pass's cache or read again, compared with its record and dropped;
// only its findings are kept, and most pairs have none. The summary is
// complete when Check returns, so a report can print it before the
// results.
func (j *Job) Check(ctx context.Context, opts CheckOptions) (*CheckReport, error) {
	if j.folders != nil {
		return j.checkFolders(ctx, opts)
	}
	j = j.begin() // this run's own state: the job runs again as Open left it
	if err := j.start(ctx, true, true, true, &opts); err != nil {
		return nil, err
	}
	rep := &CheckReport{UnmatchedRecords: []RecordRef{}, UnmatchedImages: []string{}, Temps: j.temps()}
	found := j.comparePairs(ctx, opts, &rep.Summary)
	j.pre = nil
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	ix := &checkIndex{j: j, pairs: j.plan.Pairs, found: found, thumbs: opts.Thumbs != nil, pairOf: j.pairOf(), order: j.resultOrder()}
	ix.unmatchedImg = j.unmatchedImages(rep, opts.AllowUnmatched)
	for _, b := range j.bad {
		rep.Summary.count([]check.Finding{badFinding(b)})
	}
	sort.Strings(rep.UnmatchedImages)
	if opts.Thumbs != nil {
		ix.unmatchedThumbs = j.unmatchedThumbs(ctx, opts.Thumbs)
		if err := ctx.Err(); err != nil {
			return nil, err
		}
	}
	j.unmatchedRecords(rep, opts.AllowUnmatched)

	rep.n = len(ix.order)
	rep.result = ix.result
	rep.fill = ix.fill
	rep.job = j
	rep.Summary.Images = len(j.keys) + len(j.bad)
	for _, b := range j.bad {
		if isNotImage(b.err) {
			rep.Summary.NotImages++
		}
	}
	rep.Summary.Records = j.store.Len()
	rep.Summary.Matched = len(ix.pairs)
	rep.Summary.CaptionOrder = j.captionOrder()
	rep.Summary.OutOfScope = len(j.outOfScope)
	rep.Superseded = j.Superseded()
	return rep, nil
}

// count adds the findings fs to the summary: errors, warnings, and the
// fields not checked.
func (s *CheckSummary) count(fs []check.Finding) {
	for _, f := range fs {
		if f.Severity == metadata.SeverityError {
			s.Errors++
		} else {
			s.Warnings++
		}
		if f.NotChecked {
			switch f.Field {
			case check.FieldDate:
				s.NotChecked.Date++
			case check.FieldCreator:
				s.NotChecked.Creator++
			case check.FieldCredit:
				s.NotChecked.Credit++
			}
		}
	}
}

// comparePairs is the comparison pass: each pair of the plan is compared
// in the pool (its image taken from the cache or read again, with its
// stores and thumbnail when opts asks), its findings counted into sum and
// reported as progress. It returns what was kept by pair index: the pairs
// with findings, and every pair with KeepStores or Thumbs. On
// cancellation the map is partial (the caller checks ctx).
func (j *Job) comparePairs(ctx context.Context, opts CheckOptions, sum *CheckSummary) map[int]compared {
	pairs := j.plan.Pairs // in image path order
	j.progress(Progress{Phase: PhaseCheck, Total: len(pairs)})
	found := map[int]compared{} // pair index → findings, for the pairs that have some (or all, with KeepStores)
	done := 0
	forEachOrdered(ctx, len(pairs), j.opts.Workers, func(rd *metadata.Reader, k int) compared {
		p := pairs[k]
		if fs, ok := j.pre.take(p); ok {
			return compared{findings: check.Readings(p, fs)}
		}
		img, err := j.image(rd, p.Image)
		if err != nil {
			// The file changed or went away since it was matched.
			return compared{findings: []check.Finding{{
				Severity: metadata.SeverityError, Field: check.FieldFile,
				Message: "the image could not be read: " + err.Error(),
			}}, kept: opts.Thumbs != nil || opts.KeepStores, thumb: thumbResult{note: unreadableNote}}
		}
		view, left := opts.Ships.shipped(img)
		rec := j.record(p.Record)
		fs := check.Compare(rec, view, p.By, opts.Options)
		fs = notShipped(fs, img.Path, left)
		fs = ownSidecar(fs, img, &rec, p)
		c := compared{findings: check.Readings(p, fs)}
		if opts.KeepStores {
			c.stores, c.kept = storeValues(img), true
		}
		if opts.Thumbs != nil {
			// The image's metadata is read; its reader's budget lease has
			// ended, so the decode can hold the budget.
			c.thumb, c.kept = j.thumb(j.keys[p.Image].Path, opts.Thumbs), true
		}
		return c
	}, func(k int, c compared) {
		done++
		j.passProgress(PhaseCheck, done, len(pairs))
		sum.count(c.findings)
		if len(c.findings) > 0 || c.kept {
			found[k] = c
		}
	})
	return found
}

// pairOf returns, for each image, its pair index + 1, or 0 when it is
// unmatched.
func (j *Job) pairOf() []int32 {
	pairOf := make([]int32, len(j.keys))
	for k, p := range j.plan.Pairs {
		pairOf[p.Image] = int32(k + 1)
	}
	return pairOf
}

// unmatchedImages lists the unmatched images' paths in rep (unsorted),
// counts their findings into its summary, and returns the finding of
// each by image index.
func (j *Job) unmatchedImages(rep *CheckReport, allowUnmatched bool) map[int][]check.Finding {
	unmatchedImg := make(map[int][]check.Finding, len(j.plan.UnmatchedImages))
	for _, u := range j.plan.UnmatchedImages {
		f := check.UnmatchedFinding("image", u.Reason, allowUnmatched)
		if j.keys[u.Index].Own() {
			f.Message += "; the caption captag wrote for it earlier is not evidence of its pair"
		}
		// What could not be read is said of an unmatched image as of a
		// paired one: a file cut short is no less so for lacking a caption.
		fs := append([]check.Finding{f}, j.keys[u.Index].Unread()...)
		unmatchedImg[u.Index] = fs
		rep.UnmatchedImages = append(rep.UnmatchedImages, j.keys[u.Index].Path)
		rep.Summary.count(fs)
	}
	return unmatchedImg
}

// badFinding is the finding of a file that could not be read.
func badFinding(b scanned) check.Finding {
	if isNotImage(b.err) {
		// Named like an image, it is none: what a gate exists to stop.
		return check.Finding{Severity: metadata.SeverityError, Field: check.FieldFile, Message: "not an image: " + b.err.Error()}
	}
	return check.Finding{Severity: metadata.SeverityError, Field: check.FieldFile, Message: "the image could not be read: " + b.err.Error()}
}

// unmatchedThumbs makes the thumbnails of the unmatched images, by image
// index (partial on cancellation).
func (j *Job) unmatchedThumbs(ctx context.Context, t *Thumbs) map[int]thumbResult {
	idx := make([]int, len(j.plan.UnmatchedImages))
	for k, u := range j.plan.UnmatchedImages {
		idx[k] = u.Index
	}
	return j.thumbsOf(ctx, idx, t)
}

// unmatchedRecords puts the unmatched captions and their findings into
// rep and counts the findings into its summary.
func (j *Job) unmatchedRecords(rep *CheckReport, allowUnmatched bool) {
	for _, u := range j.plan.UnmatchedRecords {
		rep.UnmatchedRecords = append(rep.UnmatchedRecords, refOf(j.record(u.Index)))
		rep.UnmatchedFindings = append(rep.UnmatchedFindings, check.UnmatchedFinding("record", u.Reason, allowUnmatched))
	}
	rep.Summary.count(rep.UnmatchedFindings)
}

// resultOrder returns the results in path order, merging the images
// (paired or not) and the unreadable files: an image index, or -1-b for
// j.bad[b].
func (j *Job) resultOrder() []int32 {
	order := make([]int32, 0, len(j.keys)+len(j.bad))
	for i, b := 0, 0; i < len(j.keys) || b < len(j.bad); {
		if b == len(j.bad) || i < len(j.keys) && j.keys[i].Path < j.bad[b].path {
			order = append(order, int32(i))
			i++
		} else {
			order = append(order, int32(-1-b))
			b++
		}
	}
	return order
}

// checkIndex is what a CheckReport keeps to build its results on demand:
// the order of the results, the pairing and what the comparison pass
// kept.
type checkIndex struct {
	j               *Job
	pairs           []check.Pair // the plan's, in image path order
	order           []int32      // see resultOrder
	pairOf          []int32      // see Job.pairOf
	found           map[int]compared
	unmatchedImg    map[int][]check.Finding
	unmatchedThumbs map[int]thumbResult
	thumbs          bool // CheckOptions.Thumbs was set
}

// result returns the n-th result (CheckReport.Result): an unreadable
// file, a pair with its kept findings, stores and thumbnail, or an
// unmatched image.
func (ix *checkIndex) result(n int) Result {
	j := ix.j
	o := int(ix.order[n])
	if o < 0 {
		b := j.bad[-1-o]
		r := Result{Image: b.path, ImageBytes: rawName(b.path), Findings: []check.Finding{badFinding(b)}}
		if ix.thumbs {
			r.ThumbNote = unreadableNote
		}
		return r
	}
	path := j.keys[o].Path
	if k := int(ix.pairOf[o]) - 1; k >= 0 {
		p := ix.pairs[k]
		rec := j.record(p.Record)
		ref := refOf(rec)
		c := ix.found[k]
		fs := c.findings
		if fs == nil {
			fs = []check.Finding{}
		}
		return Result{Image: path, ImageBytes: rawName(path), Record: &ref, MatchedBy: string(p.By), Group: groupOf(p), Findings: fs,
			Pair: p, Caption: &rec, Stores: c.stores, Thumb: c.thumb.thumb, ThumbNote: c.thumb.note}
	}
	t := ix.unmatchedThumbs[o]
	return Result{Image: path, ImageBytes: rawName(path), Findings: ix.unmatchedImg[o], Thumb: t.thumb, ThumbNote: t.note}
}

// fill adds to the n-th result r what o asks (CheckReport.Each), on a
// worker with reader rd: the stores of a paired image, read again, and
// the thumbnail.
func (ix *checkIndex) fill(rd *metadata.Reader, n int, r *Result, o Previews) {
	j := ix.j
	oi := int(ix.order[n])
	if oi < 0 {
		if o.Thumbs != nil {
			r.ThumbNote = unreadableNote
		}
		return
	}
	if o.Stores && ix.pairOf[oi] > 0 {
		img, err := j.image(rd, oi)
		if err != nil {
			// As Check: a file that changed or went away since.
			if o.Thumbs != nil {
				r.Thumb, r.ThumbNote = nil, unreadableNote
			}
			return
		}
		r.Stores = storeValues(img)
	}
	if o.Thumbs != nil {
		// The image's metadata is read; its reader's budget lease has
		// ended, so the decode can hold the budget.
		t := j.thumb(j.keys[oi].Path, o.Thumbs)
		r.Thumb, r.ThumbNote = t.thumb, t.note
	}
}

// temps lists the temporary files of a captag write in the folders of the
// images, folder by folder in the images' path order.
func (j *Job) temps() []sidecar.Temp {
	var out []sidecar.Temp
	seen := map[string]bool{}
	for i := range j.keys {
		dir := filepath.Dir(j.keys[i].Path)
		if seen[dir] {
			continue
		}
		seen[dir] = true
		temps, _ := sidecar.FindTemps(dir)
		out = append(out, temps...)
	}
	return out
}

// without returns list without x.
func without(list []string, x string) []string {
	var out []string
	for _, s := range list {
		if s != x {
			out = append(out, s)
		}
	}
	return out
}
