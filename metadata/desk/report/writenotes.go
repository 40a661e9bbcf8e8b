package report

import (
	"errors"
	"fmt"
	"github.com/captag/captag/metadata/desk"

	"github.com/captag/captag/metadata"
	"github.com/captag/captag/metadata/check"
)

// WriteNotes are what a write left alone that its user must act on,
// beside the report, worded for people and in the order to tell them.
type WriteNotes struct {
	// Collision: an image was left alone because it would share its
	// sidecar with a different picture (another naming would part them).
	Collision bool
	// NotWritten: once each, the reasons of the groups left unmatched
	// because the caption file's direction is unknown; then each partial
	// pair left alone, "IMAGE: why" (PartialPairError).
	NotWritten []string
	// Partial counts the partial pairs of NotWritten (WriteOptions.Accept
	// would write them).
	Partial int
	// Guessed: each group of captions chosen by order that was left
	// alone because the caption file's direction was not given
	// (WriteReport.Guessed).
	Guessed []string
}

// Notes are the write's notes (WriteNotes).
func NotesOfWrite(rep *desk.WriteReport) WriteNotes {
	var n WriteNotes
	for _, t := range rep.Results {
		n.Collision = n.Collision || t.Status == desk.Skipped && t.Collision
	}
	held := map[string]bool{}
	for _, u := range rep.Job().Plan().UnmatchedRecords {
		if u.Code == check.ReasonOrderUnknown && !held[u.Reason] {
			held[u.Reason] = true
			n.NotWritten = append(n.NotWritten, u.Reason)
		}
	}
	for _, t := range rep.Results {
		var pe *desk.PartialPairError
		if t.Status == desk.Skipped && errors.As(t.Err, &pe) {
			n.Partial++
			n.NotWritten = append(n.NotWritten, fmt.Sprintf("%s: %v", metadata.Visible(t.Image), t.Err))
		}
	}
	for _, g := range rep.Guessed {
		n.Guessed = append(n.Guessed, fmt.Sprintf("%d captions (%d different texts) fit %s alike (%s) and were matched by order", g.Captions, g.Texts, Plural(g.Images, "image"), g.Label()))
	}
	return n
}
