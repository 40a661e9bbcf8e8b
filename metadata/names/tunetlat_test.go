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

// TestTuneTlatPlatformPage: a page on a social-media site named by its
// owner's genitive (fc8d-024 of firstcontact8-tune.jsonl,
// https://vodenglish.news/author/mechdara-2/page/23/).
func TestTuneTlatPlatformPage(t *testing.T) {
	for _, c := range []struct {
		n    string
		want bool
	}{
		{"National Election Committee's Facebook page", true},
		{"Hun Sen’s Facebook page", true},
		{"Facebook page", false},
		{"the Facebook page", false},
		{"Hun Sen's Facebook", false},
	} {
		if got := PlatformPage(c.n); got != c.want {
			t.Errorf("PlatformPage(%q) = %v, want %v", c.n, got, c.want)
		}
	}
}

// TestTuneTlatNominative: a genitive before a suffix label is given in
// the nominative only when the text writes it so (fc8a-097, fc8a-098 of
// firstcontact8-tune.jsonl).
func TestTuneTlatNominative(t *testing.T) {
	for _, c := range []struct{ name, text, want string }{
		{"Arben Hotiniň", "Arben Hotiniň fotosy … diýip, Arben Hoti aýdýar.", "Arben Hoti"},
		{"Sergeý Nužnenkonyň", "Sergeý Nužnenkonyň fotosy Biz …", "Sergeý Nužnenkonyň"},
		{"Arben Hotiniň", "Arben Hotiniň fotosy … Arben Hotiniň", "Arben Hotiniň"},
	} {
		if got := Nominative(c.name, c.text); got != c.want {
			t.Errorf("Nominative(%q, %q) = %q, want %q", c.name, c.text, got, c.want)
		}
	}
}

// TestTuneTlatSourceLabel: labels meaning "source" (fc7a-057 of
// firstcontact7-tune.jsonl), not "photo".
func TestTuneTlatSourceLabel(t *testing.T) {
	for _, c := range []struct {
		s    string
		want bool
	}{
		{"Izvor: Facebook/Albin Kurti", true},
		{"(Quelle : Facebook Bundesministerium für Gesundheit)", true},
		{"Ảnh: facebook Nguyễn Lân Thắng", false},
		{"Sources close to the minister", false},
	} {
		if got := SourceLabel(c.s); got != c.want {
			t.Errorf("SourceLabel(%q) = %v, want %v", c.s, got, c.want)
		}
	}
}
