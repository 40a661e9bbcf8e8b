package xmp

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"unicode/utf16"
	"unicode/utf8"
)

// Limits on what Parse accepts. A packet beyond them is refused with a
// *LimitError rather than read at unbounded cost.
const (
	// MaxInput is the largest packet Parse reads, in bytes as given (a
	// UTF-16 packet counts its UTF-16 bytes). Main packets are at most
	// 64 KiB and assembled ExtendedXMP is capped well below this.
	MaxInput = 32 << 20
	// MaxDepth is the deepest element nesting Parse follows. Real packets
	// stay under 15 (a struct in an array in a struct in a Description).
	MaxDepth = 64
	// MaxNodes caps elements plus attributes in one packet.
	MaxNodes = 1 << 18
)

// SyntaxError reports XML that is not well formed (or not UTF-8/UTF-16).
type SyntaxError struct {
	Line int    // 1-based line in the UTF-8 text, 0 when unknown
	Msg  string // what the XML reader reported
	Err  error  // an underlying error, if any
}

func (e *SyntaxError) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("xmp: expected well-formed XML, found %s (line %d)", e.Msg, e.Line)
	}
	return "xmp: expected well-formed XML, found " + e.Msg
}

func (e *SyntaxError) Unwrap() error { return e.Err }

// FormError reports well-formed XML that is not XMP's RDF: an element or
// attribute where the RDF/XMP grammar expects something else.
type FormError struct {
	Offset   int64  // byte offset in the UTF-8 text of the element concerned
	Expected string // what the grammar allows there
	Found    string // what the packet holds
}

func (e *FormError) Error() string {
	return fmt.Sprintf("xmp: expected %s, found %s (byte %d)", e.Expected, e.Found, e.Offset)
}

// LimitError reports a packet beyond one of the limits MaxInput, MaxDepth
// or MaxNodes.
type LimitError struct {
	What string // "input bytes", "element depth", "nodes"
	Max  int
}

func (e *LimitError) Error() string {
	return fmt.Sprintf("xmp: expected at most %d %s, found more", e.Max, e.What)
}

// elem is one XML element with its names resolved to namespace URIs. Parse
// first reads the whole packet into elems, then reads RDF from them.
type elem struct {
	space, local string // resolved namespace URI and local name
	prefix       string // prefix as written, for messages
	off          int64
	attrs        []attr // without xmlns declarations
	kids         []*elem
	text         string // character data of a leaf, as read; for an element with children only whether it is blank counts
}

type attr struct {
	space, local, value string
}

func (e *elem) is(space, local string) bool { return e.space == space && e.local == local }

// qname is the element's name as written, for messages.
func (e *elem) qname() string { return joinName(e.prefix, e.local) }

// Parse reads an XMP packet: UTF-8 or UTF-16 (big or little endian, with
// or without a byte-order mark), with or without the <?xpacket?> wrapper
// and x:xmpmeta (a bare rdf:RDF is accepted). Every rdf:Description is
// merged into Doc.Props in document order; a property given twice is there
// twice, each where it stands (Get returns the last). Simple properties and struct
// fields may be elements or attributes; structs may be written with
// rdf:parseType="Resource", a nested rdf:Description or property
// attributes on an empty element; rdf:value qualifiers, rdf:resource and
// xml:lang are kept. An Alt's x-default item is moved first, as Encode
// writes it.
//
// Nothing RDF/XML allows is dropped silently: x:xmpmeta's attributes are
// kept in Doc.Attrs; the xml:lang and xml:base of rdf:RDF and
// rdf:Description in each property's InLang and InBase; rdf:datatype and
// xml:base on a property in Node.Datatype and Node.Base; an xml:lang on a
// struct or array (or its rdf:Bag, rdf:Description) goes to the simple
// values in it, which inherit it. What the tree has no place for (rdf:ID,
// unqualified attributes, two rdf:about values, elements beside rdf:RDF…)
// is named in Doc.Lossy: a reader may ignore it, a writer must not
// rewrite such a packet. Anything after the root element's end (packet padding, the
// closing <?xpacket?>) is not read.
//
// Errors are *SyntaxError (not well-formed XML), *FormError (not XMP's
// RDF: a property that is not namespace-qualified, an element where the
// grammar wants another, rdf:parseType other than "Resource", rdf:nodeID
// references) or *LimitError. A document type declaration is refused as
// a *SyntaxError (XMP has none; this rules out entity expansion).
func Parse(b []byte) (*Doc, error) {
	text, err := packetText(b)
	if err != nil {
		return nil, err
	}
	t := getTree()
	defer putTree(t)
	t.sc.reset(text)
	root, prefixes, err := t.read(&t.sc)
	if err != nil {
		return nil, err
	}
	d := &Doc{Prefixes: prefixes}
	if err := d.fromRoot(root); err != nil {
		return nil, err
	}
	return d, nil
}

