package metadata

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/captag/captag/metadata/field"
	"github.com/captag/captag/metadata/xmp"
)

// xmpPacket wraps rdf:Description content in a packet declaring the
// namespaces captag reads.
func xmpPacket(desc string) string {
	return "<?xpacket begin=\"\ufeff\" id=\"W5M0MpCehiHzreSzNTczkc9d\"?>\n" +
		`<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">` +
		`<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/"` +
		` xmlns:photoshop="http://ns.adobe.com/photoshop/1.0/"` +
		` xmlns:Iptc4xmpCore="http://iptc.org/std/Iptc4xmpCore/1.0/xmlns/"` +
		` xmlns:Iptc4xmpExt="http://iptc.org/std/Iptc4xmpExt/2008-02-29/"` +
		` xmlns:exif="http://ns.adobe.com/exif/1.0/" xmlns:xmp="http://ns.adobe.com/xap/1.0/"` +
		` xmlns:xmpNote="http://ns.adobe.com/xmp/note/" xmlns:tiff="http://ns.adobe.com/tiff/1.0/"` +
		desc + `</rdf:Description></rdf:RDF></x:xmpmeta>` + "\n<?xpacket end=\"w\"?>"
}

// elementForm is an exiftool-style packet with every property captag reads.
const elementForm = `>
 <dc:creator><rdf:Seq><rdf:li>Aref Watad</rdf:li><rdf:li>عارف وتد</rdf:li></rdf:Seq></dc:creator>
 <dc:description><rdf:Alt><rdf:li xml:lang="x-default">ALEPPO, SYRIA - DECEMBER 19: Syrians wait.</rdf:li></rdf:Alt></dc:description>
 <dc:rights><rdf:Alt><rdf:li xml:lang="x-default">2016 Anadolu Agency</rdf:li></rdf:Alt></dc:rights>
 <dc:title><rdf:Alt><rdf:li xml:lang="x-default">SYRIA-CONFLICT-ALEPPO</rdf:li></rdf:Alt></dc:title>
 <dc:subject><rdf:Bag><rdf:li>Syria</rdf:li><rdf:li>Aleppo</rdf:li></rdf:Bag></dc:subject>
 <photoshop:Credit>Anadolu Agency</photoshop:Credit>
 <photoshop:Source>AA</photoshop:Source>
 <photoshop:Headline>Evacuation of Aleppo continues</photoshop:Headline>
 <photoshop:City>Aleppo</photoshop:City>
 <photoshop:State>Aleppo Governorate</photoshop:State>
 <photoshop:Country>Syria</photoshop:Country>
 <photoshop:DateCreated>2016-12-19T14:05:00+03:00</photoshop:DateCreated>
 <Iptc4xmpCore:Location>East Aleppo</Iptc4xmpCore:Location>
 <Iptc4xmpCore:CountryCode>SYR</Iptc4xmpCore:CountryCode>`

// attributeForm says the same in exiv2/Adobe compact form.
const attributeForm = `
 dc:format="image/jpeg" photoshop:Credit="Anadolu Agency" photoshop:Source="AA"
 photoshop:Headline="Evacuation of Aleppo continues" photoshop:City="Aleppo"
 photoshop:State="Aleppo Governorate" photoshop:Country="Syria"
 photoshop:DateCreated="2016-12-19T14:05:00+03:00" Iptc4xmpCore:Location="East Aleppo"
 Iptc4xmpCore:CountryCode="SYR">
 <dc:creator><rdf:Seq><rdf:li>Aref Watad</rdf:li><rdf:li>عارف وتد</rdf:li></rdf:Seq></dc:creator>
 <dc:description><rdf:Alt><rdf:li xml:lang="x-default">ALEPPO, SYRIA - DECEMBER 19: Syrians wait.</rdf:li></rdf:Alt></dc:description>
 <dc:rights><rdf:Alt><rdf:li xml:lang="x-default">2016 Anadolu Agency</rdf:li></rdf:Alt></dc:rights>
 <dc:title><rdf:Alt><rdf:li xml:lang="x-default">SYRIA-CONFLICT-ALEPPO</rdf:li></rdf:Alt></dc:title>
 <dc:subject><rdf:Bag><rdf:li>Syria</rdf:li><rdf:li>Aleppo</rdf:li></rdf:Bag></dc:subject>`

// storeView is a Store with its date as text, for table comparisons.
type storeView struct {
	Date                                                    string
	Creators, Keywords                                      []string
	Credit, Source, Copyright, Description, Headline, Title string
	City, Sublocation, Region, Country, CountryCode         string
}

