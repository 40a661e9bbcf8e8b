package caption

import "github.com/captag/captag/metadata/date"

// A caption often writes more than one date: the day of the scene and
// the day of the story's background, a publication stamp, a "Fotografiert
// am:" field beside the text's own date (fc8c-056 of
// firstcontact8-tune.jsonl). The parser takes one for the picture's by
// rule; OtherDates gives the others, so that a comparison can tell a
// store that gives one of them (the parser may have taken the wrong one:
// a reading chosen, not known) from a store that gives a date the caption
// never writes. They are read again from the record's text when asked
// (only for a disagreement), not kept in every record.

// maxOtherDates caps the body dates kept per caption.
const maxOtherDates = 8

// otherHits are the dates bodyDates read, in text order.
type otherHits struct {
	n    int
	hits [maxOtherDates]dateHit
}

// add keeps h, unless the array is full.
func (o *otherHits) add(h dateHit) {
	if o.n < maxOtherDates {
		o.hits[o.n] = h
		o.n++
	}
}

// OtherDates returns every reading of every date the body of r's text
// writes (both readings of one that reads both ways) that is not r.Date,
// in text order, year 0 where none is written: the dates the parser did
// not take for the picture's.
func OtherDates(r *Record) []date.Day {
	var hits otherHits
	parseWireKeeping(r.Text, &hits)
	var out []date.Day
	keep := func(y, m, d int) {
		k := date.DayOf(y, m, d)
		if !k.Valid() && y != 0 {
			return
		}
		if m == r.Date.Month && d == r.Date.Day && (y == 0 || !r.Date.YearKnown() || y == r.Date.Year) {
			return
		}
		for _, o := range out {
			if o == k {
				return
			}
		}
		out = append(out, k)
	}
	for _, h := range hits.hits[:hits.n] {
		if h.m == 0 {
			continue
		}
		keep(h.y, h.m, h.d)
		if h.ambiguous {
			keep(h.y, h.altM, h.altD)
		}
	}
	return out
}

// parseWireKeeping is parseWire with the built-in agency table, keeping
// every body date it reads in hits.
func parseWireKeeping(caption string, hits *otherHits) {
	w := wire{creditReader: creditReader{}, others: hits}
	w.parseInto(caption)
}
