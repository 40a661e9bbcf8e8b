package caption

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/captag/captag/metadata/names"
)

// bylineWord is the byline's word as a title, a series or a gallery writes
// it between the picture's title and its photographer: English "By" with
// its capital inside a line, where prose writes "by".
const bylineWord = " By "

// bylineCredit reads a photographer's byline that ends the caption after
// a capitalised "By" inside the line, as photo series credit a picture
// after its title and year: "ក្មេងវត្តស្វាយពពែ, ២០១២ By ងួន ឧស្សាហ៍" (White
// Building's Khmer series, fc7b-059 of firstcontact7-tune.jsonl,
// http://whitebuilding.org/km/photoseries/monk_assistants_at_wat_svay_por_pei).
// The words after it must be a person's name beyond doubt (bylineName);
// prose after a sentence's "By" ("By the end of the day") is not.
func bylineCredit(t string) (credit, bool) {
	i := strings.LastIndex(t, bylineWord)
	if i < 0 {
		return credit{}, false
	}
	name := strings.TrimSpace(strings.TrimRight(t[i+len(bylineWord):], " ."))
	if !bylineName(name) {
		return credit{}, false
	}
	var c credit
	c.addCreator(name)
	return c, true
}

// bylineLine reads a byline on a line of its own, "By NAME", as an
// agency's record writes it between the picture's place line and its date
// line: "Yangon, Myanmar\nBy Pablo L. Orosa\n20 Nov 2014" (g9a-034 and
// -035 of firstcontact9-tune.jsonl, https://transterramedia.com/tags/503-myanmar?page=5). The
// line break bounds the name, so a middle initial's dot is no sentence
// end; the words must be a person's name beyond doubt (bylineName).
func bylineLine(caption string) (credit, bool) {
	for _, line := range strings.Split(caption, "\n") {
		name, ok := strings.CutPrefix(strings.TrimSpace(line), "By ")
		if name = strings.TrimSpace(name); ok && bylineName(withoutInitialDots(name)) {
			var c credit
			c.addCreator(name)
			return c, true
		}
	}
	return credit{}, false
}

// withoutInitialDots drops the dot after each one-letter word of a name
// ("Pablo L. Orosa" → "Pablo L Orosa").
func withoutInitialDots(name string) string {
	f := strings.Fields(name)
	for i, w := range f {
		if r := []rune(w); len(r) == 2 && r[1] == '.' && unicode.IsUpper(r[0]) {
			f[i] = string(r[0])
		}
	}
	return strings.Join(f, " ")
}

// parenByline reads a byline that is a whole parenthesis inside a
// sentence, "(by NAME)": "Panorama shot (by Chris Tripodi) of our small
// group at the volcano rim." (g9a-094 of firstcontact9-tune.jsonl,
// https://www.billtrips.com/2016/07/vanuatu.html). The words must be a person's name beyond doubt
// (bylineName).
func parenByline(t string) (credit, bool) {
	for rest := t; ; {
		i := strings.Index(strings.ToLower(rest), "(by ")
		if i < 0 {
			return credit{}, false
		}
		rest = rest[i+len("(by "):]
		name, _, ok := strings.Cut(rest, ")")
		if name = strings.TrimSpace(name); ok && bylineName(name) {
			var c credit
			c.addCreator(name)
			return c, true
		}
	}
}

// titleByline reads "TITLE, by NAME", a picture's title and its
// photographer, as an archive's pictures are listed, the photographer's
// life years after the name: "Worker, by Freddy Laustsen 1916-2006"
// (Iceland's Sarpur archive, g9b-032 of firstcontact9-tune.jsonl,
// https://beretandboina.blogspot.com/2024/03/sarpur-1.html). The title must be no sentence
// (no sentence end before ", by"), the name a person's beyond doubt
// (bylineName).
func titleByline(t string) (credit, bool) {
	i := strings.LastIndex(t, ", by ")
	if i <= 0 || firstSentenceEnd(t[:i]) > 0 {
		return credit{}, false
	}
	name := strings.TrimSpace(strings.TrimRight(t[i+len(", by "):], " ."))
	if j := strings.LastIndexByte(name, ' '); j > 0 && lifeYears(name[j+1:]) {
		name = name[:j]
	}
	if !bylineName(name) {
		return credit{}, false
	}
	var c credit
	c.addCreator(name)
	return c, true
}

// lifeYears reports whether s is a span of two four-digit years,
// "1916-2006", as a person's life is written after the name.
func lifeYears(s string) bool {
	a, b, ok := strings.Cut(s, "-")
	return ok && len(a) == 4 && len(b) == 4 && isDigits(a) && isDigits(b) && a < b
}

// bylineName reports whether s is a person's name beyond doubt as a
// credit with no label or agency writes it: two to four words, no
// sentence end, no digit, and either in a caseless script (caselessName)
// or capitalised with no word of an organisation (allPeople).
func bylineName(s string) bool {
	f := strings.Fields(s)
	if len(f) < 2 || len(f) > 4 || firstSentenceEnd(s) > 0 || !plausibleName(s) || compoundOrg(s) {
		return false
	}
	return caselessName(f) || allPeople([]string{s})
}

// signOffDashes open a last line that signs a caption off with the
// photographer's name: "-NAME", "– NAME", "— NAME".
var signOffDashes = []string{"-", "–", "—"}

