package metadata

import "testing"

// A Mac stores a file name decomposed; a caption file typed on any other
// machine writes it composed. NFC makes the two one name (the decomposed
// forms below are Python's unicodedata.normalize("NFD", …) of the
// composed ones).
func TestNFC(t *testing.T) {
	tests := []struct{ in, want string }{
		{"Mu\u0308ller.jpg", "Müller.jpg"},
		{"Nguye\u0302\u0303n Va\u0306n Vie\u0323\u0302t.JPG", "Nguyễn Văn Việt.JPG"},
		{"Sa\u0303o Paulo \u2013 Ac\u0327a\u0303o.jpg", "São Paulo – Ação.jpg"},
		{"\u0141o\u0301dz\u0301.png", "Łódź.png"},
		{"A\u030angstro\u0308m.tif", "Ångström.tif"},
		{"Dvor\u030ca\u0301k.jpg", "Dvořák.jpg"},
		{"Müller.jpg", "Müller.jpg"},                   // composed already
		{"plain.jpg", "plain.jpg"},                     // nothing to compose
		{"\u0301lone mark.jpg", "\u0301lone mark.jpg"}, // a mark with no letter before it stays
		{"q\u0308.jpg", "q\u0308.jpg"},                 // no precomposed q with diaeresis: kept
		{"Ж\u0308", "Ж\u0308"},
		{"Mu\u0308ller\xff.jpg", "Mu\u0308ller\xff.jpg"}, // not UTF-8: the bytes are kept                         // Cyrillic: not covered, kept as written
	}
	for _, tt := range tests {
		if got := NFC(tt.in); got != tt.want {
			t.Errorf("NFC(%+q) = %+q, want %+q", tt.in, got, tt.want)
		}
	}
}
