package caption

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/captag/captag/metadata"
	"github.com/captag/captag/metadata/date"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

const samplePath = "../../testdata/aleppo-2016-captions.txt"

// TestSample checks the user's sample: 16 records, each in Aleppo, Syria,
// dated in December 2016, with the photographer and Anadolu Agency, and
// compares the JSON with the golden file.
func TestSample(t *testing.T) {
	in, err := os.ReadFile(samplePath)
	if err != nil {
		t.Fatal(err)
	}
	recs, err := Parse(bytes.NewReader(in), Options{Name: "aleppo-2016-captions.txt"})
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != 16 {
		t.Fatalf("got %d records, want 16", len(recs))
	}
	photographers := map[string]bool{"Mustafa Sultan": true, "Aref Watad": true, "Ahmed Al Ahmed": true, "Jawad Al Rifai": true}
	for i, r := range recs {
		if r.Line != 2*i+1 {
			t.Errorf("record %d: line %d, want %d", i, r.Line, 2*i+1)
		}
		if r.City != "Aleppo" || r.Country != "Syria" || r.Agency != "Anadolu Agency" || len(r.Problems) != 0 {
			t.Errorf("record %d: %q, %q, agency %q, problems %+v", i, r.City, r.Country, r.Agency, r.Problems)
		}
		if d := r.DateString(); d != "2016-12-19" && d != "2016-12-20" || r.Dateline() != d[5:] {
			t.Errorf("record %d: date %q dateline %q", i, d, r.Dateline())
		}
		if len(r.Creators) != 1 || !photographers[r.Creators[0]] {
			t.Errorf("record %d: creators %q", i, r.Creators)
		}
	}
	got, err := json.MarshalIndent(recs, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	got = append(got, '\n')
	golden := filepath.Join("testdata", "aleppo-2016-captions.golden.json")
	if *update {
		if err := os.WriteFile(golden, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run go test ./metadata/caption -update)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("JSON differs from %s (run with -update after checking):\n%s", golden, got)
	}
}

func TestMarshalJSONSchema(t *testing.T) {
	b, err := json.Marshal(Record{Line: 3, Date: date.DayOf(0, 12, 19)})
	if err != nil {
		t.Fatal(err)
	}
	const want = `{"line":3,"text":"","city":"","region":"","country":"","date":"","date_inferred":false,"dateline":"","creators":[],"creators_as_written":[],"agency":"","agency_as_written":"","agencies":[],"file":"","problems":[]}`
	if string(b) != want {
		t.Errorf("empty record JSON =\n%s\nwant\n%s", b, want)
	}
	b, _ = json.Marshal(Record{Date: date.DayOf(2016, 12, 19), DateInferred: true, DatelineDate: date.DayOf(0, 12, 19),
		Headline: "H", Keywords: []string{"k"}, JobID: "J"})
	for _, s := range []string{`"date":"2016-12-19"`, `"date_inferred":true`, `"dateline":"12-19"`, `"headline":"H"`, `"keywords":["k"]`, `"job_id":"J"`} {
		if !bytes.Contains(b, []byte(s)) {
			t.Errorf("JSON %s lacks %s", b, s)
		}
	}
	if bytes.Contains(b, []byte(`"title"`)) || bytes.Contains(b, []byte(`"copyright"`)) {
		t.Errorf("JSON %s has empty optional keys", b)
	}
}

func TestParseTextFormat(t *testing.T) {
	in := "\uFEFF" + anadoluCaption + "\r\n" +
		"\r\n" +
		" \u00a0 \r\n" +
		"IMG_0002.JPG\r\n" +
		"  ALEPPO, SYRIA - DECEMBER 20: Families wait\r\n" +
		"on December 20, 2016. ( Mustafa Sultan - Anadolu Agency )  \r\n" +
		"\r\n\r\n" +
		"DSC_1234.NEF\n"
	recs := parseString(t, "t.txt", in, Options{})
	if got := lines(recs); len(got) != 3 || got[0] != 1 || got[1] != 4 || got[2] != 9 {
		t.Fatalf("lines = %v, want [1 4 9]", got)
	}
	if recs[0].Text != anadoluCaption || recs[0].File != "" {
		t.Errorf("record 1 text %q file %q", recs[0].Text, recs[0].File)
	}
	r := recs[1]
	if r.File != "IMG_0002.JPG" || r.Text != "ALEPPO, SYRIA - DECEMBER 20: Families wait on December 20, 2016. ( Mustafa Sultan - Anadolu Agency )" {
		t.Errorf("record 2 file %q text %q", r.File, r.Text)
	}
	checkRecord(t, r, want{city: "Aleppo", country: "Syria", date: "2016-12-20", dateline: "12-20",
		creators: []string{"Mustafa Sultan"}, agency: "Anadolu Agency"})
	if msgs := errorMessages(recs[2]); recs[2].File != "DSC_1234.NEF" || len(msgs) != 1 || !strings.Contains(msgs[0], "found only a file name") {
		t.Errorf("file name alone: file %q errors %q", recs[2].File, msgs)
	}
}

func TestParseYearOption(t *testing.T) {
	in := "ALEPPO, SYRIA - DECEMBER 19: Families wait. ( Aref Watad - Anadolu Agency )\n"
	if r := parseString(t, "y.txt", in, Options{Year: 2016})[0]; r.DateString() != "2016-12-19" || r.Date.Year != 2016 {
		t.Errorf("with --year: date %q", r.DateString())
	}
	if r := parseString(t, "y.txt", in, Options{})[0]; r.DateString() != "" || r.Date.Year != 0 || r.Date.Month != 12 || r.Date.Day != 19 {
		t.Errorf("without --year: date %q year %d month %d day %d", r.DateString(), r.Date.Year, r.Date.Month, r.Date.Day)
	}
}

func TestParseBadInput(t *testing.T) {
	garbage := make([]byte, 4096)
	rnd := rand.New(rand.NewPCG(1, 2))
	for i := range garbage {
		garbage[i] = byte(rnd.IntN(256))
	}
	tests := []struct {
		name, file string
		in         []byte
		wantErr    string
	}{
		{"empty", "e.txt", nil, "caption: e.txt: expected caption records, found an empty file"},
		{"only blank lines", "b.txt", []byte("\n \r\n\u00a0\n"), "found an empty file"},
		{"binary garbage", "g.txt", garbage, "found binary data"},
		{"binary garbage, unknown extension", "g.bin", garbage, "found binary data"},
		{"control characters without NUL", "c.txt", bytes.Repeat([]byte("\x01\x02\x03abc\n"), 50), "expected caption text, found binary data"},
		{"csv header only", "h.csv", []byte("file,caption\n"), "expected at least one csv caption record, found none"},
		{"json empty array", "a.json", []byte("[]"), "expected at least one json caption record, found none"},
		{"json garbage", "a.json", []byte("<xml/>"), "expected a JSON array"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			recs, err := Parse(bytes.NewReader(tt.in), Options{Name: tt.file})
			var pe *ParseError
			if !errors.As(err, &pe) || !strings.Contains(err.Error(), tt.wantErr) || pe.File != tt.file {
				t.Fatalf("Parse = %d records, %v; want a *ParseError containing %q", len(recs), err, tt.wantErr)
			}
		})
	}
}

