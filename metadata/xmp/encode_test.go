package xmp

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/golden")

// TestGolden parses the hand-made sidecars in testdata (exiftool element
// form, exiv2/digiKam attribute form, Lightroom, darktable), encodes them and
// compares with testdata/golden; each must also survive Encode → Parse.
func TestGolden(t *testing.T) {
	files, err := filepath.Glob("testdata/*.xmp")
	if err != nil || len(files) == 0 {
		t.Fatalf("no fixtures in testdata: %v", err)
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			in, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			d, err := Parse(in)
			if err != nil {
				t.Fatalf("Parse: %v", err)
			}
			got := Encode(d)
			golden := filepath.Join("testdata", "golden", filepath.Base(f))
			if *update {
				if err := os.MkdirAll(filepath.Dir(golden), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(golden, got, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run with -update to create)", err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("Encode differs from %s (run with -update after checking):\n%s", golden, got)
			}
			assertRoundTrip(t, d)
		})
	}
}

func parseFile(t *testing.T, name string) *Doc {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	d, err := Parse(b)
	if err != nil {
		t.Fatalf("Parse %s: %v", name, err)
	}
	return d
}

// TestLightroomMerge is what the sidecar writer does to a Lightroom
// sidecar: replace the caption properties, keep everything else.
func TestLightroomMerge(t *testing.T) {
	d := parseFile(t, "lightroom.xmp")
	checks := []struct {
		what string
		got  any
		want any
	}{
		{"xmp:Rating", d.Get(NSxmp, "Rating").Text(), "4"},
		{"crs:Exposure2012", d.Get(NScrs, "Exposure2012").Text(), "+0.35"},
		{"lr:hierarchicalSubject kind", d.Get(NSlr, "hierarchicalSubject").Kind, KindBag},
		{"lr:hierarchicalSubject", d.Get(NSlr, "hierarchicalSubject").Texts(), []string{"Places|India|Mumbai", "Weather|monsoon"}},
		{"dc:subject", d.Get(NSdc, "subject").Texts(), []string{"Mumbai", "monsoon", "flood"}},
		{"crs:ToneCurvePV2012 kind", d.Get(NScrs, "ToneCurvePV2012").Kind, KindSeq},
		{"crs:ToneCurvePV2012", d.Get(NScrs, "ToneCurvePV2012").Texts(), []string{"0, 0", "64, 60", "255, 255"}},
		{"crs:Look/crs:Name", d.Get(NScrs, "Look").Field(NScrs, "Name").Text(), "Adobe Color"},
		{"crs:Look/crs:Group", d.Get(NScrs, "Look").Field(NScrs, "Group").Text(), "Profiles"},
		{"crs:Look/crs:Parameters/crs:CameraProfile", d.Get(NScrs, "Look").Field(NScrs, "Parameters").Field(NScrs, "CameraProfile").Text(), "Adobe Standard"},
		{"crs:Look/crs:Parameters/crs:ToneCurvePV2012", d.Get(NScrs, "Look").Field(NScrs, "Parameters").Field(NScrs, "ToneCurvePV2012").Texts(), []string{"0, 0", "22, 16", "255, 255"}},
		{"xmpMM:History[0]/stEvt:action", d.Get(NSxmpMM, "History").Items[0].Field("http://ns.adobe.com/xap/1.0/sType/ResourceEvent#", "action").Text(), "saved"},
		{"toolkit", d.Toolkit, "Adobe XMP Core 7.0-c000 1.000000, 0000/00/00-00:00:00        "},
	}
	for _, c := range checks {
		if !reflect.DeepEqual(c.got, c.want) {
			t.Errorf("%s = %#v, want %#v", c.what, c.got, c.want)
		}
	}

	before := len(d.Props)
	d.Set(LangAlt(NSdc, "description", "MUMBAI, INDIA - JULY 4: new caption"))
	d.Set(SeqOf(NSdc, "creator", "Priya Sharma", "Second Photographer"))
	d.Set(Simple(NSphotoshop, "Credit", "Agency"))
	d2, err := Parse(Encode(d))
	if err != nil {
		t.Fatal(err)
	}
	if len(d2.Props) != before+1 {
		t.Errorf("after merge %d properties, want %d (two replaced, one added)", len(d2.Props), before+1)
	}
	orig := parseFile(t, "lightroom.xmp")
	for _, p := range orig.Props {
		if p.NS == NSdc && (p.Name == "description" || p.Name == "creator") {
			continue
		}
		if got := d2.Get(p.NS, p.Name); !reflect.DeepEqual(got, p) {
			t.Errorf("%s %s changed by the merge:\n got %s\nwant %s", p.NS, p.Name, dump([]*Node{got}), dump([]*Node{p}))
		}
	}
	if got := d2.Get(NSdc, "description").Text(); got != "MUMBAI, INDIA - JULY 4: new caption" {
		t.Errorf("dc:description = %q", got)
	}
}

