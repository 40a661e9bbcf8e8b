package check

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/captag/captag/metadata"
	"github.com/captag/captag/metadata/caption"
	"github.com/captag/captag/metadata/fixture"
)

// Issue 22: "No finding on a clean picture comes from a parse the parser
// flagged as unsure." Every tuning file of the real-world corpus
// (caption/testdata/realworld: the working set and the tuning halves of
// the eight first-contact sets, each caption cited in its source field,
// annotated by hand) is read here; every caption whose record carries a
// warning of the parser's own (no date, no credit, no creator, no agency,
// an ambiguous or mismatched date) is checked against a picture whose
// EXIF, IIM and XMP say the annotated truth: its date, its photographers,
// its agencies. None may get an error but the residuals named in
// unsureResiduals. The held-out halves are never read here (they are the
// issue's honest figure; see the README).

// unsureFiles are the tuning files.
var unsureFiles = []string{"captions.jsonl", "firstcontact-tune.jsonl", "firstcontact3-tune.jsonl", "firstcontact4-tune.jsonl",
	"firstcontact5-tune.jsonl", "firstcontact6-tune.jsonl", "firstcontact7-tune.jsonl", "firstcontact8-tune.jsonl", "firstcontact9-tune.jsonl",
	"firstcontact10-tune.jsonl", "firstcontact11-tune.jsonl"}

// unsureResiduals are the unsure captions that still get an error on a
// clean picture, each with why; a caption that leaves this list by a
// parser step need not be removed at once (the test only logs it).
var unsureResiduals = map[string]string{
	// None since stop 37: the last three (fc8a-097, a Turkmen genitive;
	// fc8c-050, a two-digit year; fc8c-056, a "Fotografiert am:" field)
	// are read right.
}

// maxUnsureLine bounds one JSON line of the corpus.
const maxUnsureLine = 1 << 16

// truthCaption is one line of the corpus: the caption and what a desk
// editor reads from it.
type truthCaption struct {
	ID       string   `json:"id"`
	Caption  string   `json:"caption"`
	Date     string   `json:"date"` // "YYYY-MM-DD", "MM-DD" or ""
	Creators []string `json:"creators"`
	Agencies []string `json:"agencies"`
}

func readTruth(t *testing.T, name string) []truthCaption {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "caption", "testdata", "realworld", name))
	if err != nil {
		t.Fatal(err)
	}
	var out []truthCaption
	for n, line := range strings.Split(string(data), "\n") {
		if len(line) > maxUnsureLine {
			t.Fatalf("%s:%d: a line of %d bytes, more than %d", name, n+1, len(line), maxUnsureLine)
		}
		if strings.TrimSpace(line) == "" {
			continue
		}
		var c truthCaption
		if err := json.Unmarshal([]byte(line), &c); err != nil {
			t.Fatalf("%s:%d: %v", name, n+1, err)
		}
		out = append(out, c)
	}
	return out
}

// unsure reports whether the parser flagged its reading of r: a warning
// of its own on the record.
func unsure(r caption.Record) bool {
	for _, p := range r.Problems {
		if p.Severity == metadata.SeverityWarning {
			return true
		}
	}
	return false
}

// truthFields are the values of a clean picture of c: the annotated date
// (a caption without a year gets 2023), photographers and agencies (the
// first as Credit, the last as Source).
func truthFields(c truthCaption) fixture.Fields {
	f := fixture.Fields{Creators: c.Creators}
	switch len(c.Date) {
	case 10:
		f.Date = strings.ReplaceAll(c.Date, "-", "")
	case 5:
		f.Date = "2023" + strings.ReplaceAll(c.Date, "-", "")
	}
	if f.Date != "" {
		f.Time = "120000"
	}
	if n := len(c.Agencies); n > 0 {
		f.Credit, f.Source = c.Agencies[0], c.Agencies[n-1]
	}
	return f
}

