package names

import (
	"strings"
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
var labelsByFirst = byFirstRune(labels)

// labelsStarting lists the labels that may start s in any case: those whose
// first rune is in the fold class of s's first rune, in labels' order.
func labelsStarting(s string) []string { return startingWith(labelsByFirst, s) }

// byFirstRune indexes list by the fold class of each entry's first rune,
// keeping list's order within each class.
func byFirstRune(list []string) map[rune][]string {
	out := map[rune][]string{}
	for _, l := range list {
		r, _ := utf8.DecodeRuneInString(l)
		k := foldClass(r)
		out[k] = append(out[k], l)
	}
	return out
}

// startingWith lists the entries of index (byFirstRune) that may start s
// in any case.
func startingWith(index map[rune][]string, s string) []string {
	if s == "" {
		return nil
	}
	r, _ := utf8.DecodeRuneInString(s)
	return index[foldClass(r)]
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

// labelStarts indexes the labels whose first byte is ASCII by the bytes
// that may start them (issue 24: caption's search for the last label in a
// caption's tail ran one case-blind scan of the tail per label, 427 of
// them). A label's first letter is matched as ASCII only, as that scan
// did: the Kelvin sign does not start "kuva:". Labels whose second byte is
// ASCII too, and not a "k" or an "s" (which also fold with the Kelvin sign
// and the long s), are indexed by both: pair[a][b] is the list of those
// starting with a and b, lower case; loose[a] lists the others starting
// with a. Lists hold indexes in labels, in order.
type labelStarts struct {
	pair  [utf8.RuneSelf][utf8.RuneSelf]uint16 // 1 + index in lists, 0 for none
	lists [][]uint16
	loose [utf8.RuneSelf][]uint16
	// some[c] says whether any label may start at the byte c.
	some [256]bool
}

var labelsAtByte = func() *labelStarts {
	x := &labelStarts{}
	for k, l := range labels {
		c := l[0]
		switch {
		case c >= utf8.RuneSelf:
		case len(l) > 1 && l[1] < utf8.RuneSelf && l[1] != 'k' && l[1] != 's':
			if x.pair[c][l[1]] == 0 {
				x.lists = append(x.lists, nil)
				x.pair[c][l[1]] = uint16(len(x.lists))
			}
			id := x.pair[c][l[1]] - 1
			x.lists[id] = append(x.lists[id], uint16(k))
		default:
			x.loose[c] = append(x.loose[c], uint16(k))
		}
	}
	var has [utf8.RuneSelf]bool // by the small letter
	for c := range utf8.RuneSelf {
		has[c] = len(x.loose[c]) > 0
		for _, id := range x.pair[c] {
			has[c] = has[c] || id > 0
		}
	}
	for c := range 256 {
		x.some[c] = c >= 0xC0 || c < utf8.RuneSelf && has[lowerASCII(byte(c))]
	}
	return x
}()

// lowerASCII is c with an ASCII capital made small.
func lowerASCII(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + ('a' - 'A')
	}
	return c
}

// labelsAtRune indexes the labels whose first rune is not ASCII by the
// fold class of that rune, as indexes in labels, in order.
var labelsAtRune = func() map[rune][]uint16 {
	out := map[rune][]uint16{}
	for k, l := range labels {
		if r, _ := utf8.DecodeRuneInString(l); r >= utf8.RuneSelf {
			out[foldClass(r)] = append(out[foldClass(r)], uint16(k))
		}
	}
	return out
}()

// labelsAt lists the labels (indexes in labels, each list in order) that
// may start at t[i] in any case: a list by the first two bytes and one by
// the first byte or rune.
func labelsAt(t string, i int) (pair, one []uint16) {
	c := t[i]
	if c >= utf8.RuneSelf {
		if c < 0xC0 {
			return nil, nil // inside a rune
		}
		r, _ := utf8.DecodeRuneInString(t[i:])
		return nil, labelsAtRune[foldClass(r)]
	}
	c = lowerASCII(c)
	if i+1 < len(t) && t[i+1] < utf8.RuneSelf {
		if id := labelsAtByte.pair[c][lowerASCII(t[i+1])]; id > 0 {
			pair = labelsAtByte.lists[id-1]
		}
	}
	return pair, labelsAtByte.loose[c]
}

// LastLabel finds, of the places where each label last occurs in
// t[from:] (any case), the latest one that accept takes, and returns it
// (an offset in t) and the length of the label there, or -1, 0. A label
// whose last place accept refuses does not count at all; of labels at
// the same place, the first of Labels wins. It scans t[from:] once from
// the end.
func LastLabel(t string, from int, accept func(i int) bool) (int, int) {
	var buf [8]uint64
	seen := buf[:]
	if len(labels) > 64*len(buf) {
		seen = make([]uint64, (len(labels)+63)/64)
	}
	for i := len(t) - 1; i >= from; i-- {
		if !labelsAtByte.some[t[i]] {
			continue
		}
		pair, one := labelsAt(t, i)
		best := -1
		for _, list := range [2][]uint16{pair, one} {
			for _, k := range list {
				l := labels[k]
				if seen[k/64]&(1<<(k%64)) != 0 || len(t)-i < len(l) || !strings.EqualFold(t[i:i+len(l)], l) {
					continue
				}
				seen[k/64] |= 1 << (k % 64)
				if best < 0 || int(k) < best {
					best = int(k)
				}
			}
		}
		if best >= 0 && accept(i) {
			return i, len(labels[best])
		}
	}
	return -1, 0
}
