package caption

import (
	"encoding/json"

	"github.com/captag/captag/metadata"
	"github.com/captag/captag/metadata/date"
)

// ProblemCode names the kind of a Problem, so that a caller can act on it
// without reading its message. Every problem Parse reports has one.
type ProblemCode string

const (
	// ProblemNoDate: no date could be read in the caption; its date cannot
	// be checked.
	ProblemNoDate ProblemCode = "no-date"
	// ProblemNoCredit: no credit (creator or agency) could be read.
	ProblemNoCredit ProblemCode = "no-credit"
	// ProblemNoAgency: a credit was read but it names no agency.
	ProblemNoAgency ProblemCode = "no-agency"
	// ProblemNoCreator: a credit was read but it names no photographer.
	ProblemNoCreator ProblemCode = "no-creator"
	// ProblemDateMismatch: the dateline and the body, or a date column and
	// the caption, give different dates.
	ProblemDateMismatch ProblemCode = "date-mismatch"
	// ProblemTwoDigitYear: the caption writes its date's year with two
	// digits ("05.10.06"); the century was guessed (Record.TwoDigitYear).
	ProblemTwoDigitYear ProblemCode = "two-digit-year"
	// ProblemDateColumn: a date column holds no usable day.
	ProblemDateColumn ProblemCode = "date-column"
	// ProblemEncoding: bytes the file's encoding could not give became
	// U+FFFD.
	ProblemEncoding ProblemCode = "encoding"
	// ProblemNoText: the record holds no caption text (binary data, only a
	// file name, an empty caption column).
	ProblemNoText ProblemCode = "no-text"
	// ProblemTooLong: the record is longer than MaxRecordBytes, or a CSV
	// row has more than MaxCSVFields fields or a field over
	// MaxCSVFieldBytes; it is skipped (after a CSV quote or a JSON value
	// never closed, the rest of the file is).
	ProblemTooLong ProblemCode = "too-long"
	// ProblemSyntax: a CSV row or JSON value that cannot be read as the
	// format requires (a ragged row, invalid JSON, a key of the wrong type).
	ProblemSyntax ProblemCode = "syntax"
)

// Problem is something wrong with one record.
type Problem struct {
	Severity metadata.Severity `json:"severity"`
	Code     ProblemCode       `json:"code,omitempty"`
	Message  string            `json:"message"`
}