// Limits on what a tree reader keeps for the next Parse. A packet beyond
// them is read as usual; its buffers are then dropped rather than kept.
const (
	maxKeptElems = 1 << 12  // elements kept for reuse, and Nodes of checked properties
	maxKeptNames = 1 << 10  // interned names and namespace URIs
	maxKeptText  = 64 << 10 // bytes of text buffers
)

// treeReader holds what readTree needs, kept between calls: the elements
// of the last tree (the tree never leaves Parse: a Doc holds only Nodes
// and strings), the stacks and the scanner with its interned names.
type treeReader struct {
	sc      scanner
	elems   []*elem // elems[:used] belong to the tree being read
	used    int
	scope   []binding
	cur     map[string]int // prefix → index in scope of its innermost binding
	marks   []int
	stack   []*elem
	raw     [][2]string
	textBuf []byte
	blanks  map[string]string
	stream  *streamDoc // set by ParseProps: properties are read as they end
	// streamBuf is the streamDoc a streamed read uses (stream points to
	// it), kept with the tree between reads.
	streamBuf streamDoc
	arena     nodeArena // the Nodes of properties a streamed read only checks

	// The read under way.
	root     *elem
	nodes    int               // elements and attributes read, against MaxNodes
	prefixes map[string]string // namespace → first prefix declared for it
}

// treePool keeps treeReaders (their buffers and interned names) between
// parses. The variable is never assigned; what it holds is a cache that
// changes no result: a parse with a fresh treeReader reads the same.
var treePool = sync.Pool{New: func() any { return new(treeReader) }}

func getTree() *treeReader { return treePool.Get().(*treeReader) }

// putTree returns t for reuse unless it grew beyond the kept limits.
func putTree(t *treeReader) {
	if len(t.elems) > maxKeptElems || t.arena.size() > maxKeptElems || len(t.sc.names) > maxKeptNames || len(t.blanks) > maxKeptNames || cap(t.scope) > maxKeptNames ||
		cap(t.sc.buf) > maxKeptText || cap(t.textBuf) > maxKeptText {
		return
	}
	t.sc.src = nil
	treePool.Put(t)
}

// newElem returns a cleared element, reusing one from an earlier tree (and
// its slices) when there is one.
func (t *treeReader) newElem() *elem {
	if t.used < len(t.elems) {
		e := t.elems[t.used]
		t.used++
		clear(e.kids)
		clear(e.attrs)
		*e = elem{kids: e.kids[:0], attrs: e.attrs[:0]}
		return e
	}
	e := &elem{}
	t.elems = append(t.elems, e)
	t.used++
	return e
}

// toUTF8 returns the packet as UTF-8 without a byte-order mark.
// packetText checks the size of an input packet and returns it as UTF-8:
// the common start of Parse and ParseProps.
func packetText(b []byte) ([]byte, error) {
	if len(b) > MaxInput {
		return nil, &LimitError{What: "input bytes", Max: MaxInput}
	}
	return toUTF8(b)
}

func toUTF8(b []byte) ([]byte, error) {
	var big bool
	switch {
	case bytes.HasPrefix(b, []byte{0xEF, 0xBB, 0xBF}):
		return b[3:], nil
	case bytes.HasPrefix(b, []byte{0xFE, 0xFF}):
		big, b = true, b[2:]
	case bytes.HasPrefix(b, []byte{0xFF, 0xFE}):
		b = b[2:]
	case len(b) >= 2 && b[0] == 0 && b[1] != 0:
		big = true
	case len(b) >= 2 && b[0] != 0 && b[1] == 0:
	default:
		return b, nil
	}
	if len(b)%2 != 0 {
		// A trailing odd byte is packet padding cut short; drop it.
		b = b[:len(b)-1]
	}
	u := make([]uint16, len(b)/2)
	for i := range u {
		if big {
			u[i] = uint16(b[2*i])<<8 | uint16(b[2*i+1])
		} else {
			u[i] = uint16(b[2*i+1])<<8 | uint16(b[2*i])
		}
	}
	out := make([]byte, 0, len(u)+len(u)/4)
	for _, r := range utf16.Decode(u) {
		out = utf8.AppendRune(out, r)
	}
	return out, nil
}

// acceptedEncoding reports whether an XML declaration's encoding label
// names an encoding Parse has already turned into UTF-8 (or ASCII).
func acceptedEncoding(label string) bool {
	switch strings.ToLower(label) {
	case "utf-8", "utf8", "utf-16", "utf-16be", "utf-16le", "utf16", "us-ascii", "ascii":
		return true
	}
	return false
}

// binding is a namespace declaration in scope; prev is the index in the
// scope of the binding of the same prefix it hides (-1: none).
type binding struct {
	prefix, uri string
	prev        int
}

// readTree reads the XML document from src up to the end of its root
// element, resolving namespace prefixes.
func readTree(src tokenSource) (*elem, map[string]string, error) {
	var t treeReader
	return t.read(src)
}

