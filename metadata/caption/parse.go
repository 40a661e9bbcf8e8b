package caption

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/captag/captag/metadata"
	"github.com/captag/captag/metadata/names"
	"github.com/captag/captag/metadata/sniff"
)

// MaxRecordBytes caps one record (a text paragraph, a CSV row, a JSON
// object or JSON Lines line). A longer record is skipped with an error
// problem; memory use per record stays bounded.
const MaxRecordBytes = 1 << 20

// sniffBytes is how much of the input is looked at to guess its format.
const sniffBytes = 4096

// Format names a caption file format.
type Format string

const (
	FormatAuto  Format = "auto"  // from the file name's extension, else sniffed
	FormatText  Format = "text"  // wire text, one record per paragraph
	FormatCSV   Format = "csv"   // CSV with a header row
	FormatJSON  Format = "json"  // a JSON array of objects
	FormatJSONL Format = "jsonl" // JSON Lines, one object per line
	// FormatNewsML is IPTC NewsML-G2: a newsItem, a packageItem, or a
	// newsMessage of items; one record per picture item (newsml.go).
	FormatNewsML Format = "newsml"
)

// Options control Parse.
type Options struct {
	Format Format // "" means FormatAuto
	Year   int    // the caller's --year, used when a caption has no year; 0 for none
	Name   string // file name, for messages and to choose the format by extension
	// Encoding is the file's character encoding; "" means EncodingAuto.
	Encoding Encoding
	// Aliases are agencies and spellings the credits may name besides the
	// built-in table's (a desk's aliases file, names.LoadAliases): a part
	// that is one of them is read as that agency, as the check compares.
	// nil means the built-in table.
	Aliases *names.Aliases
	// Compact keeps the records in Result.Store instead of
	// Result.Records: a text file's records go into it as they are
	// parsed, so that no []Record of the whole file is ever held.
	Compact bool
}

// ParseError is a caption file that could not be used at all, or one
// record's failure. Line is 0 when the error is not about one line.
type ParseError struct {
	File string
	Line int
	Msg  string // "expected …, found …"
	Err  error  // the underlying error, if any
}

func (e *ParseError) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("caption: %s:%d: %s", e.File, e.Line, e.Msg)
	}
	return fmt.Sprintf("caption: %s: %s", e.File, e.Msg)
}

func (e *ParseError) Unwrap() error { return e.Err }

var utf8BOM = []byte("\xEF\xBB\xBF")

// Parse reads a whole caption file. It returns every record it could
// parse, each with its own Problems, and an error (a *ParseError) only
// when the input could not be used at all: unreadable, not the format, or
// no record at all. Parse is ParseFile without the file's notes.
func Parse(r io.Reader, opt Options) ([]Record, error) {
	res, err := ParseFile(r, opt)
	return res.Records, err
}

// Result is a parsed caption file.
type Result struct {
	Records []Record
	// Store holds the records instead, with Options.Compact (nil without).
	Store *Store
	// Notes are remarks about the whole file rather than one record, for
	// the user to read once: the columns (CSV) or keys (JSON) that captag
	// does not use and skipped ("ignored 3 columns that captag does not
	// use: ExifToolVersion, FileSize, Warning").
	Notes []string
}

// ParseFile is Parse, with the file's notes.
func ParseFile(r io.Reader, opt Options) (Result, error) {
	return ParseFileContext(context.Background(), r, opt)
}

// ParseFileContext is ParseFile that stops reading when ctx is done: an
// endless input (a pipe that never closes) is read until then, and the
// error then wraps ctx.Err().
func ParseFileContext(ctx context.Context, r io.Reader, opt Options) (Result, error) {
	var st *Store
	if opt.Compact {
		st = &Store{}
	}
	recs, notes, err := parse(ctx, r, opt, st)
	if st != nil {
		st.Seal()
		if recs != nil || st.Len() == 0 && err != nil {
			st = StoreOf(recs) // a format parsed into a slice, or nothing
		}
		recs = nil
	}
	return Result{Records: recs, Store: st, Notes: notes}, err
}

