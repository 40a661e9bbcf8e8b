package xmp

import "errors"

// This file holds ParseProps, the reader behind the metadata stores: it
// wants a few top-level properties of a packet and nothing else. For the
// shape nearly every writer uses (x:xmpmeta, rdf:RDF, rdf:Description) it
// reads each property element's subtree with the same tree reader and the
// same fill as Parse as soon as the element ends, makes a Node only for the
// properties wanted (the others are only checked, and only when they have
// structure), and reuses the subtree's elements for the next property.
// Any other shape, and any error, is left to Parse, whose result is then
// filtered: both ways give the same Doc.

// ParseProps is Parse keeping only the top-level properties for which
// want(ns, name) reports true: the Doc it returns is the one Parse returns
// with the other properties dropped from Props (Prefixes, Toolkit and
// About are kept), and the error is Parse's.
func ParseProps(b []byte, want func(ns, name string) bool) (*Doc, error) {
	return ParsePropsMax(b, want, 0)
}

// ParsePropsMax is ParseProps keeping at most maxItems items (0: all) of
// each wanted property that is an rdf:Bag or rdf:Seq of simple values: the
// items past them are read and checked as Parse checks them, then only
// counted, and the Doc's ItemCount says how many there were. An
// array with an item past maxItems that is not a simple value, or with
// attributes of its own, is kept whole.
func ParsePropsMax(b []byte, want func(ns, name string) bool, maxItems int) (*Doc, error) {
	return ParsePropsCharged(b, want, maxItems, nil)
}

// Charge is what a read takes from a memory budget as it goes
// (ParsePropsCharged): a streamed read takes its bytes before it holds
// them, in steps of at least chargeAhead, for each element and attribute
// it keeps (Elem and Attr bytes each, all told: the reader's element, the
// Node, its slots in the arrays that hold it) and for the text it copies
// (a byte each: values, attribute values, a packet turned from UTF-16); the
// items past maxItems that it only counts take nothing. A read that falls
// back to Parse's whole tree takes Tree first, less what it took.
type Charge struct {
	Elem, Attr int64
	// To is what the bytes are taken from.
	To Taker
	// Tree is what reading packet as a whole tree holds at most.
	Tree func(packet []byte) int64
}

// Taker is a memory budget a read takes bytes from: Take takes n more
// bytes, and false refuses them (the read then stops with ErrCharge).
type Taker interface{ Take(n int64) bool }

// ErrCharge is the error of a read whose Charge refused what it needed.
var ErrCharge = errors.New("xmp: the read's memory charge was refused")

// chargeAhead is the least a streamed read takes from its Charge at once:
// an ordinary packet (a few kilobytes, a few dozen elements) takes it
// once or twice.
const chargeAhead = 32 << 10 // bytes

// ParsePropsCharged is ParsePropsMax taking from c (nil: nothing) what the
// read holds as it reads (see Charge). A refused take stops the read:
// the error is then ErrCharge and the Doc nil.
func ParsePropsCharged(b []byte, want func(ns, name string) bool, maxItems int, c *Charge) (*Doc, error) {
	text, err := packetText(b)
	if err != nil {
		return nil, err
	}
	t := getTree()
	defer putTree(t)
	// The tree's own streamDoc, so that it is not allocated for each
	// packet; cleared at the end, so that the tree keeps no Doc.
	st := &t.streamBuf
	*st = streamDoc{d: &Doc{}, want: want, maxItems: maxItems}
	if c != nil {
		st.charge, st.charged = *c, true
	}
	defer func() { *st = streamDoc{} }()
	if converted(b, text) {
		st.take(int64(len(text)))
	}
	t.stream = st
	t.sc.reset(text)
	_, prefixes, err := t.read(&t.sc)
	t.stream = nil
	switch {
	case st.refused:
		return nil, ErrCharge
	case err == nil:
		st.d.Prefixes = prefixes
		return st.d, nil
	}
	// Another shape, or an error: Parse's way gives the result or the error.
	if c != nil {
		if more := c.Tree(b) - st.taken; more > 0 && !c.To.Take(more) {
			return nil, ErrCharge
		}
	}
	return parseWhole(t, text, want)
}

// converted reports whether text, the UTF-8 of packet b, is a copy (the
// packet was UTF-16) rather than b or b after its byte-order mark.
func converted(b, text []byte) bool {
	if len(text) == 0 {
		return false
	}
	return &text[0] != &b[0] && (len(b) <= 3 || &text[0] != &b[3])
}

