// Package xmp holds an XMP packet as a lossless tree of properties, parses
// it from the RDF/XML forms the photo tools write (element form, attribute
// form, UTF-8 and UTF-16) and writes it back deterministically.
//
// The tree keeps every namespace, property, struct, array, language
// alternative and qualifier it read, and which simple values were
// attributes (Node.AsAttr), so a sidecar can be changed property by
// property and written back without losing what other tools put there or
// the compact form they wrote it in. The
// package imports only the standard library; metadata and sidecar both use
// it.
package xmp

import "strings"

// Namespace URIs, exactly as the XMP and IPTC specifications spell them.
const (
	NSx            = "adobe:ns:meta/"
	NSrdf          = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"
	NSxml          = "http://www.w3.org/XML/1998/namespace"
	NSdc           = "http://purl.org/dc/elements/1.1/"
	NSphotoshop    = "http://ns.adobe.com/photoshop/1.0/"
	NSIptc4xmpCore = "http://iptc.org/std/Iptc4xmpCore/1.0/xmlns/"
	NSIptc4xmpExt  = "http://iptc.org/std/Iptc4xmpExt/2008-02-29/"
	NSxmp          = "http://ns.adobe.com/xap/1.0/"
	NSxmpRights    = "http://ns.adobe.com/xap/1.0/rights/"
	NSxmpMM        = "http://ns.adobe.com/xap/1.0/mm/"
	NSxmpNote      = "http://ns.adobe.com/xmp/note/"
	NSexif         = "http://ns.adobe.com/exif/1.0/"
	NSexifEX       = "http://cipa.jp/exif/1.0/"
	NStiff         = "http://ns.adobe.com/tiff/1.0/"
	NSaux          = "http://ns.adobe.com/exif/1.0/aux/"
	NScrs          = "http://ns.adobe.com/camera-raw-settings/1.0/"
	NSlr           = "http://ns.adobe.com/lightroom/1.0/"
	NSplus         = "http://ns.useplus.org/ldf/xmp/1.0/"
	NSdarktable    = "http://darktable.sf.net/"
	NSdigiKam      = "http://www.digikam.org/ns/1.0/"
	// NScaptag is captag's own namespace: the mark of a caption captag
	// wrote (captag:PairedBy, captag:Caption), so that a later run knows
	// the caption for its own and never takes it as evidence of a pair.
	NScaptag = "https://github.com/captag/captag/ns/1.0/"
)

// wellKnown gives the prefix Encode always uses for a namespace, whatever
// prefix the input used (the old "xap" becomes "xmp", for example). The
// prefixes are those of the XMP specification and ExifTool's table.
var wellKnown = map[string]string{
	NSx:                                 "x",
	NSrdf:                               "rdf",
	NSdc:                                "dc",
	NSphotoshop:                         "photoshop",
	NSIptc4xmpCore:                      "Iptc4xmpCore",
	NSIptc4xmpExt:                       "Iptc4xmpExt",
	NSxmp:                               "xmp",
	NSxmpRights:                         "xmpRights",
	NSxmpMM:                             "xmpMM",
	NSxmpNote:                           "xmpNote",
	NSexif:                              "exif",
	NSexifEX:                            "exifEX",
	NStiff:                              "tiff",
	NSaux:                               "aux",
	NScrs:                               "crs",
	NSlr:                                "lr",
	NSplus:                              "plus",
	NSdarktable:                         "darktable",
	NSdigiKam:                           "digiKam",
	NScaptag:                            "captag",
	"http://ns.adobe.com/xap/1.0/bj/":   "xmpBJ",
	"http://ns.adobe.com/xap/1.0/t/pg/": "xmpTPg",
	"http://ns.adobe.com/xmp/1.0/DynamicMedia/":             "xmpDM",
	"http://ns.adobe.com/xmp/Identifier/qual/1.0/":          "xmpidq",
	"http://ns.adobe.com/pdf/1.3/":                          "pdf",
	"http://ns.adobe.com/xap/1.0/sType/ResourceRef#":        "stRef",
	"http://ns.adobe.com/xap/1.0/sType/ResourceEvent#":      "stEvt",
	"http://ns.adobe.com/xap/1.0/sType/Dimensions#":         "stDim",
	"http://ns.adobe.com/xmp/sType/Area#":                   "stArea",
	"http://www.metadataworkinggroup.com/schemas/regions/":  "mwg-rs",
	"http://www.metadataworkinggroup.com/schemas/keywords/": "mwg-kw",
}

// Kind is the shape of a Node's value. The constants carry a Kind prefix so
// that the constructor functions Simple, SeqOf, BagOf and LangAlt keep the
// short names.
type Kind uint8

const (
	KindSimple Kind = iota // a text value (or a URI, see Node.URI)
	KindStruct             // named fields
	KindSeq                // ordered array
	KindBag                // unordered array
	KindAlt                // alternatives; a language alternative when its items carry xml:lang
)

