package caption

import "testing"

func TestLookupAgency(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"THE CANADIAN PRESS", "The Canadian Press"},
		{"Getty Images North America", "Getty Images"},
		{"afp", "AFP"},
		{"Paul Chiasson", ""},
	} {
		a, ok := LookupAgency(c.in)
		got := ""
		if ok {
			got = a.Name
		}
		if got != c.want {
			t.Errorf("LookupAgency(%q) = %q, want %q", c.in, got, c.want)
		}
	}
	for _, c := range []struct {
		in   string
		want bool
	}{{"X90024", true}, {"RTR", true}, {"x01439", true}, {"X9002", false}, {"Reuters", false}} {
		if _, ok := SourceCode(c.in); ok != c.want {
			t.Errorf("SourceCode(%q) = %v, want %v", c.in, ok, c.want)
		}
	}
}
