package caption

import (
	"strings"

	"github.com/captag/captag/metadata/date"
)

// A caption may date its picture by a range of days in one month: "13-14
// February 2023", "22 en 23 februari 1941" (fc-021, Nationaal Archief),
// "February 13-14, 2023". Either day is right (issue 22); the record keeps
// the first as its Date and the number of days after it in DateSpan.

// maxDateSpan is the longest range read as one picture's date: a weekend,
// a festival. A longer one dates an event, not a picture.
const maxDateSpan = 6

// rangeJoins are the words that join the two days of a range, per
// language: "and", "to" and "until" in the languages of the month tables
// (en, nl, de, fr, es/pt/it, ca, cs/sk/sl/hr/sr/pl, da/nb/sv, fi, et, hu,
// tr, ro, ru/bg/uk).
var rangeJoins = map[string]bool{
	"and": true, "to": true, "en": true, "tot": true, "und": true, "bis": true, "et": true, "au": true,
	"y": true, "al": true, "e": true, "a": true, "i": true, "do": true, "og": true, "och": true,
	"til": true, "till": true, "ja": true, "és": true, "ve": true, "şi": true, "si": true,
	"и": true, "до": true, "і": true, "та": true, "-": true, "–": true, "—": true,
}

// dayBeforeMonth reads the day (or range of days) the word s[a:b] before a
// month m gives: "13", "13-14", "13–14", and "22" in "22 en 23" (the
// earlier words are read back from a). It returns the first day, the span
// (0 for one day) and where the date starts; d is 0 when the word gives no
// day.
func dayBeforeMonth(s string, a, b, m int) (d, span, start int) {
	lw := s[a:b]
	if strings.HasSuffix(strings.TrimRight(lw, ".,;:"), ")") {
		// A closing bracket ends the number's phrase: "(February 5-10).
		// The tournament" (fc5a-005) gives no day to "The" (Karbi's
		// abbreviated March).
		return 0, 0, a
	}
	if first, last, ok := dayPair(lw); ok && validDay(m, first) && validDay(m, last) {
		return first, last - first, a
	}
	d, comma := dayOf(lw)
	if d == 0 || comma || !validDay(m, d) {
		return 0, 0, a
	}
	// "22 en 23 februari": a join word, then the first day.
	ja, jb := prevWord(s, a)
	if ja == jb || !rangeJoins[strings.ToLower(s[ja:jb])] {
		return d, 0, a
	}
	fa, fb := prevWord(s, ja)
	if f, comma := dayOf(s[fa:fb]); fa < fb && f > 0 && !comma && f < d && d-f <= maxDateSpan {
		return f, d - f, fa
	}
	return d, 0, a
}

// dayPair reads "13-14" or "13–14" (an en dash), with a trailing comma or
// dot: two days, the first before the second, at most maxDateSpan apart.
func dayPair(w string) (first, last int, ok bool) {
	for _, sep := range [...]string{"-", "–"} {
		x, y, found := strings.Cut(w, sep)
		if !found || x == "" || y == "" {
			continue
		}
		f, c1 := dayOf(x)
		l, _ := dayOf(y)
		if f > 0 && l > f && !c1 && l-f <= maxDateSpan {
			return f, l, true
		}
	}
	return 0, 0, false
}

// setSpan records on r the range h gives, once r.Date is h's first day.
func setSpan(r *Record, h dateHit) {
	if h.span > 0 && r.Date.Precision == date.PrecDay && r.Date.Month == h.m && r.Date.Day == h.d {
		r.DateSpan = h.span
	}
}
