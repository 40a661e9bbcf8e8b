package xmp

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// FuzzXMP feeds arbitrary bytes to Parse. Parse must never panic; when it
// accepts the input, Encode → Parse must give back an equal Doc (prefix
// maps aside) and Encode must be stable.
func FuzzXMP(f *testing.F) {
	fixtures, _ := filepath.Glob("testdata/*.xmp")
	for _, p := range fixtures {
		if b, err := os.ReadFile(p); err == nil {
			f.Add(b)
			f.Add(utf16Bytes(string(b), false, true))
		}
	}
	if corpus, err := filepath.Glob(filepath.Join(corpusDir, "*", "*.xmp")); err == nil {
		for _, p := range corpus {
			if b, err := os.ReadFile(p); err == nil && len(b) < 64<<10 {
				f.Add(b)
			}
		}
	}
	for _, s := range []string{
		wrap(`<rdf:Description ex:a="1"><ex:b rdf:parseType="Resource"><rdf:value xml:lang="en">v</rdf:value><q:q>1</q:q></ex:b></rdf:Description>`),
		wrap(`<rdf:Description><ex:c><rdf:Alt><rdf:li xml:lang="de">a</rdf:li><rdf:li xml:lang="x-default">b</rdf:li></rdf:Alt></ex:c><ex:d rdf:resource="u" q:x="y"/></rdf:Description>`),
		wrap(`<rdf:Description><ex:e><rdf:Bag><rdf:li ex:f="1"/><rdf:li><rdf:Seq><rdf:li>x</rdf:li></rdf:Seq></rdf:li></rdf:Bag></ex:e></rdf:Description>`),
		`<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description about="a" xmlns="urn:d"><p>&#xD;&amp;</p></rdf:Description></rdf:RDF>`,
		// Issue 11 item 2: scoped and typed values, x:xmpmeta attributes.
		wrap(`<rdf:Description xml:lang="de" ex:a="1"><ex:n rdf:datatype="urn:int">4</ex:n></rdf:Description><rdf:Description xml:base="http://x/"><ex:u rdf:resource="a"/></rdf:Description>`),
		wrap(`<rdf:Description><ex:b xml:lang="fr"><rdf:Bag xml:lang="en"><rdf:li>x</rdf:li><rdf:li rdf:parseType="Resource"><ex:f>y</ex:f></rdf:li></rdf:Bag></ex:b><ex:s><rdf:Description xml:lang="ar" ex:g="z"/></ex:s></rdf:Description>`),
		// Attribute form (Node.AsAttr): runs, duplicates, line ends,
		// struct fields as attributes, mixed structs, scoped fields.
		wrap(`<rdf:Description ex:a="1" ex:b="x&#xA;y"><ex:c>2</ex:c></rdf:Description><rdf:Description ex:a="3" ex:d="&amp;&quot;"/>`),
		wrap(`<rdf:Description><ex:F ex:x="1" ex:y="2"/><ex:L><rdf:Description ex:n="N" xml:lang="de"><ex:g>g</ex:g></rdf:Description></ex:L><ex:H><rdf:Seq><rdf:li ex:op="a" ex:t="&#x9;"/></rdf:Seq></ex:H></rdf:Description>`),
		`<x:xmpmeta xmlns:x="adobe:ns:meta/" xmlns:e="urn:e/" e:a="1" xml:lang="en" x:xmptk="t"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xml:lang="de"><rdf:Description xmlns:e="urn:e/" e:p="v"/></rdf:RDF></x:xmpmeta>`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		d, err := Parse(b)
		if err != nil {
			return
		}
		enc := Encode(d)
		d2, err := Parse(enc)
		if err != nil {
			var le *LimitError
			if errors.As(err, &le) {
				return // element form can nest one level deeper than attribute form
			}
			t.Fatalf("Parse(Encode(d)): %v\n%s", err, enc)
		}
		if d.Lossy == nil && d2.Lossy != nil {
			t.Fatalf("Encode wrote a loss: %q\n%s", d2.Lossy, enc)
		}
		a, c := *d, *d2
		a.Prefixes, c.Prefixes = nil, nil
		a.Lossy, c.Lossy = nil, nil
		if !reflect.DeepEqual(a, c) {
			t.Fatalf("Parse(Encode(d)) differs:\n got %s\nwant %s\n%s", dump(c.Props), dump(a.Props), enc)
		}
		if enc2 := Encode(d2); !bytes.Equal(enc, enc2) {
			t.Fatalf("Encode not stable:\n%s\n---\n%s", enc, enc2)
		}
	})
}
