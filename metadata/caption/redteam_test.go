package caption

import (
	"bufio"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// repeated is an io.Reader of pattern n times over, made as it is read:
// a test feeds the parser 200 MB without holding them.
type repeated struct {
	pattern string
	n       int64 // repetitions left
	off     int   // into pattern
}

func (r *repeated) Read(p []byte) (int, error) {
	k := 0
	for k < len(p) && r.n > 0 {
		c := copy(p[k:], r.pattern[r.off:])
		k += c
		r.off += c
		if r.off == len(r.pattern) {
			r.off = 0
			r.n--
		}
	}
	if k == 0 {
		return 0, io.EOF
	}
	return k, nil
}

// TestRedTeam12BadRowKeepsTheRest is issue 20, item 12: a CSV row of a
// million unquoted fields, or a 200 MB quoted field, was reported as
// "record longer than 1048576 bytes (an unclosed quote?); the rest of the
// file is skipped", and every valid record after it was dropped. Now such
// a row is one record with an error that says what was found, the
// parser reads the next row (after the newline; after the closing quote
// of a quoted field), and only a quote that is never closed skips the
// rest of the file, saying so. The inputs are generated as they are read,
// and the 200 MB field is streamed, never held.
func TestRedTeam12BadRowKeepsTheRest(t *testing.T) {
	const head = "file,caption\n"
	good := func(name string) string { return name + ",\"" + anadoluCaption + "\"\n" }
	tests := []struct {
		name string
		bad  func() io.Reader // the rows between a.jpg's (line 2) and b.jpg's
		want string           // the error of the record on line 3
		// bLine is b.jpg's line, 0 when the rest of the file is
		// rightly skipped (a quote never closed).
		bLine int
	}{
		{"a million unquoted fields", func() io.Reader {
			return io.MultiReader(strings.NewReader("c.jpg"), &repeated{pattern: ",x", n: 999_999}, strings.NewReader("\n"))
		}, "row at line 3 has 1,000,000 fields, more than the 4,096 captag reads; skipped", 4},
		{"a quoted field of 200 MB", func() io.Reader {
			return io.MultiReader(strings.NewReader("c.jpg,\""), &repeated{pattern: "y", n: 200 << 20}, strings.NewReader("\"\n"))
		}, "row at line 3 has a field of 209,715,200 bytes, more than the 1,048,576 captag reads of one field; skipped", 4},
		{"a quoted field over many lines, quotes and commas in it", func() io.Reader {
			return io.MultiReader(strings.NewReader("c.jpg,\"he said \"\"no\"\",\n"), &repeated{pattern: "word, \"\"quoted\"\", words\r\n", n: 100_000}, strings.NewReader("\",extra\n"))
		}, "row at line 3 has a field of 2,200,014 bytes (lines 3 to 100004), more than the 1,048,576 captag reads of one field; skipped", 100_005},
		{"an unquoted field of 3 MB", func() io.Reader {
			return io.MultiReader(strings.NewReader("c.jpg,"), &repeated{pattern: "z", n: 3 << 20}, strings.NewReader("\n"))
		}, "row at line 3 has a field of 3,145,728 bytes, more than the 1,048,576 captag reads of one field; skipped", 4},
		{"a row of 4 MB in fields under the cap", func() io.Reader {
			return io.MultiReader(strings.NewReader("c.jpg"), &repeated{pattern: "," + strings.Repeat("w", 1<<20), n: 4}, strings.NewReader("\n"))
		}, "row at line 3 has 4,194,309 bytes in its fields, more than the 1,048,576 captag reads of one row; skipped", 4},
		{"a quote left open, closed by a later row's", func() io.Reader {
			// The rows between are the field's: no parser can tell.
			return io.MultiReader(strings.NewReader("c.jpg,\""), &repeated{pattern: "more words\n", n: 200_000}, strings.NewReader(good("d.jpg")))
		}, "row at line 3 has a field of 2,200,141 bytes (lines 3 to 200003), more than the 1,048,576 captag reads of one field; skipped", 200_004},
		{"a quote never closed", func() io.Reader {
			return io.MultiReader(strings.NewReader("c.jpg,\""), &repeated{pattern: "more words, no quote\n", n: 200_000})
		}, "row at line 3 has a field of 4,200,031 bytes (lines 3 to 200003), more than the 1,048,576 captag reads of one field; its quote opened on line 3 is never closed, so the rest of the file (to line 200003) is that field, and is skipped", 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tail := good("b.jpg")
			if tc.bLine == 0 {
				tail = "b.jpg,a caption without quotes\n" // nothing to close the quote
			}
			in := io.MultiReader(strings.NewReader(head+good("a.jpg")), tc.bad(), strings.NewReader(tail))
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			recs, err := Parse(in, Options{Name: "day.csv"})
			runtime.ReadMemStats(&after)
			if err != nil {
				t.Fatal(err)
			}
			var files []string
			for _, r := range recs {
				files = append(files, fmt.Sprintf("%d:%s", r.Line, r.File))
			}
			want := []string{"2:a.jpg", "3:"}
			if tc.bLine > 0 {
				want = append(want, fmt.Sprintf("%d:b.jpg", tc.bLine))
			}
			if !slices.Equal(files, want) {
				t.Fatalf("records (line:file) %v, want %v", files, want)
			}
			if recs[0].HasError() || recs[0].Agency != "Anadolu Agency" || tc.bLine > 0 && (recs[2].HasError() || recs[2].Agency != "Anadolu Agency") {
				t.Errorf("the good records: %+v", recs)
			}
			if msgs := errorMessages(recs[1]); !slices.Equal(msgs, []string{tc.want}) {
				t.Errorf("line 3: errors %q\nwant %q", msgs, tc.want)
			}
			// Streamed: what the parse allocated is a small part of a
			// 200 MB field (the input itself is made as it is read).
			if got := after.TotalAlloc - before.TotalAlloc; got > 48<<20 {
				t.Errorf("the parse allocated %d MB, want the rows streamed (under 48 MB)", got>>20)
			}
		})
	}
}

