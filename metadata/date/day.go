package date

import "strconv"

// Day is a calendar date known to a precision: PrecDay ("2016-12-19"),
// PrecMonth ("2016-12"), PrecYear ("2016") or PrecDecade ("1950s": Year
// is the decade's first year). Month and Day are 0 beyond the precision.
//
// Year 0 is a year not known yet: a caption's "December 19" before a
// year is given or inferred. Only a Day of day precision may lack its
// year; such a Day accepts 29 February (some leap year may be meant).
// The zero Day (PrecNone) is no date.
type Day struct {
	Year, Month, Day int
	Precision        Precision
}

// DayOf returns the Day y-m-d at day precision (y 0: year unknown).
func DayOf(y, m, d int) Day { return Day{Year: y, Month: m, Day: d, Precision: PrecDay} }

// IsZero reports whether no date is known.
func (k Day) IsZero() bool { return k.Precision == PrecNone }

// YearKnown reports whether k states its year (or decade).
func (k Day) YearKnown() bool { return k.Year != 0 }

// Valid reports whether k is a date of the calendar at its precision:
// years 1..9999 (0 only for a day of an unknown year), months 1..12, days
// of that month (of a leap year when the year is unknown), and a decade's
// year a multiple of ten.
func (k Day) Valid() bool {
	if k.Year < 0 || k.Year > 9999 || k.Year == 0 && k.Precision != PrecDay {
		return false
	}
	switch k.Precision {
	case PrecDecade:
		return k.Year%10 == 0 && k.Month == 0 && k.Day == 0
	case PrecYear:
		return k.Month == 0 && k.Day == 0
	case PrecMonth:
		return k.Month >= 1 && k.Month <= 12 && k.Day == 0
	case PrecDay:
		y := k.Year
		if y == 0 {
			y = leapYear
		}
		return k.Month >= 1 && k.Month <= 12 && k.Day >= 1 && k.Day <= DaysIn(y, k.Month)
	}
	return false
}

// leapYear stands for an unknown year when a day is checked: some leap
// year, so that 29 February passes.
const leapYear = 2000

// Calendar returns the calendar part of d at its precision (day
// precision at most): the date as the store states it, in its own
// offset, which is never applied.
func (d Date) Calendar() Day {
	switch {
	case d.Precision == PrecNone:
		return Day{}
	case d.Precision == PrecDecade:
		return Day{Year: d.Year - d.Year%10, Precision: PrecDecade}
	case d.Precision == PrecYear:
		return Day{Year: d.Year, Precision: PrecYear}
	case d.Precision == PrecMonth:
		return Day{Year: d.Year, Month: d.Month, Precision: PrecMonth}
	}
	return DayOf(d.Year, d.Month, d.Day)
}

// Number returns the days from 1970-01-01 to k; k must be a valid Day of
// day precision with its year.
func (k Day) Number() int64 { return DayNumber(k.Year, k.Month, k.Day) }

// Agrees reports whether k and e name the same date at the coarser of
// their precisions: "2016" agrees with every day of 2016, "1950s" with
// every date of 1950–1959, and a day of an unknown year with that month
// and day of any year. Two zero Days agree with everything.
func (k Day) Agrees(e Day) bool {
	p := min(k.Precision, e.Precision)
	if p == PrecNone {
		return true
	}
	if k.YearKnown() && e.YearKnown() {
		if p == PrecDecade && k.Year/10 != e.Year/10 || p >= PrecYear && k.Year != e.Year {
			return false
		}
	}
	if p >= PrecMonth && k.Month != e.Month {
		return false
	}
	return p < PrecDay || k.Day == e.Day
}

// String formats k at its precision: "2016-12-19", "2016-12", "2016",
// "1950s", or "--12-19" (ISO 8601) for a day of an unknown year; "" for
// the zero Day. Fields out of range are printed as they are.
func (k Day) String() string {
	if k.Precision == PrecNone {
		return ""
	}
	var b [16]byte
	if k.Year == 0 && k.Precision == PrecDay {
		return string(k.appendMonthDay(append(b[:0], "--"...)))
	}
	s := appendPad(b[:0], k.Year, 4)
	switch k.Precision {
	case PrecDecade:
		s = append(s, 's')
	case PrecMonth:
		s = appendPad(append(s, '-'), k.Month, 2)
	case PrecDay:
		s = k.appendMonthDay(append(s, '-'))
	}
	return string(s)
}

// MonthDay formats k's month and day as "12-19".
func (k Day) MonthDay() string {
	var b [8]byte
	return string(k.appendMonthDay(b[:0]))
}

func (k Day) appendMonthDay(b []byte) []byte {
	return appendPad(append(appendPad(b, k.Month, 2), '-'), k.Day, 2)
}

// appendPad appends n in decimal, zero-padded to width digits (a negative
// n is printed as it is).
func appendPad(b []byte, n, width int) []byte {
	if n < 0 {
		return strconv.AppendInt(b, int64(n), 10)
	}
	for p, w := 1, 1; w < width; w++ {
		if p *= 10; n < p {
			b = append(b, '0')
		}
	}
	return strconv.AppendInt(b, int64(n), 10)
}
