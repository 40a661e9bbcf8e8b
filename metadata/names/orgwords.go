package names

import "strings"

// articles are the definite articles that open the name of a newspaper or
// an organisation ("The Guardian", "El País", "de Volkskrant", "Le Monde",
// "Il Post", "Der Spiegel", "O Globo") and never a person's name written
// in full, by language, from each language's Wiktionary entry for its
// articles (https://en.wiktionary.org/wiki/Category:Definite_articles_by_language):
// en the; es el, la, los, las; fr le, la, les; it il, lo, la, gli, le; pt
// o, a, os, as; ca el, la, els, les; de der, die, das; nl de, het. "Al"
// (Arabic) is left out: it opens first names ("Al Drago").
var articles = map[string]bool{
	"the": true, "el": true, "la": true, "los": true, "las": true, "le": true, "les": true,
	"il": true, "lo": true, "gli": true, "o": true, "os": true, "as": true, "els": true,
	"der": true, "die": true, "das": true, "de": true, "het": true,
}

// OpensWithArticle reports whether s (a part of a credit) begins with a
// definite article and a capitalised word, as a newspaper's name does
// ("El País", "de Volkskrant", "The Times"), not a person's.
func OpensWithArticle(s string) bool {
	f := strings.Fields(s)
	if len(f) < 2 || !articles[strings.ToLower(f[0])] {
		return false
	}
	r := []rune(f[1])
	return len(r) > 0 && strings.ToUpper(string(r[0])) == string(r[0]) && strings.ToLower(string(r[0])) != string(r[0])
}

// WebAddress reports whether s is one word shaped like a web address
// ("Kremlin.ru", "ceskenoviny.cz", "www.president.gov.ua"): letters, digits,
// hyphens and dots, ending in a dot and two to six letters.
func WebAddress(s string) bool {
	if strings.ContainsAny(s, " /@") {
		return false
	}
	i := strings.LastIndexByte(s, '.')
	if i < 1 || len(s)-i-1 < 2 || len(s)-i-1 > 6 || dottedInitials(s, i) {
		return false
	}
	for _, r := range s[i+1:] {
		if r < 'a' || r > 'z' {
			if r < 'A' || r > 'Z' {
				return false
			}
		}
	}
	for _, r := range s[:i] {
		if !(r == '.' || r == '-' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') {
			return false
		}
	}
	return true
}

// dottedInitials reports whether s, whose last dot is at i, is a person's
// initials glued to a capitalised surname ("V.Tan", "G.M.B.Akash", UNHCR's
// credits fc8c-009, fc8d-006 of firstcontact8-tune.jsonl): every part
// before the last one capital letter, the last a capital and small letters.
func dottedInitials(s string, i int) bool {
	for _, p := range strings.Split(s[:i], ".") {
		if len(p) != 1 || p[0] < 'A' || p[0] > 'Z' {
			return false
		}
	}
	last := s[i+1:]
	if last[0] < 'A' || last[0] > 'Z' {
		return false
	}
	for _, r := range last[1:] {
		if r < 'a' || r > 'z' {
			return false
		}
	}
	return true
}