func viewOf(s *Store) storeView {
	return storeView{s.Date.String(), s.Creators, s.Keywords, s.Credit, s.Source, s.Copyright, s.Description,
		s.Headline, s.Title, s.City, s.Sublocation, s.Region, s.Country, s.CountryCode}
}

var aleppo = storeView{
	Date:     "2016-12-19T14:05:00+03:00",
	Creators: []string{"Aref Watad", "عارف وتد"}, Keywords: []string{"Syria", "Aleppo"},
	Credit: "Anadolu Agency", Source: "AA", Copyright: "2016 Anadolu Agency",
	Description: "ALEPPO, SYRIA - DECEMBER 19: Syrians wait.", Headline: "Evacuation of Aleppo continues",
	Title: "SYRIA-CONFLICT-ALEPPO", City: "Aleppo", Sublocation: "East Aleppo", Region: "Aleppo Governorate",
	Country: "Syria", CountryCode: "SYR",
}

func toUTF16(s string, big, bom bool) []byte {
	u := utf16.Encode([]rune(strings.TrimPrefix(s, "\ufeff")))
	if bom {
		u = append([]uint16{0xFEFF}, u...)
	}
	var b []byte
	for _, c := range u {
		if big {
			b = append(b, byte(c>>8), byte(c))
		} else {
			b = append(b, byte(c), byte(c>>8))
		}
	}
	return b
}

type wantWarn struct {
	code   WarningCode
	prefix string
}

