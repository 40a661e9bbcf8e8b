package caption

import (
	"bytes"
	"cmp"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// TestCountParagraphs checks that the count recordHint takes before a
// parse is the number of records the text parse gives, on UTF-8 files.
func TestCountParagraphs(t *testing.T) {
	tests := []string{
		"one\n",
		"one\n\ntwo\n",
		"\n\n  \n one\r\n two\r\n\r\n\tthree",
		"a\n\u00a0\nb\n\u2003\n\n\n",
		"\ufeffBEIRUT, Lebanon (AP) — x\n\nPARIS (AFP) — y\n",
		"a\n" + strings.Repeat(" ", MaxRecordBytes+10) + "\nb\n",
		"a\n" + strings.Repeat("x", MaxRecordBytes+10) + "\n\nb",
	}
	for i, in := range tests {
		recs, err := Parse(strings.NewReader(in), Options{Format: FormatText})
		if err != nil {
			t.Fatalf("%d: %v", i, err)
		}
		if got := countParagraphs(strings.NewReader(in)); got != len(recs) {
			t.Errorf("%d: counted %d paragraphs, the parse gives %d records", i, got, len(recs))
		}
	}
}

// TestRecordHintSameRecords checks that a caption file read from disk,
// with the records counted first (recordHint), gives the records read
// from memory without: the count is a capacity, never a result, even when
// it is wrong.
func TestRecordHintSameRecords(t *testing.T) {
	// records is a file of n records, every other one followed by sep
	// instead of a blank line.
	records := func(n int, sep string) string {
		var b bytes.Buffer
		for i := range n {
			fmt.Fprintf(&b, "PARIS (AFP) - Record %d, Dec. 19, 2016. (AFP Photo/Jean Dupont)\n", i)
			if i%2 == 1 {
				b.WriteString(sep)
			} else {
				b.WriteString("\n")
			}
		}
		return b.String()
	}
	for _, tc := range []struct {
		name, text string
		enc        Encoding
		cmp        int // the count against the records: -1 fewer, 0 as many, 1 more
	}{
		{"counted right", records(5000, "\n"), EncodingUTF8, 0},
		{"counted right, U+00A0 lines blank", records(5000, "\u00a0\n"), EncodingUTF8, 0},
		// In ISO-8859-1 a line of 0xA0 is blank; the count, reading
		// UTF-8, finds it is not and counts half the records.
		{"counted low", records(10000, "\xa0\n"), EncodingLatin1, -1},
		// In Windows-1252 C2 A0 is "Â" and a no-break space, not blank;
		// the count, reading UTF-8, finds a blank line.
		{"counted high", records(10000, "\xc2\xa0\n"), EncodingWindows1252, 1},
	} {
		text := tc.text
		t.Run(tc.name, func(t *testing.T) {
			opt := Options{Format: FormatText, Year: 2016, Encoding: tc.enc}
			want, err := Parse(strings.NewReader(text), opt)
			if err != nil {
				t.Fatal(err)
			}
			if n := recordHintOf(t, text); n == 0 || cmp.Compare(n, len(want)) != tc.cmp {
				t.Fatalf("counted %d for %d records, want a count compared %d", n, len(want), tc.cmp)
			}
			path := filepath.Join(t.TempDir(), "captions.txt")
			if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
			f, err := os.Open(path)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			got, err := Parse(f, opt)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("read from the file: %d records, differ from the %d read from memory", len(got), len(want))
			}
		})
	}
}

// recordHintOf is recordHint on a file holding text.
func recordHintOf(t *testing.T, text string) int {
	path := filepath.Join(t.TempDir(), "count.txt")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	return recordHint(f)
}
