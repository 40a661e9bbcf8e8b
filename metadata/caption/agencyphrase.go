package caption

import (
	"strings"

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