func TestXMPStoreMapping(t *testing.T) {
	tests := []struct {
		name      string
		packet    []byte
		extended  []byte
		want      *storeView // nil: no store
		wantWarns []wantWarn
	}{
		{name: "element form (exiftool)", packet: []byte(xmpPacket(elementForm)), want: &aleppo},
		{name: "attribute form (exiv2, Adobe)", packet: []byte(xmpPacket(attributeForm)), want: &aleppo},
		{name: "UTF-16LE packet with BOM", packet: toUTF16(xmpPacket(elementForm), false, true), want: &aleppo},
		{name: "UTF-16BE packet without BOM", packet: toUTF16(xmpPacket(attributeForm), true, false), want: &aleppo},
		{
			name: "legacy location absent: Iptc4xmpExt:LocationCreated's first struct",
			packet: []byte(xmpPacket(`><Iptc4xmpExt:LocationCreated><rdf:Bag>
  <rdf:li rdf:parseType="Resource"><Iptc4xmpExt:City>Aleppo</Iptc4xmpExt:City><Iptc4xmpExt:ProvinceState>Aleppo Governorate</Iptc4xmpExt:ProvinceState>
   <Iptc4xmpExt:CountryName>Syria</Iptc4xmpExt:CountryName><Iptc4xmpExt:CountryCode>SYR</Iptc4xmpExt:CountryCode><Iptc4xmpExt:Sublocation>East Aleppo</Iptc4xmpExt:Sublocation></rdf:li>
  <rdf:li rdf:parseType="Resource"><Iptc4xmpExt:City>Idlib</Iptc4xmpExt:City></rdf:li>
 </rdf:Bag></Iptc4xmpExt:LocationCreated>`)),
			want: &storeView{City: "Aleppo", Region: "Aleppo Governorate", Country: "Syria", CountryCode: "SYR", Sublocation: "East Aleppo"},
		},
		{
			name: "legacy location wins field by field; blank legacy falls back; struct without Bag",
			packet: []byte(xmpPacket(` photoshop:City="Halab" photoshop:Country=" "><Iptc4xmpExt:LocationCreated rdf:parseType="Resource">
  <Iptc4xmpExt:City>Aleppo</Iptc4xmpExt:City><Iptc4xmpExt:CountryName>Syria</Iptc4xmpExt:CountryName></Iptc4xmpExt:LocationCreated>`)),
			want: &storeView{City: "Halab", Country: "Syria"},
		},
		{
			name:   "no DateCreated: exif:DateTimeOriginal",
			packet: []byte(xmpPacket(` exif:DateTimeOriginal="2021-07-04T18:45:12.34+05:30" xmp:CreateDate="2021-07-05T10:00:00">`)),
			want:   &storeView{Date: "2021-07-04T18:45:12.34+05:30"},
		},
		{
			name:   "no DateCreated nor DateTimeOriginal: xmp:CreateDate, no offset stays no offset",
			packet: []byte(xmpPacket(` xmp:CreateDate="2016-12-19T23:59:59">`)),
			want:   &storeView{Date: "2016-12-19T23:59:59"},
		},
		{
			name:      "unusable DateCreated: a warning, and the next date is used",
			packet:    []byte(xmpPacket(` photoshop:DateCreated="0000:00:00 00:00:00" exif:DateTimeOriginal="2016-12-19" photoshop:Credit="AFP">`)),
			want:      &storeView{Date: "2016-12-19", Credit: "AFP"},
			wantWarns: []wantWarn{{WarnBadDate, `xmp: expected a date in photoshop:DateCreated, found "0000:00:00 00:00:00"`}},
		},
		{
			name:      "blank DateCreated and nothing else",
			packet:    []byte(xmpPacket(` photoshop:DateCreated="  " photoshop:Credit="AFP">`)),
			want:      &storeView{Credit: "AFP"},
			wantWarns: []wantWarn{{WarnBadDate, "xmp: expected a date in photoshop:DateCreated"}},
		},
		{
			name: "non-standard shapes: creator as text, Alt without x-default, blank keywords dropped",
			packet: []byte(xmpPacket(` dc:creator="Jane Doe"><dc:description><rdf:Alt><rdf:li xml:lang="de">Bildtext</rdf:li><rdf:li xml:lang="en">Caption</rdf:li></rdf:Alt></dc:description>
 <dc:title><rdf:Alt><rdf:li xml:lang="en">T-en</rdf:li><rdf:li xml:lang="x-default">T</rdf:li></rdf:Alt></dc:title>
 <dc:subject><rdf:Bag><rdf:li>a</rdf:li><rdf:li> </rdf:li><rdf:li>b</rdf:li></rdf:Bag></dc:subject>`)),
			want: &storeView{Creators: []string{"Jane Doe"}, Description: "Bildtext", Title: "T", Keywords: []string{"a", "b"}},
		},
		{name: "nothing captag reads: no store", packet: []byte(xmpPacket(` tiff:Make="Canon">`))},
		{
			name:      "packet that does not parse: warning, no store",
			packet:    []byte(xmpPacket(`><dc:title>x</dc:format>`)),
			wantWarns: []wantWarn{{WarnGeneral, "xmp: expected well-formed XML"}},
		},
		{
			name:     "ExtendedXMP properties added; the main packet wins a clash",
			packet:   []byte(xmpPacket(` xmpNote:HasExtendedXMP="FF407CD6171CDE123C004278448E8F07"><dc:creator><rdf:Seq><rdf:li>Main</rdf:li></rdf:Seq></dc:creator>`)),
			extended: []byte(`<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:photoshop="http://ns.adobe.com/photoshop/1.0/" photoshop:Credit="Ext"><dc:creator><rdf:Seq><rdf:li>Extended</rdf:li></rdf:Seq></dc:creator></rdf:Description></rdf:RDF></x:xmpmeta>`),
			want:     &storeView{Creators: []string{"Main"}, Credit: "Ext"},
		},
		{
			name:      "ExtendedXMP that does not parse: warning, main packet read",
			packet:    []byte(xmpPacket(` photoshop:Credit="AFP">`)),
			extended:  []byte(`<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF`),
			want:      &storeView{Credit: "AFP"},
			wantWarns: []wantWarn{{WarnExtendedXMP, "xmp: ExtendedXMP packet: expected well-formed XML"}},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			st, warns := xmpStore(StoreXMP, tc.packet, tc.extended)
			switch {
			case tc.want == nil && st != nil:
				t.Errorf("store %+v, want none", viewOf(st))
			case tc.want != nil && st == nil:
				t.Errorf("no store, want %+v", *tc.want)
			case tc.want != nil:
				if st.Kind != StoreXMP {
					t.Errorf("Kind %q, want %q", st.Kind, StoreXMP)
				}
				if got := viewOf(st); !reflect.DeepEqual(got, *tc.want) {
					t.Errorf("store\n got %+v\nwant %+v", got, *tc.want)
				}
			}
			if len(warns) != len(tc.wantWarns) {
				t.Fatalf("warnings %v, want %d", warns, len(tc.wantWarns))
			}
			for i, w := range warns {
				if w.Code != tc.wantWarns[i].code || w.Store != StoreXMP || !strings.HasPrefix(w.Message, tc.wantWarns[i].prefix) {
					t.Errorf("warning %d = %+v, want code %s, store xmp, message starting %q", i, w, tc.wantWarns[i].code, tc.wantWarns[i].prefix)
				}
			}
		})
	}
}

