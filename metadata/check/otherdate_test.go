package check

import (
	"strings"
	"testing"

	"github.com/captag/captag/metadata"
	"github.com/captag/captag/metadata/caption"
	"github.com/captag/captag/metadata/fixture"
)

// A store date that the caption writes too, when the caption's date was
// chosen between two, is a warning that names both; a date the caption
// never writes, or any other date when words date the picture, stays an
// error. The two-date caption is made after fc8c-056 of
// firstcontact8-tune.jsonl (mauerfotos.de, cited there), the text's
// evening of 11 November 1989 and a second date with no words that date
// the picture; fc8c-056 itself, whose field "Fotografiert am: 12.11.1989"
// dates the picture since tunetdate, agrees with a store of 12 November
// and errs on one of 11 November.
func TestStoreDateTheCaptionWritesTooIsAWarning(t *testing.T) {
	const mauer = "Am Abend des 11. November 1989 beginnen die Arbeiten zum Abriss der Mauer am Potsdamer Platz.\n\nAm 12.11.1989 öffnet der neue Übergang."
	const mauerField = "Am Abend des 11. November 1989 beginnen die Arbeiten zum Abriss der Mauer am Potsdamer Platz.\n\nFotografiert am:\n\n12.11.1989\n\nOrt:\n\nPotsdamer Straße"
	const taken = "Demonstrators gather on June 3, 2019, in this file photo taken on June 5, 2019, near the square. REUTERS/Jane Doe"
	for _, tc := range []struct {
		name, text, store string
		sev               metadata.Severity
	}{
		{"the other date the caption writes", mauer, "19891112", metadata.SeverityWarning},
		{"a date the caption never writes", mauer, "19891121", metadata.SeverityError},
		{"words date the picture: the other date is wrong", taken, "20190603", metadata.SeverityError},
		{"a picture verb's field dates the picture: the text's date is wrong", mauerField, "19891111", metadata.SeverityError},
	} {
		r := caption.ParseText(tc.text, 0)
		im := readFixture(t, "d.jpg", fixture.All(fixture.Fields{Date: tc.store, Time: "120000"}))
		var got *Finding
		for _, f := range Compare(r, im, ByDateCreator, Options{AllowMissingCreator: true}) {
			if f.Field == FieldDate {
				got = &f
			}
		}
		if got == nil {
			t.Errorf("%s (caption date %s): no date finding for store %s, want %s", tc.name, r.Date, tc.store, tc.sev)
			continue
		}
		if got.Severity != tc.sev || tc.sev == metadata.SeverityWarning && !strings.Contains(got.Message, "a date the caption writes too") {
			t.Errorf("%s (caption date %s): %s %q, want %s", tc.name, r.Date, got.Severity, got.Message, tc.sev)
		}
	}
}
