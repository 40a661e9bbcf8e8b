package field

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/captag/captag/metadata/xmp"
)

// iptcFacts is the property table of the domain notes (§1.2 "Caption-
// relevant IPTC Core properties", from the IPTC Photo Metadata Standard,
// IIM 4.2 and the MWG guidelines), one line per row: XMP property, its
// value type, IIM dataset ("+" repeatable), IIM max bytes, EXIF tag.
var iptcFacts = []struct {
	id         ID
	qname      string
	kind       xmp.Kind
	dataset    string
	repeatable bool
	limit      int
	exif       uint16
}{
	{Description, "dc:description", xmp.KindAlt, "2:120", false, 2000, 0x010E},
	{Headline, "photoshop:Headline", xmp.KindSimple, "2:105", false, 256, 0},
	{Title, "dc:title", xmp.KindAlt, "2:05", false, 64, 0},
	{DateCreated, "photoshop:DateCreated", xmp.KindSimple, "2:55", false, 8, 0x9003},
	{TimeCreated, "", xmp.KindSimple, "2:60", false, 11, 0},
	{City, "photoshop:City", xmp.KindSimple, "2:90", false, 32, 0},
	{Sublocation, "Iptc4xmpCore:Location", xmp.KindSimple, "2:92", false, 32, 0},
	{Region, "photoshop:State", xmp.KindSimple, "2:95", false, 32, 0},
	{Country, "photoshop:Country", xmp.KindSimple, "2:101", false, 64, 0},
	{CountryCode, "Iptc4xmpCore:CountryCode", xmp.KindSimple, "2:100", false, 3, 0},
	{Creator, "dc:creator", xmp.KindSeq, "2:80", true, 32, 0x013B},
	{CreatorTitle, "photoshop:AuthorsPosition", xmp.KindSimple, "2:85", true, 32, 0},
	{Credit, "photoshop:Credit", xmp.KindSimple, "2:110", false, 32, 0},
	{Source, "photoshop:Source", xmp.KindSimple, "2:115", false, 32, 0},
	{Copyright, "dc:rights", xmp.KindAlt, "2:116", false, 128, 0x8298},
	{CaptionWriter, "photoshop:CaptionWriter", xmp.KindSimple, "2:122", true, 32, 0},
	{Keywords, "dc:subject", xmp.KindBag, "2:25", true, 64, 0},
	{Instructions, "photoshop:Instructions", xmp.KindSimple, "2:40", false, 256, 0},
	{JobID, "photoshop:TransmissionReference", xmp.KindSimple, "2:103", false, 32, 0},
	// IPTC Photo Metadata Standard 2023.1 (IPTC Core and Extension): these
	// have no IIM dataset and no EXIF tag.
	{Event, "Iptc4xmpExt:Event", xmp.KindAlt, "0:00", false, 0, 0},
	{PersonInImage, "Iptc4xmpExt:PersonInImage", xmp.KindBag, "0:00", false, 0, 0},
	{UsageTerms, "xmpRights:UsageTerms", xmp.KindAlt, "0:00", false, 0, 0},
	{WebStatement, "xmpRights:WebStatement", xmp.KindSimple, "0:00", false, 0, 0},
	{CreatorContact, "Iptc4xmpCore:CreatorContactInfo", xmp.KindStruct, "0:00", false, 0, 0},
}

func TestTableMatchesIPTC(t *testing.T) {
	for _, c := range iptcFacts {
		r := c.id.Row()
		if r.ID != c.id {
			t.Fatalf("%v: Row().ID = %v", c.id, r.ID)
		}
		if got := r.IIM.String(); got != c.dataset {
			t.Errorf("%v: dataset %s, IPTC says %s", c.id, got, c.dataset)
		}
		if r.Repeatable != c.repeatable {
			t.Errorf("%v: repeatable %v, IPTC says %v", c.id, r.Repeatable, c.repeatable)
		}
		if r.Limit != c.limit {
			t.Errorf("%v: limit %d bytes, IPTC says %d", c.id, r.Limit, c.limit)
		}
		if got := r.XMP.QName(); got != c.qname {
			t.Errorf("%v: XMP %q, IPTC says %q", c.id, got, c.qname)
		}
		if c.qname != "" && r.XMP.Kind != c.kind {
			t.Errorf("%v: XMP form %v, IPTC says %v", c.id, r.XMP.Kind, c.kind)
		}
		if r.EXIF.Number != c.exif {
			t.Errorf("%v: EXIF tag %#04x, MWG says %#04x", c.id, r.EXIF.Number, c.exif)
		}
		if got := ByDataset(r.IIM.Record, r.IIM.Number); got != c.id && !r.IIM.IsZero() {
			t.Errorf("ByDataset(%s) = %v, want %v", c.dataset, got, c.id)
		}
	}
}