func (k Kind) String() string {
	switch k {
	case KindSimple:
		return "simple"
	case KindStruct:
		return "struct"
	case KindSeq:
		return "rdf:Seq"
	case KindBag:
		return "rdf:Bag"
	case KindAlt:
		return "rdf:Alt"
	}
	return "kind(?)"
}

// Node is one property, struct field, qualifier or array item.
type Node struct {
	NS, Name string  // property / field name as (namespace URI, local name); empty for array items
	Kind     Kind    // shape of the value
	Value    string  // Simple only
	Lang     string  // xml:lang qualifier, if any
	Quals    []*Node // other qualifiers (rdf:value form), in document order
	Items    []*Node // Seq, Bag, Alt items
	Fields   []*Node // Struct fields, in document order
	URI      bool    // Simple value given as rdf:resource
	Datatype string  // rdf:datatype of a Simple text value, if any
	Base     string  // xml:base written on this node's element, if any

	// AsAttr records that Parse read this simple value as an attribute:
	// a top-level property of its rdf:Description, or a field of a struct
	// written as an empty element with property attributes (or as a
	// nested rdf:Description). Encode writes such a node back as an
	// attribute when it can (see Encode); it is form, not value: merging
	// code compares values without it.
	AsAttr bool

	// InLang and InBase are, for a top-level property, the xml:lang and
	// xml:base in scope from the rdf:Description (and rdf:RDF) that held
	// it: the node inherits them. Encode writes properties with other
	// scopes in separate rdf:Description elements.
	InLang, InBase string
}

// ItemCount is how many items the array n, a property of d, held in the
// packet: len(Items), and the items ParsePropsMax counted without keeping
// them.
func (d *Doc) ItemCount(n *Node) int {
	if n == nil {
		return 0
	}
	return len(n.Items) + d.dropped[n]
}

// Attr is an attribute Parse keeps verbatim (on x:xmpmeta).
type Attr struct {
	NS, Name, Value string // namespace URI ("" for none), local name, value
}

// Doc is a parsed XMP packet.
type Doc struct {
	Props    []*Node           // top-level properties in document order (all rdf:Description blocks flattened; a property given twice is there twice)
	Prefixes map[string]string // namespace URI → prefix as seen in the input (used for unknown namespaces)
	Toolkit  string            // x:xmptk, if any
	About    string            // rdf:about value
	Attrs    []Attr            // other attributes of x:xmpmeta (xml:lang, xml:base, foreign ones), in document order

	// Lossy names what the packet holds that Encode cannot write back
	// (an attribute RDF gives no place in the tree, such as rdf:ID, two
	// rdf:about values, an element other than rdf:RDF in x:xmpmeta). A
	// reader may ignore it; a writer that must keep everything must not
	// rewrite such a packet. At most maxLossy reasons are kept.
	Lossy []string

	// slab, when set, gives the Nodes fill makes (a streamed read's
	// scratch Doc, see ParseProps); it is never set on a Doc returned.
	slab *nodeSlab
	// dropped counts, for a property of ParsePropsMax's Doc, the items it
	// read and checked but did not keep (see ItemCount); nil when none.
	dropped map[*Node]int
	// arena, when set, gives them instead: a Doc only checked and then
	// dropped (a property a streamed read does not want).
	arena *nodeArena
}

// nodeArena hands out Nodes from arrays kept between uses: reset takes
// them all back. Only for Nodes that are dropped before the reset.
type nodeArena struct {
	blocks [][]Node
	b, i   int // the next Node is blocks[b][i]
}

// nodeArenaBlock is how many Nodes an arena allocates at a time.
const nodeArenaBlock = 16

func (a *nodeArena) node() *Node {
	if a.b < len(a.blocks) && a.i == len(a.blocks[a.b]) {
		a.b, a.i = a.b+1, 0
	}
	if a.b == len(a.blocks) {
		a.blocks = append(a.blocks, make([]Node, nodeArenaBlock))
	}
	n := &a.blocks[a.b][a.i]
	a.i++
	return n
}

// reset clears the Nodes handed out, to be handed out again.
func (a *nodeArena) reset() {
	for b := 0; b < a.b && b < len(a.blocks); b++ {
		clear(a.blocks[b])
	}
	if a.b < len(a.blocks) {
		clear(a.blocks[a.b][:a.i])
	}
	a.b, a.i = 0, 0
}

// size is how many Nodes a holds.
func (a *nodeArena) size() int { return len(a.blocks) * nodeArenaBlock }

// nodeSlab hands out Nodes from arrays allocated a few at a time, so that
// a packet's dozen properties cost an allocation or two rather than one
// each. A Node keeps its array alive: only short-lived Docs use one.
type nodeSlab struct {
	free []Node
	next int // length of the next array: 4, 8, 16… (a wire packet's dozen in two), at most 64
}