// parseWhole reads text as Parse does, with t, and keeps the
// properties want takes.
func parseWhole(t *treeReader, text []byte, want func(ns, name string) bool) (*Doc, error) {
	t.sc.reset(text)
	root, prefixes, err := t.read(&t.sc)
	if err != nil {
		return nil, err
	}
	d := &Doc{Prefixes: prefixes}
	if err := d.fromRoot(root); err != nil {
		return nil, err
	}
	kept := d.Props[:0]
	for _, p := range d.Props {
		if want(p.NS, p.Name) {
			kept = append(kept, p)
		}
	}
	clear(d.Props[len(kept):])
	d.Props = kept
	if len(kept) == 0 {
		d.Props = nil // as the streamed read leaves it
	}
	return d, nil
}

// take takes n bytes for what the read is about to hold, from the credit
// taken ahead, taking at least chargeAhead more when it runs out. A
// refusal is kept in st.refused: start and end stop the read at the next
// element.
func (st *streamDoc) take(n int64) {
	if !st.charged || st.refused {
		return
	}
	if st.credit < n {
		more := max(n-st.credit, chargeAhead)
		if !st.charge.To.Take(more) {
			st.refused = true
			return
		}
		st.credit += more
		st.taken += more
	}
	st.credit -= n
}

// takeElem takes what element e, read whole, holds: itself, its
// attributes and their values.
func (st *streamDoc) takeElem(e *elem) {
	if !st.charged {
		return
	}
	n := st.charge.Elem + int64(len(e.attrs))*st.charge.Attr
	for _, a := range e.attrs {
		n += int64(len(a.value))
	}
	st.take(n)
}

// errNotStreamed stops a streamed read at a shape it does not take; Parse
// then reads the packet. It never reaches a caller.
var errNotStreamed = errors.New("xmp: not the streamed shape")

// streamDoc is the state of a streamed read: the Doc being filled.
type streamDoc struct {
	d        *Doc
	want     func(ns, name string) bool
	rdfs     int  // rdf:RDF elements begun
	aboutSet bool // as in fromRoot
	propMark int  // index in treeReader.elems of the property element being read
	slab     nodeSlab

	// Items past maxItems (0: none) of a wanted property's array are
	// counted in more, not kept: array is the rdf:Bag or rdf:Seq being
	// read (nil when it is not capped), dropping is set while an item
	// that will not be kept is read, and dropMark is its index in
	// treeReader.elems.
	maxItems, more int
	capped         bool // the property being read is wanted, and maxItems set
	unwanted       bool // the property being read is only checked: its text is not kept
	array          *elem
	dropping       bool
	dropMark       int

	// What the read takes as it goes (ParsePropsCharged), when charged:
	// credit is what was taken and not yet used, taken all that was
	// taken, refused set once a take was refused.
	charge           Charge
	charged, refused bool
	credit, taken    int64
}

// add appends a wanted property to the Doc, whose Props are made room for
// a packet's usual dozen at the first.
func (st *streamDoc) add(n *Node) {
	if st.d.Props == nil {
		st.d.Props = make([]*Node, 0, 16)
	}
	st.d.add(n)
}

// start takes the start of element e at depth (0 for the root); mark is
// e's index in the reader's elements. It does at once what fromRoot and
// fieldsOf do for the element, or returns errNotStreamed.
func (st *streamDoc) start(e *elem, depth, mark int) error {
	if err := st.startDepth(e, depth, mark); err != nil {
		return err
	}
	if !st.dropping {
		st.takeElem(e)
	}
	if st.refused {
		return ErrCharge
	}
	return nil
}