func TestDarktableHistory(t *testing.T) {
	d := parseFile(t, "darktable.xmp")
	h := d.Get(NSdarktable, "history")
	if h == nil || h.Kind != KindSeq || len(h.Items) != 2 {
		t.Fatalf("darktable:history = %s, want a Seq of 2 structs", dump([]*Node{h}))
	}
	ex := h.Items[1]
	if ex.Kind != KindStruct || len(ex.Fields) != 9 {
		t.Fatalf("history[1] = %s, want a struct of 9 fields", dump([]*Node{ex}))
	}
	if got := ex.Field(NSdarktable, "operation").Text(); got != "exposure" {
		t.Errorf("history[1] operation = %q", got)
	}
	if got := ex.Field(NSdarktable, "multi_name").Text(); got != "<camera>" {
		t.Errorf("history[1] multi_name = %q", got)
	}
	if got := ex.Fields[0].Name; got != "num" {
		t.Errorf("first field %q, want num (document order)", got)
	}
	if m := d.Get(NSdarktable, "masks_history"); m == nil || m.Kind != KindSeq || len(m.Items) != 0 {
		t.Errorf("masks_history = %s, want an empty Seq", dump([]*Node{m}))
	}
	if got := d.Get(NSdc, "rights").Text(); got != "Anadolu Agency" {
		t.Errorf("dc:rights Text = %q, want the x-default item", got)
	}
}

func TestEncodeEmptyDoc(t *testing.T) {
	want := "<?xpacket begin=\"\xEF\xBB\xBF\" id=\"W5M0MpCehiHzreSzNTczkc9d\"?>\n" +
		"<x:xmpmeta xmlns:x=\"adobe:ns:meta/\">\n" +
		" <rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\">\n" +
		"  <rdf:Description rdf:about=\"\"/>\n" +
		" </rdf:RDF>\n" +
		"</x:xmpmeta>\n" +
		"<?xpacket end=\"w\"?>\n"
	if got := string(Encode(&Doc{})); got != want {
		t.Errorf("Encode(empty) =\n%s\nwant\n%s", got, want)
	}
}

