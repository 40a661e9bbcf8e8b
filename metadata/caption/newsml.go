package caption

import (
	"bufio"
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"net/url"
	"path"
	"slices"
	"strings"

	"github.com/captag/captag/metadata"
	"github.com/captag/captag/metadata/names"
)

// NewsML-G2 is the IPTC's XML format for news feeds
// (https://iptc.org/standards/newsml-g2/; the examples read while writing
// this file are listed in newsml_test.go). A picture is a newsItem:
//
//	<newsItem xmlns="http://iptc.org/std/nar/2006-10-01/" guid=… xml:lang="en">
//	  <rightsInfo><copyrightNotice>…</copyrightNotice></rightsInfo>
//	  <itemMeta><itemClass qcode="ninat:picture"/><fileName>…</fileName><title>…</title></itemMeta>
//	  <contentMeta>
//	    <contentCreated>2010-10-20T19:45:58-04:00</contentCreated>
//	    <located><name>City</name><broader><name>Country</name></broader></located>
//	    <creator role="crol:photographer"><name>Name</name></creator>  (or literal="Name")
//	    <creditline>Name/Agency</creditline> <by>…</by> <keyword>…</keyword>
//	    <headline>…</headline> <description role="drol:caption">…</description>
//	  </contentMeta>
//	  <contentSet><remoteContent rendition="rnd:highRes" href="./NAME.jpg"/>…</contentSet>
//	</newsItem>
//
// A file holds one newsItem, a packageItem (whose itemRefs may carry a
// picture's title and caption), or a newsMessage whose itemSet holds
// several items: feeds send their pictures that way (TT wraps every item
// in one). Each picture item is one Record; items of another class (the
// story's text, a video) are skipped with a note.

// narNS is the namespace of every NewsML-G2 element (all 2.x versions).
const narNS = "http://iptc.org/std/nar/2006-10-01/"

const (
	// MaxXMLDepth caps how deeply a NewsML-G2 file's elements nest (real
	// items nest about ten deep); deeper, reading stops with a problem.
	MaxXMLDepth = 64
	// MaxXMLElements caps the elements of one NewsML-G2 file; past it,
	// reading stops with a problem.
	MaxXMLElements = 1 << 20
	// MaxXMLRun caps the bytes between two '<' of a NewsML-G2 file: the
	// XML decoder holds a whole text or tag at once, so past it reading
	// stops with a problem. A text the record keeps is capped lower, at
	// MaxRecordBytes (the item is then skipped and the rest read).
	MaxXMLRun = 4 * MaxRecordBytes
	// maxSkippedClasses and maxClassBytes bound the item classes the note
	// about skipped items names, and each name.
	maxSkippedClasses = 8
	maxClassBytes     = 60
	// maxGUIDBytes is the longest item guid or itemRef residref kept to
	// pair the two; a longer one pairs nothing.
	maxGUIDBytes = 1024
)

// errXMLRun is a NewsML-G2 file with more than MaxXMLRun bytes between
// two '<'.
var errXMLRun = errors.New("a text or tag longer than the cap")

// runLimit hands the XML decoder the input byte by byte (it is an
// io.ByteReader, so the decoder reads no further ahead: after a syntax
// error the rest of the input is still there to resume from), and fails
// once more than MaxXMLRun bytes pass without a '<'. pre is read first.
type runLimit struct {
	br  *bufio.Reader
	pre []byte
	run int
}

func (l *runLimit) ReadByte() (byte, error) {
	var b byte
	if len(l.pre) > 0 {
		b, l.pre = l.pre[0], l.pre[1:]
	} else {
		var err error
		if b, err = l.br.ReadByte(); err != nil {
			return 0, err
		}
	}
	if b == '<' {
		l.run = 0
	} else if l.run++; l.run > MaxXMLRun {
		return 0, errXMLRun
	}
	return b, nil
}

// Read is ReadByte's; the decoder calls only ReadByte.
func (l *runLimit) Read(p []byte) (int, error) {
	for i := range p {
		b, err := l.ReadByte()
		if err != nil {
			return i, err
		}
		p[i] = b
	}
	return len(p), nil
}

