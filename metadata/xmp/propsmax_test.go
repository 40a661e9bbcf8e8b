package xmp

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// checkPropsMax checks ParsePropsMax(b, want, max) against ParseProps:
// the same error, and the same properties, except that an array may keep
// only its first max items when its ItemCount still gives them all.
func checkPropsMax(t *testing.T, label string, b []byte, max int) {
	t.Helper()
	for wname, want := range propsWants {
		got, gerr := ParsePropsMax(b, want, max)
		ref, rerr := ParseProps(b, want)
		if (gerr == nil) != (rerr == nil) || gerr != nil && (gerr.Error() != rerr.Error() || reflect.TypeOf(gerr) != reflect.TypeOf(rerr)) {
			t.Fatalf("%s (%s): ParsePropsMax error %v, ParseProps error %v", label, wname, gerr, rerr)
		}
		if gerr != nil {
			continue
		}
		if len(got.Props) != len(ref.Props) {
			t.Fatalf("%s (%s): %d properties, want %d", label, wname, len(got.Props), len(ref.Props))
		}
		for i, g := range got.Props {
			r := ref.Props[i]
			if got.ItemCount(g) != len(r.Items) {
				t.Fatalf("%s (%s): %s:%s ItemCount %d, want %d", label, wname, g.NS, g.Name, got.ItemCount(g), len(r.Items))
			}
			if len(g.Items) < len(r.Items) && len(g.Items) != max {
				t.Fatalf("%s (%s): %s:%s keeps %d items of %d, want all or %d", label, wname, g.NS, g.Name, len(g.Items), len(r.Items), max)
			}
			whole := *g
			whole.Items = r.Items
			if len(g.Items) > 0 && !reflect.DeepEqual(g.Items, r.Items[:len(g.Items)]) || !reflect.DeepEqual(&whole, r) {
				t.Fatalf("%s (%s): ParsePropsMax differs:\n got %s\nwant %s", label, wname, dump([]*Node{g}), dump([]*Node{r}))
			}
		}
	}
}

// keywordPacket is a packet whose dc:subject holds n keywords, the item
// past the first two written as extra (an item's XML).
func keywordPacket(n int, extra string) string {
	var b strings.Builder
	b.WriteString(`<rdf:Description><photoshop:City>C</photoshop:City><dc:subject><rdf:Bag>`)
	for i := range n {
		if i == 2 && extra != "" {
			b.WriteString(extra)
			continue
		}
		fmt.Fprintf(&b, "<rdf:li>k%d</rdf:li>\n", i)
	}
	b.WriteString(`</rdf:Bag></dc:subject><dc:creator><rdf:Seq><rdf:li>A</rdf:li><rdf:li>B</rdf:li><rdf:li>C</rdf:li></rdf:Seq></dc:creator></rdf:Description>`)
	return wrap(b.String())
}

// TestParsePropsMax checks that the items past the cap are counted, not
// kept, and that what Parse refuses or reads otherwise past the cap gives
// ParseProps' result.
func TestParsePropsMax(t *testing.T) {
	tests := []struct {
		name   string
		packet string
		kept   int // dc:subject items kept with a cap of 2
	}{
		{"many keywords", keywordPacket(50, ""), 2},
		{"few keywords", keywordPacket(2, ""), 2},
		{"a struct past the cap", keywordPacket(5, `<rdf:li ex:f="1"/>`), 5},
		{"a nested array past the cap", keywordPacket(5, `<rdf:li><rdf:Bag><rdf:li>x</rdf:li></rdf:Bag></rdf:li>`), 5},
		{"a language past the cap", keywordPacket(5, `<rdf:li xml:lang="de">k</rdf:li>`), 2},
		{"a resource past the cap", keywordPacket(5, `<rdf:li rdf:resource="u"/>`), 2},
		{"not an item past the cap", keywordPacket(5, `<ex:x>k</ex:x>`), -1},
		{"rdf:ID past the cap", keywordPacket(5, `<rdf:li rdf:ID="i">k</rdf:li>`), 5},
		{"text and elements past the cap", keywordPacket(5, `<rdf:li>k<b/></rdf:li>`), -1},
		{"attributes on the Bag", strings.Replace(keywordPacket(5, ""), "<rdf:Bag>", `<rdf:Bag xml:lang="de">`, 1), 5},
		{"an Alt", strings.NewReplacer("<rdf:Bag>", "<rdf:Alt>", "</rdf:Bag>", "</rdf:Alt>").Replace(keywordPacket(5, "")), 5},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := []byte(tc.packet)
			checkPropsMax(t, tc.name, b, 2)
			d, err := ParsePropsMax(b, propsWants["all"], 2)
			if tc.kept < 0 {
				if err == nil {
					t.Fatal("read, want an error")
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if n := d.Get(NSdc, "subject"); len(n.Items) != tc.kept {
				t.Errorf("dc:subject keeps %d items, want %d", len(n.Items), tc.kept)
			}
		})
	}
}

// FuzzParsePropsMax checks ParsePropsMax against ParseProps on any input.
func FuzzParsePropsMax(f *testing.F) {
	files, _ := filepath.Glob("testdata/*.xmp")
	for _, p := range files {
		if b, err := os.ReadFile(p); err == nil {
			f.Add(b)
		}
	}
	f.Add([]byte(keywordPacket(6, "")))
	f.Add([]byte(keywordPacket(6, `<rdf:li xml:lang="de">k</rdf:li>`)))
	f.Add([]byte(keywordPacket(6, `<rdf:li rdf:parseType="Resource"><ex:f>1</ex:f></rdf:li>`)))
	f.Fuzz(func(t *testing.T, b []byte) {
		checkPropsMax(t, "fuzz input", b, 2)
	})
}

// BenchmarkParsePropsMax reads a packet of 75,000 keywords keeping all of
// them, and keeping 4,096 as the metadata stores do.
func BenchmarkParsePropsMax(b *testing.B) {
	p := []byte(keywordPacket(75_000, ""))
	for _, max := range []int{0, 4096} {
		b.Run(fmt.Sprintf("max=%d", max), func(b *testing.B) {
			b.SetBytes(int64(len(p)))
			b.ReportAllocs()
			for b.Loop() {
				if _, err := ParsePropsMax(p, propsWants["store"], max); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
