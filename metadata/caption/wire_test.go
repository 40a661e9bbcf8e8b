package caption

import (
	"slices"
	"strings"
	"testing"

	"github.com/captag/captag/metadata"
)

// want is what a caption's text must parse to. Empty strings and nil
// slices must come out empty.
type want struct {
	city, region, country string
	date, dateline        string
	creators              []string
	agency                string
	warnings              []string // substrings of the expected warnings, in order
}

func checkRecord(t *testing.T, r Record, w want) {
	t.Helper()
	got := want{r.City, r.Region, r.Country, r.DateString(), r.Dateline(), r.Creators, r.Agency, nil}
	if got.city != w.city || got.region != w.region || got.country != w.country {
		t.Errorf("place = %q/%q/%q, want %q/%q/%q", got.city, got.region, got.country, w.city, w.region, w.country)
	}
	if got.date != w.date || got.dateline != w.dateline {
		t.Errorf("date, dateline = %q, %q; want %q, %q", got.date, got.dateline, w.date, w.dateline)
	}
	if !slices.Equal(got.creators, w.creators) || got.agency != w.agency {
		t.Errorf("credit = %q / %q, want %q / %q", got.creators, got.agency, w.creators, w.agency)
	}
	if len(r.Problems) != len(w.warnings) {
		t.Fatalf("problems = %+v, want %d warning(s) %q", r.Problems, len(w.warnings), w.warnings)
	}
	for i, p := range r.Problems {
		if p.Severity != metadata.SeverityWarning || !strings.Contains(p.Message, w.warnings[i]) {
			t.Errorf("problem %d = %+v, want a warning containing %q", i, p, w.warnings[i])
		}
	}
}

