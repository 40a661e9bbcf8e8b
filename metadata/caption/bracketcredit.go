package caption

import (
	"strings"

	"github.com/captag/captag/metadata/names"
)

// maxBracketOrgWords bounds the paper's name in a bracketed credit.
const maxBracketOrgWords = 3

// bracketCredit reads the credit a Kenyan paper writes in square brackets
// closing the caption, the photographer and the paper's short name after
// a comma, no label: "A protester lies on the road outside KICC in
// Nairobi CBD. [Samson Wire, Standard]" (The Standard, fc7a-099 and
// fc7a-100 of firstcontact7-tune.jsonl,
// https://www.standardmedia.co.ke/nairobi/article/2001469275/mass-action-businesses-in-cbd-close-as-police-confront-protesters).
// The first part must have the shape of a person's name of two words or
// more (a surname may be a media word, "Wire"), the second a capitalised
// name of at most maxBracketOrgWords words that is no person's and no
// country's ("[John Kamau, Kenya]" names a place); a known
// agency is named as the table names it.
func (r creditReader) bracketCredit(t string) (credit, bool) {
	t = strings.TrimRight(t, " .")
	open := strings.LastIndexByte(t, '[')
	if !strings.HasSuffix(t, "]") || open < 0 {
		return credit{}, false
	}
	name, org, ok := strings.Cut(t[open+1:len(t)-1], ", ")
	name, org = strings.TrimSpace(name), strings.TrimSpace(org)
	if !ok || len(strings.Fields(name)) < 2 || !personShaped(name) || !plausibleName(name) || org == "" || strings.ContainsAny(org, ",/[") {
		return credit{}, false
	}
	if n := len(strings.Fields(org)); n > maxBracketOrgWords || !startsUpper(org) || !plausibleAgency(org) || n >= 2 && personShaped(org) || names.CountryCode(org) != "" {
		return credit{}, false
	}
	var c credit
	c.addCreator(name)
	if known, ok := r.al.PartAgency(org); ok {
		c.addAgency(known, org)
	} else {
		c.addAgency(org, org)
	}
	return c, true
}
