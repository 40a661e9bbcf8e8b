package desk

import (
	"context"
	"sort"

	"github.com/captag/captag/metadata/caption"
	"github.com/captag/captag/metadata/check"
)

// MatchOptions tune Match.
type MatchOptions struct {
	// Explain adds, per image, the captions considered and why the chosen
	// one won.
	Explain bool
	// Thumbs, when set, fills the Thumb (or ThumbNote) of every pair and
	// unmatched image, made in the worker pool after the pairing and kept
	// with the report (MatchReport.EachPair and EachUnmatchedImage make
	// them as a renderer writes them instead).
	Thumbs *Thumbs
}

// MatchReport is the plan (captag match --format json).
type MatchReport struct {
	Summary          MatchSummary      `json:"summary"`
	Pairs            []MatchPair       `json:"pairs"`
	UnmatchedRecords []UnmatchedRecord `json:"unmatched_records"`
	UnmatchedImages  []UnmatchedImage  `json:"unmatched_images"`
	Superseded       []Superseded      `json:"superseded"`

	job *Job // for EachPair, EachUnmatchedImage
}

// MatchSummary counts the plan.
type MatchSummary struct {
	Images       int          `json:"images"`
	Records      int          `json:"records"`
	Matched      int          `json:"matched"`
	Unreadable   int          `json:"unreadable"`
	CaptionOrder CaptionOrder `json:"caption_order"`
	// OutOfScope counts the captions that name none of the image files
	// given (and no folder was given): not unmatched (Job.OutOfScope).
	OutOfScope int `json:"out_of_scope"`
}

// MatchPair is one image and its caption.
type MatchPair struct {
	Image      string     `json:"image"`
	Record     RecordRef  `json:"record"`
	MatchedBy  string     `json:"matched_by"`
	Group      *Group     `json:"group,omitempty"`
	Similarity *float64   `json:"similarity,omitempty"`
	Explain    *Explained `json:"explain,omitempty"`

	ImageBytes []byte `json:"image_bytes,omitempty"` // the path's bytes (base64) when they are not UTF-8 (rawName)

	Pair    check.Pair      `json:"-"` // how it was paired (method, group, rank)
	Caption *caption.Record `json:"-"` // the whole record

	// Thumb is the image's JPEG thumbnail, with MatchOptions.Thumbs; nil
	// when it has none, and then ThumbNote says why.
	Thumb     []byte `json:"-"`
	ThumbNote string `json:"-"`
}

// Explained is one image's explanation (MatchOptions.Explain).
type Explained struct {
	Why        string      `json:"why"`
	Candidates []Candidate `json:"candidates"`
	More       int         `json:"more"`
}

// Candidate is one caption considered for an image.
type Candidate struct {
	Line    int      `json:"line"`
	Text    *float64 `json:"text_similarity"`
	Date    bool     `json:"date_agrees"`
	Creator bool     `json:"creator_agrees"`
	Chosen  bool     `json:"chosen"`
}

// UnmatchedRecord is a caption left without an image, and why.
type UnmatchedRecord struct {
	Line   int    `json:"line"`
	Text   string `json:"text"`
	Reason string `json:"reason"`
}

// UnmatchedImage is an image left without a caption (or a file that could
// not be read), and why.
type UnmatchedImage struct {
	Image   string     `json:"image"`
	Reason  string     `json:"reason"`
	Explain *Explained `json:"explain,omitempty"`

	ImageBytes []byte `json:"image_bytes,omitempty"` // the path's bytes (base64) when they are not UTF-8 (rawName)

	// Thumb and ThumbNote as MatchPair's.
	Thumb     []byte `json:"-"`
	ThumbNote string `json:"-"`

	unreadable bool // the file could not be read: no thumbnail
}

func (j *Job) explained(e check.Explanation) *Explained {
	out := &Explained{Why: e.Why, More: e.More, Candidates: []Candidate{}}
	for _, c := range e.Candidates {
		cj := Candidate{Line: j.store.Line(c.Record), Date: c.Date, Creator: c.Creator, Chosen: c.Chosen}
		if c.Text >= 0 {
			t := round2(c.Text)
			cj.Text = &t
		}
		out.Candidates = append(out.Candidates, cj)
	}
	return out
}

