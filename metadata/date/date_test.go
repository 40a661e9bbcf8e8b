package date

import (
	"errors"
	"os"
	"os/exec"
	"strings"
	"testing"
	"unicode/utf8"
)

// dateTestZones are the TZ values every date table is run under: results must not
// change with the host zone.
var dateTestZones = []string{"", "UTC", "Asia/Kolkata", "America/St_Johns", "Pacific/Kiritimati", "Pacific/Pago_Pago", "Asia/Kathmandu"}

type dateCase struct {
	name string
	in   [3]string // parser inputs; unused ones empty
	want string    // Date.String(), or "" with wantErr
	prec Precision
	err  bool
}

var exifCases = []dateCase{
	{"plain", [3]string{"2016:12:19 14:05:00", "", ""}, "2016-12-19T14:05:00", PrecSecond, false},
	{"subsec", [3]string{"2016:12:19 14:05:00", "25", ""}, "2016-12-19T14:05:00.25", PrecFrac, false},
	{"offset +03:00", [3]string{"2016:12:19 14:05:00", "", "+03:00"}, "2016-12-19T14:05:00+03:00", PrecSecond, false},
	{"offset +05:30 and subsec", [3]string{"2021:07:04 18:45:12", "007", "+05:30"}, "2021-07-04T18:45:12.007+05:30", PrecFrac, false},
	{"offset +05:45", [3]string{"2021:07:04 18:45:12", "", "+05:45"}, "2021-07-04T18:45:12+05:45", PrecSecond, false},
	{"offset -03:30", [3]string{"2021:07:04 18:45:12", "", "-03:30"}, "2021-07-04T18:45:12-03:30", PrecSecond, false},
	{"offset +14:00", [3]string{"2021:07:04 18:45:12", "", "+14:00"}, "2021-07-04T18:45:12+14:00", PrecSecond, false},
	{"offset -12:00", [3]string{"2021:07:04 18:45:12", "", "-12:00"}, "2021-07-04T18:45:12-12:00", PrecSecond, false},
	{"blank offset means none", [3]string{"2016:12:19 14:05:00", "  ", "   :  "}, "2016-12-19T14:05:00", PrecSecond, false},
	{"trailing NUL", [3]string{"2016:12:19 14:05:00\x00", "25\x00", "+03:00\x00"}, "2016-12-19T14:05:00.25+03:00", PrecFrac, false},
	{"leap day", [3]string{"2016:02:29 23:59:59", "", ""}, "2016-02-29T23:59:59", PrecSecond, false},
	{"leap day 2000", [3]string{"2000:02:29 00:00:00", "", ""}, "2000-02-29T00:00:00", PrecSecond, false},
	{"midnight", [3]string{"2016:12:31 00:00:00", "", ""}, "2016-12-31T00:00:00", PrecSecond, false},
	{"dash separators", [3]string{"2016-12-19 14:05:00", "", ""}, "2016-12-19T14:05:00", PrecSecond, false},
	{"zero date", [3]string{"0000:00:00 00:00:00", "", ""}, "", 0, true},
	{"blank", [3]string{"", "", ""}, "", 0, true},
	{"spaces and colons", [3]string{"    :  :     :  :  ", "", ""}, "", 0, true},
	{"trailing junk", [3]string{"2016:12:19 14:05:00 PM", "", ""}, "", 0, true},
	{"no leap day 2017", [3]string{"2017:02:29 10:00:00", "", ""}, "", 0, true},
	{"no leap day 1900", [3]string{"1900:02:29 10:00:00", "", ""}, "", 0, true},
	{"April 31", [3]string{"2016:04:31 10:00:00", "", ""}, "", 0, true},
	{"month 13", [3]string{"2016:13:01 10:00:00", "", ""}, "", 0, true},
	{"hour 24", [3]string{"2016:12:19 24:00:00", "", ""}, "", 0, true},
	{"minute 60", [3]string{"2016:12:19 23:60:00", "", ""}, "", 0, true},
	{"second 60", [3]string{"2016:12:19 23:59:60", "", ""}, "", 0, true},
	{"date only", [3]string{"2016:12:19", "", ""}, "", 0, true},
	{"mixed separators", [3]string{"2016:12-19 14:05:00", "", ""}, "", 0, true},
	{"subsec junk", [3]string{"2016:12:19 14:05:00", "2x", ""}, "", 0, true},
	{"offset too large", [3]string{"2016:12:19 14:05:00", "", "+15:00"}, "", 0, true},
	{"offset minutes 60", [3]string{"2016:12:19 14:05:00", "", "+03:60"}, "", 0, true},
	{"offset without colon", [3]string{"2016:12:19 14:05:00", "", "+0300"}, "", 0, true},
	{"offset Z", [3]string{"2016:12:19 14:05:00", "", "Z"}, "", 0, true},
	{"offset junk", [3]string{"2016:12:19 14:05:00", "", "+03:00 CET"}, "", 0, true},
}

