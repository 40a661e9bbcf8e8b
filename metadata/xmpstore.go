package metadata

import (
	"bytes"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/captag/captag/metadata/date"
	"github.com/captag/captag/metadata/field"
	"github.com/captag/captag/metadata/xmp"
)

// MaxSidecarSize is the largest XMP sidecar ReadSidecar reads. Real
// sidecars are a few kilobytes; darktable's with long histories reach a
// few hundred.
const MaxSidecarSize = 16 << 20

// xmpStore builds a Store of the given kind from an XMP packet and, when
// the JPEG carried one, the assembled ExtendedXMP packet (nil otherwise).
// Properties of the extended packet are added to those of the main packet;
// one the main packet also has keeps the main packet's value. A packet that
// cannot be parsed is a warning and gives no store; an extended packet that
// cannot be parsed is a WarnExtendedXMP warning and the main packet is
// still read. It returns nil when the packet holds none of the properties
// captag reads.
func xmpStore(kind StoreKind, packet, extended []byte) (*Store, []Warning) {
	return xmpStoreWith(parseStoreProps, kind, packet, extended)
}

// Limits on what a Store keeps of an XMP packet, so that an image held
// after its read (in a report, or in the cache of a run) stays small
// whatever the packet: real values are a few kilobytes (a caption) and
// lists a few dozen names (IIM allows 64 bytes per keyword). Beyond them
// the rest is not read, with a warning.
const (
	maxStoreValue     = 16 << 10          // bytes of one text value (IIM allows 2,000 for a caption)
	maxStoreItems     = MaxListItems      // creators or keywords
	maxStoreListBytes = MaxListItems * 64 // bytes of all the creators, or all the keywords (IIM allows 64 bytes for one)
)

// xmpElemCost and xmpAttrCost bound what reading one element or one
// attribute of a packet allocates, all told: the reader's element or
// attribute, the property Node, its slots in the arrays that hold it (the
// text of values is charged apart, a byte for a byte: xmp.Charge).
// TestXMPParseCostBoundsAllocation checks them on packets made of nothing
// else (about 630 and 940 bytes each, the packet's own bytes charged
// once beside them).
const (
	xmpElemCost = 704
	xmpAttrCost = 1024
)

// xmpTreeCost is what reading packet as a whole tree (xmp.Parse's, which
// the streamed read falls back to for another shape) may allocate: a copy
// or two of its bytes (UTF-16 turned into UTF-8, the values' text) and a
// node per element or attribute, counted by their '<' and '=' without
// parsing. Beyond xmp.MaxNodes the parser refuses the packet, so that many
// is the most charged for each.
func xmpTreeCost(packet []byte) int64 {
	if len(packet) == 0 {
		return 0
	}
	elems := min(bytes.Count(packet, []byte{'<'})-bytes.Count(packet, []byte("</")), xmp.MaxNodes+1)
	attrs := min(bytes.Count(packet, []byte{'='}), xmp.MaxNodes+1)
	return 2*int64(len(packet)) + int64(elems)*xmpElemCost + int64(attrs)*xmpAttrCost
}

// xmpStoreCharged is xmpStore charging the parse to the read's budget as
// it goes (chargedParse); when a charge does not fit there is no store
// (the read is done again alone).
// cut says that packet was inflated through a textCutter that cut a value
// (see xmpStoreCut).
func xmpStoreCharged(s *source, kind StoreKind, packet, extended []byte, cut bool) (*Store, []Warning) {
	if s == nil || s.lease == nil {
		return xmpStoreExt(parseStoreProps, s.parseExtended(parseStoreProps), kind, packet, extended, cut)
	}
	parse := chargedParse(s)
	st, w := xmpStoreExt(parse, s.parseExtended(parse), kind, packet, extended, cut)
	if s.over {
		return nil, nil
	}
	return st, w
}

