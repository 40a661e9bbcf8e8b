package caption

import (
	"bytes"
	"io"
	"io/fs"
)

// maxHintBytes is the largest caption file whose records recordHint counts
// before the parse (reading it twice); a larger one is parsed without.
const maxHintBytes = 1 << 30

// hintFile is what recordHint reads: a file, read from its current
// offset without moving it.
type hintFile interface {
	io.ReaderAt
	io.Seeker
	Stat() (fs.FileInfo, error)
}

// recordHint returns how many records the text form of r is likely to
// hold (its paragraphs, counted as p.text splits them when the file is
// UTF-8), so that recordList can keep them in one array of that size from
// the start rather than in chunks copied into one at the end: on a caption
// file of 100,000 records the copy is a second 42 MB beside the chunks. It
// returns 0 when r is not a file or the count is small; the count is only
// a capacity, never a result.
func recordHint(r io.Reader) int {
	f, ok := r.(hintFile)
	if !ok {
		return 0
	}
	st, err := f.Stat()
	if err != nil || !st.Mode().IsRegular() || st.Size() > maxHintBytes {
		return 0
	}
	off, err := f.Seek(0, io.SeekCurrent)
	if err != nil || off >= st.Size() {
		return 0
	}
	n := countParagraphs(io.NewSectionReader(f, off, st.Size()-off))
	if n < recordChunk {
		return 0
	}
	return n
}

// countParagraphs counts the runs of lines that p.text reads as one
// paragraph each: lines that are not blank (isBlank, or longer than
// MaxRecordBytes), separated by blank ones.
func countParagraphs(r io.Reader) int {
	buf := make([]byte, 64<<10)
	var line []byte // the line read so far, when it runs past buf; nil when too long to keep
	long := false
	n, inPara := 0, false
	end := func() {
		l := bytes.TrimSuffix(line, []byte("\r"))
		if long || !isBlank(l) {
			if !inPara {
				n++
			}
			inPara = true
		} else {
			inPara = false
		}
		line, long = line[:0], false
	}
	for {
		k, err := r.Read(buf)
		b := buf[:k]
		for len(b) > 0 {
			i := bytes.IndexByte(b, '\n')
			if i < 0 {
				line = appendLine(line, b, &long)
				break
			}
			line = appendLine(line, b[:i], &long)
			end()
			b = b[i+1:]
		}
		if err != nil {
			if len(line) > 0 || long {
				end()
			}
			return n
		}
	}
}

// appendLine adds b to the line being read, keeping no more of it than
// MaxRecordBytes (a longer line is never blank).
func appendLine(line, b []byte, long *bool) []byte {
	if *long || len(line)+len(b) > MaxRecordBytes {
		*long = true
		return line[:0]
	}
	return append(line, b...)
}
