package check

import (
	"github.com/captag/captag/metadata"
	"testing"
)

func TestOtherScript(t *testing.T) {
	tests := []struct {
		a, b []string
		want bool
	}{
		{[]string{"Aref Watad"}, []string{"عارف وتد"}, true},
		{[]string{"Aref Watad"}, []string{"Ivan Petrov", "Иван Петров"}, false}, // one Latin name to compare
		{[]string{"Aref Watad"}, []string{"Mustafa Sultan"}, false},
		{[]string{"Иван Петров"}, []string{"عارف وتد"}, true},
		{[]string{"Aref Watad"}, []string{"123"}, false},
	}
	for _, tc := range tests {
		if got := otherScript(tc.a, tc.b); got != tc.want {
			t.Errorf("otherScript(%q, %q) = %v, want %v", tc.a, tc.b, got, tc.want)
		}
	}
}

// TestFoldASCII: the allocation-free fold of an ASCII credit is FoldName's.
func TestFoldASCII(t *testing.T) {
	for _, s := range []string{"REUTERS", "AFP/Getty Images", "O'Brien", "Getty Images North America", "A.P.", "  x-1 ", "", "Anadolu Ajansı"} {
		got, ascii := foldASCII(nil, s)
		if !ascii {
			if s == "Anadolu Ajansı" {
				continue
			}
			t.Errorf("%q: not ASCII?", s)
			continue
		}
		if string(got) != metadata.FoldName(s) {
			t.Errorf("foldASCII(%q) = %q, FoldName %q", s, got, metadata.FoldName(s))
		}
	}
	if _, ascii := foldASCII(nil, "Anadolu Ajansı"); ascii {
		t.Error("Anadolu Ajansı is not ASCII")
	}
}