var iimCases = []dateCase{
	{"date and time with offset", [3]string{"20161219", "140500+0300"}, "2016-12-19T14:05:00+03:00", PrecSecond, false},
	{"date only", [3]string{"20161219", ""}, "2016-12-19", PrecDay, false},
	{"time without offset", [3]string{"20161219", "140500"}, "2016-12-19T14:05:00", PrecSecond, false},
	{"exiftool colon form", [3]string{"20161219", "14:05:00+03:00"}, "2016-12-19T14:05:00+03:00", PrecSecond, false},
	{"exiftool colon form no offset", [3]string{"20161219", "14:05:00"}, "2016-12-19T14:05:00", PrecSecond, false},
	{"+0530", [3]string{"20210704", "184512+0530"}, "2021-07-04T18:45:12+05:30", PrecSecond, false},
	{"+0545", [3]string{"20210704", "184512+0545"}, "2021-07-04T18:45:12+05:45", PrecSecond, false},
	{"-0330", [3]string{"20210704", "184512-0330"}, "2021-07-04T18:45:12-03:30", PrecSecond, false},
	{"+0000", [3]string{"20210704", "184512+0000"}, "2021-07-04T18:45:12+00:00", PrecSecond, false},
	// exiftool-vendored.js#157: 00:47:40+02:00 must not become offset +0:47.
	{"early hour colon form", [3]string{"20210704", "00:47:40+02:00"}, "2021-07-04T00:47:40+02:00", PrecSecond, false},
	{"unknown day", [3]string{"20161200", ""}, "2016-12", PrecMonth, false},
	{"unknown month and day", [3]string{"20160000", ""}, "2016", PrecYear, false},
	{"trailing NUL and space", [3]string{"20161219\x00", "140500+0300 "}, "2016-12-19T14:05:00+03:00", PrecSecond, false},
	{"zero date", [3]string{"00000000", ""}, "", 0, true},
	{"blank", [3]string{"        ", ""}, "", 0, true},
	{"day without month", [3]string{"20160019", ""}, "", 0, true},
	{"exif-like date", [3]string{"2016:12:19", ""}, "", 0, true},
	{"Feb 30", [3]string{"20160230", ""}, "", 0, true},
	{"time with partial date", [3]string{"20161200", "140500"}, "", 0, true},
	{"short time", [3]string{"20161219", "1405"}, "", 0, true},
	{"offset hours only", [3]string{"20161219", "140500+03"}, "", 0, true},
	{"mixed offset form", [3]string{"20161219", "140500+03:00"}, "", 0, true},
	{"colon time compact offset", [3]string{"20161219", "14:05:00+0300"}, "", 0, true},
	{"hour 25", [3]string{"20161219", "250500"}, "", 0, true},
	{"offset 15h", [3]string{"20161219", "140500+1500"}, "", 0, true},
	{"trailing junk", [3]string{"20161219", "140500+0300x"}, "", 0, true},
	{"date junk", [3]string{"20161219x", ""}, "", 0, true},
}