// TestTableMatchesDomainNotes reads the property table of the domain
// notes themselves, when they are beside the repository, and checks that
// the table says what each of its rows says.
func TestTableMatchesDomainNotes(t *testing.T) {
	path := filepath.Join("..", "..", "..", "shared", "reference", "domain-notes.md")
	b, err := os.ReadFile(path)
	if err != nil {
		t.Skipf("domain notes not found beside the repository (%v); TestTableMatchesIPTC holds their facts", err)
	}
	text := string(b)
	start := strings.Index(text, "| IPTC property (IIM name) |")
	if start < 0 {
		t.Fatal("domain notes: expected the property table (\"| IPTC property (IIM name) |\"), found none")
	}
	dataset := regexp.MustCompile(`([0-9]):([0-9]{2,3})( \+)?`)
	hex := regexp.MustCompile(`0x([0-9A-Fa-f]{4})`)
	rowsRead := 0
	for _, line := range strings.Split(text[start:], "\n")[2:] {
		if !strings.HasPrefix(line, "|") {
			break
		}
		cells := strings.Split(strings.Trim(line, "|"), "|")
		if len(cells) != 6 {
			t.Fatalf("domain notes: expected 6 cells, found %d in %q", len(cells), line)
		}
		q := strings.Trim(strings.TrimSpace(cells[1]), "`")
		m := dataset.FindStringSubmatch(cells[3])
		if m == nil {
			t.Fatalf("domain notes: expected an IIM dataset in %q", cells[3])
		}
		rec, _ := strconv.Atoi(m[1])
		num, _ := strconv.Atoi(m[2])
		id := ByDataset(uint8(rec), uint8(num))
		if id == None {
			t.Errorf("domain notes: %s (%s) is not in the table", m[0], q)
			continue
		}
		rowsRead++
		r := id.Row()
		if r.XMP.QName() != q {
			t.Errorf("%s: XMP %q, the notes say %q", m[0], r.XMP.QName(), q)
		}
		if r.Repeatable != (m[3] != "") {
			t.Errorf("%s: repeatable %v, the notes say %v", m[0], r.Repeatable, m[3] != "")
		}
		limit, _ := strconv.Atoi(strings.Fields(cells[4])[0])
		if r.Limit != limit {
			t.Errorf("%s: limit %d, the notes say %d", m[0], r.Limit, limit)
		}
		kind := xmp.KindSimple
		switch typ := cells[2]; {
		case strings.Contains(typ, "Lang Alt"):
			kind = xmp.KindAlt
		case strings.Contains(typ, "Seq"):
			kind = xmp.KindSeq
		case strings.Contains(typ, "Bag"):
			kind = xmp.KindBag
		}
		if r.XMP.Kind != kind {
			t.Errorf("%s: XMP form %v, the notes say %q", m[0], r.XMP.Kind, strings.TrimSpace(cells[2]))
		}
		var tag uint16
		if h := hex.FindStringSubmatch(cells[5]); h != nil {
			n, _ := strconv.ParseUint(h[1], 16, 16)
			tag = uint16(n)
		}
		if r.EXIF.Number != tag {
			t.Errorf("%s: EXIF tag %#04x, the notes say %#04x", m[0], r.EXIF.Number, tag)
		}
	}
	if rowsRead < len(iptcFacts)-1-5 { // the notes give 2:55 and 2:60 on one line; 5 rows have no dataset
		t.Errorf("domain notes: read %d rows, expected %d", rowsRead, len(iptcFacts)-1)
	}
}

