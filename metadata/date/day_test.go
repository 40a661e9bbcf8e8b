package date

import "testing"

func TestDayString(t *testing.T) {
	for _, c := range []struct {
		k     Day
		want  string
		valid bool
	}{
		{DayOf(2016, 12, 19), "2016-12-19", true},
		{Day{Year: 2019, Month: 3, Precision: PrecMonth}, "2019-03", true},
		{Day{Year: 2016, Precision: PrecYear}, "2016", true},
		{Day{Year: 1950, Precision: PrecDecade}, "1950s", true},
		{DayOf(0, 12, 19), "--12-19", true},
		{DayOf(0, 2, 29), "--02-29", true},
		{DayOf(5, 1, 2), "0005-01-02", true},
		{Day{}, "", false},
		{Day{Year: 1955, Precision: PrecDecade}, "1955s", false},
		{Day{Precision: PrecYear}, "0000", false},
		{DayOf(2016, 13, 1), "2016-13-01", false},
		{DayOf(2016, 0, 0), "2016-00-00", false},
		{DayOf(10000, 1, 1), "10000-01-01", false},
		{Day{Year: 2016, Month: 12, Day: 19, Precision: PrecMonth}, "2016-12", false},
	} {
		if got := c.k.String(); got != c.want {
			t.Errorf("%+v.String() = %q, want %q", c.k, got, c.want)
		}
		if got := c.k.Valid(); got != c.valid {
			t.Errorf("%+v.Valid() = %v, want %v", c.k, got, c.valid)
		}
	}
	if got := DayOf(2016, 12, 9).MonthDay(); got != "12-09" {
		t.Errorf("MonthDay = %q, want 12-09", got)
	}
}

// TestDayRoundTrip: a valid Day of a known year (but a decade) formats as
// the XMP partial date that reads back as that Day; a Date's calendar is
// its Day.
func TestDayRoundTrip(t *testing.T) {
	for _, k := range []Day{
		DayOf(2016, 12, 19), DayOf(2024, 2, 29), DayOf(1, 1, 1), DayOf(9999, 12, 31),
		{Year: 2019, Month: 3, Precision: PrecMonth}, {Year: 2016, Precision: PrecYear},
	} {
		d, err := ParseXMPDate(k.String())
		if err != nil {
			t.Errorf("%s: %v", k, err)
			continue
		}
		if got := d.Calendar(); got != k {
			t.Errorf("%s read back as %+v, want %+v", k, got, k)
		}
	}
	d, _ := ParseEXIFDate("2016:12:19 23:30:00", "5", "+05:30")
	if got := d.Calendar(); got != DayOf(2016, 12, 19) {
		t.Errorf("the calendar of %s is %s, want the stated day 2016-12-19 (the offset is never applied)", d, got)
	}
}

func TestDayAgrees(t *testing.T) {
	day := DayOf
	month := func(y, m int) Day { return Day{Year: y, Month: m, Precision: PrecMonth} }
	year := func(y int) Day { return Day{Year: y, Precision: PrecYear} }
	decade := func(y int) Day { return Day{Year: y, Precision: PrecDecade} }
	for _, c := range []struct {
		a, b Day
		want bool
	}{
		{day(2016, 12, 19), day(2016, 12, 19), true},
		{day(2016, 12, 19), day(2016, 12, 20), false},
		{day(2016, 12, 19), day(2017, 12, 19), false},
		{year(2016), day(2016, 1, 1), true},
		{year(2016), day(2016, 12, 31), true},
		{year(2016), day(2017, 1, 1), false},
		{month(2019, 3), day(2019, 3, 31), true},
		{month(2019, 3), day(2019, 4, 1), false},
		{month(2019, 3), year(2019), true},
		{decade(1950), day(1950, 1, 1), true},
		{decade(1950), day(1959, 12, 31), true},
		{decade(1950), day(1960, 1, 1), false},
		{decade(1950), year(1949), false},
		{day(0, 12, 19), day(2016, 12, 19), true}, // the year unknown: month and day
		{day(0, 12, 19), day(2016, 12, 20), false},
		{day(0, 12, 19), year(2016), true},
		{Day{}, day(2016, 12, 19), true},
	} {
		if got := c.a.Agrees(c.b); got != c.want {
			t.Errorf("%s agrees with %s = %v, want %v", c.a, c.b, got, c.want)
		}
		if got := c.b.Agrees(c.a); got != c.want {
			t.Errorf("%s agrees with %s = %v, want %v (not symmetric)", c.b, c.a, got, c.want)
		}
	}
}

func TestDateFormat(t *testing.T) {
	for _, c := range []struct {
		d           Date
		want, clock string
	}{
		{Date{Year: 2016, Month: 12, Day: 19, Hour: 14, Minute: 5, Precision: PrecMinute}, "2016-12-19T14:05", "14:05"},
		{Date{Year: 2016, Month: 12, Day: 19, Hour: 0, Minute: 7, Second: 40, Precision: PrecSecond, HasOffset: true, OffsetMinutes: -381}, "2016-12-19T00:07:40-06:21", "00:07:40"},
		{Date{Year: 2016, Month: 12, Day: 19, Hour: 9, Second: 1, Frac: "25", Precision: PrecFrac, HasOffset: true}, "2016-12-19T09:00:01.25+00:00", "09:00:01"},
		{Date{Year: 2016, Month: 12, Day: 19, Precision: PrecDay, HasOffset: true, OffsetMinutes: 180}, "2016-12-19", "00:00"},
		{Date{Year: 2016, Month: 12, Precision: PrecMonth}, "2016-12", "00:00"},
	} {
		if got := c.d.String(); got != c.want {
			t.Errorf("String() = %q, want %q", got, c.want)
		}
		if got := c.d.Clock(); got != c.clock {
			t.Errorf("%s: Clock() = %q, want %q", c.want, got, c.clock)
		}
	}
	for off, want := range map[int]string{0: "+00:00", 180: "+03:00", -210: "-03:30", 345: "+05:45", 840: "+14:00", -720: "-12:00"} {
		if got := OffsetString(off); got != want {
			t.Errorf("OffsetString(%d) = %q, want %q", off, got, want)
		}
	}
}