var xmpCases = []dateCase{
	{"year", [3]string{"2016"}, "2016", PrecYear, false},
	{"month", [3]string{"2016-12"}, "2016-12", PrecMonth, false},
	{"day", [3]string{"2016-12-19"}, "2016-12-19", PrecDay, false},
	{"minute", [3]string{"2016-12-19T14:05"}, "2016-12-19T14:05", PrecMinute, false},
	{"minute offset", [3]string{"2016-12-19T14:05+03:00"}, "2016-12-19T14:05+03:00", PrecMinute, false},
	{"second", [3]string{"2016-12-19T14:05:00"}, "2016-12-19T14:05:00", PrecSecond, false},
	{"frac", [3]string{"2016-12-19T14:05:00.25"}, "2016-12-19T14:05:00.25", PrecFrac, false},
	{"frac offset", [3]string{"2016-12-19T14:05:00.250+03:00"}, "2016-12-19T14:05:00.250+03:00", PrecFrac, false},
	{"Z is a stated UTC offset", [3]string{"2016-12-19T11:05:00Z"}, "2016-12-19T11:05:00+00:00", PrecSecond, false},
	{"+05:30", [3]string{"2021-07-04T18:45:12+05:30"}, "2021-07-04T18:45:12+05:30", PrecSecond, false},
	{"+05:45", [3]string{"2021-07-04T18:45:12+05:45"}, "2021-07-04T18:45:12+05:45", PrecSecond, false},
	{"-03:30", [3]string{"2021-07-04T18:45:12-03:30"}, "2021-07-04T18:45:12-03:30", PrecSecond, false},
	{"one space before the offset (metadata-extractor's withXmp.jpg)", [3]string{"2015-01-22T00:00:00 +00:00"}, "2015-01-22T00:00:00+00:00", PrecSecond, false},
	{"two spaces before the offset", [3]string{"2015-01-22T00:00:00  +00:00"}, "", 0, true},
	{"a space and no offset", [3]string{"2015-01-22T00:00:00 x"}, "", 0, true},
	{"compact offset", [3]string{"2021-07-04T18:45:12-0330"}, "2021-07-04T18:45:12-03:30", PrecSecond, false},
	{"exif-like", [3]string{"2016:12:19 14:05:00"}, "2016-12-19T14:05:00", PrecSecond, false},
	{"exif-like with offset", [3]string{"2016:12:19 14:05:00+03:00"}, "2016-12-19T14:05:00+03:00", PrecSecond, false},
	{"surrounding whitespace", [3]string{"\n  2016-12-19\n"}, "2016-12-19", PrecDay, false},
	{"leap day", [3]string{"2024-02-29"}, "2024-02-29", PrecDay, false},
	{"blank", [3]string{"   "}, "", 0, true},
	{"zero", [3]string{"0000-00-00T00:00:00"}, "", 0, true},
	{"year zero", [3]string{"0000"}, "", 0, true},
	{"month 0", [3]string{"2016-00"}, "", 0, true},
	{"no leap day", [3]string{"2023-02-29"}, "", 0, true},
	{"hour only", [3]string{"2016-12-19T14"}, "", 0, true},
	{"offset on a date", [3]string{"2016-12-19+03:00"}, "", 0, true},
	{"empty fraction", [3]string{"2016-12-19T14:05:00."}, "", 0, true},
	{"fraction too long", [3]string{"2016-12-19T14:05:00.1234567890"}, "", 0, true},
	{"offset 14:01", [3]string{"2016-12-19T14:05:00+14:01"}, "", 0, true},
	{"trailing junk", [3]string{"2016-12-19T14:05:00+03:00Z"}, "", 0, true},
	{"two-digit year", [3]string{"16-12-19"}, "", 0, true},
	{"mixed separators", [3]string{"2016-12:19"}, "", 0, true},
	{"words", [3]string{"December 19, 2016"}, "", 0, true},
}

