package caption

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

// TestWrittenSpelling: the creators and the agency a record gives to the
// writers are spelled as the caption writes them (issue 19: "(Photo by
// JOSEPH EID / AFP)" was written as "Joseph Eid", "EPA-EFE/SEDAT SUNA" as
// Credit "EPA"), while Creators and Agency keep the forms reports show and
// check compares. The captions are real ones of each agency family
// (testdata/realworld, cmd/captag/testdata/agency-*.txtar).
func TestWrittenSpelling(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		creators   []string // Creators
		written    []string // WrittenCreators
		agency     string   // Agency
		asWritten  string   // WrittenAgency
	}{
		{"AP", "Chicago White Sox manager Ozzie Guillen celebrates with his players after their 4-2 win against the Detroit Tigers in Detroit, Thursday, Sept. 29, 2005. (AP Photo/Paul Sancya)",
			[]string{"Paul Sancya"}, []string{"Paul Sancya"}, "AP", "AP"},
		{"Reuters", "Britain's Prime Minister Theresa May leaves 10 Downing Street in London, Britain, December 11, 2018. REUTERS/Toby Melville",
			[]string{"Toby Melville"}, []string{"Toby Melville"}, "Reuters", "REUTERS"},
		{"AFP", "A Hezbollah fighter monitors an area as he stands on a hill in the Lebanese side of the Qalamun mountains on the border with Syria on May 20, 2015 ( AFP PHOTO / JOSEPH EID)",
			[]string{"Joseph Eid"}, []string{"JOSEPH EID"}, "AFP", "AFP"},
		{"AFP via Getty", "A member of the South African Defence Force holds a MK1S grenade launcher manufactured by Milkor, a South African manufacturer, during the Africa Aerospace and Defence Expo on September 20, 2018, at the Waterkloof Air Force base, on the outskirts of Pretoria. (Photo by WIKUS DE WET / AFP)        (Photo credit should read WIKUS DE WET/AFP via Getty Images)",
			[]string{"Wikus De Wet"}, []string{"WIKUS DE WET"}, "AFP", "AFP"},
		{"Getty", "HORGOS, SERBIA - SEPTEMBER 17:  A man sits by the campfire as migrants wake up to a more peaceful morning after the previous day's friction at the border crossings on September 17, 2015 in Horgos, Serbia. (Photo by Christopher Furlong/Getty Images)",
			[]string{"Christopher Furlong"}, []string{"Christopher Furlong"}, "Getty Images", "Getty Images"},
		{"EPA-EFE", "epa06735998 Israelis wave flags outside the new US embassy in Jerusalem, Israel, 14 May 2018.  EPA-EFE/ATEF SAFADI",
			[]string{"Atef Safadi"}, []string{"ATEF SAFADI"}, "EPA", "EPA-EFE"},
		{"Anadolu", "KAHRAMANMARAS, TURKIYE - FEBRUARY 13 : Earthquake survivors warm themselves by a fire near tents set up in Kahramanmaras, Turkiye on February 13, 2023. ( Erdem Şahin - Anadolu Agency )",
			[]string{"Erdem Şahin"}, []string{"Erdem Şahin"}, "Anadolu Agency", "Anadolu Agency"},
		{"The Canadian Press", "The Montreal Police logo is seen on a police car in Montreal on Wednesday, July 8, 2020. THE CANADIAN PRESS/Paul Chiasson",
			[]string{"Paul Chiasson"}, []string{"Paul Chiasson"}, "The Canadian Press", "THE CANADIAN PRESS"},
		{"EFE", "MADRID, 13/02/2023.- Vista general del acto celebrado este lunes en el Palacio de la Moncloa, en Madrid. EFE/Juanjo Martín",
			[]string{"Juanjo Martín"}, []string{"Juanjo Martín"}, "EFE", "EFE"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := ParseText(tc.text, 0)
			if !reflect.DeepEqual(r.Creators, tc.creators) || r.Agency != tc.agency {
				t.Errorf("Creators %q, Agency %q; want %q, %q", r.Creators, r.Agency, tc.creators, tc.agency)
			}
			if got := r.WrittenCreators(); !reflect.DeepEqual(got, tc.written) {
				t.Errorf("WrittenCreators() = %q, want %q", got, tc.written)
			}
			if got := r.WrittenAgency(); got != tc.asWritten {
				t.Errorf("WrittenAgency() = %q, want %q", got, tc.asWritten)
			}
		})
	}
}