// The captions below are written for these tests in each agency's style;
// only the Anadolu one quotes the user's sample.
func TestParseTextDateline(t *testing.T) {
	tests := []struct {
		name, text string
		year       int
		want       want
	}{
		{"anadolu sample, space before colon",
			"ALEPPO, SYRIA - DECEMBER 19 : Syrians wait to be evacuated from the east part of Aleppo that had been under siege by Assad Regime forces and its supporter foreign terrorist groups at a crossing point at Rashideen town of Aleppo in Syria on December 19, 2016. ( Aref Watad - Anadolu Agency )", 0,
			want{city: "Aleppo", country: "Syria", date: "2016-12-19", dateline: "12-19", creators: []string{"Aref Watad"}, agency: "Anadolu Agency"}},
		{"getty, no region for a well-known city",
			"PHILADELPHIA - NOVEMBER 10: A goaltender stretches before the game on November 10, 2021 in Philadelphia, Pennsylvania. (Photo by Rosa Linden/NHLI via Getty Images)", 0,
			want{city: "Philadelphia", date: "2021-11-10", dateline: "11-10", creators: []string{"Rosa Linden"}, agency: "NHLI"}},
		{"space before comma, en dash, province code",
			"GATINEAU , QC – JANUARY 9: Fans cheer during the third period on January 9, 2022 in Gatineau, Quebec, Canada. (Photo by Marc Tremblay/NHLI via Getty Images)", 0,
			want{city: "Gatineau", region: "QC", date: "2022-01-09", dateline: "01-09", creators: []string{"Marc Tremblay"}, agency: "NHLI"}},
		{"em dash, province name",
			"HAMILTON, ONTARIO — JANUARY 23: The team poses on January 23, 2020. (Photo by Lee Park/Getty Images)", 0,
			want{city: "Hamilton", region: "Ontario", date: "2020-01-23", dateline: "01-23", creators: []string{"Lee Park"}, agency: "Getty Images"}},
		{"three parts: city, state, country",
			"AUSTIN, TX, UNITED STATES - MARCH 3: Voters line up on March 3, 2020. (Photo by Dana Cole/Getty Images)", 0,
			want{city: "Austin", region: "TX", country: "United States", date: "2020-03-03", dateline: "03-03", creators: []string{"Dana Cole"}, agency: "Getty Images"}},
		{"abbreviated month with dot",
			"MADRID, SPAIN - Sept. 5: Tourists queue outside the museum on Sept. 5, 2019. (Photo by Ana Ruiz/Getty Images)", 0,
			want{city: "Madrid", country: "Spain", date: "2019-09-05", dateline: "09-05", creators: []string{"Ana Ruiz"}, agency: "Getty Images"}},
		{"abbreviated month Jan.",
			"OSLO, NORWAY - Jan. 14: Skaters on the frozen lake. (Photo by Per Holm/Getty Images)", 0,
			want{city: "Oslo", country: "Norway", dateline: "01-14", creators: []string{"Per Holm"}, agency: "Getty Images"}},
		{"day-month order",
			"KYIV, UKRAINE - 24 FEBRUARY: Residents gather in a metro station on 24 February 2023. (Photo by Olena Marchenko/Anadolu Agency via Getty Images)", 0,
			want{city: "Kyiv", country: "Ukraine", date: "2023-02-24", dateline: "02-24", creators: []string{"Olena Marchenko"}, agency: "Anadolu Agency"}},
		{"diacritics title-cased",
			"SÃO PAULO, BRAZIL - MAY 2: Workers march downtown on May 2, 2018. (Photo by Rafael Souza/Getty Images)", 0,
			want{city: "São Paulo", country: "Brazil", date: "2018-05-02", dateline: "05-02", creators: []string{"Rafael Souza"}, agency: "Getty Images"}},
		{"apostrophe, small words",
			"SAN'A, YEMEN - APRIL 7: A market reopens. ( Omar Saleh - Anadolu Agency )", 2015,
			want{city: "San'a", country: "Yemen", date: "2015-04-07", dateline: "04-07", creators: []string{"Omar Saleh"}, agency: "Anadolu Agency"}},
		{"rio de janeiro",
			"RIO DE JANEIRO, BRAZIL - FEBRUARY 20: Dancers parade. (Photo by Bia Lima/Getty Images)", 0,
			want{city: "Rio de Janeiro", country: "Brazil", dateline: "02-20", creators: []string{"Bia Lima"}, agency: "Getty Images"}},
		{"hyphenated city is not a separator",
			"SAINT-DENIS, FRANCE - JULY 1: Fans arrive at the stadium on July 1, 2024. (Photo by Luc Martin/Getty Images)", 0,
			want{city: "Saint-Denis", country: "France", date: "2024-07-01", dateline: "07-01", creators: []string{"Luc Martin"}, agency: "Getty Images"}},
		{"FILE prefix before dateline",
			"FILE - ANKARA, TURKEY - MARCH 8: Women march on March 8, 2019. ( Emre Kaya - Anadolu Agency )", 0,
			want{city: "Ankara", country: "Turkey", date: "2019-03-08", dateline: "03-08", creators: []string{"Emre Kaya"}, agency: "Anadolu Agency"}},
		{"FILE PHOTO: prefix",
			"FILE PHOTO: LIMA, PERU - JUNE 2: Miners protest on June 2, 2017. (Photo by Juan Quispe/Getty Images)", 0,
			want{city: "Lima", country: "Peru", date: "2017-06-02", dateline: "06-02", creators: []string{"Juan Quispe"}, agency: "Getty Images"}},
		{"TOPSHOT prefix",
			"TOPSHOT - DHAKA, BANGLADESH - AUGUST 5: Crowds fill the streets on August 5, 2024. (Photo by Rahim Uddin/AFP via Getty Images)", 0,
			want{city: "Dhaka", country: "Bangladesh", date: "2024-08-05", dateline: "08-05", creators: []string{"Rahim Uddin"}, agency: "AFP"}},
		{"dateline without year, --year used",
			"ALEPPO, SYRIA - DECEMBER 19: Families wait at a crossing point. ( Aref Watad - Anadolu Agency )", 2016,
			want{city: "Aleppo", country: "Syria", date: "2016-12-19", dateline: "12-19", creators: []string{"Aref Watad"}, agency: "Anadolu Agency"}},
		{"dateline without year, no --year: year unknown",
			"ALEPPO, SYRIA - DECEMBER 19: Families wait at a crossing point. ( Aref Watad - Anadolu Agency )", 0,
			want{city: "Aleppo", country: "Syria", dateline: "12-19", creators: []string{"Aref Watad"}, agency: "Anadolu Agency"}},
		{"body year wins over --year",
			"ALEPPO, SYRIA - DECEMBER 19: Families wait on December 19, 2016. ( Aref Watad - Anadolu Agency )", 2020,
			want{city: "Aleppo", country: "Syria", date: "2016-12-19", dateline: "12-19", creators: []string{"Aref Watad"}, agency: "Anadolu Agency"}},
		{"dateline disagrees with body: body date kept, warning",
			"ALEPPO, SYRIA - DECEMBER 20: Families wait at Aleppo on December 19, 2016. ( Aref Watad - Anadolu Agency )", 0,
			want{city: "Aleppo", country: "Syria", date: "2016-12-19", dateline: "12-20", creators: []string{"Aref Watad"}, agency: "Anadolu Agency",
				warnings: []string{"dateline says 12-20 but the body says 2016-12-19"}}},
		{"lower-case lead is not a dateline",
			"Police - who arrived late: a crowd gathers in Lyon, France, March 25, 2022. (Photo by Eva Roux/Getty Images)", 0,
			want{city: "Lyon", country: "France", date: "2022-03-25", creators: []string{"Eva Roux"}, agency: "Getty Images"}}, // the body's place (issue 22)
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			checkRecord(t, ParseText(tt.text, tt.year), tt.want)
		})
	}
}

