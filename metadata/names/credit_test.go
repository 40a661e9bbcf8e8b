package names

import (
	"strings"
	"testing"

	"github.com/captag/captag/metadata"
)

// splitAll splits s at every separator of set, as the callers do.
func splitAll(s string, set Sep) []string {
	var out []string
	for rest := s; ; {
		i, n, _ := NextSep(rest, set)
		if i < 0 {
			return append(out, strings.TrimSpace(rest))
		}
		out = append(out, strings.TrimSpace(rest[:i]))
		rest = rest[i+n:]
	}
}

// One grammar, two sets: a caption's credit splits at commas and spaced
// dashes too; a store value keeps them in its names ("Smith, John",
// "EPA-EFE") and splits at " for " to leave the client out.
func TestNextSep(t *testing.T) {
	for _, tc := range []struct {
		in   string
		set  Sep
		want string
	}{
		{"Name/SOPA Images/LightRocket via Getty Images", CaptionSeps, "Name|SOPA Images|LightRocket|Getty Images"},
		{"Name/SOPA Images/LightRocket via Getty Images", StoreSeps, "Name|SOPA Images|LightRocket|Getty Images"},
		{"Aref Watad - Anadolu Agency", CaptionSeps, "Aref Watad|Anadolu Agency"},
		{"Aref Watad - Anadolu Agency", StoreSeps, "Aref Watad - Anadolu Agency"},
		{"EFE – EPA — FILIP SINGER", CaptionSeps, "EFE|EPA|FILIP SINGER"},
		{"Name (Archiv), VIA dts", CaptionSeps, "Name (Archiv)||dts"},
		{"Smith, John; AP | Reuters", StoreSeps, "Smith, John|AP|Reuters"},
		{"Getty Images for Tommy Hilfiger", StoreSeps, "Getty Images|Tommy Hilfiger"},
		{"Getty Images for Tommy Hilfiger", CaptionSeps, "Getty Images for Tommy Hilfiger"},
		{"EPA-EFE", CaptionSeps, "EPA-EFE"},
		{"Vianney/Forde", StoreSeps, "Vianney|Forde"},
	} {
		if got := strings.Join(splitAll(tc.in, tc.set), "|"); got != tc.want {
			t.Errorf("split(%q, %b) = %q, want %q", tc.in, tc.set, got, tc.want)
		}
	}
}

func TestEachAgencyPart(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"AFP/Getty Images", "AFP/Getty Images|AFP|Getty Images"},
		{"NHLI via Getty Images", "NHLI via Getty Images|NHLI|Getty Images"},
		{"Getty Images for Tommy Hilfiger", "Getty Images for Tommy Hilfiger|Getty Images"},
		{"Pool/AP", "Pool/AP|AP"},
		{"STR/AFP", "STR/AFP|AFP"},
		{"Reuters", "Reuters"},
	} {
		var got []string
		EachAgencyPart(tc.in, func(p string) bool { got = append(got, p); return false })
		if strings.Join(got, "|") != tc.want {
			t.Errorf("EachAgencyPart(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// One list of role words answers the caption parser, the credit check and
// the creator check.
func TestRoles(t *testing.T) {
	for _, tc := range []struct {
		in, role string
		ok       bool
	}{
		{"Pool", "pool", true}, {"POOL PHOTO", "pool", true}, {"Handout", "handout", true}, {"HO", "handout", true},
		{"H.O.", "handout", true}, {"File Photo", "file", true}, {"Archiv", "file", true}, {"STR", "staff", true},
		{"Stringer", "staff", true}, {"Photo", "", true}, {"Divulgação", "handout", true}, {"divulgacao", "handout", true},
		{"Reuters", "", false}, {"Sedat Suna", "", false}, {"", "", false},
	} {
		if role, ok := Role(tc.in); role != tc.role || ok != tc.ok {
			t.Errorf("Role(%q) = %q, %v; want %q, %v", tc.in, role, ok, tc.role, tc.ok)
		}
	}
	for _, s := range []string{"STR", "Staff", "Handout", "Unknown", "Anonymous", "Staff Photographer", "Pool"} {
		if !NotPerson(s) {
			t.Errorf("NotPerson(%q) = false", s)
		}
	}
	for _, s := range []string{"Sana Ullah", "Reuters", "Stephen Dunn"} {
		if NotPerson(s) {
			t.Errorf("NotPerson(%q) = true", s)
		}
	}
	if !OnlyNotAgency("Pool/File") || !OnlyNotAgency("STR") || OnlyNotAgency("Pool/AP") {
		t.Error("OnlyNotAgency: Pool/File and STR name no agency, Pool/AP does")
	}
}

// Persons reads a store's creator value by the credit grammar.
func TestPersons(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"Photo: NICOLAS MAETERLINCK / BELGA", "NICOLAS MAETERLINCK"},
		{"Andrea Comas/Reuters", "Andrea Comas"},
		{"Photo by Jon Kopaloff/WireImage", "Jon Kopaloff"},
		{"Jane Doe for The Washington Post", "Jane Doe"},
		{"AFP PHOTO / POOL / EMMANUEL DUNAND", "EMMANUEL DUNAND"},
		{"Foto: Kay Nietfeld/dpa", "Kay Nietfeld"},
		{"Sana Ullah", "Sana Ullah"},
		{"Smith, John", "Smith, John"},
		{"REUTERS", "REUTERS"},
		{"Photo: REUTERS", "REUTERS"},
		{"Pool/Handout", "Pool/Handout"},
		{"Jane Doe / Tom Roe", "Jane Doe|Tom Roe"},
	} {
		if got := strings.Join(Persons(tc.in), "|"); got != tc.want {
			t.Errorf("Persons(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
	plain := []string{"Sana Ullah", "Aref Watad"}
	if got := PersonsOf(plain); &got[0] != &plain[0] {
		t.Error("PersonsOf of plain names should return them as they are")
	}
}

// An acronym in a free text names its agency unless it is a word of a
// person's name.
func TestNamedInFreeText(t *testing.T) {
	for _, tc := range []struct {
		text string
		want string
	}{
		{"SEDAT SUNA", ""}, {"© SEDAT SUNA", ""}, {"© Sana Ahmed", ""}, {"EPA-EFE/SEDAT SUNA", "EPA|EFE"},
		{"SUNA", "SUNA"}, {"© 2016 SUNA", "SUNA"}, {"SEDAT SUNA/SUNA", "SUNA"}, {"© 2016 AA", "Anadolu Agency"},
		{"AFP PHOTO", "AFP"}, {"Copyright AFP 2016", "AFP"}, {"© 2016 Anadolu Agency", "Anadolu Agency"},
		{"(c) Reuters", "Reuters"},
	} {
		t2 := " " + metadata.FoldWords(tc.text) + " "
		ids, shown := Mentioned(t2)
		ids, _ = NamedInFreeText(tc.text, t2, ids, shown)
		if strings.Join(ids, "|") != tc.want {
			t.Errorf("NamedInFreeText(%q) = %q, want %q", tc.text, ids, tc.want)
		}
	}
}
