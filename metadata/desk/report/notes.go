package report

import (
	"fmt"
	"github.com/captag/captag/metadata/desk"
	"strings"

	"github.com/captag/captag/metadata/check"
)

// Notes are what a run of the job did that its user should know beside
// the report, worded for people (plain text; a caller escapes it for its
// terminal), in the order to tell them.
type Notes struct {
	// Errors: an image several captions name (a caption sent again as a
	// correction) and none of them was used (without Options.Latest),
	// each naming the lines as FILE:LINE.
	Errors []string
	// Warnings: the files Options.SkipNonImages skipped (up to
	// maxSkippedListed, then how many more), each with what it is; then
	// once how many captions were paired by base name.
	Warnings []string
	// Hints: once, that the captions naming another folder would pair by
	// base name, with Options.Hints' for check.ReasonBaseName.
	Hints []string
}

// maxSkippedListed is how many files skipped with Options.SkipNonImages
// the notes name; the others are counted.
const maxSkippedListed = 20

// Notes are the notes of the job's last run (Match, Check or Write); file
// names the caption file in them.
func JobNotes(j *desk.Job, file string) Notes {
	var n Notes
	recs, plan := j.Records(), j.Plan()
	for _, sf := range plan.SameFile {
		if sf.Latest {
			continue
		}
		lines := make([]string, len(sf.Records))
		for k, r := range sf.Records {
			lines[k] = fmt.Sprintf("%s:%d", file, recs[r].Line)
		}
		who, none := "both name", "neither is used"
		if len(lines) > 2 {
			who, none = "all name", "none is used"
		}
		n.Errors = append(n.Errors, fmt.Sprintf("%s %s %s; %s", strings.Join(lines[:len(lines)-1], ", ")+" and "+lines[len(lines)-1], who, j.ImagePath(sf.Image), none))
	}
	skipped := j.Skipped()
	for i, f := range skipped {
		if i == maxSkippedListed {
			n.Warnings = append(n.Warnings, fmt.Sprintf("skipped %s more named like images that are not images", Plural(len(skipped)-i, "file")))
			break
		}
		n.Warnings = append(n.Warnings, fmt.Sprintf("skipped %s: %v", f.Path, f.Err))
	}
	// What the base-name rule did: with StrategyName, how many captions
	// were paired by base name although their file names carry another
	// folder (the caller asked for it, but should know); otherwise, that
	// the captions naming another folder would pair by base name.
	var first *check.Pair
	byBase := 0
	for i, p := range plan.Pairs {
		if p.By == check.ByBaseName {
			if first == nil || recs[p.Record].Line < recs[first.Record].Line {
				first = &plan.Pairs[i]
			}
			byBase++
		}
	}
	if byBase > 0 {
		n.Warnings = append(n.Warnings, fmt.Sprintf("%s paired by base name, their file names pointing to another folder (line %d names %s, paired with %s)",
			Plural(byBase, "caption"), recs[first.Record].Line, recs[first.Record].File, j.ImagePath(first.Image)))
	}
	if len(plan.BaseNameOnly) > 0 {
		p := plan.BaseNameOnly[0]
		more := ""
		if k := len(plan.BaseNameOnly) - 1; k > 0 {
			more = fmt.Sprintf(" (and %s like it)", Plural(k, "caption"))
		}
		n.Hints = append(n.Hints, fmt.Sprintf("caption line %d names %s; %s is in the folder%s%s",
			recs[p.Record].Line, recs[p.Record].File, j.ImagePath(p.Image), more, j.Hint(check.ReasonBaseName)))
	}
	return n
}
