package xmp

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// propsWants are the filters ParseProps is checked with: everything,
// nothing, and a store-like choice of properties.
var propsWants = map[string]func(ns, name string) bool{
	"all":  func(string, string) bool { return true },
	"none": func(string, string) bool { return false },
	"store": func(ns, name string) bool {
		switch ns {
		case NSdc:
			return name == "creator" || name == "description" || name == "subject"
		case NSphotoshop, NSIptc4xmpExt:
			return true
		}
		return false
	},
}

// parseFiltered is the reference for ParseProps: Parse, then drop the
// properties not wanted.
func parseFiltered(b []byte, want func(ns, name string) bool) (*Doc, error) {
	d, err := Parse(b)
	if err != nil {
		return nil, err
	}
	var kept []*Node
	for _, p := range d.Props {
		if want(p.NS, p.Name) {
			kept = append(kept, p)
		}
	}
	d.Props = kept
	return d, nil
}

// checkProps fails when ParseProps(b) differs from parseFiltered(b) for
// any of propsWants.
func checkProps(t *testing.T, label string, b []byte) {
	t.Helper()
	for wname, want := range propsWants {
		got, gerr := ParseProps(b, want)
		ref, rerr := parseFiltered(b, want)
		if (gerr == nil) != (rerr == nil) || gerr != nil && (gerr.Error() != rerr.Error() || reflect.TypeOf(gerr) != reflect.TypeOf(rerr)) {
			t.Fatalf("%s (%s): ParseProps error %v, Parse error %v", label, wname, gerr, rerr)
		}
		if gerr != nil {
			continue
		}
		if !reflect.DeepEqual(got, ref) {
			t.Fatalf("%s (%s): ParseProps differs from Parse:\n got %s (about %q, toolkit %q, prefixes %v)\nwant %s (about %q, toolkit %q, prefixes %v)",
				label, wname, dump(got.Props), got.About, got.Toolkit, got.Prefixes, dump(ref.Props), ref.About, ref.Toolkit, ref.Prefixes)
		}
	}
}

// fastPath reports whether ParseProps reads b in one streamed pass,
// without Parse's whole tree.
func fastPath(b []byte) bool {
	text, err := toUTF8(b)
	if err != nil {
		return false
	}
	var t treeReader
	t.stream = &streamDoc{d: &Doc{}, want: func(string, string) bool { return true }}
	t.sc.reset(text)
	_, _, err = t.read(&t.sc)
	return err == nil
}

const wirePacket = `<?xpacket begin="` + "\uFEFF" + `" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/" x:xmptk="captag fixture">
 <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
  <rdf:Description rdf:about=""
    xmlns:dc="http://purl.org/dc/elements/1.1/"
    xmlns:photoshop="http://ns.adobe.com/photoshop/1.0/"
    xmlns:Iptc4xmpCore="http://iptc.org/std/Iptc4xmpCore/1.0/xmlns/">
   <dc:creator>
    <rdf:Seq>
     <rdf:li>Rania Matar</rdf:li>
    </rdf:Seq>
   </dc:creator>
   <dc:description>
    <rdf:Alt>
     <rdf:li xml:lang="x-default">MUMBAI &amp; co &#x2014; a train</rdf:li>
    </rdf:Alt>
   </dc:description>
   <photoshop:City>Mumbai</photoshop:City>
   <photoshop:DateCreated>2021-07-04T18:45:12+05:30</photoshop:DateCreated>
   <Iptc4xmpCore:CountryCode>IND</Iptc4xmpCore:CountryCode>
  </rdf:Description>
 </rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>`