// parse parses the caption file r. A text file's records go into st
// when it is not nil (and the records returned are nil).
func parse(ctx context.Context, r io.Reader, opt Options, st *Store) ([]Record, []string, error) {
	name := opt.Name
	if name == "" {
		name = "<input>"
	}
	hint := recordHint(ctx, r)                 // before anything reads r
	br := bufio.NewReaderSize(r, decodeBuffer) // newDecoder reads through it
	if head, _ := br.Peek(sniff.Len); len(head) > 0 {
		if what, ok := notCaptions(head); ok {
			return nil, nil, &ParseError{File: name, Msg: "expected a caption file (text, CSV, JSON or NewsML-G2), found " + what + ": give the file of captions, and the pictures as folders or files"}
		}
	}
	dec, err := newDecoder(ctx, br, name, opt.Encoding)
	if err != nil {
		return nil, nil, err
	}
	recs, notes, err := parseDecoded(dec, name, opt, hint, st)
	return recs, append(dec.notes, notes...), err
}

// notCaptions reports what a file is whose first bytes are head when it
// is an image, a sidecar or another file no caption file can be.
func notCaptions(head []byte) (what string, ok bool) { return sniff.Noun(sniff.Format(head)) }

// parseDecoded parses the UTF-8 that dec gives.
func parseDecoded(dec *decoder, name string, opt Options, hint int, st *Store) ([]Record, []string, error) {
	br := bufio.NewReaderSize(dec, 64<<10)
	if b, _ := br.Peek(len(utf8BOM)); bytes.Equal(b, utf8BOM) {
		br.Discard(len(utf8BOM))
	}
	head, err := br.Peek(sniffBytes)
	if err != nil && err != io.EOF && err != bufio.ErrBufferFull {
		var pe *ParseError
		if errors.As(err, &pe) {
			return nil, nil, pe
		}
		return nil, nil, &ParseError{File: name, Msg: "expected a readable caption file, found a read error: " + err.Error(), Err: err}
	}
	if len(bytes.TrimSpace(head)) == 0 && err == io.EOF {
		return nil, nil, &ParseError{File: name, Msg: "expected caption records, found an empty file"}
	}
	format, ferr := resolveFormat(opt.Format, opt.Name, head)
	if ferr != nil {
		return nil, nil, &ParseError{File: name, Msg: ferr.Error()}
	}
	if i := bytes.IndexByte(head, 0); i >= 0 {
		// NUL never occurs in a caption file of any format once decoded
		// (UTF-16 is decoded by now; JSON allows it only escaped).
		return nil, nil, &ParseError{File: name, Line: 1 + bytes.Count(head[:i], []byte("\n")),
			Msg: fmt.Sprintf("expected %s caption records, found binary data (a NUL byte)", format)}
	}
	p := &parser{name: name, year: opt.Year, al: opt.Aliases, comma: ',', recordHint: hint, store: st}
	if format == FormatCSV {
		first, _, _ := bytes.Cut(bytes.TrimLeftFunc(head, unicode.IsSpace), []byte("\n"))
		p.comma = csvSeparator(string(first))
	}
	var recs []Record
	switch format {
	case FormatText:
		recs, err = p.text(br)
	case FormatCSV:
		recs, err = p.csv(br)
	case FormatJSON:
		recs, err = p.json(br)
	case FormatJSONL:
		recs, err = p.jsonl(br)
	case FormatNewsML:
		recs, err = p.newsml(br)
	}
	notes := p.notes
	if len(p.ignoredKeys) > 0 {
		keys := make([]string, 0, len(p.ignoredKeys))
		for k := range p.ignoredKeys {
			keys = append(keys, columnName(k))
		}
		slices.Sort(keys)
		notes = append(notes, ignoredNote(keys, "keys"))
	}
	flagReplacements(recs)
	n, first := len(recs), 0
	if format == FormatText && st != nil {
		if n = st.Len(); n > 0 {
			first = st.Line(0)
		}
	} else if n > 0 {
		first = recs[0].Line
	}
	if err != nil {
		return recs, notes, err
	}
	if n == 0 {
		return nil, nil, &ParseError{File: name, Msg: fmt.Sprintf("expected at least one %s caption record, found none", format)}
	}
	if format == FormatText && p.binary == n {
		if st != nil {
			*st = Store{}
		}
		return nil, nil, &ParseError{File: name, Line: first, Msg: "expected caption text, found binary data"}
	}
	if st != nil {
		return recs, notes, nil // the store shares what records repeat
	}
	return compact(recs), notes, nil
}

