package xmp

import (
	"bytes"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"unicode/utf16"
)

// wrap puts property markup inside a minimal packet.
func wrap(desc string) string {
	return `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"
 xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:photoshop="http://ns.adobe.com/photoshop/1.0/"
 xmlns:ex="http://example.org/ex/1.0/" xmlns:q="http://example.org/qual/">` + desc + `</rdf:RDF></x:xmpmeta>`
}

const nsEx = "http://example.org/ex/1.0/"
const nsQ = "http://example.org/qual/"

func item(v string) *Node           { return &Node{Kind: KindSimple, Value: v} }
func langItem(lang, v string) *Node { return &Node{Kind: KindSimple, Value: v, Lang: lang} }

// asAttr marks n as read in attribute form (Node.AsAttr).
func asAttr(n *Node) *Node { n.AsAttr = true; return n }

func TestParseForms(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want []*Node
	}{
		{
			name: "element form: simple, lang alt, seq, bag",
			in: wrap(`<rdf:Description rdf:about="">
  <photoshop:Credit>Anadolu Agency</photoshop:Credit>
  <dc:description><rdf:Alt><rdf:li xml:lang="x-default">Syrians wait</rdf:li><rdf:li xml:lang="de">Syrer warten</rdf:li></rdf:Alt></dc:description>
  <dc:creator><rdf:Seq><rdf:li>Aref Watad</rdf:li><rdf:li>عارف وتد</rdf:li></rdf:Seq></dc:creator>
  <dc:subject><rdf:Bag><rdf:li>Syria</rdf:li></rdf:Bag></dc:subject>
 </rdf:Description>`),
			want: []*Node{
				Simple(NSphotoshop, "Credit", "Anadolu Agency"),
				{NS: NSdc, Name: "description", Kind: KindAlt, Items: []*Node{langItem("x-default", "Syrians wait"), langItem("de", "Syrer warten")}},
				SeqOf(NSdc, "creator", "Aref Watad", "عارف وتد"),
				BagOf(NSdc, "subject", "Syria"),
			},
		},
		{
			name: "attribute form on rdf:Description",
			in:   wrap(`<rdf:Description rdf:about="" photoshop:Credit="AFP" photoshop:City="Aleppo &amp; Idlib" ex:Note="a&#xA;b"/>`),
			want: []*Node{
				asAttr(Simple(NSphotoshop, "Credit", "AFP")),
				asAttr(Simple(NSphotoshop, "City", "Aleppo & Idlib")),
				asAttr(Simple(nsEx, "Note", "a\nb")),
			},
		},
		{
			name: "struct with rdf:parseType Resource, attribute and element fields",
			in:   wrap(`<rdf:Description><ex:S rdf:parseType="Resource" ex:a="1"><ex:b>2</ex:b><ex:c><rdf:Bag><rdf:li>3</rdf:li></rdf:Bag></ex:c></ex:S></rdf:Description>`),
			want: []*Node{{NS: nsEx, Name: "S", Kind: KindStruct, Fields: []*Node{
				Simple(nsEx, "a", "1"), Simple(nsEx, "b", "2"), BagOf(nsEx, "c", "3"),
			}}},
		},
		{
			name: "struct as nested rdf:Description (Lightroom crs:Look)",
			in: wrap(`<rdf:Description><ex:Look><rdf:Description ex:Name="Adobe Color" ex:Amount="1">
   <ex:Parameters><rdf:Description ex:Version="15.4"><ex:Curve><rdf:Seq><rdf:li>0, 0</rdf:li><rdf:li>255, 255</rdf:li></rdf:Seq></ex:Curve></rdf:Description></ex:Parameters>
  </rdf:Description></ex:Look></rdf:Description>`),
			want: []*Node{{NS: nsEx, Name: "Look", Kind: KindStruct, Fields: []*Node{
				asAttr(Simple(nsEx, "Name", "Adobe Color")),
				asAttr(Simple(nsEx, "Amount", "1")),
				{NS: nsEx, Name: "Parameters", Kind: KindStruct, Fields: []*Node{
					asAttr(Simple(nsEx, "Version", "15.4")),
					SeqOf(nsEx, "Curve", "0, 0", "255, 255"),
				}},
			}}},
		},
		{
			name: "struct as property attributes of an empty element (exif:Flash)",
			in:   wrap(`<rdf:Description><ex:Flash ex:Fired="False" ex:Mode="2"/></rdf:Description>`),
			want: []*Node{{NS: nsEx, Name: "Flash", Kind: KindStruct, Fields: []*Node{asAttr(Simple(nsEx, "Fired", "False")), asAttr(Simple(nsEx, "Mode", "2"))}}},
		},
		{
			name: "array of structs with attributes on rdf:li (darktable history)",
			in: wrap(`<rdf:Description><ex:history><rdf:Seq>
   <rdf:li ex:num="0" ex:operation="rawprepare"/>
   <rdf:li ex:num="1" ex:operation="exposure"/>
   <rdf:li rdf:parseType="Resource"><ex:num>2</ex:num></rdf:li>
  </rdf:Seq></ex:history></rdf:Description>`),
			want: []*Node{{NS: nsEx, Name: "history", Kind: KindSeq, Items: []*Node{
				{Kind: KindStruct, Fields: []*Node{asAttr(Simple(nsEx, "num", "0")), asAttr(Simple(nsEx, "operation", "rawprepare"))}},
				{Kind: KindStruct, Fields: []*Node{asAttr(Simple(nsEx, "num", "1")), asAttr(Simple(nsEx, "operation", "exposure"))}},
				{Kind: KindStruct, Fields: []*Node{Simple(nsEx, "num", "2")}},
			}}},
		},
		{
			name: "rdf:resource, with and without qualifier attributes",
			in:   wrap(`<rdf:Description><ex:Web rdf:resource="https://example.org/?a=1&amp;b=2"/><ex:Web2 rdf:resource="urn:x" q:kind="k"/></rdf:Description>`),
			want: []*Node{
				{NS: nsEx, Name: "Web", Kind: KindSimple, Value: "https://example.org/?a=1&b=2", URI: true},
				{NS: nsEx, Name: "Web2", Kind: KindSimple, Value: "urn:x", URI: true, Quals: []*Node{Simple(nsQ, "kind", "k")}},
			},
		},
		{
			name: "rdf:value qualifiers: parseType Resource, nested Description, attributes",
			in: wrap(`<rdf:Description>
  <ex:Q1 rdf:parseType="Resource"><rdf:value xml:lang="en">Prop value</rdf:value><q:Qual>Qual value</q:Qual></ex:Q1>
  <ex:Q2><rdf:Description><rdf:value><rdf:Bag><rdf:li>a</rdf:li></rdf:Bag></rdf:value><q:Qual>x</q:Qual></rdf:Description></ex:Q2>
  <ex:Q3 rdf:value="3" q:By="desk"/>
  <ex:Ids><rdf:Bag><rdf:li rdf:parseType="Resource"><rdf:value>AA-1</rdf:value><q:Scheme>agency</q:Scheme></rdf:li></rdf:Bag></ex:Ids>
 </rdf:Description>`),
			want: []*Node{
				{NS: nsEx, Name: "Q1", Kind: KindSimple, Value: "Prop value", Lang: "en", Quals: []*Node{Simple(nsQ, "Qual", "Qual value")}},
				{NS: nsEx, Name: "Q2", Kind: KindBag, Items: []*Node{item("a")}, Quals: []*Node{Simple(nsQ, "Qual", "x")}},
				{NS: nsEx, Name: "Q3", Kind: KindSimple, Value: "3", Quals: []*Node{Simple(nsQ, "By", "desk")}},
				{NS: nsEx, Name: "Ids", Kind: KindBag, Items: []*Node{{Kind: KindSimple, Value: "AA-1", Quals: []*Node{Simple(nsQ, "Scheme", "agency")}}}},
			},
		},
		{
			name: "Alt: x-default moved first, other order kept",
			in:   wrap(`<rdf:Description><dc:title><rdf:Alt><rdf:li xml:lang="en-US">A</rdf:li><rdf:li xml:lang="de">B</rdf:li><rdf:li xml:lang="x-default">C</rdf:li></rdf:Alt></dc:title></rdf:Description>`),
			want: []*Node{{NS: NSdc, Name: "title", Kind: KindAlt, Items: []*Node{langItem("x-default", "C"), langItem("en-US", "A"), langItem("de", "B")}}},
		},
		{
			name: "array of arrays, xml:lang on a simple property",
			in:   wrap(`<rdf:Description><ex:F><rdf:Bag><rdf:li><rdf:Alt><rdf:li xml:lang="en-CA">eh?</rdf:li></rdf:Alt></rdf:li></rdf:Bag></ex:F><ex:L xml:lang="fr">oui</ex:L></rdf:Description>`),
			want: []*Node{
				{NS: nsEx, Name: "F", Kind: KindBag, Items: []*Node{{Kind: KindAlt, Items: []*Node{langItem("en-CA", "eh?")}}}},
				{NS: nsEx, Name: "L", Kind: KindSimple, Value: "oui", Lang: "fr"},
			},
		},
		{
			name: "several Descriptions merged; a repeated property is kept twice where each stands",
			in: wrap(`<rdf:Description photoshop:Credit="first"/><rdf:Description><dc:format>image/jpeg</dc:format></rdf:Description>
  <rdf:Description><photoshop:Credit>second</photoshop:Credit></rdf:Description>`),
			want: []*Node{asAttr(Simple(NSphotoshop, "Credit", "first")), Simple(NSdc, "format", "image/jpeg"), Simple(NSphotoshop, "Credit", "second")},
		},
		{
			name: "array inside rdf:parseType Resource (Frameright), read as the array",
			in:   wrap(`<rdf:Description><ex:rRole rdf:parseType="Resource"><rdf:Bag><rdf:li>crop</rdf:li></rdf:Bag></ex:rRole></rdf:Description>`),
			want: []*Node{BagOf(nsEx, "rRole", "crop")},
		},
		{
			name: "empty values: simple, struct, arrays",
			in:   wrap(`<rdf:Description><ex:a/><ex:b></ex:b><ex:c rdf:parseType="Resource"/><ex:d><rdf:Seq/></ex:d><ex:e><rdf:Alt></rdf:Alt></ex:e></rdf:Description>`),
			want: []*Node{
				Simple(nsEx, "a", ""), Simple(nsEx, "b", ""),
				{NS: nsEx, Name: "c", Kind: KindStruct},
				{NS: nsEx, Name: "d", Kind: KindSeq},
				{NS: nsEx, Name: "e", Kind: KindAlt},
			},
		},
		{
			name: "text: entities, CDATA, comments, newlines kept, CRLF folded as XML requires",
			in:   wrap("<rdf:Description><ex:t>&amp;-<![CDATA[&amp;]]>-&lt;<!-- c -->x&#233;</ex:t><ex:n>line 1\r\nline 2\n  indented</ex:n><ex:cr>a&#xD;b</ex:cr></rdf:Description>"),
			want: []*Node{
				Simple(nsEx, "t", "&-&amp;-<xé"),
				Simple(nsEx, "n", "line 1\nline 2\n  indented"),
				Simple(nsEx, "cr", "a\rb"),
			},
		},
		{
			name: "default namespace, rdf:type field, rdf:datatype, syntax attributes noted as lossy",
			in: wrap(`<rdf:Description about="" ID="x" rdf:ID="y"><Thing xmlns="http://example.org/d/" rdf:datatype="urn:int">5</Thing>
  <ex:T rdf:parseType="Resource"><rdf:type rdf:resource="urn:type"/><ex:f>1</ex:f></ex:T></rdf:Description>`),
			want: []*Node{
				{NS: "http://example.org/d/", Name: "Thing", Kind: KindSimple, Value: "5", Datatype: "urn:int"},
				{NS: nsEx, Name: "T", Kind: KindStruct, Fields: []*Node{{NS: NSrdf, Name: "type", Kind: KindSimple, Value: "urn:type", URI: true}, Simple(nsEx, "f", "1")}},
			},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d, err := Parse([]byte(tc.in))
			if err != nil {
				t.Fatalf("Parse: %v", err)
			}
			if !reflect.DeepEqual(d.Props, tc.want) {
				t.Errorf("Props:\n got %s\nwant %s", dump(d.Props), dump(tc.want))
			}
			assertRoundTrip(t, d)
		})
	}
}

