package check

import "testing"

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
