package sidecar

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/captag/captag/metadata/xmp"
)

// Namespaces the form cases declare, besides packet's.
const formNS = ` xmlns:Iptc4xmpCore="http://iptc.org/std/Iptc4xmpCore/1.0/xmlns/" xmlns:ex="urn:example:forms/"`

// formPacket is packet with the extra namespaces, x:xmpmeta attributes
// meta and rdf:Description attributes desc.
func formPacket(meta, desc, body string) string {
	return `<x:xmpmeta xmlns:x="adobe:ns:meta/"` + meta + `><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">` +
		`<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:photoshop="http://ns.adobe.com/photoshop/1.0/"` +
		` xmlns:Iptc4xmpExt="http://iptc.org/std/Iptc4xmpExt/2008-02-29/" xmlns:xmp="http://ns.adobe.com/xap/1.0/"` + formNS + desc + `>` +
		body + `</rdf:Description></rdf:RDF></x:xmpmeta>`
}

// mergeForms are the forms of issue 11 item 2 that Merge used to lose
// values of, and others the XMP specification (RDF/XML) allows. Each
// must keep every value captag does not set.
var mergeForms = []struct {
	name, in string
	keep     []string // values that must be in exiftool's and exiv2's reading after the merge too
}{
	{"LocationCreated as a single struct", formPacket("", "",
		`<Iptc4xmpExt:LocationCreated rdf:parseType="Resource"><Iptc4xmpExt:Sublocation>Salaheddine</Iptc4xmpExt:Sublocation>`+
			`<Iptc4xmpExt:WorldRegion>Middle East</Iptc4xmpExt:WorldRegion><Iptc4xmpExt:City>Halab</Iptc4xmpExt:City></Iptc4xmpExt:LocationCreated>`),
		[]string{"Salaheddine", "Middle East"}},
	{"LocationCreated Bag whose first item is not a struct", formPacket("", "",
		`<Iptc4xmpExt:LocationCreated><rdf:Bag><rdf:li>east of the citadel</rdf:li><rdf:li rdf:parseType="Resource">`+
			`<Iptc4xmpExt:Sublocation>Bustan al-Qasr</Iptc4xmpExt:Sublocation></rdf:li></rdf:Bag></Iptc4xmpExt:LocationCreated>`),
		[]string{"east of the citadel", "Bustan al-Qasr"}},
	{"LocationCreated as a single value", formPacket("", "",
		`<Iptc4xmpExt:LocationCreated>Old City</Iptc4xmpExt:LocationCreated>`), []string{"Old City"}},
	{"dc:subject as a simple value", formPacket("", "", `<dc:subject>refugees</dc:subject>`), []string{"refugees"}},
	{"dc:subject as an rdf:Alt", formPacket("", "",
		`<dc:subject><rdf:Alt><rdf:li xml:lang="x-default">refugees</rdf:li><rdf:li xml:lang="de">Flüchtlinge</rdf:li></rdf:Alt></dc:subject>`),
		[]string{"refugees", "Flüchtlinge"}},
	{"xml:lang inherited from rdf:Description", formPacket("", ` xml:lang="de"`,
		`<xmp:Label>Auswahl</xmp:Label><dc:title>Busse in Aleppo</dc:title><photoshop:City>Halab</photoshop:City>`),
		[]string{"Auswahl", "Busse in Aleppo"}},
	{"xml:lang on an array and on a property element", formPacket("", "",
		`<dc:rights xml:lang="fr"><rdf:Alt><rdf:li>Tous droits réservés</rdf:li></rdf:Alt></dc:rights>`+
			`<ex:notes><rdf:Bag xml:lang="en"><rdf:li>first</rdf:li><rdf:li xml:lang="de">zweite</rdf:li></rdf:Bag></ex:notes>`),
		[]string{"Tous droits réservés", "first", "zweite"}},
	{"dc:description as a value in a language", formPacket("", "",
		`<dc:description xml:lang="de">Syrer warten auf Busse</dc:description>`), []string{"Syrer warten auf Busse"}},
	{"rdf:datatype", formPacket("", "",
		`<xmp:Rating rdf:datatype="http://www.w3.org/2001/XMLSchema#integer">4</xmp:Rating>`+
			`<ex:when><rdf:Seq><rdf:li rdf:datatype="http://www.w3.org/2001/XMLSchema#date">2016-12-19</rdf:li></rdf:Seq></ex:when>`),
		[]string{"4", "2016-12-19"}},
	{"xml:base", formPacket(` xml:base="http://example.org/archive/"`, ` xml:base="2016/"`,
		`<ex:original rdf:resource="aleppo-0001.jpg"/><ex:web xml:base="http://example.com/"><rdf:Bag><rdf:li rdf:resource="p/1"/></rdf:Bag></ex:web>`),
		[]string{"aleppo-0001.jpg", "p/1"}},
	{"extra attributes on x:xmpmeta", formPacket(` xmlns:ex2="urn:example:meta/" ex2:profile="desk" x:xmptk="Adobe XMP Core 5.6"`, "",
		`<xmp:Label>Red</xmp:Label>`), []string{"Red"}},
	{"duplicate properties", `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">` +
		`<rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmp:Label="first label"/>` +
		`<rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/"><xmp:Label>second label</xmp:Label></rdf:Description>` +
		`</rdf:RDF></x:xmpmeta>`, []string{"first label", "second label"}},
	{"struct as a nested rdf:Description with xml:lang", formPacket("", "",
		`<ex:credit><rdf:Description xml:lang="ar" ex:name="حلب" ex:role="stringer"/></ex:credit>`), []string{"حلب", "stringer"}},
	{"rdf:value with qualifiers", formPacket("", "",
		`<ex:id rdf:parseType="Resource"><rdf:value>AA-1</rdf:value><ex:scheme>agency</ex:scheme></ex:id>`), []string{"AA-1", "agency"}},
	{"xml:lang on rdf:value and on a qualified property", formPacket("", "",
		`<ex:a rdf:parseType="Resource"><rdf:value xml:lang="fr">valeur</rdf:value><ex:q>qual A</ex:q></ex:a>`+
			`<ex:b xml:lang="de" rdf:parseType="Resource"><rdf:value>Wert</rdf:value><ex:q>qual B</ex:q></ex:b>`+
			`<ex:c xml:lang="es" rdf:value="valor" ex:q="qual C"/>`),
		[]string{"valeur", "qual A", "Wert", "qual B", "valor", "qual C"}},
}

