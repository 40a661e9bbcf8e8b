package caption

import (
	"strconv"
	"strings"

	"github.com/captag/captag/metadata"
	"github.com/captag/captag/metadata/names"
)

// The press-credit shapes of the tenth tuning step, part B (issue 22;
// firstcontact6-tune.jsonl): a gallery's counter after the credit, a
// photographer's own web site after the name, and the surname-first
// "Surname, Given," of a Nordic agency's credit.

// counterWords join a gallery's picture number to its count ("409 von
// 1000": picture 409 of 1000), in the languages of the regional papers
// that print it under the caption: German "von" (fc6a-059,
// https://www.obermain.de/fotos/specials/cme2247,839361;
// https://de.wiktionary.org/wiki/von), English "of".
var counterWords = []string{" von ", " of "}

// galleryCounter returns where a gallery's counter "N von M" ending t
// begins (N no more than M), or -1: the counter is no part of the credit
// before it ("- Foto: Evgeny Feldman/AP\n\n409 von 1000").
func galleryCounter(t string) int {
	for _, w := range counterWords {
		i := strings.LastIndex(t, w)
		if i < 0 || !isDigits(t[i+len(w):]) {
			continue
		}
		j := strings.LastIndexByte(t[:i], ' ')
		if j < 0 || !isDigits(t[j+1:i]) {
			continue
		}
		n, err1 := strconv.Atoi(t[j+1 : i])
		m, err2 := strconv.Atoi(t[i+len(w):])
		if err1 == nil && err2 == nil && n >= 1 && n <= m && len(t[i+len(w):]) <= 5 {
			return j
		}
	}
	return -1
}

// dropOwnSite makes, in place, a web address in the chain that spells
// the name of the chain's photographer a part that credits nobody: the
// photographer's own studio ("Foto: Rick ten Cate - tencatefotografie.nl",
// fc6a-072, https://www.oogtv.nl/2025/06/brievenbus-opgeblazen-verdachte-aangehouden/),
// not an agency.
func dropOwnSite(parts []creditPart) {
	for i, p := range parts {
		if p.known || p.isRole || !names.WebAddress(p.text) {
			continue
		}
		host := metadata.FoldName(p.text)
		for _, q := range parts {
			if q.isRole || q.agency != "" || !strings.Contains(q.text, " ") {
				continue
			}
			f := strings.Fields(q.text)
			if last := metadata.FoldName(strings.Join(f[1:], "")); len(last) >= 4 && strings.Contains(host, last) {
				parts[i] = creditPart{text: p.text, role: "source", isRole: true}
			}
		}
	}
}

// surnameFirst writes a credit that opens "Surname, Given," before a
// slash, as NTB's credits do ("Foto: Varfjell, Fredrik,/NTB scanpix",
// fc6a-022, http://www.dn.no/nyheter/2017/04/10/1323/Jus/politiet-fortsetter-med-midlertidig-bevaepning),
// in the given-name-first order: "Fredrik Varfjell/NTB scanpix". The comma
// before the slash is what tells the two words from two photographers.
func surnameFirst(c string) string {
	head, rest, ok := strings.Cut(c, ",/")
	if !ok {
		return c
	}
	sur, given, ok := strings.Cut(head, ", ")
	if !ok || strings.ContainsAny(sur, " ,") || strings.ContainsAny(given, " ,") || !startsUpper(sur) || !startsUpper(given) {
		return c
	}
	if !personShaped(given + " " + sur) {
		return c
	}
	return given + " " + sur + "/" + rest
}

// forClient reports whether a trailer is "NAME for AGENCY", a
// photographer's name of two to four words and a known agency he worked
// for, with no label: "ASIM HAFEEZ FOR MSF" (fc6a-040,
// https://msfsouthasia.org/a-year-in-pictures-2023/), "Daniel Berehulak
// for The New York Times" (fc6a-031, http://lens.blogs.nytimes.com/category/showcase/).
func forClient(r creditReader, seg string) bool {
	i := lastIndexFold(seg, " for ")
	if i <= 0 {
		return false
	}
	name, client := strings.TrimSpace(seg[:i]), strings.TrimSpace(seg[i+len(" for "):])
	if n := len(strings.Fields(name)); n < 2 || n > 4 || !personShaped(name) || !plausibleName(name) {
		return false
	}
	_, ok := r.al.PartAgency(client)
	return ok
}

// headingCredit returns the credit that ends a heading line above the
// caption after a comma and a copyright sign, or "": MSF's "A year in
// pictures" writes "THE DIGNITY I, MEDITERRANEAN SEA, JULY 2015, © ANNA
// SURINYACH/MSF" (fc6a-037) and "02. MSF HOSPITAL IN LANKIEN, SOUTH SUDAN,
// NOVEMBER 2015, © DOMINIC NAHR" (fc6a-038,
// https://thelogicalindian.com/news/a-year-in-pictures-doctors-who-are-saving-lives-everyday/).
// The sign is what makes the heading's last part a credit.
func headingCredit(first string) string {
	i := strings.LastIndex(first, ", © ")
	if i < 0 || strings.Contains(first[i+4:], ",") {
		return ""
	}
	return first[i+2:]
}
