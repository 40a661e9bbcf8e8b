package text

import (
	"bytes"
	"testing"
)

// TestSafe: what a terminal would act on is written as Go writes it in a
// quoted string; everything else, accents and CJK included, is left as it
// is.
func TestSafe(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ in, want string }{
		{"Aref Watad", "Aref Watad"},
		{"Büttner, 北京", "Büttner, 北京"},
		{"IMG\n1.jpg", `IMG\n1.jpg`},
		{"\x1b[2Jclear", `\x1b[2Jclear`},
		{"\u009b31m", `\u009b31m`},
		{"abc\u202edef", `abc\u202edef`},
		{"caf\xe9", `caf\xe9`},
		{"bell\x07", `bell\x07`},
	} {
		if got := Safe(tc.in); got != tc.want {
			t.Errorf("Safe(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestWriterKeepsOwnColours: the report's own line breaks, tabs and colour
// sequences pass; any other control is escaped.
func TestWriterKeepsOwnColours(t *testing.T) {
	t.Parallel()
	var b bytes.Buffer
	Writer(&b).Write([]byte("\x1b[31merror\x1b[0m\tline\n\x1b]0;title\x07"))
	if got, want := b.String(), "\x1b[31merror\x1b[0m\tline\n"+`\x1b]0;title\x07`; got != want {
		t.Errorf("wrote %q, want %q", got, want)
	}
}

// TestRedTeam13SafeEscapesSeparators is issue 20, item 13 in the text
// reports: the line and paragraph separators and the bidi marks were
// printed as they are (a terminal or a viewer breaks the line at U+2028,
// and U+200F reorders what follows), and a caption's `file` value with
// them looked like another name. Safe (metadata.Visible, the one escaper)
// escapes every class, in values and through Writer on stderr alike.
func TestRedTeam13SafeEscapesSeparators(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ in, want string }{
		{"a.jpg\nb.jpg", `a.jpg\nb.jpg`},
		{"a\u2028b.jpg", `a\u2028b.jpg`},
		{"a\u2029b.jpg", `a\u2029b.jpg`},
		{"a\u200fb\u200e\u061c.jpg", `a\u200fb\u200e\u061c.jpg`},
		{"a\u2066b\u2069.jpg", `a\u2066b\u2069.jpg`},
		{"a\u0085b\x7f.jpg", `a\u0085b\x7f.jpg`},
		{"a\u00a0b.jpg", "a\u00a0b.jpg"}, // a space a reader sees is no control
	} {
		if got := Safe(tc.in); got != tc.want {
			t.Errorf("Safe(%q) = %q, want %q", tc.in, got, tc.want)
		}
		var b bytes.Buffer
		Writer(&b).Write([]byte("captag: error: " + tc.in))
		if want := "captag: error: " + tc.want; tc.in != "a.jpg\nb.jpg" && b.String() != want {
			t.Errorf("Writer(%q) wrote %q, want %q", tc.in, b.String(), want)
		}
	}
}
