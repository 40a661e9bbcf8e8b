package caption

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/captag/captag/metadata/names"
)

// placePrepositions are the words for "in" (and "at") before a place, in
// the languages of the agency table's agencies: en/de/nl/it/sv/da/no "in",
// "i", fr/es/ca "en", fr "à", pt "em", "no", "na", pl "w", cs/sk "v",
// "ve", ru/uk/bg "в", "у", tr has case endings (not read).
var placePrepositions = map[string]bool{
	"in": true, "i": true, "en": true, "à": true, "em": true, "no": true, "na": true,
	"w": true, "v": true, "ve": true, "в": true, "у": true,
}

// maxBodyPlaceWords bounds the words of the city and of the country of a
// body place ("in Rio de Janeiro, Brazil", "in Gothenburg, Sweden").
const maxBodyPlaceWords = 3

// bodyPlace reads a place in a caption without a dateline: a preposition,
// a capitalised place of up to maxBodyPlaceWords words, a comma, and a
// country the country table knows written as a name ("in Gothenburg,
// Sweden"). It is conservative: the first such place only, a country by
// its name (never a two- or three-letter code), and the city's words
// capitalised.
func (w *wire) bodyPlace(s string) {
	words := strings.Fields(s)
	for i := 0; i+2 < len(words); i++ {
		if !placePrepositions[strings.ToLower(words[i])] {
			continue
		}
		city, next, ok := cityAt(words, i+1)
		if !ok || notPlace(city) {
			continue
		}
		if country, ok := countryAt(words, next); ok {
			w.setPlace([]string{city, country})
			return
		}
	}
}

// cityAt reads up to maxBodyPlaceWords capitalised words from words[i],
// the last one ending in a comma; it returns them without the comma and
// the index after them.
func cityAt(words []string, i int) (string, int, bool) {
	for n := 1; n <= maxBodyPlaceWords && i+n <= len(words); n++ {
		w := words[i+n-1]
		last := strings.HasSuffix(w, ",")
		w = strings.TrimSuffix(w, ",")
		if !capitalised(w) && !(n > 1 && !last && smallWords[strings.ToLower(w)]) {
			return "", 0, false
		}
		if last {
			if !capitalised(w) {
				return "", 0, false
			}
			return strings.TrimSuffix(strings.Join(words[i:i+n], " "), ","), i + n, true
		}
	}
	return "", 0, false
}

// countryAt reads a country name of up to maxBodyPlaceWords words at
// words[i], longest first, its trailing punctuation dropped.
func countryAt(words []string, i int) (string, bool) {
	for n := min(maxBodyPlaceWords, len(words)-i); n >= 1; n-- {
		c := strings.TrimRight(strings.Join(words[i:i+n], " "), ",.;:)")
		if len(c) <= 3 || !capitalised(c) || strings.ToUpper(c) == c {
			continue
		}
		if names.CountryCode(c) != "" {
			return c, true
		}
	}
	return "", false
}

// capitalised reports whether w begins with an upper-case letter and has
// no digit.
func capitalised(w string) bool {
	r, _ := utf8.DecodeRuneInString(w)
	return unicode.IsUpper(r) && !strings.ContainsAny(w, "0123456789")
}

// notPlace reports whether a capitalised word before a country is a month
// or weekday ("in May, France"), not a city.
func notPlace(city string) bool {
	if strings.Contains(city, " ") {
		return false
	}
	m, _ := monthOf(city)
	return m != 0 || isWeekday(city)
}
