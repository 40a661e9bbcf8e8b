package caption

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// partKey gives the key classify built with Trim, Fields, Join and
// ToLower, on parts of letters, dots, white space of every kind and
// non-ASCII letters in any order.
func TestPartKey(t *testing.T) {
	pieces := []string{"a", "Z", "q", " ", "  ", ".", "\t", "\n", "\r", "\v", "\f", "\u00a0", "\u0085", "\u3000", "É", "ß", "İ", "-", "AFP", "Getty Images", "\xff"}
	texts := []string{"", " ", ".", " . ", "Getty Images", "getty images", "AP Photo", " Reuters. "}
	rng := rand.New(rand.NewPCG(24, 4))
	for range 20000 {
		var b strings.Builder
		for n := rng.IntN(10); n > 0; n-- {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		texts = append(texts, b.String())
	}
	for _, s := range texts {
		want := strings.ToLower(strings.Join(strings.Fields(strings.Trim(s, " .")), " "))
		if got := partKey(s); got != want {
			t.Fatalf("partKey(%q) = %q, want %q", s, got, want)
		}
	}
}
