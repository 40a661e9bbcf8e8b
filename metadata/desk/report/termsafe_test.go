package report

import (
	"bytes"
	"testing"
	"unicode/utf8"

	"github.com/captag/captag/metadata"
)

// TestSafeWriter: the report's own line breaks, tabs and colour sequences
// pass; every other control, separator and bidirectional mark is escaped
// as metadata.Visible escapes it, also when a Write ends inside a UTF-8
// or colour sequence.
func TestSafeWriter(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ in, want string }{
		{"\x1b[31merror\x1b[0m\tline\n\x1b]0;title\x07", "\x1b[31merror\x1b[0m\tline\n" + `\x1b]0;title\x07`},
		{"a\u2028b.jpg", `a\u2028b.jpg`},
		{"a\u200fb\u200e\u061c.jpg", `a\u200fb\u200e\u061c.jpg`},
		{"a\u2066b\u2069.jpg", `a\u2066b\u2069.jpg`},
		{"a\u0085b\x7f.jpg", `a\u0085b\x7f.jpg`},
		{"caf\xe9 \r", `caf\xe9 \x0d`},
		{"Büttner, 北京, a\u00a0b", "Büttner, 北京, a\u00a0b"},      // what a reader sees is no control
		{"\x1b[" + "123456789012345m", `\x1b[123456789012345m`}, // longer than any colour of the palette
	} {
		for cut := 0; cut <= len(tc.in); cut++ {
			var b bytes.Buffer
			w := SafeWriter(&b)
			w.Write([]byte(tc.in[:cut]))
			w.Write([]byte(tc.in[cut:]))
			if b.String() != tc.want {
				t.Errorf("SafeWriter(%q) cut at %d wrote %q, want %q", tc.in, cut, b.String(), tc.want)
			}
		}
	}
}

// FuzzSafeWriter: whatever a report holds and however it is cut into
// writes, what reaches the terminal has no control byte but line breaks,
// tabs and the ESC of a colour sequence, no rune metadata.Visible would
// escape, and is the same as one write of it all.
func FuzzSafeWriter(f *testing.F) {
	f.Add([]byte("\x1b[31merror\x1b[0m\n\x1b]0;t\x07\u202e"), 3)
	f.Add([]byte("caf\xe9\u2028"), 4)
	f.Fuzz(func(t *testing.T, in []byte, cut int) {
		var whole, parts bytes.Buffer
		SafeWriter(&whole).Write(in)
		cut = max(0, min(cut, len(in)))
		w := SafeWriter(&parts)
		w.Write(in[:cut])
		w.Write(in[cut:])
		if !bytes.Equal(whole.Bytes(), parts.Bytes()) {
			t.Fatalf("cut at %d wrote %q, one write %q", cut, parts.Bytes(), whole.Bytes())
		}
		out := whole.Bytes()
		for i := 0; i < len(out); {
			c := out[i]
			if c == 0x1b {
				if n, complete := sgrLen(out[i:]); complete && n > 0 {
					i += n
					continue
				}
				t.Fatalf("ESC at %d not a colour sequence: %q", i, out)
			}
			if c < 0x20 && c != '\n' && c != '\t' || c == 0x7f {
				t.Fatalf("control %#x at %d: %q", c, i, out)
			}
			r, n := utf8.DecodeRune(out[i:])
			if r == utf8.RuneError && n == 1 || metadata.InvisibleRune(r) {
				t.Fatalf("rune %U at %d: %q", r, i, out)
			}
			i += n
		}
	})
}

// TestVisible: what a terminal would act on in a value is written as Go
// writes it in a quoted string (metadata.Visible, which every text report
// applies to values and SafeWriter matches); accents, CJK and spaces a
// reader sees are left as they are. (Issue 20, item 13: the separators
// and bidirectional marks made a caption's file name look like another.)
func TestVisible(t *testing.T) {
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
		{"a\u2028b.jpg", `a\u2028b.jpg`},
		{"a\u2029b.jpg", `a\u2029b.jpg`},
		{"a\u200fb\u200e\u061c.jpg", `a\u200fb\u200e\u061c.jpg`},
		{"a\u2066b\u2069.jpg", `a\u2066b\u2069.jpg`},
		{"a\u0085b\x7f.jpg", `a\u0085b\x7f.jpg`},
		{"a\u00a0b.jpg", "a\u00a0b.jpg"},
	} {
		if got := metadata.Visible(tc.in); got != tc.want {
			t.Errorf("Visible(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
