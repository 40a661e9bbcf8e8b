package report

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/captag/captag/metadata/desk"
)

// Format names a report format. Every report is rendered the same way:
// Render with the format and the renderers' options; Formats lists the
// formats a report has.
type Format string

const (
	FormatText  Format = "text"  // for people
	FormatJSON  Format = "json"  // for programs, a stable schema
	FormatJUnit Format = "junit" // for CI dashboards (check only)
	FormatHTML  Format = "html"  // a contact sheet (check and match)
)

// Options are the options of every renderer; each reads its own.
type Options struct {
	Format Format
	Text   TextOptions
	// FailOnWarning makes a warning a failed testcase (JUnit).
	FailOnWarning bool
	Sheet         SheetOptions
	// Fix, when its Tool is set, writes a check report's fix file
	// (ExiftoolFix) instead of the report.
	Fix FixOptions
}

// Formats lists the formats Render writes rep in, the default first:
// a *desk.CheckReport text, json, junit, html and csv; a *desk.MatchReport
// text, json and html; an *InspectReport text, json and csv; a
// *desk.WriteReport and a *CaptionsReport text and json; nil for any
// other value.
func Formats(rep any) []Format {
	switch rep.(type) {
	case *desk.CheckReport:
		return []Format{FormatText, FormatJSON, FormatJUnit, FormatHTML, FormatCSV}
	case *desk.MatchReport:
		return []Format{FormatText, FormatJSON, FormatHTML}
	case *InspectReport:
		return []Format{FormatText, FormatJSON, FormatCSV}
	case *desk.WriteReport, *CaptionsReport:
		return []Format{FormatText, FormatJSON}
	}
	return nil
}

// Render writes rep (one of Formats' types but *InspectReport, which
// writes itself as the files come) in o.Format, "" being its first; the
// text, the CSV and the fix file go through SafeWriter (CSV quotes
// but does not escape a control character a store holds). The HTML page
// the check CSV and the fix file stop at ctx's end; the others do not look at ctx.
func Render(ctx context.Context, w io.Writer, rep any, o Options) error {
	f := formatOf(rep, o)
	switch rep := rep.(type) {
	case *CaptionsReport:
		if f != "" {
			return captionsRender(w, rep, f, o.Text)
		}
	case *desk.CheckReport:
		if o.Fix.Tool != "" {
			return checkFix(ctx, SafeWriter(w), rep, o.Fix)
		}
		switch f {
		case FormatJSON:
			return checkJSON(w, rep)
		case FormatJUnit:
			return checkJUnit(w, rep, o.FailOnWarning)
		case FormatHTML:
			return checkHTML(ctx, w, rep, o.Sheet)
		case FormatCSV:
			return checkCSV(ctx, SafeWriter(w), rep)
		case FormatText:
			return checkText(SafeWriter(w), rep, o.Text)
		}
	case *desk.MatchReport:
		switch f {
		case FormatJSON:
			return matchJSON(w, rep)
		case FormatHTML:
			return matchHTML(ctx, w, rep, o.Sheet)
		case FormatText:
			return matchText(SafeWriter(w), rep, o.Text)
		}
	case *desk.WriteReport:
		switch f {
		case FormatJSON:
			return writeJSON(w, rep)
		case FormatText:
			return writeText(SafeWriter(w), rep, o.Text)
		}
	}
	if Formats(rep) == nil {
		return fmt.Errorf("report: expected a check, match, write or captions report, found %T", rep)
	}
	return fmt.Errorf("report: format: expected one of %s, found %q", strings.Join(FormatNames(Formats(rep)), ", "), o.Format)
}

// formatOf is the format o asks of rep: its default when o says none, ""
// when rep has not the one asked.
func formatOf(rep any, o Options) Format {
	fs := Formats(rep)
	switch {
	case len(fs) == 0:
		return ""
	case o.Format == "":
		return fs[0]
	case slices.Contains(fs, o.Format):
		return o.Format
	}
	return ""
}

// FormatNames are the names of formats (Formats), the default first: the
// words a caller offers its user.
func FormatNames(formats []Format) []string {
	var out []string
	for _, f := range formats {
		out = append(out, string(f))
	}
	return out
}
