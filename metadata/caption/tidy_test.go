package caption

import (
	"math/rand/v2"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

// tidyRewrite is tidy without its fast path: every text rewritten.
func tidyRewrite(s string) string {
	for _, br := range mojibakeBreaks {
		s = strings.ReplaceAll(s, br, "\n")
	}
	var b strings.Builder
	pending := false
	for _, r := range s {
		if unicode.IsSpace(r) || r == '\uFEFF' || (r < ' ' && r != utf8.RuneError) || r == 0x7f {
			pending = b.Len() > 0
			continue
		}
		if pending {
			b.WriteByte(' ')
			pending = false
		}
		b.WriteRune(r)
	}
	return b.String()
}

// tidy's fast path returns a text as it is only when the rewrite would
// give it back unchanged: texts of letters, spaces of every kind, BOMs,
// controls and broken UTF-8 in any order.
func TestTidyFastPath(t *testing.T) {
	pieces := []string{"a", "B", " ", "  ", "ü", "Ç", "\u00a0", "\u3000", "\u2009", "\u0085", "\u0080", "\ufeff", "\ufffd",
		"\xff", "\xc3", "\t", "\n", "\r", "\x7f", "\x00", "新", ".", "(", "🙂", "â", "¨", "€", "â¨", "â€©"}
	texts := []string{"", " ", "a", "a ", " a", "Müslüm Çelik - Anadolu Agency", "ALEPPO, SYRIA - DECEMBER 19 : Civilians"}
	rng := rand.New(rand.NewPCG(24, 2))
	for range 20000 {
		var b strings.Builder
		for n := rng.IntN(10); n > 0; n-- {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		texts = append(texts, b.String())
	}
	for _, s := range texts {
		if got, want := tidy(s), tidyRewrite(s); got != want {
			t.Fatalf("tidy(%q) = %q, the rewrite gives %q", s, got, want)
		}
	}
}