func TestParseTextBodyDate(t *testing.T) {
	tests := []struct {
		name, text string
		year       int
		want       want
	}{
		{"AP weekday and abbreviated month",
			"Commuters crowd a platform in Berlin, Monday, Feb. 13, 2023. (AP Photo/Greta Vogel)", 0,
			want{date: "2023-02-13", creators: []string{"Greta Vogel"}, agency: "AP"}},
		{"Reuters, date without on",
			"A vendor arranges fruit at a market in Lisbon, Portugal, March 25, 2022. REUTERS/Pedro Alves", 0,
			want{city: "Lisbon", country: "Portugal", date: "2022-03-25", creators: []string{"Pedro Alves"}, agency: "Reuters"}},
		{"day first, on 24 February 2023",
			"Volunteers sort donations on 24 February 2023 in Warsaw. (Photo by Marta Nowak/Getty Images)", 0,
			want{date: "2023-02-24", creators: []string{"Marta Nowak"}, agency: "Getty Images"}},
		{"may the verb is not a month",
			"Officials say roads may 5 times flood this year; pictured in Dhaka, Aug. 2, 2021. (AP Photo/Rina Das)", 0,
			want{date: "2021-08-02", creators: []string{"Rina Das"}, agency: "AP"}},
		{"month and day without year take --year",
			"Fans celebrate in Madrid on October 3. (Photo by Ana Ruiz/Getty Images)", 2019,
			want{date: "2019-10-03", creators: []string{"Ana Ruiz"}, agency: "Getty Images"}},
		{"no date at all warns",
			"Fans celebrate in Madrid on Saturday. (Photo by Ana Ruiz/Getty Images)", 2019,
			want{creators: []string{"Ana Ruiz"}, agency: "Getty Images", warnings: []string{"no date found"}}},
		{"FILE prefix AP style",
			"FILE - A ferry leaves the harbor in Piraeus, Greece, Thursday, Sept. 8, 2016. (AP Photo/Nikos Petrou, File)", 0,
			want{city: "Piraeus", country: "Greece", date: "2016-09-08", creators: []string{"Nikos Petrou"}, agency: "AP"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			checkRecord(t, ParseText(tt.text, tt.year), tt.want)
		})
	}
}

