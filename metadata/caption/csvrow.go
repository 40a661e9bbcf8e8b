package caption

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"strconv"
)

// MaxCSVFields caps the fields of one CSV row that captag reads: a row
// with more (a million commas, a file that is not CSV) is skipped with a
// message naming its line, and reading goes on at the next row.
const MaxCSVFields = 4096

// MaxCSVFieldBytes caps one CSV field: a longer field is read to its end
// without being kept (a 200 MB quoted field costs no memory), and its row
// is skipped with a message. A row as a whole is capped at MaxRecordBytes.
const MaxCSVFieldBytes = MaxRecordBytes

// keptScratch is the most of its buffers csvReader keeps from one row to
// the next: a row of a megabyte is rare, and its memory is given back.
const keptScratch = 64 << 10

// csvRow is one row of a CSV file as csvReader gives it.
type csvRow struct {
	fields []string // nil when the row is skipped (skip says why)
	line   int      // the line the row starts on
	// skip is why the row is not read, "" when it is.
	skip skipReason
	// nfields counts the row's fields, past MaxCSVFields too.
	nfields int
	// bytes counts the row's field bytes, past the caps too.
	bytes int64
	// longest is the size of its longest field, and longFrom and longTo
	// the lines where that field starts and ends, when a field is over
	// MaxCSVFieldBytes.
	longest          int64
	longFrom, longTo int
	// unclosed is set when a quoted field ran to the end of the file:
	// its quote, opened on openLine, is never closed.
	unclosed bool
	openLine int
	lastLine int // the line the row ends on
}

type skipReason int

const (
	skipNone       skipReason = iota
	skipManyFields            // more than MaxCSVFields fields
	skipLongField             // a field over MaxCSVFieldBytes
	skipLongRow               // the row over MaxRecordBytes
)

// csvReader reads CSV rows as encoding/csv does with LazyQuotes (RFC 4180,
// a quote inside an unquoted field or not followed by a comma or a line
// end inside a quoted field is a literal quote, "\r\n" is "\n", blank
// lines are skipped), streaming: it never holds more than MaxRecordBytes
// of a row, and a row over MaxCSVFields fields or MaxCSVFieldBytes in a
// field is read to its end and reported instead of kept, so that one bad
// row never drops the rows after it. Only a quoted field whose quote is
// never closed runs to the end of the file.
type csvReader struct {
	br    *bufio.Reader
	comma byte   // the field separator: ',', ';' or a tab
	line  int    // the line of the next byte
	field []byte // the field being read
	row   []byte // the fields of the row being read, end to end
	ends  []int  // where each field of row ends
	// plainStop are the bytes that end a run of a field not in quotes.
	plainStop string
}

// newCSVReader reads rows of fields separated by comma (',', ';' or '\t').
func newCSVReader(br *bufio.Reader, comma byte) *csvReader {
	return &csvReader{br: br, comma: comma, line: 1, plainStop: string(comma) + "\n\r"}
}

// next returns the next row; io.EOF after the last. Any other error is
// the reader's (the decoder's ParseError, an interrupt).
func (c *csvReader) next() (csvRow, error) {
	// Blank lines are no rows.
	for {
		nb, err := c.br.Peek(2)
		if len(nb) == 0 {
			return csvRow{}, err
		}
		if nb[0] == '\n' {
			c.br.ReadByte()
			c.line++
			continue
		}
		if nb[0] == '\r' && (len(nb) == 1 || nb[1] == '\n') {
			if len(nb) == 1 && !errors.Is(err, io.EOF) {
				return csvRow{}, err
			}
			c.br.Discard(len(nb))
			if len(nb) == 1 {
				return csvRow{}, io.EOF // a last "\r" is no row
			}
			c.line++
			continue
		}
		break
	}
	r := csvRow{line: c.line}
	c.row, c.ends = c.row[:0], c.ends[:0]
	for {
		start := c.line
		end, n, err := c.readField(&r)
		if err != nil && !errors.Is(err, io.EOF) {
			return csvRow{}, err
		}
		r.nfields++
		r.bytes += n
		if n > MaxCSVFieldBytes && n > r.longest {
			r.longest, r.longFrom, r.longTo = n, start, c.line
			if end == '\n' {
				r.longTo-- // the newline that ended it is the row's
			}
		}
		switch {
		case r.skip != skipNone:
		case n > MaxCSVFieldBytes:
			r.skip = skipLongField
		case r.nfields > MaxCSVFields:
			r.skip = skipManyFields
		case r.bytes > MaxRecordBytes:
			r.skip = skipLongRow
		default:
			c.row = append(c.row, c.field...)
			c.ends = append(c.ends, len(c.row))
		}
		if r.skip == skipLongField && r.nfields > MaxCSVFields {
			r.skip = skipManyFields // the one that says most
		}
		if end != c.comma {
			break
		}
	}
	r.lastLine = c.line
	if r.skip == skipNone {
		r.fields = make([]string, len(c.ends))
		s := string(c.row)
		prev := 0
		for i, e := range c.ends {
			r.fields[i] = s[prev:e]
			prev = e
		}
	}
	if cap(c.row) > keptScratch {
		c.row = nil // do not keep a megabyte for the rest of the file
	}
	if cap(c.field) > keptScratch {
		c.field = nil
	}
	return r, nil
}

