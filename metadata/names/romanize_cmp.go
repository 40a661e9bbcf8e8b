package names

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/captag/captag/metadata"
)

// AcrossScripts compares the photographers a (the caption's) with b (a
// store's) where they are written in different scripts: ScriptsSame when
// a name of a meets one of b (reads is then its Latin spelling, for the
// finding), ScriptsDiffer when every name of a is far from every name of
// b, ScriptsUnknown otherwise (a script the tables do not spell, names
// too short to judge, or near but not the same).
func AcrossScripts(a, b []string) (v ScriptVerdict, reads string) {
	differ := len(a) > 0 && len(b) > 0
	for _, x := range a {
		for _, y := range b {
			switch nv, r := nameAcross(x, y); nv {
			case ScriptsSame:
				return ScriptsSame, r
			case ScriptsUnknown:
				differ = false
			case ScriptsDiffer:
				if reads == "" {
					reads = r
				}
			}
		}
	}
	if differ {
		return ScriptsDiffer, reads
	}
	return ScriptsUnknown, ""
}

// nameAcross compares two names and returns the Latin spelling of the
// one not in Latin letters (of x when both are not).
func nameAcross(x, y string) (ScriptVerdict, string) {
	rx, abx, okx := Romanize(x)
	ry, aby, oky := Romanize(y)
	if !okx || !oky {
		return ScriptsUnknown, ""
	}
	reads := strings.Join(latinWords(y, ry), " ")
	if rx != strings.ToLower(x) {
		reads = strings.Join(latinWords(x, rx), " ")
	}
	cons := abx || aby
	wx, wy := classWords(x, rx, cons), classWords(y, ry, cons)
	if len(wx) == 0 || len(wy) == 0 {
		return ScriptsUnknown, ""
	}
	short, long := wx, wy
	if len(wy) < len(wx) {
		short, long = wy, wx
	}
	allMet, anyNear := true, false
	for _, s := range short {
		met := false
		for _, l := range long {
			sim := similarity(s, l)
			met = met || sim >= sameWordSim
			anyNear = anyNear || sim >= differWordSim
		}
		allMet = allMet && met
	}
	for _, l := range long {
		for _, s := range short {
			anyNear = anyNear || similarity(s, l) >= differWordSim
		}
	}
	switch {
	case allMet:
		return ScriptsSame, titleWords(reads)
	case !anyNear:
		return ScriptsDiffer, titleWords(reads)
	}
	return ScriptsUnknown, ""
}

// classWords returns the sound classes of each word of latinWords, the
// words too short to judge left out.
func classWords(orig, latin string, consonantsOnly bool) []string {
	var out []string
	for _, w := range latinWords(orig, latin) {
		if c := soundClasses(w, consonantsOnly); len(c) >= minClassWord && len(out) < maxRomanWords {
			out = append(out, c)
		}
	}
	return out
}

// latinWords returns the words of latin, the Latin spelling of the name
// orig. A Korean name written as one word of Hangul (김진홍) is its
// surname's syllable and its given name's (Gim, Jinhong), as Latin letters
// write it ("Kim Jin-hong"); a word of four syllables has a surname of
// two (남궁).
func latinWords(orig, latin string) []string {
	var out []string
	ow := strings.Fields(orig)
	for i, w := range strings.Fields(latin) {
		if i < len(ow) && hangulWord(ow[i]) && len(ow) == len(strings.Fields(latin)) {
			sur := 1
			if utf8.RuneCountInString(ow[i]) == 4 {
				sur = 2
			}
			head, _, _ := Romanize(ow[i][:sur*3]) // a Hangul syllable is 3 bytes
			if strings.HasPrefix(w, head) {
				out = append(out, head, w[len(head):])
				continue
			}
		}
		out = append(out, w)
	}
	return out
}

// hangulWord reports whether w is two to four Hangul syllables.
func hangulWord(w string) bool {
	n := 0
	for _, r := range w {
		if r < 0xAC00 || r > 0xD7A3 {
			return false
		}
		n++
	}
	return n >= 2 && n <= 4
}

// similarity is 1 - the edit distance of a and b over the longer's
// length.
func similarity(a, b string) float64 {
	if len(a) == 0 || len(b) == 0 {
		return 0
	}
	return 1 - float64(metadata.EditDistance(a, b))/float64(max(len(a), len(b)))
}

// titleWords capitalises the first letter of each word of s.
func titleWords(s string) string {
	f := strings.Fields(s)
	for i, w := range f {
		r, n := utf8.DecodeRuneInString(w)
		f[i] = string(unicode.ToUpper(r)) + w[n:]
	}
	return strings.Join(f, " ")
}