// parseExtended is the parser of a JPEG's ExtendedXMP: base, the stores', when
// the read was not asked for its properties (Reader.ReadExtended),
// else one that keeps those too, in the same parse, and leaves them with
// the packet in s.extended; the Doc it returns holds only what the
// stores take, as the stores' parser's does.
func (s *source) parseExtended(base func([]byte) (*xmp.Doc, error)) func([]byte) (*xmp.Doc, error) {
	if s == nil || s.extWant == nil {
		return base
	}
	want := s.extWant
	return func(b []byte) (*xmp.Doc, error) {
		// This parse keeps every item of what it is asked for, so it is
		// charged as a whole tree, up front.
		if s.lease != nil && !s.charge(xmpTreeCost(b)) {
			return nil, xmp.ErrCharge
		}
		d, err := xmp.ParseProps(b, func(ns, name string) bool { return storeProperty(ns, name) || want(ns, name) })
		e := &ExtendedXMP{Packet: b, Err: err}
		s.extended = e
		if err != nil {
			return nil, err
		}
		// Parse's properties, filtered: those wanted by name (the stores
		// may rename a property spelled in another case), and the
		// stores' own in the Doc.
		kept := d.Props[:0]
		for _, p := range d.Props {
			if want(p.NS, p.Name) {
				e.Props = append(e.Props, PropName{p.NS, p.Name})
			}
			if storeProperty(p.NS, p.Name) {
				kept = append(kept, p)
			}
		}
		clear(d.Props[len(kept):])
		d.Props = kept
		if len(kept) == 0 {
			d.Props = nil // as the stores' parser leaves it
		}
		return d, nil
	}
}

// chargedParse is parseStoreProps charging s as the parse goes
// (xmp.ParsePropsCharged): the packet's bytes first (the names the reader
// interns, its buffers), then the elements, attributes and text the read
// keeps, not the keywords past maxStoreItems that it only counts, and the
// whole tree's cost (xmpTreeCost) before a packet of another shape is read
// as a tree.
func chargedParse(s *source) func([]byte) (*xmp.Doc, error) {
	return func(b []byte) (*xmp.Doc, error) {
		if !s.charge(int64(len(b))) {
			return nil, xmp.ErrCharge
		}
		c := xmp.Charge{Elem: xmpElemCost, Attr: xmpAttrCost, To: s, Tree: xmpTreeCost}
		return xmp.ParsePropsCharged(b, storeProperty, maxStoreItems, &c)
	}
}

// Take is charge, for xmp.Charge.
func (s *source) Take(n int64) bool { return s.charge(n) }

// parseStoreProps parses only the properties storeFromDoc reads, keeping
// at most maxStoreItems items of a list (the others are counted:
// xmp.Doc.ItemCount).
func parseStoreProps(b []byte) (*xmp.Doc, error) {
	return xmp.ParsePropsMax(b, storeProperty, maxStoreItems)
}

// xmpStoreWith is xmpStore with the packet parser as a parameter, so that a
// test can check the filtered parser against the whole tree (xmp.Parse).
func xmpStoreWith(parse func([]byte) (*xmp.Doc, error), kind StoreKind, packet, extended []byte) (*Store, []Warning) {
	return xmpStoreCut(parse, kind, packet, extended, false)
}

// xmpStoreCut is xmpStoreWith on a packet whose long values a textCutter
// may have cut (cut set): the Store is the same as from the whole packet,
// but a warning about a value kept in part cannot say how long the value
// was, and says "more".
func xmpStoreCut(parse func([]byte) (*xmp.Doc, error), kind StoreKind, packet, extended []byte, cut bool) (*Store, []Warning) {
	return xmpStoreExt(parse, parse, kind, packet, extended, cut)
}

// xmpStoreExt is xmpStoreCut with the parser of the extended packet apart
// (source.parseExtended).
func xmpStoreExt(parse, parseExt func([]byte) (*xmp.Doc, error), kind StoreKind, packet, extended []byte, cut bool) (*Store, []Warning) {
	doc, warns, err := parseRepairing(parse, kind, packet)
	if err != nil {
		return nil, []Warning{{Code: WarnGeneral, Store: kind, Message: err.Error()}}
	}
	var ext *xmp.Doc
	if len(extended) > 0 {
		var err error
		ext, err = parseExt(extended)
		if err != nil {
			warns = append(warns, Warning{Code: WarnExtendedXMP, Store: kind,
				Message: "xmp: ExtendedXMP packet: " + strings.TrimPrefix(err.Error(), "xmp: ")})
		} else {
			for _, p := range ext.Props {
				if doc.Get(p.NS, p.Name) == nil {
					doc.Props = append(doc.Props, p)
				}
			}
		}
	}
	s, w := storeFrom(kind, doc, cut, ext)
	warns = append(warns, w...)
	if xmpStoreEmpty(s) {
		return nil, warns
	}
	return s, warns
}