func runDateTable(t *testing.T, parser string, cases []dateCase, parse func([3]string) (Date, error)) {
	t.Helper()
	for _, tz := range dateTestZones {
		t.Run("TZ="+tz, func(t *testing.T) {
			t.Setenv("TZ", tz)
			for _, c := range cases {
				d, err := parse(c.in)
				if c.err {
					var de *DateError
					if !errors.As(err, &de) {
						t.Errorf("%s %s %q: want a *DateError, got %v (date %s)", parser, c.name, c.in, err, d)
						continue
					}
					if !d.IsZero() {
						t.Errorf("%s %s: an error must come with a zero Date, got %s", parser, c.name, d)
					}
					if !strings.Contains(err.Error(), "expected") || !strings.Contains(err.Error(), "found") {
						t.Errorf("%s %s: message %q does not say what was expected and found", parser, c.name, err)
					}
					continue
				}
				if err != nil {
					t.Errorf("%s %s %q: %v", parser, c.name, c.in, err)
					continue
				}
				if got := d.String(); got != c.want || d.Precision != c.prec {
					t.Errorf("%s %s %q = %s (precision %d), want %s (precision %d)", parser, c.name, c.in, got, d.Precision, c.want, c.prec)
				}
				// What String prints must read back as the same Date.
				back, err := ParseXMPDate(d.String())
				if err != nil || back != d {
					t.Errorf("%s %s: %s re-parsed as %+v, %v; want %+v", parser, c.name, d, back, err, d)
				}
			}
		})
	}
}

func TestParseEXIFDate(t *testing.T) {
	runDateTable(t, "exif", exifCases, func(in [3]string) (Date, error) { return ParseEXIFDate(in[0], in[1], in[2]) })
}

func TestParseIIMDate(t *testing.T) {
	runDateTable(t, "iim", iimCases, func(in [3]string) (Date, error) { return ParseIIMDate(in[0], in[1]) })
}

func TestParseXMPDate(t *testing.T) {
	runDateTable(t, "xmp", xmpCases, func(in [3]string) (Date, error) { return ParseXMPDate(in[0]) })
}

func TestDateFields(t *testing.T) {
	d, err := ParseEXIFDate("2021:07:04 18:45:12", "5", "-03:30")
	if err != nil {
		t.Fatal(err)
	}
	want := Date{Year: 2021, Month: 7, Day: 4, Hour: 18, Minute: 45, Second: 12, Frac: "5", Precision: PrecFrac, HasOffset: true, OffsetMinutes: -210}
	if d != want {
		t.Errorf("got %+v, want %+v", d, want)
	}
	z, _ := ParseXMPDate("2016-12-19T11:05:00Z")
	if !z.HasOffset || z.OffsetMinutes != 0 {
		t.Errorf("Z must be a stated offset of 0, got %+v", z)
	}
	none, _ := ParseXMPDate("2016-12-19T11:05:00")
	if none.HasOffset {
		t.Errorf("no TZD must mean no offset (not UTC), got %+v", none)
	}
}

func TestDateErrorMessage(t *testing.T) {
	_, err := ParseEXIFDate("0000:00:00 00:00:00", "", "")
	want := `exif: expected a DateTimeOriginal like "2016:12:19 14:05:00", found "0000:00:00 00:00:00", a placeholder: the camera wrote no date`
	if err == nil || err.Error() != want {
		t.Errorf("got %v, want %s", err, want)
	}
	if _, err := ParseXMPDate("0000-00-00T00:00:00"); err == nil || !strings.HasSuffix(err.Error(), "a placeholder: its writer wrote no date") {
		t.Errorf("XMP zero date: got %v, want a placeholder message", err)
	}
	if _, err := ParseEXIFDate("    :  :     :  :  ", "", ""); err == nil || strings.Contains(err.Error(), "placeholder") {
		t.Errorf("blank EXIF date: got %v, want no placeholder message (no zeros)", err)
	}
	_, err = ParseIIMDate("20161219", "1405")
	want = `iptc: expected an IIM 2:60 time like "140500+0300", found "1405"`
	if err == nil || err.Error() != want {
		t.Errorf("got %v, want %s", err, want)
	}
	_, err = ParseXMPDate(strings.Repeat("9", 100))
	if err == nil || len(err.Error()) > 150 {
		t.Errorf("a long value must be shortened in the message, got %v", err)
	}
	_, err = ParseXMPDate("")
	if err == nil || !strings.Contains(err.Error(), "found an empty value") {
		t.Errorf("got %v, want it to say the value is empty", err)
	}
}

