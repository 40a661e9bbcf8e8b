package desk

import (
	"context"
	"path/filepath"
	"sort"

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
	// Thumbs, when set, fills Result.Thumb (or ThumbNote) for every
	// image: made in the pool right after the image is read, and kept
	// until the report is dropped (a few kilobytes each). A renderer of
	// a large folder leaves KeepStores and Thumbs off and has each
	// result's made as it writes it (CheckReport.Each).
	Thumbs *Thumbs
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
	// Temps are the temporary files of a captag write found in the
	// images' folders: one that was killed (a later write removes them
	// once they are sidecar.StaleTempAge old), or one still running.
	Temps []sidecar.Temp

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
	Images     int        `json:"images"`
	Records    int        `json:"records"`
	Matched    int        `json:"matched"`
	Errors     int        `json:"errors"`
	Warnings   int        `json:"warnings"`
	NotChecked NotChecked `json:"not_checked"`
	// CaptionOrder is which way the caption file was taken to run, as in
	// match's summary: it decided the pairs chosen by order.
	CaptionOrder CaptionOrder `json:"caption_order"`
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

	ImageBytes []byte `json:"image_bytes,omitempty"` // the path's bytes (base64) when they are not UTF-8 (RawName)

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
}

func storeValues(img *metadata.Image) []StoreValues {
	var out []StoreValues
	for _, s := range img.Stores() {
		v := StoreValues{Kind: s.Kind, Creators: s.Creators, Credit: s.Credit, Source: s.Source, Copyright: s.Copyright}
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
	if err := j.start(ctx, true, true, true); err != nil {
		return nil, err
	}
	rep := &CheckReport{UnmatchedRecords: []RecordRef{}, UnmatchedImages: []string{}, Temps: j.temps()}
	count := func(fs []check.Finding) {
		for _, f := range fs {
			if f.Severity == metadata.SeverityError {
				rep.Summary.Errors++
			} else {
				rep.Summary.Warnings++
			}
			if f.NotChecked {
				switch f.Field {
				case check.FieldDate:
					rep.Summary.NotChecked.Date++
				case check.FieldCreator:
					rep.Summary.NotChecked.Creator++
				case check.FieldCredit:
					rep.Summary.NotChecked.Credit++
				}
			}
		}
	}

	pairs := j.plan.Pairs // in image path order
	j.progress(Progress{Phase: PhaseCheck, Total: len(pairs)})
	found := map[int]compared{} // pair index → findings, for the pairs that have some (or all, with KeepStores)
	done := 0
	forEachOrdered(ctx, len(pairs), j.opts.Workers, func(rd *metadata.Reader, k int) compared {
		p := pairs[k]
		img, err := j.image(rd, p.Image)
		if err != nil {
			// The file changed or went away since it was matched.
			return compared{findings: []check.Finding{{
				Severity: metadata.SeverityError, Field: check.FieldFile,
				Message: "the image could not be read: " + err.Error(),
			}}, kept: opts.Thumbs != nil || opts.KeepStores, thumb: thumbResult{note: unreadableNote}}
		}
		c := compared{findings: check.Readings(p, check.Compare(j.recs[p.Record], img, p.By, opts.Options))}
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
		j.progress(Progress{Phase: PhaseCheck, Done: done, Total: len(pairs)})
		count(c.findings)
		if len(c.findings) > 0 || c.kept {
			found[k] = c
		}
	})
	if err := ctx.Err(); err != nil {
		return nil, err
	}

	// The results merge three lists, each in path order: the images (paired
	// or not), then the unreadable files.
	pairOf := make([]int32, len(j.keys)) // image → pair index + 1, 0 when unmatched
	for k, p := range pairs {
		pairOf[p.Image] = int32(k + 1)
	}
	unmatchedImg := make(map[int]check.Finding, len(j.plan.UnmatchedImages))
	for _, u := range j.plan.UnmatchedImages {
		f := check.UnmatchedFinding("image", u.Reason, opts.AllowUnmatched)
		unmatchedImg[u.Index] = f
		rep.UnmatchedImages = append(rep.UnmatchedImages, j.keys[u.Index].Path)
		count([]check.Finding{f})
	}
	badFinding := func(b scanned) check.Finding {
		return check.Finding{Severity: metadata.SeverityError, Field: check.FieldFile, Message: "the image could not be read: " + b.err.Error()}
	}
	for _, b := range j.bad {
		count([]check.Finding{badFinding(b)})
	}
	sort.Strings(rep.UnmatchedImages)
	var unmatchedThumbs map[int]thumbResult
	if opts.Thumbs != nil {
		idx := make([]int, len(j.plan.UnmatchedImages))
		for k, u := range j.plan.UnmatchedImages {
			idx[k] = u.Index
		}
		unmatchedThumbs = j.thumbsOf(ctx, idx, opts.Thumbs)
		if err := ctx.Err(); err != nil {
			return nil, err
		}
	}
	for _, u := range j.plan.UnmatchedRecords {
		rep.UnmatchedRecords = append(rep.UnmatchedRecords, refOf(&j.recs[u.Index]))
		rep.UnmatchedFindings = append(rep.UnmatchedFindings, check.UnmatchedFinding("record", u.Reason, opts.AllowUnmatched))
	}
	count(rep.UnmatchedFindings)

	// order[i] is the i-th result: an image index, or -1-b for j.bad[b].
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
	rep.n = len(order)
	rep.result = func(n int) Result {
		o := int(order[n])
		if o < 0 {
			b := j.bad[-1-o]
			r := Result{Image: b.path, ImageBytes: RawName(b.path), Findings: []check.Finding{badFinding(b)}}
			if opts.Thumbs != nil {
				r.ThumbNote = unreadableNote
			}
			return r
		}
		path := j.keys[o].Path
		if k := int(pairOf[o]) - 1; k >= 0 {
			p := pairs[k]
			rec := &j.recs[p.Record]
			ref := refOf(rec)
			c := found[k]
			fs := c.findings
			if fs == nil {
				fs = []check.Finding{}
			}
			return Result{Image: path, ImageBytes: RawName(path), Record: &ref, MatchedBy: string(p.By), Group: groupOf(p), Findings: fs,
				Pair: p, Caption: rec, Stores: c.stores, Thumb: c.thumb.thumb, ThumbNote: c.thumb.note}
		}
		t := unmatchedThumbs[o]
		return Result{Image: path, ImageBytes: RawName(path), Findings: []check.Finding{unmatchedImg[o]}, Thumb: t.thumb, ThumbNote: t.note}
	}
	rep.fill = func(rd *metadata.Reader, n int, r *Result, o Previews) {
		oi := int(order[n])
		if oi < 0 {
			if o.Thumbs != nil {
				r.ThumbNote = unreadableNote
			}
			return
		}
		if o.Stores && pairOf[oi] > 0 {
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
	rep.job = j
	rep.Summary.Images = len(j.keys) + len(j.bad)
	rep.Summary.Records = len(j.recs)
	rep.Summary.Matched = len(pairs)
	rep.Summary.CaptionOrder = captionOrderOf(j.plan)
	return rep, nil
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