func TestEncodeCaptagSidecar(t *testing.T) {
	d := &Doc{Toolkit: "captag"}
	d.Set(LangAlt(NSdc, "description", "ALEPPO, SYRIA - DECEMBER 19: Syrians wait.\n( Aref Watad - Anadolu Agency )"))
	d.Set(SeqOf(NSdc, "creator", "Aref Watad"))
	d.Set(Simple(NSphotoshop, "Credit", "Anadolu Agency"))
	d.Set(&Node{NS: NSIptc4xmpExt, Name: "LocationCreated", Kind: KindBag, Items: []*Node{{Kind: KindStruct, Fields: []*Node{
		Simple(NSIptc4xmpExt, "City", "Aleppo"), Simple(NSIptc4xmpExt, "CountryName", "Syria"),
	}}}})
	want := "<?xpacket begin=\"\xEF\xBB\xBF\" id=\"W5M0MpCehiHzreSzNTczkc9d\"?>\n" + `<x:xmpmeta xmlns:x="adobe:ns:meta/" x:xmptk="captag">
 <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
  <rdf:Description rdf:about=""
    xmlns:Iptc4xmpExt="http://iptc.org/std/Iptc4xmpExt/2008-02-29/"
    xmlns:dc="http://purl.org/dc/elements/1.1/"
    xmlns:photoshop="http://ns.adobe.com/photoshop/1.0/">
   <dc:description>
    <rdf:Alt>
     <rdf:li xml:lang="x-default">ALEPPO, SYRIA - DECEMBER 19: Syrians wait.
( Aref Watad - Anadolu Agency )</rdf:li>
    </rdf:Alt>
   </dc:description>
   <dc:creator>
    <rdf:Seq>
     <rdf:li>Aref Watad</rdf:li>
    </rdf:Seq>
   </dc:creator>
   <photoshop:Credit>Anadolu Agency</photoshop:Credit>
   <Iptc4xmpExt:LocationCreated>
    <rdf:Bag>
     <rdf:li rdf:parseType="Resource">
      <Iptc4xmpExt:City>Aleppo</Iptc4xmpExt:City>
      <Iptc4xmpExt:CountryName>Syria</Iptc4xmpExt:CountryName>
     </rdf:li>
    </rdf:Bag>
   </Iptc4xmpExt:LocationCreated>
  </rdf:Description>
 </rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>
`
	if got := string(Encode(d)); got != want {
		t.Errorf("Encode =\n%s\nwant\n%s", got, want)
	}
	assertRoundTrip(t, d)
}

func TestEncodeText(t *testing.T) {
	tests := []struct {
		name, value string
		wantXML     string // as written in element text
		wantBack    string // as Parse reads it back
	}{
		{"markup characters", `a & b < c > d "q" 'a'`, `a &amp; b &lt; c &gt; d "q" 'a'`, `a & b < c > d "q" 'a'`},
		{"CDATA end", "x]]>y", "x]]&gt;y", "x]]>y"},
		{"newline and tab kept", "line 1\n\tline 2", "line 1\n\tline 2", "line 1\n\tline 2"},
		{"carriage return kept as a reference", "a\r\nb", "a&#xD;\nb", "a\r\nb"},
		{"forbidden controls removed", "a\x00b\x01c\x1bd\x7f", "abcd\x7f", "abcd\x7f"},
		{"U+FFFE and U+FFFF removed", "a\uFFFEb\uFFFFc", "abc", "abc"},
		{"invalid UTF-8 becomes U+FFFD", "caf\xe9!", "caf\uFFFD!", "caf\uFFFD!"},
		{"non-ASCII kept", "Zürich عارف 😀", "Zürich عارف 😀", "Zürich عارف 😀"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d := &Doc{Props: []*Node{Simple(NSphotoshop, "Headline", tc.value)}}
			enc := Encode(d)
			if !bytes.Contains(enc, []byte("<photoshop:Headline>"+tc.wantXML+"</photoshop:Headline>")) {
				t.Errorf("Encode wrote\n%s\nwant element text %q", enc, tc.wantXML)
			}
			back, err := Parse(enc)
			if err != nil {
				t.Fatalf("Parse(Encode): %v", err)
			}
			if got := back.Get(NSphotoshop, "Headline").Text(); got != tc.wantBack {
				t.Errorf("read back %q, want %q", got, tc.wantBack)
			}
		})
	}
}