// readField reads one field into c.field (up to MaxCSVFieldBytes of it,
// and only while the row is still kept) and the byte that ended it:
// c.comma or '\n', or 0 at the end of the file. n is the field's size,
// whether kept or not.
func (c *csvReader) readField(r *csvRow) (end byte, n int64, err error) {
	c.field = c.field[:0]
	b, err := c.br.ReadByte()
	if err != nil {
		return 0, 0, err
	}
	f := fieldRead{c: c, r: r}
	if b != '"' {
		c.br.UnreadByte()
		end, err = f.plain()
	} else {
		end, err = f.quoted()
	}
	return end, f.n, err
}

// fieldRead is one field being read: its reader, its row and its size so
// far.
type fieldRead struct {
	c *csvReader
	r *csvRow
	n int64
}

// keep adds b to the field, while the field and the row are under their caps.
func (f *fieldRead) keep(b byte) {
	f.n++
	if f.r.skip == skipNone && f.n <= MaxCSVFieldBytes && f.r.bytes+f.n <= MaxRecordBytes {
		f.c.field = append(f.c.field, b)
	}
}

// run keeps the bytes up to the next of stop that the buffer holds, in
// one step (most of a field is plain text), and returns how many.
func (f *fieldRead) run(stop string) int {
	c, r := f.c, f.r
	buf, _ := c.br.Peek(c.br.Buffered())
	i := bytes.IndexAny(buf, stop)
	if i < 0 {
		i = len(buf)
	}
	chunk := buf[:i]
	if r.skip == skipNone {
		room := min(int64(MaxCSVFieldBytes)-f.n, int64(MaxRecordBytes)-r.bytes-f.n)
		if room > 0 {
			c.field = append(c.field, chunk[:min(int64(len(chunk)), room)]...)
		}
	}
	f.n += int64(len(chunk))
	c.br.Discard(len(chunk))
	return len(chunk)
}

// plain reads a field not in quotes, to the separator or line break that
// ends it.
func (f *fieldRead) plain() (end byte, err error) {
	c := f.c
	for {
		f.run(c.plainStop)
		b, err := c.br.ReadByte()
		if err != nil {
			return 0, err
		}
		switch b {
		case c.comma:
			return c.comma, nil
		case '\n':
			c.line++
			return '\n', nil
		case '\r':
			nb, err := c.br.Peek(1)
			if errors.Is(err, io.EOF) {
				return 0, io.EOF
			}
			if err == nil && nb[0] == '\n' {
				c.br.ReadByte()
				c.line++
				return '\n', nil
			}
		}
		f.keep(b)
	}
}

// quoted reads a field after its opening quote, to the closing quote and
// the comma or line break after it; a quote not followed by one of those
// is kept (a lazy quote), and a file that ends inside the quotes marks
// the row unclosed at the line the field opened on.
func (f *fieldRead) quoted() (end byte, err error) {
	c := f.c
	open := c.line
	prev := byte(0)
	for {
		if f.run("\"\r\n") > 0 {
			prev = 0 // what run kept holds no line break
		}
		b, err := c.br.ReadByte()
		if err != nil {
			if errors.Is(err, io.EOF) {
				f.r.unclosed, f.r.openLine = true, open
				if prev == '\n' {
					c.line-- // the file ends with a line break: no line after it
				}
			}
			return 0, err
		}
		prev = b
		switch b {
		case '"':
			if end, done, err := f.afterQuote(); done {
				return end, err
			}
		case '\r':
			nb, err := c.br.Peek(1)
			if err == nil && nb[0] == '\n' || errors.Is(err, io.EOF) {
				continue // "\r\n" in a field is "\n"; a last "\r" is dropped
			}
			f.keep(b)
		case '\n':
			c.line++
			f.keep(b)
		default:
			f.keep(b)
		}
	}
}

// afterQuote reads what follows a quote inside a quoted field: a second
// quote (one quote kept), the comma or line break that ends the field
// (done), the end of the file (done), or anything else (the quote kept).
func (f *fieldRead) afterQuote() (end byte, done bool, err error) {
	c := f.c
	nb, err := c.br.Peek(2)
	if len(nb) == 0 {
		if errors.Is(err, io.EOF) {
			return 0, true, io.EOF // closed at the end of the file
		}
		return 0, true, err
	}
	switch {
	case nb[0] == '"':
		c.br.ReadByte()
		f.keep('"')
		return 0, false, nil
	case nb[0] == c.comma:
		c.br.ReadByte()
		return c.comma, true, nil
	case nb[0] == '\n':
		c.br.ReadByte()
		c.line++
		return '\n', true, nil
	case nb[0] == '\r' && (len(nb) == 1 || nb[1] == '\n'):
		c.br.ReadByte()
		if len(nb) == 2 {
			c.br.ReadByte()
			c.line++
			return '\n', true, nil
		}
		return 0, true, io.EOF
	}
	f.keep('"') // a lazy quote
	return 0, false, nil
}

// thousands writes n with commas between groups of three digits
// ("1,000,000"), as the messages about sizes give it.
func thousands(n int64) string {
	s := strconv.FormatInt(n, 10)
	neg := n < 0
	if neg {
		s = s[1:]
	}
	out := make([]byte, 0, len(s)+len(s)/3+1)
	if neg {
		out = append(out, '-')
	}
	for i := range len(s) {
		if i > 0 && (len(s)-i)%3 == 0 {
			out = append(out, ',')
		}
		out = append(out, s[i])
	}
	return string(out)
}
