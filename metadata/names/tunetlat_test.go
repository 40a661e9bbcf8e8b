package names

import "testing"

// TestTuneTlatPartAgency: issue 22, credits in Latin-script captions at
// first contact (helper tlat). An agency written with a role word in
// parentheses after its name is that agency.
func TestTuneTlatPartAgency(t *testing.T) {
	for _, c := range []struct{ part, want string }{
		// fc7b-070 of firstcontact7-tune.jsonl (https://congan.com.vn/quoc-te/thoi-su-quoc-te/the-gioi-trong-tuan-qua-anh_15917.html,
		// "Ảnh: REUTERS/farsnews.com/Handout via Reuters"), annotated
		// "Fars News (handout)".
		{"Fars News (handout)", "Fars News Agency"},
		{"Reuters (pool)", "Reuters"},
		{"Fars News (Tehran)", ""},
	} {
		got, ok := PartAgency(c.part)
		if got != c.want || ok != (c.want != "") {
			t.Errorf("PartAgency(%q) = %q, %v; want %q", c.part, got, ok, c.want)
		}
	}
}
