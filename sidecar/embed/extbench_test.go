package embed

import (
	"fmt"
	"strings"
	"testing"

	"github.com/captag/captag/metadata/fixture"
)

// BenchmarkEmbedJPEGExtendedXMP embeds a caption into a wire JPEG that
// carries 100 KB of ExtendedXMP (a Camera Raw history, as Lightroom
// moves there), which the embedder checks for captag's properties.
func BenchmarkEmbedJPEGExtendedXMP(b *testing.B) {
	var ext strings.Builder
	ext.WriteString(`<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">` +
		`<rdf:Description rdf:about="" xmlns:crs="http://ns.adobe.com/camera-raw-settings/1.0/" xmlns:stEvt="http://ns.adobe.com/xap/1.0/sType/ResourceEvent#">` +
		`<crs:History><rdf:Seq>`)
	for i := 0; ext.Len() < 100<<10; i++ {
		fmt.Fprintf(&ext, `<rdf:li rdf:parseType="Resource"><stEvt:action>saved</stEvt:action><stEvt:instanceID>xmp.iid:%032x</stEvt:instanceID><stEvt:when>2016-12-19T10:%02d:00+02:00</stEvt:when></rdf:li>`, i, i%60)
	}
	ext.WriteString(`</rdf:Seq></crs:History></rdf:Description></rdf:RDF></x:xmpmeta>`)
	s := fixture.All(wire)
	s.XMP = fixture.XMPPacketExtended(wire, "", fixture.ExtendedGUID(ext.String()))
	s.ExtendedXMP = ext.String()
	in := fixture.JPEG(s)
	rec := aleppo()
	b.SetBytes(int64(len(in)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := JPEG(in, rec, nil, Options{}); err != nil {
			b.Fatalf("JPEG: %v", err)
		}
	}
}
