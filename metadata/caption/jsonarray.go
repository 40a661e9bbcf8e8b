package caption

import (
	"bufio"
	"errors"
	"fmt"
	"io"
)

// jsonArray reads the elements of a JSON array one by one, each as its
// raw bytes, without decoding them (Parser.object does): it finds where
// a value ends by its brackets and strings, keeps at most MaxRecordBytes
// of it, and reads a longer one to its end unkept, so that one object
// too long to read never drops the objects after it. Only a value that
// never ends (a string or a bracket never closed) runs to the end of the
// file.
type jsonArray struct {
	br   *bufio.Reader
	line int    // the line of the next byte
	raw  []byte // the value being read
}

// space skips white space and returns the next byte without reading it;
// io.EOF at the end of the file.
func (a *jsonArray) space() (byte, error) {
	for {
		b, err := a.br.ReadByte()
		if err != nil {
			return 0, err
		}
		switch b {
		case '\n':
			a.line++
		case ' ', '\t', '\r':
		default:
			a.br.UnreadByte()
			return b, nil
		}
	}
}

// jsonValue is one value of the array as jsonArray gives it.
type jsonValue struct {
	raw  []byte // nil when the value is longer than MaxRecordBytes
	line int    // where it starts
	size int64  // its size, also past the cap
	// open is set when the value never ends: what is left open ("a
	// string", "an object") is said with the line it opened on.
	open               string
	openLine, lastLine int
}

// between reads what comes before the array's next value: a comma (none
// before the first), or the array's closing bracket (done). stop is the
// record of a syntax error that ends the file; err a read error.
func (a *jsonArray) between(first bool) (done bool, stop *Record, err error) {
	c, err := a.space()
	if err != nil {
		if !errors.Is(err, io.EOF) {
			return false, nil, err
		}
		r := Record{Line: a.line}
		r.fail(ProblemSyntax, "expected the end of the JSON array, found the end of the file")
		return false, &r, nil
	}
	if c == ']' {
		a.br.ReadByte()
		return true, nil, nil
	}
	if first {
		return false, nil, nil
	}
	if c != ',' {
		r := Record{Line: a.line}
		r.fail(ProblemSyntax, fmt.Sprintf("expected a comma or the end of the JSON array, found %s; the rest of the file is skipped", describeJSONStart(c)))
		return false, &r, nil
	}
	a.br.ReadByte()
	if c, err = a.space(); err != nil || c == ']' || c == ',' {
		if err != nil && !errors.Is(err, io.EOF) {
			return false, nil, err
		}
		found := "the end of the file"
		if err == nil {
			found = describeJSONStart(c)
		}
		r := Record{Line: a.line}
		r.fail(ProblemSyntax, "expected a JSON object after the comma, found "+found+"; the rest of the file is skipped")
		return false, &r, nil
	}
	return false, nil, nil
}

// value reads the value that starts at the next byte (after space). It is
// long because it is one scan over the value's bytes whose state (depth,
// inside a string, after a backslash, the line a bracket opened on) every
// case shares; split, that state would travel between the pieces.
func (a *jsonArray) value() (jsonValue, error) {
	v := jsonValue{line: a.line}
	a.raw = a.raw[:0]
	keep := func(b byte) {
		v.size++
		if v.size <= MaxRecordBytes {
			a.raw = append(a.raw, b)
		}
	}
	outer := byte(0) // the value's own bracket, for the message
	depth := 0
	inString, escaped := false, false
	openLine := a.line
	last := byte(0) // the byte read before, for the last line
scan:
	for {
		prev := last
		b, err := a.br.ReadByte()
		last = b
		if err != nil {
			if !errors.Is(err, io.EOF) {
				return v, err
			}
			switch {
			case depth > 0 && outer == '[':
				v.open, v.openLine = "an array", openLine
			case depth > 0:
				v.open, v.openLine = "an object", openLine
			case inString:
				v.open, v.openLine = "a string", openLine
			}
			v.lastLine = a.line
			if prev == '\n' {
				v.lastLine-- // the file ends with a line break
			}
			break scan
		}
		if inString {
			keep(b)
			switch {
			case escaped:
				escaped = false
			case b == '\\':
				escaped = true
			case b == '"':
				inString = false
				if depth == 0 {
					break scan
				}
			case b == '\n':
				a.line++
			}
			continue
		}
		switch b {
		case '"':
			inString = true
			if depth == 0 {
				openLine = a.line
			}
		case '{', '[':
			if depth == 0 {
				outer, openLine = b, a.line
			}
			depth++
		case '}', ']':
			if depth == 0 {
				a.br.UnreadByte() // the array's end, after a scalar
				break scan
			}
			depth--
			if depth == 0 {
				keep(b)
				break scan
			}
		case ',', ' ', '\t', '\r', '\n':
			if depth == 0 {
				a.br.UnreadByte() // a scalar ends here
				break scan
			}
			if b == '\n' {
				a.line++
			}
		}
		keep(b)
	}
	if v.size <= MaxRecordBytes {
		v.raw = a.raw
	}
	if cap(a.raw) > keptScratch && v.raw == nil {
		a.raw = nil
	}
	return v, nil
}

