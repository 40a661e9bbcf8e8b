package caption

import (
	"bytes"
	"context"
	"io"
	"io/fs"
	"unicode"
	"unicode/utf8"
)

// A text caption file's records are gathered in chunks (recordList) and
// then copied into the one slice Parse returns: for a moment both are
// live, twice the records (on a hundred thousand wire captions 49 MB
// more, the peak of a whole captag check). When the file can be read
// again without moving (an *os.File), its paragraphs are counted first, in
// one pass over its bytes, and the records are filled into a slice of that
// length instead: nothing is copied.

// maxHintRecords caps the records allocated ahead from a count: beyond
// it (half a gigabyte of records) they are gathered in chunks as they
// come.
const maxHintRecords = 1 << 20

// paraScanBlock is how much of the file one read of the count takes.
const paraScanBlock = 256 << 10

// rereadable is a caption source whose bytes can be read again where they
// are, without moving its offset: an *os.File.
type rereadable interface {
	io.ReaderAt
	io.Seeker
	Stat() (fs.FileInfo, error)
}

// recordHint returns how many records a text caption file read from r
// has, counted as its paragraphs, or 0 when r cannot be read again, is not
// a regular file, holds UTF-16 (whose line ends are two bytes) or has more
// paragraphs than maxHintRecords. It reads r from its offset to its end
// with ReadAt, leaving the offset where it was; a cancelled ctx stops it
// (0).
func recordHint(ctx context.Context, r io.Reader) int {
	f, ok := r.(rereadable)
	if !ok {
		return 0
	}
	st, err := f.Stat()
	if err != nil || !st.Mode().IsRegular() {
		return 0
	}
	at, err := f.Seek(0, io.SeekCurrent)
	if err != nil || at >= st.Size() {
		return 0
	}
	var c paraCounter
	buf := make([]byte, paraScanBlock)
	for off := at; off < st.Size(); {
		if ctx.Err() != nil {
			return 0
		}
		n, err := f.ReadAt(buf[:min(int64(len(buf)), st.Size()-off)], off)
		if off == at && (bytes.HasPrefix(buf[:n], []byte{0xFF, 0xFE}) || bytes.HasPrefix(buf[:n], []byte{0xFE, 0xFF}) || bytes.IndexByte(buf[:n], 0) >= 0) {
			return 0 // UTF-16, or binary
		}
		c.feed(buf[:n])
		if c.paras > maxHintRecords {
			return 0
		}
		off += int64(n)
		if err != nil || n == 0 {
			break
		}
	}
	c.end()
	if c.paras > maxHintRecords {
		return 0
	}
	return c.paras
}

// paraCounter counts paragraphs as parser.text splits them: a paragraph
// starts at a line that is not blank (isBlank; a line longer than
// MaxRecordBytes never is) after a blank line or at the start.
type paraCounter struct {
	line  []byte // the current line so far, up to MaxRecordBytes+1 bytes
	long  bool   // the current line is longer than that
	in    bool   // inside a paragraph
	paras int
}

func (c *paraCounter) feed(b []byte) {
	for len(b) > 0 {
		i := bytes.IndexByte(b, '\n')
		if i < 0 {
			c.add(b)
			return
		}
		c.add(b[:i])
		c.endLine()
		b = b[i+1:]
	}
}

func (c *paraCounter) add(b []byte) {
	if c.long {
		return
	}
	if len(c.line)+len(b) > MaxRecordBytes {
		c.long = true
		c.line = c.line[:0]
		return
	}
	c.line = append(c.line, b...)
}

func (c *paraCounter) endLine() {
	blank := !c.long && isBlankLine(c.line)
	if !blank && !c.in {
		c.paras++
	}
	c.in = !blank
	c.line, c.long = c.line[:0], false
}

// end counts the last line, which no line feed ends.
func (c *paraCounter) end() {
	if len(c.line) > 0 || c.long {
		c.endLine()
	}
}

// isBlankLine is isBlank of a line with its "\r" ending, as the file
// holds it.
func isBlankLine(b []byte) bool {
	for _, x := range b {
		if x >= utf8.RuneSelf {
			return isBlank(b)
		}
		if !unicode.IsSpace(rune(x)) {
			return false
		}
	}
	return true
}
