// Package sidecar writes captions into XMP sidecar files that the photo
// tools read (Lightroom, Bridge, Photo Mechanic, darktable, digiKam,
// exiftool, exiv2), without ever losing what a sidecar already holds.
//
// Properties maps a caption record (and the facts of its image) to IPTC
// Core / Extension properties; Merge puts them into an existing sidecar,
// replacing only captag's own properties; WriteAtomic replaces the file so
// that a crash leaves the old or the new sidecar, never a torn one. Path,
// Find and Collisions deal with the two naming conventions (IMG_1.xmp and
// IMG_1.jpg.xmp). The package never opens an image.
package sidecar

import (
	"strings"
	"unicode/utf8"

	"github.com/captag/captag/metadata"
	"github.com/captag/captag/metadata/caption"
	"github.com/captag/captag/metadata/date"
	"github.com/captag/captag/metadata/field"
	"github.com/captag/captag/metadata/names"
	"github.com/captag/captag/metadata/xmp"
)

// Options tunes what captag writes.
type Options struct {
	// KeepExisting leaves a property that already has a non-empty value
	// (--keep-existing).
	KeepExisting bool
	// CaptionWriter goes to photoshop:CaptionWriter (--caption-writer).
	CaptionWriter string
	// Toolkit goes to x:xmptk when a sidecar is written, e.g. "captag".
	// Keep it free of versions so that output stays the same across
	// releases.
	Toolkit string
	// PairedBy, when set, marks what is written as captag's own caption:
	// captag:PairedBy is how the caption was paired with its image (a
	// matching method: "text", "date+creator", "order", "date", …) and
	// captag:Caption the metadata.CaptionDigest of the description
	// written. A later run reads the mark (metadata.Store.Written) and
	// never takes captag's own caption as evidence of which picture it
	// belongs to; a description edited since no longer matches the
	// digest, and is the editor's.
	PairedBy string

	// SameAgency, when set, reports whether v, a Credit (source false) or
	// Source value a store already holds, names the record's agency, as
	// check judges it (with the user's agency aliases); such a value is
	// kept as it is (see NamesAgency). It is set per record (desk sets it
	// from check.NamesAgency).
	SameAgency func(v string, source bool) bool

	// Template, when set, gives the values of the fields the caption
	// leaves empty (see Template): the caption's own always win.
	Template *Template
}

// NamesAgency reports whether v, a Credit (source false) or Source value
// a store already holds, names rec's agency, so that Merge and embed keep
// it as it is rather than write the caption's spelling over it ("Getty
// Images North America" for a caption crediting Getty Images, "Reuters"
// for "REUTERS"): by opt.SameAgency when set, else when v is one of the
// agencies of rec's chain (caption.SameAgency) or, for a Source, one's
// code (caption.SourceCode: Reuters' "X90024"). Nothing names a record
// that has no agency.
func NamesAgency(rec caption.Record, v string, source bool, opt Options) bool {
	v = strings.TrimSpace(v)
	if v == "" || strings.TrimSpace(rec.Agency) == "" {
		return false
	}
	if opt.SameAgency != nil {
		return opt.SameAgency(v, source)
	}
	var code *caption.Agency
	if source {
		code, _ = caption.SourceCode(v)
	}
	for _, a := range append([]string{rec.Agency, rec.WrittenAgency()}, rec.Agencies...) {
		if caption.SameAgency(v, a) {
			return true
		}
		if t, ok := caption.LookupAgency(a); ok && code != nil && t == code {
			return true
		}
	}
	return false
}

// owned lists the fields of captag's properties in the order it writes
// them. Every other property of a sidecar belongs to someone else and is
// never changed.
var owned = [...]field.ID{
	field.Description, field.Creator, field.Credit, field.Source, field.DateCreated,
	field.City, field.Region, field.Country, field.CountryCode, field.LocationCreated,
	field.Headline, field.Title, field.Keywords, field.Copyright, field.Instructions,
	field.JobID, field.CaptionWriter,
	field.Sublocation, field.Event, field.PersonInImage, field.UsageTerms,
	// Only a template gives these (Template).
	field.WebStatement, field.CreatorContact, field.CreatorTitle, field.Genre,
	field.SubjectCode, field.Category, field.SupplementalCategories, field.Urgency,
	field.PairedBy, field.CaptionMark,
}

// templateOnly are the fields of owned that only a template gives, in
// the order written.
var templateOnly = owned[len(owned)-10 : len(owned)-2]

// Owns reports whether f is the field of one of captag's properties: what
// Properties may write and Merge replaces.
func Owns(f field.ID) bool {
	for _, o := range owned {
		if o == f {
			return true
		}
	}
	return false
}

// TemplateOnly reports whether f is one of captag's fields that only a
// template gives (the Web Statement, the creator's contact info and job
// title, the IIM-era fields): without a template captag never sets it,
// and carries the image's value as it is.
func TemplateOnly(f field.ID) bool {
	for _, o := range templateOnly {
		if o == f {
			return true
		}
	}
	return false
}