// json reads a JSON array of objects. An object too long is a record
// with an error on its line, and the objects after it are read; a value
// never closed, or something between values that is not a comma, ends
// the file with an error that says so.
func (p *parser) json(br *bufio.Reader) ([]Record, error) {
	a := &jsonArray{br: br, line: 1}
	c, err := a.space()
	if err != nil && !errors.Is(err, io.EOF) {
		return nil, p.readErr(err)
	}
	if c != '[' {
		found := "the end of the file"
		if err == nil {
			found = describeJSONStart(c)
		}
		return nil, &ParseError{File: p.name, Line: a.line, Msg: "expected a JSON array of caption objects, found " + found}
	}
	a.br.ReadByte()
	var recs []Record
	for first := true; ; first = false {
		done, stop, err := a.between(first)
		if err != nil {
			return recs, p.readErr(err)
		}
		if stop != nil {
			return append(recs, *stop), nil
		}
		if done {
			break
		}
		v, err := a.value()
		if err != nil {
			return recs, p.readErr(err)
		}
		switch {
		case v.open != "":
			r := Record{Line: v.line}
			r.fail(ProblemTooLong, fmt.Sprintf("value at line %d of %s bytes never ends: %s opened on line %d is never closed, so the rest of the file (to line %d) is that value, and is skipped",
				v.line, thousands(v.size), v.open, v.openLine, v.lastLine))
			return append(recs, r), nil
		case v.raw == nil:
			r := Record{Line: v.line}
			r.fail(ProblemTooLong, fmt.Sprintf("object at line %d has %s bytes, more than the %s captag reads of one record; skipped", v.line, thousands(v.size), thousands(MaxRecordBytes)))
			recs = append(recs, r)
			continue
		}
		recs = append(recs, p.object(v.line, v.raw))
		if len(recs) == maxLeadingBadLines && p.nonObjects == len(recs) {
			// An array of something else: stop rather than keep a
			// record per value.
			return nil, &ParseError{File: p.name, Line: recs[0].Line,
				Msg: fmt.Sprintf("expected a JSON array of caption objects, found %d values in a row that are not objects (line %d: %s); stopped",
					len(recs), recs[0].Line, recs[0].Problems[0].Message)}
		}
	}
	if c, err := a.space(); err == nil {
		r := Record{Line: a.line}
		r.fail(ProblemSyntax, "expected the end of the file after the JSON array, found "+describeJSONStart(c))
		recs = append(recs, r)
	} else if !errors.Is(err, io.EOF) {
		return recs, p.readErr(err)
	}
	return recs, nil
}

// describeJSONStart names the byte c where JSON was expected.
func describeJSONStart(c byte) string {
	switch {
	case c == '{':
		return "an object"
	case c == '"':
		return "a string"
	case c >= ' ' && c < 0x7f:
		return fmt.Sprintf("%q", string(c))
	}
	return fmt.Sprintf("the byte 0x%02X", c)
}