// read is readTree with t's buffers: it hands each token to startElem,
// endElem or the text buffer until the root element ends.
func (t *treeReader) read(src tokenSource) (*elem, map[string]string, error) {
	t.begin()
	defer t.finish()
	for {
		tk, err := src.next()
		if err != nil {
			return nil, nil, err
		}
		switch tk.kind {
		case tokEOF:
			if t.root == nil {
				return nil, nil, &SyntaxError{Msg: "no root element"}
			}
			return nil, nil, &SyntaxError{Msg: "end of input inside <" + t.stack[len(t.stack)-1].qname() + ">"}
		case tokStart:
			t.flushText()
			if err := t.startElem(tk); err != nil {
				return nil, nil, err
			}
		case tokEnd:
			done, err := t.endElem(tk)
			if err != nil {
				return nil, nil, err
			}
			if done {
				return t.root, t.prefixes, nil
			}
		case tokText:
			if len(t.stack) == 0 {
				if !blank(tk.text) {
					return nil, nil, &SyntaxError{Msg: "text outside the root element"}
				}
				continue
			}
			t.textBuf = append(t.textBuf, tk.text...)
		}
	}
}

// begin starts a read: empty buffers (kept from an earlier read), no
// namespace in scope, a new prefix map (returned to the caller).
func (t *treeReader) begin() {
	t.used, t.root, t.nodes = 0, nil, 0
	t.scope, t.marks, t.stack, t.raw, t.textBuf = t.scope[:0], t.marks[:0], t.stack[:0], t.raw[:0], t.textBuf[:0]
	t.prefixes = make(map[string]string, 8) // a packet declares a handful
	// A packet may declare thousands of namespaces: lookups go through
	// cur, which bind and unbind keep, so that reading stays linear.
	if t.cur == nil {
		t.cur = make(map[string]int, 16)
	}
	clear(t.cur)
}

// finish drops what the read leaves in t's buffers, keeping their
// capacity: the elements on the stack, the tree and the prefix map belong
// to the caller.
func (t *treeReader) finish() {
	clear(t.stack[:cap(t.stack)])
	t.scope, t.marks, t.stack, t.raw, t.textBuf = t.scope[:0], t.marks[:0], t.stack[:0], t.raw[:0], t.textBuf[:0]
	t.root, t.prefixes = nil, nil
}

// bind puts a namespace declaration in scope.
func (t *treeReader) bind(prefix, uri string) {
	prev, ok := t.cur[prefix]
	if !ok {
		prev = -1
	}
	t.cur[prefix] = len(t.scope)
	t.scope = append(t.scope, binding{prefix, uri, prev})
}

// unbind takes the declarations made since mark (len(scope) then) out of
// scope, bringing back those they hid.
func (t *treeReader) unbind(mark int) {
	for i := len(t.scope) - 1; i >= mark; i-- {
		if b := t.scope[i]; b.prev < 0 {
			delete(t.cur, b.prefix)
		} else {
			t.cur[b.prefix] = b.prev
		}
	}
	t.scope = t.scope[:mark]
}

// lookup returns the namespace a prefix stands for in the current scope.
func (t *treeReader) lookup(prefix string) (string, bool) {
	if prefix == "xml" {
		return NSxml, true
	}
	if i, ok := t.cur[prefix]; ok {
		return t.scope[i].uri, true
	}
	return "", prefix == ""
}

// flushText gives the text read since the last tag to the open element.
func (t *treeReader) flushText() {
	if len(t.stack) == 0 || len(t.textBuf) == 0 {
		return
	}
	top := t.stack[len(t.stack)-1]
	isBlank := blank(t.textBuf)
	switch {
	case len(top.kids) > 0 || t.stream != nil && (t.stream.dropping || t.stream.unwanted):
		// Only whether there is text matters once an element has
		// children (mixed content is refused), in a property a
		// streamed read only checks, or in an item it only counts
		// (ParsePropsMax).
		if !isBlank {
			top.text = "text"
		}
	case top.text != "":
		if t.stream != nil {
			t.stream.take(int64(len(top.text) + len(t.textBuf)))
		}
		top.text += string(t.textBuf)
	case isBlank:
		// Indentation before a first child: share one string per
		// distinct run of white space.
		if t.blanks == nil {
			t.blanks = map[string]string{}
		}
		ws, ok := t.blanks[string(t.textBuf)]
		if !ok {
			if t.stream != nil {
				t.stream.take(int64(len(t.textBuf)))
			}
			ws = string(t.textBuf)
			t.blanks[ws] = ws
		}
		top.text = ws
	default:
		if t.stream != nil {
			t.stream.take(int64(len(t.textBuf)))
		}
		top.text = string(t.textBuf)
	}
	t.textBuf = t.textBuf[:0]
}