func TestUnsureParsesMakeNoErrorOnCleanPictures(t *testing.T) {
	checked, clean := 0, 0
	for _, name := range unsureFiles {
		caps := readTruth(t, name)
		if len(caps) < 50 {
			t.Fatalf("%s: %d captions, expected at least 50", name, len(caps))
		}
		for _, c := range caps {
			r := caption.ParseText(c.Caption, 0)
			if !unsure(r) {
				continue
			}
			checked++
			errs := cleanPictureErrors(t, c, r)
			switch why, known := unsureResiduals[c.ID]; {
			case len(errs) == 0:
				clean++
			case known:
				t.Logf("%s %s: residual (%s):\n  %s", name, c.ID, why, strings.Join(errs, "\n  "))
			default:
				t.Errorf("%s %s (parsed: date %q, creators %q, agencies %q; problems %v): error on a clean picture:\n  %s",
					name, c.ID, r.Date.String(), r.Creators, r.Agencies, r.Problems, strings.Join(errs, "\n  "))
			}
		}
	}
	t.Logf("%d captions flagged unsure in the tuning files, %d of them clean on a clean picture", checked, clean)
	if checked < 500 {
		t.Errorf("only %d unsure captions; the test has lost its cases", checked)
	}
}

// cleanPictureErrors compares r, the parse of c, with a picture holding
// c's annotated truth, then with every name's words in the other order (a
// camera's given-name-first Artist beside a surname-first credit, or the
// reverse: the same people), and returns the errors.
func cleanPictureErrors(t *testing.T, c truthCaption, r caption.Record) []string {
	t.Helper()
	// A caption that dates nothing or credits no one: its clean picture
	// may lack the field too.
	opt := Options{AllowMissingDate: c.Date == "", AllowMissingCreator: len(c.Creators) == 0}
	var errs []string
	for _, fl := range []fixture.Fields{truthFields(c), reversedNames(truthFields(c))} {
		im := readFixture(t, c.ID+".jpg", fixture.All(fl))
		for _, f := range Compare(r, im, ByDateCreator, opt) {
			if f.Severity == metadata.SeverityError {
				errs = append(errs, string(f.Field)+" (stores "+strings.Join(fl.Creators, "; ")+"): "+f.Message)
			}
		}
	}
	return errs
}

// reversedNames returns f with the words of each creator in reverse order
// ("Šimánek Vít" → "Vít Šimánek").
func reversedNames(f fixture.Fields) fixture.Fields {
	out := make([]string, len(f.Creators))
	for i, c := range f.Creators {
		w := strings.Fields(c)
		for a, b := 0, len(w)-1; a < b; a, b = a+1, b-1 {
			w[a], w[b] = w[b], w[a]
		}
		out[i] = strings.Join(w, " ")
	}
	f.Creators = out
	return f
}

// A reading the parser is sure of is the caption's: on a picture that
// agrees with the caption's annotated truth it makes no error either.
// Every sure caption of the tuning files is checked so; none may err.
// The three that did before stop 37 — a reseller's second credit block
// read alone (rw-003), an agency signing with its initials (fc6b-030,
// "CNA" for 中央社), a name glued to the picture's alt text (fc8a-048) —
// are now read or compared right.
func TestSureParsesMakeNoErrorOnCleanPictures(t *testing.T) {
	sure := 0
	for _, name := range unsureFiles {
		for _, c := range readTruth(t, name) {
			r := caption.ParseText(c.Caption, 0)
			if unsure(r) {
				continue
			}
			sure++
			if errs := cleanPictureErrors(t, c, r); len(errs) > 0 {
				t.Errorf("%s %s (parsed: date %q, creators %q, agencies %q): error on a clean picture:\n  %s",
					name, c.ID, r.Date.String(), r.Creators, r.Agencies, strings.Join(errs, "\n  "))
			}
		}
	}
	if sure < 300 {
		t.Errorf("only %d sure captions; the test has lost its cases", sure)
	}
	t.Logf("%d sure captions in the tuning files, each clean on a clean picture", sure)
}
