package xmp

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// checkCharged checks ParsePropsCharged(b) against ParsePropsMax(b): with
// a Charge that grants everything, the same Doc or error, and something
// taken for any packet that parses; with one that refuses past limit
// bytes, ErrCharge or the same result, never another.
func checkCharged(t *testing.T, label string, b []byte, max int) {
	t.Helper()
	want, werr := ParsePropsMax(b, propsWants["store"], max)
	for _, limit := range []int64{-1, 0, chargeAhead, 4 * chargeAhead} {
		var taken int64
		c := &Charge{Elem: 640, Attr: 1024, Tree: func(p []byte) int64 { return int64(len(p)) * 64 },
			To: takeFunc(func(n int64) bool {
				if n <= 0 {
					t.Fatalf("%s: took %d bytes", label, n)
				}
				if limit >= 0 && taken+n > limit {
					return false
				}
				taken += n
				return true
			})}
		got, err := ParsePropsCharged(b, propsWants["store"], max, c)
		if limit >= 0 && errors.Is(err, ErrCharge) {
			if got != nil {
				t.Fatalf("%s: limit %d: ErrCharge with a Doc", label, limit)
			}
			continue
		}
		if (err == nil) != (werr == nil) || err != nil && err.Error() != werr.Error() {
			t.Fatalf("%s: limit %d: error %v, ParsePropsMax's %v", label, limit, err, werr)
		}
		if err == nil && !sameDoc(got, want) {
			t.Fatalf("%s: limit %d: the charged read differs from ParsePropsMax:\n got %s\nwant %s", label, limit, dump(got.Props), dump(want.Props))
		}
		if err == nil && taken == 0 {
			t.Fatalf("%s: limit %d: a packet read without taking anything", label, limit)
		}
	}
}

// TestParsePropsCharged checks the charged read on the test packets, with
// and without a cap on the items, and that the items past the cap take
// nothing: 10,000 keywords capped at 100 take less than a tenth of what
// keeping them all takes.
func TestParsePropsCharged(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.xmp")
	for _, p := range files {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		checkCharged(t, p, b, 0)
		checkCharged(t, p, b, 2)
	}
	for _, extra := range []string{"", `<rdf:li rdf:parseType="Resource"><ex:f>1</ex:f></rdf:li>`} {
		checkCharged(t, "keywords "+extra, []byte(keywordPacket(10, extra)), 4)
	}
	p := []byte(keywordPacket(10_000, ""))
	took := func(max int) (n int64) {
		c := &Charge{Elem: 640, Attr: 1024, Tree: func([]byte) int64 { return 1 << 40 }, To: takeFunc(func(k int64) bool { n += k; return true })}
		if _, err := ParsePropsCharged(p, propsWants["store"], max, c); err != nil {
			t.Fatal(err)
		}
		return n
	}
	if all, capped := took(0), took(100); capped*10 > all {
		t.Errorf("10,000 keywords: kept all took %d bytes, 100 of them %d: expected less than a tenth", all, capped)
	}
}

func FuzzParsePropsCharged(f *testing.F) {
	files, _ := filepath.Glob("testdata/*.xmp")
	for _, p := range files {
		if b, err := os.ReadFile(p); err == nil {
			f.Add(b)
		}
	}
	f.Add([]byte(keywordPacket(6, "")))
	f.Add([]byte(keywordPacket(6, `<rdf:li rdf:parseType="Resource"><ex:f>1</ex:f></rdf:li>`)))
	f.Fuzz(func(t *testing.T, b []byte) {
		checkCharged(t, "fuzz input", b, 2)
	})
}

// sameDoc reports whether a and b hold the same properties, with the same
// item counts, and the same packet-wide values.
func sameDoc(a, b *Doc) bool {
	if !reflect.DeepEqual(a.Props, b.Props) || !reflect.DeepEqual(a.Prefixes, b.Prefixes) || a.Toolkit != b.Toolkit ||
		a.About != b.About || !reflect.DeepEqual(a.Attrs, b.Attrs) || !reflect.DeepEqual(a.Lossy, b.Lossy) {
		return false
	}
	for i, p := range a.Props {
		if a.ItemCount(p) != b.ItemCount(b.Props[i]) {
			return false
		}
	}
	return true
}

// takeFunc is a Taker made of a function.
type takeFunc func(n int64) bool

func (f takeFunc) Take(n int64) bool { return f(n) }
