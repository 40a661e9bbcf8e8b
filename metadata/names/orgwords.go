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

// quotePairs are the quotation marks a desk puts around an organisation's
// name, as Russian and the languages of Russia's republics write a paper's
// or an agency's name (https://ru.wiktionary.org/wiki/«): "Фото: ©
// «Татар-информ»" (fc8a-001 of firstcontact8-tune.jsonl), "Фото: «БИЗНЕС
// Online»" (fc8a-015), Bashkir "Фото һәм сығанаҡ: "Хәйбулла хәбәрҙәре"
// гәзите" (the paper "Khaibulla News", fc8a-079). A person's name is not
// quoted.
var quotePairs = [][2]string{{"«", "»"}, {"„", "“"}, {"“", "”"}, {"\"", "\""}}

// QuotedOrg reports whether s (a part of a credit) opens with a quoted
// name ("«Татар-информ»", "\"Хәйбулла хәбәрҙәре\" гәзите"), and returns the
// part with its quotation marks cut when they enclose the whole of it.
func QuotedOrg(s string) (string, bool) {
	for _, q := range quotePairs {
		rest, ok := strings.CutPrefix(s, q[0])
		if !ok {
			continue
		}
		i := strings.Index(rest, q[1])
		if i < 1 {
			return s, false
		}
		if strings.TrimSpace(rest[i+len(q[1]):]) == "" {
			return strings.TrimSpace(rest[:i]), true
		}
		return s, true
	}
	return s, false
}

// orgHeads are the words that open an organisation's name in a credit, a
// press office: Russian "пресс-служба" (press service,
// https://ru.wiktionary.org/wiki/пресс-служба), "Фото: пресс-служба АПК" (the
// regional government's, fc8a-041 of firstcontact8-tune.jsonl), and its
// genitive "пресс-службы"; Ukrainian "пресслужба", "прес-служба". Lower case.
var orgHeads = []string{"пресс-служба", "пресс-службы", "пресслужба", "прес-служба", "пресслужби", "прес-служби"}

// OpensWithOrgHead reports whether s opens with an organisation's head word
// (orgHeads) and names whom after it ("пресс-служба АПК").
func OpensWithOrgHead(s string) bool {
	f := strings.Fields(s)
	if len(f) < 2 {
		return false
	}
	for _, h := range orgHeads {
		if strings.ToLower(f[0]) == h {
			return true
		}
	}
	return false
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
