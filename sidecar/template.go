package sidecar

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/captag/captag/metadata/field"
	"github.com/captag/captag/metadata/sniff"
	"github.com/captag/captag/metadata/xmp"
)

// MaxTemplateBytes caps a template file: a stationery pad is a few
// kilobytes (Bridge's and Photo Mechanic's are 2–10 KB); a larger file is
// not one.
const MaxTemplateBytes = 1 << 20

// maxTemplateIgnored caps the properties Template.Ignored names; the
// others are counted.
const maxTemplateIgnored = 20

// Template is a metadata template (a Photo Mechanic stationery pad, an
// Adobe Bridge or Photoshop metadata template, `exiftool -o tpl.xmp`)
// read from an XMP file. Properties writes its values where the caption
// gives none: the caption's own fields always win. It is the user's own
// stationery: written as given, it is never evidence for matching or
// checking (desk matches and checks the caption alone).
//
// Taken are the properties of the field table (see field.All) but
// captag's marks and Iptc4xmpExt:LocationCreated (whose first Location's
// City, ProvinceState, CountryName, CountryCode and Sublocation fill the
// legacy place fields the template lacks; captag writes LocationCreated
// from those): the caption fields, the rights (dc:rights,
// xmpRights:UsageTerms, xmpRights:WebStatement), the creator's job title
// and contact info (Iptc4xmpCore:CreatorContactInfo, a struct, written as
// the template has it), and the IIM-era fields (Intellectual Genre,
// Subject Code, Category, Urgency…); of a language alternative, its
// x-default text. Every other property, and one of captag's in a form
// not its own (a contact info that is no struct), is left out and named
// in Ignored.
type Template struct {
	// Path is the file it was read from ("" for ParseTemplate), Info its
	// FileInfo: the template is an input, which no output may replace.
	Path string
	Info os.FileInfo
	// Ignored names the properties of the template that captag does not
	// carry ("xmpRights:Marked", "exif:DateTimeOriginal"), in the order of
	// the file, at most maxTemplateIgnored of them; IgnoredCount counts
	// them all.
	Ignored      []string
	IgnoredCount int

	values map[field.ID][]string  // a field's values, cleaned
	nodes  map[field.ID]*xmp.Node // a struct field's node (CreatorContactInfo), cleaned
}

// templated reports whether Properties takes field f from a template.
func templated(f field.ID) bool {
	switch f {
	case field.None, field.LocationCreated, field.PairedBy, field.CaptionMark:
		return false
	}
	return f.XMP().Name != ""
}

// LoadTemplate reads and parses the template file path (see
// ParseTemplate), at most MaxTemplateBytes of it.
func LoadTemplate(path string) (*Template, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("sidecar: template %s: %w", path, err)
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, fmt.Errorf("sidecar: template %s: %w", path, err)
	}
	if !st.Mode().IsRegular() {
		return nil, fmt.Errorf("sidecar: template %s: expected a regular file (an XMP metadata template), found %s", path, st.Mode().Type())
	}
	b, err := io.ReadAll(io.LimitReader(f, MaxTemplateBytes+1))
	if err != nil {
		return nil, fmt.Errorf("sidecar: template %s: %w", path, err)
	}
	if len(b) > MaxTemplateBytes {
		return nil, fmt.Errorf("sidecar: template %s: expected an XMP metadata template of at most %d bytes, found a larger file", path, MaxTemplateBytes)
	}
	t, err := ParseTemplate(b)
	if err != nil {
		return nil, fmt.Errorf("sidecar: template %s: %w", path, err)
	}
	t.Path, t.Info = path, st
	return t, nil
}

// ParseTemplate parses a template from the bytes of an XMP file. A file
// that is not XMP (an image, a caption file), or XMP with no property,
// is an error that says what was found.
func ParseTemplate(b []byte) (*Template, error) {
	if f := sniff.Format(b[:min(len(b), sniff.Len)]); f != "xmp" {
		if noun, ok := sniff.Noun(f); ok {
			return nil, fmt.Errorf("expected an XMP file (a metadata template saved as XMP), found %s", noun)
		}
	}
	doc, err := xmp.Parse(b)
	if err != nil {
		return nil, fmt.Errorf("expected an XMP file (a metadata template saved as XMP), found: %v", err)
	}
	t := &Template{values: map[field.ID][]string{}, nodes: map[field.ID]*xmp.Node{}}
	for _, p := range doc.Props {
		t.take(doc, p)
	}
	lc := field.LocationCreated.XMP()
	if loc := firstLocation(doc.Get(lc.NS, lc.Name)); loc != nil {
		for _, f := range field.IDs() {
			if m := f.Location(); m != "" && len(t.values[f]) == 0 {
				t.set(f, loc.Field(lc.NS, m).Texts())
			}
		}
	}
	if len(t.values) == 0 && len(t.nodes) == 0 {
		if t.IgnoredCount > 0 {
			return nil, fmt.Errorf("expected a metadata template with IPTC properties, found only others (%s)", strings.Join(t.Ignored, ", "))
		}
		return nil, fmt.Errorf("expected a metadata template with IPTC properties, found an XMP packet with none")
	}
	return t, nil
}

