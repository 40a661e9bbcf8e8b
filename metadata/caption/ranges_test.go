package caption

import "testing"

// Ranges of days (issue 22): the first day is the record's Date, the rest
// its DateSpan. fc-021 is firstcontact-tune.jsonl's (Nationaal Archief);
// the others are the issue's own example in the forms the month tables'
// languages write it.
func TestDateRanges(t *testing.T) {
	tests := []struct {
		caption string
		date    string
		span    int
	}{
		{"Razzia op het Jonas Daniel Meijerplein, 22 en 23 februari 1941. Fotograaf onbekend Nationaal Archief/ collectie RVD Eigen", "1941-02-22", 1}, // fc-021
		{"Rescuers search the rubble in Antakya, Turkey, 13-14 February 2023. EPA-EFE/SEDAT SUNA", "2023-02-13", 1},
		{"Rescuers search the rubble in Antakya, Turkey, February 13-14, 2023. (AP Photo/Hussein Malla)", "2023-02-13", 1},
		{"Rescatistas en Antakya, Turquía, 13 y 14 de febrero de 2023. EFE/Sedat Suna", "2023-02-13", 1},
		{"Rescuers search the rubble in Antakya, Turkey, 13–15 February 2023. EPA-EFE/SEDAT SUNA", "2023-02-13", 2},
		// One day: no span. A day after "and" that is no range stays one day.
		{"Rescuers search the rubble in Antakya, Turkey, 14 February 2023. EPA-EFE/SEDAT SUNA", "2023-02-14", 0},
		{"Rescuers worked for 3 and 14 February 2023 was the worst day. EPA-EFE/SEDAT SUNA", "2023-02-14", 0},
		// Too long for one picture: no day.
		{"The fair ran 1-20 February 2023 in Antakya. EPA-EFE/SEDAT SUNA", "", 0},
	}
	for _, tc := range tests {
		r := ParseText(tc.caption, 0)
		if r.DateString() != tc.date || r.DateSpan != tc.span {
			t.Errorf("%q: date %q span %d, want %q span %d", tc.caption, r.DateString(), r.DateSpan, tc.date, tc.span)
		}
	}
}
