package check

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/captag/captag/metadata"
	"github.com/captag/captag/metadata/caption"
)

// inferSlackDays is how many days a caption date may fall after the
// capture date when InferYear picks a year: a camera clock in another zone
// can put a picture taken just after midnight on the previous day.
const inferSlackDays = 1

// day is a calendar date; y is 0 when the year is unknown.
type day struct{ y, m, d int }

func (k day) String() string {
	var b [10]byte
	if k.y == 0 {
		return string(appendYMD(append(b[:0], "--"...), -1, k.m, k.d))
	}
	return string(appendYMD(b[:0], k.y, k.m, k.d))
}

// appendYMD appends "YYYY-MM-DD" (y >= 0), "YYYY-MM" (d < 0) or "YYYY"
// (m < 0), or "MM-DD" when y < 0, with zero padding; the fields of a
// valid date are in range, others are printed as they are.
func appendYMD(b []byte, y, m, d int) []byte {
	if y >= 0 {
		b = appendPad(b, y, 4)
		if m < 0 {
			return b
		}
		b = append(b, '-')
	}
	b = appendPad(b, m, 2)
	if d < 0 {
		return b
	}
	return appendPad(append(b, '-'), d, 2)
}

// appendPad appends n in decimal, zero-padded to width digits.
func appendPad(b []byte, n, width int) []byte {
	if n < 0 || n > 9999 {
		return strconv.AppendInt(b, int64(n), 10)
	}
	var d [4]byte
	i := len(d)
	for n > 0 || i == len(d) {
		i--
		d[i] = byte('0' + n%10)
		n /= 10
	}
	for k := len(d) - i; k < width; k++ {
		b = append(b, '0')
	}
	return append(b, d[i:]...)
}

// validDay reports whether y-m-d exists in the proleptic Gregorian
// calendar (y 0 means "some leap year", so Feb 29 passes).
func validDay(y, m, d int) bool {
	if m < 1 || m > 12 || d < 1 || y < 0 || y > 9999 {
		return false
	}
	if y == 0 {
		y = 2000
	}
	return d <= daysIn(y, m)
}

// daysIn returns the number of days of month m of year y. time.Date is
// used for calendar arithmetic only, always in UTC.
func daysIn(y, m int) int {
	return time.Date(y, time.Month(m)+1, 0, 0, 0, 0, 0, time.UTC).Day()
}

// dayNumber counts days since 1970-01-01 for a valid date.
func dayNumber(y, m, d int) int {
	return int(time.Date(y, time.Month(m), d, 0, 0, 0, 0, time.UTC).Unix() / 86400)
}

// recordDay returns the record's calendar date when it has a month and a
// day (the year may be 0, unknown).
func recordDay(r *caption.Record) (day, bool) {
	k := day{r.Year, r.Month, r.Day}
	return k, validDay(k.y, k.m, k.d)
}

// storeDay returns the calendar date a store states, as stated (its own
// local date; the offset is never applied), when it is known to the day.
func storeDay(d metadata.Date) (day, bool) {
	if d.Precision < metadata.PrecDay || !validDay(d.Year, d.Month, d.Day) || d.Year == 0 {
		return day{}, false
	}
	return day{d.Year, d.Month, d.Day}, true
}

// bestDate is the image's capture date: the first dated store in the order
// EXIF, IPTC, XMP, sidecar.
func bestDate(img *metadata.Image) (metadata.Date, bool) {
	if img == nil {
		return metadata.Date{}, false
	}
	for _, s := range stores(img) {
		if !s.Date.IsZero() {
			return s.Date, true
		}
	}
	return metadata.Date{}, false
}

// stores returns the image's stores in the order EXIF, IPTC, XMP,
// sidecar, like metadata.Image.Stores, in a slice the compiler can keep
// on the caller's stack.
func stores(img *metadata.Image) []*metadata.Store {
	all := [4]*metadata.Store{img.EXIF, img.IPTC, img.XMP, img.Sidecar}
	n := 0
	for _, s := range all {
		if s != nil {
			all[n] = s
			n++
		}
	}
	return all[:n:n]
}

