package caption

import (
	"strings"

	"github.com/captag/captag/metadata/date"
)

// An archive picture is often dated by its year or decade only: "Fotografía
// de archivo (1980)" (fc-170, EFE), "Lisboa, [c. 1938]" (fc-174, Arquivo
// Municipal de Lisboa), "the 1950s". A caption that gives no day but one of
// these forms gets a Date at that precision, which check compares at that
// precision (issue 22): "1950s" agrees with any date of 1950–1959. A bare
// year in running text ("the race was first held in 1953", fc-121) dates
// an event, not the picture, and is not read.

// circaWords mark an approximate year, read as its decade: English and
// the Latin abbreviations archives write in every language ("c.", "ca.",
// "circa", "cca"), German "um", French "vers", Spanish "hacia".
var circaWords = map[string]bool{
	"c": true, "c.": true, "ca": true, "ca.": true, "circa": true, "cca": true, "cca.": true,
	"um": true, "vers": true, "hacia": true,
}

// decadeSuffixes turn a year into its decade: "1950s", "1950's", German
// "1950er" ("1950er Jahre").
var decadeSuffixes = []string{"s", "'s", "’s", "er"}

// coarseDate finds the first year or decade s dates its picture by: a
// decade ("1950s"), a circa year ("c. 1950": its decade), or a year alone
// in brackets ("(1980)", "[1938]": that year) in a file picture's caption
// (archive; elsewhere "(2019)" is as often a film's year).
func coarseDate(s string, archive bool) (date.Day, bool) {
	prev := ""
	for i := 0; i < len(s); {
		a, b := nextWord(s, i)
		if a == b {
			break
		}
		i = b
		raw := s[a:b]
		w := strings.TrimRight(strings.TrimLeft(raw, "(["), ",.;:)]")
		if y, ok := decadeOf(w); ok {
			return date.Day{Year: y, Precision: date.PrecDecade}, true
		}
		if y, dg := digits(w); validYear(y, dg) {
			switch {
			case circaWords[strings.ToLower(strings.TrimLeft(prev, "(["))]:
				return date.Day{Year: y - y%10, Precision: date.PrecDecade}, true
			case bracketed(raw) && archive:
				return date.Day{Year: y, Precision: date.PrecYear}, true
			}
		}
		prev = raw
	}
	return date.Day{}, false
}

// decadeOf reads "1950s", "1950's", "1950er": a year ending in 0 with a
// decade suffix.
func decadeOf(w string) (int, bool) {
	for _, suf := range decadeSuffixes {
		if len(w) == 4+len(suf) && strings.HasSuffix(w, suf) {
			if y, dg := digits(w[:4]); validYear(y, dg) && y%10 == 0 {
				return y, true
			}
		}
	}
	return 0, false
}

// bracketed reports whether the word is a year alone in brackets:
// "(1980)", "[1938].", "(1980),".
func bracketed(raw string) bool {
	raw = strings.TrimRight(raw, ",.;:")
	return len(raw) == 6 && (raw[0] == '(' && raw[5] == ')' || raw[0] == '[' && raw[5] == ']')
}

// applyCoarseDate gives r the year or decade of its text when the text
// gives no day (see coarseDate): the words date the picture itself.
func applyCoarseDate(r *Record) {
	if !r.Date.IsZero() || r.Undated || r.hasCode(ProblemNoDate) {
		return
	}
	if d, ok := coarseDate(r.Text, r.Archive); ok {
		r.Date, r.PictureDate = d, true
	}
}