// newsItem is what one item (or itemRef) says, as read.
type newsItem struct {
	line       int
	class      string // itemClass qcode or uri, as written
	guid       string
	residref   string // an itemRef's target
	ref        bool   // an itemRef of a packageItem, not a newsItem
	fileName   string // itemMeta/fileName
	title      string // itemMeta/title (an itemRef's title)
	copyright  string
	created    string // contentMeta/contentCreated
	headline   string
	desc       string
	descRank   int // of desc: descriptionRank
	creditline string
	by         string
	creators   []string
	city       string   // located/name
	broader    []string // located/broader/name, nearest first
	keywords   []string
	href       string // the chosen remoteContent's href
	hrefRank   int
	tooLong    bool // a text longer than MaxRecordBytes
}

// xmlText collects the text of the element being read, its children's
// included ("<description>A <b>bold</b> word</description>").
type xmlText struct {
	depth int // of the element (len of the walk's stack); 0 when none
	buf   []byte
	big   bool
}

func (t *xmlText) start(depth int) { t.depth, t.buf, t.big = depth, t.buf[:0], false }

func (t *xmlText) add(b []byte) {
	if t.depth == 0 {
		return
	}
	if len(t.buf)+len(b) > MaxRecordBytes {
		t.big = true
		return
	}
	t.buf = append(t.buf, b...)
}

// newsml reads a NewsML-G2 file.
func (p *parser) newsml(br *bufio.Reader) ([]Record, error) {
	w := &newsmlWalk{p: p, in: &runLimit{br: br}}
	w.d = newXMLDecoder(w.in)
	err := w.walk()
	if err != nil {
		return w.recs, err
	}
	recs := w.recs
	if w.root == "" {
		return nil, &ParseError{File: p.name, Line: 1, Msg: "expected a NewsML-G2 newsItem, packageItem or newsMessage, found no element"}
	}
	// An itemRef whose newsItem the file carries in full is that item.
	var drop []int
	for ref, at := range w.refs {
		if w.guids[ref] {
			drop = append(drop, at...)
		}
	}
	if len(drop) > 0 {
		slices.Sort(drop)
		out := recs[:0]
		for i, r := range recs {
			if len(drop) > 0 && drop[0] == i {
				drop = drop[1:]
				continue
			}
			out = append(out, r)
		}
		recs = out
	}
	if len(w.skipped) == 0 {
		return recs, nil
	}
	classes := make([]string, 0, len(w.skipped))
	n := 0
	for c, k := range w.skipped {
		classes = append(classes, c)
		n += k
	}
	slices.Sort(classes)
	what := fmt.Sprintf("%d NewsML-G2 items that are not pictures (%s)", n, strings.Join(classes, ", "))
	if n == 1 {
		what = fmt.Sprintf("1 NewsML-G2 item that is not a picture (%s)", classes[0])
	}
	if len(recs) == 0 {
		return nil, &ParseError{File: p.name, Msg: "expected NewsML-G2 picture items, found only " + what}
	}
	p.notes = append(p.notes, "skipped "+what)
	return recs, nil
}

func newXMLDecoder(in *runLimit) *xml.Decoder {
	d := xml.NewDecoder(in)
	// The caption decoder has made the bytes UTF-8 whatever the XML
	// declaration says ("ISO-8859-1" in IPTC's AP example).
	d.CharsetReader = func(_ string, r io.Reader) (io.Reader, error) { return r, nil }
	return d
}

// newsmlWalk is the state of one NewsML-G2 file's walk.
type newsmlWalk struct {
	p        *parser
	in       *runLimit
	d        *xml.Decoder
	base     int  // the lines before the decoder's first (after a syntax error, it starts anew)
	resumed  bool // the decoder started at a newsItem after a syntax error
	recs     []Record
	root     string
	stack    []string // local names of the open elements; "" for a foreign one
	elements int
	item     *newsItem // the item or itemRef open, nil outside one
	itemAt   int       // its depth (len(stack) when it opened)
	text     xmlText
	// refs are the itemRef records kept so far, by residref, and guids
	// the newsItems read: an itemRef whose item is in the file is dropped.
	refs    map[string][]int
	guids   map[string]bool
	skipped map[string]int // items not pictures, by class
	endNL   bool           // the last token read was text ending in a line break
}

