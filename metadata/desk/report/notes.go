package report

import (
	"fmt"
	"strings"

	"github.com/captag/captag/metadata/check"
	"github.com/captag/captag/metadata/desk"
)

// Level is how a note is told: an error, a warning or a hint.
type Level int

const (
	LevelError Level = iota
	LevelWarning
	LevelHint
)

// NoteCode says what a note is about, so that a caller can add its own
// words (a flag that would change it) beside it.
type NoteCode int

const (
	NoteOther           NoteCode = iota
	NoteSameFile                 // captions that name one image, none used (without Options.Latest); an error
	NoteSkipped                  // a file Options.SkipNonImages skipped, or how many more; a warning
	NoteBaseName                 // how many captions were paired by base name; a warning
	NoteBaseNameOnly             // captions naming another folder would pair by base name; a hint
	NoteCollision                // an image left alone: its sidecar would be another picture's; a hint, no text
	NoteNotWritten               // a group left unmatched, the caption file's direction unknown; an error
	NotePartial                  // a partial pair left alone (WriteOptions.Accept would write it); an error
	NoteGuessed                  // captions chosen by order, left alone: the direction not given; an error
	NoteCaptionFile              // a caption file's own note (a column skipped, the encoding guessed); a warning
	NoteEncodingGuessed          // the caption file's encoding was guessed, or a record lost characters; a hint
	NoteEncodingLost             // a record lost characters to U+FFFD in the encoding given; a hint
	NoteTemplate                 // the write template holds properties captag does not write; a warning
)

// Note is one thing a run did that its user should know beside the
// report, worded for people (plain text; a caller escapes it for its
// terminal).
type Note struct {
	Level Level
	Code  NoteCode
	Text  string
}

// maxSkippedListed is how many files skipped with Options.SkipNonImages
// the notes name; the others are counted.
const maxSkippedListed = 20

// JobNotes are the notes of the job's last run (Match, Check or Write),
// in the order to tell them: the errors, the warnings, the hints; file
// names the caption file in them.
func JobNotes(j *desk.Job, file string) []Note {
	var n []Note
	recs, plan := j.RecordStore(), j.Plan()
	for _, sf := range plan.SameFile {
		if sf.Latest {
			continue
		}
		lines := make([]string, len(sf.Records))
		for k, r := range sf.Records {
			lines[k] = fmt.Sprintf("%s:%d", file, recs.Line(r))
		}
		who, none := "both name", "neither is used"
		if len(lines) > 2 {
			who, none = "all name", "none is used"
		}
		n = append(n, Note{LevelError, NoteSameFile, fmt.Sprintf("%s %s %s; %s", strings.Join(lines[:len(lines)-1], ", ")+" and "+lines[len(lines)-1], who, j.ImagePath(sf.Image), none)})
	}
	skipped := j.Skipped()
	for i, f := range skipped {
		if i == maxSkippedListed {
			n = append(n, Note{LevelWarning, NoteSkipped, fmt.Sprintf("skipped %s more named like images that are not images", Plural(len(skipped)-i, "file"))})
			break
		}
		n = append(n, Note{LevelWarning, NoteSkipped, fmt.Sprintf("skipped %s: %v", f.Path, f.Err)})
	}
	// What the base-name rule did: with StrategyName, how many captions
	// were paired by base name although their file names carry another
	// folder (the caller asked for it, but should know); otherwise, that
	// the captions naming another folder would pair by base name.
	var first *check.Pair
	byBase := 0
	for i, p := range plan.Pairs {
		if p.By == check.ByBaseName {
			if first == nil || recs.Line(p.Record) < recs.Line(first.Record) {
				first = &plan.Pairs[i]
			}
			byBase++
		}
	}
	if byBase > 0 {
		n = append(n, Note{LevelWarning, NoteBaseName, fmt.Sprintf("%s paired by base name, their file names pointing to another folder (line %d names %s, paired with %s)",
			Plural(byBase, "caption"), recs.Line(first.Record), recs.File(first.Record), j.ImagePath(first.Image))})
	}
	if len(plan.BaseNameOnly) > 0 {
		p := plan.BaseNameOnly[0]
		more := ""
		if k := len(plan.BaseNameOnly) - 1; k > 0 {
			more = fmt.Sprintf(" (and %s like it)", Plural(k, "caption"))
		}
		n = append(n, Note{LevelHint, NoteBaseNameOnly, fmt.Sprintf("caption line %d names %s; %s is in the folder%s%s",
			recs.Line(p.Record), recs.File(p.Record), j.ImagePath(p.Image), more, j.Hint(check.ReasonBaseName))})
	}
	return n
}
