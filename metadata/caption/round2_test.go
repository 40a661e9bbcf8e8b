package caption

import "testing"

// TestHeldout2Gaps holds the parser gaps that heldout2.jsonl showed once it
// became tuning data (testdata/realworld/README.md): each caption is quoted
// from the page named beside it, with what a desk reads from it. The last
// cases are near misses the fixes must leave alone.
func TestHeldout2Gaps(t *testing.T) {
	tests := []struct {
		src      string
		caption  string
		date     string // Record.DateString(), or "MM-DD" for a yearless date
		creators []string
		agencies []string
	}{
		// A bare "Photo" label before a slash chain (Yahoo France's AFP
		// captions, https://fr.news.yahoo.com/photos-choc-annee-2022-155452821.html).
		{"h2-020", "Les Sénégalais ont fêté comme il se doit la première Coupe d'Afrique des Nations de leur histoire, comme en témoigne cette photo de liesse à Dakar le dimanche 6 février. Un jour férié a même été décrété au lendemain de la finale. (Photo JOHN WESSELS / AFP)",
			"02-06", []string{"John Wessels"}, []string{"AFP"}},
		{"h2-021", "Alors que la guerre n'avait pas encore éclaté en Ukraine, Emmanuel Macron s'est rendu à Moscou, le 7 février, afin de s'entretenir avec Vladimir Poutine au sujet des tensions à la frontière ukrainienne. (Photo SPUTNIK / AFP)",
			"02-07", nil, []string{"Sputnik", "AFP"}},
		// German "Quelle:" (source) labels, with or without a space, and an
		// initial glued to the surname (rbb24's galleries, https://rbb24.de/thema/bilder.html).
		{"h2-049", "Auf einer Baurundfahrt des Hauptausschusses des Abgeordnetenhauses am 18.09.2024 wird der Standort alter Flughafen Tegel besucht. Rund um die ehemaligen Flughafengebäude sind Bauarbeiten im Gange (Quelle: dpa / Jens Kalaene).",
			"2024-09-18", []string{"Jens Kalaene"}, []string{"dpa"}},
		{"h2-050", "Robert Seuntjens in einem Stall des Tierparks Neukölln, 12.09.2024 (Quelle: rbb / Hari Sas).",
			"2024-09-12", []string{"Hari Sas"}, []string{"rbb"}},
		{"h2-051", "Archivbild:Ein Mädchen auf der Westseite bearbeitet mit einem Stein die Mauer bei der Öffnung der Berliner Mauer am Morgen nach dem offiziellen Mauerfall in Berlin.(Quelle:picture alliance/akg-images/J.Torregano)",
			"", []string{"J.Torregano"}, []string{"dpa", "akg-images"}},
		// Xinhua's "(YYMMDD) -- CITY, date (Xinhua) --" dateline is the
		// filing day; the body's date is the picture's
		// (https://english.news.cn/20240413/ad349a7b56424cbc838089b3695236c7/c.html).
		{"h2-028", "(240413) -- BEIJING, April 13, 2024 (Xinhua) -- He Yuyue (L) takes photo of her father He Jielin and tourists at home in Yuhu village, Lijiang City, southwest China's Yunnan Province, March 27, 2024. (Xinhua/Chen Xinbo)",
			"2024-03-27", []string{"Chen Xinbo"}, []string{"Xinhua"}},
		// Kyodo News Images repeats the agency after "=="
		// (https://imagelinkglobal.com/tags/Kameido).
		{"h2-037", `Ryuichi Kumakura, a 70-year-old artisan of Edo Kiriko traditional Japanese cut glass, engraves his original "Kometsunagi" (chain of rice grains) design on a wine glass at his studio in Tokyo's Kameido on Dec. 12, 2017. (Kyodo) ==Kyodo`,
			"2017-12-12", nil, []string{"Kyodo"}},
		// A yearless day whose clause ends with its year
		// (http://blogs.afp.com/correspondent/).
		{"h2-008", "French far-right Front National (FN) founder Jean-Marie Le Pen sings at the foot of a statue of Joan of Arc at the party's annual May 1 rally in Paris in 2015. (AFP PHOTO / THOMAS SAMSON)",
			"2015-05-01", []string{"Thomas Samson"}, []string{"AFP"}},
		// Near misses: a year that does not end the clause is not the
		// date's; "Photo" opening a sentence is no label.
		{"near", "Fans queue outside the stadium on May 1 ahead of the final in 2015 and 2016. (AFP PHOTO / THOMAS SAMSON)",
			"05-01", []string{"Thomas Samson"}, []string{"AFP"}},
		{"near", "Fans queue outside the stadium on May 1 ahead of the final held in 1500 metres of snow. (AFP PHOTO / THOMAS SAMSON)",
			"05-01", []string{"Thomas Samson"}, []string{"AFP"}},
		{"near", "Photo exhibition visitors walk past prints in Arles on July 4, 2022. (Photo by Clement Mahoudeau/AFP)",
			"2022-07-04", []string{"Clement Mahoudeau"}, []string{"AFP"}},
	}
	for _, tc := range tests {
		r := ParseText(tc.caption, 0)
		if got := gotDate(r); got != tc.date {
			t.Errorf("%s: date = %q, want %q", tc.src, got, tc.date)
		}
		if !sameCreators(tc.creators, r.Creators) {
			t.Errorf("%s: creators = %q, want %q", tc.src, r.Creators, tc.creators)
		}
		if !sameAgencies(tc.agencies, r.Agencies) {
			t.Errorf("%s: agencies = %q, want %q", tc.src, r.Agencies, tc.agencies)
		}
	}
}

func TestCutBarePhotoLabel(t *testing.T) {
	tests := []struct {
		in, out string
		cut     bool
	}{
		{"Photo Richard BOUHET / AFP", "Richard BOUHET / AFP", true},
		{"Foto SPUTNIK / AFP", "SPUTNIK / AFP", true},
		{"Photo by Jane Doe/AFP", "Photo by Jane Doe/AFP", false}, // a label of its own
		{"Photo exhibition in Arles", "Photo exhibition in Arles", false},
	}
	for _, tc := range tests {
		out, cut := cutBarePhotoLabel(tc.in)
		if out != tc.out || cut != tc.cut {
			t.Errorf("cutBarePhotoLabel(%q) = %q, %v; want %q, %v", tc.in, out, cut, tc.out, tc.cut)
		}
	}
	for _, s := range []string{"J.Torregano", "A.Smith"} {
		if !initialName(s) {
			t.Errorf("initialName(%q) = false", s)
		}
	}
	for _, s := range []string{"AFP", "U.S.A", "akg-images", "J."} {
		if initialName(s) {
			t.Errorf("initialName(%q) = true", s)
		}
	}
}
