package names

import "unicode"

// The writing system of a name: check compares names of two scripts
// through their Latin spelling (AcrossScripts) and searches a name of a
// script written without spaces as it is written; caption's credit model
// reads a word's script as a feature and each Han or kana character as a
// word of its own.

// scripts are the writing systems ScriptOf names, in the order tried.
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

// ScriptOf names the writing system of the first letter of s: "Latin",
// "Arabic", "Cyrillic", … (see scripts), "other" for a letter of none of
// them, "" when s has no letters.
func ScriptOf(s string) string {
	for _, r := range s {
		if unicode.IsLetter(r) {
			return RuneScript(r)
		}
	}
	return ""
}

// RuneScript names the writing system of the letter r, as ScriptOf does.
func RuneScript(r rune) string {
	for _, sc := range scripts {
		if unicode.Is(sc.table, r) {
			return sc.name
		}
	}
	return "other"
}

// Spaceless reports whether the script named (ScriptOf) is written
// without spaces between words: Chinese, Japanese, Thai.
func Spaceless(script string) bool {
	switch script {
	case "Han", "Hiragana", "Katakana", "Thai":
		return true
	}
	return false
}
