package caption

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// parseBoth parses content from a file (its paragraphs counted ahead:
// recordHint) and from a reader that cannot be read again (gathered in
// chunks), and fails t unless both give the same records and error.
func parseBoth(t *testing.T, content []byte) []Record {
	t.Helper()
	path := filepath.Join(t.TempDir(), "captions.txt")
	if err := os.WriteFile(path, content, 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	fromFile, ferr := Parse(f, Options{Name: "c"})
	fromReader, rerr := Parse(bytes.NewReader(content), Options{Name: "c"})
	if (ferr == nil) != (rerr == nil) || ferr != nil && ferr.Error() != rerr.Error() {
		t.Fatalf("error from the file %v, from a reader %v", ferr, rerr)
	}
	if !reflect.DeepEqual(fromFile, fromReader) {
		t.Fatalf("records from the file differ from a reader's:\n file   %+v\n reader %+v", fromFile, fromReader)
	}
	return fromFile
}

// TestParseCountedAhead: a text caption file read from a file, whose
// records are counted ahead and filled in place, gives the records a
// reader gives, and the count is right (nothing copied) for the line
// endings, blank lines and over-long lines a wire file has.
func TestParseCountedAhead(t *testing.T) {
	wire := "BEIRUT, LEBANON - DECEMBER 19: A man walks past a building. (Photo by Joseph Eid/AFP via Getty Images)"
	long := strings.Repeat("x", MaxRecordBytes+10)
	cases := []struct {
		name, content string
		exact         bool // the count is the number of records
	}{
		{"one", wire, true},
		{"paragraphs, LF", wire + "\n\n" + wire + "\n\n\n" + wire + "\n", true},
		{"paragraphs, CRLF, spaces on blank lines", wire + "\r\n \t\r\n" + wire + "\r\n\r\n", true},
		{"lines of one paragraph", wire + "\n" + wire + "\n\n" + wire, true},
		{"file name lines", "IMG_0001.jpg\n" + wire + "\n\nIMG_0002.jpg\n\n" + wire, true},
		{"UTF-8 BOM and no-break spaces", "\uFEFF" + wire + "\n\u00a0\u3000\n" + wire, true},
		{"a line too long", wire + "\n\n" + long + "\n\n" + wire, true},
		{"a blank line too long", wire + "\n" + strings.Repeat(" ", MaxRecordBytes+1) + "\n" + wire, true},
		{"Latin-1 no-break space on a blank line", "caf\xe9 " + wire + "\n\xa0\n" + wire, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			recs := parseBoth(t, []byte(tc.content))
			f, err := os.CreateTemp(t.TempDir(), "c")
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			f.WriteString(tc.content)
			f.Seek(0, 0)
			if got := recordHint(context.Background(), f); tc.exact && got != len(recs) {
				t.Errorf("counted %d records ahead, parsed %d", got, len(recs))
			}
		})
	}
}

// TestRecordHintRefuses: no count for what cannot be read again, for
// UTF-16 and for a file read from its end.
func TestRecordHintRefuses(t *testing.T) {
	dir := t.TempDir()
	utf16 := filepath.Join(dir, "u16.txt")
	os.WriteFile(utf16, []byte("\xff\xfeA\x00\n\x00\n\x00B\x00"), 0o644)
	f, err := os.Open(utf16)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if n := recordHint(context.Background(), f); n != 0 {
		t.Errorf("UTF-16: counted %d, want 0", n)
	}
	f.Seek(0, 2)
	if n := recordHint(context.Background(), f); n != 0 {
		t.Errorf("at the end: counted %d, want 0", n)
	}
	if n := recordHint(context.Background(), strings.NewReader("a\n\nb")); n != 0 {
		t.Errorf("a strings.Reader: counted %d, want 0", n)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	ascii := filepath.Join(dir, "a.txt")
	os.WriteFile(ascii, []byte("a\n\nb"), 0o644)
	g, _ := os.Open(ascii)
	defer g.Close()
	if n := recordHint(ctx, g); n != 0 {
		t.Errorf("cancelled: counted %d, want 0", n)
	}
}

// FuzzParseCountedAhead: whatever the bytes, a caption file read from a
// file (counted ahead) parses as from a reader (gathered in chunks).
func FuzzParseCountedAhead(f *testing.F) {
	f.Add([]byte("a\n\nb\r\n \r\nc"))
	f.Add([]byte("\uFEFFx\n\u00a0\ny"))
	f.Add([]byte("caf\xe9\n\xa0\nz"))
	f.Add([]byte("IMG_1.jpg\n\nIMG_2.jpg\ntext"))
	f.Fuzz(func(t *testing.T, in []byte) {
		if len(in) > 1<<16 {
			return
		}
		parseBoth(t, in)
	})
}
