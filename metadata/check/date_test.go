package check

import (
	"testing"

	"github.com/captag/captag/metadata"
	"github.com/captag/captag/metadata/caption"
	"github.com/captag/captag/metadata/date"
)

func TestInferYear(t *testing.T) {
	prec := func(d date.Date, p date.Precision) date.Date { d.Precision = p; return d }
	tests := []struct {
		name         string
		month, day   int
		year         int // the record's own year
		capture      date.Date
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
		{"capture known to the year only", 7, 4, 0, prec(at(2021, 1, 1, 0, 0), date.PrecYear), false, 2021, true},
		{"capture known to the month", 7, 4, 0, prec(at(2021, 7, 1, 0, 0), date.PrecMonth), false, 2021, true},
		{"record with a year is unchanged", 12, 19, 2015, at(2016, 12, 19, 14, 5), false, 2015, false},
		{"record without a date is unchanged", 0, 0, 0, at(2016, 12, 19, 14, 5), false, 0, false},
		{"image without a date", 12, 19, 0, date.Date{}, false, 0, false},
		{"no image", 12, 19, 0, date.Date{}, true, 0, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := caption.Record{Line: 1, Date: date.DayOf(tc.year, tc.month, tc.day)}
			var im *metadata.Image
			if !tc.noImage {
				im = &metadata.Image{Path: "x.jpg", XMP: &metadata.Store{Kind: metadata.StoreXMP, Date: tc.capture}}
			}
			got := InferYear(r, im)
			if got.Date.Year != tc.wantYear || got.DateInferred != tc.wantInferred {
				t.Errorf("InferYear = year %d inferred %v, want %d %v", got.Date.Year, got.DateInferred, tc.wantYear, tc.wantInferred)
			}
			if got.Date.Month != tc.month || got.Date.Day != tc.day {
				t.Errorf("InferYear changed month/day to %d/%d", got.Date.Month, got.Date.Day)
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
	got := InferYear(caption.Record{Date: date.DayOf(0, 6, 1)}, im)
	if got.Date.Year != 2019 {
		t.Errorf("year %d, want 2019 from IPTC", got.Date.Year)
	}
}

// TestImageDateIsOneThing: check and sidecar ask metadata.Image.CaptureDate
// for the image's date. Before it, check's bestDate also asked the
// sidecar (sidecar.imageDate never did): an image whose only date is in a
// sidecar gave a caption its year. Now a sidecar is never asked, as
// sidecar.DateCreated's tests expect ("a sidecar's date is not the
// image's").
func TestImageDateIsOneThing(t *testing.T) {
	sidecarOnly := &metadata.Image{Path: "x.jpg", Sidecar: &metadata.Store{Kind: metadata.StoreSidecar, Date: at(2019, 6, 1, 10, 0)}}
	for _, tc := range []struct {
		name     string
		im       *metadata.Image
		wantYear int
	}{
		{"a sidecar's date is not the image's", sidecarOnly, 0},
		{"the image's own stores are", &metadata.Image{Path: "x.jpg", XMP: &metadata.Store{Kind: metadata.StoreXMP, Date: at(2018, 6, 1, 10, 0)},
			Sidecar: sidecarOnly.Sidecar}, 2018},
	} {
		got := InferYear(caption.Record{Date: date.DayOf(0, 6, 1)}, tc.im)
		if got.Date.Year != tc.wantYear || got.DateInferred != (tc.wantYear != 0) {
			t.Errorf("%s: InferYear gives year %d (inferred %v), want %d", tc.name, got.Date.Year, got.DateInferred, tc.wantYear)
		}
		k := KeyOf(tc.im)
		if k.Dated() != (tc.wantYear != 0) {
			t.Errorf("%s: the key is dated %v, want %v", tc.name, k.Dated(), tc.wantYear != 0)
		}
	}
}
