package xmp

import (
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Encode writes d as a complete XMP document, the same bytes for the same
// Doc:
//
//	<?xpacket begin="<U+FEFF>" id="W5M0MpCehiHzreSzNTczkc9d"?>
//	<x:xmpmeta xmlns:x="adobe:ns:meta/" [Doc.Attrs] [x:xmptk="Doc.Toolkit"]>
//	 <rdf:RDF xmlns:rdf="…">
//	  <rdf:Description rdf:about="Doc.About" [xml:lang, xml:base: InLang, InBase] xmlns:… (every namespace used, by prefix; on rdf:RDF when there are several rdf:Description)
//	    [properties read as attributes (Node.AsAttr), as attributes]>
//	   the other properties in element form, in Doc.Props order
//	  </rdf:Description>
//	  [another rdf:Description for each run of properties with other InLang, InBase,
//	   or where an attribute property follows an element one (so the order is kept)]
//	 </rdf:RDF>
//	</x:xmpmeta>
//	<?xpacket end="w"?>
//
// Well-known namespaces always get their usual prefix (dc, photoshop,
// Iptc4xmpCore, xmp, exif, crs, lr, …); other namespaces keep the prefix
// Doc.Prefixes gives them, or get ns1, ns2… when they have none or it
// clashes. Structs are written with rdf:parseType="Resource"; a node with
// qualifiers as rdf:parseType="Resource" holding rdf:value and the
// qualifiers; an Alt with its x-default item first. Node.Lang and
// Node.Base are xml:lang and xml:base on the node's element, Datatype its
// rdf:datatype.
//
// Attribute form: the simple values Parse read as attributes (Node.AsAttr)
// are written back as attributes, as Lightroom, Bridge, Photo Mechanic,
// darktable and digiKam write them: top-level properties on their
// rdf:Description, struct fields on the struct's empty element (or, when
// element fields follow, on a nested rdf:Description). Only simple values
// without qualifiers, rdf:resource, rdf:datatype, xml:lang or xml:base of
// their own are; other nodes, and every node built without AsAttr, are
// written in element form. Tab, LF and CR in an attribute are written
// &#x9; &#xA; &#xD; (a literal one would be read as a space by an XML
// parser, such as the Adobe toolkit in exiv2); exiftool 12.57 reads these
// references as the characters, as Parse does, so every reader gets the
// value of the tree.
//
// Text policy: & < > are escaped in text (and " ' tab LF CR in attribute
// values); LF and tab are kept as such in element text, CR is written
// &#xD; so that readers do not fold it. Characters XML 1.0 forbids (C0
// controls other than tab, LF and CR; U+FFFE, U+FFFF) are removed, and
// bytes that are not UTF-8 become U+FFFD. Nodes that cannot be written
// (no namespace, a name that is not an XML name, an RDF syntax name such
// as rdf:li) are left out. Parse of Encode's output gives back an equal
// Doc (Prefixes aside) for every Doc that Parse returns.
func Encode(d *Doc) []byte {
	w := &writer{prefix: assignPrefixes(d)}
	w.b = append(w.b, "<?xpacket begin=\"\xEF\xBB\xBF\" id=\"W5M0MpCehiHzreSzNTczkc9d\"?>\n"...)
	w.b = append(w.b, `<x:xmpmeta xmlns:x="adobe:ns:meta/"`...)
	w.metaAttrs(d)
	if d.Toolkit != "" {
		w.b = append(w.b, ` x:xmptk="`...)
		w.b = appendEscaped(w.b, d.Toolkit, true)
		w.b = append(w.b, '"')
	}
	decls := make([][2]string, 0, len(w.prefix))
	for uri, p := range w.prefix {
		if uri != NSrdf && uri != NSx {
			decls = append(decls, [2]string{p, uri})
		}
	}
	slices.SortFunc(decls, func(a, b [2]string) int { return strings.Compare(a[0], b[0]) })
	props, starts := descriptionRuns(d)
	w.b = append(w.b, ">\n <rdf:RDF xmlns:rdf=\""+NSrdf+"\""...)
	if len(starts) > 1 {
		// The namespaces are declared once, for all the Descriptions.
		w.decls(decls)
		decls = nil
	}
	w.b = append(w.b, ">\n"...)
	if len(props) == 0 {
		w.b = append(w.b, "  <rdf:Description rdf:about=\""...)
		w.b = appendEscaped(w.b, d.About, true)
		w.b = append(w.b, '"')
		w.decls(decls)
		w.b = append(w.b, "/>\n"...)
	}
	for r, i := range starts {
		j := len(props)
		if r+1 < len(starts) {
			j = starts[r+1]
		}
		w.description(d.About, props[i:j], decls)
	}
	w.b = append(w.b, " </rdf:RDF>\n</x:xmpmeta>\n<?xpacket end=\"w\"?>\n"...)
	return w.b
}

// descriptionRuns returns the writable properties of d and where each
// run of them written in one rdf:Description starts.
func descriptionRuns(d *Doc) (props []*Node, starts []int) {
	// One rdf:Description for each run of properties with the same
	// inherited xml:lang and xml:base (nearly always one for all). A
	// property written as an attribute after one written as an element,
	// or a second attribute of the same name, starts another run, so
	// that the properties are read back in their order.
	attrs := map[[2]string]bool{}
	elems := false
	for _, p := range d.Props {
		if !writable(p) {
			continue
		}
		asAttr := p.AsAttr && attrForm(p)
		if len(props) == 0 || p.InLang != props[len(props)-1].InLang || p.InBase != props[len(props)-1].InBase ||
			(asAttr && (elems || attrs[[2]string{p.NS, p.Name}])) {
			starts = append(starts, len(props))
			clear(attrs)
			elems = false
		}
		if asAttr {
			attrs[[2]string{p.NS, p.Name}] = true
		} else {
			elems = true
		}
		props = append(props, p)
	}
	return props, starts
}

// description writes one rdf:Description of about holding props (which
// share their inherited xml:lang and xml:base): the attribute-form
// properties first, as attributes, then the others as elements.
func (w *writer) description(about string, props []*Node, decls [][2]string) {
	w.b = append(w.b, "  <rdf:Description rdf:about=\""...)
	w.b = appendEscaped(w.b, about, true)
	w.b = append(w.b, '"')
	w.xmlAttrs(props[0].InLang, props[0].InBase)
	w.decls(decls)
	k := 0
	for k < len(props) && props[k].AsAttr && attrForm(props[k]) {
		w.attr(props[k], 4)
		k++
	}
	if k == len(props) {
		w.b = append(w.b, "/>\n"...)
		return
	}
	w.b = append(w.b, ">\n"...)
	for _, p := range props[k:] {
		w.prop(p, 3, w.name(p))
	}
	w.b = append(w.b, "  </rdf:Description>\n"...)
}

// attr writes n as an attribute on a line of its own, indented.
func (w *writer) attr(n *Node, level int) {
	w.b = append(w.b, '\n')
	w.indent(level)
	w.b = append(w.b, w.name(n)+`="`...)
	w.b = appendEscaped(w.b, n.Value, true)
	w.b = append(w.b, '"')
}

// attrRun is the number of leading fields of a struct that Encode writes
// as attributes, and the number of fields it writes in all.
func attrRun(fields []*Node) (attrs, all int) {
	run := true
	for _, f := range fields {
		if !writable(f) {
			continue
		}
		all++
		run = run && f.AsAttr && attrForm(f)
		if run {
			attrs++
		}
	}
	return attrs, all
}

// decls writes namespace declarations, one a line.
func (w *writer) decls(decls [][2]string) {
	for _, dc := range decls {
		w.b = append(w.b, "\n    xmlns:"+dc[0]+`="`...)
		w.b = appendEscaped(w.b, dc[1], true)
		w.b = append(w.b, '"')
	}
}

// metaAttrs writes Doc.Attrs on x:xmpmeta, with the namespace
// declarations they need.
func (w *writer) metaAttrs(d *Doc) {
	declared := map[string]bool{}
	for _, a := range d.Attrs {
		if !metaAttrWritable(a) || a.NS == "" || a.NS == NSxml || a.NS == NSx || declared[a.NS] {
			continue
		}
		declared[a.NS] = true
		w.b = append(w.b, " xmlns:"+w.prefix[a.NS]+`="`...)
		w.b = appendEscaped(w.b, a.NS, true)
		w.b = append(w.b, '"')
	}
	for _, a := range d.Attrs {
		if !metaAttrWritable(a) {
			continue
		}
		w.b = append(w.b, ' ')
		switch a.NS {
		case "":
		case NSxml:
			w.b = append(w.b, "xml:"...)
		default:
			w.b = append(w.b, w.prefix[a.NS]+":"...)
		}
		w.b = append(w.b, a.Name+`="`...)
		w.b = appendEscaped(w.b, a.Value, true)
		w.b = append(w.b, '"')
	}
}

// metaAttrWritable reports whether a can be written on x:xmpmeta: a
// name, and not a namespace declaration or x:xmptk (Doc.Toolkit).
func metaAttrWritable(a Attr) bool {
	if !validNCName(a.Name) || a.NS == "xmlns" || (a.NS == "" && a.Name == "xmlns") {
		return false
	}
	return !(a.NS == NSx && (a.Name == "xmptk" || a.Name == "xaptk"))
}

// xmlAttrs writes xml:lang and xml:base when they are set.
func (w *writer) xmlAttrs(lang, base string) {
	if lang != "" {
		w.b = append(w.b, ` xml:lang="`...)
		w.b = appendEscaped(w.b, lang, true)
		w.b = append(w.b, '"')
	}
	if base != "" {
		w.b = append(w.b, ` xml:base="`...)
		w.b = appendEscaped(w.b, base, true)
		w.b = append(w.b, '"')
	}
}

// writable reports whether n can be written as a named property, field or
// qualifier.
func writable(n *Node) bool {
	return n != nil && propertyName(n.NS, n.Name) && validNCName(n.Name)
}

// walk calls f for n and every node under it that Encode writes.
func walk(n *Node, named bool, f func(*Node)) {
	if n == nil || (named && !writable(n)) {
		return
	}
	f(n)
	for _, q := range n.Quals {
		walk(q, true, f)
	}
	switch n.Kind {
	case KindStruct:
		for _, fl := range n.Fields {
			walk(fl, true, f)
		}
	case KindSeq, KindBag, KindAlt:
		for _, it := range n.Items {
			walk(it, false, f)
		}
	}
}

// assignPrefixes maps every namespace Encode will write to its prefix:
// well-known namespaces first get theirs, then other namespaces the prefix
// Doc.Prefixes gives them when it is free, then the rest ns1, ns2… in
// order of first use.
func assignPrefixes(d *Doc) map[string]string {
	out := map[string]string{NSrdf: "rdf", NSx: "x"}
	taken := map[string]bool{}
	for _, p := range wellKnown {
		taken[p] = true
	}
	var used []string
	seen := map[string]bool{}
	for _, a := range d.Attrs {
		if metaAttrWritable(a) && a.NS != "" && a.NS != NSxml && !seen[a.NS] {
			seen[a.NS] = true
			used = append(used, a.NS)
		}
	}
	for _, p := range d.Props {
		walk(p, true, func(n *Node) {
			if n.NS != "" && !seen[n.NS] {
				seen[n.NS] = true
				used = append(used, n.NS)
			}
		})
	}
	var rest []string
	for _, uri := range used {
		if _, done := out[uri]; done {
			continue
		}
		if p, ok := wellKnown[uri]; ok {
			out[uri] = p
			continue
		}
		p := d.Prefixes[uri]
		if p == "" || taken[p] || !validNCName(p) || reservedPrefix(p) {
			rest = append(rest, uri)
			continue
		}
		taken[p] = true
		out[uri] = p
	}
	next := 1
	for _, uri := range rest {
		p := "ns" + strconv.Itoa(next)
		for taken[p] {
			next++
			p = "ns" + strconv.Itoa(next)
		}
		next++
		taken[p] = true
		out[uri] = p
	}
	return out
}

// reservedPrefix reports whether XML reserves p (names starting "xml" in
// any case).
func reservedPrefix(p string) bool {
	return len(p) >= 3 && strings.EqualFold(p[:3], "xml")
}

type writer struct {
	b      []byte
	prefix map[string]string
}

func (w *writer) name(n *Node) string { return w.prefix[n.NS] + ":" + n.Name }

func (w *writer) indent(level int) {
	for range level {
		w.b = append(w.b, ' ')
	}
}

// prop writes n as the element tag at the given indentation.
func (w *writer) prop(n *Node, level int, tag string) {
	w.indent(level)
	w.b = append(w.b, '<')
	w.b = append(w.b, tag...)
	quals := 0
	for _, q := range n.Quals {
		if writable(q) {
			quals++
		}
	}
	if quals == 0 {
		w.xmlAttrs(n.Lang, n.Base)
		w.body(n, level, tag)
		return
	}
	// The value's xml:lang goes on rdf:value, where the qualifiers do not
	// inherit it (Adobe's toolkit writes it there).
	w.xmlAttrs("", n.Base)
	w.b = append(w.b, " rdf:parseType=\"Resource\">\n"...)
	w.indent(level + 1)
	w.b = append(w.b, "<rdf:value"...)
	w.xmlAttrs(n.Lang, "")
	w.body(n, level+1, "rdf:value")
	for _, q := range n.Quals {
		if writable(q) {
			w.prop(q, level+1, w.name(q))
		}
	}
	w.close(level, tag)
}

func (w *writer) close(level int, tag string) {
	w.indent(level)
	w.b = append(w.b, "</"...)
	w.b = append(w.b, tag...)
	w.b = append(w.b, ">\n"...)
}

// body finishes the start tag already written up to its attributes and
// writes n's value and the end tag.
func (w *writer) body(n *Node, level int, tag string) {
	switch n.Kind {
	case KindStruct:
		if attrs, all := attrRun(n.Fields); attrs > 0 {
			w.attrStruct(n, level, tag, attrs < all)
			return
		}
		first := true
		for _, f := range n.Fields {
			if !writable(f) {
				continue
			}
			if first {
				w.b = append(w.b, " rdf:parseType=\"Resource\">\n"...)
				first = false
			}
			w.prop(f, level+1, w.name(f))
		}
		if first {
			w.b = append(w.b, " rdf:parseType=\"Resource\"/>\n"...)
			return
		}
		w.close(level, tag)
	case KindSeq, KindBag, KindAlt:
		c := "rdf:" + map[Kind]string{KindSeq: "Seq", KindBag: "Bag", KindAlt: "Alt"}[n.Kind]
		w.b = append(w.b, ">\n"...)
		w.indent(level + 1)
		w.b = append(w.b, '<')
		w.b = append(w.b, c...)
		items := n.Items
		if n.Kind == KindAlt {
			items = defaultFirst(items)
		}
		first := true
		for _, it := range items {
			if it == nil {
				continue
			}
			if first {
				w.b = append(w.b, ">\n"...)
				first = false
			}
			w.prop(it, level+2, "rdf:li")
		}
		if first {
			w.b = append(w.b, "/>\n"...)
		} else {
			w.close(level+1, c)
		}
		w.close(level, tag)
	default:
		if n.URI {
			w.b = append(w.b, ` rdf:resource="`...)
			w.b = appendEscaped(w.b, n.Value, true)
			w.b = append(w.b, "\"/>\n"...)
			return
		}
		if n.Datatype != "" {
			w.b = append(w.b, ` rdf:datatype="`...)
			w.b = appendEscaped(w.b, n.Datatype, true)
			w.b = append(w.b, '"')
		}
		w.b = append(w.b, '>')
		w.b = appendEscaped(w.b, n.Value, false)
		w.b = append(w.b, "</"...)
		w.b = append(w.b, tag...)
		w.b = append(w.b, ">\n"...)
	}
}

// attrStruct writes a struct whose first fields were read as attributes
// the way the tools that write them do: as an empty element with the
// fields as attributes, or, when other fields follow (mixed), as a nested
// rdf:Description with the attributes and then the other fields.
func (w *writer) attrStruct(n *Node, level int, tag string, mixed bool) {
	if mixed {
		w.b = append(w.b, ">\n"...)
		w.indent(level + 1)
		w.b = append(w.b, "<rdf:Description"...)
	}
	rest := n.Fields
	for len(rest) > 0 {
		f := rest[0]
		if writable(f) {
			if !f.AsAttr || !attrForm(f) {
				break
			}
			w.attr(f, level+3)
		}
		rest = rest[1:]
	}
	if !mixed {
		w.b = append(w.b, "/>\n"...)
		return
	}
	w.b = append(w.b, ">\n"...)
	for _, f := range rest {
		if writable(f) {
			w.prop(f, level+2, w.name(f))
		}
	}
	w.close(level+1, "rdf:Description")
	w.close(level, tag)
}

// defaultFirst returns items with the first x-default item moved first.
func defaultFirst(items []*Node) []*Node {
	for i, it := range items {
		if it != nil && isDefaultLang(it.Lang) {
			if i == 0 {
				return items
			}
			out := make([]*Node, 0, len(items))
			out = append(out, it)
			out = append(out, items[:i]...)
			return append(out, items[i+1:]...)
		}
	}
	return items
}

// appendEscaped appends s as XML text (or an attribute value), following
// the policy in Encode's comment.
func appendEscaped(b []byte, s string, attr bool) []byte {
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, "\uFFFD"...)
			i++
			continue
		}
		i += size
		switch r {
		case '&':
			b = append(b, "&amp;"...)
		case '<':
			b = append(b, "&lt;"...)
		case '>':
			b = append(b, "&gt;"...)
		case '\r':
			b = append(b, "&#xD;"...)
		case '"':
			if attr {
				b = append(b, "&quot;"...)
			} else {
				b = append(b, '"')
			}
		case '\'':
			if attr {
				b = append(b, "&apos;"...)
			} else {
				b = append(b, '\'')
			}
		case '\n':
			if attr {
				b = append(b, "&#xA;"...)
			} else {
				b = append(b, '\n')
			}
		case '\t':
			if attr {
				b = append(b, "&#x9;"...)
			} else {
				b = append(b, '\t')
			}
		default:
			if xmlChar(r) {
				b = utf8.AppendRune(b, r)
			}
		}
	}
	return b
}