// take keeps property p of doc when captag carries it, else names it in
// Ignored.
func (t *Template) take(doc *xmp.Doc, p *xmp.Node) {
	f := field.ByXMP(p.NS, p.Name)
	switch {
	case f == field.LocationCreated:
		return // its Location fills the place fields (ParseTemplate)
	case !templated(f), f.XMP().Kind == xmp.KindStruct && p.Kind != xmp.KindStruct:
		// Not captag's, or not in its form (a contact info that is no
		// struct).
		t.IgnoredCount++
		if len(t.Ignored) < maxTemplateIgnored {
			t.Ignored = append(t.Ignored, templateQName(doc, p))
		}
	case f.XMP().Kind == xmp.KindStruct:
		if n := cleanStruct(p); n != nil {
			t.nodes[f] = n
		}
	default:
		t.set(f, p.Texts())
	}
}

// set keeps the cleaned values vs of field f; none when all are empty.
func (t *Template) set(f field.ID, vs []string) {
	if vs = cleanList(vs); len(vs) > 0 {
		t.values[f] = vs
	}
}

// firstLocation is the first Location struct of a LocationCreated node
// (a Bag of them, or one struct), nil when there is none.
func firstLocation(n *xmp.Node) *xmp.Node {
	if n == nil {
		return nil
	}
	if n.Kind == xmp.KindStruct {
		return n
	}
	if len(n.Items) > 0 && n.Items[0].Kind == xmp.KindStruct {
		return n.Items[0]
	}
	return nil
}

// cleanStruct is a copy of struct s with the simple fields' text cleaned
// (cleanText) and qualifiers, languages and attribute forms dropped; nil
// when no field has a value. Only simple fields are kept (a ContactInfo
// has no other).
func cleanStruct(s *xmp.Node) *xmp.Node {
	out := &xmp.Node{NS: s.NS, Name: s.Name, Kind: xmp.KindStruct}
	for _, f := range s.Fields {
		if v := cleanText(f.Text()); f.Kind == xmp.KindSimple && v != "" {
			out.Fields = append(out.Fields, xmp.Simple(f.NS, f.Name, v))
		}
	}
	if len(out.Fields) == 0 {
		return nil
	}
	return out
}

// templateQName is p's "prefix:Name", by the table's prefix or the
// file's own.
func templateQName(doc *xmp.Doc, p *xmp.Node) string {
	prefix := field.Prefix(p.NS)
	if prefix == "" {
		prefix = doc.Prefixes[p.NS]
	}
	if prefix == "" {
		return "{" + p.NS + "}" + p.Name
	}
	return prefix + ":" + p.Name
}

// Has reports whether the template gives field f a value; false for a
// nil template.
func (t *Template) Has(f field.ID) bool {
	return t != nil && (len(t.values[f]) > 0 || t.nodes[f] != nil)
}

// Text is the template's first value of field f; "" for none or a nil
// template.
func (t *Template) Text(f field.ID) string {
	if t == nil || len(t.values[f]) == 0 {
		return ""
	}
	return t.values[f][0]
}

// Node is the property the template gives field f, through the field
// table's mapping (field.ID.Node), or its struct; nil for none or a nil
// template. It is a new node each time.
func (t *Template) Node(f field.ID) *xmp.Node {
	if t == nil {
		return nil
	}
	if n := t.nodes[f]; n != nil {
		return cloneNode(n)
	}
	return f.Node(t.values[f]...)
}

// IgnoredNote words Ignored for a report: "the template t.xmp holds 3
// properties captag does not write: xmpRights:Marked, …"; "" when there
// are none.
func (t *Template) IgnoredNote() string {
	if t == nil || t.IgnoredCount == 0 {
		return ""
	}
	name := "the template"
	if t.Path != "" {
		name += " " + t.Path
	}
	s := "property"
	if t.IgnoredCount != 1 {
		s = "properties"
	}
	more := ""
	if n := t.IgnoredCount - len(t.Ignored); n > 0 {
		more = fmt.Sprintf(" and %d more", n)
	}
	return fmt.Sprintf("%s holds %d %s captag does not write: %s%s", name, t.IgnoredCount, s, strings.Join(t.Ignored, ", "), more)
}