// startDepth is start's work at each depth.
func (st *streamDoc) startDepth(e *elem, depth, mark int) error {
	switch depth {
	case 0:
		if !e.is(NSx, "xmpmeta") {
			return errNotStreamed
		}
		for _, a := range e.attrs {
			if a.space == NSx && (a.local == "xmptk" || a.local == "xaptk") {
				st.d.Toolkit = a.value
				continue
			}
			return errNotStreamed // kept in Doc.Attrs: Parse's way
		}
	case 1:
		if !e.is(NSrdf, "RDF") || len(e.attrs) > 0 {
			return errNotStreamed
		}
		st.rdfs++
	case 2:
		if !e.is(NSrdf, "Description") {
			return errNotStreamed
		}
		for _, a := range e.attrs {
			if (a.space == NSrdf || a.space == "") && a.local == "about" {
				switch {
				case !st.aboutSet || st.d.About == "":
					st.d.About, st.aboutSet = a.value, true
				case a.value != "" && a.value != st.d.About:
					return errNotStreamed // Doc.Lossy: Parse's way
				}
			}
		}
		// The property attributes, as attrsOf reads them for fieldsOf.
		for _, a := range e.attrs {
			switch {
			case (a.space == NSrdf || a.space == "") && a.local == "about":
			case a.space == NSrdf && a.local == "value":
				return errNotStreamed // Parse's FormError
			case !propertyName(a.space, a.local):
				// xml:lang, xml:base (a scope) or an attribute the tree
				// has no place for (Doc.Lossy): Parse's way.
				return errNotStreamed
			case st.want(a.space, a.local):
				n := st.slab.node()
				n.NS, n.Name, n.Kind, n.Value, n.AsAttr = a.space, a.local, KindSimple, a.value, true
				st.add(n)
			}
		}
	case 3:
		if e.is(NSrdf, "value") || !propertyName(e.space, e.local) {
			return errNotStreamed
		}
		st.propMark = mark
		st.array, st.more = nil, 0
		wanted := st.want(e.space, e.local)
		st.capped, st.unwanted = st.maxItems > 0 && wanted, !wanted
	case 4:
		st.array = nil
		if st.capped && (e.is(NSrdf, "Bag") || e.is(NSrdf, "Seq")) && len(e.attrs) == 0 {
			st.array = e
		}
	case 5:
		if st.array != nil && len(st.array.kids) >= st.maxItems {
			st.dropping, st.dropMark = true, mark
		}
	}
	return nil
}

// end takes the end of element e at depth. A property element is read with
// fill, as fieldsOf reads it, and its subtree's elements are given back to
// t. Text where fromRoot wants none, or no rdf:RDF, is errNotStreamed.
func (st *streamDoc) end(t *treeReader, e *elem, depth int) error {
	if st.refused {
		return ErrCharge
	}
	switch depth {
	case 0:
		if st.rdfs == 0 {
			return errNotStreamed
		}
	case 1, 2:
		if !blank(e.text) {
			return errNotStreamed
		}
	case 3:
		switch {
		case !st.unwanted: // st.want(e.space, e.local), as start found it
			n := st.slab.node()
			n.NS, n.Name = e.space, e.local
			scratch := Doc{slab: &st.slab}
			if err := fill(n, e, &scratch); err != nil || scratch.Lossy != nil {
				return errNotStreamed
			}
			if st.more > 0 && n.Kind != KindBag && n.Kind != KindSeq {
				return errNotStreamed // items dropped from what is not this array
			}
			if st.more > 0 {
				if st.d.dropped == nil {
					st.d.dropped = make(map[*Node]int)
				}
				st.d.dropped[n] = st.more
			}
			st.add(n)
		case len(e.kids) > 0 || len(e.attrs) > 0:
			// Not wanted, but Parse would refuse the packet for it, or
			// note a loss. Its Nodes are only checked: t's arena gives
			// them and takes them back.
			var n Node
			scratch := Doc{arena: &t.arena}
			err := fill(&n, e, &scratch)
			t.arena.reset()
			if err != nil || scratch.Lossy != nil {
				return errNotStreamed
			}
		}
		// In a streamed read a Description's kids only count (for how
		// flushText treats its text); the elements can be reused.
		t.used = st.propMark
		st.array, st.more, st.capped, st.unwanted = nil, 0, false, false
	case 5:
		if st.dropping {
			return st.drop(t, e)
		}
	}
	return nil
}

// drop checks an item past maxItems as fillArray would read it, and
// counts it instead of keeping it: its elements are given back to t. An
// item that is not a simple value is errNotStreamed (a reader may look
// for the first struct of an array), as is anything Parse would refuse or
// note as a loss.
func (st *streamDoc) drop(t *treeReader, li *elem) error {
	st.dropping = false
	if !li.is(NSrdf, "li") {
		return errNotStreamed
	}
	var n Node
	scratch := Doc{arena: &t.arena}
	err := fill(&n, li, &scratch)
	t.arena.reset()
	if err != nil || scratch.Lossy != nil || n.Kind != KindSimple {
		return errNotStreamed
	}
	kids := st.array.kids
	kids[len(kids)-1] = nil
	st.array.kids = kids[:len(kids)-1]
	t.used = st.dropMark
	st.more++
	return nil
}
