package metadata

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"reflect"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/captag/captag/metadata/fixture"
	"github.com/captag/captag/metadata/xmp"
)

// hugePacket is an XMP packet of n elements or attributes of one shape,
// inside dc:subject or an Iptc4xmpExt:LocationCreated struct: what a
// crafted file uses to make the reader allocate.
func hugePacket(shape string, n int) []byte {
	var b bytes.Buffer
	b.WriteString(`<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">` +
		`<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:I="http://iptc.org/std/Iptc4xmpExt/2008-02-29/">`)
	switch shape {
	case "items":
		b.WriteString("<dc:subject><rdf:Bag>")
		for i := range n {
			fmt.Fprintf(&b, "<rdf:li>keyword %d</rdf:li>\n", i)
		}
		b.WriteString("</rdf:Bag></dc:subject>")
	case "empty items":
		b.WriteString("<dc:subject><rdf:Bag>" + strings.Repeat("<rdf:li/>", n) + "</rdf:Bag></dc:subject>")
	case "fields":
		b.WriteString("<I:LocationCreated><rdf:Bag><rdf:li rdf:parseType='Resource'>")
		for i := range n {
			fmt.Fprintf(&b, "<I:f%d>v</I:f%d>", i, i)
		}
		b.WriteString("</rdf:li></rdf:Bag></I:LocationCreated>")
	case "attributes":
		b.WriteString("<I:LocationCreated><rdf:Bag><rdf:li ")
		for i := range n {
			fmt.Fprintf(&b, "I:a%d='v' ", i)
		}
		b.WriteString("/></rdf:Bag></I:LocationCreated>")
	}
	b.WriteString(`</rdf:Description></rdf:RDF></x:xmpmeta>`)
	return b.Bytes()
}

// TestXMPParseCostBoundsAllocation checks that what a read charges to the
// run's budget for a packet (xmpParseCost, counted without parsing) is at
// least what reading the packet into a Store allocates, for the packet
// shapes that cost the most per byte.
func TestXMPParseCostBoundsAllocation(t *testing.T) {
	for _, shape := range []string{"items", "empty items", "fields", "attributes"} {
		t.Run(shape, func(t *testing.T) {
			p := hugePacket(shape, 100_000)
			var m0, m1 runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&m0)
			xmpStore(StoreXMP, p, nil)
			runtime.ReadMemStats(&m1)
			alloc, cost := int64(m1.TotalAlloc-m0.TotalAlloc), xmpParseCost(p)
			if alloc > cost {
				t.Errorf("reading a %d-byte packet allocated %d bytes; the budget is charged only %d", len(p), alloc, cost)
			}
			if cost > 3*alloc {
				t.Errorf("reading a %d-byte packet allocated %d bytes, but %d are charged: ordinary files would wait for nothing", len(p), alloc, cost)
			}
			// The whole tree and its encoding, as a merge into a sidecar
			// does, against what write holds for it (XMPCostBound).
			runtime.GC()
			runtime.ReadMemStats(&m0)
			d, err := xmp.Parse(p)
			if err != nil {
				t.Fatal(err)
			}
			xmp.Encode(d)
			runtime.ReadMemStats(&m1)
			if alloc, bound := int64(m1.TotalAlloc-m0.TotalAlloc), XMPCostBound(int64(len(p))); alloc > bound {
				t.Errorf("parsing and encoding a %d-byte packet allocated %d bytes; XMPCostBound says %d", len(p), alloc, bound)
			}
		})
	}
}

// craftedJPEG is a JPEG whose ExtendedXMP holds a dc:subject of n items.
func craftedJPEG(n int) []byte {
	ext := string(hugePacket("items", n))
	return fixture.JPEG(fixture.Spec{
		XMP:         fixture.XMPPacketExtended(fixture.Fields{Credit: "Reuters", Creators: []string{"Aref Watad"}}, "2016-12-19", fixture.ExtendedGUID(ext)),
		ExtendedXMP: ext,
	})
}

