package date

import (
	"fmt"
	"strings"
)

// Precision says how much of a Date is known.
type Precision uint8

const (
	PrecNone   Precision = iota // no date
	PrecDecade                  // the 1950s (a Day only: no store states a decade)
	PrecYear                    // 2016
	PrecMonth                   // 2016-12
	PrecDay                     // 2016-12-19
	PrecMinute                  // 2016-12-19T14:05
	PrecSecond                  // 2016-12-19T14:05:00
	PrecFrac                    // 2016-12-19T14:05:00.25
)

// Date is a calendar date and wall-clock time as a file states it, with an
// offset only when the file states one. "No offset" is not UTC: a Date
// without HasOffset is a local time at an unknown place.
//
// A UTC designator ("Z" in XMP) is a stated offset: HasOffset is true,
// OffsetMinutes is 0, and String prints it as "+00:00".
type Date struct {
	Year, Month, Day     int
	Hour, Minute, Second int
	Frac                 string // fraction-of-second digits as written ("25" for .25), only with PrecFrac
	Precision            Precision
	HasOffset            bool
	OffsetMinutes        int // minutes east of UTC, only with HasOffset
}

// Limits on what a date may state. Offsets in use today run from -12:00 to
// +14:00; anything beyond 14 hours either way is refused.
const (
	maxOffsetMinutes = 14 * 60
	maxFracDigits    = 9  // nanoseconds; longer fractions are refused
	maxDateInput     = 64 // longer inputs are refused before they are scanned
)

// Syntax names the store whose date syntax a parser reads. Its value is
// the name package metadata gives that store (metadata.StoreKind is
// spelled from these constants).
type Syntax string

const (
	StoreEXIF Syntax = "exif" // EXIF DateTimeOriginal + SubSecTimeOriginal + OffsetTimeOriginal
	StoreIPTC Syntax = "iptc" // IPTC-IIM 2:55 + 2:60
	StoreXMP  Syntax = "xmp"  // XMP (ISO 8601 / W3C-DTF)
)

// DateError says why a date string was refused. Its message can stand as a
// warning as it is: "exif: expected a date like …, found …".
type DateError struct {
	Store    Syntax // which store's syntax was expected
	Expected string // what the parser expected, in words
	Value    string // the value as found (quoted in the message)
}

func (e *DateError) Error() string {
	msg := fmt.Sprintf("%s: expected %s, found %s", e.Store, e.Expected, quoteValue(e.Value))
	if v := trimValue(e.Value); strings.Contains(v, "00") && isBlankDate(v) {
		// "0000:00:00 00:00:00": exiftool shows it, but it is no date;
		// captag counts it absent and says what it means.
		who := "the camera"
		if e.Store != StoreEXIF {
			who = "its writer"
		}
		msg += ", a placeholder: " + who + " wrote no date"
	}
	return msg
}

// quoteValue quotes v for a message, shortened so that a hostile value
// cannot flood a report.
func quoteValue(v string) string {
	const maxShown = 40
	if len(v) > maxShown {
		cut := maxShown
		for cut > 0 && !isRuneStart(v[cut]) {
			cut--
		}
		return fmt.Sprintf("%q…", v[:cut])
	}
	if strings.Trim(v, " \x00") == "" {
		if v == "" {
			return "an empty value"
		}
		return fmt.Sprintf("a blank value %q", v)
	}
	return fmt.Sprintf("%q", v)
}

func isRuneStart(b byte) bool { return b&0xC0 != 0x80 }

// IsZero reports whether no date is known.
func (d Date) IsZero() bool { return d.Precision == PrecNone }