func round2(f float64) float64 { return float64(int(f*100+0.5)) / 100 }

// Match reads the images (with their sidecars) and pairs them with the
// captions. Nothing is written.
func (j *Job) Match(ctx context.Context, opts MatchOptions) (*MatchReport, error) {
	if j.folders != nil {
		return nil, errPerFolder
	}
	j = j.begin() // this run's own state: the job runs again as Open left it
	j.explain = opts.Explain
	if err := j.start(ctx, true, false, false, nil); err != nil {
		return nil, err
	}
	p := j.plan
	out := &MatchReport{
		Summary: MatchSummary{Images: len(j.keys) + len(j.bad), Records: j.store.Len(), Matched: len(p.Pairs), Unreadable: len(j.bad),
			CaptionOrder: j.captionOrder(), OutOfScope: len(j.outOfScope)},
		Pairs: []MatchPair{}, UnmatchedRecords: []UnmatchedRecord{}, UnmatchedImages: []UnmatchedImage{}, Superseded: j.Superseded(),
		job: j,
	}
	var why map[int]*Explained // image → explanation
	if opts.Explain {
		why = map[int]*Explained{}
		mo := check.MatchOptions{CaptionOrder: j.opts.CaptionOrder, Latest: j.opts.Latest, Hints: j.opts.Hints}
		for _, x := range check.ExplainStore(j.store, j.keys, p, mo) {
			why[x.Image] = j.explained(x)
		}
	}
	var thumbs map[int]thumbResult // image → thumbnail
	if opts.Thumbs != nil {
		idx := make([]int, 0, len(p.Pairs)+len(p.UnmatchedImages))
		for _, pr := range p.Pairs {
			idx = append(idx, pr.Image)
		}
		for _, u := range p.UnmatchedImages {
			idx = append(idx, u.Index)
		}
		thumbs = j.thumbsOf(ctx, idx, opts.Thumbs)
		if err := ctx.Err(); err != nil {
			return nil, err
		}
	}
	for _, pr := range p.Pairs {
		path := j.keys[pr.Image].Path
		rec := j.record(pr.Record)
		pj := MatchPair{Image: path, ImageBytes: rawName(path), Record: refOf(rec), MatchedBy: string(pr.By), Group: groupOf(pr), Explain: why[pr.Image],
			Pair: pr, Caption: &rec, Thumb: thumbs[pr.Image].thumb, ThumbNote: thumbs[pr.Image].note}
		if pr.By == check.ByText {
			s := round2(float64(pr.Text))
			pj.Similarity = &s
		}
		out.Pairs = append(out.Pairs, pj)
	}
	for _, u := range p.UnmatchedRecords {
		r := j.record(u.Index)
		out.UnmatchedRecords = append(out.UnmatchedRecords, UnmatchedRecord{Line: r.Line, Text: r.Text, Reason: u.Reason})
	}
	for _, u := range p.UnmatchedImages {
		path := j.keys[u.Index].Path
		out.UnmatchedImages = append(out.UnmatchedImages, UnmatchedImage{Image: path, ImageBytes: rawName(path), Reason: u.Reason, Explain: why[u.Index],
			Thumb: thumbs[u.Index].thumb, ThumbNote: thumbs[u.Index].note})
	}
	for _, b := range j.bad {
		u := UnmatchedImage{Image: b.path, ImageBytes: rawName(b.path), Reason: "could not be read: " + b.err.Error(), unreadable: true}
		if opts.Thumbs != nil {
			u.ThumbNote = unreadableNote
		}
		out.UnmatchedImages = append(out.UnmatchedImages, u)
	}
	sort.SliceStable(out.UnmatchedImages, func(a, b int) bool { return out.UnmatchedImages[a].Image < out.UnmatchedImages[b].Image })
	return out, nil
}