// Record is one caption.
type Record struct {
	Line int    // first line of the record in its file (1-based)
	Text string // the caption as written, whitespace tidied

	City, Region, Country string // from the dateline or explicit columns

	// Date is the caption's calendar date at the scene: the zero Day when
	// there is none, a Day of an unknown year (Year 0) until a year is
	// given or inferred. Parse gives day precision, or a year or a decade
	// for a caption that dates its picture so and by no day ("[c. 1938]",
	// "the 1950s"; see coarseDate); a program may build a Record with any
	// coarser one ("March 2019"). check compares it at that precision.
	Date date.Day
	// DateSpan is how many days after Date a range the caption gives runs
	// ("13-14 February 2023": Date 2023-02-13, DateSpan 1): any day of it
	// is the picture's. 0 for one day.
	DateSpan int

	// DatelineDate is the dateline's month and day as written (year 0),
	// the zero Day when there is none.
	DatelineDate date.Day

	Creators []string // as written, ALL-CAPS names title-cased ("Joseph Eid"); Parse may share one list between records: read-only
	// CreatorsAsWritten are the same photographers spelled as the caption
	// writes them, case and accents kept ("JOSEPH EID", "McDONALD"), one
	// for each of Creators in the same order: what write puts into
	// dc:creator and IIM By-line (see WrittenCreators). Creators is what
	// reports show; check compares either after folding. Read-only, as
	// Creators.
	CreatorsAsWritten []string
	// Agency is the agency the credit names first (the photographer's own
	// agency: "NHLI" in "Name/NHLI via Getty Images"); Agencies is every
	// agency of the credit chain in the order written, Agency first
	// ("NHLI", "Getty Images"). Either is a correct credit for the picture.
	// Parse may share one Agencies list between records: read-only.
	Agency   string
	Agencies []string
	// Guess is the credit a model learnt from real captions finds when no
	// rule could read one (ProblemNoCredit; see guess.go), nil otherwise.
	// It is a guess, not a reading: nothing writes it or pairs by it, and
	// check never errs on it; reports show it as one.
	Guess *Guess
	// AgencyAsWritten is Agency spelled as the credit writes it
	// ("EPA-EFE" where Agency is the table's "EPA", "REUTERS" for
	// "Reuters", "AP" from "AP Photo"): what write puts into
	// photoshop:Credit and Source and IIM Credit and Source (see
	// WrittenAgency).
	AgencyAsWritten string

	// Archive is set for a file (archive) picture: the caption says so
	// ("FILE PHOTO:", "FILE -", "(FILES)", "Archivbild", ".../File Photo"),
	// so the story's date need not be the picture's. PictureDate is set when
	// the date was read from words that date the picture itself ("In this
	// Jan. 5, 2015, file photo", "file photo taken on …"): the stores must
	// carry it even for an archive picture.
	Archive     bool
	PictureDate bool
	// Undated is set when the caption says the picture has no known date
	// ("An undated handout picture …"): its date is not checked.
	Undated bool
	// DateInferred says that Date's year was taken from the image, not the
	// caption. (The flags sit together: a hundred thousand records do not
	// each pad one of them to a word.)
	DateInferred bool
	// TwoDigitYear says that the caption wrote Date's year with two digits
	// ("26MAR24", "05.10.06"): its century is a guess (POSIX %y: 69 to 99
	// the 1900s, 00 to 68 the 2000s), which check's InferYear settles from
	// the image's year.
	TwoDigitYear bool

	// Explicit columns (CSV/JSON) or a bare file name line (text).
	File         string
	Headline     string
	Title        string
	Keywords     []string
	Copyright    string
	Instructions string
	JobID        string
	// Sublocation, Event, PersonsShown and UsageTerms are the IPTC
	// Sub-location, Event, Person Shown (a list) and Rights Usage Terms
	// columns, as written.
	Sublocation  string
	Event        string
	PersonsShown []string
	UsageTerms   string
	// Source is the IIM Source / XMP photoshop:Source column of a CSV or
	// JSON import, as written. When it names a known agency that the
	// credit chain lacks, Parse adds that agency to Agencies.
	Source string

	Problems []Problem
}

func (r *Record) warn(code ProblemCode, msg string) {
	r.Problems = append(r.Problems, Problem{Severity: metadata.SeverityWarning, Code: code, Message: msg})
}

func (r *Record) fail(code ProblemCode, msg string) {
	r.Problems = append(r.Problems, Problem{Severity: metadata.SeverityError, Code: code, Message: msg})
}

// HasError reports whether r has a problem of severity error.
func (r Record) HasError() bool {
	for _, p := range r.Problems {
		if p.Severity == metadata.SeverityError {
			return true
		}
	}
	return false
}

// WrittenCreators returns the photographers as the caption writes them:
// each of CreatorsAsWritten that is its Creators name after folding
// (metadata.FoldName), else the Creators name (a Record a program built,
// or changed, without the written forms).
func (r Record) WrittenCreators() []string {
	if len(r.CreatorsAsWritten) != len(r.Creators) {
		return r.Creators
	}
	var out []string
	for i, w := range r.CreatorsAsWritten {
		if w != r.Creators[i] && metadata.FoldName(w) != metadata.FoldName(r.Creators[i]) {
			if out == nil {
				out = append([]string(nil), r.CreatorsAsWritten...)
			}
			out[i] = r.Creators[i]
		}
	}
	if out == nil {
		return r.CreatorsAsWritten
	}
	return out
}

// WrittenAgency returns the agency as the caption writes it:
// AgencyAsWritten when it names Agency (SameAgency), else Agency.
func (r Record) WrittenAgency() string {
	if r.AgencyAsWritten == "" || r.AgencyAsWritten != r.Agency && !SameAgency(r.AgencyAsWritten, r.Agency) {
		return r.Agency
	}
	return r.AgencyAsWritten
}