// walk reads every token. It returns an error only when the file cannot
// be used at all; a syntax error is a record that says so, and reading
// goes on at the next newsItem; a cap ends the walk with a record.
func (w *newsmlWalk) walk() error {
	for {
		more, err := w.pass()
		if err != nil || !more {
			return err
		}
	}
}

// pass reads the tokens of one decoder; more says that reading goes on
// with a new one (after a syntax error).
func (w *newsmlWalk) pass() (more bool, err error) {
	for {
		line := w.pos()
		tok, err := w.d.Token()
		if w.endNL && line > 1 && (err == io.EOF || err != nil && strings.HasSuffix(err.Error(), "unexpected EOF")) {
			line-- // the file ends with a line break: no line after it
		}
		if err == io.EOF {
			if len(w.stack) > 0 {
				w.stop(line, fmt.Sprintf("expected </%s>, found the end of the file", w.stack[len(w.stack)-1]))
			}
			return false, nil
		}
		if err != nil {
			return w.fail(line, err)
		}
		w.endNL = false
		switch t := tok.(type) {
		case xml.StartElement:
			if w.root == "" {
				if err := w.checkRoot(line, t); err != nil {
					return false, err
				}
			}
			w.elements++
			if len(w.stack) >= MaxXMLDepth || w.elements > MaxXMLElements {
				what := fmt.Sprintf("elements nested at most %d deep", MaxXMLDepth)
				if w.elements > MaxXMLElements {
					what = fmt.Sprintf("at most %s elements", thousands(MaxXMLElements))
				}
				w.stop(line, "expected "+what+", found more; the rest of the file is skipped")
				return false, nil
			}
			w.open(line, t)
		case xml.EndElement:
			w.close()
		case xml.CharData:
			w.text.add(t)
			w.endNL = len(t) > 0 && t[len(t)-1] == '\n'
		}
	}
}

// checkRoot accepts the first element when it is NewsML-G2's.
func (w *newsmlWalk) checkRoot(line int, t xml.StartElement) error {
	w.root = t.Name.Local
	switch t.Name.Local {
	case "newsItem", "packageItem", "newsMessage":
		if t.Name.Space == narNS || t.Name.Space == "" {
			return nil
		}
	}
	return &ParseError{File: w.p.name, Line: line,
		Msg: fmt.Sprintf("expected a NewsML-G2 newsItem, packageItem or newsMessage (namespace %s), found <%s> (namespace %q)", narNS, t.Name.Local, t.Name.Space)}
}

// pos is the line of the decoder's position in the file.
func (w *newsmlWalk) pos() int {
	l, _ := w.d.InputPos()
	return w.base + l
}

// fail turns a read or syntax error into a record (reading goes on at the
// next newsItem after a syntax error), or into the file's error when it
// is the caption decoder's or no element was read.
func (w *newsmlWalk) fail(line int, err error) (more bool, _ error) {
	var se *xml.SyntaxError
	switch {
	case errors.As(err, &se):
		at := w.base + se.Line
		switch {
		case w.root == "":
			return false, &ParseError{File: w.p.name, Line: at, Msg: "expected a NewsML-G2 XML file, found an XML syntax error: " + se.Msg, Err: err}
		case se.Msg == "unexpected EOF" && len(w.stack) > 0:
			w.stop(line, fmt.Sprintf("expected </%s>, found the end of the file", w.stack[len(w.stack)-1]))
			return false, nil
		case w.resumed && len(w.stack) == 0 && strings.HasPrefix(se.Msg, "unexpected end element"):
			return w.resync() // the envelope's end tags after a resumed item
		}
		more, err := w.resync()
		next := "the rest of the file holds no other newsItem"
		if more {
			next = fmt.Sprintf("reading goes on at the next newsItem, on line %d", w.base+1)
		}
		w.stop(at, "expected well-formed XML, found a syntax error ("+se.Msg+"); "+next)
		return more, err
	case errors.Is(err, errXMLRun):
		w.stop(line, fmt.Sprintf("expected a '<' within %s bytes, found a text or tag longer than that; the rest of the file is skipped", thousands(MaxXMLRun)))
		return false, nil
	}
	return false, w.p.readErr(err)
}

