package caption

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/captag/captag/metadata/names"
)

// commaLabelCredit reads a credit after a label written with a comma, as
// BBC pages write the picture's source line above its caption: Welsh
// "Ffynhonnell y llun, NAME" (the picture's source), then "Disgrifiad o’r
// llun," (the picture's description) and the caption (BBC Cymru Fyw,
// fc7a-012 to -016 of firstcontact7-tune.jsonl,
// https://feeds.bbci.co.uk/cymrufyw/55160714). A page copy glues the
// picture's alternative text before the label ("…gan ddau
// heddwasFfynhonnell y llun, Arwyn Roberts"): a label glued so is read
// only where its capital follows a lower-case letter. The credit ends at
// a caption label (names.CaptionLabels) or the text's end. A label of
// another form is read so only where a caption label closes its credit:
// "Image copyright Colin Cameron Image caption Bha cuirmean-ciùil …"
// (BBC Naidheachdan, g9b-092 of firstcontact9-tune.jsonl,
// https://www.bbc.co.uk/naidheachdan/53564876).
func (r creditReader) commaLabelCredit(t string) (credit, bool) {
	low := strings.ToLower(t)
	for _, l := range names.Labels() {
		comma := strings.HasSuffix(l, ", ")
		i, text := strings.Index(low, l), t
		if i < 0 && strings.HasSuffix(l, " ") {
			if i = gluedLabelAt(t, low, strings.TrimSuffix(l, " ")); i >= 0 {
				n := i + len(l) - 1
				text = t[:n] + " " + t[n:] // the label's space, which the copy lost
			}
		}
		if i < 0 || !labelStartsText(t, i) {
			continue
		}
		seg, closed := text[i:], false
		for _, cl := range names.CaptionLabels() {
			if j := strings.Index(strings.ToLower(seg), cl); j > 0 {
				seg, closed = seg[:j], true
			}
		}
		if !comma && !closed {
			continue
		}
		if seg = strings.TrimSpace(seg); len(seg) > maxCreditBytes {
			continue
		}
		if c, ok := r.parseCredit(seg, true); ok {
			return c, true
		}
	}
	return credit{}, false
}

// gluedLabelAt returns where the label l (a phrase, its space cut) is
// glued to the capital that opens its name, as a page copy writes
// "Image copyrightINSTAGRAM" (g9a-012 of firstcontact9-tune.jsonl,
// https://zethiopians.blogspot.com/2019/11/), or -1.
func gluedLabelAt(t, low, l string) int {
	i := strings.Index(low, l)
	if i < 0 || i+len(l) >= len(t) {
		return -1
	}
	if r, _ := utf8.DecodeRuneInString(t[i+len(l):]); !unicode.IsUpper(r) {
		return -1
	}
	return i
}

// labelStartsText reports whether a label at t[i:] starts t or a word,
// or is glued to a lower-case letter with its own first letter a capital.
func labelStartsText(t string, i int) bool {
	if i == 0 {
		return true
	}
	prev, _ := utf8.DecodeLastRuneInString(t[:i])
	if unicode.IsSpace(prev) {
		return true
	}
	first, _ := utf8.DecodeRuneInString(t[i:])
	return unicode.IsLower(prev) && unicode.IsUpper(first)
}

// indicInitials reports whether word is a run of Latin initials spelt in
// an Indic script, each with its dot: "എം.പി." (M.P., Malayalam; "ഫോട്ടോ:
// എം.പി. ഉണ്ണികൃഷ്ണൻ", fc7b-002 of firstcontact7-tune.jsonl,
// https://www.mathrubhumi.com/gallery/news-in-pics/news-in-pics-20-5-2022-1.7531947).
func indicInitials(word string) bool {
	parts := strings.Split(strings.TrimSuffix(word, "."), ".")
	if len(parts) < 2 || !strings.HasSuffix(word, ".") {
		return false
	}
	for _, p := range parts {
		if !indicInitial(p) {
			return false
		}
	}
	return true
}
