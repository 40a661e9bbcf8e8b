package metadata

import (
	"bytes"
	"fmt"
	"reflect"
	"runtime"
	"strings"
	"sync"
	"testing"
)

// longPacket is an XMP packet whose dc:description holds desc, written
// before the creator, credit and date, so that a reader that stopped at
// the description would miss them.
func longPacket(desc string) string {
	return `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">` +
		`<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:photoshop="http://ns.adobe.com/photoshop/1.0/">` +
		`<dc:description><rdf:Alt><rdf:li xml:lang="x-default">` + desc + `</rdf:li></rdf:Alt></dc:description>` +
		`<dc:creator><rdf:Seq><rdf:li>Aref Watad</rdf:li></rdf:Seq></dc:creator>` +
		`<photoshop:Credit>Anadolu Agency</photoshop:Credit><photoshop:DateCreated>2016-12-19</photoshop:DateCreated>` +
		`</rdf:Description></rdf:RDF></x:xmpmeta>`
}

var hugeDescription = sync.OnceValue(func() string {
	const sentence = "ALEPPO, SYRIA - DECEMBER 19: Civilians evacuated from East Aleppo arrive at Rashedeen town. "
	return strings.Repeat(sentence, (15<<20)/len(sentence)+1)
})

// TestRedTeam05DescriptionMemory: issue 20 item 5. A PNG whose XMP holds a
// 15 MiB dc:description (1,600 times smaller once deflated) made check and
// write keep 15 MiB per image: 100 of them peaked at 1.6 GB. Reading one
// now allocates under 4 MiB when the packet is compressed (it is cut as it
// is inflated, see textCutter) and keeps under 64 KiB whatever the chunk,
// and the Store still has the creator, credit and date written after the
// description, and the description's first maxStoreValue bytes.
func TestRedTeam05DescriptionMemory(t *testing.T) {
	desc := hugeDescription()
	packet := []byte(longPacket(desc))
	for _, tc := range []struct {
		name     string
		chunk    []byte
		maxAlloc uint64 // bytes one Read may allocate; 0: not bounded (the chunk is read as it is)
	}{
		{"iTXt compressed", iTXtOf(pngXMPKeyword, packet, true), 4 << 20},
		{"zTXt", zTXtOf(pngXMPKeyword, packet), 4 << 20},
		{"iTXt uncompressed", iTXtOf(pngXMPKeyword, packet, false), 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			file := pngOf([][]byte{tc.chunk}, nil)
			const images = 8
			kept := make([]*Image, images)
			var before, after, held runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			im, err := Read(bytes.NewReader(file), int64(len(file)), "long.png")
			runtime.ReadMemStats(&after)
			if err != nil {
				t.Fatal(err)
			}
			if got := after.TotalAlloc - before.TotalAlloc; tc.maxAlloc > 0 && got > tc.maxAlloc {
				t.Errorf("reading one PNG allocated %d bytes, want at most %d (the packet is %d bytes inflated)", got, tc.maxAlloc, len(packet))
			}
			kept[0] = im
			for i := 1; i < images; i++ {
				if kept[i], err = Read(bytes.NewReader(file), int64(len(file)), "long.png"); err != nil {
					t.Fatal(err)
				}
			}
			runtime.GC()
			runtime.ReadMemStats(&held)
			const maxKept = 64 << 10 // bytes an image may keep
			if grew := int64(held.HeapAlloc) - int64(before.HeapAlloc); grew > images*maxKept {
				t.Errorf("%d images read keep %d bytes, want at most %d (%d each)", images, grew, images*maxKept, maxKept)
			}
			s := im.XMP
			if s == nil {
				t.Fatalf("no XMP store; warnings %v", im.Warnings)
			}
			if s.Description != desc[:maxStoreValue] {
				t.Errorf("description: %d bytes, want the first %d of the packet's", len(s.Description), maxStoreValue)
			}
			if !reflect.DeepEqual(s.Creators, []string{"Aref Watad"}) || s.Credit != "Anadolu Agency" || s.Date.String() != "2016-12-19" {
				t.Errorf("after the description: creators %q, credit %q, date %v; want Aref Watad, Anadolu Agency, 2016-12-19", s.Creators, s.Credit, s.Date)
			}
			var said bool
			for _, w := range im.Warnings {
				said = said || strings.Contains(w.Message, fmt.Sprintf("expected at most %d bytes in dc:description", maxStoreValue))
			}
			if !said {
				t.Errorf("no warning that dc:description was cut; warnings %v", im.Warnings)
			}
			runtime.KeepAlive(kept)
		})
	}
}