// startElem opens an element: it checks the limits and names, brings its
// namespace declarations into scope, resolves its name and attributes,
// and puts it under the open element (or makes it the root).
func (t *treeReader) startElem(tk *rawTok) error {
	off := tk.off
	if len(t.stack) >= MaxDepth {
		return &LimitError{What: "element depth", Max: MaxDepth}
	}
	t.nodes += 1 + len(tk.attrs)
	if t.nodes > MaxNodes {
		return &LimitError{What: "nodes", Max: MaxNodes}
	}
	if err := checkName(tk.prefix, tk.local, off); err != nil {
		return err
	}
	t.marks = append(t.marks, len(t.scope))
	for _, a := range tk.attrs {
		if err := checkName(a.prefix, a.local, off); err != nil {
			return err
		}
		switch {
		case a.prefix == "xmlns":
			t.bind(a.local, a.value)
			if _, seen := t.prefixes[a.value]; !seen && a.value != "" {
				t.prefixes[a.value] = a.local
			}
		case a.prefix == "" && a.local == "xmlns":
			t.bind("", a.value)
		}
	}
	e := t.newElem()
	e.prefix, e.off = tk.prefix, off
	var ok bool
	if e.space, ok = t.lookup(tk.prefix); !ok {
		return &FormError{Offset: off, Expected: "a declared namespace prefix", Found: "<" + e.qname() + ">"}
	}
	e.local = tk.local
	for _, a := range tk.attrs {
		if a.prefix == "xmlns" || (a.prefix == "" && a.local == "xmlns") {
			continue
		}
		at := attr{local: a.local, value: a.value}
		if a.prefix != "" {
			if at.space, ok = t.lookup(a.prefix); !ok {
				return &FormError{Offset: off, Expected: "a declared namespace prefix", Found: "attribute " + joinName(a.prefix, a.local) + " of <" + e.qname() + ">"}
			}
		}
		if at.space == NSrdf && at.local == "nodeID" {
			// Node references make a graph, not XMP's tree; reading
			// them as a tree would lose or duplicate properties.
			return &FormError{Offset: off, Expected: "an XMP tree", Found: "rdf:nodeID on <" + e.qname() + ">"}
		}
		e.attrs = append(e.attrs, at)
	}
	if t.stream != nil {
		if err := t.stream.start(e, len(t.stack), t.used-1); err != nil {
			return err
		}
	}
	if len(t.stack) > 0 {
		top := t.stack[len(t.stack)-1]
		top.kids = append(top.kids, e)
	} else {
		t.root = e
	}
	t.stack = append(t.stack, e)
	t.raw = append(t.raw, [2]string{tk.prefix, tk.local})
	return nil
}

// endElem closes the open element, which tk must name as its start tag
// did; done is set when it was the root.
func (t *treeReader) endElem(tk *rawTok) (done bool, err error) {
	if len(t.stack) == 0 {
		return false, &SyntaxError{Msg: "unexpected </" + joinName(tk.prefix, tk.local) + ">"}
	}
	if top := t.raw[len(t.raw)-1]; top != [2]string{tk.prefix, tk.local} {
		return false, &SyntaxError{Msg: "<" + joinName(top[0], top[1]) + "> closed by </" + joinName(tk.prefix, tk.local) + ">"}
	}
	t.flushText()
	e := t.stack[len(t.stack)-1]
	t.stack = t.stack[:len(t.stack)-1]
	t.raw = t.raw[:len(t.raw)-1]
	t.unbind(t.marks[len(t.marks)-1])
	t.marks = t.marks[:len(t.marks)-1]
	if t.stream != nil {
		if err := t.stream.end(t, e, len(t.stack)); err != nil {
			return false, err
		}
	}
	return len(t.stack) == 0, nil
}

// checkName refuses names that XML accepts but namespaces do not: a prefix
// or local part that is not an NCName ("rdf:0", "a:b:c").
func checkName(prefix, local string, off int64) error {
	if (prefix != "" && !ncName(prefix)) || !ncName(local) {
		return &FormError{Offset: off, Expected: "a namespace-qualified XML name", Found: strconv.Quote(joinName(prefix, local))}
	}
	return nil
}

// ncName is validNCName with a fast path for ASCII names, which is what
// XMP writers use.
func ncName(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z':
		case i > 0 && (c == '-' || c == '.' || '0' <= c && c <= '9'):
		case c >= utf8.RuneSelf:
			return validNCName(s)
		default:
			return false
		}
	}
	return true
}

func blank[T string | []byte](s T) bool {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case ' ', '\t', '\n', '\r':
		default:
			return false
		}
	}
	return true
}

