package metadata

import (
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

func TestFoldName(t *testing.T) {
	same := [][]string{
		{"Ahmed Al Ahmed", "AHMED AL-AHMED", "ahmed al ahmed", "Ahmed  al‐Ahmed", "Ahmed Al-ahmed."},
		{"Müller", "MULLER", "Muller", "Mu\u0308ller"}, // precomposed and combining umlaut
		{"Bahadır Yılmaz", "BAHADIR YILMAZ", "Bahadir Yilmaz"},
		{"İsmail Çoşkun", "ISMAIL COSKUN", "ismail çoşkun"},
		{"Doğan Güneş", "DOGAN GUNES"},
		{"José Luis Magaña", "Jose Luis Magana", "JOSÉ LUIS MAGAÑA"},
		{"O'Brien", "O’Brien", "OBrien", "obrien"},
		{"Jean-Pierre Dupont", "Jean Pierre Dupont", "JEAN PIERRE DUPONT"},
		{"Łukasz Øster", "Lukasz Oster"},
		{"Straße", "STRASSE"},
		{"عارف وتد", " عارف  وتد "}, // Arabic stays Arabic; spacing folds
	}
	for _, group := range same {
		want := FoldName(group[0])
		if want == "" {
			t.Errorf("FoldName(%q) is empty", group[0])
		}
		for _, s := range group[1:] {
			if got := FoldName(s); got != want {
				t.Errorf("FoldName(%q) = %q, want %q (as for %q)", s, got, want, group[0])
			}
		}
	}
	different := [][2]string{
		{"Aref Watad", "Mustafa Sultan"},
		{"Ahmed Al Ahmed", "Ahmed Ahmed"},
		{"Aref Watad", "عارف وتد"}, // a transliteration is not the same key
		{"Ali", "Alı Veli"},
	}
	for _, p := range different {
		if FoldName(p[0]) == FoldName(p[1]) {
			t.Errorf("FoldName(%q) == FoldName(%q) = %q, want different", p[0], p[1], FoldName(p[0]))
		}
	}
	for _, s := range []string{"", "  ", "--", "()"} {
		if got := FoldName(s); got != "" {
			t.Errorf("FoldName(%q) = %q, want empty", s, got)
		}
	}
}

func TestFoldWords(t *testing.T) {
	for in, want := range map[string]string{
		"© 2016 Anadolu Agency":    "2016 anadolu agency",
		"(AP Photo/Hiro Komae)":    "ap photo hiro komae",
		"Agence France-Presse":     "agence france presse",
		"  Anadolu   Ajansı  ":     "anadolu ajansi",
		"REX/Shutterstock (123bs)": "rex shutterstock 123bs",
	} {
		if got := FoldWords(in); got != want {
			t.Errorf("FoldWords(%q) = %q, want %q", in, got, want)
		}
	}
}

// The letters the two folds of captag once disagreed on (metadata's name
// fold and sidecar's country fold): one table now serves both, and each
// letter, upper- or lower-case, folds to its base letter.
func TestFoldLatinLetters(t *testing.T) {
	for in, want := range map[string]string{
		"İ": "i", "ı": "i", "ǎ": "a", "Ǎ": "a", "ǐ": "i", "Ǐ": "i", "ǒ": "o", "Ǒ": "o", "ǔ": "u", "Ǔ": "u",
		"ŉ": "n", "ø": "o", "Ø": "o", "ł": "l", "đ": "d", "ħ": "h", "ð": "d", "þ": "th", "æ": "ae", "œ": "oe", "ß": "ss",
		"TÜRKİYE": "turkiye", "Côte d’Ivoire": "cote divoire", "Curaçao": "curacao", "Åland": "aland",
	} {
		if got := FoldWords(in); got != want {
			t.Errorf("FoldWords(%q) = %q, want %q", in, got, want)
		}
	}
	// Every entry of the table is a lower-case letter that folds to ASCII.
	for r, f := range latinFold {
		if utf8.RuneLen(r) < 2 || strings.ToLower(string(r)) != string(r) {
			t.Errorf("latinFold has %q, not a lower-case non-ASCII letter", r)
		}
		for i := 0; i < len(f); i++ {
			if f[i] < 'a' || f[i] > 'z' {
				t.Errorf("latinFold[%q] = %q, want ASCII letters", r, f)
			}
		}
	}
}

func FuzzFoldName(f *testing.F) {
	for _, s := range []string{"Ahmed Al-Ahmed", "Bahadır Yılmaz", "İsmail", "O'Brien", "عارف وتد", "Mu\u0308ller", "ǅemal", "\xff\xfe"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		k := FoldName(s)
		if strings.ContainsAny(k, " \t\n") {
			t.Fatalf("FoldName(%q) = %q has spaces", s, k)
		}
		if again := FoldName(k); again != k {
			t.Fatalf("FoldName is not idempotent: %q → %q → %q", s, k, again)
		}
		if w := FoldWords(s); strings.ReplaceAll(w, " ", "") != k || strings.Contains(w, "  ") || strings.TrimSpace(w) != w {
			t.Fatalf("FoldWords(%q) = %q disagrees with FoldName %q or has stray spaces", s, w, k)
		}
	})
}

// foldRune is fold as it was written first, a rune at a time: the
// reference for fold's ASCII table.
func foldRune(s, sep string) string {
	var b strings.Builder
	space := false
	for _, r := range s {
		switch {
		case r == 'İ':
			r = 'i'
		case r < utf8.RuneSelf:
			if 'A' <= r && r <= 'Z' {
				r += 'a' - 'A'
			}
		case unicode.IsUpper(r) || unicode.IsTitle(r):
			r = unicode.ToLower(r)
		}
		switch {
		case r < utf8.RuneSelf && ('a' <= r && r <= 'z' || '0' <= r && r <= '9'):
			if space && b.Len() > 0 {
				b.WriteString(sep)
			}
			space = false
			b.WriteByte(byte(r))
		case r >= 0x300 && r <= 0x36f, isJoiner(r):
		case r >= utf8.RuneSelf && (unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r) || unicode.Is(unicode.Mc, r)):
			if space && b.Len() > 0 {
				b.WriteString(sep)
			}
			space = false
			if f, ok := latinFold[r]; ok {
				b.WriteString(f)
			} else {
				b.WriteRune(r)
			}
		default:
			space = true
		}
	}
	return b.String()
}

// TestFoldAsRunes checks fold against foldRune on every ASCII byte, the
// letters that lower-case to ASCII and texts mixing scripts.
func TestFoldAsRunes(t *testing.T) {
	cases := []string{"", "\u212aelvin", "İstanbul", "O'Brien ’s", "a`b", "Mu\u0308ller, ÅSA-Œuvre", "\xff\xfeA\xc3", "  x  "}
	for c := range utf8.RuneSelf {
		cases = append(cases, "Ab"+string(rune(c))+"Cd", string(rune(c)))
	}
	for _, s := range cases {
		for _, sep := range []string{" ", ""} {
			if got, want := fold(s, sep), foldRune(s, sep); got != want {
				t.Errorf("fold(%q, %q) = %q, a rune at a time %q", s, sep, got, want)
			}
		}
	}
}

func FuzzFoldAsRunes(f *testing.F) {
	for _, s := range []string{"Ahmed Al-Ahmed", "Bahadır Yılmaz", "İsmail", "O'Brien", "عارف وتد", "\u212a", "\xff\xfe"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := fold(s, " "), foldRune(s, " "); got != want {
			t.Fatalf("fold(%q) = %q, a rune at a time %q", s, got, want)
		}
	})
}
