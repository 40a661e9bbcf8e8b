package desk

import (
	"fmt"
	"sort"
	"unicode/utf8"

	"github.com/captag/captag/metadata/caption"
	"github.com/captag/captag/metadata/check"
)

// The report types below are the JSON that captag's --format json prints
// (README.md calls the schema stable): a field added here is added there.
// Fields tagged `json:"-"` are for renderers (text, HTML) and are never
// printed.

// RecordRef is how reports point at a caption record.
type RecordRef struct {
	Line int    `json:"line"`
	Text string `json:"text"`
	// Captions is the caption file of the record in a run with a
	// caption file per folder (Options.CaptionsPerFolder); "" otherwise.
	Captions string `json:"captions,omitempty"`
}

func refOf(r caption.Record) RecordRef { return RecordRef{Line: r.Line, Text: r.Text} }

// CaptionOrder is which way the caption file was taken to run.
type CaptionOrder struct {
	Direction string `json:"direction"` // newest-first, oldest-first, unknown
	From      string `json:"from"`      // detected, given
	// Reason is, when detected, from what; when given, the hint of
	// check.ReasonOrderGiven (Options.Hints: cmd/captag names its flag).
	Reason string `json:"reason"`
}

func (j *Job) captionOrder() CaptionOrder {
	p := &j.plan
	c := CaptionOrder{Direction: string(p.CaptionOrder), From: "detected", Reason: p.CaptionOrderWhy}
	if p.CaptionOrderGiven {
		c.From, c.Reason = "given", j.Hint(check.ReasonOrderGiven)
	}
	return c
}

// Group is the group of different captions an "order" pair was chosen
// in.
type Group struct {
	By        string   `json:"by"`
	Captions  int      `json:"captions"`
	Texts     int      `json:"texts"`
	Images    int      `json:"images"`
	Creators  []string `json:"creators"`
	Date      string   `json:"date"`
	Direction string   `json:"direction"`
	Rank      int      `json:"rank"`
}

func groupOf(p check.Pair) *Group {
	g := p.Group
	if g == nil {
		return nil
	}
	who := g.Creators
	if who == nil {
		who = []string{}
	}
	return &Group{By: string(g.By), Captions: g.Captions, Texts: g.Texts, Images: g.Images, Creators: who, Date: g.Day, Direction: string(g.Direction), Rank: int(p.Rank)}
}

// rawName is the bytes of a file name that is not valid UTF-8, nil for one
// that is. JSON strings are Unicode: encoding/json writes such a name with
// U+FFFD in place of the bad bytes, and nobody can open the file by it; so
// the reports give these bytes beside the name ("path_bytes",
// "image_bytes"), which encoding/json writes as base64.
func rawName(s string) []byte {
	if utf8.ValidString(s) {
		return nil
	}
	return []byte(s)
}

// Superseded is a caption set aside for a later one in the caption file
// that names the same image (Options.Latest: a caption sent again as a
// correction). It is neither paired nor unmatched.
type Superseded struct {
	Line  int    `json:"line"`  // the caption set aside
	By    int    `json:"by"`    // the line of the caption used instead
	Image string `json:"image"` // the image both name

	ImageBytes []byte `json:"image_bytes,omitempty"` // the path's bytes (base64) when they are not UTF-8 (rawName)
}

// Superseded lists the captions set aside with Options.Latest, by line;
// empty before Match, Check or Write ran.
func (j *Job) Superseded() []Superseded {
	j = j.last()
	out := []Superseded{}
	for _, sf := range j.plan.SameFile {
		if !sf.Latest {
			continue
		}
		by := j.store.Line(sf.Records[len(sf.Records)-1])
		path := j.keys[sf.Image].Path
		for _, r := range sf.Records[:len(sf.Records)-1] {
			out = append(out, Superseded{Line: j.store.Line(r), By: by, Image: path, ImageBytes: rawName(path)})
		}
	}
	sort.SliceStable(out, func(a, b int) bool { return out[a].Line < out[b].Line })
	return out
}

// PairText words how a pair was made: "date+creator", "text (0.85)",
// "order among 8 (Aref Watad, 2016-12-19)".
func PairText(p check.Pair) string {
	switch {
	case p.Group != nil:
		return fmt.Sprintf("order among %d (%s)", p.Group.Captions, p.Group.Label())
	case p.By == check.ByText && p.Text < 1:
		return fmt.Sprintf("text (%.2f)", p.Text)
	}
	return string(p.By)
}

// Job is the job whose run made the report: its plan, records and notes
// for a renderer.
func (r *CheckReport) Job() *Job { return r.job }

// Job is the job whose run made the report.
func (out *MatchReport) Job() *Job { return out.job }

// Job is the job whose run made the report.
func (rep *WriteReport) Job() *Job { return rep.job }
