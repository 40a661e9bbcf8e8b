package caption

import (
	"strings"
	"unicode/utf8"
)

// maxPlacelineBytes bounds the place of a placeline ("SAN JUAN, Puerto
// Rico (AP) —" is 27 bytes; the longest datelines run to about 60).
const maxPlacelineBytes = 80

// parsePlaceline reads the dateline of agencies that write the place and
// the agency but no date, the date being in the body: AP's "AUSTIN, Texas
// (AP) — Protesters gather … on Tuesday, March 7, 2023." (the AP
// Stylebook's dateline: the city in capitals, then the state or country
// as written, then "(AP) —"). The city must be in capitals and the part
// in parentheses an agency the table (or the user's aliases) knows. It
// sets the place only, and reports whether it found one.
func (w *wire) parsePlaceline(s string) bool {
	lim := min(len(s), maxPlacelineBytes)
	open := strings.IndexByte(s[:lim], '(')
	if open <= 0 {
		return false
	}
	end := strings.IndexByte(s[open:lim], ')')
	if end < 0 {
		return false
	}
	end += open
	if _, ok := w.al.PartAgency(s[open+1 : end]); !ok {
		return false
	}
	rest := strings.TrimLeft(s[end+1:], " ")
	if r, n := utf8.DecodeRuneInString(rest); !(r == '—' || r == '–' || r == '-' && strings.HasPrefix(rest[n:], " ")) {
		return false
	}
	parts := strings.Split(strings.TrimSpace(s[:open]), ",")
	for i := range parts {
		if parts[i] = strings.TrimRight(strings.TrimSpace(parts[i]), "."); parts[i] == "" {
			return false
		}
	}
	if !isCapsPlace(parts[0]) || len(parts) > 3 {
		return false
	}
	for _, p := range parts[1:] {
		if !isPlace(p) {
			return false
		}
	}
	w.setPlace(parts)
	return true
}