func TestParseWrappers(t *testing.T) {
	const rdf = `<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="uuid:1" xmlns:dc="http://purl.org/dc/elements/1.1/" dc:format="image/jpeg"/></rdf:RDF>`
	tests := []struct {
		name, in, toolkit, about string
	}{
		{"bare rdf:RDF", rdf, "", "uuid:1"},
		{"x:xmpmeta with toolkit", `<x:xmpmeta xmlns:x="adobe:ns:meta/" x:xmptk="Image::ExifTool 12.57">` + rdf + `</x:xmpmeta>`, "Image::ExifTool 12.57", "uuid:1"},
		{"old x:xapmeta", `<x:xapmeta xmlns:x="adobe:ns:meta/" x:xaptk="3.1">` + rdf + `</x:xapmeta>`, "3.1", "uuid:1"},
		{"xpacket, xml declaration, padding and junk after the root",
			"<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<?xpacket begin=\"\ufeff\" id=\"W5M0MpCehiHzreSzNTczkc9d\"?>\n<!-- c -->" + rdf + "\n" + strings.Repeat(" ", 100) + "\n<?xpacket end=\"w\"?>\x00\x00junk<",
			"", "uuid:1"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d, err := Parse([]byte(tc.in))
			if err != nil {
				t.Fatalf("Parse: %v", err)
			}
			if d.Toolkit != tc.toolkit || d.About != tc.about {
				t.Errorf("Toolkit, About = %q, %q; want %q, %q", d.Toolkit, d.About, tc.toolkit, tc.about)
			}
			if got := d.Get(NSdc, "format").Text(); got != "image/jpeg" {
				t.Errorf("dc:format = %q, want image/jpeg", got)
			}
		})
	}
}

