package check

import (
	"github.com/captag/captag/metadata"
	"github.com/captag/captag/metadata/names"
)

// otherScript reports whether every name in a is written in a different
// script from every name in b, so that they cannot be compared letter by
// letter (a Latin caption creator against an Arabic dc:creator).
func otherScript(a, b []string) bool {
	n := 0
	for _, x := range a {
		sx := names.ScriptOf(x)
		for _, y := range b {
			sy := names.ScriptOf(y)
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
	switch v, native, reads := names.AcrossScripts(want, got); v {
	case names.ScriptsSame:
		return metadata.SeverityWarning, " in another script: the same name (" + native + " reads " + reads + ")"
	case names.ScriptsDiffer:
		return metadata.SeverityError, " in another script: another name (" + native + " reads " + reads + ")"
	}
	return metadata.SeverityWarning, " in another script; compare them by eye"
}