// TestParseInvalidUTF8Record: in a file said to be UTF-8, invalid bytes
// read as U+FFFD with a warning on their record. (Without --encoding the
// same file, having no UTF-8 sequence at all, reads as Windows-1252: see
// TestParseEncodings.)
func TestParseInvalidUTF8Record(t *testing.T) {
	in := anadoluCaption + "\n\nALEPPO, SYRIA - DECEMBER 19: Fam\xc3\x28ilies \xff wait on December 19, 2016. ( Aref Watad - Anadolu Agency )\n"
	recs := parseString(t, "u.txt", in, Options{Encoding: EncodingUTF8})
	if len(recs) != 2 || recs[1].Line != 3 {
		t.Fatalf("lines = %v", lines(recs))
	}
	r := recs[1]
	if !utf8.ValidString(r.Text) || !strings.Contains(r.Text, "\uFFFD") || r.Agency != "Anadolu Agency" {
		t.Errorf("text %q agency %q", r.Text, r.Agency)
	}
	if len(r.Problems) != 1 || r.Problems[0].Severity != metadata.SeverityWarning || !strings.Contains(r.Problems[0].Message, "invalid UTF-8") {
		t.Errorf("problems = %+v", r.Problems)
	}
}

type failingReader struct{ n int }

var errDisk = errors.New("disk on fire")

func (f *failingReader) Read(b []byte) (int, error) {
	if f.n <= 0 {
		return 0, errDisk
	}
	n := copy(b, bytes.Repeat([]byte("A caption line.\n\n"), 1+len(b)/17))
	n = min(n, f.n)
	f.n -= n
	return n, nil
}

func TestParseReadError(t *testing.T) {
	for _, n := range []int{0, 100, 200000} {
		_, err := Parse(&failingReader{n: n}, Options{Name: "r.txt"})
		if !errors.Is(err, errDisk) || !strings.Contains(err.Error(), "caption: r.txt: expected a readable caption file") {
			t.Errorf("after %d bytes: err = %v, want the read error wrapped", n, err)
		}
	}
}

