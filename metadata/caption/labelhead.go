package caption

import (
	"strings"
	"unicode"

	"github.com/captag/captag/metadata/names"
)

// arabicComma is the comma of the Arabic script (U+060C), which Persian,
// Arabic and Urdu captions write after a name.
const arabicComma = "،"

// labelledHeadName reads the photographer that a credit label opening the
// caption names before the caption's first comma, in scripts that write
// the Arabic comma: "عکاس: Chris Jackson، یک طرفدار سلطنتی …"
// ("photographer: NAME, a royal fan …"; fc6b-057, fc6b-058,
// https://toolboxnow.com/1402/02/16/kojaro-195664). The label must be one
// of names' tables and what stands before the comma a person's name by
// its shape (two to four words); the caption follows the comma.
func labelledHeadName(caption string) (credit, bool) {
	first, _, _ := strings.Cut(strings.TrimSpace(caption), "\n")
	rest, labelled := names.CutLabels(tidy(first))
	if !labelled {
		return credit{}, false
	}
	name, text, ok := strings.Cut(rest, arabicComma)
	name = strings.TrimSpace(name)
	if !ok || strings.TrimSpace(text) == "" {
		return credit{}, false
	}
	return personCredit(name, 2, 4)
}

// personCredit is the credit of one photographer, name, when it is a
// person's name by its shape: min to max words, shaped like a name.
func personCredit(name string, min, max int) (credit, bool) {
	if n := len(strings.Fields(name)); n < min || n > max || !personShaped(name) || !plausibleName(name) {
		return credit{}, false
	}
	var c credit
	c.addCreator(name)
	return c, true
}

// knownAgencyCredit is the credit of the agency part names, when the table
// or the desk's aliases know it.
func (r creditReader) knownAgencyCredit(part string) (credit, bool) {
	a, known := r.al.PartAgency(part)
	if !known {
		return credit{}, false
	}
	var c credit
	c.addAgency(a, part)
	return c, true
}

// nameLabelSentence reads the caption's last sentence when it is one of
// names.NameLabels and a person's name or a known agency: "… обычаи. Фото
// Темира Сыдыкбекова." (fc6b-040). The name must be two or three words,
// each capitalised, shaped like a name; anything else after the word is
// prose. A script without capitals (Devanagari) has only the line to
// tell: the label must open the caption's last line of its own ("…मिळाला.
// \nछाया कय्युम खान", g9a-101 of firstcontact9-tune.jsonl).
func (r creditReader) nameLabelSentence(t string) (credit, bool) {
	t = strings.TrimRight(strings.TrimSpace(t), ".| ")
	seg := strings.TrimSpace(t[lastSentenceEnd(t):])
	ownLine := false
	if i := strings.LastIndexByte(seg, '\n'); i >= 0 {
		seg = strings.TrimSpace(seg[i+1:]) // the last line: "…vắng người\nẢnh Kiến Trần |" (fc8a-131)
		ownLine = true
	}
	seg = strings.TrimLeft(seg, "-–— ") // "… air. - Gambar Alif Omar" (g11b-044)
	for _, l := range names.NameLabels() {
		if !hasPrefixFold(seg, l) {
			continue
		}
		// "Фото Турар Казангапов ©" (g11b-029): the sign after the name.
		name := strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(seg[len(l):]), "©"))
		if first, _, _ := strings.Cut(name, " "); names.NotPerson(first) {
			return credit{}, false // "– PICTURE COURTESY OF PERHILITAN" (fc3b-003): a role, no name
		}
		if c, ok := r.knownAgencyCredit(name); ok {
			return c, true
		}
		if c, ok := r.personSlashAgency(name); ok {
			return c, true
		}
		for _, w := range strings.Fields(name) {
			if !startsUpper(w) && !(ownLine && uncasedWord(w)) {
				return credit{}, false
			}
		}
		return personCredit(name, 2, 3)
	}
	return credit{}, false
}

// personSlashAgency reads "NAME / AGENCY" after a name label, the agency
// the table's: "… Фото Анатолий Луба / УНИАН" (g11a-003 of
// firstcontact11-tune.jsonl).
func (r creditReader) personSlashAgency(s string) (credit, bool) {
	person, agency, ok := strings.Cut(s, " / ")
	if !ok {
		return credit{}, false
	}
	name, known := r.al.PartAgency(strings.TrimSpace(agency))
	if !known {
		return credit{}, false
	}
	c, ok := personCredit(strings.TrimSpace(person), 2, 3)
	if !ok {
		return credit{}, false
	}
	c.addAgency(name, strings.TrimSpace(agency))
	return c, true
}

