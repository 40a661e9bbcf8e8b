package sidecar

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/captag/captag/metadata/caption"
	"github.com/captag/captag/metadata/xmp"
)

// FuzzMerge merges a fixed record into arbitrary bytes. Merge must not
// panic; when it accepts the input, its output must parse, carry the
// record's values, keep every other top-level property of the input —
// also as read by readPairs, independently of package xmp: every value
// (with its language, datatype and base) that captag does not set — and
// be a fixed point of Merge.
func FuzzMerge(f *testing.F) {
	for _, name := range []string{"in-exiftool.xmp", "in-lightroom.xmp", "golden-fresh.xmp"} {
		b, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	for _, s := range []string{
		"",
		packet(`<dc:description><rdf:Alt><rdf:li xml:lang="de">x</rdf:li></rdf:Alt></dc:description>`),
		packet(`<dc:subject><rdf:Seq><rdf:li>a</rdf:li></rdf:Seq></dc:subject><photoshop:City rdf:resource="http://x/"/>`),
		packet(`<Iptc4xmpExt:LocationCreated><rdf:Bag><rdf:li>plain</rdf:li></rdf:Bag></Iptc4xmpExt:LocationCreated>`),
		packet(`<photoshop:DateCreated>2016-12-19T01:02</photoshop:DateCreated><dc:creator>one</dc:creator>`),
		`<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="" xmlns:a="urn:a:" a:b="c"/></rdf:RDF>`,
		// Attribute form (xmp.Node.AsAttr): captag's properties and
		// others as attributes, a line end in one, Location fields as
		// attributes of rdf:li, a second rdf:Description.
		strings.Replace(packet(`<xmp:Label>Red</xmp:Label>`), `xmlns:xmp="http://ns.adobe.com/xap/1.0/">`,
			`xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmp:Rating="3" photoshop:City="Damascus" photoshop:Instructions="a&#xA;b" photoshop:Credit="Anadolu Agency">`, 1),
		packet(`<Iptc4xmpExt:LocationCreated><rdf:Bag><rdf:li Iptc4xmpExt:City="Homs" Iptc4xmpExt:Sublocation="Old town"/></rdf:Bag></Iptc4xmpExt:LocationCreated>` +
			`</rdf:Description><rdf:Description rdf:about="" xmlns:photoshop="http://ns.adobe.com/photoshop/1.0/" photoshop:Country="Syria">`),
		"<x:xmpmeta", "not xml at all",
	} {
		f.Add([]byte(s))
	}
	for _, tc := range mergeForms {
		f.Add([]byte(tc.in))
	}
	rec := csvRecord()
	img := aleppoImage()
	want := Properties(rec, img, testOptions)
	f.Fuzz(func(t *testing.T, in []byte) {
		out, changed, err := Merge(in, rec, img, testOptions)
		if err != nil {
			if _, ok := err.(*MergeError); !ok {
				t.Fatalf("Merge error %T %v, want *MergeError", err, err)
			}
			if out != nil || changed != nil {
				t.Fatal("Merge returned data with an error")
			}
			return
		}
		after, err := xmp.Parse(out)
		if err != nil {
			t.Fatalf("Merge's output does not parse: %v\n%s", err, out)
		}
		for _, w := range want {
			checkValueBack(t, rec, w, after.Get(w.NS, w.Name))
		}
		if len(in) > 0 {
			before, err := xmp.Parse(in)
			if err != nil {
				t.Fatalf("Merge accepted input that Parse refuses: %v", err)
			}
			if a, b := others(before), others(after); !equalNodes(a, b) {
				t.Fatalf("other properties changed:\n before %q\n after  %q", flat(a), flat(b))
			}
			// The same, read independently of package xmp: every value
			// of the input that captag does not set is in the output.
			if _, err := readPairs(in); err == nil {
				checkMergeKept(t, in, out, want)
			}
		}
		again, ch, err := Merge(out, rec, img, testOptions)
		if err != nil || ch != nil || string(again) != string(out) {
			t.Fatalf("Merge of its own output: changed %q, err %v", ch, err)
		}
	})
}

// checkValueBack checks that the property read back (got) carries the
// value captag wrote (w).
func checkValueBack(t *testing.T, rec caption.Record, w, got *xmp.Node) {
	t.Helper()
	name := qname(w.NS, w.Name)
	if got == nil {
		t.Fatalf("%s missing after the merge", name)
	}
	switch {
	case w.Kind == xmp.KindAlt:
		if got.Kind != xmp.KindAlt || got.Text() != w.Text() {
			t.Fatalf("%s = %q, want x-default %q", name, flatValue(got), w.Text())
		}
	case w.NS == xmp.NSdc && w.Name == "subject":
		have := map[string]bool{}
		for _, s := range got.Texts() {
			have[strings.ToLower(s)] = true
		}
		for _, k := range w.Texts() {
			if !have[strings.ToLower(k)] {
				t.Fatalf("dc:subject %q lacks %q", got.Texts(), k)
			}
		}
	case w.NS == xmp.NSIptc4xmpExt && w.Name == "LocationCreated":
		loc := got // a single struct keeps that form
		if got.Kind != xmp.KindStruct {
			if len(got.Items) == 0 {
				t.Fatalf("LocationCreated has no Location")
			}
			loc = got.Items[0]
		}
		for _, f := range w.Items[0].Fields {
			if g := loc.Field(f.NS, f.Name); g.Text() != f.Value {
				t.Fatalf("LocationCreated %s = %q, want %q", f.Name, g.Text(), f.Value)
			}
		}
	case w.NS == xmp.NSphotoshop && w.Name == "DateCreated":
		if got.Text() != w.Value && !strings.HasPrefix(got.Text(), w.Value+"T") && !saysAlready(got, w, rec, Options{}) {
			t.Fatalf("DateCreated = %q, want %q", got.Text(), w.Value)
		}
	default:
		// A Credit or Source that names the agency is kept as it is.
		if !equalNode(got, w) && !saysAlready(got, w, rec, Options{}) {
			t.Fatalf("%s = %s, want %s", name, flatValue(got), flatValue(w))
		}
	}
}

// TestFuzzSeedsHoldTheProperties runs the fuzz checks on the golden inputs
// with other records (the fuzz target's record is fixed).
func TestFuzzSeedsHoldTheProperties(t *testing.T) {
	for _, in := range []string{"in-exiftool.xmp", "in-lightroom.xmp"} {
		b := readTestdata(t, in)
		for _, rec := range []caption.Record{textRecord(), csvRecord(), {Text: "only text"}} {
			out, _, err := Merge(b, rec, nil, Options{})
			if err != nil {
				t.Fatal(err)
			}
			after, err := xmp.Parse(out)
			if err != nil {
				t.Fatal(err)
			}
			for _, w := range Properties(rec, nil, Options{}) {
				checkValueBack(t, rec, w, after.Get(w.NS, w.Name))
			}
			assertOthersKept(t, b, out)
		}
	}
}

// FuzzParseTemplate: a template file is untrusted bytes; ParseTemplate
// never panics, and what it takes maps to properties that encode.
func FuzzParseTemplate(f *testing.F) {
	if b, err := os.ReadFile("testdata/template-stationery.xmp"); err == nil {
		f.Add(b)
	}
	f.Add([]byte(`<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="" xmlns:Iptc4xmpCore="http://iptc.org/std/Iptc4xmpCore/1.0/xmlns/"><Iptc4xmpCore:CreatorContactInfo rdf:parseType="Resource"><Iptc4xmpCore:CiAdrCity>A</Iptc4xmpCore:CiAdrCity></Iptc4xmpCore:CreatorContactInfo></rdf:Description></rdf:RDF></x:xmpmeta>`))
	f.Add([]byte("\xff\xd8\xff"))
	f.Fuzz(func(t *testing.T, b []byte) {
		tpl, err := ParseTemplate(b)
		if err != nil {
			return
		}
		out, _, err := Merge(nil, caption.Record{}, nil, Options{Template: tpl})
		if err != nil {
			t.Fatalf("merge of a template that parsed: %v", err)
		}
		if _, err := xmp.Parse(out); err != nil {
			t.Fatalf("the sidecar of a template does not parse: %v", err)
		}
	})
}