// TestMergeKeepsEveryForm is issue 11 item 2: merging into a sidecar in
// each form keeps every value captag does not set (read independently of
// package xmp), sets captag's values, and is a fixed point.
func TestMergeKeepsEveryForm(t *testing.T) {
	rec, img := csvRecord(), aleppoImage()
	want := Properties(rec, img, testOptions)
	for _, tc := range mergeForms {
		t.Run(tc.name, func(t *testing.T) {
			out, _, err := Merge([]byte(tc.in), rec, img, testOptions)
			if err != nil {
				t.Fatalf("Merge: %v", err)
			}
			checkMergeKept(t, []byte(tc.in), out, want)
			after, err := xmp.Parse(out)
			if err != nil {
				t.Fatal(err)
			}
			for _, w := range want {
				checkValueBack(t, rec, w, after.Get(w.NS, w.Name))
			}
			for _, v := range tc.keep {
				if !bytes.Contains(out, []byte(v)) {
					t.Errorf("%q is not in the merged sidecar", v)
				}
			}
			again, ch, err := Merge(out, rec, img, testOptions)
			if err != nil || ch != nil || !bytes.Equal(again, out) {
				t.Errorf("Merge of its own output: changed %q, err %v", ch, err)
			}
		})
	}
}

// checkMergeKept fails t when a value of in that Merge may not drop is
// missing from out (lostPairs).
func checkMergeKept(t *testing.T, in, out []byte, want []*xmp.Node) {
	t.Helper()
	before, err := readPairs(in)
	if err != nil {
		t.Fatalf("the independent reader refuses the input: %v", err)
	}
	after, err := readPairs(out)
	if err != nil {
		t.Fatalf("the independent reader refuses Merge's output: %v\n%s", err, out)
	}
	if lost := lostPairs(before, after, want); len(lost) > 0 {
		var b strings.Builder
		for _, p := range lost {
			b.WriteString("\n  " + strings.ReplaceAll(p.path, sep, " / ") + " = " + p.value + " lang=" + p.lang + " datatype=" + p.datatype + " base=" + p.base)
		}
		t.Fatalf("values lost by the merge:%s\n--- in ---\n%s\n--- out ---\n%s", b.String(), in, out)
	}
}