// ownedLocation are the fields captag sets in the Location struct of
// Iptc4xmpExt:LocationCreated, in its order (field.ID.Location names each
// member).
var ownedLocation = [...]field.ID{field.City, field.Region, field.Country, field.CountryCode, field.Sublocation}

// qname returns the "prefix:Name" of a captag property.
func qname(ns, name string) string {
	for _, f := range owned {
		if p := f.XMP(); p.NS == ns && p.Name == name {
			return p.QName()
		}
	}
	return ns + name
}

// Properties returns what captag writes for rec, in its fixed order:
// dc:description (Lang Alt) = the caption text; dc:creator (Seq) = the
// creators as the caption writes them (rec.WrittenCreators: "JOSEPH EID",
// not "Joseph Eid"); photoshop:Credit = the agency as the caption writes
// it (rec.WrittenAgency: "EPA-EFE", "REUTERS"); photoshop:Source = the
// record's own Source (a CSV or JSON column) when it names an agency or is
// an agency's code (caption.LookupAgency, caption.SourceCode), else that
// same agency;
// photoshop:DateCreated = the caption date (see DateCreated);
// photoshop:City/State/Country, Iptc4xmpCore:CountryCode (see CountryCode)
// and Iptc4xmpExt:LocationCreated (a Bag of one Location struct) from the
// dateline; photoshop:Headline, dc:title (Lang Alt), dc:subject (Bag),
// dc:rights (Lang Alt), photoshop:Instructions,
// photoshop:TransmissionReference, Iptc4xmpCore:Location (also the
// Sublocation of LocationCreated), Iptc4xmpExt:Event (Lang Alt),
// Iptc4xmpExt:PersonInImage (Bag), xmpRights:UsageTerms (Lang Alt) from
// the CSV/JSON columns; and photoshop:CaptionWriter from opt. Empty
// values are left out.
//
// With opt.Template, each of these the caption leaves empty is the
// template's value, through the same mapping (field.ID.Node) — the place
// fields (city, region, country, its code, sub-location) as one: the
// template's only when the caption names no place — and the
// fields only a template gives follow (templateOnly: the Web Statement,
// the creator's contact info and job title, the IIM-era fields). The
// caption's own values always win; captag's mark is the caption's.
//
// Values are cleaned for XML: invalid UTF-8 becomes U+FFFD, characters XML
// forbids are removed, line ends become "\n", and leading and trailing
// white space is trimmed — so that what is written reads back equal.
func Properties(rec caption.Record, img *metadata.Image, opt Options) []*xmp.Node {
	var out []*xmp.Node
	add := func(n *xmp.Node) {
		if n != nil {
			out = append(out, n)
		}
	}
	tpl := opt.Template
	text := func(f field.ID, v string) *xmp.Node {
		if v = cleanText(v); v == "" {
			return tpl.Node(f)
		}
		return f.Node(v)
	}
	list := func(f field.ID, vs []string) *xmp.Node {
		if n := f.Node(cleanList(vs)...); n != nil {
			return n
		}
		return tpl.Node(f)
	}
	value := func(f field.ID, v string) {
		if v != "" {
			add(f.Node(v))
		}
	}
	agency := cleanText(rec.WrittenAgency())
	source := agency
	if src := cleanText(rec.Source); src != "" && agency != "" && namesAgency(src) {
		source = src
	}
	city, region, country, code, sub := placeOf(rec, tpl)

	add(text(field.Description, rec.Text))
	add(list(field.Creator, rec.WrittenCreators()))
	add(text(field.Credit, agency))
	add(text(field.Source, source))
	add(text(field.DateCreated, DateCreated(rec, img)))
	value(field.City, city)
	value(field.Region, region)
	value(field.Country, country)
	value(field.CountryCode, code)
	if loc := locationStruct(city, region, country, code, sub); loc != nil {
		lc := field.LocationCreated.XMP()
		add(&xmp.Node{NS: lc.NS, Name: lc.Name, Kind: lc.Kind, Items: []*xmp.Node{loc}})
	}
	add(text(field.Headline, rec.Headline))
	add(text(field.Title, rec.Title))
	add(list(field.Keywords, rec.Keywords))
	add(text(field.Copyright, rec.Copyright))
	add(text(field.Instructions, rec.Instructions))
	add(text(field.JobID, rec.JobID))
	add(text(field.CaptionWriter, opt.CaptionWriter))
	value(field.Sublocation, sub)
	add(text(field.Event, rec.Event))
	add(list(field.PersonInImage, rec.PersonsShown))
	add(text(field.UsageTerms, rec.UsageTerms))
	for _, f := range templateOnly {
		add(tpl.Node(f))
	}
	if desc := cleanText(rec.Text); desc != "" && opt.PairedBy != "" {
		add(field.PairedBy.Node(opt.PairedBy))
		add(field.CaptionMark.Node(metadata.CaptionDigest(desc)))
	}
	return out
}