func utf16Bytes(s string, big, bom bool) []byte {
	var b []byte
	u := utf16.Encode([]rune(s))
	if bom {
		u = append([]uint16{0xFEFF}, u...)
	}
	for _, c := range u {
		if big {
			b = append(b, byte(c>>8), byte(c))
		} else {
			b = append(b, byte(c), byte(c>>8))
		}
	}
	return b
}

func TestParseEncodings(t *testing.T) {
	packet := wrap(`<rdf:Description><dc:creator><rdf:Seq><rdf:li>عارف وتد</rdf:li><rdf:li>Zoë 😀</rdf:li></rdf:Seq></dc:creator></rdf:Description>`)
	decl := `<?xml version="1.0" encoding="UTF-16"?>` + packet
	tests := []struct {
		name string
		in   []byte
	}{
		{"UTF-8", []byte(packet)},
		{"UTF-8 with BOM", append([]byte{0xEF, 0xBB, 0xBF}, packet...)},
		{"UTF-16BE with BOM", utf16Bytes(packet, true, true)},
		{"UTF-16LE with BOM", utf16Bytes(packet, false, true)},
		{"UTF-16BE without BOM", utf16Bytes(packet, true, false)},
		{"UTF-16LE without BOM", utf16Bytes(packet, false, false)},
		{"UTF-16LE declared in <?xml?>", utf16Bytes(decl, false, true)},
		{"UTF-16BE with an odd trailing byte", append(utf16Bytes(packet, true, true), 0)},
	}
	want := []string{"عارف وتد", "Zoë 😀"}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d, err := Parse(tc.in)
			if err != nil {
				t.Fatalf("Parse: %v", err)
			}
			if got := d.Get(NSdc, "creator").Texts(); !reflect.DeepEqual(got, want) {
				t.Errorf("dc:creator = %q, want %q", got, want)
			}
		})
	}
}