type failingReader struct{}

func (failingReader) Read([]byte) (int, error) { return 0, errors.New("disk on fire") }

type zeros struct{}

func (zeros) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}

func TestReadSidecar(t *testing.T) {
	t.Run("a sidecar with captag's properties", func(t *testing.T) {
		st, warns, err := ReadSidecar(strings.NewReader(xmpPacket(attributeForm)))
		if err != nil || len(warns) != 0 {
			t.Fatalf("ReadSidecar: %v, warnings %v", err, warns)
		}
		if st.Kind != StoreSidecar {
			t.Errorf("Kind %q, want sidecar", st.Kind)
		}
		if got := viewOf(st); !reflect.DeepEqual(got, aleppo) {
			t.Errorf("store\n got %+v\nwant %+v", got, aleppo)
		}
	})
	t.Run("a sidecar without them is an empty store, not nil", func(t *testing.T) {
		st, _, err := ReadSidecar(strings.NewReader(xmpPacket(` tiff:Make="Canon" xmp:Rating="3">`)))
		if err != nil {
			t.Fatal(err)
		}
		if st == nil || st.Kind != StoreSidecar || !reflect.DeepEqual(viewOf(st), storeView{}) {
			t.Errorf("store %+v, want an empty sidecar store", st)
		}
	})
	t.Run("a bad date in a sidecar is a warning for the sidecar store", func(t *testing.T) {
		_, warns, err := ReadSidecar(strings.NewReader(xmpPacket(` photoshop:DateCreated="2016-13-45">`)))
		if err != nil {
			t.Fatal(err)
		}
		if len(warns) != 1 || warns[0].Code != WarnBadDate || warns[0].Store != StoreSidecar {
			t.Errorf("warnings %+v, want one bad-date warning for the sidecar", warns)
		}
	})
	errTests := []struct {
		name  string
		r     io.Reader
		check func(error) bool
		msg   string
	}{
		{"not XMP", strings.NewReader("<html></html>"), func(err error) bool { var fe *xmp.FormError; return errors.As(err, &fe) }, "xmp: expected <x:xmpmeta> or <rdf:RDF>"},
		{"not XML", strings.NewReader("\x00\x01binary"), func(err error) bool { var se *xmp.SyntaxError; return errors.As(err, &se) }, "xmp: expected well-formed XML"},
		{"too large", io.LimitReader(zeros{}, MaxSidecarSize+1), func(err error) bool { return err != nil }, "metadata: expected a sidecar of at most 16777216 bytes"},
		{"read error", failingReader{}, func(err error) bool { return err != nil && strings.Contains(err.Error(), "disk on fire") }, "metadata: reading sidecar"},
	}
	for _, tc := range errTests {
		t.Run(tc.name, func(t *testing.T) {
			st, _, err := ReadSidecar(tc.r)
			if st != nil || !tc.check(err) || !strings.HasPrefix(err.Error(), tc.msg) {
				t.Errorf("ReadSidecar = %v, %v; want no store and an error starting %q", st, err, tc.msg)
			}
		})
	}
}

// FuzzXMPStore feeds arbitrary packets to the XMP store reader: it must
// never panic, and a packet that gives a store gives one of kind xmp.
func FuzzXMPStore(f *testing.F) {
	f.Add([]byte(xmpPacket(elementForm)), []byte(nil))
	f.Add([]byte(xmpPacket(attributeForm)), []byte(xmpPacket(` photoshop:Credit="x">`)))
	f.Add(toUTF16(xmpPacket(elementForm), true, true), []byte(nil))
	f.Add([]byte(xmpPacket(` photoshop:DateCreated="2016-12-19T14:05:00.1234+05:30" exif:DateTimeOriginal="2016:12:19 14:05:00">`)), []byte(nil))
	f.Fuzz(func(t *testing.T, packet, extended []byte) {
		st, warns := xmpStore(StoreXMP, packet, extended)
		if st != nil && st.Kind != StoreXMP {
			t.Fatalf("store of kind %q", st.Kind)
		}
		for _, w := range warns {
			if w.Store != StoreXMP || !strings.HasPrefix(w.Message, "xmp: ") {
				t.Fatalf("warning %+v", w)
			}
		}
	})
}