// Clean returns s as the encoder writes it and a parser reads it back:
// the characters XML 1.0 forbids in a document dropped (s itself when it
// has none).
func Clean(s string) string {
	bad := func(r rune) bool { return !IsChar(r) }
	if strings.IndexFunc(s, bad) < 0 {
		return s
	}
	return strings.Map(func(r rune) rune {
		if bad(r) {
			return -1
		}
		return r
	}, s)
}

// IsChar reports whether XML 1.0 allows r in a document (its Char
// production): what Clean keeps and what a writer of XMP text may put in.
func IsChar(r rune) bool { return r == '\t' || r == '\n' || r == '\r' || xmlChar(r) }

// xmlChar is IsChar without tab, LF and CR, for the callers that handle
// those three themselves.
func xmlChar(r rune) bool {
	return r >= 0x20 && r <= 0xD7FF || r >= 0xE000 && r <= 0xFFFD || r >= 0x10000 && r <= 0x10FFFF
}

// validNCName reports whether s is an XML name without a colon (XML 1.0
// fifth edition NameStartChar / NameChar, which accept every name the
// older tables of encoding/xml accept).
func validNCName(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		if !nameStart(r) && (i == 0 || !nameChar(r)) {
			return false
		}
	}
	return true
}

func nameStart(r rune) bool {
	switch {
	case r < 0x80:
		return r == '_' || 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z'
	case r >= 0xC0 && r <= 0xD6, r >= 0xD8 && r <= 0xF6, r >= 0xF8 && r <= 0x2FF,
		r >= 0x370 && r <= 0x37D, r >= 0x37F && r <= 0x1FFF, r >= 0x200C && r <= 0x200D,
		r >= 0x2070 && r <= 0x218F, r >= 0x2C00 && r <= 0x2FEF, r >= 0x3001 && r <= 0xD7FF,
		r >= 0xF900 && r <= 0xFDCF, r >= 0xFDF0 && r <= 0xFFFD, r >= 0x10000 && r <= 0xEFFFF:
		return true
	}
	return false
}

func nameChar(r rune) bool {
	return r == '-' || r == '.' || '0' <= r && r <= '9' || r == 0xB7 ||
		r >= 0x300 && r <= 0x36F || r >= 0x203F && r <= 0x2040
}