// sameDay reports whether d states the calendar date y-m-day, as the file
// states it (its local date; the offset, if any, is not applied). A date
// known only to the year or month is not the same day as any date.
func sameDay(d Date, y, m, day int) bool {
	return d.Precision >= PrecDay && d.Year == y && d.Month == m && d.Day == day
}

func TestSameDay(t *testing.T) {
	for _, tz := range dateTestZones {
		t.Setenv("TZ", tz)
		// Late evening at +05:30 is the previous day in UTC: the local
		// (stated) date is what counts.
		d, _ := ParseEXIFDate("2016:12:19 23:30:00", "", "+05:30")
		if !sameDay(d, 2016, 12, 19) || sameDay(d, 2016, 12, 20) || sameDay(d, 2016, 12, 18) {
			t.Errorf("TZ=%s: %s must be on 2016-12-19 only", tz, d)
		}
		early, _ := ParseEXIFDate("2016:12:19 00:30:00", "", "-03:30")
		if !sameDay(early, 2016, 12, 19) {
			t.Errorf("TZ=%s: %s must be on 2016-12-19", tz, early)
		}
		m, _ := ParseIIMDate("20161200", "")
		if sameDay(m, 2016, 12, 19) || sameDay(m, 2016, 12, 0) {
			t.Errorf("a month-only date is not any day")
		}
		if sameDay(Date{}, 0, 0, 0) {
			t.Errorf("a zero Date is not any day")
		}
	}
}

func TestCompare(t *testing.T) {
	mk := func(s string) Date {
		t.Helper()
		d, err := ParseXMPDate(s)
		if err != nil {
			t.Fatalf("%s: %v", s, err)
		}
		return d
	}
	cases := []struct {
		a, b string
		want int
	}{
		{"2016-12-19T14:05:00", "2016-12-19T14:05:00", 0},
		{"2016-12-19T14:05:00", "2016-12-19T14:05:01", -1},
		{"2016-12-20", "2016-12-19", 1},
		// Same instant, different offsets.
		{"2016-12-19T14:05:00+03:00", "2016-12-19T11:05:00Z", 0},
		{"2016-12-19T23:30:00+05:30", "2016-12-19T18:00:00+00:00", 0},
		{"2016-12-20T00:10:00+05:45", "2016-12-19T18:26:00Z", -1},
		// Instant order differs from wall-clock order.
		{"2016-12-19T14:05:00+03:00", "2016-12-19T13:05:00+00:00", -1},
		// One side without offset: wall clocks compare as written.
		{"2016-12-19T14:05:00+03:00", "2016-12-19T14:05:00", 0},
		{"2016-12-19T14:05:00", "2016-12-19T11:05:00Z", 1},
		// Only what both know.
		{"2016", "2016-12-19T14:05:00", 0},
		{"2016-12", "2017-01-01", -1},
		{"2016-12-19T14:05", "2016-12-19T14:05:59.9", 0},
		{"2016-12-19T14:05:00.5", "2016-12-19T14:05:00.50", 0},
		{"2016-12-19T14:05:00.5", "2016-12-19T14:05:00.49", 1},
		{"2016-12-31T23:00:00-02:00", "2017-01-01T01:00:00+00:00", 0},
		{"2016-02-29T23:00:00-02:00", "2016-03-01T01:00:00+00:00", 0},
	}
	for _, tz := range dateTestZones {
		t.Setenv("TZ", tz)
		for _, c := range cases {
			a, b := mk(c.a), mk(c.b)
			if got := a.Compare(b); got != c.want {
				t.Errorf("TZ=%s: %s Compare %s = %d, want %d", tz, c.a, c.b, got, c.want)
			}
			if got := b.Compare(a); got != -c.want {
				t.Errorf("TZ=%s: %s Compare %s = %d, want %d", tz, c.b, c.a, got, -c.want)
			}
		}
	}
	if (Date{}).Compare(mk("2016")) != 0 {
		t.Errorf("a zero Date compares equal")
	}
}