func TestEncodeAttributes(t *testing.T) {
	d := &Doc{Toolkit: `tk "1" & <2>`, About: "uuid:a'b\nc", Props: []*Node{
		{NS: NSdc, Name: "title", Kind: KindAlt, Items: []*Node{{Kind: KindSimple, Value: "t", Lang: `x"y`}}},
		{NS: NSxmpRights, Name: "WebStatement", Kind: KindSimple, URI: true, Value: "https://e.org/?a=1&b=\"2\""},
	}}
	enc := string(Encode(d))
	for _, want := range []string{
		`x:xmptk="tk &quot;1&quot; &amp; &lt;2&gt;"`,
		`rdf:about="uuid:a&apos;b&#xA;c"`,
		`<rdf:li xml:lang="x&quot;y">t</rdf:li>`,
		`<xmpRights:WebStatement rdf:resource="https://e.org/?a=1&amp;b=&quot;2&quot;"/>`,
	} {
		if !strings.Contains(enc, want) {
			t.Errorf("Encode output lacks %s:\n%s", want, enc)
		}
	}
	assertRoundTrip(t, d)
}

func TestEncodePrefixes(t *testing.T) {
	d := &Doc{
		Prefixes: map[string]string{
			"urn:a":  "ex",   // kept
			"urn:b":  "dc",   // clashes with a well-known prefix
			"urn:c":  "ex",   // clashes with urn:a
			"urn:d":  "xmlx", // reserved by XML
			NSxmp:    "xap",  // well-known namespaces always get their own prefix
			"urn:ns": "ns1",  // an input prefix that looks generated is kept
		},
		Props: []*Node{
			Simple("urn:a", "A", "1"),
			Simple("urn:b", "B", "2"),
			Simple("urn:c", "C", "3"),
			Simple("urn:d", "D", "4"),
			Simple("urn:e", "E", "5"), // no prefix known
			Simple(NSxmp, "Rating", "3"),
			Simple("urn:ns", "N", "6"),
		},
	}
	enc := string(Encode(d))
	for _, want := range []string{
		`xmlns:ex="urn:a"`, `xmlns:ns2="urn:b"`, `xmlns:ns3="urn:c"`, `xmlns:ns4="urn:d"`, `xmlns:ns5="urn:e"`,
		`xmlns:xmp="http://ns.adobe.com/xap/1.0/"`, `xmlns:ns1="urn:ns"`, "<xmp:Rating>3</xmp:Rating>",
	} {
		if !strings.Contains(enc, want) {
			t.Errorf("Encode output lacks %s:\n%s", want, enc)
		}
	}
	if strings.Contains(enc, "xmlns:dc=") {
		t.Errorf("dc declared though no dc property is written:\n%s", enc)
	}
	assertRoundTrip(t, d)
}

func TestEncodeSkipsUnwritable(t *testing.T) {
	d := &Doc{Props: []*Node{
		Simple("", "NoNamespace", "x"),
		Simple(NSdc, "bad name", "x"),
		Simple(NSrdf, "li", "x"),
		Simple(NSxml, "lang", "x"),
		{NS: nsEx, Name: "S", Kind: KindStruct, Fields: []*Node{Simple("", "f", "x"), Simple(nsEx, "ok", "1")}},
		Simple(NSdc, "format", "image/jpeg"),
	}}
	d2, err := Parse(Encode(d))
	if err != nil {
		t.Fatalf("Parse(Encode): %v\n%s", err, Encode(d))
	}
	want := []*Node{
		{NS: nsEx, Name: "S", Kind: KindStruct, Fields: []*Node{Simple(nsEx, "ok", "1")}},
		Simple(NSdc, "format", "image/jpeg"),
	}
	if !reflect.DeepEqual(d2.Props, want) {
		t.Errorf("read back %s\nwant %s", dump(d2.Props), dump(want))
	}
}

