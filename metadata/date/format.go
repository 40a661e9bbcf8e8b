package date

// The store syntaxes' formats, each the inverse of its parser: what
// ParseEXIFDate, ParseIIMDate and ParseXMPDate (String) read back as the
// same Date.

// EXIF formats d as EXIF states a capture date: DateTimeOriginal
// "2016:12:19 14:05:00", SubSecTimeOriginal "25" (the fraction digits, ""
// without) and OffsetTimeOriginal "+03:00" ("" without an offset). EXIF
// states only times to the second or finer: ok is false for a d less
// precise.
func (d Date) EXIF() (dt, subsec, offset string, ok bool) {
	if d.Precision < PrecSecond {
		return "", "", "", false
	}
	b := make([]byte, 0, 19)
	b = appendPad(b, d.Year, 4)
	for _, f := range [...]struct {
		sep byte
		n   int
	}{{':', d.Month}, {':', d.Day}, {' ', d.Hour}, {':', d.Minute}, {':', d.Second}} {
		b = appendPad(append(b, f.sep), f.n, 2)
	}
	if d.Precision >= PrecFrac {
		subsec = d.Frac
	}
	if d.HasOffset {
		offset = OffsetString(d.OffsetMinutes)
	}
	return string(b), subsec, offset, true
}

// IIM formats d as IPTC-IIM states it: 2:55 Date Created "20161219"
// ("20161200" for a month, "20160000" for a year, as IIM 4.2 allows) and
// 2:60 Time Created "140500+0300" ("140500" without an offset; "" for a
// date without a time). A fraction of a second is not said: IIM has no
// place for it. A decade or the zero Date gives "", "".
func (d Date) IIM() (day, tm string) {
	if d.Precision < PrecYear {
		return "", ""
	}
	var b [16]byte
	k := d.Calendar()
	day = string(appendPad(appendPad(appendPad(b[:0], k.Year, 4), k.Month, 2), k.Day, 2))
	if d.Precision < PrecMinute {
		return day, ""
	}
	t := appendPad(appendPad(appendPad(b[:0], d.Hour, 2), d.Minute, 2), d.Second, 2)
	if d.HasOffset {
		off := d.OffsetMinutes
		sign := byte('+')
		if off < 0 {
			sign, off = '-', -off
		}
		t = appendPad(appendPad(append(t, sign), off/60, 2), off%60, 2)
	}
	return day, string(t)
}