// fromRoot reads the RDF under the root element.
func (d *Doc) fromRoot(root *elem) error {
	var rdfs []*elem
	switch {
	case root.is(NSrdf, "RDF"):
		rdfs = append(rdfs, root)
	case root.is(NSx, "xmpmeta") || root.is(NSx, "xapmeta"):
		for _, a := range root.attrs {
			if a.space == NSx && (a.local == "xmptk" || a.local == "xaptk") {
				d.Toolkit = a.value
				continue
			}
			d.Attrs = append(d.Attrs, Attr{NS: a.space, Name: a.local, Value: a.value})
			if a.space == NSxml && a.value == "" {
				d.lose("an empty xml:" + a.local + " on <" + root.qname() + ">")
			}
		}
		for _, k := range root.kids {
			if k.is(NSrdf, "RDF") {
				rdfs = append(rdfs, k)
			} else {
				d.lose("<" + k.qname() + "> in <" + root.qname() + ">")
			}
		}
		if len(rdfs) == 0 {
			return &FormError{Offset: root.off, Expected: "rdf:RDF inside <" + root.qname() + ">", Found: "none"}
		}
	default:
		found := "<" + root.qname() + ">"
		if root.local == "xmpmeta" || root.local == "RDF" {
			found += fmt.Sprintf(" (namespace %q)", root.space)
		}
		return &FormError{Offset: root.off, Expected: "<x:xmpmeta> or <rdf:RDF>", Found: found}
	}
	aboutSet := false
	for _, r := range rdfs {
		if !blank(r.text) {
			return &FormError{Offset: r.off, Expected: "rdf:Description elements in <rdf:RDF>", Found: "text"}
		}
		ra := attrsOf(r)
		d.loseAttrs(r, ra, false)
		if len(ra.props) > 0 {
			d.lose("a property attribute on <" + r.qname() + ">")
		}
		for _, desc := range r.kids {
			if !desc.is(NSrdf, "Description") {
				return &FormError{Offset: desc.off, Expected: "<rdf:Description>", Found: "<" + desc.qname() + ">"}
			}
			if !blank(desc.text) {
				return &FormError{Offset: desc.off, Expected: "property elements in <rdf:Description>", Found: "text"}
			}
			for _, a := range desc.attrs {
				if (a.space == NSrdf || a.space == "") && a.local == "about" {
					switch {
					case !aboutSet || d.About == "":
						d.About, aboutSet = a.value, true
					case a.value != "" && a.value != d.About:
						d.lose("two rdf:about values")
					}
				}
			}
			da := attrsOf(desc)
			d.loseAttrs(desc, da, true)
			lang, base := scoped(d, ra, da)
			props, val, err := fieldsOf(desc, d)
			if err != nil {
				return err
			}
			if val != nil {
				return &FormError{Offset: desc.off, Expected: "properties in a top-level <rdf:Description>", Found: "rdf:value"}
			}
			for i, p := range props {
				p.InLang, p.InBase = lang, base
				// fieldsOf puts the property attributes first.
				p.AsAttr = i < len(da.props)
				d.add(p)
			}
		}
	}
	return nil
}

// scoped returns the xml:lang and xml:base a top-level property inherits
// from its rdf:RDF (ra) and rdf:Description (da).
func scoped(d *Doc, ra, da elemAttrs) (lang, base string) {
	lang, base = ra.lang, ra.base
	if da.hasLang {
		lang = da.lang
	}
	if da.hasBase {
		if ra.hasBase {
			d.lose("xml:base on both rdf:RDF and rdf:Description")
		}
		base = da.base
	}
	return lang, base
}

// loseAttrs records in d the attributes of e that the tree has no place
// for: those attrsOf set aside, and the RDF syntax attributes that mean
// nothing on a node element. desc allows rdf:about (read by fromRoot).
func (d *Doc) loseAttrs(e *elem, ea elemAttrs, desc bool) {
	for _, o := range ea.other {
		if desc && (o == "about" || o == "rdf:about") {
			continue
		}
		d.lose("attribute " + o + " on <" + e.qname() + ">")
	}
	if ea.hasParseType || ea.hasResource || ea.hasValue || ea.hasDatatype {
		d.lose("an RDF attribute on <" + e.qname() + ">")
	}
	if (ea.hasLang && ea.lang == "") || (ea.hasBase && ea.base == "") {
		d.lose("an empty xml:lang or xml:base on <" + e.qname() + ">")
	}
}

// add appends a top-level property. A property given twice is kept twice,
// where each stands; Get returns the last.
func (d *Doc) add(n *Node) { d.Props = append(d.Props, n) }

// rdfSyntax reports whether an rdf: name is RDF syntax rather than a
// property (rdf:type, for one, is a property).
func rdfSyntax(local string) bool {
	switch local {
	case "RDF", "Description", "ID", "about", "parseType", "resource", "nodeID", "datatype",
		"li", "value", "Bag", "Seq", "Alt", "bagID", "aboutEach", "aboutEachPrefix":
		return true
	}
	return false
}

// propertyName reports whether (space, local) can name a property, field
// or qualifier.
func propertyName(space, local string) bool {
	if space == "" || space == NSxml || space == "xmlns" {
		return false
	}
	return !(space == NSrdf && rdfSyntax(local))
}

