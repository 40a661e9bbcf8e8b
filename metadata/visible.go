package metadata

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// Visible returns s, a value read from a file (a file name, a metadata
// value, a caption file's field), with the characters that a terminal
// acts on or that a reader cannot see written as escapes, the way Go
// quotes them: C0 controls (\n, \r, \t, \x1b, …), DEL, C1 controls
// (\u009b, …), the line and paragraph separators (\u2028, \u2029), the
// bidirectional marks, embeddings, overrides and isolates (\u200e,
// \u202e, \u2066, …) and bytes that are not UTF-8 (\xff). A value
// without any is returned as it is. Every report and message that shows
// such a value shows it through Visible (cmd/captag's text.Safe is
// this): a name "a.jpg\nb.jpg" reads as a.jpg\nb.jpg, never as two lines
// nor as "a.jpg b.jpg".
func Visible(s string) string {
	if !needsVisible(s) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n == 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\t':
			b.WriteString(`\t`)
		case r < 0x20 || r == 0x7f:
			fmt.Fprintf(&b, `\x%02x`, r)
		case InvisibleRune(r):
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	return b.String()
}

// needsVisible reports whether Visible would change s.
func needsVisible(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < 0x20 || c == 0x7f {
			return true
		}
		if c >= 0x80 {
			for _, r := range s[i:] {
				if r < 0x20 || r == 0x7f || r == utf8.RuneError || InvisibleRune(r) {
					return true
				}
			}
			return false
		}
	}
	return false
}

// InvisibleRune reports the non-ASCII runes Visible escapes: the C1
// controls, the line and paragraph separators, and the bidirectional
// formatting characters (a terminal or a browser reorders, breaks or
// hides what follows them).
func InvisibleRune(r rune) bool {
	switch {
	case r >= 0x80 && r <= 0x9f: // C1
		return true
	case r == 0x061c, r == 0x200e, r == 0x200f: // ALM, LRM, RLM
		return true
	case r == 0x2028, r == 0x2029: // line and paragraph separators
		return true
	case r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069: // embeddings, overrides, isolates
		return true
	}
	return false
}
