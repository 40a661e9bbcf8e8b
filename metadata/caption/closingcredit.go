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

// postedCues say, inside the caption's last sentence, where the picture
// was posted: "… in this photograph posted to Hun Sen's Facebook page."
// (fc8d-023 of firstcontact8-tune.jsonl,
// https://vodenglish.news/author/mechdara-2/page/23/).
var postedCues = []string{"posted to ", "posted on "}

// postedPage reads the page a caption's last words say the picture was
// posted to, when it is a social-media page named by its owner
// (names.PlatformPage), a capitalised name of at most maxNameWords
// words: the page is the credited source.
func postedPage(t string) (credit, bool) {
	t = strings.TrimRight(strings.TrimSpace(t), ".")
	for _, cue := range postedCues {
		i := strings.LastIndex(t, cue)
		if i < 0 {
			continue
		}
		page := t[i+len(cue):]
		if len(strings.Fields(page)) <= maxNameWords && startsUpper(page) && names.PlatformPage(page) {
			var c credit
			c.addAgency(page, page)
			return c, true
		}
	}
	return credit{}, false
}

// archiveCourtesy reads an archive's credit line, "Courtesy HOLDER,
// DIVISION, COLLECTION, CALL NUMBER, URL": the holder, an agency the
// table knows, is the credit, and what follows its comma locates the
// picture in its holdings (holdingsWords), naming no one: "Courtesy Library of Congress,
// Prints and Photographs Division, George Grantham Bain Collection,
// LC-B2-2189-6, http://hdl.loc.gov/loc.pnp/ggbain.09131" (fc6a-046 of
// firstcontact6-tune.jsonl,
// http://archive.oah.org/special-issues/americanfaces/natanson.html).
func (r creditReader) archiveCourtesy(c string) (credit, bool) {
	c = strings.TrimSpace(c)
	for _, o := range courtesyOpeners {
		if !hasPrefixFold(c, o) {
			continue
		}
		holder, rest, ok := strings.Cut(c[len(o):], ", ")
		name, known := r.al.PartAgency(strings.TrimSpace(holder))
		if !ok || !known || !holdings(rest) {
			continue
		}
		var cr credit
		cr.addAgency(name, strings.TrimSpace(holder))
		return cr, true
	}
	return credit{}, false
}

// holdingsWords locate a picture in an archive's holdings: its division,
// its collection, the address of its record (fc6a-046). A courtesy line
// whose rest holds none ("Courtesy AP, John Smith") is read as a chain.
var holdingsWords = []string{"division", "collection", "http://", "https://"}

// holdings reports whether s, in any case, holds one of holdingsWords.
func holdings(s string) bool {
	s = strings.ToLower(s)
	for _, w := range holdingsWords {
		if strings.Contains(s, w) {
			return true
		}
	}
	return false
}
