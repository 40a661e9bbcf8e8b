// Package caption reads caption files the way photo desks write them —
// wire-agency text, CSV (including exiftool's CSV form), JSON and JSON
// Lines — into Records, and parses each caption's dateline, body date and
// credit. A bad record is reported with its line number; the good records
// still come out.
package caption

// Severity of a Problem.
type Severity string

const (
	SeverityError   Severity = "error"
	SeverityWarning Severity = "warning"
)

// Problem is something wrong with one record.
type Problem struct {
	Severity Severity `json:"severity"`
	Message  string   `json:"message"`
}

// Record is one caption.
type Record struct {
	Line int    // first line of the record in its file (1-based)
	Text string // the caption as written, whitespace tidied

	City, Region, Country string // from the dateline or explicit columns

	// The caption's calendar date at the scene. Year is 0 when unknown;
	// Month/Day are 0 when there is no date at all.
	Year, Month, Day int
	DateInferred     bool // Year was taken from the image, not the caption

	// DatelineMonth/DatelineDay as written in the dateline (0 when none).
	DatelineMonth, DatelineDay int

	Creators []string // as written (ALL-CAPS may be title-cased)
	Agency   string

	// Explicit columns (CSV/JSON) or a bare file name line (text).
	File         string
	Headline     string
	Title        string
	Keywords     []string
	Copyright    string
	Instructions string
	JobID        string

	Problems []Problem
}
