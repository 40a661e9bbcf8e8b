package caption

import (
	"slices"
	"strings"
	"testing"

	"github.com/captag/captag/metadata"
)

func parseString(t *testing.T, name, in string, opt Options) []Record {
	t.Helper()
	opt.Name = name
	recs, err := Parse(strings.NewReader(in), opt)
	if err != nil {
		t.Fatalf("Parse(%s): %v", name, err)
	}
	return recs
}

func errorMessages(r Record) []string {
	var out []string
	for _, p := range r.Problems {
		if p.Severity == metadata.SeverityError {
			out = append(out, p.Message)
		}
	}
	return out
}

const anadoluCaption = "ALEPPO, SYRIA - DECEMBER 19 : Families wait at a crossing point in Aleppo, Syria on December 19, 2016. ( Aref Watad - Anadolu Agency )"

func TestParseCSV(t *testing.T) {
	in := "File,Caption,Keywords,Job_ID\r\n" +
		"IMG_0001.jpg,\"" + anadoluCaption + "\",war; evacuation,AA-1\r\n" +
		"IMG_0002.jpg,\"Commuters wait in Berlin, Monday, Feb. 13, 2023. (AP Photo/Greta Vogel)\",\"rail, strike\",\r\n"
	recs := parseString(t, "c.csv", in, Options{})
	if len(recs) != 2 {
		t.Fatalf("got %d records, want 2", len(recs))
	}
	r := recs[0]
	if r.Line != 2 || r.File != "IMG_0001.jpg" || r.JobID != "AA-1" || !slices.Equal(r.Keywords, []string{"war", "evacuation"}) {
		t.Errorf("record 1 = line %d file %q job %q keywords %q", r.Line, r.File, r.JobID, r.Keywords)
	}
	checkRecord(t, r, want{city: "Aleppo", country: "Syria", date: "2016-12-19", dateline: "12-19",
		creators: []string{"Aref Watad"}, agency: "Anadolu Agency"})
	if r := recs[1]; r.Line != 3 || !slices.Equal(r.Keywords, []string{"rail", "strike"}) {
		t.Errorf("record 2 = line %d keywords %q", r.Line, r.Keywords)
	}
	checkRecord(t, recs[1], want{date: "2023-02-13", creators: []string{"Greta Vogel"}, agency: "AP"})
}

func TestParseCSVExplicitColumnsWin(t *testing.T) {
	in := "caption,city,region,country,date,creator,agency,headline,title,copyright,instructions\n" +
		"\"" + anadoluCaption + "\",Halab,Aleppo Governorate,Syrian Arab Republic,2016:12:18 10:30:00,Aref Watad; Second Person,AA,Evacuation,Aleppo 1,© AA,Embargo\n"
	r := parseString(t, "c.csv", in, Options{})[0]
	checkRecord(t, r, want{city: "Halab", region: "Aleppo Governorate", country: "Syrian Arab Republic",
		date: "2016-12-18", dateline: "12-19", creators: []string{"Aref Watad", "Second Person"}, agency: "AA",
		warnings: []string{"date column says 2016-12-18 but the caption says 2016-12-19; using the date column"}})
	if r.Headline != "Evacuation" || r.Title != "Aleppo 1" || r.Copyright != "© AA" || r.Instructions != "Embargo" {
		t.Errorf("explicit text columns = %q %q %q %q", r.Headline, r.Title, r.Copyright, r.Instructions)
	}
}

func TestParseCSVDateForms(t *testing.T) {
	for _, d := range []string{"2016-12-19", "2016:12:19", "2016:12:19 14:05:00", "2016-12-19T14:05:00+03:00"} {
		r := parseString(t, "c.csv", "caption,date,creator\nA convoy arrives.,"+d+",Aref Watad\n", Options{})[0]
		if r.DateString() != "2016-12-19" || len(r.Problems) != 0 {
			t.Errorf("date %q: Date() = %q, problems %+v", d, r.DateString(), r.Problems)
		}
	}
	r := parseString(t, "c.csv", "caption,date,creator\nA convoy arrives.,19/12/2016,Aref Watad\n", Options{})[0]
	if msgs := errorMessages(r); len(msgs) != 1 || !strings.Contains(msgs[0], `found "19/12/2016"`) {
		t.Errorf("bad date: errors %q, want one naming the value", msgs)
	}
}

