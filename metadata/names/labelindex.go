package names

import (
	"unicode"
	"unicode/utf8"
)

// labelsByFirst indexes labels by the fold class of their first rune
// (issue 24: CutLabels scanned all of them, hundreds, with a
// strings.EqualFold each, for every credit it was asked about). Each list
// keeps the order of labels, longest first, so the first label of a list
// that starts a text is the one the whole scan would have found: a label
// can start a text, any case, only if its first rune folds to the text's
// first rune. Built once at init, read only after.
var labelsByFirst = func() map[rune][]string {
	out := map[rune][]string{}
	for _, l := range labels {
		r, _ := utf8.DecodeRuneInString(l)
		k := foldClass(r)
		out[k] = append(out[k], l)
	}
	return out
}()

// labelsStarting lists the labels that may start s in any case: those whose
// first rune is in the fold class of s's first rune, in labels' order.
func labelsStarting(s string) []string {
	if s == "" {
		return nil
	}
	r, _ := utf8.DecodeRuneInString(s)
	return labelsByFirst[foldClass(r)]
}

// foldClass names r's class under simple case folding (the runes
// strings.EqualFold takes as one): the smallest rune of its orbit.
func foldClass(r rune) rune {
	if r < utf8.RuneSelf {
		if 'A' <= r && r <= 'Z' {
			r += 'a' - 'A'
		}
		if r != 'k' && r != 's' {
			return r
		}
		// 'k' and 's' fold with the Kelvin sign and the long s as well;
		// their smallest rune is still the ASCII capital.
		return r - ('a' - 'A')
	}
	min := r
	for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
		if f < min {
			min = f
		}
	}
	return min
}
