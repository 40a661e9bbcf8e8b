package date

// The one calendar: the proleptic Gregorian calendar, years 1 to 9999.
// Nothing here reads a clock or a time zone.

// IsLeap reports whether y is a leap year: every fourth year, but not a
// century unless it divides by 400 (1900 is not, 2000 is).
func IsLeap(y int) bool { return y%4 == 0 && (y%100 != 0 || y%400 == 0) }

// DaysIn returns the number of days of month m (1..12) of year y, and 0
// for a month that does not exist.
func DaysIn(y, m int) int {
	switch m {
	case 2:
		if IsLeap(y) {
			return 29
		}
		return 28
	case 4, 6, 9, 11:
		return 30
	case 1, 3, 5, 7, 8, 10, 12:
		return 31
	}
	return 0
}

// DayNumber returns the number of days from 1970-01-01 to y-m-d (Howard
// Hinnant's days_from_civil; exact for every proleptic Gregorian date).
func DayNumber(y, m, d int) int64 {
	if m <= 2 {
		y--
	}
	era := y / 400
	if y < 0 && y%400 != 0 {
		era--
	}
	yoe := y - era*400
	mp := (m + 9) % 12
	doy := (153*mp+2)/5 + d - 1
	doe := yoe*365 + yoe/4 - yoe/100 + doy
	return int64(era)*146097 + int64(doe) - 719468
}

// FromDayNumber is the inverse of DayNumber: the date n days after
// 1970-01-01 (Hinnant's civil_from_days).
func FromDayNumber(n int64) (y, m, d int) {
	n += 719468
	era := n / 146097
	if n < 0 && n%146097 != 0 {
		era--
	}
	doe := n - era*146097
	yoe := (doe - doe/1460 + doe/36524 - doe/146096) / 365
	doy := doe - (365*yoe + yoe/4 - yoe/100)
	mp := (5*doy + 2) / 153
	d = int(doy - (153*mp+2)/5 + 1)
	m = int(mp + 3)
	if m > 12 {
		m -= 12
	}
	y = int(yoe + era*400)
	if m <= 2 {
		y++
	}
	return y, m, d
}
