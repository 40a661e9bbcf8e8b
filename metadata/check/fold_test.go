package check

import (
	"strings"
	"testing"
)

func TestFoldName(t *testing.T) {
	same := [][]string{
		{"Ahmed Al Ahmed", "AHMED AL-AHMED", "ahmed al ahmed", "Ahmed  al‐Ahmed", "Ahmed Al-ahmed."},
		{"Müller", "MULLER", "Muller", "Mu\u0308ller"}, // precomposed and combining umlaut
		{"Bahadır Yılmaz", "BAHADIR YILMAZ", "Bahadir Yilmaz"},
		{"İsmail Çoşkun", "ISMAIL COSKUN", "ismail çoşkun"},
		{"Doğan Güneş", "DOGAN GUNES"},
		{"José Luis Magaña", "Jose Luis Magana", "JOSÉ LUIS MAGAÑA"},
		{"O'Brien", "O’Brien", "OBrien", "obrien"},
		{"Jean-Pierre Dupont", "Jean Pierre Dupont", "JEAN PIERRE DUPONT"},
		{"Łukasz Øster", "Lukasz Oster"},
		{"Straße", "STRASSE"},
		{"عارف وتد", " عارف  وتد "}, // Arabic stays Arabic; spacing folds
	}
	for _, group := range same {
		want := FoldName(group[0])
		if want == "" {
			t.Errorf("FoldName(%q) is empty", group[0])
		}
		for _, s := range group[1:] {
			if got := FoldName(s); got != want {
				t.Errorf("FoldName(%q) = %q, want %q (as for %q)", s, got, want, group[0])
			}
		}
	}
	different := [][2]string{
		{"Aref Watad", "Mustafa Sultan"},
		{"Ahmed Al Ahmed", "Ahmed Ahmed"},
		{"Aref Watad", "عارف وتد"}, // a transliteration is not the same key
		{"Ali", "Alı Veli"},
	}
	for _, p := range different {
		if FoldName(p[0]) == FoldName(p[1]) {
			t.Errorf("FoldName(%q) == FoldName(%q) = %q, want different", p[0], p[1], FoldName(p[0]))
		}
	}
	for _, s := range []string{"", "  ", "--", "()"} {
		if got := FoldName(s); got != "" {
			t.Errorf("FoldName(%q) = %q, want empty", s, got)
		}
	}
}

func TestFoldWords(t *testing.T) {
	for in, want := range map[string]string{
		"© 2016 Anadolu Agency":    "2016 anadolu agency",
		"(AP Photo/Hiro Komae)":    "ap photo hiro komae",
		"Agence France-Presse":     "agence france presse",
		"  Anadolu   Ajansı  ":     "anadolu ajansi",
		"REX/Shutterstock (123bs)": "rex shutterstock 123bs",
	} {
		if got := foldWords(in); got != want {
			t.Errorf("foldWords(%q) = %q, want %q", in, got, want)
		}
	}
}

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

func FuzzFoldName(f *testing.F) {
	for _, s := range []string{"Ahmed Al-Ahmed", "Bahadır Yılmaz", "İsmail", "O'Brien", "عارف وتد", "Mu\u0308ller", "ǅemal", "\xff\xfe"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		k := FoldName(s)
		if strings.ContainsAny(k, " \t\n") {
			t.Fatalf("FoldName(%q) = %q has spaces", s, k)
		}
		if again := FoldName(k); again != k {
			t.Fatalf("FoldName is not idempotent: %q → %q → %q", s, k, again)
		}
		if w := foldWords(s); strings.ReplaceAll(w, " ", "") != k || strings.Contains(w, "  ") || strings.TrimSpace(w) != w {
			t.Fatalf("foldWords(%q) = %q disagrees with FoldName %q or has stray spaces", s, w, k)
		}
	})
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
		if string(got) != FoldName(s) {
			t.Errorf("foldASCII(%q) = %q, FoldName %q", s, got, FoldName(s))
		}
	}
	if _, ascii := foldASCII(nil, "Anadolu Ajansı"); ascii {
		t.Error("Anadolu Ajansı is not ASCII")
	}
}