func TestParseCSVExiftool(t *testing.T) {
	in := "SourceFile,XMP-dc:Description,IPTC:By-line,Credit,City,Country-PrimaryLocationName,Province-State,DateTimeOriginal,XMP-dc:Subject,IPTC:OriginalTransmissionReference\n" +
		"photos/DSC_0042.NEF,\"Families wait at a crossing point.\",Aref Watad,Anadolu Agency,Aleppo,Syria,Aleppo,2016:12:19 10:00:00,\"war, Syria\",AA-42\n"
	r := parseString(t, "exif.csv", in, Options{})[0]
	if r.File != "photos/DSC_0042.NEF" || r.Text != "Families wait at a crossing point." || r.JobID != "AA-42" ||
		!slices.Equal(r.Keywords, []string{"war", "Syria"}) {
		t.Errorf("record = %+v", r)
	}
	checkRecord(t, r, want{city: "Aleppo", region: "Aleppo", country: "Syria", date: "2016-12-19",
		creators: []string{"Aref Watad"}, agency: "Anadolu Agency"})
}

// TestParseCSVUnknownColumn: a column captag does not use is skipped with
// one note for the file, not an error and not a problem on each record.
func TestParseCSVUnknownColumn(t *testing.T) {
	in := "file,caption,Mood,Rating\na.jpg,\"" + anadoluCaption + "\",calm,5\nb.jpg,\"" + anadoluCaption + "\",sad,1\n"
	res, err := ParseFile(strings.NewReader(in), Options{Name: "c.csv"})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Records) != 2 || res.Records[0].Agency != "Anadolu Agency" || len(res.Records[1].Problems) != 0 {
		t.Fatalf("records = %+v", res.Records)
	}
	want := []string{"ignored 2 columns that captag does not use: Mood, Rating"}
	if !slices.Equal(res.Notes, want) {
		t.Errorf("notes = %q, want %q", res.Notes, want)
	}
}

func TestParseCSVRaggedRow(t *testing.T) {
	in := "file,caption\n" +
		"a.jpg,\"" + anadoluCaption + "\"\n" +
		"b.jpg,\"" + anadoluCaption + "\",extra\n" +
		"c.jpg\n" +
		"d.jpg,\"" + anadoluCaption + "\"\n"
	recs := parseString(t, "r.csv", in, Options{})
	if len(recs) != 4 {
		t.Fatalf("got %d records, want 4", len(recs))
	}
	for i, r := range recs {
		wantLine := i + 2
		if r.Line != wantLine {
			t.Errorf("record %d line = %d, want %d", i, r.Line, wantLine)
		}
		msgs := errorMessages(r)
		switch i {
		case 1:
			if len(msgs) != 1 || !strings.Contains(msgs[0], "expected 2 fields as in the header on line 1, found 3") {
				t.Errorf("ragged row errors = %q", msgs)
			}
		case 2:
			if len(msgs) != 1 || !strings.Contains(msgs[0], "found 1") {
				t.Errorf("short row errors = %q", msgs)
			}
		default:
			if len(msgs) != 0 || r.Agency != "Anadolu Agency" {
				t.Errorf("good row %d: errors %q agency %q", i, msgs, r.Agency)
			}
		}
	}
}

func TestParseCSVMultilineCell(t *testing.T) {
	in := "file,caption\na.jpg,\"ALEPPO, SYRIA - DECEMBER 19 : Families wait\non December 19, 2016.\n( Aref Watad - Anadolu Agency )\"\nb.jpg,\"" + anadoluCaption + "\"\n"
	recs := parseString(t, "m.csv", in, Options{})
	if len(recs) != 2 || recs[0].Line != 2 || recs[1].Line != 5 {
		t.Fatalf("lines = %v, want records on lines 2 and 5", lines(recs))
	}
	checkRecord(t, recs[0], want{city: "Aleppo", country: "Syria", date: "2016-12-19", dateline: "12-19",
		creators: []string{"Aref Watad"}, agency: "Anadolu Agency"})
}

func lines(recs []Record) []int {
	var out []int
	for _, r := range recs {
		out = append(out, r.Line)
	}
	return out
}

