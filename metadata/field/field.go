// Package field is THE field table: for each field a caption carries, the
// EXIF tag that holds it (if any), its IPTC-IIM dataset with the byte
// limit and whether it repeats, its XMP property with the property's form,
// the member of Iptc4xmpExt:LocationCreated that also holds it, and the
// names reports give it. Every reader, writer and check of captag asks
// this table rather than spell a dataset number or a property name of its
// own; where a caller needs something special it keeps a small rule of
// its own keyed by an ID, never a copy of the mapping.
//
// The facts are those of the IPTC Photo Metadata Standard (IPTC Core and
// Extension, IIM 4.2), the MWG guidelines for the EXIF tags, and
// exiftool's tag names (the names a desk finds in exiftool's output);
// TestTableMatchesIPTC ties each row to them.
//
// The package imports only metadata/xmp (namespace URIs and value forms).
package field

import (
	"strconv"
	"strings"

	"github.com/captag/captag/metadata/xmp"
)

// ID names one field.
type ID uint8

// The fields. The order means one thing: the location fields come in the
// order of their members in a Location struct (City, ProvinceState,
// CountryName, CountryCode, Sublocation), the order captag reads and
// writes them; a caller that needs another order keeps its own list of
// IDs.
const (
	None          ID = iota
	Description      // Description (Caption/Abstract)
	Headline         // Headline
	Title            // Title (Object Name)
	DateCreated      // Date Created (its calendar date: IIM 2:55)
	TimeCreated      // Date Created's time (IIM 2:60); XMP holds it in photoshop:DateCreated
	City             // City (legacy)
	Region           // Province/State (legacy)
	Country          // Country (legacy)
	CountryCode      // Country Code (legacy)
	Sublocation      // Sublocation (legacy)
	Creator          // Creator (By-line)
	CreatorTitle     // Creator's Job Title (By-line Title)
	Credit           // Credit Line (Credit)
	Source           // Source
	Copyright        // Copyright Notice
	CaptionWriter    // Description Writer (Writer/Editor)
	Keywords         // Keywords
	Instructions     // Instructions (Special Instructions)
	JobID            // Job Id (Original Transmission Reference)
	Genre            // Intellectual Genre (Object Attribute Reference)
	Urgency          // Urgency (deprecated in IPTC Core, still mapped by Adobe)
	SubjectCode      // Subject Code (Subject Reference)
	Category         // Category (deprecated)
	SupplementalCategories
	LocationCreated // Location Created (IPTC Extension): a Bag of one Location struct
	PairedBy        // captag's mark: how the caption was paired (captag:PairedBy)
	CaptionMark     // captag's mark: the digest of the caption written (captag:Caption)
	Event           // Event (IPTC Extension): Iptc4xmpExt:Event, a Lang Alt
	PersonInImage   // Person Shown (IPTC Extension): Iptc4xmpExt:PersonInImage, a Bag
	UsageTerms      // Rights Usage Terms (IPTC Core): xmpRights:UsageTerms, a Lang Alt
	WebStatement    // Web Statement of Rights (IPTC Extension): xmpRights:WebStatement, a URL
	CreatorContact  // Creator's Contact Info (IPTC Core): Iptc4xmpCore:CreatorContactInfo, a struct
	count
)

// Dataset is an IIM record and dataset number ("2:120").
type Dataset struct{ Record, Number uint8 }

// String is "2:120", "2:05": the number in two digits at least, as IIM
// and exiftool write it.
func (d Dataset) String() string {
	n := strconv.Itoa(int(d.Number))
	if len(n) < 2 {
		n = "0" + n
	}
	return strconv.Itoa(int(d.Record)) + ":" + n
}

// IsZero reports whether there is no dataset.
func (d Dataset) IsZero() bool { return d == Dataset{} }

// Prop is an XMP property: namespace URI, usual prefix, local name and
// form.
type Prop struct {
	NS, Prefix, Name string
	Kind             xmp.Kind
}

// QName is "dc:description"; "" for no property.
func (p Prop) QName() string {
	if p.Name == "" {
		return ""
	}
	return p.Prefix + ":" + p.Name
}

// Tag is an EXIF (TIFF) tag: its number, the IFD it belongs in ("IFD0",
// "ExifIFD", as exiftool groups them) and its name.
type Tag struct {
	IFD    string
	Number uint16
	Name   string
}

