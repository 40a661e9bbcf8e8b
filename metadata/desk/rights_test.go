package desk

import (
	"testing"

	"github.com/captag/captag/metadata/caption"
	"github.com/captag/captag/metadata/date"
)

// The notice put in place of a flagged copyright gives the caption's year
// only when the caption wrote it: not a year inferred from the image, not
// a two-digit year whose century the parser guessed.
func TestAgencyRightsWritesOnlyTheCaptionsYear(t *testing.T) {
	rec := func(inferred, twoDigit bool) *caption.Record {
		return &caption.Record{Date: date.DayOf(2006, 10, 5), Agency: "AFP", AgencyAsWritten: "AFP", Agencies: []string{"AFP"},
			DateInferred: inferred, TwoDigitYear: twoDigit}
	}
	for _, tc := range []struct {
		name string
		rec  *caption.Record
		want string
	}{
		{"the caption's year", rec(false, false), "© 2006 AFP"},
		{"a year inferred from the image", rec(true, false), "© AFP"},
		{"a two-digit year", rec(false, true), "© AFP"},
	} {
		if got := agencyRights(tc.rec); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
	}
}