// benchPacket is a typical embedded packet (about 4 KB): exiftool's
// IPTC-to-XMP output plus camera properties in attribute form.
var benchPacket = []byte(xmpPacket(`
 tiff:Make="NIKON CORPORATION" tiff:Orientation="1" xmp:CreatorTool="Ver.1.00" xmp:Rating="3"
 xmp:ModifyDate="2016-12-19T16:20:00+03:00" exif:ExposureTime="1/250" exif:FNumber="56/10"
 exif:DateTimeOriginal="2016-12-19T14:05:00.25+03:00"` + elementForm + `
 <Iptc4xmpExt:LocationCreated><rdf:Bag><rdf:li rdf:parseType="Resource"><Iptc4xmpExt:City>Aleppo</Iptc4xmpExt:City>
  <Iptc4xmpExt:CountryName>Syria</Iptc4xmpExt:CountryName></rdf:li></rdf:Bag></Iptc4xmpExt:LocationCreated>
 <exif:ISOSpeedRatings><rdf:Seq><rdf:li>400</rdf:li></rdf:Seq></exif:ISOSpeedRatings>
 <exif:Flash exif:Fired="False" exif:Return="0" exif:Mode="2"/>
 <photoshop:Instructions>NO SALES. NO ARCHIVE. EDITORIAL USE ONLY.</photoshop:Instructions>
 <photoshop:TransmissionReference>AA-20161219-1</photoshop:TransmissionReference>
 <photoshop:CaptionWriter>desk</photoshop:CaptionWriter>` + strings.Repeat("\n ", 400)))

func BenchmarkXMPStore(b *testing.B) {
	b.ReportAllocs()
	b.SetBytes(int64(len(benchPacket)))
	for b.Loop() {
		st, _ := xmpStore(StoreXMP, benchPacket, nil)
		if st == nil || st.City != "Aleppo" {
			b.Fatal("packet not read")
		}
	}
}

// TestXMPStorePropertyCase: a property written in another case than its
// standard spelling is read as the standard property with a warning; when
// both spellings are present the standard one wins.
func TestXMPStorePropertyCase(t *testing.T) {
	tests := []struct {
		name, desc      string
		creator, credit string
		warn            string
	}{
		{"dc:Creator", `><dc:Creator><rdf:Seq><rdf:li>Jane Roe</rdf:li></rdf:Seq></dc:Creator>`, "Jane Roe", "", "found dc:Creator; read as dc:creator"},
		{"photoshop:credit attribute", ` photoshop:credit="AFP">`, "", "AFP", "found photoshop:credit; read as photoshop:Credit"},
		{"both spellings", ` photoshop:Credit="Reuters" photoshop:CREDIT="Other">`, "", "Reuters", "found it also spelled photoshop:CREDIT"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			for _, read := range []func(StoreKind, []byte, []byte) (*Store, []Warning){xmpStore, xmpStoreFull} {
				st, warns := read(StoreXMP, []byte(xmpPacket(tc.desc)), nil)
				if st == nil {
					t.Fatalf("no store; warnings %v", warns)
				}
				if got := strings.Join(st.Creators, "|"); got != tc.creator || st.Credit != tc.credit {
					t.Errorf("creators %q credit %q, want %q %q", got, st.Credit, tc.creator, tc.credit)
				}
				if len(warns) != 1 || !strings.Contains(warns[0].Message, tc.warn) {
					t.Errorf("warnings %v, want one containing %q", warns, tc.warn)
				}
			}
		})
	}
}

// noReads is a sidecar whose bytes must not be read.
type noReads struct{ t *testing.T }

func (r noReads) ReadAt([]byte, int64) (int, error) {
	r.t.Error("ReadSidecarWith read a sidecar over MaxSidecarSize")
	return 0, io.EOF
}

// TestReadSidecarTooBig: a sidecar over MaxSidecarSize is refused from its
// size, before a byte of it is read, with the size in the error (captag
// check reports it as a sidecar not read).
func TestReadSidecarTooBig(t *testing.T) {
	st, _, err := ReadSidecarWith(noReads{t}, 17<<20, ReadOptions{Budget: NewBudget(1 << 20)})
	if st != nil || err == nil || !strings.Contains(err.Error(), "at most 16777216 bytes, found 17825792") {
		t.Errorf("ReadSidecarWith(17 MB) = %v, %v; want no store and an error naming the sizes", st, err)
	}
}