// Row is one field: its line of the table.
type Row struct {
	ID   ID
	Name string // the IPTC property name ("Credit Line")

	EXIF Tag // the tag MWG maps to the field; zero for none

	IIM        Dataset // zero for none
	IIMName    string  // as IIM 4.2 names the dataset ("Copyright Notice")
	IIMTag     string  // as exiftool names it ("CopyrightNotice"): the report label
	Limit      int     // the most bytes a value may have (each value, when repeatable)
	Repeatable bool    // several datasets make a list

	XMP Prop // zero for none

	// Location is the member of the Location struct of
	// Iptc4xmpExt:LocationCreated that holds the field too ("City",
	// "ProvinceState"); "" for none.
	Location string

	// Adobe says that Adobe's XMP Toolkit takes the dataset into the XMP
	// property when it reads the IIM (its kKnownDataSets and the
	// Exif-IIM-XMP three-way set).
	Adobe bool
}

// The usual prefixes of the namespaces the table names.
const (
	preDC   = "dc"
	prePS   = "photoshop"
	preCore = "Iptc4xmpCore"
	preExt  = "Iptc4xmpExt"
	preCap  = "captag"
	preRts  = "xmpRights"
)

func dc(name string, k xmp.Kind) Prop   { return Prop{xmp.NSdc, preDC, name, k} }
func ps(name string) Prop               { return Prop{xmp.NSphotoshop, prePS, name, xmp.KindSimple} }
func psBag(name string) Prop            { return Prop{xmp.NSphotoshop, prePS, name, xmp.KindBag} }
func core(name string, k xmp.Kind) Prop { return Prop{xmp.NSIptc4xmpCore, preCore, name, k} }
func iim2(n uint8) Dataset              { return Dataset{2, n} }

