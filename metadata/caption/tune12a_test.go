package caption

import (
	"slices"
	"testing"
)

// TestRulesOfTune12a (issue 22): one real caption per class tune12a
// taught, read from its tuning file by id (each cited by the URL it was
// read from, which must be the file's source for it), asserting the date,
// the photographers and the agencies.
func TestRulesOfTune12a(t *testing.T) {
	tests := []tunedCaption{
		// A presidency hands out its own pictures: a handout source
		// inside an agency chain, French capitals without the accent.
		{"firstcontact6-tune.jsonl", "fc6a-106", "https://www.publicsenat.fr/actualites/politique/emmanuel-macron-publie-sur-twitter-son-portrait-officiel-75357", "", []string{"Soazig de La Moissonnier"}, []string{"AFP"}},
		// A university credits its own press office: nobody.
		{"firstcontact6-tune.jsonl", "fc6a-085", "https://fdokument.com/document/einblick-online-magazin-der-universitt-wrzburg.html", "", nil, nil},
		// A chancellery after the caption is a handout source: nobody.
		{"firstcontact6-tune.jsonl", "fc6a-010", "https://www.aargauerzeitung.ch/amp/news-service/inland-schweiz/bundesratsfoto-bundesrat-zeigt-sich-als-einheit-trotz-unterschiedlicher-standpunkte-ld.2395183", "", nil, nil},
		// A name in capitals after the last sentence, no label.
		{"firstcontact6-tune.jsonl", "fc6a-039", "https://msfsouthasia.org/a-year-in-pictures-2023/", "", []string{"Carmen Yahchouchi"}, nil},
		{"firstcontact6-tune.jsonl", "fc6a-041", "https://msfsouthasia.org/a-year-in-pictures-2023/", "", []string{"Fausto Podavini"}, nil},
		// A given name and a surname in capitals after the last sentence.
		{"firstcontact6-tune.jsonl", "fc6b-083", "https://www.yenisakarya.com/yasam/kucuk-defnenin-fotografcilik-meraki-h75474.html", "", []string{"İsmail AYDIN"}, nil},
		// A staff credit "(NAME/PAPER)" alone on a line above a desk note.
		{"firstcontact6-tune.jsonl", "fc6a-035", "http://calgaryherald.com/tag/history", "2014-10-30", []string{"Leah Hennel"}, []string{"Calgary Herald"}},
	}
	checkTunedCaptions(t, tests)
}

// TestTune12aLeavesAlone: the forms tune12a's rules must not read.
func TestTune12aLeavesAlone(t *testing.T) {
	tests := []leftAlone{
		// Capitals after the last sentence that are a country, a desk's
		// note, an agency's words or hold a digit are no name.
		{"caps country", "Troops arrived in the capital. SOUTH AFRICA", nil, nil},
		{"caps news", "Troops arrived in the capital. BREAKING NEWS", nil, nil},
		{"caps agency", "Troops arrived in the capital. AFP PHOTO", nil, []string{"AFP"}},
		{"caps digit", "Troops arrived in the capital. LOT 42", nil, nil},
		{"caps city country", "Troops arrived in the capital. Ankara TÜRKİYE", nil, nil},
		{"caps lower-case word", "Troops arrived in the capital. Ismail aYDIN", nil, nil},
		{"caps four words", "Troops arrived in the capital. ONE TWO THREE FOUR", nil, nil},
		// A line in parentheses above the last that is no NAME/PAPER:
		// two places, a lower-case aside, a sentence after the slash.
		{"paren places", "Troops crossed the border.\n(Kenya/Uganda)\nMore inside", nil, nil},
		{"paren aside", "Troops crossed the border.\n(see also page 3/sports)\nMore inside", nil, nil},
		{"paren sentence", "Troops crossed the border.\n(John Smith/He said. Then left)\nMore inside", nil, nil},
	}
	checkLeftAlone(t, tests)
}

// tunedCaption is a real caption a tuning step taught, named by its file,
// id and source URL, with the reading it must give.
type tunedCaption struct {
	file, id, url, date string
	creators, agencies  []string
}

// checkTunedCaptions parses each caption of tests from its file, checks
// that the file cites it from tt.url, and asserts its reading.
func checkTunedCaptions(t *testing.T, tests []tunedCaption) {
	t.Helper()
	files := tunedFiles{}
	for _, tt := range tests {
		c, ok := files.caption(t, tt.file, tt.id, tt.url)
		if !ok {
			continue
		}
		r := ParseText(c.Caption, 0)
		if !dateMatches(tt.date, r) || !sameCreators(tt.creators, r.Creators) || !sameAgencies(tt.agencies, r.Agencies) {
			t.Errorf("%s: date %q creators %q agencies %q; want %q %q %q", tt.id, gotDate(r), r.Creators, r.Agencies, tt.date, tt.creators, tt.agencies)
		}
	}
}

// tunedFiles are the corpus files a tuning test has read, by name, each
// by caption id.
type tunedFiles map[string]map[string]realCaption

// caption returns caption id of file, reading the file once, and reports
// an error (ok false) unless the file cites it from url.
func (f tunedFiles) caption(t *testing.T, file, id, url string) (c realCaption, ok bool) {
	t.Helper()
	if f[file] == nil {
		f[file] = map[string]realCaption{}
		for _, c := range readRealworld(t, file) {
			f[file][c.ID] = c
		}
	}
	if c, ok = f[file][id]; !ok || c.Source != url {
		t.Errorf("%s: not in %s with source %s", id, file, url)
		return c, false
	}
	return c, true
}

// leftAlone is a text a tuning step's rules must not read as a credit.
type leftAlone struct {
	name, text         string
	creators, agencies []string
}

// checkLeftAlone asserts the creators and agencies each text gives.
func checkLeftAlone(t *testing.T, tests []leftAlone) {
	t.Helper()
	for _, tt := range tests {
		r := ParseText(tt.text, 0)
		if !slices.Equal(r.Creators, tt.creators) || !slices.Equal(r.Agencies, tt.agencies) {
			t.Errorf("%s %q: creators %q agencies %q; want %q %q", tt.name, tt.text, r.Creators, r.Agencies, tt.creators, tt.agencies)
		}
	}
}