// placeOf returns the place Properties writes for rec: the caption's
// city, region, country (with its ISO code) and sub-location, cleaned.
// The place is one unit: a template's place fields (a desk's home city)
// are taken only when the caption names no place at all, never beside
// the caption's city a region of another.
func placeOf(rec caption.Record, tpl *Template) (city, region, country, code, sub string) {
	city, region, country, sub = cleanText(rec.City), cleanText(rec.Region), cleanText(rec.Country), cleanText(rec.Sublocation)
	if city+region+country+sub != "" {
		return city, region, country, names.CountryCode(country), sub
	}
	city, region, country, sub = tpl.Text(field.City), tpl.Text(field.Region), tpl.Text(field.Country), tpl.Text(field.Sublocation)
	if code = tpl.Text(field.CountryCode); code == "" {
		code = names.CountryCode(country)
	}
	return city, region, country, code, sub
}

// namesAgency reports whether a Source value is an agency's name or code.
func namesAgency(src string) bool {
	if _, ok := caption.LookupAgency(src); ok {
		return true
	}
	_, ok := caption.SourceCode(src)
	return ok
}

// SameProperties reports whether two records give img the same
// properties (Properties), so that one sidecar serves both: a caption
// file that lists a RAW+JPEG picture's caption once per file.
func SameProperties(a, b caption.Record, img *metadata.Image, opt Options) bool {
	return equalNodes(Properties(a, img, opt), Properties(b, img, opt))
}

// locationStruct is the Location struct of Iptc4xmpExt:LocationCreated, or
// nil when no field has a value.
func locationStruct(city, region, country, code, sub string) *xmp.Node {
	loc := &xmp.Node{Kind: xmp.KindStruct}
	ns := field.LocationCreated.XMP().NS
	for i, f := range ownedLocation {
		if v := [...]string{city, region, country, code, sub}[i]; v != "" {
			loc.Fields = append(loc.Fields, xmp.Simple(ns, f.Location(), v))
		}
	}
	if len(loc.Fields) == 0 {
		return nil
	}
	return loc
}

// DateCreated returns the photoshop:DateCreated value for rec: the
// caption's calendar date ("2016-12-19"), carrying the image's time and
// offset when the image's date (metadata.Image.CaptureDate) falls on that
// same day ("2016-12-19T14:05:00+03:00", or "2016-12-19T14:05:00" when the
// image states no offset; a fraction of a second is kept). It returns ""
// when the caption's year is unknown, "2016-12" or "2016" for captions
// dated only that far (not a year that was only inferred), and "" for a
// decade, which XMP cannot state.
//
// A year the caption wrote with two digits ("05.10.06") has a century the
// parser guessed (caption.Record.TwoDigitYear); only an image date, which
// check's InferYear settles it by, makes it known: without one no date is
// written.
func DateCreated(rec caption.Record, img *metadata.Image) string {
	k := rec.Date
	if !k.YearKnown() || !k.Valid() {
		return ""
	}
	if _, dated := img.CaptureDate(); rec.TwoDigitYear && !dated {
		return "" // a guessed century is not written
	}
	switch k.Precision {
	case date.PrecYear:
		if rec.DateInferred {
			return "" // an inferred year alone says nothing of the caption
		}
		return k.String()
	case date.PrecMonth:
		return k.String()
	case date.PrecDay:
	default:
		return ""
	}
	d, ok := img.CaptureDate()
	if !ok || d.Precision < date.PrecMinute || d.Calendar() != k {
		return k.String()
	}
	return d.String()
}

// cleanList cleans each value and drops the empty ones and repeats.
func cleanList(vs []string) []string {
	var out []string
	seen := make(map[string]bool, len(vs))
	for _, v := range vs {
		v = cleanText(v)
		if v == "" || seen[v] {
			continue
		}
		seen[v] = true
		out = append(out, v)
	}
	return out
}

// cleanText makes v safe to write as XML text and stable under a round
// trip: invalid UTF-8 becomes U+FFFD, CR LF and lone CR become LF,
// characters XML 1.0 forbids are removed, and the ends are trimmed.
func cleanText(v string) string {
	if !utf8.ValidString(v) {
		v = strings.ToValidUTF8(v, "\uFFFD")
	}
	if strings.IndexFunc(v, needsCleaning) < 0 {
		return strings.TrimSpace(v)
	}
	v = strings.ReplaceAll(v, "\r\n", "\n")
	v = strings.Map(func(r rune) rune {
		switch {
		case r == '\r':
			return '\n'
		case !xmp.IsChar(r):
			return -1
		}
		return r
	}, v)
	return strings.TrimSpace(v)
}

func needsCleaning(r rune) bool { return r == '\r' || !xmp.IsChar(r) }