// TestBudgetSharedByReaders reads crafted files and ordinary ones on many
// Readers sharing a budget smaller than one crafted file costs, or a few
// times larger: every read ends (no two reads wait on each other), gives
// what a read without a budget gives, and the budget's peak is the limit
// or one crafted file, not all of them at once. Only a file dearer than
// the whole budget runs alone.
func TestBudgetSharedByReaders(t *testing.T) {
	crafted := craftedJPEG(50_000)
	plain := fixture.JPEG(fixture.All(fixture.Fields{Credit: "Reuters", Creators: []string{"Aref Watad"}, Date: "20161219"}))
	files := [][]byte{}
	for i := range 24 {
		if i%3 == 0 {
			files = append(files, crafted)
		} else {
			files = append(files, plain)
		}
	}
	want := make([]*Image, len(files))
	for i, f := range files {
		im, err := Read(bytes.NewReader(f), int64(len(f)), "x.jpg")
		if err != nil {
			t.Fatal(err)
		}
		want[i] = im
	}
	var one int64 // what one crafted file charges, read alone
	{
		b := NewBudget(1 << 40)
		if _, err := NewReader().ReadWith(bytes.NewReader(crafted), int64(len(crafted)), "x.jpg", ReadOptions{Budget: b}); err != nil {
			t.Fatal(err)
		}
		one = b.Peak()
	}
	var plainCost int64
	{
		b := NewBudget(1 << 40)
		NewReader().ReadWith(bytes.NewReader(plain), int64(len(plain)), "x.jpg", ReadOptions{Budget: b})
		plainCost = b.Peak()
	}
	if plainCost > 1<<20 {
		t.Errorf("an ordinary JPEG charges %d bytes, expected well under 1 MiB", plainCost)
	}
	for _, limit := range []int64{one / 2, one + one/2, 4 * one} {
		b := NewBudget(limit)
		got := make([]*Image, len(files))
		var wg sync.WaitGroup
		next := make(chan int)
		for range 8 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				rd := NewReader()
				for i := range next {
					im, err := rd.ReadWith(bytes.NewReader(files[i]), int64(len(files[i])), "x.jpg", ReadOptions{Budget: b})
					if err != nil {
						t.Error(err)
					}
					got[i] = im
				}
			}()
		}
		for i := range files {
			next <- i
		}
		close(next)
		wg.Wait()
		for i := range files {
			if !reflect.DeepEqual(got[i], want[i]) {
				t.Errorf("limit %d: file %d read with a budget differs from the read without", limit, i)
			}
		}
		if p := b.Peak(); p > max(limit, one) {
			t.Errorf("limit %d: peak %d, expected at most the limit or one crafted file (%d)", limit, p, one)
		}
		// A file that fits in the budget waits for room, not to run alone.
		if limit >= one && b.alones != 0 {
			t.Errorf("limit %d: %d reads ran alone, expected none (one crafted file charges %d)", limit, b.alones, one)
		}
		if limit < one && b.alones != len(files)/3 {
			t.Errorf("limit %d: %d reads ran alone, expected each of the %d crafted files", limit, b.alones, len(files)/3)
		}
	}
}

// TestStoreKeepsBoundedLists checks that the Store of a packet with a
// quarter of a million keywords keeps maxStoreItems of them, says so, and
// still reads the other properties.
func TestStoreKeepsBoundedLists(t *testing.T) {
	f := craftedJPEG(250_000)
	im, err := Read(bytes.NewReader(f), int64(len(f)), "x.jpg")
	if err != nil {
		t.Fatal(err)
	}
	if im.XMP == nil || len(im.XMP.Keywords) != maxStoreItems || im.XMP.Keywords[0] != "keyword 0" || im.XMP.Credit != "Reuters" {
		t.Fatalf("got XMP store %+v", im.XMP)
	}
	found := false
	for _, w := range im.Warnings {
		if strings.Contains(w.Message, "expected at most 4096 items in dc:subject, found 250000") {
			found = true
		}
	}
	if !found {
		t.Errorf("expected a warning about the cut list, found %v", im.Warnings)
	}
}

// TestStoreValueLimits checks the limits on what a Store keeps of long
// values: one value, and all the items of a list together.
func TestStoreValueLimits(t *testing.T) {
	long := strings.Repeat("word ", 20_000) // 100,000 bytes
	kw := make([]string, 200)               // 400 KB in all, past maxStoreListBytes
	for i := range kw {
		kw[i] = fmt.Sprintf("%04d %s", i, strings.Repeat("k", 2000))
	}
	p := fixture.XMPPacket(fixture.Fields{Description: long, Keywords: kw, Credit: "Reuters"}, "2016-12-19")
	st, warns := xmpStore(StoreXMP, []byte(p), nil)
	if st == nil {
		t.Fatalf("no store; warnings %v", warns)
	}
	if len(st.Description) != maxStoreValue || !strings.HasPrefix(long, st.Description) {
		t.Errorf("description of %d bytes kept as %d bytes, expected its first %d", len(long), len(st.Description), maxStoreValue)
	}
	total := 0
	for _, k := range st.Keywords {
		total += len(k)
	}
	if total > maxStoreListBytes || len(st.Keywords) == 0 || st.Keywords[0] != kw[0] {
		t.Errorf("kept %d keywords of %d bytes in all, expected the first ones up to %d bytes", len(st.Keywords), total, maxStoreListBytes)
	}
	if st.Credit != "Reuters" {
		t.Errorf("credit %q, expected Reuters", st.Credit)
	}
	want := []string{"expected at most 16384 bytes in dc:description, found 100000", fmt.Sprintf("expected at most %d bytes of dc:subject, found more", maxStoreListBytes)}
	for _, w := range want {
		found := false
		for _, g := range warns {
			found = found || strings.Contains(g.Message, w)
		}
		if !found {
			t.Errorf("expected a warning %q, found %v", w, warns)
		}
	}
}

