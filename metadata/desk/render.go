package desk

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strings"
)

// Format names a report format. Every report is rendered the same way:
// Render with the format and the renderers' options, and each report
// lists the formats it has (Formats).
type Format string

const (
	FormatText  Format = "text"  // for people (WriteText)
	FormatJSON  Format = "json"  // for programs, a stable schema (WriteJSON)
	FormatJUnit Format = "junit" // for CI dashboards (CheckReport.WriteJUnit)
	FormatHTML  Format = "html"  // a contact sheet (WriteHTML)
)

// RenderOptions are the options of every renderer; each reads its own.
type RenderOptions struct {
	Format Format
	Text   TextOptions
	// FailOnWarning makes a warning a failed testcase (JUnit).
	FailOnWarning bool
	Sheet         SheetOptions
}

// Report is a report that can be rendered: CheckReport, MatchReport,
// WriteReport.
type Report interface {
	// Formats lists the formats Render writes, the first the default.
	Formats() []Format
	// Render writes the report in o.Format ("" is the first of Formats),
	// the text through SafeWriter. The HTML page stops at ctx's end; the
	// others do not look at ctx.
	Render(ctx context.Context, w io.Writer, o RenderOptions) error
}

var (
	_ Report = (*CheckReport)(nil)
	_ Report = (*MatchReport)(nil)
	_ Report = (*WriteReport)(nil)
)

// Formats: text, json, junit, html.
func (rep *CheckReport) Formats() []Format {
	return []Format{FormatText, FormatJSON, FormatJUnit, FormatHTML}
}

// Formats: text, json, html.
func (out *MatchReport) Formats() []Format { return []Format{FormatText, FormatJSON, FormatHTML} }

// Formats: text, json.
func (rep *WriteReport) Formats() []Format { return []Format{FormatText, FormatJSON} }

// Render writes the check report in o.Format.
func (rep *CheckReport) Render(ctx context.Context, w io.Writer, o RenderOptions) error {
	switch formatOf(rep, o) {
	case FormatJSON:
		return rep.WriteJSON(w)
	case FormatJUnit:
		return rep.WriteJUnit(w, o.FailOnWarning)
	case FormatHTML:
		return rep.WriteHTML(ctx, w, o.Sheet)
	case FormatText:
		return rep.WriteText(SafeWriter(w), o.Text)
	}
	return formatError(rep, o.Format)
}

// Render writes the plan in o.Format.
func (out *MatchReport) Render(ctx context.Context, w io.Writer, o RenderOptions) error {
	switch formatOf(out, o) {
	case FormatJSON:
		return out.WriteJSON(w)
	case FormatHTML:
		return out.WriteHTML(ctx, w, o.Sheet)
	case FormatText:
		return out.WriteText(SafeWriter(w), o.Text)
	}
	return formatError(out, o.Format)
}

// Render writes the write report in o.Format.
func (rep *WriteReport) Render(_ context.Context, w io.Writer, o RenderOptions) error {
	switch formatOf(rep, o) {
	case FormatJSON:
		return rep.WriteJSON(w)
	case FormatText:
		return rep.WriteText(SafeWriter(w), o.Text)
	}
	return formatError(rep, o.Format)
}

// formatOf is the format o asks of r: its default when o says none, ""
// when r has not the one asked.
func formatOf(r Report, o RenderOptions) Format {
	fs := r.Formats()
	switch {
	case o.Format == "":
		return fs[0]
	case slices.Contains(fs, o.Format):
		return o.Format
	}
	return ""
}

func formatError(r Report, f Format) error {
	return fmt.Errorf("desk: report format: expected one of %s, found %q", strings.Join(FormatNames(r.Formats()), ", "), f)
}

// FormatNames are the names of formats (a Report's Formats,
// InspectFormats), the default first: the words a caller offers its user.
func FormatNames(formats []Format) []string {
	var out []string
	for _, f := range formats {
		out = append(out, string(f))
	}
	return out
}
