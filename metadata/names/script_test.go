package names

import "testing"

// The script of a name is that of its first letter; Chinese, Japanese
// and Thai are written without spaces.
func TestScriptOf(t *testing.T) {
	for _, tc := range []struct {
		name, script string
		spaceless    bool
	}{
		{"Aref Watad", "Latin", false},
		{"(Томас Тхайцук)", "Cyrillic", false},
		{"吳家昇", "Han", true},
		{"ロイター", "Katakana", true},
		{"이기동", "Hangul", false},
		{"ชาลินี", "Thai", true},
		{"ኢትዮጵያ", "other", false},
		{"2016 — ", "", false},
	} {
		if got := ScriptOf(tc.name); got != tc.script || Spaceless(got) != tc.spaceless {
			t.Errorf("ScriptOf(%q) = %q (spaceless %v), expected %q (%v)", tc.name, got, Spaceless(got), tc.script, tc.spaceless)
		}
	}
}
