package report

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
// every value printed in a text report goes through metadata.Visible (the
// one escaper), and the report itself, when Render writes it in
// FormatText, through SafeWriter, which lets through only the report's own
// line breaks, tabs and colours. JSON and JUnit escape on their own.

// maxSGRLen is the longest colour sequence (ESC [ digits and semicolons,
// m) SafeWriter lets through; the palette's are 4 or 5 bytes.
const maxSGRLen = 16

// SafeWriter returns w behind a filter that escapes, as metadata.Visible
// does, every control character except line breaks, tabs and the colour
// sequences of TextOptions.Colour (ESC [ digits m). It is the last guard
// of a text report or message bound for a terminal: a value that reaches
// it unescaped cannot clear the screen or set the title, though a newline
// in it would still break its line.
func SafeWriter(w io.Writer) io.Writer { return &safeWriter{w: w} }

type safeWriter struct {
	w       io.Writer
	pending []byte // an incomplete UTF-8 sequence or colour sequence at the end of the last Write
	buf     []byte
}

func (t *safeWriter) Write(p []byte) (int, error) {
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
			case metadata.InvisibleRune(r):
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
	for i := 2; i < len(b) && i < maxSGRLen; i++ {
		switch c := b[i]; {
		case c >= '0' && c <= '9' || c == ';':
		case c == 'm':
			return i + 1, true
		default:
			return 0, true
		}
	}
	if len(b) < maxSGRLen {
		return 0, false
	}
	return 0, true
}