func TestParseJSONArray(t *testing.T) {
	in := "[\n  {\"file\": \"IMG_0001.jpg\", \"caption\": \"" + anadoluCaption + "\"},\n" +
		"  {\n    \"caption\": \"Commuters wait in Berlin, Monday, Feb. 13, 2023.\",\n    \"creators\": [\"Greta Vogel\", \"Tom Ritter\"],\n    \"agency\": \"AP\",\n    \"keywords\": [\"rail\", \"strike\"]\n  },\n" +
		"  {\"caption\": 42},\n" +
		"  {\"caption\": \"x\", \"photographer\": \"y\"}\n]\n"
	recs := parseString(t, "a.json", in, Options{})
	if got := lines(recs); !slices.Equal(got, []int{2, 3, 9, 10}) {
		t.Fatalf("lines = %v, want [2 3 9 10]", got)
	}
	checkRecord(t, recs[0], want{city: "Aleppo", country: "Syria", date: "2016-12-19", dateline: "12-19",
		creators: []string{"Aref Watad"}, agency: "Anadolu Agency"})
	if recs[0].File != "IMG_0001.jpg" {
		t.Errorf("file = %q", recs[0].File)
	}
	checkRecord(t, recs[1], want{date: "2023-02-13", creators: []string{"Greta Vogel", "Tom Ritter"}, agency: "AP"})
	if !slices.Equal(recs[1].Keywords, []string{"rail", "strike"}) {
		t.Errorf("keywords = %q", recs[1].Keywords)
	}
	// A number is taken as written (exiftool -j writes numeric titles and
	// references as numbers); "photographer" is Photo Mechanic's label for
	// the creator.
	if r := recs[2]; r.Text != "42" || len(errorMessages(r)) != 0 {
		t.Errorf("number caption: text %q, errors %q", r.Text, errorMessages(r))
	}
	if r := recs[3]; !slices.Equal(r.Creators, []string{"y"}) || len(errorMessages(r)) != 0 {
		t.Errorf("photographer key: creators %q, errors %q", r.Creators, errorMessages(r))
	}
}

func TestParseJSONTruncated(t *testing.T) {
	in := "[\n{\"caption\": \"" + anadoluCaption + "\"},\n{\"caption\": \"cut off"
	recs := parseString(t, "t.json", in, Options{})
	if len(recs) != 2 || recs[0].Agency != "Anadolu Agency" || !recs[1].HasError() || recs[1].Line != 3 {
		t.Fatalf("records = %+v, want the good one and an error record", recs)
	}
}

func TestParseJSONNotArray(t *testing.T) {
	_, err := Parse(strings.NewReader(`{"caption": "x"}`), Options{Name: "o.json"})
	if err == nil || !strings.Contains(err.Error(), "expected a JSON array") {
		t.Fatalf("err = %v, want 'expected a JSON array'", err)
	}
}

func TestParseJSONL(t *testing.T) {
	in := "{\"file\": \"a.jpg\", \"caption\": \"" + anadoluCaption + "\"}\n" +
		"\n" +
		"{\"file\": \"b.jpg\", \"caption\": \n" +
		"{\"file\": \"c.jpg\", \"caption\": \"" + anadoluCaption + "\", \"line\": 99, \"problems\": []}\r\n"
	recs := parseString(t, "l.jsonl", in, Options{})
	if got := lines(recs); !slices.Equal(got, []int{1, 3, 4}) {
		t.Fatalf("lines = %v, want [1 3 4]", got)
	}
	if recs[0].HasError() || recs[2].HasError() || recs[2].File != "c.jpg" || recs[2].Agency != "Anadolu Agency" {
		t.Errorf("good lines: %+v / %+v", recs[0], recs[2])
	}
	if msgs := errorMessages(recs[1]); len(msgs) != 1 || !strings.Contains(msgs[0], "expected a JSON object") {
		t.Errorf("bad line errors = %q", msgs)
	}
}

func TestFormatSelection(t *testing.T) {
	csvIn := "file,caption\na.jpg,\"" + anadoluCaption + "\"\n"
	tests := []struct {
		name   string
		format Format
		in     string
		want   string // File of the first record, or Text prefix
	}{
		{"x.csv", "", csvIn, "a.jpg"},
		{"x.CSV", FormatAuto, csvIn, "a.jpg"},
		{"captions", "", csvIn, "a.jpg"},                               // sniffed: header of known columns
		{"x.txt", FormatCSV, csvIn, "a.jpg"},                           // explicit format wins over extension
		{"x.ndjson", "", `{"file": "n.jpg", "caption": "x"}`, "n.jpg"}, // ndjson
		{"data", "", `[{"file": "j.jpg", "caption": "x"}]`, "j.jpg"},   // sniffed JSON
		{"data", "", `{"file": "l.jpg", "caption": "x"}`, "l.jpg"},     // sniffed JSON Lines
		{"notes", "", "IMG_7.jpg\n" + anadoluCaption + "\n", "IMG_7.jpg"},
	}
	for _, tt := range tests {
		r := parseString(t, tt.name, tt.in, Options{Format: tt.format})[0]
		if r.File != tt.want {
			t.Errorf("%s as %q: first record file = %q, want %q", tt.name, tt.format, r.File, tt.want)
		}
	}
	if _, err := Parse(strings.NewReader("x"), Options{Format: "xml"}); err == nil || !strings.Contains(err.Error(), `found "xml"`) {
		t.Errorf("unknown format: err = %v", err)
	}
}