// table is the rows, indexed by ID (see rows). It is never written after
// it is built; callers read it through the functions below, which hand out
// copies.
var table = rows([count]Row{
	Description: {Name: "Description", EXIF: Tag{"IFD0", 0x010E, "ImageDescription"},
		IIM: iim2(120), IIMName: "Caption-Abstract", IIMTag: "Caption-Abstract", Limit: 2000,
		XMP: dc("description", xmp.KindAlt), Adobe: true},
	Headline: {Name: "Headline", IIM: iim2(105), IIMName: "Headline", IIMTag: "Headline", Limit: 256,
		XMP: ps("Headline"), Adobe: true},
	Title: {Name: "Title", IIM: iim2(5), IIMName: "Object Name", IIMTag: "ObjectName", Limit: 64,
		XMP: dc("title", xmp.KindAlt), Adobe: true},
	DateCreated: {Name: "Date Created", EXIF: Tag{"ExifIFD", 0x9003, "DateTimeOriginal"},
		IIM: iim2(55), IIMName: "Date Created", IIMTag: "DateCreated", Limit: 8,
		XMP: ps("DateCreated"), Adobe: true},
	TimeCreated: {Name: "Date Created", IIM: iim2(60), IIMName: "Time Created", IIMTag: "TimeCreated", Limit: 11},
	City: {Name: "City", IIM: iim2(90), IIMName: "City", IIMTag: "City", Limit: 32,
		XMP: ps("City"), Location: "City", Adobe: true},
	Sublocation: {Name: "Sublocation", IIM: iim2(92), IIMName: "Sub-location", IIMTag: "Sub-location", Limit: 32,
		XMP: core("Location", xmp.KindSimple), Location: "Sublocation", Adobe: true},
	Region: {Name: "Province/State", IIM: iim2(95), IIMName: "Province-State", IIMTag: "Province-State", Limit: 32,
		XMP: ps("State"), Location: "ProvinceState", Adobe: true},
	Country: {Name: "Country", IIM: iim2(101), IIMName: "Country", IIMTag: "Country-PrimaryLocationName", Limit: 64,
		XMP: ps("Country"), Location: "CountryName", Adobe: true},
	CountryCode: {Name: "Country Code", IIM: iim2(100), IIMName: "Country Code", IIMTag: "Country-PrimaryLocationCode", Limit: 3,
		XMP: core("CountryCode", xmp.KindSimple), Location: "CountryCode", Adobe: true},
	Creator: {Name: "Creator", EXIF: Tag{"IFD0", 0x013B, "Artist"},
		IIM: iim2(80), IIMName: "By-line", IIMTag: "By-line", Limit: 32, Repeatable: true,
		XMP: dc("creator", xmp.KindSeq), Adobe: true},
	CreatorTitle: {Name: "Creator's Job Title", IIM: iim2(85), IIMName: "By-line Title", IIMTag: "By-lineTitle", Limit: 32, Repeatable: true,
		XMP: ps("AuthorsPosition"), Adobe: true},
	Credit: {Name: "Credit Line", IIM: iim2(110), IIMName: "Credit", IIMTag: "Credit", Limit: 32,
		XMP: ps("Credit"), Adobe: true},
	Source: {Name: "Source", IIM: iim2(115), IIMName: "Source", IIMTag: "Source", Limit: 32,
		XMP: ps("Source"), Adobe: true},
	Copyright: {Name: "Copyright Notice", EXIF: Tag{"IFD0", 0x8298, "Copyright"},
		IIM: iim2(116), IIMName: "Copyright Notice", IIMTag: "CopyrightNotice", Limit: 128,
		XMP: dc("rights", xmp.KindAlt), Adobe: true},
	CaptionWriter: {Name: "Description Writer", IIM: iim2(122), IIMName: "Writer-Editor", IIMTag: "Writer-Editor", Limit: 32, Repeatable: true,
		XMP: ps("CaptionWriter"), Adobe: true},
	Keywords: {Name: "Keywords", IIM: iim2(25), IIMName: "Keywords", IIMTag: "Keywords", Limit: 64, Repeatable: true,
		XMP: dc("subject", xmp.KindBag), Adobe: true},
	Instructions: {Name: "Instructions", IIM: iim2(40), IIMName: "Special Instructions", IIMTag: "SpecialInstructions", Limit: 256,
		XMP: ps("Instructions"), Adobe: true},
	JobID: {Name: "Job Id", IIM: iim2(103), IIMName: "Original Transmission Reference", IIMTag: "OriginalTransmissionReference", Limit: 32,
		XMP: ps("TransmissionReference"), Adobe: true},
	Genre: {Name: "Intellectual Genre", IIM: iim2(4), IIMName: "Object Attribute Reference", IIMTag: "ObjectAttributeReference", Limit: 68, Repeatable: true,
		XMP: core("IntellectualGenre", xmp.KindSimple), Adobe: true},
	Urgency: {Name: "Urgency", IIM: iim2(10), IIMName: "Urgency", IIMTag: "Urgency", Limit: 1,
		XMP: ps("Urgency"), Adobe: true},
	SubjectCode: {Name: "Subject Code", IIM: iim2(12), IIMName: "Subject Reference", IIMTag: "SubjectReference", Limit: 236, Repeatable: true,
		XMP: core("SubjectCode", xmp.KindBag), Adobe: true},
	Category: {Name: "Category", IIM: iim2(15), IIMName: "Category", IIMTag: "Category", Limit: 3,
		XMP: ps("Category"), Adobe: true},
	SupplementalCategories: {Name: "Supplemental Categories", IIM: iim2(20), IIMName: "Supplemental Category", IIMTag: "SupplementalCategories", Limit: 32, Repeatable: true,
		XMP: psBag("SupplementalCategories"), Adobe: true},
	LocationCreated: {Name: "Location Created", XMP: Prop{xmp.NSIptc4xmpExt, preExt, "LocationCreated", xmp.KindBag}},
	PairedBy:        {Name: "captag pairing", XMP: Prop{xmp.NScaptag, preCap, "PairedBy", xmp.KindSimple}},
	CaptionMark:     {Name: "captag caption digest", XMP: Prop{xmp.NScaptag, preCap, "Caption", xmp.KindSimple}},
	// IPTC Photo Metadata Standard 2023.1: Event (Iptc4xmpExt:Event, Lang
	// Alt), Person Shown (Iptc4xmpExt:PersonInImage, Bag of Text), Rights
	// Usage Terms (xmpRights:UsageTerms, Lang Alt), Web Statement of Rights
	// (xmpRights:WebStatement, URL), Creator's Contact Info
	// (Iptc4xmpCore:CreatorContactInfo, a ContactInfo struct); none has an
	// IIM dataset or an EXIF tag.
	Event:          {Name: "Event", XMP: Prop{xmp.NSIptc4xmpExt, preExt, "Event", xmp.KindAlt}},
	PersonInImage:  {Name: "Person Shown", XMP: Prop{xmp.NSIptc4xmpExt, preExt, "PersonInImage", xmp.KindBag}},
	UsageTerms:     {Name: "Rights Usage Terms", XMP: Prop{xmp.NSxmpRights, preRts, "UsageTerms", xmp.KindAlt}},
	WebStatement:   {Name: "Web Statement of Rights", XMP: Prop{xmp.NSxmpRights, preRts, "WebStatement", xmp.KindSimple}},
	CreatorContact: {Name: "Creator's Contact Info", XMP: core("CreatorContactInfo", xmp.KindStruct)},
})

// rows returns t with each row's ID set.
func rows(t [count]Row) [count]Row {
	for i := range t {
		t[i].ID = ID(i)
	}
	return t
}

// byRecord2 is the field of each record-2 dataset number (None for the
// others), so that a reader looks a dataset up without a walk of the
// table.
var byRecord2 = func() (m [256]ID) {
	for _, r := range table {
		if r.IIM.Record == 2 {
			m[r.IIM.Number] = r.ID
		}
	}
	return m
}()

