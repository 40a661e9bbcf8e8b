package caption

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"unicode/utf8"
)

// column is one of the known columns (CSV) or keys (JSON).
type column int

const (
	colFile column = iota
	colCaption
	colHeadline
	colTitle
	colKeywords
	colCity
	colRegion
	colCountry
	colDate
	colCreator
	colAgency
	colCopyright
	colInstructions
	colJobID
	colIgnored // keys of captag's own JSON output that are derived, not input
	numColumns
)

// columnAliases maps lower-case names (group prefix such as "XMP-dc:"
// removed) to columns: the documented names, exiftool tag names, and the
// keys of captag's own JSON output.
var columnAliases = map[string]column{
	"file": colFile, "sourcefile": colFile, "filename": colFile,
	"caption": colCaption, "text": colCaption, "description": colCaption, "caption-abstract": colCaption, "imagedescription": colCaption,
	"headline": colHeadline,
	"title":    colTitle, "objectname": colTitle,
	"keywords": colKeywords, "subject": colKeywords,
	"city":   colCity,
	"region": colRegion, "province-state": colRegion, "state": colRegion,
	"country": colCountry, "country-primarylocationname": colCountry,
	"date": colDate, "datecreated": colDate, "datetimeoriginal": colDate,
	"creator": colCreator, "creators": colCreator, "by-line": colCreator, "byline": colCreator, "artist": colCreator,
	"agency": colAgency, "credit": colAgency,
	"copyright": colCopyright, "copyrightnotice": colCopyright, "rights": colCopyright,
	"instructions": colInstructions, "specialinstructions": colInstructions,
	"job_id": colJobID, "jobid": colJobID, "originaltransmissionreference": colJobID, "transmissionreference": colJobID,
	"line": colIgnored, "date_inferred": colIgnored, "dateline": colIgnored, "problems": colIgnored,
}

const knownColumns = "file, caption, headline, title, keywords, city, region, country, date, creator, agency, " +
	"copyright, instructions, job_id; or exiftool tags: SourceFile, Description, Caption-Abstract, ImageDescription, " +
	"By-line, Creator, Artist, Credit, City, Province-State, State, Country, Country-PrimaryLocationName, " +
	"DateCreated, DateTimeOriginal, Headline, ObjectName, Title, Keywords, Subject, CopyrightNotice, Rights, " +
	"SpecialInstructions, OriginalTransmissionReference (a group prefix such as XMP-dc: is ignored)"

func columnOf(name string) (column, bool) {
	name = strings.TrimSpace(strings.TrimPrefix(name, "\uFEFF"))
	if i := strings.LastIndexByte(name, ':'); i >= 0 {
		name = name[i+1:]
	}
	c, ok := columnAliases[strings.ToLower(name)]
	return c, ok
}

// fields holds one row's explicit values, tidied.
type fields struct {
	v        [numColumns]string
	lists    [numColumns][]string // from JSON arrays
	repaired bool
}

func (f *fields) set(c column, s string) {
	if !utf8.ValidString(s) {
		s = strings.ToValidUTF8(s, "\uFFFD")
		f.repaired = true
	}
	if c == colCaption {
		s = strings.TrimSpace(s) // tidied by ParseText, which needs the line breaks
	} else {
		s = tidy(s)
	}
	if f.v[c] == "" {
		f.v[c] = s
	}
}

func (f *fields) empty() bool {
	for c := range numColumns {
		if c != colIgnored && (f.v[c] != "" || len(f.lists[c]) > 0) {
			return false
		}
	}
	return true
}