// TestMergeRefusesUnsafeForms: a form Merge cannot change without a loss
// leaves the sidecar alone (a *MergeError naming the form).
func TestMergeRefusesUnsafeForms(t *testing.T) {
	for _, tc := range []struct{ name, in, found string }{
		{"a property of captag's given twice", `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">` +
			`<rdf:Description rdf:about="" xmlns:photoshop="http://ns.adobe.com/photoshop/1.0/" photoshop:City="Halab"/>` +
			`<rdf:Description rdf:about="" xmlns:photoshop="http://ns.adobe.com/photoshop/1.0/"><photoshop:City>Alep</photoshop:City></rdf:Description>` +
			`</rdf:RDF></x:xmpmeta>`, "photoshop:City given twice"},
		{"rdf:ID, which the tree has no place for", formPacket("", "", `<xmp:Label rdf:ID="l1">Red</xmp:Label>`), "rdf:ID"},
		{"two rdf:about values", `<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">` +
			`<rdf:Description rdf:about="uuid:a" xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmp:Label="a"/>` +
			`<rdf:Description rdf:about="uuid:b" xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmp:Rating="1"/></rdf:RDF>`, "two rdf:about values"},
		{"an element beside rdf:RDF", `<x:xmpmeta xmlns:x="adobe:ns:meta/" xmlns:ex="urn:e/"><ex:note>kept?</ex:note>` +
			`<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about=""/></rdf:RDF></x:xmpmeta>`, "<ex:note>"},
		{"dc:subject as a struct", formPacket("", "", `<dc:subject rdf:parseType="Resource"><ex:kw>x</ex:kw></dc:subject>`), "a struct"},
		{"dc:title as a Bag of values in a language", formPacket("", "",
			`<dc:title><rdf:Bag><rdf:li xml:lang="de">Titel</rdf:li></rdf:Bag></dc:title>`), "with values in a language"},
		{"LocationCreated Alt without a Location first", formPacket("", "",
			`<Iptc4xmpExt:LocationCreated><rdf:Alt><rdf:li xml:lang="x-default">Old City</rdf:li></rdf:Alt></Iptc4xmpExt:LocationCreated>`), "not a Location"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, changed, err := Merge([]byte(tc.in), csvRecord(), aleppoImage(), testOptions)
			var me *MergeError
			if !errors.As(err, &me) {
				t.Fatalf("Merge err = %v, want a *MergeError (out %d bytes, changed %q)", err, len(out), changed)
			}
			if out != nil || changed != nil {
				t.Errorf("a refused merge returned data")
			}
			if !strings.Contains(me.Error(), tc.found) {
				t.Errorf("error %q does not name %q", me.Error(), tc.found)
			}
		})
	}
}

// TestCorpusPacketsKeepValues merges a caption into every XMP packet found
// in the outside corpus (sidecars, and the packets embedded in its real
// images, cut out at <x:xmpmeta … </x:xmpmeta>) and checks with the
// independent reader that every value captag does not set survives.
func TestCorpusPacketsKeepValues(t *testing.T) {
	dir := corpusDir(t)
	const maxFile = 64 << 20
	rec, img := csvRecord(), aleppoImage()
	want := Properties(rec, img, testOptions)
	var packets, merged, refused int
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		if fi, err := d.Info(); err != nil || fi.Size() > maxFile {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		start := bytes.Index(b, []byte("<x:xmpmeta"))
		end := bytes.Index(b, []byte("</x:xmpmeta>"))
		if start < 0 || end < start {
			return nil
		}
		in := b[start : end+len("</x:xmpmeta>")]
		if _, err := readPairs(in); err != nil {
			return nil // not XML the independent reader takes (or not UTF-8)
		}
		packets++
		out, _, err := Merge(in, rec, img, testOptions)
		if err != nil {
			refused++
			t.Logf("left alone: %s: %v", p, err)
			return nil
		}
		merged++
		t.Run(filepath.Base(p), func(t *testing.T) { checkMergeKept(t, in, out, want) })
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d packets: %d merged without loss, %d refused and left alone", packets, merged, refused)
	if packets == 0 {
		t.Skip("no XMP packet in the corpus")
	}
}