// attrsOf splits an element's attributes into its xml:lang and xml:base,
// the RDF syntax attributes Parse uses, the property attributes (as
// Simple nodes) and the others, which the tree has no place for
// (unqualified attributes, other xml: attributes, rdf:ID, rdf:about…):
// those are named in other, for the caller to record in Doc.Lossy.
type elemAttrs struct {
	lang, base            string
	hasLang, hasBase      bool
	parseType             string
	hasParseType          bool
	resource, value       string
	hasResource, hasValue bool
	datatype              string
	hasDatatype           bool
	props                 []*Node
	other                 []string
}

func attrsOf(e *elem) elemAttrs {
	var ea elemAttrs
	for _, a := range e.attrs {
		switch {
		case a.space == NSxml && a.local == "lang":
			ea.lang, ea.hasLang = a.value, true
		case a.space == NSxml && a.local == "base":
			ea.base, ea.hasBase = a.value, true
		case a.space == NSrdf && a.local == "parseType":
			ea.parseType, ea.hasParseType = a.value, true
		case a.space == NSrdf && a.local == "resource":
			ea.resource, ea.hasResource = a.value, true
		case a.space == NSrdf && a.local == "value":
			ea.value, ea.hasValue = a.value, true
		case a.space == NSrdf && a.local == "datatype":
			ea.datatype, ea.hasDatatype = a.value, true
		case propertyName(a.space, a.local):
			ea.props = append(ea.props, &Node{NS: a.space, Name: a.local, Kind: KindSimple, Value: a.value})
		case a.space == "":
			ea.other = append(ea.other, a.local)
		case a.space == NSxml:
			ea.other = append(ea.other, "xml:"+a.local)
		default:
			ea.other = append(ea.other, "rdf:"+a.local)
		}
	}
	return ea
}

// fieldsOf reads the property attributes and property elements of a
// struct-like element (rdf:Description or rdf:parseType="Resource"); val
// is its rdf:value, when it has one (then the fields are qualifiers).
// What the tree cannot hold is recorded in d.
func fieldsOf(e *elem, d *Doc) (fields []*Node, val *Node, err error) {
	ea := attrsOf(e)
	fields = ea.props
	if ea.hasValue {
		val = &Node{Kind: KindSimple, Value: ea.value}
	}
	if !blank(e.text) {
		return nil, nil, &FormError{Offset: e.off, Expected: "only elements in <" + e.qname() + ">", Found: "text"}
	}
	for _, k := range e.kids {
		if k.is(NSrdf, "value") {
			if val != nil {
				return nil, nil, &FormError{Offset: k.off, Expected: "one rdf:value", Found: "two"}
			}
			val = d.newNode()
			if err := fill(val, k, d); err != nil {
				return nil, nil, err
			}
			continue
		}
		if !propertyName(k.space, k.local) {
			return nil, nil, &FormError{Offset: k.off, Expected: "a property element", Found: "<" + k.qname() + ">"}
		}
		n := d.newNode()
		n.NS, n.Name = k.space, k.local
		if err := fill(n, k, d); err != nil {
			return nil, nil, err
		}
		fields = append(fields, n)
	}
	return fields, val, nil
}

// structOrQualified makes n a struct of fields, or, when val is set, takes
// val's value and keeps the fields as n's qualifiers.
func structOrQualified(n *Node, fields []*Node, val *Node, d *Doc) {
	if val == nil {
		n.Kind, n.Fields = KindStruct, fields
		return
	}
	n.Kind, n.Value, n.URI, n.Items, n.Fields, n.Datatype = val.Kind, val.Value, val.URI, val.Items, val.Fields, val.Datatype
	// n.Lang is the language of the value: rdf:value's own, else the one
	// it inherits (fill gives the qualifiers theirs).
	if val.Lang != "" {
		n.Lang = val.Lang
	}
	if val.Base != "" && n.Base != "" && val.Base != n.Base {
		d.lose("an xml:base on rdf:value that its qualifiers do not share")
	}
	if n.Base == "" {
		n.Base = val.Base
	}
	n.Quals = append(val.Quals, fields...)
}

// inherit gives the nodes without an xml:lang (xml:base) of their own the
// one of the element around them, which the tree does not keep (an array
// or a nested rdf:Description).
func inherit(nodes []*Node, ea elemAttrs, d *Doc, where string) {
	for _, n := range nodes {
		switch {
		case !ea.hasLang:
		case n.Kind != KindSimple:
			pushLang(n, ea.lang) // as fill keeps it
		case n.Lang == "":
			n.Lang = ea.lang
		}
		if ea.hasBase {
			if n.Base != "" {
				d.lose("xml:base on both " + where + " and its content")
			}
			n.Base = ea.base
		}
	}
	if (ea.hasLang && ea.lang == "") || (ea.hasBase && ea.base == "") {
		d.lose("an empty xml:lang or xml:base on " + where)
	}
}

