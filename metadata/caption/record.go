package caption

import "encoding/json"

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

	Creators []string // as written (ALL-CAPS may be title-cased); Parse may share one list between records: read-only
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

func (r *Record) warn(msg string) {
	r.Problems = append(r.Problems, Problem{Severity: SeverityWarning, Message: msg})
}

func (r *Record) fail(msg string) {
	r.Problems = append(r.Problems, Problem{Severity: SeverityError, Message: msg})
}

// HasError reports whether r has a problem of severity error.
func (r Record) HasError() bool {
	for _, p := range r.Problems {
		if p.Severity == SeverityError {
			return true
		}
	}
	return false
}

// Date returns the caption date as "YYYY-MM-DD", or "" when the year or
// the date is unknown.
func (r Record) Date() string {
	if r.Year <= 0 || r.Year > 9999 || !validDay(r.Month, r.Day) {
		return ""
	}
	return mdy(r.Year, r.Month, r.Day)
}

// Dateline returns the dateline's month and day as "MM-DD", or "" when the
// caption has no dateline.
func (r Record) Dateline() string {
	if !validDay(r.DatelineMonth, r.DatelineDay) {
		return ""
	}
	return mdy(0, r.DatelineMonth, r.DatelineDay)
}

// recordJSON is the stable JSON schema of a record (see MarshalJSON).
type recordJSON struct {
	Line         int       `json:"line"`
	Text         string    `json:"text"`
	City         string    `json:"city"`
	Region       string    `json:"region"`
	Country      string    `json:"country"`
	Date         string    `json:"date"`
	DateInferred bool      `json:"date_inferred"`
	Dateline     string    `json:"dateline"`
	Creators     []string  `json:"creators"`
	Agency       string    `json:"agency"`
	File         string    `json:"file"`
	Problems     []Problem `json:"problems"`
	Headline     string    `json:"headline,omitempty"`
	Title        string    `json:"title,omitempty"`
	Keywords     []string  `json:"keywords,omitempty"`
	Copyright    string    `json:"copyright,omitempty"`
	Instructions string    `json:"instructions,omitempty"`
	JobID        string    `json:"job_id,omitempty"`
}

// MarshalJSON writes the stable schema used by `captag captions --format
// json` and later commands: line, text, city, region, country, date
// ("YYYY-MM-DD" or "" when the year is unknown), date_inferred, dateline
// ("MM-DD" or ""), creators (an array, never null), agency, file, problems
// (an array of {severity, message}, never null), and, only when not empty,
// headline, title, keywords, copyright, instructions, job_id.
func (r Record) MarshalJSON() ([]byte, error) {
	j := recordJSON{
		Line: r.Line, Text: r.Text, City: r.City, Region: r.Region, Country: r.Country,
		Date: r.Date(), DateInferred: r.DateInferred, Dateline: r.Dateline(),
		Creators: r.Creators, Agency: r.Agency, File: r.File, Problems: r.Problems,
		Headline: r.Headline, Title: r.Title, Keywords: r.Keywords, Copyright: r.Copyright,
		Instructions: r.Instructions, JobID: r.JobID,
	}
	if j.Creators == nil {
		j.Creators = []string{}
	}
	if j.Problems == nil {
		j.Problems = []Problem{}
	}
	return json.Marshal(j)
}
