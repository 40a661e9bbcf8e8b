package date

import "testing"

// TestStoreFormats: each store's format of a Date, and its parser reading
// it back as that Date (an IIM time loses the fraction; a minute becomes
// second 00).
func TestStoreFormats(t *testing.T) {
	for _, c := range []struct {
		xmp                       string // the Date, as ParseXMPDate reads it
		exif, subsec, offset      string // "" exif: EXIF cannot state it
		iimDay, iimTime, iimAgain string // iimAgain: what ParseIIMDate gives back, as String
	}{
		{"2016-12-19T14:05:00+03:00", "2016:12:19 14:05:00", "", "+03:00", "20161219", "140500+0300", "2016-12-19T14:05:00+03:00"},
		{"2021-07-04T18:45:12.007-03:30", "2021:07:04 18:45:12", "007", "-03:30", "20210704", "184512-0330", "2021-07-04T18:45:12-03:30"},
		{"2016-12-19T11:05:00Z", "2016:12:19 11:05:00", "", "+00:00", "20161219", "110500+0000", "2016-12-19T11:05:00+00:00"},
		{"2016-12-19T23:59:59", "2016:12:19 23:59:59", "", "", "20161219", "235959", "2016-12-19T23:59:59"},
		{"2024-02-29T00:00:00+05:45", "2024:02:29 00:00:00", "", "+05:45", "20240229", "000000+0545", "2024-02-29T00:00:00+05:45"},
		{"2016-12-19T14:05", "", "", "", "20161219", "140500", "2016-12-19T14:05:00"},
		{"2016-12-19", "", "", "", "20161219", "", "2016-12-19"},
		{"2016-12", "", "", "", "20161200", "", "2016-12"},
		{"2016", "", "", "", "20160000", "", "2016"},
	} {
		d, err := ParseXMPDate(c.xmp)
		if err != nil {
			t.Fatalf("%s: %v", c.xmp, err)
		}
		if got := d.String(); got != c.xmp && c.xmp[len(c.xmp)-1] != 'Z' {
			t.Errorf("String() = %q, want %q", got, c.xmp)
		}
		dt, ss, off, ok := d.EXIF()
		if ok != (c.exif != "") || dt != c.exif || ss != c.subsec || off != c.offset {
			t.Errorf("%s: EXIF() = %q %q %q %v, want %q %q %q", c.xmp, dt, ss, off, ok, c.exif, c.subsec, c.offset)
		}
		if ok {
			back, err := ParseEXIFDate(dt, ss, off)
			if err != nil || back != d {
				t.Errorf("%s: EXIF %q %q %q reads back as %s, %v", c.xmp, dt, ss, off, back, err)
			}
		}
		day, tm := d.IIM()
		if day != c.iimDay || tm != c.iimTime {
			t.Errorf("%s: IIM() = %q %q, want %q %q", c.xmp, day, tm, c.iimDay, c.iimTime)
		}
		back, err := ParseIIMDate(day, tm)
		if err != nil || back.String() != c.iimAgain {
			t.Errorf("%s: IIM %q %q reads back as %s, %v; want %s", c.xmp, day, tm, back, err, c.iimAgain)
		}
	}
	if day, tm := (Date{}).IIM(); day != "" || tm != "" {
		t.Errorf("the zero Date formats for IIM as %q %q", day, tm)
	}
}