// ReadSidecar reads an XMP sidecar file's bytes as a Store of kind
// StoreSidecar. An error means the sidecar could not be read or parsed at
// all (it is then an *xmp.SyntaxError, *xmp.FormError or *xmp.LimitError,
// or a size error beyond MaxSidecarSize). A sidecar that parses is always
// returned as a non-nil Store, empty when it holds none of the properties
// captag reads, so that callers know it exists.
func ReadSidecar(r io.Reader) (*Store, []Warning, error) {
	return readSidecar(r, nil)
}

// ReadSidecarWith is ReadSidecar on a sidecar of size bytes read through r,
// with options: with a Budget the sidecar's bytes and its parse are
// charged to it (and the sidecar read again alone when they do not fit
// beside the other reads).
func ReadSidecarWith(r io.ReaderAt, size int64, o ReadOptions) (*Store, []Warning, error) {
	if size > MaxSidecarSize {
		// Refused from its size, before a byte of it is read.
		return nil, nil, fmt.Errorf("metadata: expected a sidecar of at most %d bytes, found %d", MaxSidecarSize, size)
	}
	var (
		st  *Store
		ws  []Warning
		err error
	)
	o.Budget.do(func(l *lease) bool {
		s := &source{r: r, size: size, lease: l}
		if !s.charge(2 * min(size, MaxSidecarSize+1)) { // io.ReadAll grows its buffer by doubling
			return true
		}
		st, ws, err = readSidecar(io.NewSectionReader(r, 0, size), s)
		return s.over
	})
	return st, ws, err
}

// readSidecar is ReadSidecar charging the parse to s's budget (s may be
// nil).
func readSidecar(r io.Reader, s *source) (*Store, []Warning, error) {
	b, err := io.ReadAll(io.LimitReader(r, MaxSidecarSize+1))
	if err != nil {
		return nil, nil, fmt.Errorf("metadata: reading sidecar: %w", err)
	}
	if len(b) > MaxSidecarSize {
		return nil, nil, fmt.Errorf("metadata: expected a sidecar of at most %d bytes, found more", MaxSidecarSize)
	}
	parse := parseStoreProps
	if s != nil && s.lease != nil {
		parse = chargedParse(s)
	}
	doc, err := parse(b)
	if s != nil && s.over {
		return nil, nil, nil
	}
	if err != nil {
		return nil, nil, err
	}
	st, warns := storeFromDoc(StoreSidecar, doc)
	return st, warns, nil
}

// storeFromDoc maps the properties captag reads:
//
//	dc:description → Description, dc:creator → Creators, dc:rights → Copyright,
//	dc:title → Title, dc:subject → Keywords (language alternatives: x-default,
//	else the first), photoshop:Credit, Source, City, State (→ Region), Country,
//	Headline; Iptc4xmpCore:Location (→ Sublocation), CountryCode.
//
// City, Region, Country, CountryCode and Sublocation each fall back to the
// first Iptc4xmpExt:LocationCreated struct (City, ProvinceState,
// CountryName, CountryCode, Sublocation) when the legacy property is absent
// or blank.
//
// The date is photoshop:DateCreated; when that is absent (or unusable) it
// is exif:DateTimeOriginal, then xmp:CreateDate. Each present but unusable
// date is a WarnBadDate warning and counts as absent, so the next one is
// tried.
func storeFromDoc(kind StoreKind, d *xmp.Doc) (*Store, []Warning) {
	return storeFrom(kind, d, false, nil)
}

