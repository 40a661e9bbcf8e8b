package names

import (
	"strings"
	"testing"
)

// TestLabelTable: every language's entry says where its words come from,
// the languages issue 22 names are there, and a longer label comes before
// its prefix.
func TestLabelTable(t *testing.T) {
	langs := map[string]bool{}
	for _, e := range labelTable {
		langs[e.lang] = true
		if e.source == "" {
			t.Errorf("%s: no source", e.lang)
		}
		if len(e.words)+len(e.phrases) == 0 {
			t.Errorf("%s: no labels", e.lang)
		}
	}
	for _, l := range []string{"cs", "fi", "de", "hu", "pl", "el", "ru", "vi", "zh", "ja", "ko", "ar", "es", "pt", "fr", "eu", "lt", "th", "he"} {
		if !langs[l] {
			t.Errorf("no labels for %s", l)
		}
	}
	for i, a := range labels {
		for _, b := range labels[i+1:] {
			if len(b) > len(a) && strings.HasPrefix(b, a) {
				t.Errorf("label %q comes before %q, which it begins", a, b)
			}
		}
	}
	for _, tc := range []struct{ in, want string }{
		{"Foto: ČTK / Kamaryt Michal", "ČTK / Kamaryt Michal"},
		{"Zdroj: ČTK", "ČTK"},
		{"Kuva: Lehtikuva", "Lehtikuva"},
		{"Fot. PAP/Leszek Szymański", "PAP/Leszek Szymański"},
		{"Φωτογραφία: Eurokinissi", "Eurokinissi"},
		{"Фото: ТАСС", "ТАСС"},
		{"Ảnh: TTXVN", "TTXVN"},
		{"摄影：新华社", "新华社"},
		{"写真：ロイター", "ロイター"},
		{"사진=연합뉴스", "연합뉴스"},
		{"تصوير: رويترز", "رويترز"},
		{"Crédito: EFE", "EFE"},
		{"Quelle: dpa", "dpa"},
		{"Argazkia: Name", "Name"},
		{"Nuotr. BNS", "BNS"},
		{"ภาพ: รอยเตอร์", "รอยเตอร์"},
		{"Fotó: MTI", "MTI"},
		{"Source: AFP", "AFP"},
	} {
		if got, ok := CutLabels(tc.in); !ok || got != tc.want {
			t.Errorf("CutLabels(%q) = %q, %v; want %q", tc.in, got, ok, tc.want)
		}
	}
}

// Every label word is short enough for LabelWord's buffer, and is found
// in any case.
func TestLabelWordsFitTheBuffer(t *testing.T) {
	for w := range labelWords {
		if len(w) > maxLabelWordBytes {
			t.Errorf("label word %q is %d bytes, over maxLabelWordBytes %d", w, len(w), maxLabelWordBytes)
		}
		if !LabelWord(strings.ToUpper(w)) || !LabelWord(w) {
			t.Errorf("LabelWord(%q) or LabelWord(%q) is false", w, strings.ToUpper(w))
		}
	}
}

// Every licence CutLicence knows passes its quick test, in any case, so
// that none is skipped unread.
func TestLicencesPassTheQuickTest(t *testing.T) {
	for _, l := range licences {
		if !mayNameLicence(l) || !mayNameLicence(strings.ToUpper(l)) {
			t.Errorf("licence %q fails mayNameLicence: CutLicence would never cut it", l)
		}
	}
	if got := CutLicence("Helsinki City Museum / CC BY-ND 4.0"); got != "Helsinki City Museum" {
		t.Errorf("CutLicence: got %q, expected %q", got, "Helsinki City Museum")
	}
	if got := CutLicence("Kari Nordmann / NTB"); got != "Kari Nordmann / NTB" {
		t.Errorf("CutLicence of a credit with no licence: got %q", got)
	}
}
