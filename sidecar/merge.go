package sidecar

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/captag/captag/metadata"
	"github.com/captag/captag/metadata/caption"
	"github.com/captag/captag/metadata/xmp"
)

// MergeError is an existing sidecar that Merge could not read. The caller
// must leave that file as it is.
type MergeError struct {
	Expected string // what a sidecar should be
	Found    string // what the file held instead
	Err      error  // the parser's error, if any
}

func (e *MergeError) Error() string {
	return fmt.Sprintf("sidecar: expected %s, found %s (left alone)", e.Expected, e.Found)
}

func (e *MergeError) Unwrap() error { return e.Err }

// Merge puts captag's properties for rec into an existing sidecar and
// returns the sidecar's new bytes and the names ("dc:description",
// "photoshop:City", …) of the properties whose value changed, in captag's
// property order. existing nil (or empty) means there is no sidecar yet:
// Merge creates one.
//
// What Merge promises:
//   - Every property that is not captag's is kept, with its value,
//     qualifiers and order; captag's properties are replaced where they
//     stand, new ones appended in captag's order.
//   - Empty record values change nothing: an existing value stays.
//   - With opt.KeepExisting a property that already has a non-empty value
//     is left as it is.
//   - Language alternatives (dc:description, dc:title, dc:rights): only
//     the x-default item is replaced, plus any other-language item that
//     held the same text as the old x-default (a copy of it, as Adobe's
//     toolkit keeps them); items in other languages with their own text
//     are kept.
//   - dc:subject: the record's keywords are added to the existing ones
//     (compared without regard to case); none is removed, so keywords a
//     cataloguer set (and lr:hierarchicalSubject, which mirrors them) stay
//     consistent.
//   - Iptc4xmpExt:LocationCreated: captag sets City, ProvinceState,
//     CountryName and CountryCode in the first Location; its other fields
//     (Sublocation, WorldRegion, GPS…) and other items are kept.
//   - photoshop:DateCreated: an existing value with a time on the
//     caption's day is kept when captag knows only the day.
//   - When nothing changes, existing is returned as it is, byte for byte.
//     Otherwise the sidecar is re-serialised (one rdf:Description, element
//     form, fixed prefixes), deterministically: merging the output again
//     returns identical bytes and changed == nil.
//
// existing that cannot be parsed is a *MergeError: the caller must leave
// that file alone.
func Merge(existing []byte, rec caption.Record, img *metadata.Image, opt Options) (data []byte, changed []string, err error) {
	var doc *xmp.Doc
	switch {
	case len(existing) == 0:
		doc = &xmp.Doc{}
	case len(bytes.TrimSpace(existing)) == 0:
		return nil, nil, &MergeError{Expected: "an XMP packet", Found: "a file of only white space"}
	default:
		doc, err = xmp.Parse(existing)
		if err != nil {
			return nil, nil, &MergeError{Expected: "an XMP packet (x:xmpmeta > rdf:RDF > rdf:Description)", Found: err.Error(), Err: err}
		}
	}
	for _, n := range Properties(rec, img, opt) {
		old := doc.Get(n.NS, n.Name)
		if opt.KeepExisting && hasValue(old) {
			continue
		}
		next := mergeProp(old, n)
		if old != nil && equalNode(old, next) {
			continue
		}
		doc.Set(next)
		changed = append(changed, qname(n.NS, n.Name))
	}
	if len(changed) == 0 && len(existing) > 0 {
		return existing, nil, nil
	}
	if opt.Toolkit != "" {
		doc.Toolkit = opt.Toolkit
	}
	return xmp.Encode(doc), changed, nil
}

// mergeProp returns the property that replaces old (nil: none) when
// captag writes n.
func mergeProp(old, n *xmp.Node) *xmp.Node {
	if old == nil {
		return n
	}
	if n.NS == xmp.NSdc && n.Name == "subject" && (old.Kind == xmp.KindBag || old.Kind == xmp.KindSeq) {
		return mergeBag(old, n)
	}
	if old.Kind != n.Kind {
		return n
	}
	if n.NS == xmp.NSphotoshop && n.Name == "DateCreated" && len(n.Value) == len("2016-12-19") &&
		old.Kind == xmp.KindSimple && strings.HasPrefix(old.Value, n.Value+"T") {
		// The caption gives the day, the image no time of that day, and
		// the sidecar already has a time on that day: keep it.
		return old
	}
	switch {
	case n.Kind == xmp.KindAlt:
		return mergeLangAlt(old, n)
	case n.NS == xmp.NSIptc4xmpExt && n.Name == "LocationCreated":
		return mergeLocation(old, n)
	}
	return n
}