// TestWrittenSpellingFallsBack: a Record a program built or changed
// without the written forms gives its Creators and Agency to the writers,
// never a stale spelling of someone else.
func TestWrittenSpellingFallsBack(t *testing.T) {
	for _, tc := range []struct {
		name    string
		rec     Record
		written []string
		agency  string
	}{
		{"none given", Record{Creators: []string{"Joseph Eid"}, Agency: "AFP"}, []string{"Joseph Eid"}, "AFP"},
		{"same names", Record{Creators: []string{"Joseph Eid"}, CreatorsAsWritten: []string{"JOSEPH EID"}, Agency: "EPA", AgencyAsWritten: "EPA-EFE"},
			[]string{"JOSEPH EID"}, "EPA-EFE"},
		{"creator changed", Record{Creators: []string{"Aref Watad", "Jane Doe"}, CreatorsAsWritten: []string{"AREF WATAD", "JOSEPH EID"}, Agency: "AFP", AgencyAsWritten: "EPA-EFE"},
			[]string{"AREF WATAD", "Jane Doe"}, "AFP"},
		{"count changed", Record{Creators: []string{"Aref Watad", "Jane Doe"}, CreatorsAsWritten: []string{"AREF WATAD"}},
			[]string{"Aref Watad", "Jane Doe"}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.rec.WrittenCreators(); !reflect.DeepEqual(got, tc.written) {
				t.Errorf("WrittenCreators() = %q, want %q", got, tc.written)
			}
			if got := tc.rec.WrittenAgency(); got != tc.agency {
				t.Errorf("WrittenAgency() = %q, want %q", got, tc.agency)
			}
		})
	}
}

// TestWrittenSpellingColumns: explicit columns are written as they are
// spelled (a CSV Credit "EPA-EFE" stays "EPA-EFE"), and captag's own JSON
// output read back keeps the written forms it printed.
func TestWrittenSpellingColumns(t *testing.T) {
	csv := "caption,creator,credit\n" +
		`"epa06735998 Israelis wave flags outside the new US embassy in Jerusalem, Israel, 14 May 2018.  EPA-EFE/ATEF SAFADI",Atef SAFADI,EPA-EFE` + "\n"
	recs, err := Parse(strings.NewReader(csv), Options{Format: FormatCSV})
	if err != nil || len(recs) != 1 {
		t.Fatalf("Parse: %v, %d records", err, len(recs))
	}
	r := recs[0]
	if got := r.WrittenCreators(); !reflect.DeepEqual(got, []string{"Atef SAFADI"}) || r.WrittenAgency() != "EPA-EFE" {
		t.Errorf("CSV: written %q, %q; want the columns as spelled", got, r.WrittenAgency())
	}
	// A Credit column that is the table's name of the text's agency is
	// still the column's spelling.
	recs, err = Parse(strings.NewReader("caption,credit\n\"London, Britain, December 11, 2018. REUTERS/Toby Melville\",Reuters\n"), Options{Format: FormatCSV})
	if err != nil || len(recs) != 1 || recs[0].WrittenAgency() != "Reuters" || recs[0].WrittenCreators()[0] != "Toby Melville" {
		t.Errorf("CSV Credit Reuters: %v, %+v", err, recs)
	}

	out, err := json.Marshal([]Record{ParseText("A Hezbollah fighter monitors an area on the border with Syria on May 20, 2015 ( AFP PHOTO / JOSEPH EID)", 0)})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(out), `"creators":["Joseph Eid"],"creators_as_written":["JOSEPH EID"],"agency":"AFP","agency_as_written":"AFP"`) {
		t.Errorf("JSON: %s", out)
	}
	// The text read back says it again; a creators key that differs from
	// the text must keep its written forms from creators_as_written.
	edited := strings.Replace(string(out), `(AFP PHOTO / JOSEPH EID)`, `(AFP)`, 1)
	recs, err = Parse(strings.NewReader(edited), Options{Format: FormatJSON})
	if err != nil || len(recs) != 1 {
		t.Fatalf("Parse JSON: %v, %d records", err, len(recs))
	}
	r = recs[0]
	if !reflect.DeepEqual(r.Creators, []string{"Joseph Eid"}) || !reflect.DeepEqual(r.WrittenCreators(), []string{"JOSEPH EID"}) || r.WrittenAgency() != "AFP" {
		t.Errorf("JSON read back: Creators %q, written %q, agency %q", r.Creators, r.WrittenCreators(), r.WrittenAgency())
	}
}
