package names

import "testing"

// Reordered: one name, words in another order (surname-first desks,
// issue 22), in either transliteration; not the same order, not one
// word, not other words.
func TestReordered(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want bool
	}{
		{"Šimánek Vít", "Vít Šimánek", true}, // fc-001
		{"Šimánek Vít", "Vit Simanek", true},
		{"Nagy Gábor István", "Gábor István Nagy", true},
		{"Jens Büttner", "Buettner Jens", true},
		{"Vít Šimánek", "Vit Simanek", false}, // the same order
		{"Šimánek", "Šimánek", false},
		{"Šimánek Vít", "Vít Novák", false},
		{"Anna Anna Kaczmarz", "Kaczmarz Kaczmarz Anna", false},
	} {
		if got := Reordered(tc.a, tc.b); got != tc.want {
			t.Errorf("Reordered(%q, %q) = %v, want %v", tc.a, tc.b, got, tc.want)
		}
	}
}