// TestParseRecordCap: a paragraph or line over MaxRecordBytes becomes an
// error problem on its line; the records around it still come out.
func TestParseRecordCap(t *testing.T) {
	long := strings.Repeat("word ", MaxRecordBytes/5+10)
	oneLine := anadoluCaption + "\n\n" + long + "\n\n" + anadoluCaption + "\n"
	manyLines := anadoluCaption + "\n\n" + strings.ReplaceAll(long, "word word ", "word\nword ") + "\n\n" + anadoluCaption + "\n"
	for name, in := range map[string]string{"one long line": oneLine, "many lines": manyLines} {
		recs := parseString(t, "big.txt", in, Options{})
		if len(recs) != 3 || recs[0].HasError() || recs[2].HasError() || recs[2].Agency != "Anadolu Agency" {
			t.Fatalf("%s: %d records, want 3 with the outer ones good", name, len(recs))
		}
		msgs := errorMessages(recs[1])
		if recs[1].Line != 3 || len(msgs) != 1 || !strings.Contains(msgs[0], "record longer than 1048576 bytes") {
			t.Errorf("%s: long record line %d errors %q", name, recs[1].Line, msgs)
		}
		if wantLine := strings.Count(in[:strings.LastIndex(in, anadoluCaption)], "\n") + 1; recs[2].Line != wantLine {
			t.Errorf("%s: last record on line %d, want %d", name, recs[2].Line, wantLine)
		}
	}
	jl := `{"caption": "` + long + `"}` + "\n" + `{"caption": "` + anadoluCaption + `"}` + "\n"
	recs := parseString(t, "big.jsonl", jl, Options{})
	if len(recs) != 2 || !recs[0].HasError() || recs[1].Line != 2 || recs[1].HasError() {
		t.Errorf("jsonl: %d records, first error %v, second line %d", len(recs), recs[0].HasError(), recs[1].Line)
	}
}

// TestParseHuge parses a generated ~50 MB caption file: every record comes
// out with the right line number.
func TestParseHuge(t *testing.T) {
	if testing.Short() {
		t.Skip("skipping the 50 MB caption file in -short mode")
	}
	para := anadoluCaption + "\n\n"
	n := 50 << 20 / len(para)
	in := strings.Repeat(para, n)
	recs, err := Parse(strings.NewReader(in), Options{Name: "huge.txt"})
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != n {
		t.Fatalf("got %d records, want %d", len(recs), n)
	}
	if last := recs[n-1]; last.Line != 2*n-1 || last.Agency != "Anadolu Agency" || last.DateString() != "2016-12-19" {
		t.Errorf("last record: line %d agency %q date %q", last.Line, last.Agency, last.DateString())
	}
}

func FuzzParse(f *testing.F) {
	sample, err := os.ReadFile(samplePath)
	if err != nil {
		f.Fatal(err)
	}
	seeds := []struct {
		name string
		in   string
	}{
		{"s.txt", string(bytes.Join(bytes.SplitAfterN(sample, []byte("\n"), 4)[:3], nil))}, // the sample's first two records
		{"s.txt", "IMG_1.jpg\r\n" + anadoluCaption + "\r\n\r\n\u00a0\r\nREUTERS/X\n"},
		{"s.txt", "GATINEAU , QC – JANUARY 9: x on 24 February 2023 (Photo by A and B/C via Getty Images)"},
		{"s.txt", "FILE - x, Monday, Feb. 13, 2023. (AP Photo/N, Pool)\n\nMandatory Credit: Photo by X/Y/Shutterstock (1)\nz"},
		{"s.csv", "file,caption,date\na.jpg,\"" + anadoluCaption + "\",2016:12:19\nb,\"x\ny\",bad,extra\n\"unterminated"},
		{"s.csv", "SourceFile,XMP-dc:Description\n"},
		{"s.json", "[\n{\"caption\": \"x\", \"creators\": [\"a\"]},\n{\"caption\": 1}, 3]"},
		{"s.jsonl", "{\"caption\": \"x\"}\n{bad\n\n{\"keywords\": \"a,b\"}"},
		{"s.bin", "\x00\x01\xff\xfe"},
		{"s", "\xef\xbb\xbf[{}]"},
		{"s.csv", "\xff\xfef\x00i\x00l\x00e\x00,\x00c\x00a\x00p\x00t\x00i\x00o\x00n\x00\n\x00a\x00,\x00\xe9\x00"}, // UTF-16LE
		{"s.txt", "x\x00y\x00\n\x00\x00\xd8"},                                          // UTF-16LE without a mark, a lone surrogate
		{"s.csv", "file,caption\r\na.jpg,\"Jos\xe9 \x93\xc1lan\x94 ( X - AFP )\"\r\n"}, // Windows-1252
		{"s.jsonl", "y\ny\n{\"caption\": \"x\"}\n"},
	}
	for _, s := range seeds {
		f.Add(s.name, []byte(s.in))
	}
	f.Fuzz(func(t *testing.T, name string, in []byte) {
		recs, err := Parse(bytes.NewReader(in), Options{Name: name, Year: 2016})
		if err != nil && len(recs) > 0 && !errors.Is(err, io.ErrUnexpectedEOF) {
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("error %v is not a *ParseError", err)
			}
		}
		nLines := bytes.Count(in, []byte("\n")) + 1
		for _, r := range recs {
			if r.Line < 1 || r.Line > nLines {
				t.Errorf("record line %d outside 1..%d", r.Line, nLines)
			}
			if !utf8.ValidString(r.Text) {
				t.Errorf("record text %q is not valid UTF-8", r.Text)
			}
			for _, c := range r.Creators {
				if !utf8.ValidString(c) {
					t.Errorf("creator %q is not valid UTF-8", c)
				}
			}
			if _, err := json.Marshal(r); err != nil {
				t.Errorf("MarshalJSON: %v", err)
			}
			for _, p := range r.Problems {
				if p.Code == "" {
					t.Errorf("problem %q has no code", p.Message)
				}
			}
		}
	})
}

