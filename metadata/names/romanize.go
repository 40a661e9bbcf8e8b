package names

import (
	"strings"
	"unicode"

	"github.com/captag/captag/metadata"
)

// A caption names its photographer in the caption's script; the camera's
// Artist, set once by the photographer, is often in Latin letters: "Томас
// Тхайцук" in a Sputnik Abkhazia caption, "Tomas Tkhaitsuk" in the file.
// AcrossScripts tells the same name in another script from another name:
// the non-Latin name is spelled in Latin letters (Romanize, the tables of
// romanize_table.go), both are reduced to sound classes (soundClasses: "kh",
// "ch", "h" and "g" one class; "v", "w", "b", "f" another; vowels one), and
// their words compared by edit distance. Scripts the tables do not spell
// (Han, kana, Indic scripts, Thai) are never judged: a name read in them
// is compared by eye, as before.

// ScriptVerdict is what AcrossScripts can say of two names in two
// scripts.
type ScriptVerdict int

const (
	ScriptsUnknown ScriptVerdict = iota // not comparable, or neither near nor far
	ScriptsSame                         // the same name in another script
	ScriptsDiffer                       // another name
)

// Thresholds of word similarity (1 - edit distance / longer length, over
// sound classes): at least sameWordSim, two words are one name's; below
// differWordSim, no pair of words may be one name's for the names to
// differ. Between them nothing is said.
const (
	sameWordSim   = 0.7
	differWordSim = 0.5
	// minClassWord is the fewest sound classes a word needs to be judged
	// ("Lee" and 이 are too short to say anything alone).
	minClassWord = 2
	// maxRomanWords caps the words of a name compared.
	maxRomanWords = 6
)

// Romanize spells s in Latin letters when every letter of it is Latin or
// of a script the tables spell, and reports whether it could; abjad is
// true when s holds letters of a script that leaves its vowels out
// (Arabic, Hebrew), whose names compare by consonants alone.
func Romanize(s string) (latin string, abjad, ok bool) {
	var b strings.Builder
	rs := []rune(s)
	for i, r := range rs {
		r = unicode.ToLower(r)
		switch k, sp := indicOf(r); {
		case k != indicNone:
			b.WriteString(sp)
			if k == indicConsonant && i+1 < len(rs) {
				// The inherent vowel, unless a sign, the virama or the
				// end of the word follows.
				if nk, _ := indicOf(rs[i+1]); nk == indicConsonant || nk == indicVowel || nk == indicFinal {
					b.WriteByte('a')
				}
			}
		case r >= 0xAC00 && r <= 0xD7A3:
			n := int(r - 0xAC00)
			b.WriteString(hangulInitial[n/588])
			b.WriteString(hangulMedial[n%588/28])
			b.WriteString(hangulFinal[n%28])
		case r < 0x80 || unicode.Is(unicode.Latin, r):
			b.WriteRune(r)
		case unicode.IsLetter(r):
			sp, known := letterSpelling[r]
			if !known {
				return "", false, false
			}
			abjad = abjad || unicode.Is(unicode.Arabic, r) || unicode.Is(unicode.Hebrew, r)
			b.WriteString(sp)
		case unicode.IsMark(r):
			// Harakat, niqqud, combining accents: no letter of their own.
		default:
			b.WriteRune(' ')
		}
	}
	return b.String(), abjad, true
}

// soundClasses reduces a Latin-letter word to its sound classes, one byte
// each: vowels 'a' (dropped when consonantsOnly), labials 'p', dentals
// 't', sibilants 's', velars and "ch"/"kh"/"h" 'k', liquids 'l', 'm',
// 'n'; a class written twice in a row counts once. j, y and apostrophes
// are dropped (a semivowel in "Jurij", "Yuri").
func soundClasses(w string, consonantsOnly bool) string {
	w = metadata.FoldName(w) // ASCII, lower case, no accents or punctuation
	var out []byte
	emit := func(c byte) {
		if c == 'a' && consonantsOnly {
			return
		}
		if len(out) == 0 || out[len(out)-1] != c {
			out = append(out, c)
		}
	}
	for i := 0; i < len(w); i++ {
		c := w[i]
		next := byte(0)
		if i+1 < len(w) {
			next = w[i+1]
		}
		switch {
		case strings.HasPrefix(w[i:], "shch"):
			emit('s')
			i += 3
		case strings.HasPrefix(w[i:], "sch"), strings.HasPrefix(w[i:], "tsch"):
			emit('s')
			i += 2
		case next == 'h' && strings.IndexByte("skcgzptd", c) >= 0:
			// sh zh → s; kh ch gh → k; ph → p; th dh → t: the classes of
			// the letters themselves, but for c.
			emit(classOf(map0(c)))
			i++
		case c == 'c' && (next == 'e' || next == 'i' || next == 'y'):
			emit('s')
		case c == 'q' && next == 'u':
			emit('k')
			i++
		case c == 'x':
			emit('k')
			emit('s')
		case c == 'n' && next == 'g':
			emit('n')
			i++
		default:
			if k := classOf(c); k != 0 {
				emit(k)
			}
		}
	}
	return string(out)
}

// classOf is the sound class of one ASCII letter, 0 for none.
func classOf(c byte) byte {
	switch c {
	case 'a', 'e', 'i', 'o', 'u':
		return 'a'
	case 'b', 'p', 'f', 'v', 'w':
		return 'p'
	case 'd', 't':
		return 't'
	case 's', 'z':
		return 's'
	case 'k', 'g', 'q', 'h', 'c':
		return 'k'
	case 'l', 'r':
		return 'l'
	case 'm', 'n':
		return c
	}
	return 0
}

// map0 is the letter whose class a digraph with h takes: "ch" is a velar
// here (Greek χ "Christos", Russian х "Michail"), as c alone is.
func map0(c byte) byte {
	if c == 'c' {
		return 'k'
	}
	return c
}