// mergeLangAlt replaces the x-default item of old (and the items that
// were copies of it) with n's text, keeping the other languages.
func mergeLangAlt(old, n *xmp.Node) *xmp.Node {
	text := n.Text()
	var oldDefault *xmp.Node
	for _, it := range old.Items {
		if strings.EqualFold(it.Lang, "x-default") {
			oldDefault = it
			break
		}
	}
	out := cloneNode(old)
	out.NS, out.Name = n.NS, n.Name
	if oldDefault == nil {
		// No x-default yet: it goes first, as the XMP specification asks.
		out.Items = append([]*xmp.Node{{Kind: xmp.KindSimple, Lang: "x-default", Value: text}}, out.Items...)
		return out
	}
	for _, it := range out.Items {
		if it.Kind != xmp.KindSimple {
			continue
		}
		if strings.EqualFold(it.Lang, "x-default") || (it.Value == oldDefault.Value && oldDefault.Kind == xmp.KindSimple) {
			it.Value = text
		}
	}
	return out
}

// mergeBag adds n's items that old lacks (compared without case), keeping
// old's kind (some tools write dc:subject as a Seq).
func mergeBag(old, n *xmp.Node) *xmp.Node {
	out := cloneNode(old)
	have := make(map[string]bool, len(old.Items))
	for _, it := range old.Items {
		have[strings.ToLower(it.Text())] = true
	}
	for _, it := range n.Items {
		k := strings.ToLower(it.Value)
		if have[k] {
			continue
		}
		have[k] = true
		out.Items = append(out.Items, cloneNode(it))
	}
	return out
}

// mergeLocation sets captag's fields in the first Location struct of old.
func mergeLocation(old, n *xmp.Node) *xmp.Node {
	if len(old.Items) == 0 || old.Items[0].Kind != xmp.KindStruct || len(n.Items) == 0 {
		return n
	}
	out := cloneNode(old)
	loc := out.Items[0]
	for _, f := range n.Items[0].Fields {
		replaced := false
		for i, g := range loc.Fields {
			if g.NS == f.NS && g.Name == f.Name {
				loc.Fields[i] = cloneNode(f)
				replaced = true
				break
			}
		}
		if !replaced {
			loc.Fields = append(loc.Fields, cloneNode(f))
		}
	}
	return out
}

// hasValue reports whether n holds any non-empty text.
func hasValue(n *xmp.Node) bool {
	if n == nil {
		return false
	}
	switch n.Kind {
	case xmp.KindSimple:
		return strings.TrimSpace(n.Value) != ""
	case xmp.KindStruct:
		for _, f := range n.Fields {
			if hasValue(f) {
				return true
			}
		}
	default:
		for _, it := range n.Items {
			if hasValue(it) {
				return true
			}
		}
	}
	return false
}

// equalNode reports whether a and b are the same tree.
func equalNode(a, b *xmp.Node) bool {
	if a == nil || b == nil {
		return a == b
	}
	if a.NS != b.NS || a.Name != b.Name || a.Kind != b.Kind || a.Value != b.Value || a.Lang != b.Lang || a.URI != b.URI {
		return false
	}
	return equalNodes(a.Quals, b.Quals) && equalNodes(a.Items, b.Items) && equalNodes(a.Fields, b.Fields)
}

func equalNodes(a, b []*xmp.Node) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !equalNode(a[i], b[i]) {
			return false
		}
	}
	return true
}

// cloneNode is a deep copy of n, so that merging never changes the tree
// it was given.
func cloneNode(n *xmp.Node) *xmp.Node {
	if n == nil {
		return nil
	}
	c := *n
	c.Quals = cloneNodes(n.Quals)
	c.Items = cloneNodes(n.Items)
	c.Fields = cloneNodes(n.Fields)
	return &c
}

func cloneNodes(ns []*xmp.Node) []*xmp.Node {
	if ns == nil {
		return nil
	}
	out := make([]*xmp.Node, len(ns))
	for i, n := range ns {
		out[i] = cloneNode(n)
	}
	return out
}