// storeFrom is storeFromDoc on a Doc whose long values may have been cut
// before the parse (packetCut, see textCutter): a value over
// maxStoreValue is then said to be of "more" bytes. ext, when not nil, is
// the ExtendedXMP's Doc, whose properties d holds too: it counts their
// items (xmp.Doc.ItemCount).
func storeFrom(kind StoreKind, d *xmp.Doc, packetCut bool, ext *xmp.Doc) (*Store, []Warning) {
	s := &Store{Kind: kind}
	r := storeReading{kind: kind, d: d, ext: ext, packetCut: packetCut, warns: fixPropertyCase(kind, d)}
	for _, f := range xmpStoreOrder {
		if l := s.listOf(f); l != nil {
			*l = r.list(f)
		} else {
			*s.textOf(f) = r.text(f)
		}
	}
	if s.Description != "" {
		s.Mark = Mark{PairedBy: r.text(field.PairedBy), Caption: r.text(field.CaptionMark)}
	}
	r.locationCreated(s)
	r.date(s)
	return s, r.warns
}

// storeReading is one reading of an XMP Doc into a Store, with its
// warnings.
type storeReading struct {
	kind      StoreKind
	d, ext    *xmp.Doc // the packet's Doc, and the ExtendedXMP's (nil for none)
	packetCut bool     // long values may have been cut before the parse
	warns     []Warning
}

// cut keeps at most maxStoreValue bytes of v, the value of label, with a
// warning when it is longer.
func (r *storeReading) cut(label, v string) string {
	if len(v) <= maxStoreValue {
		return v
	}
	found := strconv.Itoa(len(v))
	if r.packetCut {
		found = "more"
	}
	r.warns = append(r.warns, Warning{Code: WarnGeneral, Store: r.kind,
		Message: fmt.Sprintf("xmp: expected at most %d bytes in %s, found %s; the rest is not read", maxStoreValue, label, found)})
	// A copy: the kept prefix must not hold the whole value's memory
	// for as long as the Store lives.
	return strings.Clone(strings.ToValidUTF8(v[:maxStoreValue], ""))
}

// text is field f's text ("" when absent), cut.
func (r *storeReading) text(f field.ID) string {
	p := f.XMP()
	n := r.d.Get(p.NS, p.Name)
	if n == nil {
		return ""
	}
	return r.cutProp(p, n.Text())
}

// cutProp is cut with property p's name as the label, built only for a
// warning.
func (r *storeReading) cutProp(p field.Prop, v string) string {
	if len(v) <= maxStoreValue {
		return v
	}
	return r.cut(p.QName(), v)
}

// list is field f's items, at most maxStoreItems and maxStoreListBytes
// of them, each cut.
func (r *storeReading) list(f field.ID) []string {
	p := f.XMP()
	n := r.d.Get(p.NS, p.Name)
	if n == nil {
		return nil
	}
	if k := r.itemCount(n); k > maxStoreItems {
		r.warns = append(r.warns, Warning{Code: WarnGeneral, Store: r.kind,
			Message: fmt.Sprintf("xmp: expected at most %d items in %s, found %d; the rest are not read", maxStoreItems, p.QName(), k)})
		n = &xmp.Node{Kind: n.Kind, Items: n.Items[:maxStoreItems]}
	}
	vs := nonBlank(n.Texts())
	total := 0
	for i, v := range vs {
		v = r.cutProp(p, v)
		if total += len(v); total > maxStoreListBytes {
			r.warns = append(r.warns, Warning{Code: WarnGeneral, Store: r.kind,
				Message: fmt.Sprintf("xmp: expected at most %d bytes of %s, found more; the items from %d on are not read", maxStoreListBytes, p.QName(), i+1)})
			return vs[:i:i]
		}
		vs[i] = v
	}
	return vs
}

// itemCount is how many items the array n held in its packet, those the
// parse counted without keeping them included.
func (r *storeReading) itemCount(n *xmp.Node) int {
	k := r.d.ItemCount(n)
	if r.ext != nil {
		k = max(k, r.ext.ItemCount(n))
	}
	return k
}