// cutSignOffDash cuts the dash that opens a sign-off line ("-गणेश
// शिर्सेकर" under a Loksatta picture, fc7b-027 of firstcontact7-tune.jsonl,
// https://www.loksatta.com/vruthanta/hearts-beats-of-mumbai-21386/lite) and
// reports whether there was one. A dash that joins a word ("-year-old") is
// not cut: the line must then hold a name (bylineName).
func cutSignOffDash(line string) (string, bool) {
	for _, d := range signOffDashes {
		if rest, ok := strings.CutPrefix(line, d); ok && !strings.HasPrefix(rest, "-") {
			return strings.TrimSpace(rest), true
		}
	}
	return line, false
}

// trailingName reads a photographer's name written after the caption's
// last sentence on the same line, no label, no agency, as a gallery
// prints its captions: "… to disperse the protesters. Yeshiel Panchia"
// (The Citizen, fc7a-043 of firstcontact7-tune.jsonl,
// https://citizen.co.za/news/south-africa/1786106/gallery-all-the-action-from-hoerskool-overvaal/).
// The words must be a name beyond doubt (bareName) of at most three words,
// with no stop after them; it is tried only when no credit was found
// elsewhere. A name in capitals is judged by its title-cased form
// (capsTrailingName).
func (w *wire) trailingName(text string) (credit, bool) {
	t := strings.TrimSpace(text)
	i := lastSentenceEnd(t)
	if i <= 0 {
		return credit{}, false
	}
	name := strings.TrimSpace(t[i:])
	if len(name) > maxNameLineBytes || len(strings.Fields(name)) > 3 || strings.ContainsAny(name, ".!?:;,()") {
		return credit{}, false
	}
	if !bareName(name) && !w.capsTrailingName(name) {
		return credit{}, false
	}
	var c credit
	c.addCreator(name)
	return c, true
}

// capsTrailingName reports whether s, two or three words in capitals after
// the caption's last sentence, is a photographer's name as a gallery
// prints it: "… Bekaa Valley, Lebanon, November 2022. CARMEN YAHCHOUCHI"
// (Médecins Sans Frontières' year in pictures, fc6a-039 of
// firstcontact6-tune.jsonl, https://msfsouthasia.org/a-year-in-pictures-2023/).
// The surname alone may be in capitals, as Turkish and French desks
// write it: "… taş çıkarttı. İsmail AYDIN" (Yeni Sakarya, fc6b-083,
// https://www.yenisakarya.com/yasam/kucuk-defnenin-fotografcilik-meraki-h75474.html).
// Each word is capitalised letters only, two or more of them, one at
// least in capitals, no word is part of a known agency, and the
// title-cased words are a name beyond doubt (bareName: no role, media or
// institution word, no country).
func (w *wire) capsTrailingName(s string) bool {
	f := strings.Fields(s)
	if len(f) < 2 || len(f) > 3 || strings.IndexFunc(s, unicode.IsUpper) < 0 {
		return false
	}
	caps := false
	for _, word := range f {
		if utf8.RuneCountInString(word) < 2 || strings.IndexFunc(word, func(r rune) bool { return !unicode.IsLetter(r) }) >= 0 {
			return false
		}
		if r, _ := utf8.DecodeRuneInString(word); !unicode.IsUpper(r) {
			return false
		}
		caps = caps || word == strings.ToUpper(word)
		if _, ok := w.al.PartAgency(word); ok || names.CountryCode(word) != "" {
			return false
		}
	}
	return caps && bareName(titleCase(s, false))
}

// maxSignatureLetters bounds a photographer's signature in capitals.
const maxSignatureLetters = 5

// signatureCredit reads a photographer's signature in capitals that ends
// the caption after its last sentence, no label and no agency, spaced or
// glued to the stop: Vísir credits Ragnar Axelsson's pictures "RAX" ("Hús
// við Efrahóp urðu undir hraunrennslinu. RAX", "Gossprungan í
// sólarlaginu.RAX", fc7a-072 to -076 of firstcontact7-tune.jsonl,
// http://www.visir.is/g/20242515052d/ljosmyndir-ur-flugi-rax-yfir-grindavik).
// The stop must follow a lower-case letter (not "U.S."), and the word be
// two to maxSignatureLetters capitals that are no known agency, role word,
// handling note or country code. It is tried only when no credit was
// found elsewhere.
func (w *wire) signatureCredit(text string) (credit, bool) {
	t := strings.TrimSpace(text)
	i := strings.LastIndexAny(t, " .")
	if i <= 0 {
		return credit{}, false
	}
	word, before := t[i+1:], strings.TrimRight(t[:i+1], " ")
	n := utf8.RuneCountInString(word)
	if n < 2 || n > maxSignatureLetters || !strings.HasSuffix(before, ".") {
		return credit{}, false
	}
	if r, _ := utf8.DecodeLastRuneInString(before[:len(before)-1]); !unicode.IsLower(r) {
		return credit{}, false
	}
	for _, r := range word {
		if !unicode.IsUpper(r) {
			return credit{}, false
		}
	}
	if _, ok := w.al.PartAgency(word); ok || isTailRun(word) || names.CountryCode(word) != "" {
		return credit{}, false
	}
	if _, role := names.Role(strings.ToLower(word)); role {
		return credit{}, false
	}
	var c credit
	c.addCreator(word)
	return c, true
}