func TestParseErrors(t *testing.T) {
	deep := wrap(`<rdf:Description>` + strings.Repeat(`<ex:a rdf:parseType="Resource">`, MaxDepth) + strings.Repeat(`</ex:a>`, MaxDepth) + `</rdf:Description>`)
	var many strings.Builder
	many.WriteString(`<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns:e="urn:e"><rdf:Description`)
	for i := range MaxNodes {
		many.WriteString(" e:a")
		many.WriteString(strings.Repeat("b", i%7))
		many.WriteString(itoa(i))
		many.WriteString(`=""`)
	}
	many.WriteString(`/></rdf:RDF>`)
	tests := []struct {
		name string
		in   []byte
		kind string // "syntax", "form", "limit"
		msg  string
	}{
		{"empty input", nil, "syntax", "no root element"},
		{"not XML", []byte("hello"), "syntax", "text outside the root element"},
		{"truncated inside a tag", []byte(wrap(`<rdf:Description><dc:title>`))[:150], "syntax", "unexpected EOF"},
		{"truncated between elements", []byte(strings.TrimSuffix(wrap(`<rdf:Description><dc:title>`), `</rdf:RDF></x:xmpmeta>`)), "syntax", "end of input inside <dc:title>"},
		{"mismatched end tag", []byte(wrap(`<rdf:Description><dc:title>x</dc:format></rdf:Description>`)), "syntax", "closed by </dc:format>"},
		{"invalid UTF-8", []byte(wrap("<rdf:Description><dc:title>\xff</dc:title></rdf:Description>")), "syntax", "invalid UTF-8"},
		{"Latin-1 declared", []byte(`<?xml version="1.0" encoding="ISO-8859-1"?>` + wrap(`<rdf:Description/>`)), "syntax", `encoding "ISO-8859-1"`},
		{"undeclared prefix", []byte(wrap(`<rdf:Description><zz:title>x</zz:title></rdf:Description>`)), "form", "a declared namespace prefix"},
		{"other root element", []byte(`<html><body/></html>`), "form", "<x:xmpmeta> or <rdf:RDF>"},
		{"root in the wrong namespace", []byte(`<x:xmpmeta xmlns:x="urn:other"/>`), "form", `<x:xmpmeta> or <rdf:RDF>, found <x:xmpmeta> (namespace "urn:other")`},
		{"x:xmpmeta without rdf:RDF", []byte(`<x:xmpmeta xmlns:x="adobe:ns:meta/"/>`), "form", "rdf:RDF inside <x:xmpmeta>"},
		{"typed node in rdf:RDF", []byte(wrap(`<ex:Thing/>`)), "form", "expected <rdf:Description>, found <ex:Thing>"},
		{"unqualified property element", []byte(wrap(`<rdf:Description><title>x</title></rdf:Description>`)), "form", "expected a property element, found <title>"},
		{"rdf:li outside an array", []byte(wrap(`<rdf:Description><rdf:li>x</rdf:li></rdf:Description>`)), "form", "found <rdf:li>"},
		{"parseType Literal", []byte(wrap(`<rdf:Description><ex:a rdf:parseType="Literal"><b/></ex:a></rdf:Description>`)), "form", `found rdf:parseType="Literal"`},
		{"two elements in a property", []byte(wrap(`<rdf:Description><ex:a><rdf:Bag/><rdf:Seq/></ex:a></rdf:Description>`)), "form", "found 2 elements"},
		{"text and element in a property", []byte(wrap(`<rdf:Description><ex:a>x<rdf:Bag/></ex:a></rdf:Description>`)), "form", "found both"},
		{"non-li in an array", []byte(wrap(`<rdf:Description><ex:a><rdf:Bag><ex:b/></rdf:Bag></ex:a></rdf:Description>`)), "form", "expected <rdf:li>, found <ex:b>"},
		{"typed node as value", []byte(wrap(`<rdf:Description><ex:a><ex:T/></ex:a></rdf:Description>`)), "form", "found <ex:T>"},
		{"rdf:nodeID graph", []byte(wrap(`<rdf:Description rdf:nodeID="n1"><ex:a>x</ex:a></rdf:Description>`)), "form", "found rdf:nodeID"},
		{"text in rdf:Description", []byte(wrap(`<rdf:Description>loose</rdf:Description>`)), "form", "found text"},
		{"two rdf:value", []byte(wrap(`<rdf:Description><ex:a rdf:parseType="Resource"><rdf:value>1</rdf:value><rdf:value>2</rdf:value></ex:a></rdf:Description>`)), "form", "one rdf:value"},
		// Found by FuzzXMP: encoding/xml accepts "rdf:0" as a name; Encode
		// could not write such a property back.
		{"attribute local name not an NCName", []byte(`<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:0=""></rdf:Description></rdf:RDF>`), "form", `a namespace-qualified XML name, found "rdf:0"`},
		{"document type declaration", []byte(`<?xml version="1.0"?><!DOCTYPE foo [<!ENTITY xxe SYSTEM "file:///dev/random">]>` + wrap(`<rdf:Description/>`)), "syntax", "a document type declaration"},
		{"]]> in text", []byte(wrap(`<rdf:Description><ex:a>x]]>y</ex:a></rdf:Description>`)), "syntax", "unescaped ]]>"},
		{"too deep", []byte(deep), "limit", "element depth"},
		{"too many nodes", []byte(many.String()), "limit", "nodes"},
		{"too large", make([]byte, MaxInput+1), "limit", "input bytes"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d, err := Parse(tc.in)
			if err == nil {
				t.Fatalf("Parse gave %d props and no error, want a %s error", len(d.Props), tc.kind)
			}
			var se *SyntaxError
			var fe *FormError
			var le *LimitError
			ok := false
			switch tc.kind {
			case "syntax":
				ok = errors.As(err, &se)
			case "form":
				ok = errors.As(err, &fe)
			case "limit":
				ok = errors.As(err, &le)
			}
			if !ok {
				t.Errorf("error %T (%v), want a %s error", err, err, tc.kind)
			}
			if !strings.HasPrefix(err.Error(), "xmp: expected ") || !strings.Contains(err.Error(), tc.msg) {
				t.Errorf("error %q, want \"xmp: expected …\" containing %q", err, tc.msg)
			}
		})
	}
}

