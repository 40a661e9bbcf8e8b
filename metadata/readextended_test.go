package metadata

import (
	"bytes"
	"fmt"
	"reflect"
	"testing"

	"github.com/captag/captag/metadata/fixture"
	"github.com/captag/captag/metadata/xmp"
)

// TestReadExtendedKeepsWhatOneParseFinds: ReadExtended gives the Image
// ReadWith gives, and of the ExtendedXMP the packet as assembled with
// exactly what xmp.ParseProps finds in it for the properties wanted (the
// names, or the error), from the parse the stores make of it.
func TestReadExtendedKeepsWhatOneParseFinds(t *testing.T) {
	want := func(ns, name string) bool {
		return ns == xmp.NSphotoshop && (name == "Credit" || name == "Instructions") || ns == xmp.NSdc && name == "description"
	}
	packet := func(attrs, body string) string {
		return `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">` +
			`<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:photoshop="http://ns.adobe.com/photoshop/1.0/" xmlns:crs="http://ns.adobe.com/camera-raw-settings/1.0/"` +
			attrs + `>` + body + `</rdf:Description></rdf:RDF></x:xmpmeta>`
	}
	f := fixture.Fields{Credit: "AFP", Description: "A caption"}
	tests := []struct {
		name, ext string
		none      bool // no ExtendedXMP handed out
	}{
		{name: "none", none: true},
		{name: "others only", ext: packet(` crs:Exposure="+0.5"`, "")},
		{name: "wanted and store properties", ext: packet(` photoshop:Instructions="Embargo" photoshop:City="Aleppo"`, `<dc:description><rdf:Alt><rdf:li xml:lang="x-default">Ext</rdf:li></rdf:Alt></dc:description>`)},
		{name: "another case", ext: packet(` photoshop:credit="X"`, "")},
		{name: "another shape (Parse's way)", ext: `<x:xmpmeta xmlns:x="adobe:ns:meta/" x:other="1"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="" xmlns:photoshop="http://ns.adobe.com/photoshop/1.0/" photoshop:Credit="X"/></rdf:RDF></x:xmpmeta>`},
		{name: "does not parse", ext: packet("", `<dc:title>x</dc:format>`)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := fixture.All(f)
			if tc.ext != "" {
				s.XMP = fixture.XMPPacketExtended(f, "", fixture.ExtendedGUID(tc.ext))
				s.ExtendedXMP = tc.ext
			}
			b := fixture.JPEG(s)
			im, ext, err := NewReader().ReadExtended(bytes.NewReader(b), int64(len(b)), "x.jpg", ReadOptions{}, want)
			if err != nil {
				t.Fatal(err)
			}
			plain, err := Read(bytes.NewReader(b), int64(len(b)), "x.jpg")
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(im, plain) {
				t.Errorf("Image\n got %+v\nwant %+v (ReadWith's)", im, plain)
			}
			if tc.none {
				if ext != nil {
					t.Errorf("ExtendedXMP %+v, want none", ext)
				}
				return
			}
			if ext == nil || string(ext.Packet) != tc.ext {
				t.Fatalf("ExtendedXMP %+v, want the packet %q", ext, tc.ext)
			}
			d, perr := xmp.ParseProps([]byte(tc.ext), want)
			if fmt.Sprint(ext.Err) != fmt.Sprint(perr) {
				t.Errorf("error %v, want ParseProps' %v", ext.Err, perr)
			}
			var names []PropName
			if d != nil {
				for _, p := range d.Props {
					names = append(names, PropName{p.NS, p.Name})
				}
			}
			if !reflect.DeepEqual(ext.Props, names) {
				t.Errorf("properties %v, want ParseProps' %v", ext.Props, names)
			}
			for _, n := range names {
				if !ext.Has(n.NS, n.Name) {
					t.Errorf("Has(%s, %s) = false, want true", n.NS, n.Name)
				}
			}
			if ext.Has(xmp.NSphotoshop, "City") {
				t.Error("Has(photoshop:City) = true for a property not wanted")
			}
		})
	}
}