// compact returns recs in a slice of exactly their number, with the
// places, agencies and photographers that records repeat sharing one copy
// of each string and each creator list. A wire list names the same city,
// agency and photographer thousands of times, and on a large folder the
// caption records are most of what captag keeps in memory. The creator
// lists are shared, so callers must treat Record.Creators as read-only.
func compact(recs []Record) []Record {
	out := recs
	if cap(recs) > len(recs) {
		out = make([]Record, len(recs))
		copy(out, recs)
	}
	strs := make(map[string]string)
	in := func(s string) string {
		if v, ok := strs[s]; ok {
			return v
		}
		strs[s] = s
		return s
	}
	lists := make(map[string][]string)
	for i := range out {
		r := &out[i]
		r.City, r.Region, r.Country, r.Agency = in(r.City), in(r.Region), in(r.Country), in(r.Agency)
		r.AgencyAsWritten = in(r.AgencyAsWritten)
		r.Creators = shareList(lists, r.Creators, in)
		r.CreatorsAsWritten = shareList(lists, r.CreatorsAsWritten, in)
		r.Agencies = shareList(lists, r.Agencies, in)
	}
	return out
}

// resolveFormat picks the format: explicit, else by extension, else by
// sniffing the first bytes.
func resolveFormat(f Format, name string, head []byte) (Format, error) {
	switch f {
	case FormatText, FormatCSV, FormatJSON, FormatJSONL, FormatNewsML:
		return f, nil
	case "", FormatAuto:
	default:
		return "", fmt.Errorf("expected format auto, text, csv, json, jsonl or newsml, found %q", string(f))
	}
	t := bytes.TrimLeftFunc(head, unicode.IsSpace)
	first, _, _ := bytes.Cut(t, []byte("\n"))
	switch strings.ToLower(filepath.Ext(name)) {
	case ".txt", ".text":
		// Excel's "Text (Tab delimited)" is a .txt file of tab-separated
		// columns under a header row.
		if looksLikeCSVHeader(string(first), '\t') {
			return FormatCSV, nil
		}
		return FormatText, nil
	case ".csv", ".tsv", ".tab":
		return FormatCSV, nil
	case ".json":
		return FormatJSON, nil
	case ".jsonl", ".ndjson":
		return FormatJSONL, nil
	}
	switch {
	case looksLikeNewsML(t):
		return FormatNewsML, nil
	case len(t) > 0 && t[0] == '[':
		return FormatJSON, nil
	case len(t) > 0 && t[0] == '{':
		return FormatJSONL, nil
	}
	for _, sep := range csvSeparators {
		if looksLikeCSVHeader(string(first), sep) {
			return FormatCSV, nil
		}
	}
	return FormatText, nil
}

// csvSeparators are the field separators of the CSV files desks send:
// the comma; the semicolon, which Excel writes where the comma is the
// decimal mark (most of Europe); the tab of a TSV export.
var csvSeparators = [...]byte{',', ';', '\t'}

// csvSeparator is the separator whose fields make header line a header
// of known columns, else the one it holds most of, else a comma.
func csvSeparator(line string) byte {
	for _, sep := range csvSeparators {
		if looksLikeCSVHeader(line, sep) {
			return sep
		}
	}
	best, most := byte(','), 0
	for _, sep := range csvSeparators {
		if n := strings.Count(line, string(sep)); n > most {
			best, most = sep, n
		}
	}
	return best
}

// looksLikeCSVHeader reports whether line is a list of column names
// separated by sep: short names, one naming the file or the caption, and
// at least half of them known, or the first being exiftool's SourceFile
// (an exiftool export has many columns that captag does not use).
func looksLikeCSVHeader(line string, sep byte) bool {
	line = strings.TrimRight(line, "\r")
	if strings.IndexByte(line, sep) < 0 {
		return false
	}
	names := strings.Split(line, string(sep))
	known, key := 0, false
	exif := headerKey(strings.Trim(strings.TrimSpace(names[0]), `"`)) == "sourcefile"
	for _, f := range names {
		f = strings.Trim(strings.TrimSpace(f), `"`)
		if f == "" || len(f) > maxHeaderName {
			return false
		}
		if a, ok := columnOf(f); ok {
			known++
			key = key || a.col == colFile || a.col == colCaption
		}
	}
	return key && (exif || known*2 >= len(names))
}

// maxHeaderName is the longest column name sniffing takes for one.
const maxHeaderName = 64

type parser struct {
	name  string
	year  int
	comma byte           // a CSV file's field separator
	al    *names.Aliases // agencies beyond the built-in table, or nil
	// notes are the file-level notes; ignoredKeys the JSON keys captag
	// does not use, seen in any object of the file.
	notes       []string
	ignoredKeys map[string]bool
	// binary counts the text records that were binary data, not text: a
	// file of nothing else is not a caption file.
	binary int
	// nonObjects counts the JSON values and lines that were not objects.
	nonObjects int
	// textBatch is how many paragraphs of a text file one goroutine
	// parses at a time (textBatches); 0 for textBatchSize.
	textBatch int
	// recordHint is how many records a text file has, counted ahead
	// (recordHint); 0 when not known.
	recordHint int
	// store, when not nil, is where a text file's records go.
	store *Store
	// memo keeps the credits of a table's rows, which one goroutine
	// parses in turn (creditmemo.go); made with the first row.
	memo *creditMemo
}

