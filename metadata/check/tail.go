package check

import (
	"strings"
	"unicode/utf8"

	"github.com/captag/captag/metadata"
	"github.com/captag/captag/metadata/caption"
	"github.com/captag/captag/metadata/names"
)

// The caption's own words are the last resort when the caption parser
// read no creator or no agency (never when it read one: what the parser
// read is what is checked, so that a body that names another agency or
// person excuses no wrong store value): agencies write the credit at
// the end of the caption ("… December 11, 2018. REUTERS/Kevin Lamarque
// (UNITED STATES - Tags: POLITICS)"), or on a first line after a label
// ("Mandatory Credit: Photo by Ken McKay/ITV/Shutterstock (15123456a)").
// A caption whose creator was not read is checked against the people
// those words name, and one whose agency was not read against the
// agencies they name. When the parser read one, the words excuse nothing
// by themselves; only the credit model's second reading of them
// (modelCredit) can make a store that disagrees with the reading a
// warning rather than an error, and then it says so.

// maxCreditText is how many bytes at the end of a caption (and at its
// start, after a credit label) are read as its credit: a credit line with
// a chain, a restriction and a tail fits.
const maxCreditText = 240

// creditText holds the folded credit words of one caption, made on first
// use: most pairs never need them.
type creditText struct {
	raw    string
	folded string
	done   bool
	// model is the credit caption.ModelCredit finds in raw, asked once
	// and only when a store disagrees (modelAsked).
	model      *caption.Guess
	modelAsked bool
}

// readFromText reports whether the record's creators are written in its
// text, each (folded) inside it, glued or not ("STACHECHRISTOF STACHE",
// "撮影・釜江紗英"): a second reading can only
// excuse a first one. A record whose creator came from a field of its own
// (an export's By-line beside a caption that credits someone else) is no
// reading of the text, and its field is what is checked.
func (c *creditText) readFromText(creators []string) bool {
	text := metadata.FoldWords(c.raw)
	for _, p := range creators {
		if f := metadata.FoldWords(p); f == "" || !strings.Contains(text, f) {
			return false
		}
	}
	return true
}

// modelCredit returns caption.ModelCredit of the caption, asked once.
func (c *creditText) modelCredit() *caption.Guess {
	if !c.modelAsked {
		c.modelAsked = true
		c.model = caption.ModelCredit(c.raw)
	}
	return c.model
}

// modelReadsPerson reports whether the model's reading of the caption's
// credit names one of persons.
func (c *creditText) modelReadsPerson(persons []string) bool {
	g := c.modelCredit()
	return g != nil && names.AnyMeets(names.PersonKeys(g.Creators), names.PersonKeys(persons))
}

// modelRereadsPerson reports whether the model's reading of the caption
// names one of persons where the record's creators are the rules'
// reading of the same text (readFromText).
func (c *creditText) modelRereadsPerson(persons, creators []string) bool {
	return c.modelReadsPerson(persons) && c.readFromText(creators)
}

// modelReadsAgency reports whether the model's reading of the caption's
// credit names the agency v.
func (c *creditText) modelReadsAgency(v string) bool {
	g := c.modelCredit()
	if g == nil {
		return false
	}
	for _, a := range g.Agencies {
		if caption.SameAgency(a, v) {
			return true
		}
	}
	return false
}

// words returns the credit words of the caption folded by metadata.FoldWords and
// padded with a space at each end ("  " when there are none).
func (c *creditText) words() string {
	if c.done {
		return c.folded
	}
	c.done = true
	s := c.raw
	tail := s
	if len(s) > maxCreditText {
		i := len(s) - maxCreditText
		for i < len(s) && !utf8.RuneStart(s[i]) {
			i++
		}
		tail = s[i:]
		head := s[:maxCreditText] // a cut rune folds to a space
		if strings.Contains(strings.ToLower(head[:min(len(head), 60)]), "credit") {
			tail = head + " " + tail
		}
	}
	c.folded = " " + metadata.FoldWords(tail) + " "
	return c.folded
}

// namesPerson reports whether the caption's credit words hold one of the
// names (of two words or more, in either transliteration).
func (c *creditText) namesPerson(ns []string) bool {
	t := c.words()
	for _, n := range ns {
		for _, w := range names.BothOrders(n) {
			// In either order: a surname-first credit ("Šimánek Vít")
			// holds a camera's "Vít Šimánek".
			if strings.Contains(w, " ") && strings.Contains(t, " "+w+" ") {
				return true
			}
		}
	}
	return false
}

// namesAll reports whether the caption's credit words name every agency
// of ids (agency table or alias names).
func (c *creditText) namesAll(ids []string, al *Aliases) bool {
	t := c.words()
	if len(ids) == 0 {
		return false
	}
	for _, id := range ids {
		if !mentionsAgency(t, id, al) {
			return false
		}
	}
	return true
}

// mentionsAgency reports whether the folded, padded text t mentions the
// agency named id by any of its spellings.
func mentionsAgency(t, id string, al *Aliases) bool {
	k := metadata.FoldName(id)
	if a, ok := names.AgencyByKey(k); ok && names.MentionsFolded(t, names.Spellings(a)) {
		return true
	}
	if g, ok := al.Group(k); ok && names.MentionsFolded(t, al.Spellings(g)) {
		return true
	}
	return strings.Contains(t, " "+metadata.FoldWords(id)+" ")
}

// agencies returns the agencies the caption's credit words name.
func (c *creditText) agencies(al *Aliases) []string {
	ids, _ := otherAgencies(c.words(), al)
	return ids
}
