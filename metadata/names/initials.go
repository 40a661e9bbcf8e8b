package names

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// An agency signs with the initials of its name as often as with the
// name: Taiwan's Central News Agency (中央社) is "CNA" in the Credit of
// its files, while the caption's trailer "中央社記者吳家昇攝" names it in
// Chinese (fc6b-030 of firstcontact6-tune.jsonl, tw.news.yahoo.com). The
// table keeps the bare "CNA" out, because three agencies write it; but a
// store's "CNA" beside a caption that names the Central News Agency is
// that agency written short.

// maxInitials bounds the letters of a value read as a name's initials.
const maxInitials = 8

// IsInitialsOf reports whether v, a store's value, is the initials of the
// name n in capitals: two to maxInitials capital letters (dots between
// them allowed, "C.N.A."), one per capitalised word of n, words split at
// spaces and hyphens ("Agence France-Presse" → AFP). Small words ("of",
// "de") are skipped.
func IsInitialsOf(v, n string) bool {
	v = strings.ReplaceAll(strings.TrimSpace(v), ".", "")
	if k := utf8.RuneCountInString(v); k < 2 || k > maxInitials {
		return false
	}
	var want [maxInitials]rune
	w := 0
	for _, word := range strings.FieldsFunc(n, func(r rune) bool { return r == ' ' || r == '-' }) {
		r, _ := utf8.DecodeRuneInString(word)
		if !unicode.IsUpper(r) {
			continue
		}
		if w == maxInitials {
			return false
		}
		want[w] = r
		w++
	}
	i := 0
	for _, r := range v {
		if !unicode.IsUpper(r) || i == w || r != want[i] {
			return false
		}
		i++
	}
	return i == w && w >= 2
}
