package report

import (
	"errors"
	"fmt"

	"github.com/captag/captag/metadata"
	"github.com/captag/captag/metadata/check"
	"github.com/captag/captag/metadata/desk"
	"github.com/captag/captag/sidecar"
)

// WriteNotes are what a write left alone that its user must act on,
// beside the report, in the order to tell them: a collision (an image left
// alone because it would share its sidecar with a different picture, and
// sidecar.NameExt would part them); the reasons of the groups left
// unmatched because the caption file's direction is unknown, once each;
// each partial pair left alone, "IMAGE: why" (PartialPairError); each group
// of captions chosen by order left alone because the direction was not
// given (WriteReport.Guessed).
func WriteNotes(rep *desk.WriteReport) []Note {
	var n []Note
	for _, t := range rep.Results {
		if t.Status == desk.Skipped && t.Collision && sidecar.Path(t.Image, sidecar.NameExt) != t.Target {
			n = append(n, Note{LevelHint, NoteCollision, ""})
			break
		}
	}
	held := map[string]bool{}
	for _, u := range rep.Job().Plan().UnmatchedRecords {
		if u.Code == check.ReasonOrderUnknown && !held[u.Reason] {
			held[u.Reason] = true
			n = append(n, Note{LevelError, NoteNotWritten, "not written: " + u.Reason})
		}
	}
	for _, t := range rep.Results {
		var pe *desk.PartialPairError
		if t.Status == desk.Skipped && errors.As(t.Err, &pe) {
			n = append(n, Note{LevelError, NotePartial, fmt.Sprintf("not written: %s: %v", metadata.Visible(t.Image), t.Err)})
		}
	}
	if s := rep.Template.IgnoredNote(); s != "" {
		n = append(n, Note{LevelWarning, NoteTemplate, s})
	}
	for _, g := range rep.Guessed {
		n = append(n, Note{LevelError, NoteGuessed, fmt.Sprintf("not written: %d captions (%d different texts) fit %s alike (%s) and were matched by order", g.Captions, g.Texts, Plural(g.Images, "image"), g.Label())})
	}
	return n
}
