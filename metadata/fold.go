package metadata

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// latinFold maps Latin letters with diacritics (already lower-cased) to
// their base letters: captag's one table, used by FoldName and FoldWords
// for names, credits and texts and by names.CountryCode for country
// names. It is a hand table so that the result does not depend on a
// normalisation library. Turkish dotless ı is in it; dotted İ, whose
// lower case is not one letter, is folded to i by fold itself.
var latinFold = map[rune]string{
	'à': "a", 'á': "a", 'â': "a", 'ã': "a", 'ä': "a", 'å': "a", 'ā': "a", 'ă': "a", 'ą': "a", 'ǎ': "a",
	'æ': "ae",
	'ç': "c", 'ć': "c", 'ĉ': "c", 'ċ': "c", 'č': "c",
	'ď': "d", 'đ': "d", 'ð': "d",
	'è': "e", 'é': "e", 'ê': "e", 'ë': "e", 'ē': "e", 'ĕ': "e", 'ė': "e", 'ę': "e", 'ě': "e",
	'ĝ': "g", 'ğ': "g", 'ġ': "g", 'ģ': "g",
	'ĥ': "h", 'ħ': "h",
	'ì': "i", 'í': "i", 'î': "i", 'ï': "i", 'ĩ': "i", 'ī': "i", 'ĭ': "i", 'į': "i", 'ı': "i", 'ǐ': "i",
	'ĵ': "j",
	'ķ': "k",
	'ĺ': "l", 'ļ': "l", 'ľ': "l", 'ŀ': "l", 'ł': "l",
	'ñ': "n", 'ń': "n", 'ņ': "n", 'ň': "n", 'ŉ': "n",
	'ò': "o", 'ó': "o", 'ô': "o", 'õ': "o", 'ö': "o", 'ø': "o", 'ō': "o", 'ŏ': "o", 'ő': "o", 'ǒ': "o",
	'œ': "oe",
	'ŕ': "r", 'ŗ': "r", 'ř': "r",
	'ś': "s", 'ŝ': "s", 'ş': "s", 'š': "s", 'ș': "s",
	'ß': "ss",
	'ţ': "t", 'ť': "t", 'ŧ': "t", 'ț': "t",
	'ù': "u", 'ú': "u", 'û': "u", 'ü': "u", 'ũ': "u", 'ū': "u", 'ŭ': "u", 'ů': "u", 'ű': "u", 'ų': "u", 'ǔ': "u",
	'ŵ': "w",
	'ý': "y", 'ÿ': "y", 'ŷ': "y",
	'ź': "z", 'ż': "z", 'ž': "z",
	'þ': "th",
}

// joiners are punctuation marks that join the letters around them
// ("O'Brien" = "OBrien") instead of separating words.
func isJoiner(r rune) bool {
	switch r {
	case '\'', '’', '‘', '`', '´', 'ʼ', '\u00ad' /* soft hyphen */, '\u200c', '\u200d' /* ZWNJ, ZWJ */, 'ـ' /* Arabic tatweel */ :
		return true
	}
	return false
}

// FoldWords lower-cases s, removes diacritics from Latin letters, drops
// apostrophes and turns every other run of non-letters/non-digits into a
// single space. Letters of other scripts are kept as they are. The result
// has no leading or trailing space.
func FoldWords(s string) string { return fold(s, " ") }

// FoldName returns the key under which two spellings of one name compare
// equal: case, Latin diacritics (including Turkish ı, İ, ş, ğ), apostrophes,
// punctuation and spacing are folded away, so that "Ahmed Al Ahmed",
// "AHMED AL-AHMED" and "ahmed al ahmed" give one key, as do "Müller" and
// "MULLER". Letters of other scripts (Arabic, Cyrillic…) are kept as
// written, so a name and its transliteration give different keys.
func FoldName(s string) string { return fold(s, "") }

// fold is FoldWords with sep between words ("" for FoldName). It builds
// its result in one pass and one allocation; ASCII bytes, most of any
// text, are folded by asciiFold without decoding a rune.
func fold(s, sep string) string {
	var b strings.Builder
	b.Grow(len(s))
	space := false
	for i := 0; i < len(s); {
		if c := s[i]; c < utf8.RuneSelf {
			i++
			switch k := asciiFold[c]; k {
			case asciiSpace:
				space = true
			case asciiJoiner:
			default:
				if space && b.Len() > 0 {
					b.WriteString(sep)
				}
				space = false
				b.WriteByte(k)
			}
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		i += size
		switch {
		case r == 'İ':
			r = 'i'
		case unicode.IsUpper(r) || unicode.IsTitle(r):
			r = unicode.ToLower(r)
		}
		switch {
		case r < utf8.RuneSelf && ('a' <= r && r <= 'z' || '0' <= r && r <= '9'):
			// A letter whose lower case is ASCII (the Kelvin sign K).
			if space && b.Len() > 0 {
				b.WriteString(sep)
			}
			space = false
			b.WriteByte(byte(r))
		case r >= 0x300 && r <= 0x36f: // combining diacritical marks (decomposed input)
			continue
		case isJoiner(r):
			continue
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

// asciiFold is what fold makes of each ASCII byte: its lower case for a
// letter or digit, asciiJoiner for a joiner (dropped), asciiSpace for
// anything else (a word break).
var asciiFold = asciiFoldTable()

const (
	asciiSpace  = 0
	asciiJoiner = 1
)

func asciiFoldTable() (t [utf8.RuneSelf]byte) {
	for c := range t {
		r := rune(c)
		switch {
		case 'A' <= r && r <= 'Z':
			t[c] = byte(r + 'a' - 'A')
		case 'a' <= r && r <= 'z' || '0' <= r && r <= '9':
			t[c] = byte(r)
		case isJoiner(r):
			t[c] = asciiJoiner
		default:
			t[c] = asciiSpace
		}
	}
	return t
}

// EditDistance is the Levenshtein distance between two short strings, by
// bytes: the command's nearest verb to a mistyped one, the distance of
// two names' sound classes (names.AcrossScripts).
func EditDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