// resync skips the input to the next "<newsItem" start tag and starts a
// new decoder there; more is false at the end of the input. The new
// decoder knows no namespace declared before it (its elements are read
// as the default namespace's).
func (w *newsmlWalk) resync() (more bool, err error) {
	const tag = "<newsItem"
	w.base = w.pos()
	w.stack, w.text.depth, w.resumed = w.stack[:0], 0, true
	matched := 0
	for {
		b, err := w.in.ReadByte()
		switch {
		case errors.Is(err, io.EOF):
			return false, nil
		case errors.Is(err, errXMLRun):
			w.in.run = 0 // skipped bytes are not kept
			continue
		case err != nil:
			return false, w.p.readErr(err)
		}
		if matched == len(tag) {
			if b == ' ' || b == '\t' || b == '\r' || b == '\n' || b == '>' || b == '/' {
				w.in.pre = append([]byte(tag), b)
				w.base-- // the decoder's first line is the tag's
				w.d = newXMLDecoder(w.in)
				return true, nil
			}
			matched = 0
		}
		switch {
		case b == tag[matched]:
			matched++
		case b == '<':
			matched = 1
		default:
			matched = 0
		}
		if b == '\n' {
			w.base++
		}
	}
}

// stop ends the walk with a record of error msg on line (where the
// trouble is), naming the item open there.
func (w *newsmlWalk) stop(line int, msg string) {
	r := Record{Line: line}
	if w.item != nil {
		msg = fmt.Sprintf("in the item that starts on line %d: %s", w.item.line, msg)
		w.item = nil
	}
	r.fail(ProblemSyntax, msg)
	w.recs = append(w.recs, r)
}

// open handles a start tag: an item opens, or a field of the open item
// starts.
func (w *newsmlWalk) open(line int, t xml.StartElement) {
	name := t.Name.Local
	if t.Name.Space != narNS && t.Name.Space != "" {
		name = ""
	}
	w.stack = append(w.stack, name)
	if w.text.depth > 0 {
		return // inside a field's text
	}
	if w.item == nil {
		switch {
		case name == "newsItem":
			w.item, w.itemAt = &newsItem{line: line, guid: attr(t, "guid")}, len(w.stack)
		case name == "itemRef" && w.inside("packageItem"):
			w.item, w.itemAt = &newsItem{line: line, ref: true, residref: attr(t, "residref"), href: attr(t, "href")}, len(w.stack)
		}
		return
	}
	w.field(t, name)
}

// inside reports whether an element named name is open.
func (w *newsmlWalk) inside(name string) bool { return slices.Contains(w.stack, name) }

// parent returns the local name of the element k levels above the one
// just opened (0 is that element), "" when there is none.
func (w *newsmlWalk) parent(k int) string {
	if i := len(w.stack) - 1 - k; i >= w.itemAt-1 && i >= 0 {
		return w.stack[i]
	}
	return ""
}

// field starts what an element of the open item gives.
func (w *newsmlWalk) field(t xml.StartElement, name string) {
	it := w.item
	up := w.parent(1)
	switch {
	case name == "itemClass" && (up == "itemMeta" || it.ref && up == "itemRef"):
		it.class = attr(t, "qcode")
		if it.class == "" {
			it.class = attr(t, "uri")
		}
	case name == "creator" && up == "contentMeta":
		if l := attr(t, "literal"); l != "" {
			it.creators = append(it.creators, l)
		}
	case name == "remoteContent" && up == "contentSet":
		href := attr(t, "href")
		if href == "" {
			href = attr(t, "residref")
		}
		if r := renditionRank(attr(t, "rendition"), attr(t, "contenttype"), href); href != "" && (it.href == "" || r < it.hrefRank) {
			it.href, it.hrefRank = href, r
		}
	case name == "description" && (up == "contentMeta" || it.ref && up == "itemRef"):
		if r := descriptionRank(attr(t, "role")); it.desc == "" || r < it.descRank {
			it.descRank = r
			w.text.start(len(w.stack))
		}
	case w.wanted(name, up):
		w.text.start(len(w.stack))
	}
}

