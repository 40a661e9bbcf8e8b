package names

import (
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/captag/captag/metadata"
)

// FoldSet folds names and returns the distinct non-empty keys in their
// first-seen order.
func FoldSet(names []string) []string {
	var out []string
	for i, n := range names {
		if contains(names[:i], n) {
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

// MatchSet is FoldSet with each key free of name order: the folded words
// of a name of two to maxOrderWords words sorted, so that a surname-first
// caption name ("ČTK/Šimánek Vít", Czech and Hungarian desks, Chinese,
// Japanese and Korean names) and a given-name-first camera Artist ("Vit
// Simanek") have one key when matching by date and creator. The
// comparison then says the order differs (Reordered).
func MatchSet(names []string) []string {
	var out []string
	for i, n := range names {
		if contains(names[:i], n) {
			continue
		}
		k := orderFreeKey(n)
		if k != "" && !contains(out, k) {
			out = append(out, k)
		}
	}
	return out
}

// orderFreeKey is metadata.FoldName of s with its words sorted when it
// has two to maxOrderWords of them.
func orderFreeKey(s string) string {
	ws := strings.Fields(metadata.FoldWords(s))
	if len(ws) < 2 || len(ws) > maxOrderWords {
		return metadata.FoldName(s)
	}
	slices.Sort(ws)
	return strings.Join(ws, "")
}

// PersonKey is how a person's name is known: its metadata.FoldName key K, and T, the key
// of its German/Nordic transliteration ("Büttner" → "buettner", "Søreide" →
// "soereide", "Åsa" → "aasa") when that differs from K, else "". ASCII-only
// stores (EXIF Artist) and desks write either spelling: "Büttner",
// "Buettner" and "Buttner" all meet.
type PersonKey struct{ K, T string }

// PersonKeyOf returns the PersonKey of s; K is "" when s has no letters
// or digits. A military title before the name is not part of it
// (CutRank: "Staff Sgt. Kyle Davis" is Kyle Davis).
func PersonKeyOf(s string) PersonKey {
	s, _ = CutRank(s)
	nk := PersonKey{K: metadata.FoldName(s)}
	if nk.K != "" && needsTranslit(s) {
		if t := metadata.FoldName(translit(s)); t != nk.K {
			nk.T = t
		}
	}
	return nk
}

// Meets reports whether x and y can be the same name: one of the keys of
// each is the same.
func (x PersonKey) Meets(y PersonKey) bool {
	return x.K == y.K || x.T != "" && (x.T == y.K || x.T == y.T) || y.T != "" && y.T == x.K
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

// PersonKeys returns the PersonKeys of names, distinct and non-empty, in
// first-seen order.
func PersonKeys(names []string) []PersonKey {
	var out []PersonKey
	for i, n := range names {
		if contains(names[:i], n) {
			continue // the same spelling again: fold it once
		}
		nk := PersonKeyOf(n)
		if nk.K == "" {
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

// AnyMeets reports whether a name of a meets a name of b.
func AnyMeets(a, b []PersonKey) bool {
	for _, x := range a {
		for _, y := range b {
			if x.Meets(y) {
				return true
			}
		}
	}
	return false
}

// SameNames reports whether a and b name the same people: every name of
// each meets a name of the other.
func SameNames(a, b []PersonKey) bool {
	covered := func(a, b []PersonKey) bool {
		for _, x := range a {
			found := false
			for _, y := range b {
				if x.Meets(y) {
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

// WordForms returns metadata.FoldWords of s and, when it differs, of its
// transliteration ("Jens Büttner": "jens buttner", "jens buettner").
func WordForms(s string) []string {
	w := metadata.FoldWords(s)
	if needsTranslit(s) {
		if t := metadata.FoldWords(translit(s)); t != w {
			return []string{w, t}
		}
	}
	return []string{w}
}

// BothOrders returns the folded forms of the name s (WordForms), each
// also with its words in reverse order when that differs: the ways a
// credit may write the person a camera names ("Vít Šimánek" in the
// camera, "Šimánek Vít" in a Czech credit).
func BothOrders(s string) []string {
	forms := WordForms(s)
	out := make([]string, 0, 2*len(forms))
	for _, w := range forms {
		out = append(out, w)
		if r := reversedWords(w); r != w {
			out = append(out, r)
		}
	}
	return out
}

// reversedWords returns the words of s in reverse order.
func reversedWords(s string) string {
	w := strings.Fields(s)
	for a, b := 0, len(w)-1; a < b; a, b = a+1, b-1 {
		w[a], w[b] = w[b], w[a]
	}
	return strings.Join(w, " ")
}

func contains(list []string, k string) bool {
	for _, x := range list {
		if x == k {
			return true
		}
	}
	return false
}

// maxOrderWords bounds the words of a name Reordered compares: a
// surname-first name has two or three ("Šimánek Vít", "Kamaryt Michal",
// "Nagy Gábor István").
const maxOrderWords = 4

// Reordered reports whether a and b are one name with its words in
// another order, in either transliteration: a surname-first credit (Czech,
// Slovak and Hungarian desks, "ČTK/Šimánek Vít") against a given-name-first
// camera Artist ("Vit Simanek"). Names of one word, or in the same order,
// are not reordered.
func Reordered(a, b string) bool {
	for _, x := range WordForms(a) {
		for _, y := range WordForms(b) {
			if sameWordsOtherOrder(x, y) {
				return true
			}
		}
	}
	return false
}

// sameWordsOtherOrder reports whether the folded names x and y hold the
// same two to maxOrderWords words in a different order.
func sameWordsOtherOrder(x, y string) bool {
	if x == y {
		return false
	}
	xs, ys := strings.Fields(x), strings.Fields(y)
	if len(xs) < 2 || len(xs) > maxOrderWords || len(xs) != len(ys) {
		return false
	}
	var used [maxOrderWords]bool
	for _, w := range xs {
		found := false
		for j, v := range ys {
			if !used[j] && v == w {
				used[j], found = true, true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// AnyReordered reports whether a name of a is a name of b in another
// order (Reordered).
func AnyReordered(a, b []string) bool {
	for _, x := range a {
		for _, y := range b {
			if Reordered(x, y) {
				return true
			}
		}
	}
	return false
}