// calendarString formats the calendar part of d at its precision:
// "2016", "2016-12" or "2016-12-19".
func calendarString(d metadata.Date) string {
	var b [10]byte
	switch {
	case d.Precision == metadata.PrecNone:
		return ""
	case d.Precision == metadata.PrecYear:
		return string(appendYMD(b[:0], d.Year, -1, -1))
	case d.Precision == metadata.PrecMonth:
		return string(appendYMD(b[:0], d.Year, d.Month, -1))
	}
	return string(appendYMD(b[:0], d.Year, d.Month, d.Day))
}

// statedString formats d with everything it states (time, fraction,
// offset), for messages: "2016-12-19T23:59:00+05:30".
func statedString(d metadata.Date) string {
	s := calendarString(d)
	if d.Precision < metadata.PrecMinute {
		return s
	}
	var b strings.Builder
	b.WriteString(s)
	fmt.Fprintf(&b, "T%02d:%02d", d.Hour, d.Minute)
	if d.Precision >= metadata.PrecSecond {
		fmt.Fprintf(&b, ":%02d", d.Second)
	}
	if d.Precision >= metadata.PrecFrac && d.Frac != "" {
		b.WriteString("." + d.Frac)
	}
	if d.HasOffset {
		off := d.OffsetMinutes
		sign := byte('+')
		if off < 0 {
			sign, off = '-', -off
		}
		fmt.Fprintf(&b, "%c%02d:%02d", sign, off/60, off%60)
	}
	return b.String()
}

// sameAtPrecision reports whether the record date agrees with a store date
// at the coarser of their precisions: a store that states only "2016"
// agrees with any 2016 caption, and a caption whose year is unknown agrees
// on month and day alone.
func sameAtPrecision(r day, d metadata.Date) bool {
	if r.y != 0 && d.Year != r.y {
		return false
	}
	if d.Precision >= metadata.PrecMonth && d.Month != r.m {
		return false
	}
	if d.Precision >= metadata.PrecDay && d.Day != r.d {
		return false
	}
	return true
}

// InferYear returns rec with its Year taken from the image's capture date
// (the first dated store of EXIF, IPTC, XMP, sidecar) and DateInferred set,
// when rec has a month and day but no year. Of the capture year and the
// years either side it picks the one that puts the caption date closest
// to, and not after (by more than a day), the capture date, so that a
// "DECEMBER 31" caption on a picture taken 2017-01-01 gets 2016. A record
// that has a year, has no date, or whose image has no date comes back
// unchanged.
func InferYear(rec caption.Record, img *metadata.Image) caption.Record {
	cd, ok := bestDate(img)
	return inferYear(rec, cd, ok)
}

// inferYear is InferYear with the capture date cd (ok false: none).
func inferYear(rec caption.Record, cd metadata.Date, ok bool) caption.Record {
	if rec.Year != 0 || !validDay(0, rec.Month, rec.Day) {
		return rec
	}
	if !ok || cd.Year < 1 || cd.Year > 9999 {
		return rec
	}
	if cd.Precision == metadata.PrecYear {
		if validDay(cd.Year, rec.Month, rec.Day) {
			rec.Year, rec.DateInferred = cd.Year, true
		}
		return rec
	}
	if cd.Month < 1 || cd.Month > 12 {
		return rec
	}
	cday := cd.Day
	if cd.Precision == metadata.PrecMonth || cday < 1 || cday > daysIn(cd.Year, cd.Month) {
		cday = daysIn(cd.Year, cd.Month)
	}
	capture := dayNumber(cd.Year, cd.Month, cday)
	best, bestDist := 0, 0
	for y := cd.Year - 1; y <= cd.Year+1; y++ {
		if y < 1 || y > 9999 || !validDay(y, rec.Month, rec.Day) {
			continue
		}
		before := capture - dayNumber(y, rec.Month, rec.Day) // > 0: caption before capture
		if before < -inferSlackDays {
			continue
		}
		dist := before
		if dist < 0 {
			dist = -dist
		}
		if best == 0 || dist < bestDist {
			best, bestDist = y, dist
		}
	}
	if best != 0 {
		rec.Year, rec.DateInferred = best, true
	}
	return rec
}
