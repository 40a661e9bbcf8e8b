package caption

import (
	"unicode"
	"unicode/utf8"

	"github.com/captag/captag/metadata/names"
)

// The features of one word for the credit guesser (guess.go), each a
// 64-bit FNV-1a hash of a tag and a value, so that neither the model
// nor a caption's features need a string of their own.

const (
	fnvOffset = 14695981039346656037
	fnvPrime  = 1099511628211
)

// fh is a running FNV-1a hash.
type fh uint64

func newFH(tag byte) fh { return (fh(fnvOffset) ^ fh(tag)) * fnvPrime }

func (h fh) b(c byte) fh { return (h ^ fh(c)) * fnvPrime }

// lower adds s, lower case.
func (h fh) lower(s string) fh {
	for _, r := range s {
		r = unicode.ToLower(r)
		if r < utf8.RuneSelf {
			h = h.b(byte(r))
			continue
		}
		var b [utf8.UTFMax]byte
		for _, c := range b[:utf8.EncodeRune(b[:], r)] {
			h = h.b(c)
		}
	}
	return h
}

// shape adds the shape of s: X for a capital, x a small letter, d a
// digit, o a letter without case, the mark itself otherwise; a run is
// kept to two, the whole to six.
func (h fh) shape(s string) fh {
	var last byte
	run, n := 0, 0
	for _, r := range s {
		var c byte
		switch {
		case unicode.IsUpper(r):
			c = 'X'
		case unicode.IsLower(r):
			c = 'x'
		case unicode.IsDigit(r):
			c = 'd'
		case unicode.IsLetter(r):
			c = 'o'
		case unicode.IsMark(r):
			continue
		case r < utf8.RuneSelf:
			c = byte(r)
		default:
			c = '*'
		}
		if c == last {
			if run++; run > 2 {
				continue
			}
		} else {
			last, run = c, 1
		}
		if n++; n > 6 {
			break
		}
		h = h.b(c)
	}
	return h
}

// script returns a letter for the script of s's first letter
// (names.ScriptOf): Latin, Cyrillic, Greek, Arabic, Han or kana (H),
// Hangul (K), any other (O), none (-).
func script(s string) byte {
	switch names.ScriptOf(s) {
	case "":
		return '-'
	case "Latin":
		return 'L'
	case "Cyrillic":
		return 'C'
	case "Greek":
		return 'G'
	case "Arabic":
		return 'A'
	case "Han", "Hiragana", "Katakana":
		return 'H'
	case "Hangul":
		return 'K'
	}
	return 'O'
}

// bucket returns n's bucket of the places from a caption's end.
func bucket(n int) byte {
	switch {
	case n < 4:
		return byte('0' + n)
	case n < 8:
		return '4'
	case n < 16:
		return '5'
	case n < 40:
		return '6'
	}
	return '7'
}

// Per-word facts from the label, role and agency tables, worked out
// once per caption (tokenFlags) for the features of every word.
const (
	flLabel     uint8 = 1 << iota // a credit label's word ("Foto", "Фото")
	flRole                        // a role word ("Pool", "Handout")
	flAgency                      // an agency of the table
	flAgencyTwo                   // with the next word, an agency ("Anadolu Agency")
)

// tokenFlags returns the table facts of each word of tk, in dst's array
// when it is long enough.
func tokenFlags(t string, tk []gtok, dst []uint8) []uint8 {
	dst = dst[:0]
	for i, k := range tk {
		w := t[k.s:k.e]
		var f uint8
		if names.LabelWord(w) {
			f |= flLabel
		}
		if _, ok := names.Role(w); ok {
			f |= flRole
		}
		if _, ok := names.PartAgency(w); ok {
			f |= flAgency
		}
		if i+1 < len(tk) {
			if _, ok := names.PartAgency(t[k.s:tk[i+1].e]); ok {
				f |= flAgencyTwo
			}
		}
		dst = append(dst, f)
	}
	return dst
}

