package check

import (
	"testing"

	"github.com/captag/captag/metadata"
	"github.com/captag/captag/metadata/caption"
)

func TestInferYear(t *testing.T) {
	prec := func(d metadata.Date, p metadata.Precision) metadata.Date { d.Precision = p; return d }
	tests := []struct {
		name         string
		month, day   int
		year         int // the record's own year
		capture      metadata.Date
		noImage      bool
		wantYear     int
		wantInferred bool
	}{
		{"same day", 12, 19, 0, at(2016, 12, 19, 14, 5), false, 2016, true},
		{"caption a few days before", 12, 17, 0, at(2016, 12, 19, 14, 5), false, 2016, true},
		{"DEC caption, JAN capture: previous year", 12, 31, 0, at(2017, 1, 1, 0, 30), false, 2016, true},
		{"DEC 28 caption, JAN 3 capture (late filing)", 12, 28, 0, at(2017, 1, 3, 9, 0), false, 2016, true},
		{"JAN caption, DEC 31 capture: a clock a day behind", 1, 1, 0, at(2016, 12, 31, 23, 30), false, 2017, true},
		{"JAN 5 caption, DEC 20 capture: never weeks after, so the capture year", 1, 5, 0, at(2016, 12, 20, 10, 0), false, 2016, true},
		{"offset does not move the day", 12, 20, 0, atOff(2016, 12, 20, 0, 30, 330), false, 2016, true},
		{"Feb 29 only in a leap year", 2, 29, 0, at(2017, 3, 1, 10, 0), false, 2016, true},
		{"capture known to the year only", 7, 4, 0, prec(at(2021, 1, 1, 0, 0), metadata.PrecYear), false, 2021, true},
		{"capture known to the month", 7, 4, 0, prec(at(2021, 7, 1, 0, 0), metadata.PrecMonth), false, 2021, true},
		{"record with a year is unchanged", 12, 19, 2015, at(2016, 12, 19, 14, 5), false, 2015, false},
		{"record without a date is unchanged", 0, 0, 0, at(2016, 12, 19, 14, 5), false, 0, false},
		{"image without a date", 12, 19, 0, metadata.Date{}, false, 0, false},
		{"no image", 12, 19, 0, metadata.Date{}, true, 0, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := caption.Record{Line: 1, Year: tc.year, Month: tc.month, Day: tc.day}
			var im *metadata.Image
			if !tc.noImage {
				im = &metadata.Image{Path: "x.jpg", XMP: &metadata.Store{Kind: metadata.StoreXMP, Date: tc.capture}}
			}
			got := InferYear(r, im)
			if got.Year != tc.wantYear || got.DateInferred != tc.wantInferred {
				t.Errorf("InferYear = year %d inferred %v, want %d %v", got.Year, got.DateInferred, tc.wantYear, tc.wantInferred)
			}
			if got.Month != tc.month || got.Day != tc.day {
				t.Errorf("InferYear changed month/day to %d/%d", got.Month, got.Day)
			}
		})
	}
}

func TestInferYearUsesFirstDatedStore(t *testing.T) {
	im := &metadata.Image{
		EXIF: &metadata.Store{Kind: metadata.StoreEXIF},                              // no date
		IPTC: &metadata.Store{Kind: metadata.StoreIPTC, Date: at(2019, 6, 1, 10, 0)}, // first dated
		XMP:  &metadata.Store{Kind: metadata.StoreXMP, Date: at(2023, 6, 1, 10, 0)},  // ignored
	}
	got := InferYear(caption.Record{Month: 6, Day: 1}, im)
	if got.Year != 2019 {
		t.Errorf("year %d, want 2019 from IPTC", got.Year)
	}
}