// DateString returns the caption date as "YYYY-MM-DD", or "" when the
// year or the day is unknown.
func (r Record) DateString() string {
	if !r.Date.YearKnown() || r.Date.Precision != date.PrecDay || !r.Date.Valid() {
		return ""
	}
	return r.Date.String()
}

// Dateline returns the dateline's month and day as "MM-DD", or "" when the
// caption has no dateline.
func (r Record) Dateline() string {
	if d := r.DatelineDate; d.Precision != date.PrecDay || !date.DayOf(0, d.Month, d.Day).Valid() {
		return ""
	}
	return r.DatelineDate.MonthDay()
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
	DateSpan     int       `json:"date_span,omitempty"`
	Creators     []string  `json:"creators"`
	CreatorsAs   []string  `json:"creators_as_written"`
	Agency       string    `json:"agency"`
	AgencyAs     string    `json:"agency_as_written"`
	Agencies     []string  `json:"agencies"`
	Archive      bool      `json:"archive,omitempty"`
	Undated      bool      `json:"undated,omitempty"`
	File         string    `json:"file"`
	Problems     []Problem `json:"problems"`
	Headline     string    `json:"headline,omitempty"`
	Title        string    `json:"title,omitempty"`
	Keywords     []string  `json:"keywords,omitempty"`
	Copyright    string    `json:"copyright,omitempty"`
	Instructions string    `json:"instructions,omitempty"`
	JobID        string    `json:"job_id,omitempty"`
	Source       string    `json:"source,omitempty"`
	Sublocation  string    `json:"sublocation,omitempty"`
	Event        string    `json:"event,omitempty"`
	PersonsShown []string  `json:"persons_shown,omitempty"`
	UsageTerms   string    `json:"usage_terms,omitempty"`
	Guess        *Guess    `json:"guess,omitempty"`
}

// MarshalJSON writes the stable schema used by `captag captions --format
// json` and later commands: line, text, city, region, country, date
// ("YYYY-MM-DD" or "" when the year is unknown), date_inferred, dateline
// ("MM-DD" or ""), date_span (only when the caption gives a range: the
// days after date it runs, either day right), creators (an array, never null), creators_as_written
// (WrittenCreators, never null), agency, agency_as_written
// (WrittenAgency), agencies, file, problems (an array of {severity,
// message}, never null), and, only when not empty, headline, title,
// keywords, copyright, instructions, job_id, source, sublocation, event,
// persons_shown (an array), usage_terms, and guess ({creators,
// agencies}: the credit the model guessed where no rule read one).
func (r Record) MarshalJSON() ([]byte, error) {
	j := recordJSON{
		Line: r.Line, Text: r.Text, City: r.City, Region: r.Region, Country: r.Country,
		Date: r.DateString(), DateInferred: r.DateInferred, Dateline: r.Dateline(), DateSpan: r.DateSpan,
		Creators: r.Creators, CreatorsAs: r.WrittenCreators(), Agency: r.Agency, AgencyAs: r.WrittenAgency(), Agencies: r.Agencies, Archive: r.Archive, Undated: r.Undated, File: r.File, Problems: r.Problems,
		Headline: r.Headline, Title: r.Title, Keywords: r.Keywords, Copyright: r.Copyright,
		Instructions: r.Instructions, JobID: r.JobID, Source: r.Source,
		Sublocation: r.Sublocation, Event: r.Event, PersonsShown: r.PersonsShown, UsageTerms: r.UsageTerms,
		Guess: r.Guess,
	}
	if j.Creators == nil {
		j.Creators = []string{}
	}
	if j.CreatorsAs == nil {
		j.CreatorsAs = []string{}
	}
	if j.Agencies == nil {
		j.Agencies = []string{}
	}
	if j.Problems == nil {
		j.Problems = []Problem{}
	}
	return json.Marshal(j)
}
