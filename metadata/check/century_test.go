package check

import (
	"testing"

	"github.com/captag/captag/metadata"
	"github.com/captag/captag/metadata/caption"
	"github.com/captag/captag/metadata/date"
)

// TestInferYearSettlesTwoDigitCentury: a caption year written with two
// digits (caption.Record.TwoDigitYear) takes the century nearest the
// image's year; a four-digit year is never moved. "4/XI/17" is 1917 on a
// picture of 1917 (fc-175 of firstcontact-tune.jsonl,
// https://biclaranja2.blogspot.com/2008/09/igreja-de-nossa-senhora-de-fatima.html).
func TestInferYearSettlesTwoDigitCentury(t *testing.T) {
	tests := []struct {
		name         string
		year         int
		two          bool
		capture      date.Date
		wantYear     int
		wantInferred bool
	}{
		{"POSIX century kept when the image agrees", 2017, true, at(2017, 11, 4, 12, 0), 2017, false},
		{"image of 1917", 2017, true, at(1917, 11, 4, 12, 0), 1917, true},
		{"image of 2069 moves a 1969", 1969, true, at(2069, 11, 4, 12, 0), 2069, true},
		{"a year apart stays in its century", 2017, true, at(2018, 1, 2, 12, 0), 2017, false},
		{"four-digit year never moved", 2017, false, at(1917, 11, 4, 12, 0), 2017, false},
		{"image without a date", 2017, true, date.Date{}, 2017, false},
	}
	for _, tc := range tests {
		r := caption.Record{Line: 1, Date: date.DayOf(tc.year, 11, 4), TwoDigitYear: tc.two}
		im := &metadata.Image{Path: "x.jpg", XMP: &metadata.Store{Kind: metadata.StoreXMP, Date: tc.capture}}
		got := InferYear(r, im)
		if got.Date.Year != tc.wantYear || got.DateInferred != tc.wantInferred || got.Date.Month != 11 || got.Date.Day != 4 {
			t.Errorf("%s: InferYear = %s inferred %v, want year %d %v", tc.name, got.Date, got.DateInferred, tc.wantYear, tc.wantInferred)
		}
	}
}