// TestRedTeam05CutPacketReadsAsWhole: a packet inflated through the cutter
// gives the Store that the whole packet gives, whatever stands at the cut:
// entities, character references, CR LF, multi-byte characters, CDATA, a
// long attribute value, comments and processing instructions, values just
// under and just over the limit.
func TestRedTeam05CutPacketReadsAsWhole(t *testing.T) {
	n := maxStoreValue
	for _, tc := range []struct{ name, desc string }{
		{"just under", strings.Repeat("a", n-1)},
		{"at the limit", strings.Repeat("a", n)},
		{"just over", strings.Repeat("a", n+1)},
		{"over the cut by one", strings.Repeat("a", n+5)}, // cutKeep+1,
		{"entities at the cut", strings.Repeat("a&amp;", n/5) + strings.Repeat("&lt;&#x10FFFF;", 200)},
		{"CR LF", strings.Repeat("ab\r\n", n/3)},
		{"multi-byte at the cut", strings.Repeat("é", n/2+1) + strings.Repeat("日本", 100)},
		{"CDATA", "<![CDATA[" + strings.Repeat("x]", n) + "]]]>" + strings.Repeat("y", 10)},
		{"CDATA ends at the cut", "<![CDATA[" + strings.Repeat("z", n+1) + "]]>"},
		{"comment and PI", strings.Repeat("c", n) + "<!-- a ' quote > -->" + "<?pi x='>'?>" + strings.Repeat("d", n)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			packet := []byte(strings.Replace(longPacket(tc.desc), `<photoshop:Credit>Anadolu Agency</photoshop:Credit>`,
				`<photoshop:Credit>Anadolu Agency</photoshop:Credit><photoshop:Headline>`+strings.Repeat("h", n+50)+`</photoshop:Headline>`, 1))
			packet = bytes.Replace(packet, []byte(`rdf:about=""`), []byte(`rdf:about="" photoshop:Source="`+strings.Repeat("s&quot;", n)+`"`), 1)
			whole, wholeWarns := xmpStore(StoreXMP, packet, nil)
			if whole == nil {
				t.Fatalf("the whole packet gives no store: %v", wholeWarns)
			}
			file := pngOf([][]byte{zTXtOf(pngXMPKeyword, packet)}, nil)
			im, err := Read(bytes.NewReader(file), int64(len(file)), "x.png")
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(im.XMP, whole) {
				t.Errorf("cut packet's store differs from the whole's:\n cut   %+.80v\n whole %+.80v\n warnings %v", im.XMP, whole, im.Warnings)
			}
			if len(im.Warnings) != len(wholeWarns) {
				t.Errorf("warnings: %v, want as many as from the whole packet: %v", im.Warnings, wholeWarns)
			}
		})
	}
}

// TestLongBadDateWarningIsShort: a date property that is not a date and is
// long (here 1 MiB) is a warning that quotes its start only: an image
// keeps its warnings as long as it lives.
func TestLongBadDateWarningIsShort(t *testing.T) {
	long := strings.Repeat("x", 1<<20)
	packet := strings.Replace(longPacket("a caption"), "<photoshop:DateCreated>2016-12-19<", "<photoshop:DateCreated>"+long+"<", 1)
	_, warns := xmpStore(StoreXMP, []byte(packet), nil)
	var found bool
	for _, w := range warns {
		if w.Code == WarnBadDate {
			found = true
			if len(w.Message) > 200 || !strings.Contains(w.Message, `found "xxxx`) {
				t.Errorf("warning of %d bytes, want the start of the value quoted: %.120s", len(w.Message), w.Message)
			}
		}
	}
	if !found {
		t.Errorf("no bad-date warning: %v", warns)
	}
}

// TestRedTeam05AttributeMemory: item 5 for a value written as an
// attribute (photoshop:Headline="…" of 15 MiB): it is cut as it is
// inflated too, and reading the PNG allocates under 4 MiB.
func TestRedTeam05AttributeMemory(t *testing.T) {
	desc := hugeDescription()
	packet := strings.Replace(longPacket("a caption"), `rdf:about=""`, `rdf:about="" photoshop:Headline="`+desc+`"`, 1)
	file := pngOf([][]byte{iTXtOf(pngXMPKeyword, []byte(packet), true)}, nil)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	im, err := Read(bytes.NewReader(file), int64(len(file)), "attr.png")
	runtime.ReadMemStats(&after)
	if err != nil {
		t.Fatal(err)
	}
	if got := after.TotalAlloc - before.TotalAlloc; got > 4<<20 {
		t.Errorf("reading the PNG allocated %d bytes, want at most %d", got, 4<<20)
	}
	if s := im.XMP; s == nil || s.Headline != desc[:maxStoreValue] || s.Credit != "Anadolu Agency" || s.Description != "a caption" {
		t.Errorf("store %+.200v, want the headline's first %d bytes, the credit and the description", s, maxStoreValue)
	}
}