// locationCreated fills the place fields s lacks from the first
// Iptc4xmpExt:LocationCreated struct.
func (r *storeReading) locationCreated(s *Store) {
	lc := field.LocationCreated.XMP()
	loc := firstStruct(r.d.Get(lc.NS, lc.Name))
	if loc == nil {
		return
	}
	for _, f := range field.IDs() {
		m := f.Location()
		if m == "" {
			continue
		}
		if dst := s.textOf(f); strings.TrimSpace(*dst) == "" {
			*dst = r.cut(lc.Prefix+":"+m, loc.Field(lc.NS, m).Text())
		}
	}
}

// date sets s's date from photoshop:DateCreated, else the fallbacks,
// each unusable one a warning.
func (r *storeReading) date(s *Store) {
	// The first label is built only for a warning.
	for _, c := range [...]struct{ ns, name, label string }{
		{field.DateCreated.XMP().NS, field.DateCreated.XMP().Name, ""},
		xmpDateFallbacks[0], xmpDateFallbacks[1],
	} {
		n := r.d.Get(c.ns, c.name)
		if n == nil {
			continue
		}
		v := n.Text()
		d, err := date.ParseXMPDate(strings.TrimSpace(v))
		if err != nil || d.IsZero() {
			if c.label == "" {
				c.label = field.DateCreated.XMP().QName()
			}
			r.warns = append(r.warns, Warning{Code: WarnBadDate, Store: r.kind,
				Message: fmt.Sprintf("xmp: expected a date in %s, found %s", c.label, quoteStart(v))})
			continue
		}
		s.Date = d
		return
	}
}

// maxQuoted is how much of a value a warning quotes.
const maxQuoted = 64

// quoteStart quotes v for a warning, only its first maxQuoted bytes when
// it is longer (with "…"), so that a warning kept with an image never
// holds a long value.
func quoteStart(v string) string {
	if len(v) <= maxQuoted {
		return strconv.Quote(v)
	}
	return strconv.Quote(strings.ToValidUTF8(v[:maxQuoted], "")) + "…"
}

// storeProperty reports whether storeFromDoc reads the top-level property
// (ns, name), in its standard spelling or in another case ("dc:Creator",
// see fixPropertyCase): the packet reader builds nodes for these only.
func storeProperty(ns, name string) bool {
	if storePropertyExact(ns, name) {
		return true
	}
	_, _, ok := storePropertyFold(ns, name)
	return ok
}

// xmpStoreOrder is the order in which storeFrom reads the fields a Store
// keeps (and so the order of its warnings).
var xmpStoreOrder = [...]field.ID{
	field.Description, field.Creator, field.Copyright, field.Title, field.Keywords,
	field.Credit, field.Source, field.Headline, field.City, field.Region,
	field.Country, field.Sublocation, field.CountryCode,
}

// xmpDateFallbacks are the dates storeFrom reads when photoshop:DateCreated
// is absent or unusable: the EXIF date in XMP, then the file's creation
// date. They are no caption field of the field table, and read only here.
var xmpDateFallbacks = [2]struct{ ns, name, label string }{
	{xmp.NSexif, "DateTimeOriginal", "exif:DateTimeOriginal"},
	{xmp.NSxmp, "CreateDate", "xmp:CreateDate"},
}

// storeReads reports whether storeFromDoc reads the field's top-level XMP
// property: those of the fields a Store keeps, the date, the location
// struct and captag's mark.
func storeReads(f field.ID) bool {
	switch f {
	case field.None:
		return false
	case field.DateCreated, field.LocationCreated, field.PairedBy, field.CaptionMark:
		return true
	}
	return Keeps(f)
}

// storePropertyFold returns the standard spelling of a property storeFromDoc
// reads whose name matches name in another case, and its prefix.
func storePropertyFold(ns, name string) (std, prefix string, ok bool) {
	ix := storeIndex[ns]
	for _, r := range ix.rows {
		if len(r.name) == len(name) && strings.EqualFold(r.name, name) {
			if !r.reads {
				break // the field table's first row of that name is one not read
			}
			return r.name, r.prefix, true
		}
	}
	for _, r := range ix.fallbacks {
		if len(r.name) == len(name) && strings.EqualFold(r.name, name) {
			return r.name, r.prefix, true
		}
	}
	return "", "", false
}