// wanted reports whether the text of element name, child of up, is a
// field of the open item.
func (w *newsmlWalk) wanted(name, up string) bool {
	it := w.item
	switch name {
	case "fileName":
		return up == "itemMeta"
	case "title":
		return up == "itemMeta" || it.ref && up == "itemRef"
	case "copyrightNotice":
		return up == "rightsInfo"
	case "contentCreated", "headline", "creditline", "by", "keyword":
		return up == "contentMeta"
	case "name":
		// creator/name, located/name, located/broader/name
		return up == "creator" && w.parent(2) == "contentMeta" || up == "located" && w.parent(2) == "contentMeta" ||
			up == "broader" && w.parent(2) == "located" && w.parent(3) == "contentMeta"
	}
	return false
}

// close handles an end tag: the field's text is kept, or the item ends.
func (w *newsmlWalk) close() {
	if len(w.stack) == 0 {
		return
	}
	name := w.stack[len(w.stack)-1]
	depth := len(w.stack)
	w.stack = w.stack[:depth-1]
	it := w.item
	if it == nil {
		return
	}
	if depth == w.itemAt {
		w.item = nil
		w.endItem(it)
		return
	}
	if w.text.depth != depth {
		return
	}
	w.text.depth = 0
	if w.text.big {
		it.tooLong = true
		return
	}
	s := tidy(string(w.text.buf))
	if cap(w.text.buf) > keptScratch {
		w.text.buf = nil
	}
	up := w.parent(0)
	w.keep(it, name, up, s)
}

// keep stores the text s of element name (child of up) in it.
func (w *newsmlWalk) keep(it *newsItem, name, up, s string) {
	first := func(dst *string) {
		if *dst == "" {
			*dst = s
		}
	}
	switch name {
	case "fileName":
		first(&it.fileName)
	case "title":
		first(&it.title)
	case "copyrightNotice":
		first(&it.copyright)
	case "contentCreated":
		first(&it.created)
	case "headline":
		first(&it.headline)
	case "creditline":
		first(&it.creditline)
	case "by":
		first(&it.by)
	case "description":
		it.desc = s
	case "keyword":
		if s != "" {
			it.keywords = append(it.keywords, s)
		}
	case "name":
		switch up {
		case "creator":
			if s != "" {
				it.creators = append(it.creators, s)
			}
		case "located":
			first(&it.city)
		case "broader":
			if s != "" {
				it.broader = append(it.broader, s)
			}
		}
	}
}

// attr returns the value of t's attribute name (no namespace), "" when
// it has none.
func attr(t xml.StartElement, name string) string {
	for _, a := range t.Attr {
		if a.Name.Local == name && a.Name.Space == "" {
			return strings.TrimSpace(a.Value)
		}
	}
	return ""
}

// descriptionRank orders the descriptions of an item by role: the
// caption first, then one without a role, then a summary, then any other
// (NewsCodes drol: caption, summary, …).
func descriptionRank(role string) int {
	switch strings.ToLower(codeValue(role)) {
	case "caption":
		return 0
	case "":
		return 1
	case "summary":
		return 2
	}
	return 3
}

// renditionRank orders an item's remoteContent: the high-resolution
// rendition first (the file a desk keeps), then any image, then the rest.
func renditionRank(rendition, contentType, href string) int {
	switch {
	case strings.EqualFold(codeValue(rendition), "highRes"):
		return 0
	case strings.HasPrefix(contentType, "image/"):
		return 1
	}
	if typ, _ := metadata.ImageType(hrefBase(href)); typ != "" {
		return 1
	}
	return 2
}

// codeValue returns the code of a QCode ("drol:caption" → "caption") or
// the last part of a URI (".../ninature/picture" → "picture").
func codeValue(s string) string {
	if i := strings.LastIndexAny(s, ":/"); i >= 0 {
		return s[i+1:]
	}
	return s
}

// pictureClass reports whether an itemClass (as written) is a picture or
// a graphic; an item that names no class is taken as one.
func pictureClass(class string) bool {
	switch strings.ToLower(codeValue(class)) {
	case "", "picture", "graphic":
		return true
	}
	return false
}

