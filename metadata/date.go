package metadata

// Precision says how much of a Date is known.
type Precision uint8

const (
	PrecNone   Precision = iota // no date
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
type Date struct {
	Year, Month, Day     int
	Hour, Minute, Second int
	Frac                 string // fraction-of-second digits as written ("25" for .25), only with PrecFrac
	Precision            Precision
	HasOffset            bool
	OffsetMinutes        int // minutes east of UTC, only with HasOffset
}

// IsZero reports whether no date is known.
func (d Date) IsZero() bool { return d.Precision == PrecNone }

// STUB(owner: dates/IIM helper) — replace with the real implementations.

// ParseEXIFDate combines DateTimeOriginal ("2016:12:19 14:05:00"),
// SubSecTimeOriginal ("25") and OffsetTimeOriginal ("+03:00"); subsec and
// offset may be empty.
func ParseEXIFDate(dt, subsec, offset string) (Date, error) { panic("unimplemented") }

// ParseIIMDate combines IIM 2:55 ("20161219") and 2:60 ("140500+0300");
// tm may be empty.
func ParseIIMDate(date, tm string) (Date, error) { panic("unimplemented") }

// ParseXMPDate parses an XMP (ISO 8601 / W3C-DTF) date: YYYY, YYYY-MM,
// YYYY-MM-DD, YYYY-MM-DDThh:mm[:ss[.s]][TZD]; also the EXIF-like
// "YYYY:MM:DD hh:mm:ss" some writers put in XMP.
func ParseXMPDate(s string) (Date, error) { panic("unimplemented") }

// String formats d as ISO 8601 with exactly what is known:
// "2021-07-04T18:45:12+05:30", "2016-12-19T23:59:59", "2016-12-19", "2016".
func (d Date) String() string { panic("unimplemented") }