// TestTableIsOneMapping: no dataset, property or tag is two fields', each
// row is complete, and each name a report gives leads back to its field.
func TestTableIsOneMapping(t *testing.T) {
	datasets, props, tags := map[Dataset]ID{}, map[string]ID{}, map[uint16]ID{}
	for _, r := range All() {
		if r.ID == None || r.Name == "" {
			t.Errorf("row %d: no ID or name", r.ID)
		}
		if !r.IIM.IsZero() {
			if o, dup := datasets[r.IIM]; dup {
				t.Errorf("%s is both %v's and %v's", r.IIM, o, r.ID)
			}
			datasets[r.IIM] = r.ID
			if r.Limit <= 0 || r.IIMName == "" || r.IIMTag == "" {
				t.Errorf("%v: dataset %s without a limit, IIM name or exiftool name", r.ID, r.IIM)
			}
			if Named(r.ID.IIMRef()) != r.ID {
				t.Errorf("Named(%q) = %v, want %v", r.ID.IIMRef(), Named(r.ID.IIMRef()), r.ID)
			}
		}
		if q := r.XMP.QName(); q != "" {
			if o, dup := props[q]; dup {
				t.Errorf("%s is both %v's and %v's", q, o, r.ID)
			}
			props[q] = r.ID
			folded := r.XMP.NS + strings.ToLower(r.XMP.Name)
			if o, dup := props[folded]; dup {
				t.Errorf("%s and %v's property differ only in case", q, o)
			}
			props[folded] = r.ID
			if ByXMPFold(r.XMP.NS, strings.ToUpper(r.XMP.Name)) != r.ID {
				t.Errorf("ByXMPFold(%s in upper case) = %v, want %v", q, ByXMPFold(r.XMP.NS, strings.ToUpper(r.XMP.Name)), r.ID)
			}
			if ByXMP(r.XMP.NS, r.XMP.Name) != r.ID || Named(q) != r.ID || Prefix(r.XMP.NS) != r.XMP.Prefix {
				t.Errorf("%v: %s does not lead back to it", r.ID, q)
			}
			if n := r.ID.Node("a", "b"); r.XMP.Kind == xmp.KindStruct && n != nil || r.XMP.Kind != xmp.KindStruct && (n == nil || n.Kind != r.XMP.Kind) {
				t.Errorf("%v: Node is %v, want the form %v", r.ID, n, r.XMP.Kind)
			}
		}
		if r.EXIF.Number != 0 {
			if o, dup := tags[r.EXIF.Number]; dup {
				t.Errorf("tag %#04x is both %v's and %v's", r.EXIF.Number, o, r.ID)
			}
			tags[r.EXIF.Number] = r.ID
			if ByEXIF(r.EXIF.Number) != r.ID || Named(r.ID.EXIFRef()) != r.ID || r.EXIF.IFD == "" {
				t.Errorf("%v: EXIF %s does not lead back to it", r.ID, r.ID.EXIFRef())
			}
		}
		if r.Location != "" && (r.XMP.Name == "" || r.IIM.IsZero()) {
			t.Errorf("%v: a Location member without a legacy property", r.ID)
		}
	}
	for _, c := range []struct {
		name string
		want ID
	}{
		{"2:116 Copyright Notice", Copyright},
		{"dc:rights", Copyright},
		{"IFD0 Copyright", Copyright},
		{"IFD0 Artist", Creator},
		{"2:120 Caption-Abstract", Description},
		{"1:90 Coded Character Set", None},
		{"EXIF Copyright", None}, // a report label, not a change name
		{"", None},
	} {
		if got := Named(c.name); got != c.want {
			t.Errorf("Named(%q) = %v, want %v", c.name, got, c.want)
		}
	}
	if ByDataset(1, 90) != None || ByDataset(2, 0) != None || ByXMP("", "") != None || ByXMPFold("", "") != None || ByEXIF(0) != None {
		t.Error("a lookup of nothing found a field")
	}
	if got := Title.IIMRef(); got != "2:05 Object Name" {
		t.Errorf("Title.IIMRef() = %q, want %q", got, "2:05 Object Name")
	}
}

func TestIDs(t *testing.T) {
	ids := IDs()
	if len(ids) != len(All()) || ids[0] != Description || ids[len(ids)-1] != CreatorContact {
		t.Errorf("IDs() = %v, want every field from Description to CreatorContact", ids)
	}
	for i, r := range All() {
		if ids[i] != r.ID {
			t.Errorf("IDs()[%d] = %v, All()[%d] is %v", i, ids[i], i, r.ID)
		}
	}
}

// TestLocationOrder: the location fields' IDs run in the order of their
// members in a Location struct, which readers and writers rely on.
func TestLocationOrder(t *testing.T) {
	var got []string
	for _, r := range All() {
		if r.Location != "" {
			got = append(got, r.Location)
		}
	}
	if want := "City ProvinceState CountryName CountryCode Sublocation"; strings.Join(got, " ") != want {
		t.Errorf("Location members in ID order: %q, want %q", strings.Join(got, " "), want)
	}
}
