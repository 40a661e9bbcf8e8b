package metadata

import (
	"strings"
	"testing"
)

// TestXMPControlCharacters: a packet with C0 controls (exifr's
// broken1.jpg has a run of NULs between two properties) or bytes that are
// not UTF-8 keeps every
// property the repair recovers, with a warning; a packet broken in another
// way is still refused whole.
func TestXMPControlCharacters(t *testing.T) {
	nuls := strings.Repeat("\x00", 40)
	tests := []struct {
		name, desc   string
		credit, city string // "" and "" for no store
		warn         string
	}{
		{"NULs between properties", `><photoshop:Credit>Eric</photoshop:Credit>` + nuls + `<photoshop:City>Warszawa</photoshop:City>`, "Eric", "Warszawa", "found 40 control characters XML forbids and 0 bytes"},
		{"a control inside a value costs that character", `><photoshop:Credit>Er` + "\x01" + `ic</photoshop:Credit><photoshop:City>Warszawa</photoshop:City>`, "Er ic", "Warszawa", "found 1 control characters"},
		{"a byte that is not UTF-8 becomes U+FFFD", `><photoshop:Credit>Caf` + "\xe9" + `</photoshop:Credit><photoshop:City>Warszawa</photoshop:City>`, "Caf\uFFFD", "Warszawa", "and 1 bytes that are not UTF-8"},
		{"in a property name too (exiv2's issue_1713_poc.xmp)", `><photoshop:Credit>Eric</photoshop:Credit><tiff:YRes` + "\x8e" + `lution>72</tiff:YRes` + "\x8e" + `lution><photoshop:City>Warszawa</photoshop:City>`, "Eric", "Warszawa", "and 2 bytes that are not UTF-8"},
		{"controls and a broken tag: refused", `><photoshop:Credit>Eric</photoshop:Cred>` + nuls, "", "", "expected well-formed XML"},
		{"no control, broken: refused as before", `><photoshop:Credit>Eric</photoshop:Cred>`, "", "", "expected well-formed XML"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			st, w := xmpStore(StoreXMP, []byte(xmpPacket(tc.desc)), nil)
			credit, city := "", ""
			if st != nil {
				credit, city = st.Credit, st.City
			}
			if credit != tc.credit || city != tc.city {
				t.Errorf("Credit %q, City %q; want %q, %q (warnings %v)", credit, city, tc.credit, tc.city, w)
			}
			if len(w) != 1 || !strings.Contains(w[0].Message, tc.warn) || w[0].Store != StoreXMP {
				t.Errorf("warnings %v, want one of the XMP store with %q", w, tc.warn)
			}
		})
	}
}
