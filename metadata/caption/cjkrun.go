package caption

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/captag/captag/metadata/names"
)

// maxRunCredits bounds how many run-together credits cjkRunCredits reads.
const maxRunCredits = 8

// cjkRunCredits adds to c, the Chinese credit that ends t and names its
// photographer alone, the photographers of the earlier captions run
// together with it on the page, each ending in its own "NAME攝" before a
// space: "正在採茶的黃家斌。 陳 超攝 茶園風光。 黃家斌攝" (two captions,
// People's Daily's Tibet channel, fc8a-069 of firstcontact8-tune.jsonl,
// http://xz.people.com.cn/BIG5/387841/398867/index5.html). Each name runs
// from the last full stop or space before its mark; a name of two
// characters written with a space between them to line up with names of
// three ("陳 超") is one name, as written.
func (r creditReader) cjkRunCredits(c credit, t string) credit {
	if len(c.creators) != 1 || len(c.agencies) > 0 {
		return c
	}
	var out credit
	rest := t
	for n := 0; n < maxRunCredits; n++ {
		i, mark := firstShotByBeforeSpace(rest)
		if i < 0 {
			break
		}
		if name, ok := runCreditName(rest[:i]); ok {
			out.addCreator(name)
		}
		rest = rest[i+len(mark):]
	}
	if len(out.creators) == 0 {
		return c
	}
	out.addCreator(c.written[0])
	return out
}

// firstShotByBeforeSpace finds the first photographed-by mark in s
// (names.CJKShotBy) that a space follows, and returns where it is and the
// mark, or -1.
func firstShotByBeforeSpace(s string) (int, string) {
	best, bestMark := -1, ""
	for _, m := range names.CJKShotBy() {
		for from := 0; from < len(s); {
			j := strings.Index(s[from:], m)
			if j < 0 {
				break
			}
			j += from
			if end := j + len(m); end < len(s) && s[end] == ' ' && (best < 0 || j < best) {
				best, bestMark = j, m
				break
			}
			from = j + len(m)
		}
	}
	return best, bestMark
}

// runCreditName reads the name that ends before, the text before a
// photographed-by mark: the Han characters after the last full stop,
// two to four of them, one space allowed between the two of a
// two-character name.
func runCreditName(before string) (string, bool) {
	if i := strings.LastIndex(before, "。"); i >= 0 {
		before = before[i+len("。"):]
	}
	name := strings.TrimSpace(before)
	if f := strings.Fields(name); len(f) == 2 && utf8.RuneCountInString(f[0]) == 1 && utf8.RuneCountInString(f[1]) == 1 {
		return name, hanOnly(f[0] + f[1])
	}
	n := utf8.RuneCountInString(name)
	return name, n >= minHanName && n <= maxHanName && hanOnly(name)
}

// hanOnly reports whether s is Han characters only.
func hanOnly(s string) bool {
	for _, r := range s {
		if !unicode.Is(unicode.Han, r) {
			return false
		}
	}
	return s != ""
}
