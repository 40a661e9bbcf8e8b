package report

import (
	"fmt"
	"strings"
	"time"

	"github.com/captag/captag/metadata"
	"github.com/captag/captag/metadata/caption"
	"github.com/captag/captag/metadata/check"
	"github.com/captag/captag/sidecar"
)

// The wording below is shared by the reports for people (text, HTML): plain
// text, which each renderer escapes its own way.

// RecordText is a short reference to a record: "line 9 (Aref Watad,
// 2016-12-19)".
func RecordText(r *caption.Record) string {
	var parts []string
	if len(r.Creators) > 0 {
		parts = append(parts, joinNonEmpty(", ", r.Creators...))
	}
	if d := r.DateString(); d != "" {
		if r.DateInferred {
			d += ", year from the image"
		}
		parts = append(parts, d)
	}
	if r.File != "" {
		parts = append(parts, metadata.Visible(r.File))
	}
	if len(parts) == 0 {
		return fmt.Sprintf("line %d", r.Line)
	}
	return fmt.Sprintf("line %d (%s)", r.Line, joinNonEmpty("; ", parts...))
}

// OrderNote says which pairs were chosen by order among different
// captions, a line per group (at most 10, then a count), and whether the
// verdict depends on it: "by order among 8 (Aref Watad, 2016-12-19): 7
// images; the captions share date, photographer and credit, so the
// verdict does not depend on which goes with which". None when no pair
// was.
func OrderNote(pairs []check.Pair) []string {
	var groups []*check.Group
	n := map[*check.Group]int{}
	for _, p := range pairs {
		if p.Group == nil {
			continue
		}
		if n[p.Group] == 0 {
			groups = append(groups, p.Group)
		}
		n[p.Group]++
	}
	var lines []string
	const maxLines = 10 // a large folder can have thousands of groups
	for k, g := range groups {
		if k == maxLines {
			same := 0
			for _, g := range groups[k:] {
				if g.SameVerdict {
					same++
				}
			}
			lines = append(lines, fmt.Sprintf("and %d more groups chosen by order (%d of them sharing date, photographer and credit); captag match lists them", len(groups)-k, same))
			break
		}
		line := fmt.Sprintf("by order among %d (%s): %s", g.Captions, g.Label(), Plural(n[g], "image"))
		if g.SameVerdict {
			line += "; the captions share date, photographer and credit, so the verdict does not depend on which goes with which"
		} else {
			line += "; the captions differ in more than their text, so check which goes with which"
		}
		lines = append(lines, line)
	}
	return lines
}

// joinNonEmpty joins the parts that are not empty.
func joinNonEmpty(sep string, parts ...string) string {
	var out []string
	for _, s := range parts {
		if s != "" {
			out = append(out, s)
		}
	}
	return strings.Join(out, sep)
}

// Plural writes "1 record", "2 records": how captag's reports count.
func Plural(n int, word string) string {
	if n == 1 {
		return fmt.Sprintf("%d %s", n, word)
	}
	return fmt.Sprintf("%d %ss", n, word)
}

// TempNote says what a temporary file captag left beside the images is: a
// copy of which file (a JPEG being embedded into, or a sidecar), from a
// write that was killed or one still running, and what becomes of it
// (CheckReport.Temps).
func TempNote(t sidecar.Temp) string {
	what := tempWhat(t)
	switch t.State {
	case sidecar.TempKilled:
		return t.Path + " is " + what + " that was killed; the next captag write in this folder removes it"
	case sidecar.TempLive:
		return t.Path + " is " + what + " still running"
	}
	return t.Path + " is " + what + " that was killed or is still running; captag write removes it once it is an hour old"
}

// RemovedTempNote says which stale temporary file a write removed
// (WriteReport.RemovedTemps), and when it was last written (in UTC).
func RemovedTempNote(t sidecar.Temp) string {
	return fmt.Sprintf("removed %s, %s that was killed (last written %s)", t.Path, tempWhat(t), t.ModTime.UTC().Format(time.RFC3339))
}

// tempWhat says what a temporary file is a copy of, as its name tells:
// "a temporary copy of photo.jpg from a captag embed".
func tempWhat(t sidecar.Temp) string {
	switch {
	case t.Of != "" && t.Kind == sidecar.KindImage:
		return "a temporary copy of " + t.Of + " from a captag embed"
	case t.Of != "":
		return "a temporary file of the sidecar " + t.Of + " from a captag write"
	}
	return "a temporary file of a captag write"
}
