package check

import (
	"github.com/captag/captag/metadata/caption"
	"github.com/captag/captag/metadata/date"
)

// A caption that dates its picture by a range of days ("13-14 February
// 2023", "22 en 23 februari 1941"; caption.Record.DateSpan) is right on
// any day of it (issue 22).

// spanAgrees reports whether the store's calendar date d is a day of the
// caption's date or of the range after it.
func spanAgrees(rec *caption.Record, rd, d date.Day) bool {
	if rd.Agrees(d) {
		return true
	}
	if rec.DateSpan <= 0 || rd.Precision != date.PrecDay || d.Precision < date.PrecDay || !d.Valid() {
		return false
	}
	if !rd.YearKnown() {
		rd.Year = d.Year // a month and day of any year
	}
	diff := d.Number() - rd.Number()
	return diff >= 0 && diff <= int64(rec.DateSpan)
}

// spanWant says the caption's date for messages: "2023-02-13", or
// "2023-02-13 to 2023-02-14" for a range.
func spanWant(rec *caption.Record, rd date.Day) string {
	if rec.DateSpan <= 0 || rd.Precision != date.PrecDay || !rd.YearKnown() || !rd.Valid() {
		return rd.String()
	}
	y, m, d := date.FromDayNumber(rd.Number() + int64(rec.DateSpan))
	return rd.String() + " to " + date.DayOf(y, m, d).String()
}