// fill reads the value of the property element (or rdf:li, or rdf:value)
// e into n: a struct by rdf:parseType, a value written in the element
// itself, or the one node it holds. What the tree cannot hold is recorded
// in d.
func fill(n *Node, e *elem, d *Doc) error {
	ea := attrsOf(e)
	n.Lang, n.Base = ea.lang, ea.base
	for _, o := range ea.other {
		d.lose("attribute " + o + " on <" + e.qname() + ">")
	}
	if (ea.hasLang && ea.lang == "") || (ea.hasBase && ea.base == "") {
		d.lose("an empty xml:lang or xml:base on <" + e.qname() + ">")
	}
	literal := false
	var err error
	switch {
	case ea.hasParseType:
		err = fillParseType(n, e, ea, d)
	case len(e.kids) == 0:
		literal, err = fillEmpty(n, e, ea)
	default:
		err = fillChild(n, e, ea, d)
	}
	if err != nil {
		return err
	}
	if ea.hasDatatype && !literal {
		d.lose("rdf:datatype on <" + e.qname() + ">, which holds no text")
	}
	if ea.hasLang && ea.lang != "" && len(n.Quals) > 0 {
		// The qualifiers inherit the element's xml:lang; Encode writes
		// the value's on rdf:value (as Adobe's toolkit does), so the
		// qualifiers carry theirs.
		inherit(n.Quals, ea, d, "<"+e.qname()+">")
	}
	if n.Kind != KindSimple && n.Lang != "" {
		// xml:lang on a struct or an array is inherited by the values in
		// it; Adobe's toolkit (exiv2) refuses it there as a qualifier of
		// the array, so the tree keeps it on those values.
		pushLang(n, n.Lang)
		n.Lang = ""
	}
	if n.Kind == KindStruct {
		attrFields(n.Fields)
	}
	return nil
}

// fillParseType reads an element with rdf:parseType="Resource": a struct
// (or a value with qualifiers) written as its children.
func fillParseType(n *Node, e *elem, ea elemAttrs, d *Doc) error {
	if ea.parseType != "Resource" {
		return &FormError{Offset: e.off, Expected: `rdf:parseType="Resource"`, Found: fmt.Sprintf("rdf:parseType=%q", ea.parseType)}
	}
	if ea.hasResource {
		return &FormError{Offset: e.off, Expected: `no rdf:resource with rdf:parseType="Resource"`, Found: "both on <" + e.qname() + ">"}
	}
	if k, ok := soleArray(e, ea); ok {
		// Not RDF, but written by Frameright and read by exiftool as
		// the array it holds: keep it as that array.
		return fillArray(n, arrayKind[k.local], k, d)
	}
	fields, val, err := fieldsOf(e, d)
	if err != nil {
		return err
	}
	structOrQualified(n, fields, val, d)
	return nil
}

// fillEmpty reads an element without children: a URI, an rdf:value, a
// struct of property attributes or a literal; literal reports the last.
func fillEmpty(n *Node, e *elem, ea elemAttrs) (literal bool, err error) {
	if !blank(e.text) && (ea.hasResource || ea.hasValue || len(ea.props) > 0) {
		return false, &FormError{Offset: e.off, Expected: "an empty element with rdf:resource, rdf:value or property attributes", Found: "text in <" + e.qname() + ">"}
	}
	switch {
	case ea.hasResource && ea.hasValue:
		return false, &FormError{Offset: e.off, Expected: "rdf:resource or rdf:value", Found: "both on <" + e.qname() + ">"}
	case ea.hasResource:
		n.Kind, n.Value, n.URI, n.Quals = KindSimple, ea.resource, true, ea.props
	case ea.hasValue:
		n.Kind, n.Value, n.Quals = KindSimple, ea.value, ea.props
	case len(ea.props) > 0:
		n.Kind, n.Fields = KindStruct, ea.props
		for _, f := range n.Fields {
			f.AsAttr = true // checked by attrFields in fill
		}
	default:
		n.Kind, n.Value, n.Datatype = KindSimple, e.text, ea.datatype
		return true, nil
	}
	return false, nil
}