// TestParseNotTheFormat: input that is not the format it is read as stops
// with an error that names the problem, not with a record per value (a
// JSON array of 1.5 million numbers, `yes` read as JSON Lines) nor with a
// read error (a CSV header row of 3 MB).
func TestParseNotTheFormat(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want string
	}{
		{"a.json", "[" + strings.Repeat("1,", 1_500_000) + "1]", "caption: a.json:1: expected a JSON array of caption objects, found 100 values in a row that are not objects (line 1: "},
		{"a.jsonl", strings.Repeat("y\n", 1_000_000), "caption: a.jsonl:1: expected JSON Lines caption records, found 100 lines in a row that are not JSON objects (line 1: "},
		{"a.csv", "file,caption," + strings.Repeat("x", 3_000_000), "caption: a.csv:1: expected a CSV header row, found one with a field of 3,000,000 bytes, more than the 1,048,576 captag reads of one field (not CSV?)"},
	}
	for _, tt := range tests {
		recs, err := Parse(strings.NewReader(tt.in), Options{Name: tt.name})
		if err == nil || !strings.HasPrefix(err.Error(), tt.want) || len(recs) != 0 {
			t.Errorf("%s: %d records, err %v; want %q", tt.name, len(recs), err, tt.want)
		}
	}
}

// Every problem Parse reports carries a code a caller can act on; one
// input for each code.
func TestProblemCodes(t *testing.T) {
	for _, tt := range []struct {
		name, in string
		want     ProblemCode
	}{
		{"s.txt", "Civilians wait in Aleppo. ( Aref Watad - Anadolu Agency )", ProblemNoDate},
		{"s.txt", "ALEPPO, SYRIA - DECEMBER 19: Civilians wait on December 19, 2016.", ProblemNoCredit},
		{"s.txt", "ALEPPO, SYRIA - DECEMBER 18: Civilians wait on December 19, 2016. ( Aref Watad - Anadolu Agency )", ProblemDateMismatch},
		{"s.txt", "IMG_0001.jpg", ProblemNoText},
		{"s.txt", anadoluCaption + "\n\nx\x01\x02\x03\x04\x05\x06\x07", ProblemNoText},
		{"s.csv", "file,caption,date\na.jpg,\"" + anadoluCaption + "\",yesterday\n", ProblemDateColumn},
		{"s.csv", "file,caption,date\na.jpg,\"" + anadoluCaption + "\",2016-12-18\n", ProblemDateMismatch},
		{"s.csv", "file,caption\na.jpg,x,extra\n", ProblemSyntax},
		{"s.json", "[{\"caption\": \"x\", \"keywords\": [{}]}]", ProblemSyntax},
		{"s.jsonl", "{bad\n", ProblemSyntax},
		{"s.csv", "file,caption\na.jpg,\"Jos\uFFFD ( X - AFP )\"\n", ProblemEncoding},
		{"s.txt", strings.Repeat("word ", MaxRecordBytes/5+10), ProblemTooLong},
	} {
		recs, _ := Parse(strings.NewReader(tt.in), Options{Name: tt.name, Year: 2016})
		var codes []ProblemCode
		for _, r := range recs {
			for _, p := range r.Problems {
				codes = append(codes, p.Code)
			}
		}
		if !slices.Contains(codes, tt.want) {
			t.Errorf("%s %.60q: codes %q, want %q among them", tt.name, tt.in, codes, tt.want)
		}
	}
}
