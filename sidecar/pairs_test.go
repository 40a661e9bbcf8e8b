package sidecar

import (
	"bytes"
	"encoding/xml"
	"errors"
	"io"
	"net/url"
	"strings"

	"github.com/captag/captag/metadata/xmp"
)

// This file reads a sidecar a second way, independent of package xmp and
// of Merge: encoding/xml builds the element tree and a small RDF/XML
// reader lists every value as a pair. FuzzMerge and the form tests check
// with it that Merge keeps every pair that captag does not set.

// pair is one value of an XMP packet as RDF reads it.
type pair struct {
	path     string // sep+"{ns}Prop"+sep+"{ns}Field"; array items and rdf:value add no step; "@…" for packet attributes
	value    string // the literal, or the resource's URI as written
	lang     string // xml:lang in force ("" when none)
	datatype string // rdf:datatype of a literal
	base     string // xml:base in force, for a resource
	uri      bool
}

// sep separates the steps of a pair's path (XML text cannot hold it).
const sep = "\x00"

const rdfNS = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"
const xmlNS = "http://www.w3.org/XML/1998/namespace"

type xel struct {
	name  xml.Name
	attrs []xml.Attr
	kids  []*xel
	text  strings.Builder
}

// readPairs lists the values of the packet b (UTF-8 only).
func readPairs(b []byte) ([]pair, error) {
	dec := xml.NewDecoder(bytes.NewReader(b))
	var root *xel
	var stack []*xel
	for {
		tok, err := dec.Token()
		if err != nil {
			if err == io.EOF {
				break
			}
			return nil, err
		}
		switch t := tok.(type) {
		case xml.StartElement:
			e := &xel{name: t.Name}
			for _, a := range t.Attr {
				if a.Name.Space == "xmlns" || (a.Name.Space == "" && a.Name.Local == "xmlns") {
					continue
				}
				e.attrs = append(e.attrs, a)
			}
			if len(stack) > 0 {
				top := stack[len(stack)-1]
				top.kids = append(top.kids, e)
			} else if root == nil {
				root = e
			}
			stack = append(stack, e)
		case xml.EndElement:
			stack = stack[:len(stack)-1]
		case xml.CharData:
			if len(stack) > 0 {
				stack[len(stack)-1].text.Write(t)
			}
		}
	}
	if root == nil {
		return nil, errors.New("no root element")
	}
	r := &pairReader{}
	sc := scope{}
	rdfs := []*xel{root}
	if root.name.Local == "xmpmeta" || root.name.Local == "xapmeta" {
		sc = sc.under(root)
		for _, a := range root.attrs {
			if a.Name.Space != xmlNS {
				r.add("@xmpmeta"+sep+"{"+a.Name.Space+"}"+a.Name.Local, a.Value, sc, false, "")
			}
		}
		rdfs = root.kids
	}
	for _, rd := range rdfs {
		if rd.name.Space != rdfNS || rd.name.Local != "RDF" {
			continue
		}
		rs := sc.under(rd)
		for _, d := range rd.kids {
			r.node(d, "", rs)
		}
	}
	return r.pairs, nil
}

// scope is the xml:lang and xml:base in force.
type scope struct{ lang, base string }

func (s scope) under(e *xel) scope {
	for _, a := range e.attrs {
		if a.Name.Space != xmlNS {
			continue
		}
		switch a.Name.Local {
		case "lang":
			s.lang = a.Value
		case "base":
			if u, err := url.Parse(s.base); err == nil && s.base != "" {
				if v, err := url.Parse(a.Value); err == nil {
					s.base = u.ResolveReference(v).String()
					continue
				}
			}
			s.base = a.Value
		}
	}
	return s
}

type pairReader struct{ pairs []pair }

func (r *pairReader) add(path, value string, sc scope, uri bool, datatype string) {
	p := pair{path: path, value: value, lang: sc.lang, datatype: datatype, uri: uri}
	if uri {
		p.base = sc.base
	}
	r.pairs = append(r.pairs, p)
}

func attrName(n xml.Name) string { return "{" + n.Space + "}" + n.Local }

// propAttr reports whether a names a property (not RDF syntax, xml: or an
// unqualified attribute).
func propAttr(n xml.Name) bool {
	if n.Space == "" || n.Space == xmlNS {
		return false
	}
	if n.Space == rdfNS {
		switch n.Local {
		case "about", "ID", "nodeID", "parseType", "resource", "datatype", "value", "bagID", "li":
			return false
		}
	}
	return true
}

func rdfAttr(e *xel, local string) (string, bool) {
	for _, a := range e.attrs {
		if a.Name.Space == rdfNS && a.Name.Local == local {
			return a.Value, true
		}
	}
	return "", false
}

