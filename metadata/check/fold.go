package check

import "unicode"

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
