package names

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/captag/captag/metadata"
)

// foldCountrySplit is foldCountry without plainCountryFold: the words
// always split and joined again.
func foldCountrySplit(s string) string {
	if strings.Contains(s, ".") {
		s = strings.ReplaceAll(s, ".", "")
	}
	words := strings.Fields(metadata.FoldWords(s))
	if len(words) > 1 && words[0] == "the" {
		words = words[1:]
	}
	out := words[:0]
	for _, w := range words {
		switch w {
		case "and":
			continue
		case "st":
			w = "saint"
		}
		out = append(out, w)
	}
	return strings.Join(out, " ")
}

// foldCountry gives what splitting and joining the words gave, on every
// country name and alias the table holds and on texts of their pieces.
func TestFoldCountryPlain(t *testing.T) {
	texts := []string{"", "the", "The Gambia", "the the", "St Lucia", "Bosnia & Herzegovina", "Trinidad and Tobago", "U.K.", "Türkiye", "Côte d'Ivoire", " Kenya ", "Ivory\u00a0Coast", "Japan\u3000", "стан"}
	for _, c := range countries().index {
		texts = append(texts, c)
	}
	for k := range countries().index {
		texts = append(texts, k, strings.ToUpper(k))
	}
	pieces := []string{"the", "The", "and", "AND", "st", "St.", " ", "  ", "&", "-", "'", ".", "a", "Ü", "\u00a0", "\u3000", "ı", "Kenya", "\t", "\xff"}
	rng := rand.New(rand.NewPCG(24, 5))
	for range 20000 {
		var b strings.Builder
		for n := rng.IntN(8); n > 0; n-- {
			b.WriteString(pieces[rng.IntN(len(pieces))])
			if rng.IntN(2) == 0 {
				b.WriteByte(' ')
			}
		}
		texts = append(texts, b.String())
	}
	for _, s := range texts {
		if got, want := foldCountry(s), foldCountrySplit(s); got != want {
			t.Fatalf("foldCountry(%q) = %q, want %q", s, got, want)
		}
	}
}