// hrefBase returns the file name a remoteContent href ends with: only its
// base name, never a folder ("./GYI0062134533.jpg", "file:///./a.jpg",
// "http://host/pictures/hires/X_001_HI.jpg?v=2" give the last part),
// percent-escapes undone; "" when there is none ("http://host/", "..").
func hrefBase(href string) string {
	s := strings.TrimSpace(href)
	if i := strings.IndexAny(s, "?#"); i >= 0 {
		s = s[:i]
	}
	s = strings.ReplaceAll(s, `\`, "/")
	s = s[strings.LastIndexByte(s, '/')+1:]
	if u, err := url.PathUnescape(s); err == nil && !strings.ContainsAny(u, `/\`) {
		s = u
	}
	s = strings.TrimSpace(s)
	if s == "." || s == ".." || path.Base(s) != s {
		return ""
	}
	return s
}

// endItem turns a closed item into its record: a picture's, else it is
// counted as skipped.
func (w *newsmlWalk) endItem(it *newsItem) {
	if !it.ref && it.guid != "" && len(it.guid) <= maxGUIDBytes {
		if w.guids == nil {
			w.guids = make(map[string]bool)
		}
		w.guids[it.guid] = true
	}
	if !pictureClass(it.class) {
		if w.skipped == nil {
			w.skipped = make(map[string]int)
		}
		class := abbreviate(it.class, maxClassBytes)
		if _, ok := w.skipped[class]; !ok && len(w.skipped) >= maxSkippedClasses {
			class = "others"
		}
		w.skipped[class]++
		return
	}
	if it.ref {
		if it.desc == "" && it.title == "" {
			return // a reference only: the item is elsewhere
		}
		if len(it.residref) > maxGUIDBytes {
			it.residref = ""
		}
		if w.refs == nil {
			w.refs = make(map[string][]int)
		}
		w.refs[it.residref] = append(w.refs[it.residref], len(w.recs))
	}
	w.recs = append(w.recs, w.p.itemRecord(it))
}

// itemRecord builds the record of one picture item through the same
// fields as a CSV row or a JSON object (parser.record), so that an item
// and a row that say the same thing give the same record.
func (p *parser) itemRecord(it *newsItem) Record {
	if it.tooLong {
		r := Record{Line: it.line}
		r.fail(ProblemTooLong, fmt.Sprintf("item has a text longer than the %s bytes captag reads of one record; skipped", thousands(MaxRecordBytes)))
		return r
	}
	var f fields
	col := func(c column) alias { return alias{col: c} }
	f.set(col(colCaption), it.desc)
	f.set(col(colHeadline), it.headline)
	f.set(col(colTitle), it.title)
	file := hrefBase(it.href)
	if typ, _ := metadata.ImageType(file); typ == "" {
		file = hrefBase(it.fileName)
	}
	f.set(col(colFile), file)
	f.set(col(colCopyright), it.copyright)
	f.set(col(colDate), it.created)
	f.setList(col(colKeywords), it.keywords)
	city, region, country := locatedPlace(it.city, it.broader)
	f.set(col(colCity), city)
	f.set(col(colRegion), region)
	f.set(col(colCountry), country)
	c := itemCredit(it, creditReader{al: p.al})
	f.setList(col(colCreator), c.creators)
	f.set(col(colAgency), c.agency)
	r := p.record(it.line, &f)
	if len(c.written) == len(r.Creators) && len(c.written) > 0 {
		r.CreatorsAsWritten = c.written
	}
	if c.spelled != "" && SameAgency(c.spelled, r.Agency) {
		r.AgencyAsWritten = c.spelled
	}
	for _, a := range c.chain {
		if !slices.ContainsFunc(r.Agencies, func(x string) bool { return SameAgency(x, a) }) {
			r.Agencies = append(slices.Clip(r.Agencies), a)
		}
	}
	for i := range r.Problems {
		r.Problems[i].Message = strings.ReplaceAll(r.Problems[i].Message, "date column", "contentCreated")
	}
	if it.href != "" && file == "" {
		r.warn(ProblemNoText, fmt.Sprintf("remoteContent href %q names no image file; the item is paired by its content", abbreviate(it.href, 80)))
	}
	return r
}

// itemCreditline is who an item credits.
type itemCreditline struct {
	creators, written []string // the photographers, and as written
	agency, spelled   string   // the agency, and as written
	chain             []string // the credit's other agencies
}

// itemCredit reads the photographers and the agency of an item: the
// creator elements name the photographers (one that is a known agency,
// "Thomson Reuters", is the agency); the creditline is read with the
// credit grammar of caption text (parseCredit), so "Name/Agency",
// "Agency/Name" and "Name / TT" read as in a caption; a part of it that a
// creator element names is that person, not the agency. Without either,
// by (a byline) names the photographers. The desk's agency aliases
// (Options.Aliases) count as they do in caption text.
func itemCredit(it *newsItem, cr creditReader) itemCreditline {
	var out itemCreditline
	var orgs []string
	for _, n := range it.creators {
		if a, ok := cr.al.PartAgency(n); ok {
			orgs = append(orgs, a)
			continue
		}
		out.creators = append(out.creators, n)
	}
	out.written = out.creators
	named := func(s string) bool {
		return slices.ContainsFunc(out.creators, func(c string) bool { return metadata.FoldName(c) == metadata.FoldName(s) })
	}
	if it.creditline != "" {
		c, ok := cr.parseCredit(it.creditline, true)
		switch {
		case !ok:
			out.agency = it.creditline // as a CSV Credit column
		case len(out.creators) == 0:
			out.creators, out.written = c.creators, c.written
			fallthrough
		default:
			for i, a := range c.agencies {
				if named(a) || named(c.spelled[i]) {
					continue
				}
				if out.agency == "" {
					out.agency, out.spelled = a, c.spelled[i]
				} else {
					out.chain = append(out.chain, a)
				}
			}
			for i, n := range c.written {
				if out.agency == "" && !named(n) && !named(c.creators[i]) {
					out.agency = n // "Acme/John Smith" with creator John Smith
				}
			}
		}
	}
	if len(out.creators) == 0 && it.by != "" {
		by := it.by
		if hasPrefixFold(by, "by ") {
			by = by[len("by "):]
		}
		if c, ok := cr.parseCredit(by, true); ok {
			out.creators, out.written = c.creators, c.written
			if out.agency == "" && len(c.agencies) > 0 {
				out.agency, out.spelled = c.agencies[0], c.spelled[0]
			}
		}
	}
	if out.agency == "" && len(orgs) > 0 {
		out.agency, orgs = orgs[0], orgs[1:]
	}
	out.chain = append(out.chain, orgs...)
	return out
}

// locatedPlace reads a located element: its name is the city unless it
// names a country; of the names of its broader places, the first that
// names a country is the country, the first other the region.
func locatedPlace(name string, broader []string) (city, region, country string) {
	if names.CountryCode(name) != "" && len(broader) == 0 {
		return "", "", name
	}
	for _, b := range broader {
		switch {
		case names.CountryCode(b) != "":
			if country == "" {
				country = b
			}
		case region == "":
			region = b
		}
	}
	return name, region, country
}

// looksLikeNewsML reports whether head (the file's first bytes, leading
// space cut) is NewsML-G2: XML whose first element is a newsItem,
// packageItem or newsMessage, or that declares NewsML-G2's namespace
// before sniffBytes. An XML declaration, comments and a doctype may come
// first.
func looksLikeNewsML(head []byte) bool {
	t := head
	for len(t) > 0 && t[0] == '<' {
		switch {
		case bytes.HasPrefix(t, []byte("<?")):
			i := bytes.Index(t, []byte("?>"))
			if i < 0 {
				return false
			}
			t = t[i+2:]
		case bytes.HasPrefix(t, []byte("<!--")):
			i := bytes.Index(t, []byte("-->"))
			if i < 0 {
				return false
			}
			t = t[i+3:]
		case bytes.HasPrefix(t, []byte("<!")):
			i := bytes.IndexByte(t, '>')
			if i < 0 {
				return false
			}
			t = t[i+1:]
		default:
			name := t[1:]
			if i := bytes.IndexAny(name, " \t\r\n/>"); i >= 0 {
				name = name[:i]
			}
			if i := bytes.IndexByte(name, ':'); i >= 0 {
				name = name[i+1:] // a prefix: <nar:newsItem>
			}
			switch string(name) {
			case "newsItem", "packageItem", "newsMessage":
				return true
			}
			return bytes.Contains(head, []byte(narNS))
		}
		t = bytes.TrimLeft(t, " \t\r\n")
	}
	return false
}