func splitList(s string, seps string) []string {
	var out []string
	for _, p := range strings.FieldsFunc(s, func(r rune) bool { return strings.ContainsRune(seps, r) }) {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// record builds a Record from explicit values: the caption text is parsed,
// then every explicit value wins over what the text says.
func (p *parser) record(line int, f *fields) Record {
	w := parseWire(f.v[colCaption])
	var r Record
	w.apply(&r, p.year)
	r.Line = line
	if f.repaired && !w.repaired {
		r.warn("invalid UTF-8 replaced with U+FFFD")
	}
	str := func(dst *string, c column) {
		if f.v[c] != "" {
			*dst = f.v[c]
		}
	}
	str(&r.File, colFile)
	str(&r.Headline, colHeadline)
	str(&r.Title, colTitle)
	str(&r.City, colCity)
	str(&r.Region, colRegion)
	str(&r.Country, colCountry)
	if a := f.v[colAgency]; a != "" && a != r.Agency {
		r.Agency, r.Agencies = a, []string{a}
	}
	str(&r.Copyright, colCopyright)
	str(&r.Instructions, colInstructions)
	str(&r.JobID, colJobID)
	if l := f.lists[colCreator]; len(l) > 0 {
		r.Creators = l
	} else if f.v[colCreator] != "" {
		r.Creators = splitList(f.v[colCreator], ";")
	}
	if l := f.lists[colKeywords]; len(l) > 0 {
		r.Keywords = l
	} else if f.v[colKeywords] != "" {
		r.Keywords = splitList(f.v[colKeywords], ";,")
	}
	if d := f.v[colDate]; d != "" {
		y, m, dd, ok := parseColumnDate(d)
		switch {
		case !ok:
			r.fail(fmt.Sprintf("expected date as YYYY-MM-DD, YYYY:MM:DD or \"YYYY:MM:DD hh:mm:ss\", found %q", d))
		default:
			if w.bMonth != 0 && w.bYear != 0 && (w.bYear != y || w.bMonth != m || w.bDay != dd) {
				r.warn(fmt.Sprintf("date column says %s but the caption says %s; using the date column",
					mdy(y, m, dd), mdy(w.bYear, w.bMonth, w.bDay)))
			}
			r.Year, r.Month, r.Day = y, m, dd
		}
	}
	if len(r.Creators) == 0 && r.Agency == "" && r.Text != "" {
		r.warnCode(ProblemNoCredit, noCreditMsg)
	}
	if r.Month == 0 && r.Text != "" && f.v[colDate] == "" && !r.Undated {
		r.warnCode(ProblemNoDate, noDateMsg)
	}
	if r.Text == "" && r.File == "" {
		r.warn("record has no caption text")
	}
	return r
}

// parseColumnDate accepts YYYY-MM-DD, YYYY:MM:DD and "YYYY:MM:DD hh:mm:ss"
// (anything after a space or 'T' is the time and is ignored).
func parseColumnDate(s string) (y, m, d int, ok bool) {
	if len(s) < 10 || (len(s) > 10 && s[10] != ' ' && s[10] != 'T') {
		return 0, 0, 0, false
	}
	sep := s[4]
	if (sep != '-' && sep != ':') || s[7] != sep {
		return 0, 0, 0, false
	}
	var n [3]int
	for i, part := range []string{s[0:4], s[5:7], s[8:10]} {
		v, digits := number(part)
		if v < 0 || digits != len(part) {
			return 0, 0, 0, false
		}
		n[i] = v
	}
	if n[0] < 1 || !validDay(n[1], n[2]) {
		return 0, 0, 0, false
	}
	return n[0], n[1], n[2], true
}

// csv reads a CSV file whose first row names the columns.
func (p *parser) csv(br *bufio.Reader) ([]Record, error) {
	limiter := &capReader{r: br, limit: MaxRecordBytes + csvSlack}
	cr := csv.NewReader(limiter)
	cr.FieldsPerRecord = -1
	cr.LazyQuotes = true
	header, err := cr.Read()
	if err == io.EOF {
		return nil, nil
	}
	if err != nil {
		var pe *csv.ParseError
		if errors.As(err, &pe) {
			return nil, &ParseError{File: p.name, Line: pe.StartLine, Msg: "expected a CSV header row, found " + pe.Err.Error(), Err: err}
		}
		return nil, p.readErr(err)
	}
	headerLine, _ := cr.FieldPos(0)
	cols := make([]column, len(header))
	for i, h := range header {
		c, ok := columnOf(h)
		if !ok {
			return nil, &ParseError{File: p.name, Line: headerLine,
				Msg: fmt.Sprintf("expected a known column (%s), found %q", knownColumns, h)}
		}
		cols[i] = c
	}
	var recs []Record
	lastLine := headerLine
	for {
		limiter.limit = cr.InputOffset() + MaxRecordBytes + csvSlack
		row, err := cr.Read()
		if err == io.EOF {
			break
		}
		if errors.Is(err, errRowTooLong) {
			r := Record{Line: lastLine + 1}
			r.fail(fmt.Sprintf("record longer than %d bytes (an unclosed quote?); the rest of the file is skipped", MaxRecordBytes))
			return append(recs, r), nil
		}
		if err != nil {
			var pe *csv.ParseError
			if !errors.As(err, &pe) {
				return recs, p.readErr(err)
			}
			r := Record{Line: pe.StartLine}
			r.fail("expected a CSV row, found " + pe.Err.Error())
			recs = append(recs, r)
			continue
		}
		line, _ := cr.FieldPos(0)
		lastLine, _ = cr.FieldPos(len(row) - 1)
		size := 0
		for _, v := range row {
			size += len(v)
		}
		if size > MaxRecordBytes {
			r := Record{Line: line}
			r.fail(fmt.Sprintf("record longer than %d bytes; skipped", MaxRecordBytes))
			recs = append(recs, r)
			continue
		}
		var f fields
		for i, v := range row {
			if i < len(cols) {
				f.set(cols[i], v)
			}
		}
		if f.empty() && len(row) <= len(cols) {
			continue
		}
		r := p.record(line, &f)
		if len(row) != len(cols) {
			r.fail(fmt.Sprintf("expected %d fields as in the header on line %d, found %d", len(cols), headerLine, len(row)))
		}
		recs = append(recs, r)
	}
	return recs, nil
}

// csvSlack is how far past MaxRecordBytes encoding/csv or encoding/json may
// read ahead.
const csvSlack = 64 << 10

var errRowTooLong = errors.New("CSV row too long")

// capReader stops encoding/csv from buffering a row without bound (an
// unclosed quote would otherwise swallow the whole file into one field):
// reading past limit fails with errRowTooLong.
type capReader struct {
	r     io.Reader
	n     int64 // bytes read so far
	limit int64
}

func (c *capReader) Read(b []byte) (int, error) {
	if c.n >= c.limit {
		return 0, errRowTooLong
	}
	if int64(len(b)) > c.limit-c.n {
		b = b[:c.limit-c.n]
	}
	n, err := c.r.Read(b)
	c.n += int64(n)
	return n, err
}

// lineTracker counts the newlines that pass through it so a byte offset can
// be turned into a line number; offsets must be asked in increasing order.
type lineTracker struct {
	r       io.Reader
	off     int64   // bytes read so far
	pending []int64 // offsets of newlines not yet passed by a query
	passed  int     // newlines before the last query
}

func (t *lineTracker) Read(b []byte) (int, error) {
	n, err := t.r.Read(b)
	for i, c := range b[:n] {
		if c == '\n' {
			t.pending = append(t.pending, t.off+int64(i))
		}
	}
	t.off += int64(n)
	return n, err
}

// lineAt returns the 1-based line of byte offset off.
func (t *lineTracker) lineAt(off int64) int {
	i := 0
	for i < len(t.pending) && t.pending[i] < off {
		i++
	}
	t.passed += i
	t.pending = append(t.pending[:0], t.pending[i:]...)
	return t.passed + 1
}

// json reads a JSON array of objects.
func (p *parser) json(br *bufio.Reader) ([]Record, error) {
	limiter := &capReader{r: br, limit: MaxRecordBytes + csvSlack}
	lt := &lineTracker{r: limiter}
	dec := json.NewDecoder(lt)
	tok, err := dec.Token()
	if err != nil || tok != json.Delim('[') {
		found := fmt.Sprintf("%v", tok)
		if err != nil {
			found = err.Error()
		}
		return nil, &ParseError{File: p.name, Line: lt.lineAt(dec.InputOffset()), Msg: "expected a JSON array of caption objects, found " + found, Err: err}
	}
	var recs []Record
	for {
		limiter.limit = dec.InputOffset() + MaxRecordBytes + csvSlack
		if !dec.More() {
			break
		}
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			r := Record{Line: nextValueLine(dec, lt)}
			if errors.Is(err, errRowTooLong) {
				r.fail(fmt.Sprintf("record longer than %d bytes; the rest of the file is skipped", MaxRecordBytes))
			} else {
				r.fail("expected a JSON object, found invalid JSON: " + err.Error())
			}
			return append(recs, r), nil
		}
		end := dec.InputOffset()
		line := lt.lineAt(end - int64(len(raw)))
		recs = append(recs, p.object(line, raw))
	}
	if _, err := dec.Token(); err != nil {
		r := Record{Line: lt.lineAt(dec.InputOffset())}
		r.fail("expected the end of the JSON array, found " + err.Error())
		recs = append(recs, r)
	}
	return recs, nil
}

// nextValueLine returns the line where the value after the decoder's
// position starts, skipping white space and a comma in its buffer.
func nextValueLine(dec *json.Decoder, lt *lineTracker) int {
	line := lt.lineAt(dec.InputOffset())
	var b [1]byte
	for rest := dec.Buffered(); ; {
		if n, _ := rest.Read(b[:]); n == 0 {
			return line
		}
		switch b[0] {
		case '\n':
			line++
		case ' ', '\t', '\r', ',':
		default:
			return line
		}
	}
}

// jsonl reads JSON Lines: one object per non-blank line.
func (p *parser) jsonl(br *bufio.Reader) ([]Record, error) {
	lr := &lineReader{br: br}
	var recs []Record
	for {
		line, long, ok, err := lr.next()
		if err != nil {
			return recs, p.readErr(err)
		}
		if !ok {
			break
		}
		if long {
			r := Record{Line: lr.line}
			r.fail(fmt.Sprintf("record longer than %d bytes; skipped", MaxRecordBytes))
			recs = append(recs, r)
			continue
		}
		if isBlank(line) {
			continue
		}
		recs = append(recs, p.object(lr.line, bytes.TrimSpace(line)))
	}
	return recs, nil
}

// object turns one JSON object into a Record.
func (p *parser) object(line int, raw []byte) Record {
	if len(raw) > MaxRecordBytes {
		r := Record{Line: line}
		r.fail(fmt.Sprintf("record longer than %d bytes; skipped", MaxRecordBytes))
		return r
	}
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(raw, &obj); err != nil || obj == nil {
		r := Record{Line: line}
		msg := "null"
		if err != nil {
			msg = err.Error()
		}
		r.fail("expected a JSON object of caption fields, found " + msg)
		return r
	}
	var f fields
	var bad []string
	keys := make([]string, 0, len(obj))
	for k := range obj {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		v := obj[k]
		c, ok := columnOf(k)
		if !ok {
			bad = append(bad, fmt.Sprintf("expected a known key (%s), found %q", knownColumns, k))
			continue
		}
		if c == colIgnored {
			continue
		}
		var s string
		var list []string
		switch {
		case bytes.Equal(v, []byte("null")):
		case json.Unmarshal(v, &s) == nil:
			f.set(c, s)
		case (c == colCreator || c == colKeywords) && json.Unmarshal(v, &list) == nil:
			for _, item := range list {
				if item = tidy(strings.ToValidUTF8(item, "\uFFFD")); item != "" {
					f.lists[c] = append(f.lists[c], item)
				}
			}
		default:
			bad = append(bad, fmt.Sprintf("expected a string for key %q, found %s", k, abbreviate(string(v), 40)))
		}
	}
	r := p.record(line, &f)
	slices.Sort(bad)
	for _, b := range bad {
		r.fail(b)
	}
	return r
}

func abbreviate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
}