// Compare orders d and e: -1 when d is earlier, 0 when they agree as far as
// both are known, +1 when d is later. When both state an offset they are
// compared as instants; when either lacks one, their wall-clock fields are
// compared as written (the offset is ignored, never guessed). Only the
// fields both dates know are compared, so "2016" and "2016-12-19T14:05"
// compare equal; Compare is therefore not a total order across precisions.
// A zero Date compares equal to everything.
func (d Date) Compare(e Date) int {
	p := min(d.Precision, e.Precision)
	if p == PrecNone {
		return 0
	}
	if d.HasOffset && e.HasOffset && p >= PrecMinute {
		// Both have a time (offsets only come with one): compare minutes
		// since the epoch in UTC, then seconds, then the fraction.
		a := d.epochMinutes() - int64(d.OffsetMinutes)
		b := e.epochMinutes() - int64(e.OffsetMinutes)
		if c := cmpInt64(a, b); c != 0 {
			return c
		}
		return cmpSubMinute(d, e, p)
	}
	for _, f := range [...]struct {
		prec Precision
		a, b int
	}{
		{PrecYear, d.Year, e.Year},
		{PrecMonth, d.Month, e.Month},
		{PrecDay, d.Day, e.Day},
		{PrecMinute, d.Hour, e.Hour},
		{PrecMinute, d.Minute, e.Minute},
	} {
		if p < f.prec {
			return 0
		}
		if c := cmpInt64(int64(f.a), int64(f.b)); c != 0 {
			return c
		}
	}
	return cmpSubMinute(d, e, p)
}

func cmpSubMinute(d, e Date, p Precision) int {
	if p < PrecSecond {
		return 0
	}
	if c := cmpInt64(int64(d.Second), int64(e.Second)); c != 0 {
		return c
	}
	if p < PrecFrac {
		return 0
	}
	// Fractions compare digit by digit, the shorter padded with zeros.
	n := max(len(d.Frac), len(e.Frac))
	a := d.Frac + strings.Repeat("0", n-len(d.Frac))
	b := e.Frac + strings.Repeat("0", n-len(e.Frac))
	return strings.Compare(a, b)
}

