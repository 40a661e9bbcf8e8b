package embed

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/captag/captag/metadata"
	"github.com/captag/captag/metadata/fixture"
)

// fuzzSeeds are JPEGs made by the project's fixture package: every store,
// none, Latin-1 IIM, XMP first, ExtendedXMP, extra segments, an MPF file
// with its index (and one without), a near-miss Photoshop header.
func fuzzSeeds(tb testing.TB) [][]byte {
	latin := fixture.IIMFields(fixture.Fields{City: "Zürich", Credit: "Agence Française"}).ToLatin1()
	ext := "<x:xmpmeta xmlns:x=\"adobe:ns:meta/\"><rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\"><rdf:Description rdf:about=\"\" xmlns:crs=\"http://ns.adobe.com/camera-raw-settings/1.0/\" crs:Exposure=\"+0.5\"/></rdf:RDF></x:xmpmeta>"
	withExt := fixture.All(wire)
	withExt.XMP = fixture.XMPPacketExtended(wire, "", fixture.ExtendedGUID(ext))
	withExt.ExtendedXMP = ext
	xmpFirst := fixture.All(wire)
	xmpFirst.XMPFirst = true
	extra := fixture.Spec{Extra: []fixture.Segment{{Marker: 0xE2, Payload: []byte("ICC_PROFILE\x00\x01\x01")}, {Marker: 0xFE, Payload: []byte("comment")}}}
	mpf := fixture.All(wire)
	mpf.Extra = []fixture.Segment{{Marker: 0xE2, Payload: []byte("MPF\x00II*\x00\x08\x00\x00\x00")}}
	all := fixture.JPEG(fixture.All(wire))
	segs, _ := testSegments(tb, all)
	var stores []fixture.Segment
	for _, r := range segs {
		stores = append(stores, fixture.Segment{Marker: r[1], Payload: r[4:]})
	}
	nearMiss := fixture.Spec{Extra: []fixture.Segment{{Marker: markerAPP13, Payload: append([]byte("Photoshop 3\xe10\x00"), fixture.IIMFields(wire).IRB()...)}}}
	return [][]byte{
		mpfWith(tb, stores[:1], stores[1:], fixture.JPEG(fixture.Spec{Width: 8, Height: 8})),
		fixture.JPEG(nearMiss),
		fixture.JPEG(fixture.Spec{EXIF: fixture.EXIFFields(wire)}),
		append(fixture.JPEG(mpf), "\xFF\xD8second\xFF\xD9"...),
		fixture.JPEG(fixture.Spec{}),
		fixture.JPEG(fixture.All(wire)),
		fixture.JPEG(fixture.Spec{IIM: &latin}),
		fixture.JPEG(withExt),
		fixture.JPEG(xmpFirst),
		fixture.JPEG(extra),
	}
}

// FuzzEmbed: on any input JPEG either refuses (*RefusedError) or returns a
// file that metadata.Read reads back to the caption, creator and credit
// in both IIM and XMP (and EXIF, for the tags Options.EXIF wrote), whose
// scan and untouched segments are the input's, and that a second run
// leaves byte for byte.
func FuzzEmbed(f *testing.F) {
	for _, s := range fuzzSeeds(f) {
		f.Add(s, false)
		f.Add(s, true)
	}
	rec := aleppo()
	f.Fuzz(func(t *testing.T, in []byte, exif bool) {
		opt := Options{EXIF: exif}
		res, err := JPEG(in, rec, nil, opt)
		if err != nil {
			var re *RefusedError
			if !errors.As(err, &re) {
				t.Fatalf("expected a result or a *RefusedError, found %T: %v", err, err)
			}
			return
		}
		if !res.Changed {
			if !bytes.Equal(res.Data, in) {
				t.Fatal("unchanged result with other bytes")
			}
		}
		checkUntouchedEXIF(t, in, res.Data, exif)
		im, err := metadata.Read(bytes.NewReader(res.Data), int64(len(res.Data)), "x.jpg")
		if err != nil {
			t.Fatalf("the embedded file does not read back: %v", err)
		}
		for _, st := range []*metadata.Store{im.IPTC, im.XMP} {
			if st == nil {
				t.Fatalf("expected IPTC and XMP stores after embedding, found IPTC %v XMP %v", im.IPTC != nil, im.XMP != nil)
			}
			if st.Description != rec.Text || strings.Join(st.Creators, "; ") != "Aref Watad" || st.Credit != "Anadolu Agency" {
				t.Fatalf("%s reads back description %q, creators %q, credit %q", st.Kind, st.Description, st.Creators, st.Credit)
			}
		}
		for _, tag := range res.EXIF {
			if tag == "IFD0 Artist" && (im.EXIF == nil || strings.Join(im.EXIF.Creators, "; ") != "Aref Watad") {
				t.Fatalf("EXIF Artist written but reads back as %v", im.EXIF)
			}
		}
		res2, err := JPEG(res.Data, rec, nil, opt)
		if err != nil {
			t.Fatalf("second run: %v", err)
		}
		if res2.Changed || !bytes.Equal(res2.Data, res.Data) {
			t.Fatalf("second run changed IIM %q XMP %q", res2.IIM, res2.XMP)
		}
	})
}