// node returns a zero Node from the slab.
func (s *nodeSlab) node() *Node {
	if len(s.free) == 0 {
		s.next = min(max(2*s.next, 4), 64)
		s.free = make([]Node, s.next)
	}
	n := &s.free[0]
	s.free = s.free[1:]
	return n
}

// newNode returns a zero Node, from d's slab when it has one.
func (d *Doc) newNode() *Node {
	if d.arena != nil {
		return d.arena.node()
	}
	if d.slab != nil {
		return d.slab.node()
	}
	return &Node{}
}

// maxLossy caps Doc.Lossy.
const maxLossy = 4

// lose records a reason in d.Lossy.
func (d *Doc) lose(why string) {
	if len(d.Lossy) < maxLossy {
		d.Lossy = append(d.Lossy, why)
	}
}

// Get returns the top-level property (ns, name), or nil. When a packet
// gives a property twice, Get returns the last one (readers take the last
// value, as Adobe's toolkit does).
func (d *Doc) Get(ns, name string) *Node {
	if d == nil {
		return nil
	}
	for i := len(d.Props) - 1; i >= 0; i-- {
		if p := d.Props[i]; p.NS == ns && p.Name == name {
			return p
		}
	}
	return nil
}

// Set replaces the top-level property with n's (NS, Name) in place, or
// appends n when there is none.
func (d *Doc) Set(n *Node) {
	for i, p := range d.Props {
		if p.NS == n.NS && p.Name == n.Name {
			d.Props[i] = n
			// Drop later duplicates so that Get and Encode agree.
			out := d.Props[:i+1]
			for _, q := range d.Props[i+1:] {
				if q.NS != n.NS || q.Name != n.Name {
					out = append(out, q)
				}
			}
			clear(d.Props[len(out):])
			d.Props = out
			return
		}
	}
	d.Props = append(d.Props, n)
}

// Text returns n's value as one string: a Simple node's value, an Alt's
// x-default item (else its first item), a Seq's or Bag's first item. It
// returns "" for a nil node, a Struct, or an empty array.
func (n *Node) Text() string {
	if n == nil {
		return ""
	}
	switch n.Kind {
	case KindSimple:
		return n.Value
	case KindAlt:
		if it := n.defaultItem(); it != nil {
			return it.Text()
		}
	case KindSeq, KindBag:
		if len(n.Items) > 0 {
			return n.Items[0].Text()
		}
	}
	return ""
}

// Texts returns n's values as a list: a Seq's or Bag's items (each by
// Text), a Simple node's value, an Alt's x-default (else first) item. It
// returns nil for a nil node or a Struct.
func (n *Node) Texts() []string {
	if n == nil {
		return nil
	}
	switch n.Kind {
	case KindSimple:
		return []string{n.Value}
	case KindAlt:
		if it := n.defaultItem(); it != nil {
			return []string{it.Text()}
		}
	case KindSeq, KindBag:
		out := make([]string, 0, len(n.Items))
		for _, it := range n.Items {
			out = append(out, it.Text())
		}
		return out
	}
	return nil
}

// defaultItem is an Alt's x-default item, else its first, else nil.
func (n *Node) defaultItem() *Node {
	for _, it := range n.Items {
		if isDefaultLang(it.Lang) {
			return it
		}
	}
	if len(n.Items) > 0 {
		return n.Items[0]
	}
	return nil
}

func isDefaultLang(l string) bool { return strings.EqualFold(l, "x-default") }

// Field returns the struct field (ns, name) of n, or nil.
func (n *Node) Field(ns, name string) *Node {
	if n == nil {
		return nil
	}
	for _, f := range n.Fields {
		if f.NS == ns && f.Name == name {
			return f
		}
	}
	return nil
}

// Simple returns a simple text property.
func Simple(ns, name, value string) *Node {
	return &Node{NS: ns, Name: name, Kind: KindSimple, Value: value}
}

// LangAlt returns a language alternative with one x-default item.
func LangAlt(ns, name, text string) *Node {
	return &Node{NS: ns, Name: name, Kind: KindAlt, Items: []*Node{{Kind: KindSimple, Value: text, Lang: "x-default"}}}
}

// SeqOf returns an ordered array of simple items.
func SeqOf(ns, name string, items ...string) *Node { return arrayOf(ns, name, KindSeq, items) }

// BagOf returns an unordered array of simple items.
func BagOf(ns, name string, items ...string) *Node { return arrayOf(ns, name, KindBag, items) }

func arrayOf(ns, name string, k Kind, items []string) *Node {
	n := &Node{NS: ns, Name: name, Kind: k}
	for _, s := range items {
		n.Items = append(n.Items, &Node{Kind: KindSimple, Value: s})
	}
	return n
}