func TestDayNumber(t *testing.T) {
	cases := []struct {
		y, m, d int
		want    int64
	}{
		{1970, 1, 1, 0}, {1969, 12, 31, -1}, {2000, 3, 1, 11017}, {2016, 12, 19, 17154}, {1, 1, 1, -719162}, {9999, 12, 31, 2932896},
	}
	for _, c := range cases {
		if got := DayNumber(c.y, c.m, c.d); got != c.want {
			t.Errorf("DayNumber(%d-%d-%d) = %d, want %d", c.y, c.m, c.d, got, c.want)
		}
	}
}

func FuzzDate(f *testing.F) {
	for _, c := range exifCases {
		f.Add(0, c.in[0], c.in[1], c.in[2])
	}
	for _, c := range iimCases {
		f.Add(1, c.in[0], c.in[1], "")
	}
	for _, c := range xmpCases {
		f.Add(2, c.in[0], "", "")
	}
	f.Fuzz(func(t *testing.T, which int, a, b, c string) {
		var d Date
		var err error
		switch uint(which) % 3 {
		case 0:
			d, err = ParseEXIFDate(a, b, c)
		case 1:
			d, err = ParseIIMDate(a, b)
		default:
			d, err = ParseXMPDate(a)
		}
		if err != nil {
			if !d.IsZero() {
				t.Fatalf("error %v with a non-zero date %+v", err, d)
			}
			if !utf8.ValidString(err.Error()) && utf8.ValidString(a+b+c) {
				t.Fatalf("message not valid UTF-8: %q", err)
			}
			return
		}
		if d.IsZero() || !d.valid() {
			t.Fatalf("accepted an invalid date %+v", d)
		}
		if k := d.Calendar(); !k.Valid() || !k.YearKnown() {
			t.Fatalf("the calendar of an accepted date %+v is not a valid day: %+v", d, k)
		}
		s := d.String()
		back, err := ParseXMPDate(s)
		if err != nil || back != d {
			t.Fatalf("%q → %+v → %q → %+v, %v", a, d, s, back, err)
		}
		if d.Compare(back) != 0 {
			t.Fatalf("a date must compare equal to itself: %s", s)
		}
		// Each store's format reads back: EXIF exactly, IIM to the
		// second (it has no fraction).
		if dt, ss, off, ok := d.EXIF(); ok {
			if e, err := ParseEXIFDate(dt, ss, off); err != nil || e != d {
				t.Fatalf("%s: EXIF %q %q %q reads back as %+v, %v", s, dt, ss, off, e, err)
			}
		}
		day, tm := d.IIM()
		i, err := ParseIIMDate(day, tm)
		if err != nil || i.Calendar() != d.Calendar() || d.Precision >= PrecMinute && (i.Clock()[:5] != d.Clock()[:5] || i.HasOffset != d.HasOffset || i.OffsetMinutes != d.OffsetMinutes) {
			t.Fatalf("%s: IIM %q %q reads back as %+v, %v", s, day, tm, i, err)
		}
	})
}

// TestDateTablesUnderHostZones re-runs the date tables in child processes
// whose TZ differs: Go reads TZ once at start-up, so t.Setenv alone cannot
// prove the parsers ignore the host zone.
func TestDateTablesUnderHostZones(t *testing.T) {
	if testing.Short() {
		t.Skip("starts child processes")
	}
	if os.Getenv("CAPTAG_DATE_CHILD") != "" {
		t.Skip("already in a child process")
	}
	for _, tz := range []string{"UTC", "Asia/Kathmandu", "America/St_Johns", "Pacific/Kiritimati", "Etc/GMT+12"} {
		cmd := exec.Command(os.Args[0], "-test.run=^(TestParseEXIFDate|TestParseIIMDate|TestParseXMPDate|TestSameDay|TestCompare)$", "-test.count=1")
		cmd.Env = append(os.Environ(), "TZ="+tz, "CAPTAG_DATE_CHILD=1")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("TZ=%s: the date tables fail: %v\n%s", tz, err, out)
		}
	}
}