func TestSetGet(t *testing.T) {
	d := &Doc{}
	d.Set(Simple(NSphotoshop, "Credit", "A"))
	d.Set(Simple(NSphotoshop, "Source", "S"))
	d.Props = append(d.Props, Simple(NSphotoshop, "Credit", "duplicate"))
	d.Set(Simple(NSphotoshop, "Credit", "B"))
	if got := names(d); got != "Credit=B Source=S" {
		t.Errorf("after Set: %s, want Credit=B Source=S (replaced in place, duplicate dropped)", got)
	}
	d.Set(Simple(NSphotoshop, "City", "C"))
	if got := names(d); got != "Credit=B Source=S City=C" {
		t.Errorf("after Set of a new property: %s", got)
	}
	if d.Get(NSdc, "Credit") != nil {
		t.Error("Get matched a property of another namespace")
	}
	var nilDoc *Doc
	if nilDoc.Get(NSdc, "title").Text() != "" || nilDoc.Get(NSdc, "title").Texts() != nil || nilDoc.Get(NSdc, "x").Field(NSdc, "y") != nil {
		t.Error("nil Doc/Node accessors are not empty")
	}
}

func names(d *Doc) string {
	var s []string
	for _, p := range d.Props {
		s = append(s, p.Name+"="+p.Value)
	}
	return strings.Join(s, " ")
}

func TestTextTexts(t *testing.T) {
	alt := &Node{Kind: KindAlt, Items: []*Node{langItem("de", "Hallo"), langItem("X-Default", "Hello")}}
	tests := []struct {
		name  string
		n     *Node
		text  string
		texts []string
	}{
		{"simple", Simple(NSdc, "a", "v"), "v", []string{"v"}},
		{"alt picks x-default in any case", alt, "Hello", []string{"Hello"}},
		{"alt without x-default picks the first", &Node{Kind: KindAlt, Items: []*Node{langItem("de", "Hallo"), langItem("fr", "Salut")}}, "Hallo", []string{"Hallo"}},
		{"seq", SeqOf(NSdc, "c", "A", "B"), "A", []string{"A", "B"}},
		{"bag", BagOf(NSdc, "s", "k1", "", "k2"), "k1", []string{"k1", "", "k2"}},
		{"empty bag", BagOf(NSdc, "s"), "", []string{}},
		{"bag of lang alts", &Node{Kind: KindBag, Items: []*Node{alt}}, "Hello", []string{"Hello"}},
		{"struct", &Node{Kind: KindStruct, Fields: []*Node{Simple(NSdc, "f", "x")}}, "", nil},
		{"nil", nil, "", nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.n.Text(); got != tc.text {
				t.Errorf("Text = %q, want %q", got, tc.text)
			}
			if got := tc.n.Texts(); !reflect.DeepEqual(got, tc.texts) {
				t.Errorf("Texts = %#v, want %#v", got, tc.texts)
			}
		})
	}
}

