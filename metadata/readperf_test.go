package metadata

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/captag/captag/metadata/fixture"
	"github.com/captag/captag/metadata/xmp"
)

// wireFields are the values of a typical wire picture, as captag-bench
// writes them: EXIF ~300 B, IIM ~700 B, XMP ~2 KB.
var wireFields = fixture.Fields{
	Date:        "20210704",
	Time:        "184512+0530",
	Creators:    []string{"Rania Matar"},
	Credit:      "Agence Exemple",
	Source:      "Agence Exemple",
	Copyright:   "Agence Exemple",
	Description: "MUMBAI, INDIA - JULY 04: Commuters wait for a train at Chhatrapati Shivaji Maharaj Terminus during the monsoon rains on July 04, 2021 in Mumbai, India. The city has received heavy rainfall over the past week, flooding several low-lying neighbourhoods.",
	City:        "Mumbai",
	Country:     "India",
	CountryCode: "IND",
}

// wireJPEG is a fixture JPEG with the three stores of a wire picture.
func wireJPEG() []byte {
	s := fixture.All(wireFields)
	s.EXIF.SubSecTimeOriginal = "25"
	return fixture.JPEG(s)
}

func BenchmarkReadWireJPEG(b *testing.B) {
	f := wireJPEG()
	rd := NewReader()
	r := bytes.NewReader(f)
	b.ReportAllocs()
	b.SetBytes(int64(len(f)))
	for b.Loop() {
		im, err := rd.Read(r, int64(len(f)), "wire.jpg")
		if err != nil {
			b.Fatal(err)
		}
		if im.EXIF == nil || im.IPTC == nil || im.XMP == nil {
			b.Fatal("a store is missing")
		}
	}
}

// xmpStoreFull is xmpStore as it read packets before the filtered reader:
// the whole tree, then the properties. It is the reference the filtered
// path is checked against.
func xmpStoreFull(kind StoreKind, packet, extended []byte) (*Store, []Warning) {
	return xmpStoreWith(xmp.Parse, kind, packet, extended)
}

// checkXMPStore fails when xmpStore and xmpStoreFull disagree on a packet.
func checkXMPStore(t *testing.T, label string, packet, extended []byte) {
	t.Helper()
	got, gw := xmpStore(StoreXMP, packet, extended)
	want, ww := xmpStoreFull(StoreXMP, packet, extended)
	if !reflect.DeepEqual(got, want) || !reflect.DeepEqual(gw, ww) {
		t.Fatalf("%s: filtered store\n %+v %v\nfull tree\n %+v %v", label, got, gw, want, ww)
	}
}

// TestXMPStoreFiltered checks that the store read through
// xmp.ParseProps(storeProperty) is the one read from the whole tree, on
// the test packets, the fixture wire JPEG and the XMP of every corpus JPEG
// (when the corpus is there).
func TestXMPStoreFiltered(t *testing.T) {
	packets := map[string][]byte{
		"bench packet":     benchPacket,
		"element form":     []byte(xmpPacket(elementForm)),
		"attribute form":   []byte(xmpPacket(attributeForm)),
		"UTF-16":           toUTF16(xmpPacket(elementForm), true, true),
		"wire fixture":     walkJPEG(testSource(wireJPEG())).xmp,
		"bad date":         []byte(xmpPacket(` photoshop:DateCreated="2016-13-45" xmp:CreateDate="2016-12-19">`)),
		"not well formed":  []byte(xmpPacket(` photoshop:Credit="x">`))[:200],
		"location created": []byte(xmpPacket(`><Iptc4xmpExt:LocationCreated><rdf:Bag><rdf:li rdf:parseType="Resource"><Iptc4xmpExt:City>Aleppo</Iptc4xmpExt:City></rdf:li></rdf:Bag></Iptc4xmpExt:LocationCreated>`)),
	}
	for name, p := range packets {
		checkXMPStore(t, name, p, nil)
		checkXMPStore(t, name+" as extended", []byte(xmpPacket(` photoshop:Credit="main">`)), p)
	}
	dir := requireCorpus(t)
	n := 0
	filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil || len(b) > 8<<20 {
			return nil
		}
		switch strings.ToLower(filepath.Ext(path)) {
		case ".xmp":
			got, gw, gerr := ReadSidecar(bytes.NewReader(b))
			doc, werr := xmp.Parse(b)
			if (gerr == nil) != (werr == nil) {
				t.Fatalf("%s: sidecar error %v, Parse error %v", path, gerr, werr)
			}
			if werr == nil {
				want, ww := storeFromDoc(StoreSidecar, doc)
				if !reflect.DeepEqual(got, want) || !reflect.DeepEqual(gw, ww) {
					t.Fatalf("%s: sidecar store %+v %v, want %+v %v", path, got, gw, want, ww)
				}
			}
			n++
		default:
			if Sniff(b) != "jpeg" {
				return nil
			}
			m := walkJPEG(testSource(b))
			if m.xmp != nil {
				ext, _ := m.extendedXMP()
				checkXMPStore(t, path, m.xmp, ext)
				n++
			}
		}
		return nil
	})
	t.Logf("%d corpus packets and sidecars compared", n)
}

// FuzzXMPStoreFiltered checks on any packet pair that the filtered store
// reader gives the store and warnings of the whole-tree reader.
func FuzzXMPStoreFiltered(f *testing.F) {
	f.Add(benchPacket, []byte(nil))
	f.Add(walkJPEG(testSource(wireJPEG())).xmp, []byte(nil))
	f.Add([]byte(xmpPacket(elementForm)), []byte(xmpPacket(attributeForm)))
	f.Add([]byte(xmpPacket(` photoshop:DateCreated="bad" exif:DateTimeOriginal="2016-12-19T14:05:00">`)), []byte(nil))
	f.Fuzz(func(t *testing.T, packet, extended []byte) {
		checkXMPStore(t, "fuzz input", packet, extended)
	})
}
