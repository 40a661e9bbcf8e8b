package check

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"strings"
	"testing"

	"github.com/captag/captag/metadata"
	"github.com/captag/captag/metadata/caption"
)

// pngWithDescription is a 1×1 PNG whose compressed iTXt XMP packet holds
// desc as dc:description, and the date, creator and credit after it.
func pngWithDescription(desc string) []byte {
	chunk := func(typ string, data []byte) []byte {
		b := binary.BigEndian.AppendUint32(nil, uint32(len(data)))
		b = append(append(b, typ...), data...)
		return binary.BigEndian.AppendUint32(b, crc32.ChecksumIEEE(b[4:]))
	}
	deflate := func(b []byte) []byte {
		var out bytes.Buffer
		w := zlib.NewWriter(&out)
		w.Write(b)
		w.Close()
		return out.Bytes()
	}
	packet := `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">` +
		`<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:photoshop="http://ns.adobe.com/photoshop/1.0/">` +
		`<dc:description><rdf:Alt><rdf:li xml:lang="x-default">` + desc + `</rdf:li></rdf:Alt></dc:description>` +
		`<dc:creator><rdf:Seq><rdf:li>Aref Watad</rdf:li></rdf:Seq></dc:creator>` +
		`<photoshop:Credit>Anadolu Agency</photoshop:Credit><photoshop:DateCreated>2016-12-19</photoshop:DateCreated>` +
		`</rdf:Description></rdf:RDF></x:xmpmeta>`
	b := []byte("\x89PNG\r\n\x1a\n")
	b = append(b, chunk("IHDR", []byte{0, 0, 0, 1, 0, 0, 0, 1, 8, 0, 0, 0, 0})...)
	b = append(b, chunk("iTXt", append([]byte("XML:com.adobe.xmp\x00\x01\x00\x00\x00"), deflate([]byte(packet))...))...)
	b = append(b, chunk("IDAT", deflate([]byte{0, 0}))...)
	return append(b, chunk("IEND", nil)...)
}

// TestLongDescriptionPairsByText: an image keeps the first 16 KiB of an
// XMP description (issue 20 item 5: the rest is never held), and Match
// still pairs it with its caption by text, by the cut tier (the kept
// words but the last are the caption's first words), among captions of
// one day and photographer that only the text tells apart; Compare finds
// nothing wrong with the pair.
func TestLongDescriptionPairsByText(t *testing.T) {
	long := func(topic string) string {
		var b strings.Builder
		b.WriteString("ALEPPO, SYRIA - DECEMBER 19: ")
		for i := 0; b.Len() < 24<<10; i++ {
			fmt.Fprintf(&b, "%s scene number %d of the evacuation, ", topic, i)
		}
		b.WriteString("on December 19, 2016. ( Aref Watad - Anadolu Agency )")
		return b.String()
	}
	texts := []string{long("buses"), long("ambulances")}
	var imgs []*metadata.Image
	for i, text := range texts {
		file := pngWithDescription(text)
		im, err := metadata.Read(bytes.NewReader(file), int64(len(file)), fmt.Sprintf("img-%d.png", i))
		if err != nil {
			t.Fatal(err)
		}
		if d := im.XMP.Description; len(d) >= len(text) || !strings.HasPrefix(text, d) {
			t.Fatalf("image %d keeps %d bytes of a %d-byte description, want a prefix under it", i, len(d), len(text))
		}
		imgs = append(imgs, im)
	}
	// The captions in the other order than the images.
	recs := []caption.Record{
		rec(1, texts[1], 2016, 12, 19, "Anadolu Agency", "Aref Watad"),
		rec(3, texts[0], 2016, 12, 19, "Anadolu Agency", "Aref Watad"),
	}
	p, err := Match(recs, imgs, StrategyAuto)
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Pairs) != 2 {
		t.Fatalf("pairs %+v, want 2", p.Pairs)
	}
	for _, pr := range p.Pairs {
		if pr.By != ByText || recs[pr.Record].Text != texts[pr.Image] {
			t.Errorf("%s paired with line %d by %s, want its own caption by text", imgs[pr.Image].Path, recs[pr.Record].Line, pr.By)
		}
		for _, f := range Compare(recs[pr.Record], imgs[pr.Image], pr.By, Options{}) {
			if f.Severity == metadata.SeverityError {
				t.Errorf("%s: %+v", imgs[pr.Image].Path, f)
			}
		}
	}
}
