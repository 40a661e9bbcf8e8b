package check

import (
	"strings"
	"testing"

	"github.com/captag/captag/metadata"
	"github.com/captag/captag/metadata/caption"
)

// A range of days in the caption (fc-021: "22 en 23 februari 1941"; the
// issue's "13-14 February 2023") is right on either day and wrong on any
// other, said as the range.
func TestDateSpanEitherDay(t *testing.T) {
	r := caption.ParseText("Rescuers search the rubble in Antakya, Turkey, 13-14 February 2023. EPA-EFE/SEDAT SUNA", 0)
	if r.DateString() != "2023-02-13" || r.DateSpan != 1 {
		t.Fatalf("parsed %q span %d; want 2023-02-13 span 1", r.DateString(), r.DateSpan)
	}
	noYear := caption.ParseText("Rescuers search the rubble in Antakya, Turkey, 13-14 February. EPA-EFE/SEDAT SUNA", 0)
	for _, tc := range []struct {
		rec     caption.Record
		day     int
		wantErr bool
	}{
		{r, 12, true}, {r, 13, false}, {r, 14, false}, {r, 15, true},
		{noYear, 13, false}, {noYear, 14, false}, {noYear, 15, true},
	} {
		im := img("a.jpg", at(2023, 2, tc.day, 10, 0), "Sedat Suna")
		im.IPTC.Credit = "EPA"
		var dateErr *Finding
		fs := Compare(tc.rec, im, ByDateCreator, Options{})
		for i := range fs {
			if fs[i].Field == FieldDate && fs[i].Severity == metadata.SeverityError {
				dateErr = &fs[i]
			}
		}
		if (dateErr != nil) != tc.wantErr {
			t.Errorf("%q, store day %d: date error %+v, want error %v", tc.rec.Text[46:], tc.day, dateErr, tc.wantErr)
		}
		if dateErr != nil && tc.rec.Date.YearKnown() && !strings.Contains(dateErr.Message, "caption says 2023-02-13 to 2023-02-14") {
			t.Errorf("store day %d: message %q does not give the range", tc.day, dateErr.Message)
		}
	}
}