// fillChild reads an element holding one node: an array or an
// rdf:Description.
func fillChild(n *Node, e *elem, ea elemAttrs, d *Doc) error {
	if !blank(e.text) {
		return &FormError{Offset: e.off, Expected: "text or one element in <" + e.qname() + ">", Found: "both"}
	}
	if ea.hasResource || ea.hasValue || len(ea.props) > 0 {
		return &FormError{Offset: e.off, Expected: "no property attributes on <" + e.qname() + "> with content", Found: "attributes"}
	}
	if len(e.kids) != 1 {
		return &FormError{Offset: e.off, Expected: "one rdf:Bag, rdf:Seq, rdf:Alt or rdf:Description in <" + e.qname() + ">", Found: fmt.Sprintf("%d elements", len(e.kids))}
	}
	k := e.kids[0]
	if k.space != NSrdf {
		return &FormError{Offset: k.off, Expected: "rdf:Bag, rdf:Seq, rdf:Alt or rdf:Description", Found: "<" + k.qname() + ">"}
	}
	switch k.local {
	case "Bag", "Seq", "Alt":
		if err := fillArray(n, arrayKind[k.local], k, d); err != nil {
			return err
		}
	case "Description":
		fields, val, err := fieldsOf(k, d)
		if err != nil {
			return err
		}
		ka := attrsOf(k)
		for _, o := range ka.other {
			if o == "about" || o == "rdf:about" {
				if strings.TrimSpace(attrValue(k, o)) == "" {
					continue
				}
			}
			d.lose("attribute " + o + " on <" + k.qname() + "> in <" + e.qname() + ">")
		}
		if ka.hasDatatype {
			d.lose("rdf:datatype on <" + k.qname() + ">")
		}
		if val == nil {
			for _, f := range fields[:len(ka.props)] {
				f.AsAttr = true // checked by attrFields in fill
			}
		}
		inherit(fields, ka, d, "<"+k.qname()+">")
		if val != nil {
			inherit([]*Node{val}, ka, d, "<"+k.qname()+">")
		}
		structOrQualified(n, fields, val, d)
	default:
		return &FormError{Offset: k.off, Expected: "rdf:Bag, rdf:Seq, rdf:Alt or rdf:Description", Found: "<" + k.qname() + ">"}
	}
	return nil
}

// attrFields keeps AsAttr only on the struct fields Encode will write
// back as attributes: a leading run of fields read as attributes that
// have no xml:lang or xml:base of their own (Encode writes attributes before the
// element fields, so a field read as an attribute after one that is not
// becomes an element, as it will be read back).
func attrFields(fields []*Node) {
	run := true
	for _, f := range fields {
		run = run && f.AsAttr && attrForm(f)
		f.AsAttr = run
	}
}

// attrForm reports whether Encode can write n as an attribute: a simple
// text value without qualifiers, rdf:resource, rdf:datatype, xml:lang or
// xml:base of its own.
func attrForm(n *Node) bool {
	if n == nil || n.Kind != KindSimple || n.URI || n.Datatype != "" || n.Lang != "" || n.Base != "" {
		return false
	}
	for _, q := range n.Quals {
		if writable(q) {
			return false
		}
	}
	return true
}

// pushLang gives lang to the simple values under n that have none.
func pushLang(n *Node, lang string) {
	for _, group := range [][]*Node{n.Quals, n.Fields, n.Items} {
		for _, c := range group {
			switch {
			case c.Kind != KindSimple:
				pushLang(c, lang)
			case c.Lang == "":
				c.Lang = lang
			}
		}
	}
}

// attrValue is the value of e's attribute named as attrsOf names it in
// other ("about", "rdf:about").
func attrValue(e *elem, name string) string {
	for _, a := range e.attrs {
		if (a.space == "" && a.local == name) || (a.space == NSrdf && "rdf:"+a.local == name) {
			return a.value
		}
	}
	return ""
}

var arrayKind = map[string]Kind{"Bag": KindBag, "Seq": KindSeq, "Alt": KindAlt}

// soleArray returns the rdf:Bag, rdf:Seq or rdf:Alt that is the only
// content of a rdf:parseType="Resource" element e.
func soleArray(e *elem, ea elemAttrs) (*elem, bool) {
	if len(e.kids) != 1 || len(ea.props) > 0 || ea.hasValue || !blank(e.text) {
		return nil, false
	}
	k := e.kids[0]
	if _, ok := arrayKind[k.local]; !ok || k.space != NSrdf {
		return nil, false
	}
	return k, true
}

func fillArray(n *Node, kind Kind, c *elem, d *Doc) error {
	n.Kind = kind
	if !blank(c.text) {
		return &FormError{Offset: c.off, Expected: "rdf:li elements in <" + c.qname() + ">", Found: "text"}
	}
	for _, k := range c.kids {
		if !k.is(NSrdf, "li") {
			return &FormError{Offset: k.off, Expected: "<rdf:li>", Found: "<" + k.qname() + ">"}
		}
		it := d.newNode()
		if err := fill(it, k, d); err != nil {
			return err
		}
		n.Items = append(n.Items, it)
	}
	ca := attrsOf(c)
	d.loseAttrs(c, ca, false)
	if len(ca.props) > 0 {
		d.lose("a property attribute on <" + c.qname() + ">")
	}
	// The array's xml:lang and xml:base go to its items.
	inherit(n.Items, ca, d, "<"+c.qname()+">")
	if kind == KindAlt {
		moveDefaultFirst(n.Items)
	}
	return nil
}

// moveDefaultFirst moves an Alt's first x-default item to the front.
func moveDefaultFirst(items []*Node) {
	for i, it := range items {
		if isDefaultLang(it.Lang) {
			if i > 0 {
				copy(items[1:i+1], items[:i])
				items[0] = it
			}
			return
		}
	}
}
