package caption

import (
	"strings"
	"unicode"
)

// gluedCaseless reports whether the words f, glued to the bracketed credit
// after them, are the caption's own words in a script without capitals
// rather than a name: CNI's Burmese "မူးယစ်ရာဇာ စတန်ဂျီယိုကို ဖမ်းမိစဉ်(AP)"
// (the drug lord Stanley… at his arrest (AP), fc7b-053 of
// firstcontact7-tune.jsonl, https://cnimyanmar.com/index.php/political-2/politics-international?start=1728).
// A desk writes a space between a photographer and the agency after him
// ("تصوير عبدالمجيد الشطي (AFP)"); without it, and without a capital to
// vouch for a name, the words are the text the credit was glued to.
func gluedCaseless(glued bool, f []string) bool { return glued && caselessName(f) }

// dashAgencyTail reads a known agency alone after a spaced dash ending the
// caption: "… ở Bắc Kinh hôm 1/10/2019 - Reuters" (fc7b-043 of
// firstcontact7-tune.jsonl,
// http://nhanquyenchovn.blogspot.com/2020/06/chinh-sach-ngoai-giao-ba-quyen-cua.html?m=0).
// The part after the dash must be an agency the table knows, or a bare
// "photo" before a person's name beyond doubt (photoThenName; an
// Occitan blog's "… Miramas – photo Zio Eloi", fc8b-013 of
// firstcontact8-tune.jsonl), so that a clause after a dash is never read
// as a credit.
func (r creditReader) dashAgencyTail(t string) (credit, bool) {
	t = strings.TrimRightFunc(t, func(r rune) bool { return unicode.IsSpace(r) || r == '.' })
	for _, dash := range []string{" - ", " – ", " — "} {
		i := strings.LastIndex(t, dash)
		if i <= 0 {
			continue
		}
		tail := t[i+len(dash):]
		if a, ok := r.al.PartAgency(tail); ok {
			var c credit
			c.addAgency(a, tail)
			return c, true
		}
		// A bare "photo NAME" after the dash, the name beyond doubt:
		// "Djé Balèti 22/06/2018 Miramas – photo Zio Eloi" (fc8b-013).
		if name, ok := cutBarePhotoLabel(tail); ok && photoThenName(name) {
			var c credit
			c.addCreator(name)
			return c, true
		}
	}
	return credit{}, false
}

// splitTwoNamesY splits "A y B", two names joined by Spanish "y" (and),
// when each side holds two words or more: "Fotos: Carlos Juri y Jorge
// Romero" (fc7a-052 of firstcontact7-tune.jsonl,
// https://lanacion.com.py/gran-diario-domingo/2021/08/22/postales-del-chaco-y-sus-controvertidos-matices;
// https://es.wiktionary.org/wiki/y). A single word after it is a surname
// the name joins ("José Ortega y Gasset"): one name.
func splitTwoNamesY(n string) []string {
	a, b, ok := strings.Cut(n, " y ")
	if !ok || strings.Contains(b, " y ") || len(strings.Fields(a)) < 2 || len(strings.Fields(b)) < 2 {
		return []string{n}
	}
	return []string{a, b}
}