// TestStoreIndexAsFieldTable checks storePropertyExact and
// storePropertyFold, which look a property up in storeIndex, against the
// field table's own lookups (field.ByXMP, field.ByXMPFold) and the date
// fallbacks, for every property of the table in its spelling, in other
// cases, under another namespace, and for names the table lacks.
func TestStoreIndexAsFieldTable(t *testing.T) {
	exact := func(ns, name string) bool {
		if storeReads(field.ByXMP(ns, name)) {
			return true
		}
		for _, f := range xmpDateFallbacks {
			if f.ns == ns && f.name == name {
				return true
			}
		}
		return false
	}
	fold := func(ns, name string) (string, string, bool) {
		if f := field.ByXMPFold(ns, name); storeReads(f) {
			return f.XMP().Name, f.XMP().Prefix, true
		}
		for _, f := range xmpDateFallbacks {
			if f.ns == ns && len(f.name) == len(name) && strings.EqualFold(f.name, name) {
				return f.name, strings.TrimSuffix(f.label, ":"+f.name), true
			}
		}
		return "", "", false
	}
	type prop struct{ ns, name string }
	var props []prop
	nss := []string{"", xmp.NSdc, "http://example.com/ns/"}
	for _, f := range field.IDs() {
		if p := f.XMP(); p.Name != "" {
			props = append(props, prop{p.NS, p.Name})
			nss = append(nss, p.NS)
		}
	}
	for _, f := range xmpDateFallbacks {
		props = append(props, prop{f.ns, f.name})
		nss = append(nss, f.ns)
	}
	var cases []prop
	for _, p := range props {
		for _, name := range []string{p.name, strings.ToUpper(p.name), strings.ToLower(p.name),
			strings.ToUpper(p.name[:1]) + p.name[1:], p.name + "x", p.name[1:], ""} {
			for _, ns := range append([]string{p.ns}, nss...) {
				cases = append(cases, prop{ns, name})
			}
		}
	}
	cases = append(cases, prop{xmp.NSdc, "ſubject"}, prop{xmp.NSdc, "creator\u212a"}, prop{xmp.NSxmp, "CreatorTool"})
	for _, c := range cases {
		if got, want := storePropertyExact(c.ns, c.name), exact(c.ns, c.name); got != want {
			t.Errorf("storePropertyExact(%q, %q) = %v, the field table says %v", c.ns, c.name, got, want)
		}
		gs, gp, gok := storePropertyFold(c.ns, c.name)
		ws, wp, wok := fold(c.ns, c.name)
		if gs != ws || gp != wp || gok != wok {
			t.Errorf("storePropertyFold(%q, %q) = %q %q %v, the field table says %q %q %v", c.ns, c.name, gs, gp, gok, ws, wp, wok)
		}
	}
}

// TestXMPStoreCountsItemsPastTheCap checks that the keywords of a packet
// past maxStoreItems are counted but not kept: the parse holds
// maxStoreItems items, the Store keeps them, and its warning gives the
// packet's count, in a packet and in the ExtendedXMP of a JPEG.
func TestXMPStoreCountsItemsPastTheCap(t *testing.T) {
	const n = maxStoreItems + 1000
	p := hugePacket("items", n)
	d, err := parseStoreProps(p)
	if err != nil {
		t.Fatal(err)
	}
	kw := d.Get(xmp.NSdc, "subject")
	if kw == nil || len(kw.Items) != maxStoreItems || d.ItemCount(kw) != n {
		t.Fatalf("expected the parse to keep %d items and count %d, found %v", maxStoreItems, n, kw)
	}
	want := fmt.Sprintf("expected at most %d items in dc:subject, found %d", maxStoreItems, n)
	for name, read := range map[string]func() (*Store, []Warning){
		"packet": func() (*Store, []Warning) { return xmpStore(StoreXMP, p, nil) },
		"ExtendedXMP": func() (*Store, []Warning) {
			f := craftedJPEG(n)
			im, err := Read(bytes.NewReader(f), int64(len(f)), "x.jpg")
			if err != nil {
				t.Fatal(err)
			}
			return im.XMP, im.Warnings
		},
	} {
		st, warns := read()
		if st == nil || len(st.Keywords) != maxStoreItems || st.Keywords[maxStoreItems-1] != fmt.Sprintf("keyword %d", maxStoreItems-1) {
			t.Errorf("%s: expected %d keywords, found %+v", name, maxStoreItems, st)
			continue
		}
		found := false
		for _, w := range warns {
			found = found || strings.Contains(w.Message, want)
		}
		if !found {
			t.Errorf("%s: expected a warning %q, found %v", name, want, warns)
		}
	}
}
