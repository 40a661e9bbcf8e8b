// Package text is what captag's commands need of a terminal: a filter
// that keeps a report or a message from driving it (Writer, Safe) and the
// progress line on stderr (Progress). The reports themselves, text
// included, are package desk's renderers.
package text

import (
	"fmt"
	"io"
	"unicode/utf8"

	"github.com/captag/captag/metadata"
)

// Text reports print values that come from files: metadata values,
// caption text, file names. A terminal acts on some characters instead of
// printing them: ESC starts sequences that clear the screen, set the
// window title (OSC) or rewrite what is shown, BEL rings, a carriage
// return overwrites the line, a newline in a file name splits one report
// line in two, and the bidirectional overrides reorder what follows. So
// every value printed in a text report goes through Safe, and the
// report itself through Writer, which lets through only the report's
// own line breaks, tabs and colours. JSON and JUnit escape on their own.

// Safe is metadata.Visible: s with the characters a terminal would act on
// written as escapes, the way Go quotes them (C0 controls, DEL, C1
// controls, the line and paragraph separators, the bidirectional marks,
// embeddings, overrides and isolates, bytes that are not UTF-8). It has
// one home, in package metadata, so that the library's own reports (the
// contact sheet, messages that name a caption's file) escape the same.
func Safe(s string) string { return metadata.Visible(s) }

// unsafeRune reports the non-ASCII runes Safe escapes.
func unsafeRune(r rune) bool { return metadata.InvisibleRune(r) }

// Writer returns w behind a filter that escapes, as termSafe does,
// every control character except the line breaks and tabs of the report
// and the colour sequences of palette (ESC [ digits m). It is the last
// guard: a value that reaches it unescaped cannot clear the screen or set
// the title, though a newline in it would still break its line.
func Writer(w io.Writer) io.Writer { return &termFilter{w: w} }

type termFilter struct {
	w       io.Writer
	pending []byte // an incomplete UTF-8 sequence or colour sequence at the end of the last Write
	buf     []byte
}

func (t *termFilter) Write(p []byte) (int, error) {
	in := p
	if len(t.pending) > 0 {
		in = append(t.pending, p...)
		t.pending = nil
	}
	out := t.buf[:0]
	for i := 0; i < len(in); {
		c := in[i]
		switch {
		case c == '\n' || c == '\t':
			out = append(out, c)
			i++
		case c == 0x1b:
			n, complete := sgrLen(in[i:])
			if !complete {
				t.pending = append(t.pending[:0], in[i:]...)
				i = len(in)
				continue
			}
			if n > 0 {
				out = append(out, in[i:i+n]...)
				i += n
				continue
			}
			out = append(out, `\x1b`...)
			i++
		case c < 0x20 || c == 0x7f:
			out = fmt.Appendf(out, `\x%02x`, c)
			i++
		case c < 0x80:
			out = append(out, c)
			i++
		default:
			if !utf8.FullRune(in[i:]) {
				t.pending = append(t.pending[:0], in[i:]...)
				i = len(in)
				continue
			}
			r, n := utf8.DecodeRune(in[i:])
			switch {
			case r == utf8.RuneError && n == 1:
				out = fmt.Appendf(out, `\x%02x`, c)
			case unsafeRune(r):
				out = fmt.Appendf(out, `\u%04x`, r)
			default:
				out = append(out, in[i:i+n]...)
			}
			i += n
		}
	}
	t.buf = out
	if _, err := t.w.Write(out); err != nil {
		return 0, err
	}
	return len(p), nil
}

// sgrLen returns the length of the colour sequence (ESC [ digits and
// semicolons, m) that b starts with, 0 when b starts with ESC and
// something else, and complete false when b ends before it can tell.
func sgrLen(b []byte) (n int, complete bool) {
	if len(b) < 2 {
		return 0, false
	}
	if b[1] != '[' {
		return 0, true
	}
	for i := 2; i < len(b) && i < 16; i++ {
		switch c := b[i]; {
		case c >= '0' && c <= '9' || c == ';':
		case c == 'm':
			return i + 1, true
		default:
			return 0, true
		}
	}
	if len(b) < 16 {
		return 0, false
	}
	return 0, true
}
