package desk

import (
	"sort"
)

// WriteSummary is the summary of captag write --format json.
type WriteSummary struct {
	Images      int           `json:"images"` // matched images (results)
	Sidecars    SidecarCounts `json:"sidecars"`
	Embed       *EmbedCounts  `json:"embed,omitempty"` // with --embed
	Unmatched   int           `json:"unmatched"`       // captions and images left unmatched, files that could not be read
	DryRun      bool          `json:"dry_run"`
	Interrupted bool          `json:"interrupted"`
	OutOfScope  int           `json:"out_of_scope"` // captions that name none of the image files given (Job.OutOfScope)
}

// SidecarCounts are the results per sidecar status.
type SidecarCounts struct {
	Created   int `json:"created"`
	Updated   int `json:"updated"`
	Unchanged int `json:"unchanged"`
	LeftAlone int `json:"left_alone"`
	Failed    int `json:"failed"`
	Shared    int `json:"shared"`
	NoSidecar int `json:"no_sidecar,omitempty"`
	NotDone   int `json:"not_done"`
}

// EmbedCounts are the results per embed status.
type EmbedCounts struct {
	Embedded    int `json:"embedded"`
	Unchanged   int `json:"unchanged"`
	Refused     int `json:"refused"`
	Failed      int `json:"failed"`
	NotEmbedded int `json:"not_embedded"`
	Warnings    int `json:"warnings"`
}

// writeJSONResult is one image of captag write --format json.
type writeJSONResult struct {
	SourceFile string     `json:"SourceFile"` // Image, under exiftool's key
	Image      string     `json:"image"`
	ImageBytes []byte     `json:"image_bytes,omitempty"` // the path's bytes (base64) when they are not UTF-8 (rawName)
	Record     RecordRef  `json:"record"`
	MatchedBy  string     `json:"matched_by"`
	Group      *Group     `json:"group,omitempty"`
	Accepted   bool       `json:"accepted,omitempty"` // a partial pair written because it was accepted
	Sidecar    string     `json:"sidecar"`
	Status     string     `json:"status"` // WriteStatus.String()
	Changed    []string   `json:"changed"`
	Error      string     `json:"error,omitempty"`
	Notes      []string   `json:"notes,omitempty"`
	SharedBy   string     `json:"shared_by,omitempty"`
	Embed      *embedJSON `json:"embed,omitempty"`
}

// embedJSON is what became of the image itself (--embed).
type embedJSON struct {
	Status   string   `json:"status"` // EmbedStatus.String()
	Format   string   `json:"format"`
	IIM      []string `json:"iim"`
	XMP      []string `json:"xmp"`
	EXIF     []string `json:"exif"`
	Warnings []string `json:"warnings"`
	Rights   string   `json:"rights,omitempty"`
	Error    string   `json:"error,omitempty"`
}

func orEmpty(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// JSON returns the result as captag write --format json prints it: a
// value to encode with encoding/json.
func (t *WriteResult) JSON() any {
	out := writeJSONResult{
		SourceFile: t.Image, Image: t.Image, ImageBytes: rawName(t.Image), MatchedBy: string(t.Pair.By), Group: groupOf(t.Pair),
		Sidecar: t.Target, Status: t.Status.String(), Changed: orEmpty(t.Changed), Error: errText(t.Err),
		Notes: t.Notes, SharedBy: t.SharedBy, Accepted: t.Accepted,
	}
	if t.Record != nil {
		out.Record = refOf(*t.Record)
	}
	if e := t.Embed; e != nil {
		out.Embed = &embedJSON{Status: e.Status.String(), Format: e.Format, IIM: orEmpty(e.IIM), XMP: orEmpty(e.XMP),
			EXIF: orEmpty(e.EXIF), Warnings: orEmpty(e.Warnings), Rights: e.Rights, Error: errText(e.Err)}
	}
	return out
}

// Summary counts the results; unmatched is what the job left unmatched
// (UnmatchedRecords and UnmatchedImages).
func (r *WriteReport) Summary() WriteSummary {
	s := WriteSummary{Images: len(r.Results), Unmatched: len(r.UnmatchedRecords) + len(r.UnmatchedImages), DryRun: r.DryRun, Interrupted: r.Interrupted,
		OutOfScope: r.OutOfScope}
	if r.Embedding {
		s.Embed = &EmbedCounts{}
	}
	for _, t := range r.Results {
		switch t.Status {
		case Created:
			s.Sidecars.Created++
		case Updated:
			s.Sidecars.Updated++
		case Unchanged:
			s.Sidecars.Unchanged++
		case Skipped:
			s.Sidecars.LeftAlone++
		case Failed:
			s.Sidecars.Failed++
		case Shared:
			s.Sidecars.Shared++
		case NoSidecar:
			s.Sidecars.NoSidecar++
		default:
			s.Sidecars.NotDone++
		}
		if t.Embed == nil || s.Embed == nil {
			continue
		}
		s.Embed.Warnings += len(t.Embed.Warnings)
		switch t.Embed.Status {
		case Embedded:
			s.Embed.Embedded++
		case EmbedUnchanged:
			s.Embed.Unchanged++
		case Refused:
			s.Embed.Refused++
		case EmbedFailed:
			s.Embed.Failed++
		case NotEmbedded:
			s.Embed.NotEmbedded++
		}
	}
	return s
}

// unmatched fills the report's UnmatchedRecords and UnmatchedImages from
// the job's plan (files that could not be read among the images).
func (r *WriteReport) unmatched(j *Job) {
	r.UnmatchedRecords = []UnmatchedRecord{}
	for _, u := range j.plan.UnmatchedRecords {
		rec := j.record(u.Index)
		r.UnmatchedRecords = append(r.UnmatchedRecords, UnmatchedRecord{Line: rec.Line, Text: rec.Text, Reason: u.Reason})
	}
	r.UnmatchedImages = []UnmatchedImage{}
	for _, u := range j.plan.UnmatchedImages {
		p := j.keys[u.Index].Path
		r.UnmatchedImages = append(r.UnmatchedImages, UnmatchedImage{Image: p, Reason: u.Reason, ImageBytes: rawName(p)})
	}
	for _, b := range j.bad {
		r.UnmatchedImages = append(r.UnmatchedImages, UnmatchedImage{Image: b.path, Reason: "could not be read: " + b.err.Error(), ImageBytes: rawName(b.path)})
	}
	sort.SliceStable(r.UnmatchedImages, func(a, b int) bool { return r.UnmatchedImages[a].Image < r.UnmatchedImages[b].Image })
	r.Superseded = j.Superseded()
	r.OutOfScope = len(j.outOfScope)
}