// TestEncodeAttributeForm: what Parse read as attributes Encode writes back
// as attributes, in their order; what an attribute cannot carry unchanged,
// and what was read or built in element form, is written as an element.
func TestEncodeAttributeForm(t *testing.T) {
	tests := []struct {
		name      string
		in        string
		has, lack []string // substrings of Encode's output
	}{
		{
			name: "Lightroom-style attributes, escaped; order kept",
			in:   wrap(`<rdf:Description rdf:about="" ex:b="2" ex:a="x &amp; &lt;y&gt; &quot;q&quot; 'a'" ex:c="3"><ex:d>4</ex:d></rdf:Description>`),
			has:  []string{"\n    ex:b=\"2\"\n    ex:a=\"x &amp; &lt;y&gt; &quot;q&quot; &apos;a&apos;\"\n    ex:c=\"3\">\n   <ex:d>4</ex:d>"},
		},
		{
			name: "line ends and tabs, literal or as references, stay attributes, written as references (a literal one would be a space to an XML parser)",
			in:   wrap("<rdf:Description ex:n=\"a&#xA;b\" ex:t=\"a&#x9;b\" ex:l=\"c\nd\" ex:ok=\"e\"/>"),
			has:  []string{"\n    ex:n=\"a&#xA;b\"\n    ex:t=\"a&#x9;b\"\n    ex:l=\"c&#xA;d\"\n    ex:ok=\"e\"/>"},
		},
		{
			name: "an attribute after an element property gets its own rdf:Description, so the order is read back",
			in:   wrap(`<rdf:Description><ex:a>1</ex:a></rdf:Description><rdf:Description ex:b="2"/>`),
			has:  []string{"<ex:a>1</ex:a>\n  </rdf:Description>\n  <rdf:Description rdf:about=\"\"\n    ex:b=\"2\"/>"},
		},
		{
			name: "the same property twice as attributes: two rdf:Description",
			in:   wrap(`<rdf:Description ex:a="1"/><rdf:Description ex:a="2"/>`),
			has:  []string{"ex:a=\"1\"/>\n  <rdf:Description rdf:about=\"\"\n    ex:a=\"2\"/>"},
		},
		{
			name: "struct fields as attributes: empty element; mixed: nested rdf:Description",
			in: wrap(`<rdf:Description><ex:F ex:x="1" ex:y="2"/><ex:H><rdf:Seq><rdf:li ex:op="a"/></rdf:Seq></ex:H>` +
				`<ex:L><rdf:Description ex:n="N"><ex:g><rdf:Bag><rdf:li>g</rdf:li></rdf:Bag></ex:g></rdf:Description></ex:L></rdf:Description>`),
			has: []string{"<ex:F\n      ex:x=\"1\"\n      ex:y=\"2\"/>", "<rdf:li\n        ex:op=\"a\"/>",
				"<ex:L>\n    <rdf:Description\n      ex:n=\"N\">\n     <ex:g>"},
			lack: []string{"parseType"},
		},
		{
			name: "element form and rdf:parseType=Resource stay so",
			in:   wrap(`<rdf:Description><ex:a>1</ex:a><ex:S rdf:parseType="Resource"><ex:f>1</ex:f></ex:S></rdf:Description>`),
			has:  []string{"<ex:a>1</ex:a>", "<ex:S rdf:parseType=\"Resource\">\n    <ex:f>1</ex:f>"},
		},
		{
			name: "a field with xml:lang of its own is written as an element, the run of attributes before it kept",
			in:   wrap(`<rdf:Description><ex:L><rdf:Description xml:lang="de" ex:n="N"/></ex:L><ex:M ex:p="1" xml:lang="fr"/></rdf:Description>`),
			has:  []string{`<ex:n xml:lang="de">N</ex:n>`, `<ex:p xml:lang="fr">1</ex:p>`},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d, err := Parse([]byte(tc.in))
			if err != nil {
				t.Fatal(err)
			}
			enc := string(Encode(d))
			for _, s := range tc.has {
				if !strings.Contains(enc, s) {
					t.Errorf("output lacks %q:\n%s", s, enc)
				}
			}
			for _, s := range tc.lack {
				if strings.Contains(enc, s) {
					t.Errorf("output has %q:\n%s", s, enc)
				}
			}
			assertRoundTrip(t, d)
		})
	}

	// AsAttr on a node an attribute cannot carry is ignored; a node built
	// without it is an element.
	d := &Doc{Prefixes: map[string]string{nsEx: "ex"}, Props: []*Node{
		{NS: nsEx, Name: "u", Kind: KindSimple, Value: "urn:x", URI: true, AsAttr: true},
		{NS: nsEx, Name: "l", Kind: KindSimple, Value: "t", Lang: "de", AsAttr: true},
		{NS: nsEx, Name: "q", Kind: KindSimple, Value: "v", AsAttr: true, Quals: []*Node{Simple(nsQ, "k", "1")}},
		Simple(nsEx, "e", "plain"),
	}}
	enc := string(Encode(d))
	for _, s := range []string{`<ex:u rdf:resource="urn:x"/>`, `<ex:l xml:lang="de">t</ex:l>`, `<rdf:value>v</rdf:value>`, `<ex:e>plain</ex:e>`} {
		if !strings.Contains(enc, s) {
			t.Errorf("output lacks %q:\n%s", s, enc)
		}
	}
}
