package check

import (
	"unicode"

	"github.com/captag/captag/metadata"
	"github.com/captag/captag/metadata/names"
)

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

// acrossScripts is the severity and note of a store's photographers
// written in another script than the caption's (names.AcrossScripts):
// the same name spelled in Latin letters is a warning that says so,
// another name an error, and a name neither near nor far, or in a script
// the tables do not spell (Han, kana, Indic, Thai), a warning to compare
// them by eye.
func acrossScripts(want, got []string) (metadata.Severity, string) {
	switch v, reads := names.AcrossScripts(want, got); v {
	case names.ScriptsSame:
		return metadata.SeverityWarning, " in another script: the same name (read as " + reads + ")"
	case names.ScriptsDiffer:
		return metadata.SeverityError, " in another script: another name (the other read as " + reads + ")"
	}
	return metadata.SeverityWarning, " in another script; compare them by eye"
}
