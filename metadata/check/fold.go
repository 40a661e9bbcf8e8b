package check

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/captag/captag/metadata"
)

// scriptOf names the writing system of the first letter of s that belongs
// to a known script: "Latin", "Arabic", "Cyrillic", … or "" when s has no
// letters.
func scriptOf(s string) string {
	for _, r := range s {
		if !unicode.IsLetter(r) {
			continue
		}
		for _, sc := range scripts {
			if unicode.Is(sc.table, r) {
				return sc.name
			}
		}
		return "other"
	}
	return ""
}

var scripts = []struct {
	name  string
	table *unicode.RangeTable
}{
	{"Latin", unicode.Latin}, {"Arabic", unicode.Arabic}, {"Cyrillic", unicode.Cyrillic},
	{"Greek", unicode.Greek}, {"Hebrew", unicode.Hebrew}, {"Han", unicode.Han},
	{"Hiragana", unicode.Hiragana}, {"Katakana", unicode.Katakana}, {"Hangul", unicode.Hangul},
	{"Devanagari", unicode.Devanagari}, {"Thai", unicode.Thai}, {"Armenian", unicode.Armenian},
	{"Georgian", unicode.Georgian}, {"Bengali", unicode.Bengali}, {"Tamil", unicode.Tamil},
}

// otherScript reports whether every name in a is written in a different
// script from every name in b, so that they cannot be compared letter by
// letter (a Latin caption creator against an Arabic dc:creator).
func otherScript(a, b []string) bool {
	n := 0
	for _, x := range a {
		sx := scriptOf(x)
		for _, y := range b {
			sy := scriptOf(y)
			if sx == "" || sy == "" || sx == sy {
				return false
			}
			n++
		}
	}
	return n > 0
}

// foldSet folds names and returns the distinct non-empty keys in their
// first-seen order.
func foldSet(names []string) []string {
	var out []string
	for i, n := range names {
		if containsKey(names[:i], n) {
			continue // the same spelling again (EXIF Artist and IIM By-line): fold it once
		}
		k := metadata.FoldName(n)
		if k == "" {
			continue
		}
		dup := false
		for _, o := range out {
			if o == k {
				dup = true
				break
			}
		}
		if !dup {
			out = append(out, k)
		}
	}
	return out
}

// nameKey is how Compare knows a name: its metadata.FoldName key k, and t, the key
// of its German/Nordic transliteration ("Büttner" → "buettner", "Søreide" →
// "soereide", "Åsa" → "aasa") when that differs from k, else "". ASCII-only
// stores (EXIF Artist) and desks write either spelling: "Büttner",
// "Buettner" and "Buttner" all meet.
type nameKey struct{ k, t string }

// keyOf returns the nameKey of s; k is "" when s has no letters or digits.
func keyOf(s string) nameKey {
	nk := nameKey{k: metadata.FoldName(s)}
	if nk.k != "" && needsTranslit(s) {
		if t := metadata.FoldName(translit(s)); t != nk.k {
			nk.t = t
		}
	}
	return nk
}

// meets reports whether x and y can be the same name: one of the keys of
// each is the same.
func (x nameKey) meets(y nameKey) bool {
	return x.k == y.k || x.t != "" && (x.t == y.k || x.t == y.t) || y.t != "" && y.t == x.k
}

// needsTranslit reports whether s has a letter that translit spells
// otherwise (checked byte-wise first: most names are ASCII).
func needsTranslit(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return strings.ContainsAny(s, "äöüÄÖÜøØåÅ\u0308\u030a")
		}
	}
	return false
}

// translit spells the letters German and the Nordic languages transliterate
// with two letters that way: ä ö ü → ae oe ue, ø → oe, å → aa, also when
// the umlaut or ring is a combining mark (ß and æ fold to ss and ae in
// metadata.FoldName already).
func translit(s string) string {
	var b strings.Builder
	b.Grow(len(s) + 4)
	for _, r := range s {
		switch r {
		case 'ä', 'Ä':
			b.WriteString("ae")
		case 'ö', 'Ö', 'ø', 'Ø':
			b.WriteString("oe")
		case 'ü', 'Ü':
			b.WriteString("ue")
		case 'å', 'Å':
			b.WriteString("aa")
		case '\u0308': // combining diaeresis after a, o or u
			b.WriteByte('e')
		case '\u030a': // combining ring above after a
			b.WriteByte('a')
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// nameKeys returns the nameKeys of names, distinct and non-empty, in
// first-seen order.
func nameKeys(names []string) []nameKey {
	var out []nameKey
	for i, n := range names {
		if containsKey(names[:i], n) {
			continue // the same spelling again: fold it once
		}
		nk := keyOf(n)
		if nk.k == "" {
			continue
		}
		dup := false
		for _, o := range out {
			if o == nk {
				dup = true
				break
			}
		}
		if !dup {
			out = append(out, nk)
		}
	}
	return out
}

// anyMeets reports whether a name of a meets a name of b.
func anyMeets(a, b []nameKey) bool {
	for _, x := range a {
		for _, y := range b {
			if x.meets(y) {
				return true
			}
		}
	}
	return false
}

// sameNames reports whether a and b name the same people: every name of
// each meets a name of the other.
func sameNames(a, b []nameKey) bool {
	covered := func(a, b []nameKey) bool {
		for _, x := range a {
			found := false
			for _, y := range b {
				if x.meets(y) {
					found = true
					break
				}
			}
			if !found {
				return false
			}
		}
		return true
	}
	return covered(a, b) && covered(b, a)
}