// guessFeatures appends the features of word i of tk (in t, with the
// table facts fl) to dst.
func guessFeatures(t string, tk []gtok, fl []uint8, i int, dst []uint64) []uint64 {
	w := func(j int) string {
		if j < 0 || j >= len(tk) {
			return "\x00"
		}
		return t[tk[j].s:tk[j].e]
	}
	cur := w(i)
	dst = append(dst,
		uint64(newFH('b')),
		uint64(newFH('w').lower(cur)),
		uint64(newFH('s').shape(cur)),
		uint64(newFH('S').b(script(cur))),
		uint64(newFH('p').lower(prefixRunes(cur, 3))),
		uint64(newFH('q').lower(suffixRunes(cur, 3))),
		uint64(newFH('e').b(bucket(len(tk)-1-i))),
		uint64(newFH('n').b(linesAfter(t, tk, i))),
		uint64(newFH('(').b(inParens(t, tk, i))),
		uint64(newFH('X').shape(cur).b('|').shape(w(i-1))),
		uint64(newFH('Y').lower(w(i-1)).b('|').shape(cur)),
	)
	for _, nb := range [...]struct {
		d   int
		tag byte
	}{{-2, '1'}, {-1, '2'}, {1, '3'}, {2, '4'}} {
		dst = append(dst, uint64(newFH(nb.tag).lower(w(i+nb.d))))
	}
	dst = append(dst, uint64(newFH('5').shape(w(i-1))), uint64(newFH('6').shape(w(i+1))),
		uint64(newFH('W').lower(w(i-1)).b('|').lower(w(i+1))),
		uint64(newFH('E').b(bucket(toLineEnd(t, tk, i)))),
	)
	return appendTableFeatures(fl, i, dst)
}

// appendTableFeatures appends what the label, role and agency tables
// say of word i and its neighbours.
func appendTableFeatures(fl []uint8, i int, dst []uint64) []uint64 {
	at := func(j int, bit uint8) bool { return j >= 0 && j < len(fl) && fl[j]&bit != 0 }
	for _, f := range [...]struct {
		tag byte
		on  bool
	}{
		{'l', at(i, flLabel)}, {'m', at(i-1, flLabel)}, {'k', at(i-2, flLabel)}, {'r', at(i, flRole)},
		{'a', at(i, flAgency)}, {'A', at(i, flAgencyTwo)}, {'B', at(i-1, flAgencyTwo)},
	} {
		if f.on {
			dst = append(dst, uint64(newFH(f.tag)))
		}
	}
	return dst
}

func prefixRunes(s string, n int) string {
	for i := range s {
		if n == 0 {
			return s[:i]
		}
		n--
	}
	return s
}

func suffixRunes(s string, n int) string {
	for i := len(s); i > 0; {
		_, sz := utf8.DecodeLastRuneInString(s[:i])
		i -= sz
		if n--; n == 0 {
			return s[i:]
		}
	}
	return s
}

// linesAfter returns how many line breaks follow word i (to 3).
func linesAfter(t string, tk []gtok, i int) byte {
	n := byte('0')
	for j := i + 1; j < len(tk) && n < '3'; j++ {
		if t[tk[j].s] == '\n' {
			n++
		}
	}
	return n
}

// inParens reports '1' when word i is inside a parenthesis or bracket
// opened before it among tk.
func inParens(t string, tk []gtok, i int) byte {
	depth := 0
	for j := 0; j < i; j++ {
		switch t[tk[j].s] {
		case '(', '[':
			depth++
		case ')', ']':
			if depth > 0 {
				depth--
			}
		}
	}
	if depth > 0 {
		return '1'
	}
	return '0'
}

// toLineEnd returns how many words follow word i on its line.
func toLineEnd(t string, tk []gtok, i int) int {
	n := 0
	for j := i + 1; j < len(tk) && t[tk[j].s] != '\n'; j++ {
		n++
	}
	return n
}
