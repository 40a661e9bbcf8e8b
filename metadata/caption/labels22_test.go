package caption

import (
	"slices"
	"testing"
)

// TestCreditsOfOtherDesks (issue 22): credits whose label is a word of the
// caption's language (names.labelTable), glued to the agency in a language
// written without spaces, or written after the credit (Lithuanian); the
// Greek final sigma of a name in capitals; a Hungarian day with its case
// ending. The first is a real caption (firstcontact-tune.jsonl fc-184,
// Reuters via MGR Online); the others are short captions in the forms the
// label table cites.
func TestCreditsOfOtherDesks(t *testing.T) {
	tests := []struct {
		text, date         string
		creators, agencies []string
	}{
		{"เลือกตั้งประธานาธิบดีฝรั่งเศส (วันที่ 5 พ.ค ภาพรอยเตอร์)", "--05-05", nil, []string{"Reuters"}},
		{"Premjeras Vilniuje 2024 m. sausio 15 d. BNS nuotr.", "2024-01-15", nil, []string{"BNS"}},
		{"Elnök Budapesten 2024. január 15-én. MTI/Koszticsák Szilárd", "2024-01-15", []string{"Koszticsák Szilárd"}, []string{"MTI"}},
		{"Ο πρωθυπουργός στην Αθήνα, 15 Ιανουαρίου 2024. Φωτογραφία: EUROKINISSI/ΓΙΑΝΝΗΣ ΠΑΝΑΓΟΠΟΥΛΟΣ", "2024-01-15", []string{"Γιαννης Παναγοπουλος"}, []string{"Eurokinissi"}},
		{"Prezydent w Krakowie, 15.01.2024. Fot. Jan Kowalski / Agencja Gazeta", "2024-01-15", []string{"Jan Kowalski"}, []string{"Agencja Gazeta"}},
		{"Президент у Києві 15 січня 2024 року. Фото: Укрінформ", "2024-01-15", nil, []string{"Ukrinform"}},
		{"Presidentti Helsingissä 15. tammikuuta 2024. Kuva: Heikki Saukkomaa / Lehtikuva", "2024-01-15", []string{"Heikki Saukkomaa"}, []string{"Lehtikuva"}},
		{"الرئيس في القاهرة 15 يناير 2024. تصوير: رويترز", "2024-01-15", nil, []string{"Reuters"}},
	}
	for _, tt := range tests {
		r := ParseText(tt.text, 0)
		got := ""
		if !r.Date.IsZero() {
			got = r.Date.String()
		}
		if got != tt.date || !slices.Equal(r.Creators, tt.creators) && len(r.Creators)+len(tt.creators) > 0 || !slices.Equal(r.Agencies, tt.agencies) {
			t.Errorf("%q: date %q creators %q agencies %q; want %q %q %q", tt.text, got, r.Creators, r.Agencies, tt.date, tt.creators, tt.agencies)
		}
	}
}

// TestOrganisationsByShape (issue 22): parts of a credit the agency table
// does not know, read as organisations by their shape: an agency's
// initials or words that are no person's name after a label, a newspaper
// opening with an article, a web address.
func TestOrganisationsByShape(t *testing.T) {
	tests := []struct {
		text               string
		creators, agencies []string
	}{
		{"Премиерот во Скопје. Фото: МИА", nil, []string{"МИА"}},
		{"Premiér v Praze. Foto: Mladá fronta DNES", nil, []string{"Mladá fronta DNES"}},
		{"De premier in Den Haag. Beeld: Robin van Lonkhuijsen / de Volkskrant", []string{"Robin van Lonkhuijsen"}, []string{"de Volkskrant"}},
		{"El presidente en Madrid. Foto: Juan Pérez | El País", []string{"Juan Pérez"}, []string{"El País"}},
		{"Президент в Москве. Фото: Kremlin.ru", nil, []string{"Kremlin.ru"}},
		{"Premiér v Praze. Foto: Jan Novák", []string{"Jan Novák"}, nil},
		{"Der Kanzler in Berlin. Foto: Michael Kappeler/dpa", []string{"Michael Kappeler"}, []string{"dpa"}},
	}
	for _, tt := range tests {
		r := ParseText(tt.text, 0)
		if !slices.Equal(r.Creators, tt.creators) && len(r.Creators)+len(tt.creators) > 0 || !slices.Equal(r.Agencies, tt.agencies) && len(r.Agencies)+len(tt.agencies) > 0 {
			t.Errorf("%q: creators %q agencies %q; want %q %q", tt.text, r.Creators, r.Agencies, tt.creators, tt.agencies)
		}
	}
}

// TestPhotoByOfOtherLanguages (issue 22): "photo by" in the languages of
// the label table, and an agency written right before the label.
func TestPhotoByOfOtherLanguages(t *testing.T) {
	tests := []struct {
		text               string
		creators, agencies []string
	}{
		{"Il presidente a Roma. (Foto di Angelo Carconi/Ansa)", []string{"Angelo Carconi"}, []string{"ANSA"}},
		{"Le président à Paris. Photo de Julien de Rosa", []string{"Julien de Rosa"}, nil},
		{"De premier in Den Haag. Foto van Robin van Lonkhuijsen", []string{"Robin van Lonkhuijsen"}, nil},
		{"Statsministern i Stockholm. Foto av Jonas Ekströmer", []string{"Jonas Ekströmer"}, nil},
		{"Leaders meet in Beijing. (Xinhua photo by Li Xin)", []string{"Li Xin"}, []string{"Xinhua"}},
		{"Una foto de la familia en Madrid.", nil, nil},
	}
	for _, tt := range tests {
		r := ParseText(tt.text, 0)
		if !slices.Equal(r.Creators, tt.creators) && len(r.Creators)+len(tt.creators) > 0 || !slices.Equal(r.Agencies, tt.agencies) && len(r.Agencies)+len(tt.agencies) > 0 {
			t.Errorf("%q: creators %q agencies %q; want %q %q", tt.text, r.Creators, r.Agencies, tt.creators, tt.agencies)
		}
	}
}
