package caption

import (
	"slices"
	"strings"
	"unicode"

	"github.com/captag/captag/metadata/names"
)

// agencyOfPhrase finds a known agency that the text credits in a sentence,
// its name followed by words that say the pictures are its own
// (names.AgencyPhotoPhrases): "… Sputnik Кыргызстан агенттигинин сүрөт
// түрмөгүнөн көрүңүздөр" (see in the Sputnik Kyrgyzstan agency's photo
// series, fc8a-036 of firstcontact8-tune.jsonl), "… PAN Photo-ի արած
// լուսանկարը" (the photograph PAN Photo made, fc8a-078). The agency is
// the fewest words before the phrase that the table knows, up to
// maxTitleDeskWords.
func (r creditReader) agencyOfPhrase(text string) (name, written string, ok bool) {
	for _, ph := range names.AgencyPhotoPhrases() {
		i := strings.Index(text, ph)
		if i <= 0 {
			continue
		}
		f := strings.Fields(text[:i])
		for n := 1; n <= maxTitleDeskWords && n <= len(f); n++ {
			desk := strings.Join(f[len(f)-n:], " ")
			if a, known := r.al.PartAgency(desk); known {
				return a, desk, true
			}
		}
	}
	return "", "", false
}

// addPhraseAgency gives a caption whose credit names no agency the agency
// its text credits in a sentence (agencyOfPhrase), after its
// photographers if any: "Լուսանկարի հեղինակն է NAME:" names the
// photographer of fc8a-078, "PAN Photo-ի արած լուսանկարը" its agency.
func (w *wire) addPhraseAgency() {
	if len(w.agencies) > 0 {
		return
	}
	a, written, ok := w.agencyOfPhrase(w.text)
	if !ok {
		return
	}
	w.agencies, w.agency, w.agencyWritten, w.creditFound = []string{a}, a, written, true
}

// maxOpeningChainWords bounds the words of the Latin credit chain that
// openingLatinChain reads.
const maxOpeningChainWords = 8

// openingLatinChain reads the credit chain in Latin letters that opens a
// caption written in another script, glued to its first sentence: a
// translated copy of a Getty caption keeps the credit as the agency sent
// it before the text and ends with its translation, "LEON NEAL/GETTY
// IMAGES هنرمند … لین نیل/تصاویر گتی" (fc6b-011 of
// firstcontact6-tune.jsonl, https://amirsasankoshti.ir/?p=1804). The
// chain runs to the first word with a letter of another script, and must
// name a person and a known agency.
func (r creditReader) openingLatinChain(caption string) (credit, bool) {
	f := strings.Fields(caption)
	n := 0
	for n < len(f) && n < maxOpeningChainWords && latinWord(f[n]) {
		n++
	}
	if n == 0 || n == len(f) || !strings.Contains(strings.Join(f[:n], " "), "/") {
		return credit{}, false
	}
	c, ok := r.parseCredit(strings.Join(f[:n], " "), false)
	return c, ok && len(c.creators) > 0 && len(c.agencies) > 0
}

// latinWord reports whether w has no letter of a script but Latin.
func latinWord(w string) bool {
	for _, r := range w {
		if unicode.IsLetter(r) && !unicode.Is(unicode.Latin, r) {
			return false
		}
	}
	return true
}

// preferOpeningChain gives the caption's credit the photographers of the
// Latin chain that opens it (openingLatinChain) when the credit found
// elsewhere is its translation: the same agencies, its photographers
// written in another script.
func (w *wire) preferOpeningChain(caption string) {
	if !w.creditFound || len(w.creators) == 0 || slices.ContainsFunc(w.creators, latinWord) {
		return
	}
	c, ok := w.openingLatinChain(caption)
	if !ok || !slices.Equal(c.agencies, w.agencies) {
		return
	}
	w.creators, w.creatorsWritten = c.creators, c.written
}
