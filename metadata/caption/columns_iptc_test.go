package caption

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

// TestParseIPTCColumns: the Headline, Sub-location, Event, Person Shown,
// Usage Terms and Instructions columns (issue 25) are read under the
// header spellings a desk exports: captag's own, IPTC's labels, exiftool's
// tag names with and without a group, and captag's own JSON keys read
// back.
func TestParseIPTCColumns(t *testing.T) {
	want := Record{Headline: "Evacuation of Aleppo", Sublocation: "Ramouseh crossing", Event: "Battle of Aleppo",
		PersonsShown: []string{"Smith, John", "Jane Doe"}, UsageTerms: "Editorial use only", Instructions: "No sales"}
	values := `Evacuation of Aleppo,Ramouseh crossing,Battle of Aleppo,"Smith, John; Jane Doe",Editorial use only,No sales`
	for _, header := range []string{
		"Headline,Sublocation,Event,Person Shown,Usage Terms,Instructions",
		"Headline,Sub-location,Event,PersonInImage,UsageTerms,SpecialInstructions",
		"XMP-photoshop:Headline,XMP-iptcCore:Location,XMP-iptcExt:Event,XMP-iptcExt:PersonInImage,XMP-xmpRights:UsageTerms,XMP-photoshop:Instructions",
		"IPTC:Headline,IPTC:Sub-location,Event,Persons Shown,Rights Usage Terms,IPTC:SpecialInstructions",
	} {
		in := "File,Caption," + header + "\n" + "IMG_1.jpg,\"" + anadoluCaption + "\"," + values + "\n"
		recs := parseString(t, "c.csv", in, Options{})
		if len(recs) != 1 {
			t.Fatalf("%s: %d records, want 1", header, len(recs))
		}
		checkIPTCColumns(t, header, recs[0], want)
	}
	// JSON: a list of persons, and captag's own output read back.
	in := `[{"file":"IMG_1.jpg","caption":"` + anadoluCaption + `","headline":"Evacuation of Aleppo","sublocation":"Ramouseh crossing",` +
		`"event":"Battle of Aleppo","persons_shown":["Smith, John","Jane Doe"],"usage_terms":"Editorial use only","instructions":"No sales"}]`
	recs := parseString(t, "c.json", in, Options{})
	checkIPTCColumns(t, "JSON", recs[0], want)
	b, err := json.Marshal(recs[0])
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{`"sublocation":"Ramouseh crossing"`, `"event":"Battle of Aleppo"`, `"persons_shown":["Smith, John","Jane Doe"]`, `"usage_terms":"Editorial use only"`} {
		if !strings.Contains(string(b), k) {
			t.Errorf("record JSON lacks %s: %s", k, b)
		}
	}
	back := parseString(t, "back.json", "["+string(b)+"]", Options{})
	checkIPTCColumns(t, "JSON read back", back[0], want)
}

func checkIPTCColumns(t *testing.T, what string, got, want Record) {
	t.Helper()
	if got.Headline != want.Headline || got.Sublocation != want.Sublocation || got.Event != want.Event ||
		got.UsageTerms != want.UsageTerms || got.Instructions != want.Instructions || !slices.Equal(got.PersonsShown, want.PersonsShown) {
		t.Errorf("%s: headline %q, sublocation %q, event %q, persons %q, usage terms %q, instructions %q; want %q, %q, %q, %q, %q, %q",
			what, got.Headline, got.Sublocation, got.Event, got.PersonsShown, got.UsageTerms, got.Instructions,
			want.Headline, want.Sublocation, want.Event, want.PersonsShown, want.UsageTerms, want.Instructions)
	}
	for _, p := range got.Problems {
		if strings.Contains(p.Message, "column") {
			t.Errorf("%s: %s", what, p.Message)
		}
	}
}
