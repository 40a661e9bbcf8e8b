// Package sheet renders a contact sheet: one self-contained HTML page with a
// card per picture (thumbnail, file name, caption, how it was paired, the
// stores' date, creator and credit with each disagreement marked, the
// findings in words), the unmatched captions and pictures, and a summary
// with filter links that work without JavaScript. It also makes the
// thumbnails (thumb.go).
//
// The page references nothing outside itself: CSS is inline, thumbnails are
// data: URIs, links are #anchors, and there is no script. Every text from a
// file or a caption is HTML-escaped (html/template).
//
// The model (Report, Card) is independent of how a run was made: a caller
// (captag check or match) fills it from its own results. Nothing here reads
// the clock, the environment or the host time zone; the same Report renders
// to the same bytes.
package sheet

// The fields a filter link selects; a finding of another field (caption,
// file…) counts among the problems only.
const (
	FieldDate    = "date"
	FieldCreator = "creator"
	FieldCredit  = "credit"
	FieldMatch   = "match"
)

// filterFields are the fields with a filter link, in the order shown.
var filterFields = [...]string{FieldDate, FieldCreator, FieldCredit, FieldMatch}

// Report is everything one page shows.
type Report struct {
	Title   string // "captag check" by default
	Command string // the command line that made the report, shown as is; may be empty
	// Notes are extra lines for the summary ("caption file runs newest
	// first: detected from its dates"), shown as given.
	Notes []string
	// Cards in the order shown: path order, as the text report.
	Cards             []Card
	UnmatchedCaptions []Unmatched
	UnmatchedPictures []Unmatched
}

// Card is one picture.
type Card struct {
	Path string
	// Thumb is a JPEG (from Thumbnail); nil shows a placeholder with
	// ThumbNote ("no preview: heic", "thumbnails off").
	Thumb     []byte
	ThumbNote string
	// The caption paired with the picture; Line 0 when there is none.
	Caption string
	Line    int
	// Want is what the caption says, shown above the stores.
	Want Values
	// Pairing says in words how the caption was paired: "text",
	// "date+creator", "order among 8 (Aref Watad, 2016-12-19)".
	Pairing string
	// Stores is the table, one row per store in the order given
	// (exif, iptc, xmp, sidecar).
	Stores   []StoreRow
	Findings []Finding
}

// Values are a date, creator and credit as text.
type Values struct {
	Date, Creator, Credit string
}

// StoreRow is what one store says.
type StoreRow struct {
	Store string // "exif", "iptc", "xmp", "sidecar"; shown as EXIF, IIM, XMP, sidecar
	// Absent: the file has no such store; the cells are not shown.
	Absent bool
	// Unread: the store is there but could not be read (the card's
	// findings say why); shown instead of "not in the file".
	Unread                bool
	Date, Creator, Credit Cell
}

// Cell is one value of a store.
type Cell struct {
	Value string // "" when the store does not carry the field
	// Disagrees marks a value that disagrees with the caption (or its
	// absence, when the caption needs it): shown with colour and a symbol.
	Disagrees bool
}

// Finding is one thing the check found, in words.
type Finding struct {
	Severity string // "error", "warning"
	Field    string // "date", "creator", "credit", "match", "caption", "file"…
	Store    string // "exif", "exif/iptc", "" …
	Message  string
}

// Unmatched is a caption or a picture that was not paired.
type Unmatched struct {
	Path   string // the picture; "" for a caption
	Line   int    // the caption's first line; 0 for a picture
	Text   string // the caption's text; "" for a picture
	Thumb  []byte // a picture's thumbnail, nil for none
	Reason string
}

// Summary counts what a Report holds.
type Summary struct {
	Cards     int
	Problems  int            // cards with at least one finding
	Errors    int            // findings of severity "error"
	Warnings  int            // other findings
	ByField   map[string]int // cards with a finding of that field (filter fields only)
	Captions  int            // unmatched captions
	Pictures  int            // unmatched pictures
	Unmatched int            // Captions + Pictures
}

// Summary counts the report's cards, problems and unmatched entries.
func (r *Report) Summary() Summary {
	s := Summary{ByField: map[string]int{}}
	for i := range r.Cards {
		s.Add(&r.Cards[i])
	}
	s.Captions, s.Pictures = len(r.UnmatchedCaptions), len(r.UnmatchedPictures)
	s.Unmatched = s.Captions + s.Pictures
	return s
}

// Add counts one card: a caller that streams its cards (Stream) counts
// them first, from their findings, and the page shows the counts before
// the cards.
func (s *Summary) Add(c *Card) {
	if s.ByField == nil {
		s.ByField = map[string]int{}
	}
	s.Cards++
	if len(c.Findings) > 0 {
		s.Problems++
	}
	for _, f := range filterFields {
		if c.has(f) {
			s.ByField[f]++
		}
	}
	for _, f := range c.Findings {
		if f.Severity == "error" {
			s.Errors++
		} else {
			s.Warnings++
		}
	}
}

// has reports whether the card has a finding of field f.
func (c *Card) has(f string) bool {
	for _, x := range c.Findings {
		if x.Field == f {
			return true
		}
	}
	return false
}