// FuzzCSVRows holds csvReader to encoding/csv with LazyQuotes, the
// reader it replaced, on input under its caps: the same rows, the same
// fields, the same first lines; and never a panic.
func FuzzCSVRows(f *testing.F) {
	for _, s := range []string{
		"file,caption\na.jpg,\"x, y\"\n", "a,\"b\"\"c\",d\r\ne,f\n\n\ng", "\"open\nline\n", "a\"b,\"c\"d\",e\r",
		"\r\n\r\na,b\r", "\"\"", ",,\n,", "\"a\"\r\"b\"", "x\ry\n", "\"a\r\nb\"\r\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		cr := csv.NewReader(strings.NewReader(in))
		cr.FieldsPerRecord, cr.LazyQuotes = -1, true
		mine := newCSVReader(bufio.NewReader(strings.NewReader(in)), ',')
		for {
			want, werr := cr.Read()
			got, gerr := mine.next()
			if werr == io.EOF || gerr == io.EOF {
				if werr != gerr {
					t.Fatalf("%q: encoding/csv %v %q, csvReader %v %q", in, werr, want, gerr, got.fields)
				}
				return
			}
			if werr != nil || gerr != nil {
				t.Fatalf("%q: errors %v, %v", in, werr, gerr)
			}
			line, _ := cr.FieldPos(0)
			if !slices.Equal(want, got.fields) || line != got.line {
				t.Fatalf("%q: encoding/csv line %d %q, csvReader line %d %q", in, line, want, got.line, got.fields)
			}
		}
	})
}

// TestRedTeam12UnclosedQuoteUnderTheCaps: a quote never closed in the
// last rows of a small file takes those rows into its field: the record
// is an error (write leaves its image alone), naming the quote's line.
func TestRedTeam12UnclosedQuoteUnderTheCaps(t *testing.T) {
	in := "file,caption\na.jpg,\"" + anadoluCaption + "\"\nb.jpg,\"" + anadoluCaption + "\nc.jpg,x\n"
	recs := parseString(t, "u.csv", in, Options{})
	if len(recs) != 2 || recs[0].HasError() {
		t.Fatalf("records %v, want a.jpg's and b.jpg's", lines(recs))
	}
	want := "expected the quote that opens a field on line 3 to be closed, found the end of the file (line 4): the field holds every line after it"
	if msgs := errorMessages(recs[1]); !slices.Equal(msgs, []string{want}) {
		t.Errorf("line 3: errors %q, want %q", msgs, want)
	}
}

// TestRedTeam13FileValueKeptLiteral is issue 20, item 13 in the parser: a
// `file` value with control characters kept them as spaces ("a.jpg\nb.jpg"
// read as "a.jpg b.jpg"), so it was matched and shown as another name.
// Every class — C0, DEL, C1, the line and paragraph separators, the bidi
// controls — is now kept as written, in CSV, JSON and JSON Lines; only
// the spaces around a cell are dropped.
func TestRedTeam13FileValueKeptLiteral(t *testing.T) {
	for _, name := range []string{
		"a.jpg\nb.jpg", "a\rb.jpg", "a\x1b[2Jb.jpg", "a\x7fb.jpg", "a\u0085b.jpg", "a\u009bb.jpg",
		"a\u2028b.jpg", "a\u2029b.jpg", "a\u202eb.jpg", "a\u2066b.jpg", "a\u200fb.jpg", "a\tb.jpg",
	} {
		quoted := strings.ReplaceAll(name, `"`, `""`)
		b, _ := json.Marshal(name)
		js := string(b)
		for _, in := range []struct{ file, text string }{
			{"c.csv", "file,caption\n\"" + quoted + "\",\"" + anadoluCaption + "\"\n"},
			{"p.csv", "file,caption\n\"  " + quoted + "\t\",\"" + anadoluCaption + "\"\n"}, // a cell's padding goes
			{"c.json", `[{"file": ` + js + `, "caption": "` + anadoluCaption + `"}]`},
			{"c.jsonl", `{"file": ` + js + `, "caption": "` + anadoluCaption + `"}` + "\n"},
		} {
			recs := parseString(t, in.file, in.text, Options{})
			if len(recs) != 1 || recs[0].File != name {
				t.Errorf("%s: file %q, want %q as written", in.file, fileOf(recs), name)
			}
		}
	}
}