// TestParseProps checks ParseProps against Parse on packets of the shape
// it reads itself (fast) and on packets it must leave to Parse, including
// refused ones: same properties, same error.
func TestParseProps(t *testing.T) {
	tests := []struct {
		name   string
		packet string
		fast   bool
	}{
		{"wire packet", wirePacket, true},
		{"attribute form", wrap(`<rdf:Description rdf:about="" photoshop:Credit="AFP" dc:format="image/jpeg" photoshop:City="Paris"/>`), true},
		{"several descriptions, duplicate keeps last value", wrap(`<rdf:Description photoshop:City="A"/><rdf:Description><photoshop:City>B</photoshop:City><ex:x>1</ex:x></rdf:Description>`), true},
		{"alt with x-default last", wrap(`<rdf:Description><dc:title><rdf:Alt><rdf:li xml:lang="fr">Titre</rdf:li><rdf:li xml:lang="x-default">Title</rdf:li></rdf:Alt></dc:title></rdf:Description>`), true},
		{"empty elements and arrays", wrap(`<rdf:Description><photoshop:City/><dc:subject><rdf:Bag/></dc:subject><dc:creator><rdf:Seq><rdf:li/></rdf:Seq></dc:creator></rdf:Description>`), true},
		{"comments, CDATA and CR LF", wrap("<rdf:Description><photoshop:Headline>a<!-- c -->b<![CDATA[<c>]]>\r\nd</photoshop:Headline></rdf:Description>"), true},
		{"default namespace on property", wrap(`<rdf:Description><Headline xmlns="http://ns.adobe.com/photoshop/1.0/">H</Headline></rdf:Description>`), true},
		{"UTF-16 packet", string(utf16Bytes(wirePacket, true, true)), true},
		{"bare rdf:RDF", `<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns:photoshop="http://ns.adobe.com/photoshop/1.0/"><rdf:Description photoshop:City="X"/></rdf:RDF>`, false},
		{"struct", wrap(`<rdf:Description><photoshop:City>C</photoshop:City><ex:s rdf:parseType="Resource"><ex:f>1</ex:f></ex:s></rdf:Description>`), true},
		{"qualifier", wrap(`<rdf:Description><photoshop:City rdf:parseType="Resource"><rdf:value>C</rdf:value><q:q>1</q:q></photoshop:City></rdf:Description>`), true},
		{"resource", wrap(`<rdf:Description><ex:u rdf:resource="http://x/"/></rdf:Description>`), true},
		{"li with a struct", wrap(`<rdf:Description><ex:b><rdf:Bag><rdf:li ex:f="1"/></rdf:Bag></ex:b></rdf:Description>`), true},
		{"text and an array", wrap(`<rdf:Description><dc:subject>x<rdf:Bag/></dc:subject></rdf:Description>`), false},
		{"two arrays", wrap(`<rdf:Description><dc:subject><rdf:Bag/><rdf:Bag/></dc:subject></rdf:Description>`), false},
		{"text in a Description", wrap(`<rdf:Description>x<photoshop:City>C</photoshop:City></rdf:Description>`), false},
		{"parseType Literal", wrap(`<rdf:Description><ex:l rdf:parseType="Literal"><b>x</b></ex:l></rdf:Description>`), false},
		{"nodeID", wrap(`<rdf:Description rdf:nodeID="n"/>`), false},
		{"undeclared prefix", wrap(`<rdf:Description><zz:City>C</zz:City></rdf:Description>`), false},
		{"unqualified property", wrap(`<rdf:Description><City>C</City></rdf:Description>`), false},
		{"mismatched end tag", wrap(`<rdf:Description><photoshop:City>C</photoshop:Credit></rdf:Description>`), false},
		{"truncated", wirePacket[:400], false},
		{"doctype", `<!DOCTYPE x><x:xmpmeta xmlns:x="adobe:ns:meta/"/>`, false},
		{"not XMP", `<html><body/></html>`, false},
		// Issue 11 item 2: forms the tree now keeps.
		{"rdf:datatype and xml:base on properties", wrap(`<rdf:Description><ex:n rdf:datatype="urn:int">4</ex:n><ex:u xml:base="http://x/" rdf:resource="a"/></rdf:Description>`), true},
		{"xml:lang on an array", wrap(`<rdf:Description><dc:subject><rdf:Bag xml:lang="de"><rdf:li>a</rdf:li></rdf:Bag></dc:subject></rdf:Description>`), true},
		{"xml:lang on rdf:Description", wrap(`<rdf:Description xml:lang="de" photoshop:City="Köln"><dc:format>x</dc:format></rdf:Description>`), false},
		{"xml:base on rdf:RDF", `<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xml:base="http://x/" xmlns:photoshop="http://ns.adobe.com/photoshop/1.0/"><rdf:Description photoshop:City="X"/></rdf:RDF>`, false},
		{"attributes on x:xmpmeta", `<x:xmpmeta xmlns:x="adobe:ns:meta/" x:xmptk="t" xmlns:e="urn:e/" e:a="1"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:photoshop="http://ns.adobe.com/photoshop/1.0/" photoshop:City="X"/></rdf:RDF></x:xmpmeta>`, false},
		{"rdf:ID, noted as lossy", wrap(`<rdf:Description><photoshop:City rdf:ID="c">X</photoshop:City></rdf:Description>`), false},
		{"two rdf:about values", wrap(`<rdf:Description rdf:about="a" photoshop:City="A"/><rdf:Description rdf:about="b" photoshop:State="B"/>`), false},
		// Found by FuzzParseProps: Parse refuses x:xmpmeta without rdf:RDF.
		{"xmpmeta without rdf:RDF", `<x:xmpmeta xmlns:x="adobe:ns:meta/"/>`, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := fastPath([]byte(tc.packet)); got != tc.fast {
				t.Errorf("read in one streamed pass: %v, want %v", got, tc.fast)
			}
			checkProps(t, tc.name, []byte(tc.packet))
		})
	}
}