// lineReader reads lines of at most MaxRecordBytes; longer lines are
// consumed and reported as too long.
type lineReader struct {
	br   *bufio.Reader
	line int // number of the line last returned
	buf  []byte
	size int64 // the length of the line last returned, whole even when cut
}

// next returns the next line without its line ending, whether it was cut
// at MaxRecordBytes, and false at the end of input.
func (lr *lineReader) next() (line []byte, tooLong bool, ok bool, err error) {
	lr.buf, lr.size = lr.buf[:0], 0
	for {
		frag, e := lr.br.ReadSlice('\n')
		lr.size += int64(len(frag))
		if len(lr.buf)+len(frag) <= MaxRecordBytes {
			lr.buf = append(lr.buf, frag...)
		} else {
			tooLong = true
		}
		switch e {
		case nil:
			lr.line++
			return trimEOL(lr.buf), tooLong, true, nil
		case bufio.ErrBufferFull:
			continue
		case io.EOF:
			if len(lr.buf) == 0 && !tooLong {
				return nil, false, false, nil
			}
			lr.line++
			return trimEOL(lr.buf), tooLong, true, nil
		default:
			return nil, false, false, e
		}
	}
}

func trimEOL(b []byte) []byte {
	b = bytes.TrimSuffix(b, []byte("\n"))
	return bytes.TrimSuffix(b, []byte("\r"))
}

func isBlank(b []byte) bool {
	for len(b) > 0 {
		r, n := utf8.DecodeRune(b)
		if !unicode.IsSpace(r) && r != '\uFEFF' {
			return false
		}
		b = b[n:]
	}
	return true
}

func (p *parser) readErr(err error) error {
	var pe *ParseError
	if errors.As(err, &pe) {
		return pe // the decoder's: interrupted, not text
	}
	return &ParseError{File: p.name, Msg: "expected a readable caption file, found a read error: " + err.Error(), Err: err}
}

// text reads the wire text form: one record per paragraph.
func (p *parser) text(br *bufio.Reader) ([]Record, error) {
	lr := &lineReader{br: br}
	recs := recordList{store: p.store}
	if p.store == nil {
		recs.out = make([]Record, 0, p.recordHint)
	} else {
		p.store.recs = make([]stored, 0, p.recordHint)
	}
	batches := newTextBatches(p, &recs)
	var para []byte
	start, tooLong := 0, false
	var size int64 // the paragraph's bytes, whole even when cut
	lines := 0     // and its lines
	flush := func() {
		if start > 0 {
			batches.add(p.textItem(para, start, tooLong, size, lines))
		}
		para, start, tooLong, size, lines = para[:0], 0, false, 0, 0
	}
	for {
		line, long, ok, err := lr.next()
		if err != nil {
			batches.finish()
			return recs.records(), p.readErr(err)
		}
		if !ok {
			break
		}
		if !long && isBlank(line) {
			flush()
			continue
		}
		if start == 0 {
			start = lr.line
		}
		size += lr.size
		lines++
		if long || len(para)+len(line)+1 > MaxRecordBytes {
			tooLong = true
			continue
		}
		if len(para) > 0 {
			para = append(para, '\n')
		}
		para = append(para, line...)
	}
	flush()
	batches.finish()
	return recs.records(), nil
}

// recordChunk is how many records a recordList allocates at a time.
const recordChunk = 4096

// recordList collects records in fixed-size chunks, so that a caption file
// of a hundred thousand records never holds the old and the new array of
// a growing slice at once; records returns them in one slice of exactly
// their number, freeing each chunk as it is copied. Given a slice out
// with room for the records (their number counted ahead: recordHint), it
// fills that instead, and gathers in chunks only what does not fit.
//
// Given a store, it adds each record to it instead, its replacement
// characters flagged (flagReplacements), and records returns nil.
type recordList struct {
	out    []Record
	chunks [][]Record
	n      int
	store  *Store
}