// node reads a node element (rdf:Description, rdf:Bag/Seq/Alt) whose
// values belong under path.
func (r *pairReader) node(e *xel, path string, sc scope) {
	sc = sc.under(e)
	if e.name.Space == rdfNS && (e.name.Local == "Bag" || e.name.Local == "Seq" || e.name.Local == "Alt") {
		for _, li := range e.kids {
			r.prop(li, path, sc)
		}
		return
	}
	if path == "" {
		for _, a := range e.attrs {
			if (a.Name.Space == rdfNS || a.Name.Space == "") && a.Name.Local == "about" && a.Value != "" {
				r.add("@about", a.Value, scope{}, false, "")
			}
		}
	}
	r.content(e, path, sc)
}

// content reads the property attributes and property elements of e.
func (r *pairReader) content(e *xel, path string, sc scope) {
	for _, a := range e.attrs {
		if propAttr(a.Name) {
			r.add(path+sep+attrName(a.Name), a.Value, sc, false, "")
		}
	}
	if v, ok := rdfAttr(e, "value"); ok {
		r.add(path, v, sc, false, "")
	}
	for _, k := range e.kids {
		if k.name.Space == rdfNS && k.name.Local == "value" {
			r.prop(k, path, sc)
			continue
		}
		r.prop(k, path+sep+attrName(k.name), sc)
	}
}

// prop reads a property element (or rdf:li, rdf:value) whose value is at
// path.
func (r *pairReader) prop(e *xel, path string, sc scope) {
	sc = sc.under(e)
	if pt, ok := rdfAttr(e, "parseType"); ok && pt == "Resource" {
		if len(e.kids) == 1 && e.kids[0].name.Space == rdfNS && strings.TrimSpace(e.text.String()) == "" {
			switch e.kids[0].name.Local {
			case "Bag", "Seq", "Alt":
				// Not RDF, but written by Frameright: exiftool reads
				// the array it holds, so do we.
				r.node(e.kids[0], path, sc)
				return
			}
		}
		r.content(e, path, sc)
		return
	}
	if len(e.kids) > 0 {
		for _, k := range e.kids {
			r.node(k, path, sc)
		}
		return
	}
	if res, ok := rdfAttr(e, "resource"); ok {
		r.add(path, res, sc, true, "")
		r.content(e, path, sc)
		return
	}
	hasProps := false
	for _, a := range e.attrs {
		if propAttr(a.Name) {
			hasProps = true
		}
	}
	if _, ok := rdfAttr(e, "value"); ok || hasProps {
		r.content(e, path, sc)
		return
	}
	dt, _ := rdfAttr(e, "datatype")
	r.add(path, e.text.String(), sc, false, dt)
}

// lostPairs returns the pairs of before that are not in after and that
// Merge may not drop when it writes want (captag's properties for the
// record): every value of a property captag does not write; all of
// dc:subject (keywords are only added); of LocationCreated all but the
// four fields captag sets; of a language alternative all but the
// x-default item, the items that held its text and values without a
// language; x:xmptk (or the old x:xaptk) aside (Options.Toolkit). A blank value of a property
// captag writes is no value and may go.
func lostPairs(before, after []pair, want []*xmp.Node) []pair {
	have := make(map[pair]bool, len(after))
	for _, p := range after {
		have[p] = true
	}
	set := map[string]*xmp.Node{}
	for _, w := range want {
		set[sep+"{"+w.NS+"}"+w.Name] = w
	}
	top := func(path string) string {
		if i := strings.Index(path[1:], sep); i >= 0 {
			return path[:i+1]
		}
		return path
	}
	defaults := map[string]map[string]bool{} // property → its x-default texts
	for _, p := range before {
		if strings.EqualFold(p.lang, "x-default") {
			t := top(p.path)
			if defaults[t] == nil {
				defaults[t] = map[string]bool{}
			}
			defaults[t][p.value] = true
		}
	}
	var lost []pair
	for _, p := range before {
		if have[p] || p.path == "@xmpmeta"+sep+"{adobe:ns:meta/}xmptk" || p.path == "@xmpmeta"+sep+"{adobe:ns:meta/}xaptk" {
			continue
		}
		t := top(p.path)
		w := set[t]
		switch {
		case w == nil:
		case strings.TrimSpace(p.value) == "" && !p.uri:
			continue
		case w.NS == xmp.NSdc && w.Name == "subject":
		case w.NS == xmp.NSIptc4xmpExt && w.Name == "LocationCreated":
			for _, f := range ownedLocation {
				if strings.HasSuffix(p.path, sep+"{"+xmp.NSIptc4xmpExt+"}"+f.Location()) {
					w = nil
				}
			}
			if w == nil {
				continue
			}
		case w.Kind == xmp.KindAlt:
			if p.lang == "" || strings.EqualFold(p.lang, "x-default") || defaults[t][p.value] {
				continue
			}
		default:
			continue
		}
		lost = append(lost, p)
	}
	return lost
}