// TestParsePropsFiles runs the comparison on the packets of testdata and,
// when present, every .xmp file of the outside corpus.
func TestParsePropsFiles(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.xmp")
	corpus, _ := filepath.Glob(filepath.Join(corpusDir, "*", "*.xmp"))
	if len(corpus) == 0 {
		if os.Getenv("CI") != "" {
			t.Fatal("no .xmp file in the outside corpus at ../../../shared/corpora: CI needs it beside the repository")
		}
		t.Log("outside corpus not found at ../../../shared/corpora; only testdata is compared")
	}
	if len(files)+len(corpus) == 0 {
		t.Fatal("expected XMP packets in testdata/*.xmp or the outside corpus, found none: nothing was compared")
	}
	fast := 0
	for _, p := range append(files, corpus...) {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		checkProps(t, p, b)
		if fastPath(b) {
			fast++
		}
	}
	t.Logf("%d of %d packets read in one streamed pass", fast, len(files)+len(corpus))
}

// FuzzParseProps checks that ParseProps and Parse agree on any input:
// same error, or the same Doc once the unwanted properties are dropped.
func FuzzParseProps(f *testing.F) {
	files, _ := filepath.Glob("testdata/*.xmp")
	for _, p := range files {
		if b, err := os.ReadFile(p); err == nil {
			f.Add(b)
		}
	}
	for _, s := range []string{
		wirePacket,
		wrap(`<rdf:Description rdf:about="" photoshop:Credit="AFP"><dc:title><rdf:Alt><rdf:li xml:lang="fr">T</rdf:li><rdf:li xml:lang="x-default">D</rdf:li></rdf:Alt></dc:title></rdf:Description>`),
		wrap(`<rdf:Description photoshop:City="A"/><rdf:Description about="b"><photoshop:City>B</photoshop:City></rdf:Description>`),
		wrap(`<rdf:Description><Iptc4xmpExt:LocationCreated xmlns:Iptc4xmpExt="http://iptc.org/std/Iptc4xmpExt/2008-02-29/"><rdf:Bag><rdf:li rdf:parseType="Resource"><Iptc4xmpExt:City>X</Iptc4xmpExt:City></rdf:li></rdf:Bag></Iptc4xmpExt:LocationCreated></rdf:Description>`),
		strings.Replace(wirePacket, "Mumbai", "Mum<b/>bai", 1),
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		checkProps(t, "fuzz input", b)
	})
}

// BenchmarkParseProps reads a wire picture's packet as the metadata
// stores do, beside Parse on the same packet.
func BenchmarkParseProps(b *testing.B) {
	p := []byte(wirePacket)
	b.Run("ParseProps", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(len(p)))
		for b.Loop() {
			if d, err := ParseProps(p, propsWants["store"]); err != nil || d.Get(NSphotoshop, "City").Text() != "Mumbai" {
				b.Fatal("packet not read")
			}
		}
	})
	b.Run("Parse", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(len(p)))
		for b.Loop() {
			if d, err := Parse(p); err != nil || d.Get(NSphotoshop, "City").Text() != "Mumbai" {
				b.Fatal("packet not read")
			}
		}
	})
}