// storeIndex is, by namespace, the top-level XMP properties of the field
// table and the date fallbacks: storePropertyExact and storePropertyFold
// look a property up among those of its namespace only, as field.ByXMP and
// field.ByXMPFold would find it in the whole table (the first row of a
// name wins), since they run for every property of every packet read.
var storeIndex = storeIndexOf()

// storeNS is storeIndex's entry for one namespace: the field table's rows
// in the table's order, and the date fallbacks.
type storeNS struct{ rows, fallbacks []storeName }

// storeName is one property of storeIndex: its standard spelling, its
// prefix, and whether storeFromDoc reads it.
type storeName struct {
	name, prefix string
	reads        bool
}

// storeIndexOf builds storeIndex.
func storeIndexOf() map[string]storeNS {
	ix := map[string]storeNS{}
	for _, f := range field.IDs() {
		p := f.XMP()
		if p.Name == "" {
			continue
		}
		e := ix[p.NS]
		e.rows = append(e.rows, storeName{name: p.Name, prefix: p.Prefix, reads: storeReads(f)})
		ix[p.NS] = e
	}
	for _, f := range xmpDateFallbacks {
		e := ix[f.ns]
		e.fallbacks = append(e.fallbacks, storeName{name: f.name, prefix: strings.TrimSuffix(f.label, ":"+f.name), reads: true})
		ix[f.ns] = e
	}
	return ix
}

// fixPropertyCase renames a top-level property written in another case
// than its standard spelling ("dc:Creator" for dc:creator, as some writers
// do) to that spelling, with a warning: XMP names are case-sensitive, but
// exiftool reads these as the standard property. A property also present
// in its standard spelling keeps that one, and the variant is ignored.
func fixPropertyCase(kind StoreKind, d *xmp.Doc) []Warning {
	var warns []Warning
	for _, p := range d.Props {
		if storePropertyExact(p.NS, p.Name) {
			continue
		}
		std, pre, ok := storePropertyFold(p.NS, p.Name)
		if !ok {
			continue
		}
		if d.Get(p.NS, std) != nil {
			warns = append(warns, Warning{Code: WarnGeneral, Store: kind, Message: fmt.Sprintf(
				"xmp: expected one %s:%s, found it also spelled %s:%s; the standard spelling is read", pre, std, pre, p.Name)})
			continue
		}
		warns = append(warns, Warning{Code: WarnGeneral, Store: kind, Message: fmt.Sprintf(
			"xmp: expected the property %s:%s, found %s:%s; read as %s:%s (as exiftool does)", pre, std, pre, p.Name, pre, std)})
		p.Name = std
	}
	return warns
}

// storePropertyExact reports whether storeFromDoc reads (ns, name) as
// spelled.
func storePropertyExact(ns, name string) bool {
	ix := storeIndex[ns]
	for _, r := range ix.rows {
		if r.name == name {
			if r.reads {
				return true
			}
			break // the field table's first row of that name is one not read
		}
	}
	for _, r := range ix.fallbacks {
		if r.name == name {
			return true
		}
	}
	return false
}

// firstStruct returns n when it is a struct, else the first struct item of
// the array n (LocationCreated is a Bag of one struct; some writers drop
// the Bag).
func firstStruct(n *xmp.Node) *xmp.Node {
	if n == nil {
		return nil
	}
	if n.Kind == xmp.KindStruct {
		return n
	}
	for _, it := range n.Items {
		if it.Kind == xmp.KindStruct {
			return it
		}
	}
	return nil
}

func nonBlank(list []string) []string {
	var out []string
	for _, s := range list {
		if strings.TrimSpace(s) != "" {
			out = append(out, s)
		}
	}
	return out
}

// xmpStoreEmpty reports whether s holds no value.
func xmpStoreEmpty(s *Store) bool {
	return s.Date.IsZero() && len(s.Creators) == 0 && len(s.Keywords) == 0 &&
		s.Credit == "" && s.Source == "" && s.Copyright == "" && s.Description == "" &&
		s.Headline == "" && s.Title == "" && s.City == "" && s.Sublocation == "" &&
		s.Region == "" && s.Country == "" && s.CountryCode == "" && s.Charset == ""
}