func (l *recordList) add(r Record) {
	if l.store != nil {
		flagReplacement(&r)
		l.store.Append(&r)
		return
	}
	if len(l.chunks) == 0 && len(l.out) < cap(l.out) {
		l.out = append(l.out, r)
		l.n++
		return
	}
	if len(l.chunks) == 0 || len(l.chunks[len(l.chunks)-1]) == recordChunk {
		l.chunks = append(l.chunks, make([]Record, 0, recordChunk))
	}
	last := &l.chunks[len(l.chunks)-1]
	*last = append(*last, r)
	l.n++
}

func (l *recordList) records() []Record {
	if l.n == 0 {
		return nil
	}
	if len(l.chunks) == 0 && len(l.out) >= cap(l.out)-cap(l.out)/16 {
		return l.out // counted right, or nearly: no copy
	}
	out := make([]Record, 0, l.n)
	out = append(out, l.out...)
	l.out = nil
	for i, c := range l.chunks {
		out = append(out, c...)
		l.chunks[i] = nil
	}
	return out
}

// textItem prepares one paragraph that starts on line start for its
// record (see textBatches): size is its length in the file and lines its
// number of lines, for the message when it is too long.
func (p *parser) textItem(para []byte, start int, tooLong bool, size int64, lines int) textItem {
	if tooLong {
		r := Record{Line: start}
		where := fmt.Sprintf("%d bytes on one line", size)
		if lines > 1 {
			where = fmt.Sprintf("%d bytes on %d lines without a blank line between them", size, lines)
		}
		r.fail(ProblemTooLong, fmt.Sprintf("record longer than %d bytes (%s); skipped", MaxRecordBytes, where))
		return textItem{rec: r, final: true}
	}
	if isBinary(para) {
		r := Record{Line: start}
		r.fail(ProblemNoText, "expected caption text, found binary data")
		p.binary++
		return textItem{rec: r, final: true}
	}
	s := string(para)
	file := ""
	if first, rest, found := strings.Cut(s, "\n"); isFileName(first) || found && isSpacedFileName(first) {
		file, s = strings.TrimSpace(strings.ReplaceAll(first, "\u00a0", " ")), ""
		if found {
			s = rest
		}
	}
	return textItem{text: s, file: file, start: start}
}

// isBinary reports whether b looks like binary data rather than text: a
// NUL byte, or more than one control character in 32.
func isBinary(b []byte) bool {
	ctl := 0
	for _, c := range b {
		if c == 0 {
			return true
		}
		if c < ' ' && c != '\t' && c != '\n' && c != '\r' {
			ctl++
		}
	}
	return ctl > 0 && ctl*32 > len(b)
}

// isFileName reports whether line is a bare image file name alone on its
// line ("IMG_0001.jpg", "DSC_1234.NEF").
func isFileName(line string) bool {
	line = strings.TrimFunc(line, func(r rune) bool { return unicode.IsSpace(r) || r == '\uFEFF' })
	if line == "" || len(line) > 255 || strings.ContainsAny(line, " \t") {
		return false
	}
	typ, _ := metadata.ImageType(line)
	return typ != ""
}

// maxFileNameWords is the most words a file name with spaces has on its
// own line before a caption ("Screen Shot 2020-01-01 at 10.00.00.png").
const maxFileNameWords = 8

// isSpacedFileName reports whether line is an image file name with
// spaces alone on its line ("Issue 122.jpg", "My Photo (1).JPG"), not a
// sentence that ends with one: a few words, no comma, colon or sentence
// end before the name's extension.
func isSpacedFileName(line string) bool {
	line = strings.TrimFunc(strings.ReplaceAll(line, "\u00a0", " "), func(r rune) bool { return unicode.IsSpace(r) || r == '\uFEFF' })
	if line == "" || len(line) > 255 || strings.ContainsAny(line, "\t,:;") || len(strings.Fields(line)) > maxFileNameWords {
		return false
	}
	ext := filepath.Ext(line)
	stem := strings.TrimSpace(line[:len(line)-len(ext)])
	if stem == "" || strings.HasSuffix(stem, ".") || strings.Contains(stem, ". ") {
		return false
	}
	typ, _ := metadata.ImageType(line)
	return typ != ""
}

// shareList returns the list in lists equal to l (adding l, its strings
// interned by in, when there is none), so that records naming the same
// people or agencies share one slice.
func shareList(lists map[string][]string, l []string, in func(string) string) []string {
	if len(l) == 0 {
		return l
	}
	key := strings.Join(l, "\x00")
	if s, ok := lists[key]; ok {
		return s
	}
	s := make([]string, len(l))
	for j, c := range l {
		s[j] = in(c)
	}
	lists[key] = s
	return s
}