func itoa(i int) string {
	var b []byte
	for {
		b = append([]byte{byte('0' + i%10)}, b...)
		i /= 10
		if i == 0 {
			return string(b)
		}
	}
}

// dump renders nodes for failure messages.
func dump(ns []*Node) string {
	var b bytes.Buffer
	var walk func(n *Node, ind string)
	walk = func(n *Node, ind string) {
		b.WriteString("\n" + ind)
		b.WriteString(n.Name)
		b.WriteString(" " + n.Kind.String())
		if n.Kind == KindSimple {
			b.WriteString(" " + strconvQuote(n.Value))
		}
		if n.Lang != "" {
			b.WriteString(" lang=" + n.Lang)
		}
		if n.URI {
			b.WriteString(" uri")
		}
		if n.AsAttr {
			b.WriteString(" @attr")
		}
		for _, q := range n.Quals {
			b.WriteString("\n" + ind + " qual:")
			walk(q, ind+"  ")
		}
		for _, f := range n.Fields {
			walk(f, ind+"  ")
		}
		for _, it := range n.Items {
			walk(it, ind+"  - ")
		}
	}
	for _, n := range ns {
		walk(n, "")
	}
	return b.String()
}

func strconvQuote(s string) string { return `"` + strings.ReplaceAll(s, "\n", `\n`) + `"` }

