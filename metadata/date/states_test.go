package date

import "testing"

// TestDateStates: the rule write uses to keep a store's date as it is
// (issue 19): an IIM "093012+0000" already says what a caption date with
// the camera's time "09:30:12" (no offset) would write, so it keeps its
// "+00:00"; a date that says less, or something else, does not.
func TestDateStates(t *testing.T) {
	xmpDate := func(s string) Date {
		t.Helper()
		d, err := ParseXMPDate(s)
		if err != nil {
			t.Fatal(err)
		}
		return d
	}
	iimDate := func(date, tm string) Date {
		t.Helper()
		d, err := ParseIIMDate(date, tm)
		if err != nil {
			t.Fatal(err)
		}
		return d
	}
	for _, tc := range []struct {
		name string
		d, w Date
		want bool
	}{
		{"IIM in UTC states the time without offset", iimDate("20161219", "093012+0000"), xmpDate("2016-12-19T09:30:12"), true},
		{"same offset, Z and +00:00", xmpDate("2016-12-19T09:30:12Z"), xmpDate("2016-12-19T09:30:12+00:00"), true},
		{"a time states its day", xmpDate("2016-12-19T09:30:12+03:00"), xmpDate("2016-12-19"), true},
		{"fraction states the second", xmpDate("2016-12-19T09:30:12.25+03:00"), xmpDate("2016-12-19T09:30:12+03:00"), true},
		{"equal fractions", xmpDate("2016-12-19T09:30:12.50"), xmpDate("2016-12-19T09:30:12.5"), true},
		{"a day states its month", xmpDate("2016-12-19"), xmpDate("2016-12"), true},
		{"no offset does not state one", xmpDate("2016-12-19T09:30:12"), xmpDate("2016-12-19T09:30:12+00:00"), false},
		{"another offset, same instant", xmpDate("2016-12-19T06:30:12+00:00"), xmpDate("2016-12-19T09:30:12+03:00"), false},
		{"another offset, same clock", xmpDate("2016-12-19T09:30:12+00:00"), xmpDate("2016-12-19T09:30:12+03:00"), false},
		{"another second", xmpDate("2016-12-19T09:30:13"), xmpDate("2016-12-19T09:30:12"), false},
		{"another day", xmpDate("2016-12-18T09:30:12+03:00"), xmpDate("2016-12-19"), false},
		{"less precise", xmpDate("2016-12-19"), xmpDate("2016-12-19T09:30:12"), false},
		{"minutes do not state seconds", xmpDate("2016-12-19T09:30"), xmpDate("2016-12-19T09:30:00"), false},
		{"zero", Date{}, xmpDate("2016-12-19"), false},
		{"nothing to state", xmpDate("2016-12-19"), Date{}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.d.States(tc.w); got != tc.want {
				t.Errorf("%v.States(%v) = %v, want %v", tc.d, tc.w, got, tc.want)
			}
		})
	}
}