func TestParseTextCredit(t *testing.T) {
	const body = "Residents clear debris in the old town on June 4, 2021. "
	tests := []struct {
		name, credit string
		creators     []string
		agency       string
	}{
		{"anadolu, spaces inside parentheses", "( Mustafa Sultan - Anadolu Agency )", []string{"Mustafa Sultan"}, "Anadolu Agency"},
		{"photo by name/agency", "(Photo by Dan Kettle/Getty Images)", []string{"Dan Kettle"}, "Getty Images"},
		{"via getty: agency named after the slash", "(Photo by Jane Doe/NHLI via Getty Images)", []string{"Jane Doe"}, "NHLI"},
		{"all-caps name, AFP via getty", "(Photo by JOHANNES EISELE/AFP via Getty Images)", []string{"Johannes Eisele"}, "AFP"},
		{"spaces around slash", "(Photo by KARIM SAHIB / AFP)", []string{"Karim Sahib"}, "AFP"},
		{"AFP double credit: the last group wins", "(Photo by Johannes EISELE / AFP) (Photo by JOHANNES EISELE/AFP via Getty Images)", []string{"Johannes Eisele"}, "AFP"},
		{"reuters trailer", "REUTERS/Lena Fischer", []string{"Lena Fischer"}, "Reuters"},
		{"reuters trailer, file photo", "REUTERS/Lena Fischer/File Photo", []string{"Lena Fischer"}, "Reuters"},
		{"AP photo", "(AP Photo/Matteo Bruni)", []string{"Matteo Bruni"}, "AP"},
		{"AP photo, pool", "(AP Photo/Hana Sato, Pool)", []string{"Hana Sato"}, "AP"},
		{"name/AFP/Getty Images trailer", "Ilyas Korkmaz/AFP/Getty Images", []string{"Ilyas Korkmaz"}, "AFP"},
		{"legacy AFP credit should read", "(Photo credit should read EMMANUEL DURAND/AFP/Getty Images)", []string{"Emmanuel Durand"}, "AFP"},
		{"two creators with and", "(Photo by Ann Lee and Bo Chen/Agency One)", []string{"Ann Lee", "Bo Chen"}, "Agency One"},
		{"two creators with comma", "(Photo by Ann Lee, Bo Chen/Agency One)", []string{"Ann Lee", "Bo Chen"}, "Agency One"},
		{"mixed case kept as written", "(Photo by Sean McDonald/Getty Images)", []string{"Sean McDonald"}, "Getty Images"},
		{"O' name title-cased", "( PATRICK O'NEIL - Anadolu Agency )", []string{"Patrick O'Neil"}, "Anadolu Agency"},
		{"via AP", "(Kay Hoffmann/dpa via AP)", []string{"Kay Hoffmann"}, "dpa"},
		{"non-credit parenthetical before credit is skipped", "(Photo by Ann Lee/Getty Images) (center)", []string{"Ann Lee"}, "Getty Images"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := ParseText(body+tt.credit, 0)
			checkRecord(t, r, want{date: "2021-06-04", creators: tt.creators, agency: tt.agency})
		})
	}
}

func TestParseTextMandatoryCredit(t *testing.T) {
	text := "Mandatory Credit: Photo by Jose Marin/NurPhoto/Shutterstock (12345678ab)\nA cyclist rides past the harbour in Valencia, Spain, on May 3, 2022."
	r := ParseText(text, 0)
	checkRecord(t, r, want{city: "Valencia", country: "Spain", date: "2022-05-03", creators: []string{"Jose Marin"}, agency: "NurPhoto"})
	if strings.Contains(r.Text, "\n") {
		t.Errorf("Text keeps a line break: %q", r.Text)
	}
}

func TestParseTextNoCredit(t *testing.T) {
	r := ParseText("ROME, ITALY - MAY 1: Workers march on May 1, 2020 (left to right).", 0)
	checkRecord(t, r, want{city: "Rome", country: "Italy", date: "2020-05-01", dateline: "05-01",
		warnings: []string{"no credit found"}})
}

func TestParseTextTidy(t *testing.T) {
	// NBSP, stray spaces and line breaks inside one caption.
	r := ParseText("  ALEPPO,\u00a0SYRIA  -  DECEMBER 19 :\r\n Families   wait on December 19, 2016.\t( Aref Watad - Anadolu Agency ) ", 0)
	const wantText = "ALEPPO, SYRIA - DECEMBER 19 : Families wait on December 19, 2016. ( Aref Watad - Anadolu Agency )"
	if r.Text != wantText {
		t.Errorf("Text = %q, want %q", r.Text, wantText)
	}
	checkRecord(t, r, want{city: "Aleppo", country: "Syria", date: "2016-12-19", dateline: "12-19",
		creators: []string{"Aref Watad"}, agency: "Anadolu Agency"})
}