func cmpInt64(a, b int64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// epochMinutes counts minutes from 1970-01-01T00:00 to d's wall clock,
// in the proleptic Gregorian calendar.
func (d Date) epochMinutes() int64 {
	return DayNumber(d.Year, d.Month, d.Day)*24*60 + int64(d.Hour)*60 + int64(d.Minute)
}

// String formats d as ISO 8601 with exactly what is known:
// "2021-07-04T18:45:12+05:30", "2016-12-19T23:59:59", "2016-12-19", "2016".
// A zero Date formats as "". A stated UTC offset prints as "+00:00". This
// is the XMP form (photoshop:DateCreated) and the form of every message.
func (d Date) String() string {
	if d.Precision == PrecNone {
		return ""
	}
	s := d.Calendar().String()
	if d.Precision < PrecMinute {
		return s
	}
	b := make([]byte, 0, 32)
	b = append(append(append(b, s...), 'T'), d.Clock()...)
	if d.Precision >= PrecFrac && d.Frac != "" {
		b = append(append(b, '.'), d.Frac...)
	}
	if d.HasOffset {
		b = append(b, OffsetString(d.OffsetMinutes)...)
	}
	return string(b)
}

// Clock formats d's time of day: "14:05" at minute precision, "14:05:00"
// at second precision or finer (the fraction is not shown).
func (d Date) Clock() string {
	var b [8]byte
	s := appendPad(append(appendPad(b[:0], d.Hour, 2), ':'), d.Minute, 2)
	if d.Precision >= PrecSecond {
		s = appendPad(append(s, ':'), d.Second, 2)
	}
	return string(s)
}

// OffsetString formats minutes east of UTC as "+03:00", "-06:21",
// "+00:00".
func OffsetString(off int) string {
	sign := byte('+')
	if off < 0 {
		sign, off = '-', -off
	}
	var b [8]byte
	return string(appendPad(append(appendPad(append(b[:0], sign), off/60, 2), ':'), off%60, 2))
}

// scanner is a cursor over a date string.
type scanner struct {
	s   string
	pos int
}

func (sc *scanner) done() bool { return sc.pos >= len(sc.s) }

func (sc *scanner) peek() byte {
	if sc.done() {
		return 0
	}
	return sc.s[sc.pos]
}

// digits reads exactly n ASCII digits.
func (sc *scanner) digits(n int) (int, bool) {
	if sc.pos+n > len(sc.s) {
		return 0, false
	}
	v := 0
	for i := 0; i < n; i++ {
		c := sc.s[sc.pos+i]
		if c < '0' || c > '9' {
			return 0, false
		}
		v = v*10 + int(c-'0')
	}
	sc.pos += n
	return v, true
}

// lit consumes c if it is next.
func (sc *scanner) lit(c byte) bool {
	if sc.peek() == c && !sc.done() {
		sc.pos++
		return true
	}
	return false
}

// offset reads "Z", "±hh:mm" or, when allowCompact, "±hhmm", returning
// minutes east of UTC.
func (sc *scanner) offset(allowCompact bool) (int, bool) {
	if sc.lit('Z') {
		return 0, true
	}
	sign := 1
	switch {
	case sc.lit('+'):
	case sc.lit('-'):
		sign = -1
	default:
		return 0, false
	}
	h, ok := sc.digits(2)
	if !ok {
		return 0, false
	}
	if !sc.lit(':') && !allowCompact {
		return 0, false
	}
	m, ok := sc.digits(2)
	if !ok || m > 59 {
		return 0, false
	}
	off := h*60 + m
	if off > maxOffsetMinutes {
		return 0, false
	}
	return sign * off, true
}

// trimValue drops what writers pad values with: trailing NULs and spaces,
// and surrounding whitespace.
func trimValue(s string) string {
	return strings.TrimSpace(strings.TrimRight(s, "\x00 "))
}

// isBlankDate reports values that say "unknown" by their shape: empty,
// spaces, or only separators and zeros ("0000:00:00 00:00:00",
// "    :  :     :  :  ").
func isBlankDate(s string) bool {
	return strings.Trim(s, " \x00:-0T+") == ""
}

// valid checks the calendar and clock fields of d for its precision.
func (d Date) valid() bool {
	if d.Year < 1 || d.Year > 9999 {
		return false
	}
	if d.Precision >= PrecMonth && (d.Month < 1 || d.Month > 12) {
		return false
	}
	if d.Precision >= PrecDay && (d.Day < 1 || d.Day > DaysIn(d.Year, d.Month)) {
		return false
	}
	if d.Precision >= PrecMinute && (d.Hour > 23 || d.Minute > 59) {
		return false
	}
	if d.Precision >= PrecSecond && d.Second > 59 {
		return false
	}
	if d.Precision == PrecFrac && (d.Frac == "" || len(d.Frac) > maxFracDigits) {
		return false
	}
	if d.HasOffset && (d.Precision < PrecMinute || d.OffsetMinutes < -maxOffsetMinutes || d.OffsetMinutes > maxOffsetMinutes) {
		return false
	}
	return true
}

// fracDigits reads a run of 1..maxFracDigits digits.
func (sc *scanner) fracDigits() (string, bool) {
	start := sc.pos
	for !sc.done() && sc.peek() >= '0' && sc.peek() <= '9' {
		sc.pos++
	}
	f := sc.s[start:sc.pos]
	return f, len(f) >= 1 && len(f) <= maxFracDigits
}

const (
	wantEXIFDate   = `a DateTimeOriginal like "2016:12:19 14:05:00"`
	wantEXIFSubSec = `SubSecTimeOriginal digits like "25"`
	wantEXIFOffset = `an OffsetTimeOriginal like "+03:00"`
	wantIIMDate    = `an IIM 2:55 date like "20161219"`
	wantIIMTime    = `an IIM 2:60 time like "140500+0300"`
	wantXMPDate    = `an XMP date like "2016-12-19T14:05:00+03:00"`
)

// ParseEXIFDate combines DateTimeOriginal ("2016:12:19 14:05:00"),
// SubSecTimeOriginal ("25") and OffsetTimeOriginal ("+03:00"); subsec and
// offset may be empty. Trailing NULs and spaces are ignored; a blank
// offset ("   :  ", which the EXIF standard uses for "unknown") counts as
// no offset. A blank or zero DateTimeOriginal, an impossible date, or
// anything after the seconds is an error (*DateError).
func ParseEXIFDate(dt, subsec, offset string) (Date, error) {
	v := trimValue(dt)
	bad := func(want, val string) (Date, error) {
		return Date{}, &DateError{Store: StoreEXIF, Expected: want, Value: val}
	}
	if len(v) > maxDateInput || isBlankDate(v) {
		return bad(wantEXIFDate, dt)
	}
	sc := scanner{s: v}
	var d Date
	var ok1, ok2, ok3, ok4, ok5, ok6 bool
	d.Year, ok1 = sc.digits(4)
	sep := sc.peek()
	if sep != ':' && sep != '-' {
		return bad(wantEXIFDate, dt)
	}
	sc.lit(sep)
	d.Month, ok2 = sc.digits(2)
	if !sc.lit(sep) {
		return bad(wantEXIFDate, dt)
	}
	d.Day, ok3 = sc.digits(2)
	if !sc.lit(' ') && !sc.lit('T') {
		return bad(wantEXIFDate, dt)
	}
	d.Hour, ok4 = sc.digits(2)
	okc1 := sc.lit(':')
	d.Minute, ok5 = sc.digits(2)
	okc2 := sc.lit(':')
	d.Second, ok6 = sc.digits(2)
	d.Precision = PrecSecond
	if !(ok1 && ok2 && ok3 && ok4 && ok5 && ok6 && okc1 && okc2) || !sc.done() || !d.valid() {
		return bad(wantEXIFDate, dt)
	}

	if ss := trimValue(subsec); ss != "" {
		fs := scanner{s: ss}
		f, ok := fs.fracDigits()
		if !ok || !fs.done() {
			return bad(wantEXIFSubSec, subsec)
		}
		d.Frac = f
		d.Precision = PrecFrac
	}

	if o := trimValue(offset); o != "" && strings.Trim(o, " :") != "" {
		osc := scanner{s: o}
		off, ok := osc.offset(false)
		if !ok || !osc.done() || o == "Z" {
			return bad(wantEXIFOffset, offset)
		}
		d.HasOffset = true
		d.OffsetMinutes = off
	}
	return d, nil
}

// ParseIIMDate combines IIM 2:55 ("20161219") and 2:60 ("140500+0300");
// tm may be empty. 2:55 may state an unknown month or day as "00" (IIM
// 4.2), which gives a date known to the year or month. 2:60 is read with a
// strict grammar: HHMMSS±HHMM, HHMMSS, or the HH:MM:SS±HH:MM form some
// tools show; a time with a partial date is refused.
func ParseIIMDate(date, tm string) (Date, error) {
	v := trimValue(date)
	if len(v) > maxDateInput || isBlankDate(v) {
		return Date{}, &DateError{Store: StoreIPTC, Expected: wantIIMDate, Value: date}
	}
	sc := scanner{s: v}
	var d Date
	y, ok1 := sc.digits(4)
	m, ok2 := sc.digits(2)
	day, ok3 := sc.digits(2)
	if !(ok1 && ok2 && ok3) || !sc.done() {
		return Date{}, &DateError{Store: StoreIPTC, Expected: wantIIMDate, Value: date}
	}
	d.Year, d.Month, d.Day = y, m, day
	switch {
	case m == 0 && day == 0:
		d.Precision = PrecYear
	case m != 0 && day == 0:
		d.Precision = PrecMonth
	case m != 0:
		d.Precision = PrecDay
	default: // a day without a month
		return Date{}, &DateError{Store: StoreIPTC, Expected: wantIIMDate, Value: date}
	}
	if !d.valid() {
		return Date{}, &DateError{Store: StoreIPTC, Expected: wantIIMDate, Value: date}
	}

	t := trimValue(tm)
	if t == "" {
		return d, nil
	}
	badTime := &DateError{Store: StoreIPTC, Expected: wantIIMTime, Value: tm}
	if d.Precision < PrecDay || len(t) > maxDateInput {
		return Date{}, badTime
	}
	ts := scanner{s: t}
	colons := len(t) >= 3 && t[2] == ':'
	var ok4, ok5, ok6 bool
	d.Hour, ok4 = ts.digits(2)
	if colons && !ts.lit(':') {
		return Date{}, badTime
	}
	d.Minute, ok5 = ts.digits(2)
	if colons && !ts.lit(':') {
		return Date{}, badTime
	}
	d.Second, ok6 = ts.digits(2)
	if !(ok4 && ok5 && ok6) {
		return Date{}, badTime
	}
	d.Precision = PrecSecond
	if !ts.done() {
		if ts.peek() != '+' && ts.peek() != '-' {
			return Date{}, badTime
		}
		off, ok := ts.offset(!colons)
		if !ok || !ts.done() {
			return Date{}, badTime
		}
		// The compact form has no colon in its offset; the colon form
		// must have one (offset(false) enforces that).
		if !colons && strings.Contains(t, ":") {
			return Date{}, badTime
		}
		d.HasOffset = true
		d.OffsetMinutes = off
	}
	if !d.valid() {
		return Date{}, badTime
	}
	return d, nil
}

// ParseXMPDate parses an XMP (ISO 8601 / W3C-DTF) date: YYYY, YYYY-MM,
// YYYY-MM-DD, YYYY-MM-DDThh:mm[:ss[.s]][TZD]; also the EXIF-like
// "YYYY:MM:DD hh:mm:ss" some writers put in XMP. TZD is "Z" (a stated
// UTC offset), "±hh:mm" or "±hhmm". Surrounding whitespace is ignored.
func ParseXMPDate(s string) (Date, error) {
	v := strings.TrimSpace(s)
	bad := &DateError{Store: StoreXMP, Expected: wantXMPDate, Value: s}
	if len(v) > maxDateInput || isBlankDate(v) {
		return Date{}, bad
	}
	sc := scanner{s: v}
	var d Date
	var ok bool
	if d.Year, ok = sc.digits(4); !ok {
		return Date{}, bad
	}
	d.Precision = PrecYear
	if sc.done() {
		return checked(d, bad)
	}
	sep := sc.peek()
	if sep != '-' && sep != ':' {
		return Date{}, bad
	}
	sc.lit(sep)
	if d.Month, ok = sc.digits(2); !ok {
		return Date{}, bad
	}
	d.Precision = PrecMonth
	if sc.done() {
		return checked(d, bad)
	}
	if !sc.lit(sep) {
		return Date{}, bad
	}
	if d.Day, ok = sc.digits(2); !ok {
		return Date{}, bad
	}
	d.Precision = PrecDay
	if sc.done() {
		return checked(d, bad)
	}
	if !sc.lit('T') && !sc.lit(' ') {
		return Date{}, bad
	}
	h, ok1 := sc.digits(2)
	okc := sc.lit(':')
	mi, ok2 := sc.digits(2)
	if !(ok1 && okc && ok2) {
		return Date{}, bad
	}
	d.Hour, d.Minute, d.Precision = h, mi, PrecMinute
	if sc.lit(':') {
		if d.Second, ok = sc.digits(2); !ok {
			return Date{}, bad
		}
		d.Precision = PrecSecond
		if sc.lit('.') {
			if d.Frac, ok = sc.fracDigits(); !ok {
				return Date{}, bad
			}
			d.Precision = PrecFrac
		}
	}
	if !sc.done() {
		// One space before the offset ("2015-01-22T00:00:00 +00:00",
		// metadata-extractor's withXmp.jpg) is read as exiftool reads it.
		sc.lit(' ')
		off, ok := sc.offset(true)
		if !ok || !sc.done() {
			return Date{}, bad
		}
		d.HasOffset, d.OffsetMinutes = true, off
	}
	return checked(d, bad)
}

func checked(d Date, bad error) (Date, error) {
	if !d.valid() {
		return Date{}, bad
	}
	return d, nil
}

// States reports whether d says all that w says, and perhaps more: the
// same calendar date and wall-clock time down to w's precision (d at
// least as precise), and w's offset when w states one. A d with an offset
// states a w without one ("09:30:12+00:00" states "09:30:12"); the
// other way round it does not, nor does another offset, even for the same
// instant: the wall-clock time is what the stores show. A zero Date
// states nothing and is stated by nothing.
func (d Date) States(w Date) bool {
	if d.IsZero() || w.IsZero() || d.Precision < w.Precision || d.Year != w.Year {
		return false
	}
	p := w.Precision
	switch {
	case p >= PrecMonth && d.Month != w.Month,
		p >= PrecDay && d.Day != w.Day,
		p >= PrecMinute && (d.Hour != w.Hour || d.Minute != w.Minute),
		p >= PrecSecond && d.Second != w.Second,
		p >= PrecFrac && strings.TrimRight(d.Frac, "0") != strings.TrimRight(w.Frac, "0"):
		return false
	}
	if p >= PrecMinute && w.HasOffset {
		return d.HasOffset && d.OffsetMinutes == w.OffsetMinutes
	}
	return true
}