// All returns every field's row, in ID order (None left out).
func All() []Row {
	return append([]Row(nil), table[1:]...)
}

// IDs returns every field's ID, in order (None left out).
func IDs() []ID {
	ids := make([]ID, 0, count-1)
	for id := None + 1; id < count; id++ {
		ids = append(ids, id)
	}
	return ids
}

// Row returns the field's row; the zero Row for None or an unknown ID.
func (id ID) Row() Row {
	if id == None || id >= count {
		return Row{}
	}
	return table[id]
}

// IIM, XMP, EXIF, Limit, Location and IIMTag are the columns of the
// field's row.
func (id ID) IIM() Dataset     { return id.Row().IIM }
func (id ID) XMP() Prop        { return id.Row().XMP }
func (id ID) EXIF() Tag        { return id.Row().EXIF }
func (id ID) Limit() int       { return id.Row().Limit }
func (id ID) Location() string { return id.Row().Location }
func (id ID) IIMTag() string   { return id.Row().IIMTag }

// String is the IPTC property name ("Copyright Notice").
func (id ID) String() string {
	if r := id.Row(); r.Name != "" {
		return r.Name
	}
	return "field " + strconv.Itoa(int(id))
}

// IIMRef names the field's dataset as embed reports and IIM warnings do:
// "2:120 Caption-Abstract"; "" when it has none.
func (id ID) IIMRef() string {
	r := id.Row()
	if r.IIM.IsZero() {
		return ""
	}
	return r.IIM.String() + " " + r.IIMName
}

// EXIFRef names the field's EXIF tag as embed reports do: "IFD0 Artist";
// "" when it has none.
func (id ID) EXIFRef() string {
	t := id.EXIF()
	if t.Name == "" {
		return ""
	}
	return t.IFD + " " + t.Name
}

// ByDataset returns the field IIM dataset record:number holds; None when
// the table has none.
func ByDataset(record, number uint8) ID {
	if record != 2 {
		return None // the table holds record 2 only
	}
	return byRecord2[number]
}

// ByXMP returns the field the top-level XMP property (ns, name) holds, as
// spelled; None when the table has none.
func ByXMP(ns, name string) ID {
	for _, r := range table {
		if r.XMP.Name == name && r.XMP.NS == ns && name != "" {
			return r.ID
		}
	}
	return None
}

// ByXMPFold returns the field whose top-level XMP property in namespace
// ns is name in any case ("Creator" for dc:creator); None when the table
// has none. No two properties of one namespace differ only in case.
func ByXMPFold(ns, name string) ID {
	for _, r := range table {
		if len(r.XMP.Name) == len(name) && r.XMP.NS == ns && name != "" && strings.EqualFold(r.XMP.Name, name) {
			return r.ID
		}
	}
	return None
}

// ByEXIF returns the field EXIF tag number holds; None when the table has
// none.
func ByEXIF(number uint16) ID {
	for _, r := range table {
		if r.EXIF.Number == number && number != 0 {
			return r.ID
		}
	}
	return None
}

// Named returns the field a change name of an embedding names — its IIM
// dataset ("2:116 Copyright Notice", IIMRef), XMP property ("dc:rights",
// QName) or EXIF tag ("IFD0 Copyright", EXIFRef); None for any other
// name.
func Named(name string) ID {
	for _, r := range table {
		if name == "" {
			break
		}
		if name == r.ID.IIMRef() || name == r.XMP.QName() || name == r.ID.EXIFRef() {
			return r.ID
		}
	}
	return None
}

// Prefix is the usual prefix of namespace ns among the table's
// properties ("dc"); "" for another namespace.
func Prefix(ns string) string {
	for _, r := range table {
		if r.XMP.NS == ns && ns != "" {
			return r.XMP.Prefix
		}
	}
	return ""
}

// Node is the XMP property of the field holding values, in the field's
// form: a simple value or a language alternative of the first, an array
// of all; nil when the field has no XMP property, its form is a struct
// (values do not make one), or values is empty.
func (id ID) Node(values ...string) *xmp.Node {
	p := id.XMP()
	if p.Name == "" || len(values) == 0 || p.Kind == xmp.KindStruct {
		return nil
	}
	switch p.Kind {
	case xmp.KindAlt:
		return xmp.LangAlt(p.NS, p.Name, values[0])
	case xmp.KindSeq:
		return xmp.SeqOf(p.NS, p.Name, values...)
	case xmp.KindBag:
		return xmp.BagOf(p.NS, p.Name, values...)
	}
	return xmp.Simple(p.NS, p.Name, values[0])
}
