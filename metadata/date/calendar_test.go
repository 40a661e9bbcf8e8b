package date

import "testing"

func TestCalendar(t *testing.T) {
	for _, c := range []struct {
		y, m      int
		leap      bool
		days      int
		feb29     bool // 29 February y is a day
		why       string
		dayNumber int64 // of y-m-01 (Python's datetime.date agrees)
	}{
		{1900, 2, false, 28, false, "a century not divisible by 400", -25536},
		{2000, 2, true, 29, true, "a century divisible by 400", 10988},
		{2023, 2, false, 28, false, "an ordinary year", 19389},
		{2024, 2, true, 29, true, "divisible by 4", 19754},
		{2024, 4, true, 30, true, "April", 19814},
		{2023, 12, false, 31, false, "December", 19692},
		{1, 1, false, 31, false, "the first year", -719162},
	} {
		if got := IsLeap(c.y); got != c.leap {
			t.Errorf("IsLeap(%d) = %v, want %v (%s)", c.y, got, c.leap, c.why)
		}
		if got := DaysIn(c.y, c.m); got != c.days {
			t.Errorf("DaysIn(%d, %d) = %d, want %d (%s)", c.y, c.m, got, c.days, c.why)
		}
		if got := DayOf(c.y, 2, 29).Valid(); got != c.feb29 {
			t.Errorf("%d-02-29 valid = %v, want %v (%s)", c.y, got, c.feb29, c.why)
		}
		if got := DayNumber(c.y, c.m, 1); got != c.dayNumber {
			t.Errorf("DayNumber(%d-%02d-01) = %d, want %d", c.y, c.m, got, c.dayNumber)
		}
	}
	if !DayOf(0, 2, 29).Valid() || DayOf(0, 2, 30).Valid() {
		t.Errorf("a day of an unknown year must accept 29 February (some leap year) and refuse the 30th")
	}
	for _, m := range []int{0, 13, -1} {
		if DaysIn(2024, m) != 0 {
			t.Errorf("DaysIn(2024, %d) = %d, want 0 for a month that does not exist", m, DaysIn(2024, m))
		}
	}
	// The parsers use the same calendar.
	for _, c := range []struct {
		in string
		ok bool
	}{{"1900-02-29", false}, {"2000-02-29", true}, {"2023-02-29", false}, {"2024-02-29", true}} {
		if _, err := ParseXMPDate(c.in); (err == nil) != c.ok {
			t.Errorf("ParseXMPDate(%q): error %v, want ok %v", c.in, err, c.ok)
		}
		exif := c.in[:4] + ":" + c.in[5:7] + ":" + c.in[8:] + " 12:00:00"
		if _, err := ParseEXIFDate(exif, "", ""); (err == nil) != c.ok {
			t.Errorf("ParseEXIFDate(%q): error %v, want ok %v", exif, err, c.ok)
		}
		iim := c.in[:4] + c.in[5:7] + c.in[8:]
		if _, err := ParseIIMDate(iim, ""); (err == nil) != c.ok {
			t.Errorf("ParseIIMDate(%q): error %v, want ok %v", iim, err, c.ok)
		}
	}
}

// TestDayNumberRoundTrip walks every day from 0001-01-01 to 9999-12-31:
// day numbers are consecutive and FromDayNumber inverts DayNumber.
func TestDayNumberRoundTrip(t *testing.T) {
	n := DayNumber(1, 1, 1)
	days := 0
	for y := 1; y <= 9999; y++ {
		for m := 1; m <= 12; m++ {
			for d := 1; d <= DaysIn(y, m); d++ {
				if got := DayNumber(y, m, d); got != n {
					t.Fatalf("DayNumber(%d-%02d-%02d) = %d, want %d", y, m, d, got, n)
				}
				if gy, gm, gd := FromDayNumber(n); gy != y || gm != m || gd != d {
					t.Fatalf("FromDayNumber(%d) = %d-%02d-%02d, want %d-%02d-%02d", n, gy, gm, gd, y, m, d)
				}
				n++
				days++
			}
		}
	}
	if days != 3652059 {
		t.Errorf("%d days in years 1–9999, want 3652059", days)
	}
}