func fileOf(recs []Record) string {
	if len(recs) == 0 {
		return "(no record)"
	}
	return recs[0].File
}

// TestRedTeam12JSONObjectKeepsTheRest is item 12's rule in a JSON array:
// an object over MaxRecordBytes (a 200 MB caption) dropped every object
// after it ("the rest of the file is skipped"). Now it is one record with
// an error, and the objects after it are read; only a value that never
// ends takes the rest of the file, and the message says so.
func TestRedTeam12JSONObjectKeepsTheRest(t *testing.T) {
	good := func(name string) string { return `{"file": "` + name + `", "caption": "` + anadoluCaption + `"}` }
	tests := []struct {
		name  string
		bad   func() io.Reader // the value on line 3
		want  string
		bLine int // b.jpg's line; 0 when the rest is rightly skipped
	}{
		{"a caption of 200 MB", func() io.Reader {
			return io.MultiReader(strings.NewReader(`{"file": "c.jpg", "caption": "`), &repeated{pattern: `word \"quoted\" `, n: 10 << 20}, strings.NewReader(`"}`))
		}, "object at line 3 has 167,772,192 bytes, more than the 1,048,576 captag reads of one record; skipped", 4},
		{"an object over many lines", func() io.Reader {
			return io.MultiReader(strings.NewReader(`{"keywords": [`), &repeated{pattern: "\"a [keyword] {x}\",\n", n: 100_000}, strings.NewReader(`"last"]}`))
		}, "object at line 3 has 1,900,022 bytes, more than the 1,048,576 captag reads of one record; skipped", 100_004},
		{"a string never closed", func() io.Reader {
			return io.MultiReader(strings.NewReader(`{"file": "c.jpg", "caption": "`), &repeated{pattern: "words, no quote\n", n: 100_000})
		}, "value at line 3 of 1,600,033 bytes never ends: an object opened on line 3 is never closed, so the rest of the file (to line 100004) is that value, and is skipped", 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tail := ",\n" + good("b.jpg") + "\n]\n"
			if tc.bLine == 0 {
				tail = "\n]\n" // nothing to close the string
			}
			in := io.MultiReader(strings.NewReader("[\n"+good("a.jpg")+",\n"), tc.bad(), strings.NewReader(tail))
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			recs, err := Parse(in, Options{Name: "day.json"})
			runtime.ReadMemStats(&after)
			if err != nil {
				t.Fatal(err)
			}
			if got := after.TotalAlloc - before.TotalAlloc; got > 48<<20 {
				t.Errorf("the parse allocated %d MB, want the values streamed (under 48 MB)", got>>20)
			}
			var got []string
			for _, r := range recs {
				got = append(got, fmt.Sprintf("%d:%s", r.Line, r.File))
			}
			want := []string{"2:a.jpg", "3:"}
			if tc.bLine > 0 {
				want = append(want, fmt.Sprintf("%d:b.jpg", tc.bLine))
			}
			if !slices.Equal(got, want) {
				t.Fatalf("records (line:file) %v, want %v", got, want)
			}
			if msgs := errorMessages(recs[1]); !slices.Equal(msgs, []string{tc.want}) {
				t.Errorf("line 3: errors %q\nwant %q", msgs, tc.want)
			}
			if tc.bLine > 0 && (recs[2].HasError() || recs[2].Agency != "Anadolu Agency") {
				t.Errorf("b.jpg: %+v", recs[2])
			}
		})
	}
}

// FuzzJSONArrayValues holds jsonArray to encoding/json on valid JSON
// arrays: the same elements, byte for byte, and never a panic on any
// input.
func FuzzJSONArrayValues(f *testing.F) {
	for _, s := range []string{
		`[{"a": "b\"]}"}, [1, [2]], "x,y", -1.5e3, true, null]`, `[]`, ` [ {} , {"k": {"l": []}} ] `, "[\n\"a\\\\\"\n]",
		`[{"a":1} {"b":2}]`, `[1,]`, `[{"a": "`, `[[[`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		a := &jsonArray{br: bufio.NewReader(strings.NewReader(in)), line: 1}
		var got []string
		if c, err := a.space(); err == nil && c == '[' {
			a.br.ReadByte()
			for first := true; ; first = false {
				c, err := a.space()
				if err != nil || c == ']' {
					break
				}
				if !first {
					if c != ',' {
						break
					}
					a.br.ReadByte()
					if _, err := a.space(); err != nil {
						break
					}
				}
				v, err := a.value()
				if err != nil || v.open != "" {
					break
				}
				got = append(got, string(v.raw))
			}
		}
		var want []json.RawMessage
		if !json.Valid([]byte(in)) || json.Unmarshal([]byte(in), &want) != nil {
			return
		}
		if len(got) != len(want) {
			t.Fatalf("%q: %d values, encoding/json %d", in, len(got), len(want))
		}
		for i := range want {
			if got[i] != string(want[i]) {
				t.Fatalf("%q: value %d is %q, encoding/json %q", in, i, got[i], want[i])
			}
		}
	})
}