// TestParseCSVUnclosedQuote: an unclosed quote must not swallow the rest of
// a big file into memory; the rows before it still come out, and the
// message says truthfully that the rest of the file is skipped.
func TestParseCSVUnclosedQuote(t *testing.T) {
	in := "file,caption\n" +
		"a.jpg,\"" + anadoluCaption + "\"\n" +
		"b.jpg,\"" + anadoluCaption + "\n" + strings.Repeat("more words\n", 3*MaxRecordBytes/11)
	recs := parseString(t, "q.csv", in, Options{})
	if len(recs) != 2 || recs[0].HasError() || recs[0].Agency != "Anadolu Agency" {
		t.Fatalf("got %d records, want the good one and an error", len(recs))
	}
	msgs := errorMessages(recs[1])
	if recs[1].Line != 3 || len(msgs) != 1 || !strings.HasSuffix(msgs[0], "; its quote opened on line 3 is never closed, so the rest of the file (to line 285978) is that field, and is skipped") {
		t.Errorf("unclosed quote: line %d errors %q", recs[1].Line, msgs)
	}
}

func TestParseJSONHugeObject(t *testing.T) {
	in := "[\n{\"caption\": \"" + anadoluCaption + "\"},\n{\"caption\": \"" + strings.Repeat("word ", MaxRecordBytes) + "\"},\n{\"caption\": \"x\"}\n]"
	recs := parseString(t, "h.json", in, Options{})
	if len(recs) != 3 || recs[0].Agency != "Anadolu Agency" || recs[1].Line != 3 || recs[2].Line != 4 || recs[2].HasError() {
		t.Fatalf("records: %d, lines %v", len(recs), lines(recs))
	}
	if msgs := errorMessages(recs[1]); len(msgs) != 1 || msgs[0] != "object at line 3 has 5,242,895 bytes, more than the 1,048,576 captag reads of one record; skipped" {
		t.Errorf("huge object errors %q", msgs)
	}
}

// TestParseCSVEmptyRows: a spreadsheet saved as CSV keeps its empty rows
// (",,,", however wide, or only spaces); they are no captions and must not
// become records that write an empty sidecar. A row that names its image
// but gives no caption text is an error on its line, so that write leaves
// the image alone instead of writing a sidecar without a caption; in an
// exiftool export only when the row has nothing but the file.
func TestParseCSVEmptyRows(t *testing.T) {
	const head = "file,caption,creator\n"
	good := "a.jpg,\"" + anadoluCaption + "\",\n"
	tests := []struct {
		name   string
		row    string
		want   int    // records, the good row included
		errMsg string // the error on the second record, when there is one
	}{
		{"commas only", ",,\n", 1, ""},
		{"wider than the header", ",,,,,,,\n", 1, ""},
		{"spaces and commas", "  , ,\t\n", 1, ""},
		{"one space", " \n", 1, ""},
		{"a file without a caption", "b.jpg,,\n", 2, "expected caption text for b.jpg, found none"},
		{"a file with a blank caption", "b.jpg,  ,Aref Watad\n", 2, "expected caption text for b.jpg, found none"},
	}
	// In an exiftool export a row without a description is an image
	// without one: its creator is still written, with a warning.
	exp := parseString(t, "x.csv", "SourceFile,Description,Creator\n./a.jpg,,Aref Watad\n./b.jpg,,\n", Options{})
	if len(exp) != 2 || len(errorMessages(exp[0])) != 0 || len(exp[0].Problems) != 1 || exp[0].Problems[0].Code != ProblemNoText {
		t.Errorf("export row with a creator: %+v, want one no-text warning", exp)
	}
	if len(exp) == 2 && !slices.Equal(errorMessages(exp[1]), []string{"expected caption text for ./b.jpg, found none"}) {
		t.Errorf("export row with only a file: errors %q", errorMessages(exp[1]))
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			recs := parseString(t, "e.csv", head+good+tc.row+good, Options{})
			if len(recs) != tc.want+1 {
				t.Fatalf("got %d records (lines %v), want %d", len(recs), lines(recs), tc.want+1)
			}
			for _, r := range []Record{recs[0], recs[len(recs)-1]} {
				if msgs := errorMessages(r); len(msgs) != 0 {
					t.Errorf("good row on line %d: errors %q", r.Line, msgs)
				}
			}
			if tc.errMsg == "" {
				return
			}
			r := recs[1]
			if msgs := errorMessages(r); r.Line != 3 || !slices.Equal(msgs, []string{tc.errMsg}) {
				t.Errorf("line %d: errors %q, want line 3 with %q", r.Line, msgs, tc.errMsg)
			}
		})
	}
}