// fieldHeads are the field labels a page's picture block prints above
// the caption, each on a line of its own and the credit's without a
// colon, the credit run straight into the caption when the page's markup
// is lost: The New York Times' "Photo\nCredit Pavel VolkovFootball
// hooligans on the way …" (fc6a-032 of firstcontact6-tune.jsonl,
// http://lens.blogs.nytimes.com/tag/andrew-boryga/).
var fieldHeads = []struct{ picture, credit string }{{"Photo", "Credit "}}

// gluedHeadCredit reads the photographer of a fieldHeads block: the name
// after the credit label ends where a small letter is followed by a
// capital, the caption's first word glued to it (not inside a name's
// prefix, "McDonald": see minGluedWord). The name must be two or
// three words shaped like a person's.
func gluedHeadCredit(caption string) (credit, bool) {
	first, rest, ok := strings.Cut(strings.TrimSpace(caption), "\n")
	if !ok {
		return credit{}, false
	}
	for _, h := range fieldHeads {
		line, ok := strings.CutPrefix(strings.TrimSpace(rest), h.credit)
		if strings.TrimSpace(first) != h.picture || !ok {
			continue
		}
		for i := 1; i < len(line); i++ {
			// Not a prefix's capital ("McDonald", "DeShawn"): the word
			// before the turn has minGluedWord letters or more.
			word := i - strings.LastIndexByte(line[:i], ' ') - 1
			if line[i-1] >= 'a' && line[i-1] <= 'z' && line[i] >= 'A' && line[i] <= 'Z' && word >= minGluedWord {
				return personCredit(line[:i], 2, 3)
			}
		}
	}
	return credit{}, false
}

// gluedFieldLabels are the field labels a picture page prints before the
// caption, glued to the credit that opens it when the page's markup is
// lost: The New York Times' Lens blog "DESCRIPTIONGabriele
// Stabile/Cesuralab A young Cuban refugee, asleep in Miami." (the
// photographer, the collective, then the caption; fc6a-030 of
// firstcontact6-tune.jsonl, http://lens.blogs.nytimes.com/tag/american-scenes/).
var gluedFieldLabels = []string{"DESCRIPTION"}

// gluedFieldCredit reads the "NAME/AGENCY" credit glued after one of
// gluedFieldLabels at the caption's start: the agency is the one word
// after the slash, the caption follows its space. The name must be two
// or three words shaped like a person's, the agency a capitalised word.
func (r creditReader) gluedFieldCredit(caption string) (credit, bool) {
	t := strings.TrimSpace(caption)
	for _, l := range gluedFieldLabels {
		rest, ok := strings.CutPrefix(t, l)
		if !ok || !startsUpper(rest) {
			continue
		}
		name, after, ok := strings.Cut(rest, "/")
		agency, _, _ := strings.Cut(after, " ")
		if !ok || !startsUpper(agency) || !plausibleAgency(agency) {
			continue
		}
		c, ok := personCredit(name, 2, 3)
		if !ok {
			continue
		}
		if known, ok := r.al.PartAgency(agency); ok {
			c.addAgency(known, agency)
		} else {
			c.addAgency(agency, agency)
		}
		return c, true
	}
	return credit{}, false
}

// maxKickerWords bounds the kicker deskKicker reads: one word, as a
// photographer's name in capitals ("AFP / JOHN SMITH - …") has two or
// more.
const maxKickerWords = 1

// deskKicker reads the credit a paper writes as the caption's opening,
// its own name, a spaced slash and a kicker in capitals before a spaced
// dash: "Bali Tribune / PUJAWALI - Suasana Mapepada Agung …" (fc8a-138 of
// firstcontact8-tune.jsonl,
// https://balitribune.co.id/content/mapepada-agung-warga-berjalan-kaki-sejauh-tiga-kilometer).
// The name must be an agency the table knows; the kicker, at most
// maxKickerWords words all in capitals, is the topic, no person.
func (r creditReader) deskKicker(caption string) (credit, bool) {
	t := strings.TrimSpace(caption)
	desk, rest, ok := strings.Cut(t, " / ")
	if !ok {
		return credit{}, false
	}
	kicker, text, ok := strings.Cut(rest, " - ")
	n := len(strings.Fields(kicker))
	if !ok || n < 1 || n > maxKickerWords || kicker != strings.ToUpper(kicker) || kicker == strings.ToLower(kicker) || strings.TrimSpace(text) == "" {
		return credit{}, false
	}
	return r.knownAgencyCredit(desk)
}

// uncasedWord reports whether w is letters of a script without capitals
// (Devanagari, Arabic, Han) and their marks.
func uncasedWord(w string) bool {
	for _, c := range w {
		if unicode.IsUpper(c) || unicode.IsLower(c) || !unicode.IsLetter(c) && !unicode.IsMark(c) {
			return false
		}
	}
	return w != ""
}