// pngWithXMP is a PNG (no pixels needed for the reader) whose compressed
// iTXt chunk holds packet.
func pngWithXMP(packet []byte) []byte {
	chunk := func(b *bytes.Buffer, typ string, data []byte) {
		binary.Write(b, binary.BigEndian, uint32(len(data)))
		b.WriteString(typ)
		b.Write(data)
		crc := crc32.NewIEEE()
		crc.Write([]byte(typ))
		crc.Write(data)
		binary.Write(b, binary.BigEndian, crc.Sum32())
	}
	var b bytes.Buffer
	b.WriteString("\x89PNG\r\n\x1a\n")
	chunk(&b, "IHDR", []byte{0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0})
	var z bytes.Buffer
	zw := zlib.NewWriter(&z)
	zw.Write(packet)
	zw.Close()
	chunk(&b, "iTXt", append([]byte("XML:com.adobe.xmp\x00\x01\x00\x00\x00"), z.Bytes()...))
	chunk(&b, "IEND", nil)
	return b.Bytes()
}

// TestBudgetChargesEveryFormat reads an XMP packet of 50,000 keywords as
// it lies in each kind of file that can carry one: the read charges at
// least the packet's parse to the budget, and a budget too small for it
// still gives the whole result (the file is read again alone).
func TestBudgetChargesEveryFormat(t *testing.T) {
	packet := hugePacket("items", 50_000)
	for _, c := range []struct {
		name string
		file []byte
	}{
		{"jpeg extended", craftedJPEG(50_000)},
		{"tiff", fixture.TIFF(fixture.Spec{XMP: string(packet)})},
		{"standalone xmp", packet},
		{"png compressed iTXt", pngWithXMP(packet)},
	} {
		t.Run(c.name, func(t *testing.T) {
			want, err := Read(bytes.NewReader(c.file), int64(len(c.file)), "x")
			if err != nil {
				t.Fatal(err)
			}
			if want.XMP == nil || len(want.XMP.Keywords) != maxStoreItems {
				t.Fatalf("expected an XMP store with %d keywords, found %+v", maxStoreItems, want.XMP)
			}
			for _, limit := range []int64{1 << 40, 1 << 20} {
				b := NewBudget(limit)
				got, err := NewReader().ReadWith(bytes.NewReader(c.file), int64(len(c.file)), "x", ReadOptions{Budget: b})
				if err != nil {
					t.Fatal(err)
				}
				if !reflect.DeepEqual(got, want) {
					t.Errorf("limit %d: the read with a budget differs from the read without", limit)
				}
				if p := b.Peak(); p < xmpParseCost(packet) {
					t.Errorf("limit %d: charged at most %d bytes at once, expected at least the parse, %d", limit, p, xmpParseCost(packet))
				}
			}
		})
	}
}

// FuzzReadBudget checks that a read under a budget too small for the file
// (so it is read again, reserved or alone) gives exactly what a read
// without a budget gives, whatever the file.
func FuzzReadBudget(f *testing.F) {
	f.Add(fixture.JPEG(fixture.All(fixture.Fields{Credit: "Reuters", Creators: []string{"Aref Watad"}, Date: "20161219"})))
	f.Add(craftedJPEG(200))
	f.Add(fixture.TIFF(fixture.Spec{XMP: string(hugePacket("attributes", 100))}))
	f.Add(pngWithXMP(hugePacket("fields", 100)))
	f.Add(hugePacket("items", 100))
	f.Fuzz(func(t *testing.T, data []byte) {
		want, werr := Read(bytes.NewReader(data), int64(len(data)), "x")
		for _, limit := range []int64{1, 4 << 10} {
			got, err := NewReader().ReadWith(bytes.NewReader(data), int64(len(data)), "x", ReadOptions{Budget: NewBudget(limit)})
			if (err == nil) != (werr == nil) || (err != nil && err.Error() != werr.Error()) {
				t.Fatalf("limit %d: error %v, without a budget %v", limit, err, werr)
			}
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("limit %d: the read with a budget differs from the read without", limit)
			}
		}
	})
}