func TestParseTextInvalidUTF8(t *testing.T) {
	r := ParseText("ALEPPO, SYRIA - DECEMBER 19: Families \xff\xfe wait on December 19, 2016. ( Aref Watad - Anadolu Agency )", 0)
	if !strings.Contains(r.Text, "\uFFFD") {
		t.Errorf("Text = %q, want U+FFFD in place of the bad bytes", r.Text)
	}
	checkRecord(t, r, want{city: "Aleppo", country: "Syria", date: "2016-12-19", dateline: "12-19",
		creators: []string{"Aref Watad"}, agency: "Anadolu Agency", warnings: []string{"invalid UTF-8"}})
}

func TestTitleCase(t *testing.T) {
	for in, want := range map[string]string{
		"JOHANNES EISELE": "Johannes Eisele",
		"Johannes EISELE": "Johannes Eisele",
		"Sean McDonald":   "Sean McDonald",
		"D'ALEMA":         "D'Alema",
		"J. R. SMITH":     "J. R. Smith",
		"AHMED AL-AHMED":  "Ahmed Al-Ahmed",
		// AP photographer Frank Franklin II (apnews.com credits): the
		// generation's numeral stays as written, in any case of the name.
		"Frank Franklin II":  "Frank Franklin II",
		"FRANK FRANKLIN III": "Frank Franklin III",
	} {
		if got := titleCase(in, false); got != want {
			t.Errorf("titleCase(%q) = %q, want %q", in, got, want)
		}
	}
}

func BenchmarkParseText(b *testing.B) {
	const text = "ALEPPO, SYRIA - DECEMBER 19 : Civilians evacuated from East Aleppo, which was under siege by Assad regime forces and its supporter foreign terrorist groups, arrive at Rashedeen town of Aleppo, Syria on December 19, 2016 with a convoy, including buses and ambulances, departed from a crossing point between East and West Aleppo. ( Aref Watad - Anadolu Agency )"
	b.ReportAllocs()
	for b.Loop() {
		r := ParseText(text, 0)
		if r.Agency == "" {
			b.Fatal("no agency")
		}
	}
}

// AP's dateline names the place and the agency but no date (AP
// Stylebook: "AUSTIN, Texas (AP) —"), the date being in the body: the
// place is read, the date from the body as before.
func TestAPPlaceline(t *testing.T) {
	tests := []struct {
		text                  string
		city, region, country string
	}{
		{"AUSTIN, Texas (AP) — Protesters gather outside the Capitol on Tuesday, March 7, 2023. (AP Photo/Eric Gay)", "Austin", "Texas", ""},
		{"WASHINGTON (AP) — The president speaks on March 7, 2023. (AP Photo/Evan Vucci)", "Washington", "", ""},
		{"KYIV, Ukraine (AP) — Rescuers work on March 7, 2023. (AP Photo/Efrem Lukatsky)", "Kyiv", "", "Ukraine"},
		{"SAN JUAN, Puerto Rico (AP) - Residents wait on March 7, 2023. (AP Photo/Alejandro Granadillo)", "San Juan", "", "Puerto Rico"},
		// Not placelines: the city not in capitals, no known agency, no dash.
		{"Austin, Texas (AP) — Protesters gather on March 7, 2023. (AP Photo/Eric Gay)", "", "", ""},
		{"AUSTIN, Texas (Kansas) — Protesters gather on March 7, 2023. (AP Photo/Eric Gay)", "", "", ""},
		{"AUSTIN, Texas (AP) Protesters gather on March 7, 2023. (AP Photo/Eric Gay)", "", "", ""},
	}
	for _, tt := range tests {
		r := ParseText(tt.text, 0)
		if r.City != tt.city || r.Region != tt.region || r.Country != tt.country || r.DateString() != "2023-03-07" {
			t.Errorf("%.40s…: place %q/%q/%q date %s; want %q/%q/%q 2023-03-07", tt.text, r.City, r.Region, r.Country, r.DateString(), tt.city, tt.region, tt.country)
		}
	}
}