// assertRoundTrip checks that Encode → Parse gives back d (prefix maps
// aside) and that encoding is stable.
func assertRoundTrip(t *testing.T, d *Doc) {
	t.Helper()
	enc := Encode(d)
	d2, err := Parse(enc)
	if err != nil {
		t.Fatalf("Parse(Encode(d)): %v\n%s", err, enc)
	}
	if d2.Lossy != nil {
		t.Fatalf("Encode wrote what Parse cannot keep: %q\n%s", d2.Lossy, enc)
	}
	a, b := *d, *d2
	a.Prefixes, b.Prefixes = nil, nil
	a.Lossy = nil // what Parse could not keep is not in the tree
	if !reflect.DeepEqual(a, b) {
		t.Fatalf("Parse(Encode(d)) differs from d:\n got %s\nwant %s\n%s", dump(b.Props), dump(a.Props), enc)
	}
	if enc2 := Encode(d2); !bytes.Equal(enc, enc2) {
		t.Fatalf("Encode not stable:\n%s\n---\n%s", enc, enc2)
	}
}

// TestParseKeepsForms is issue 11 item 2 for the tree: what RDF/XML allows
// and merging must not lose is in the Doc (and written back by Encode),
// or named in Doc.Lossy.
func TestParseKeepsForms(t *testing.T) {
	for _, tc := range []struct {
		name, in string
		check    func(d *Doc) string // "" when the Doc is as it should be
		lossy    string              // a word of Doc.Lossy, "" for none
	}{
		{"xml:lang on rdf:Description is inherited", wrap(`<rdf:Description xml:lang="de" photoshop:City="Köln"><dc:format>x</dc:format></rdf:Description><rdf:Description><ex:a>1</ex:a></rdf:Description>`),
			func(d *Doc) string {
				if d.Props[0].InLang != "de" || d.Props[1].InLang != "de" || d.Props[2].InLang != "" {
					return "InLang " + d.Props[0].InLang + "," + d.Props[1].InLang + "," + d.Props[2].InLang
				}
				return ""
			}, ""},
		{"xml:lang of a property element goes to the array's items", wrap(`<rdf:Description><dc:rights xml:lang="fr"><rdf:Alt><rdf:li>T</rdf:li><rdf:li xml:lang="de">D</rdf:li></rdf:Alt></dc:rights></rdf:Description>`),
			func(d *Doc) string {
				r := d.Props[0]
				if r.Lang != "" || r.Items[0].Lang != "fr" || r.Items[1].Lang != "de" {
					return dump(d.Props)
				}
				return ""
			}, ""},
		{"rdf:datatype and xml:base", wrap(`<rdf:Description><ex:n rdf:datatype="urn:int">4</ex:n><ex:u xml:base="http://x/" rdf:resource="a"/></rdf:Description>`),
			func(d *Doc) string {
				if d.Props[0].Datatype != "urn:int" || d.Props[1].Base != "http://x/" || !d.Props[1].URI {
					return dump(d.Props)
				}
				return ""
			}, ""},
		{"attributes of x:xmpmeta", `<x:xmpmeta xmlns:x="adobe:ns:meta/" x:xmptk="t" xmlns:e="urn:e/" e:a="1" xml:lang="en"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description/></rdf:RDF></x:xmpmeta>`,
			func(d *Doc) string {
				want := []Attr{{"urn:e/", "a", "1"}, {NSxml, "lang", "en"}}
				if d.Toolkit != "t" || !reflect.DeepEqual(d.Attrs, want) {
					return fmt.Sprintf("toolkit %q, attrs %q", d.Toolkit, d.Attrs)
				}
				return ""
			}, ""},
		{"a property given twice is kept twice", wrap(`<rdf:Description ex:a="1"/><rdf:Description><ex:a>2</ex:a></rdf:Description>`),
			func(d *Doc) string {
				if len(d.Props) != 2 || d.Get(nsEx, "a").Value != "2" {
					return dump(d.Props)
				}
				return ""
			}, ""},
		{"rdf:ID", wrap(`<rdf:Description><ex:a rdf:ID="i">1</ex:a></rdf:Description>`), nil, "rdf:ID"},
		{"unqualified attribute", wrap(`<rdf:Description><ex:a><rdf:Bag foo="x"><rdf:li>1</rdf:li></rdf:Bag></ex:a></rdf:Description>`), nil, "foo"},
		{"element beside rdf:RDF", `<x:xmpmeta xmlns:x="adobe:ns:meta/" xmlns:e="urn:e/"><e:z/><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></x:xmpmeta>`, nil, "<e:z>"},
		{"rdf:datatype on a struct", wrap(`<rdf:Description><ex:s rdf:parseType="Resource" rdf:datatype="urn:x"><ex:f>1</ex:f></ex:s></rdf:Description>`), nil, "rdf:datatype"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d, err := Parse([]byte(tc.in))
			if err != nil {
				t.Fatal(err)
			}
			if tc.check != nil {
				if msg := tc.check(d); msg != "" {
					t.Errorf("Parse: %s", msg)
				}
			}
			switch got := strings.Join(d.Lossy, "; "); {
			case tc.lossy == "" && got != "":
				t.Errorf("Lossy = %q, want none", got)
			case !strings.Contains(got, tc.lossy):
				t.Errorf("Lossy = %q, want it to name %q", got, tc.lossy)
			}
			assertRoundTrip(t, d)
		})
	}
}
