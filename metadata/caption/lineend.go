package caption

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// maxLineEndLines bounds how many lines lineEndAgency tries, from the
// last.
const maxLineEndLines = 8

// lineEndAgency reads a known agency alone in the parentheses that end a
// line above the caption's last, as a print page's short caption
// credits the picture before a longer caption repeats it: "Un religioso
// pide a la Policía que no dispare. (Reuters)\nUn religioso pide …"
// (20minutos, fc7a-109 of firstcontact7-tune.jsonl,
// https://www.20minutos.es/noticia/338525/0/kenia/agoniza/religioso/).
// It is tried only when no credit was found elsewhere; the parentheses
// must hold a known agency's name and nothing else.
func (w *wire) lineEndAgency(caption string) (credit, bool) {
	lines := strings.Split(strings.TrimSpace(caption), "\n")
	for i := len(lines) - 2; i >= 0 && i >= len(lines)-1-maxLineEndLines; i-- {
		line := strings.TrimRight(tidy(lines[i]), " .")
		if !strings.HasSuffix(line, ")") {
			continue
		}
		open := matchingOpen(line)
		if open < 0 {
			continue
		}
		inner := strings.TrimSpace(line[open+1 : len(line)-1])
		if open == 0 {
			if c, ok := w.lineCreditChain(inner); ok {
				return c, true
			}
		}
		name, ok := w.al.PartAgency(inner)
		if !ok {
			continue
		}
		var c credit
		c.addAgency(name, inner)
		return c, true
	}
	return credit{}, false
}

// lineCreditChain reads the inside of parentheses that are a whole line
// above the caption's last as a staff credit "NAME/PAPER": "(Leah
// Hennel/Calgary Herald)" between a Postmedia caption and its desk note
// "For City story by NAME" (fc6a-035 of firstcontact6-tune.jsonl,
// http://calgaryherald.com/tag/history). The part before the one slash
// must be a person's name beyond doubt (bareName) and the part after it
// capitalised words with no sentence end, so that an aside in parentheses
// credits nobody.
func (w *wire) lineCreditChain(inner string) (credit, bool) {
	name, org, ok := strings.Cut(inner, "/")
	name, org = strings.TrimSpace(name), strings.TrimSpace(org)
	if !ok || name == "" || org == "" || strings.Contains(org, "/") || !bareName(name) {
		return credit{}, false
	}
	if firstSentenceEnd(org) > 0 || strings.ContainsAny(org, ",;:()") || !capitalised(org) {
		return credit{}, false
	}
	c, ok := w.parseCredit(inner, false)
	if !ok || len(c.creators) != 1 {
		return credit{}, false
	}
	return c, true
}

// agencyLine reads a line above the caption's last that is nothing but
// known agencies joined by a spaced slash, the supplier and its
// distributor, as a French sports site sets the credit between a
// picture's heading and its text: "Les cœurs d’Angel Di Maria\n\nSUSA /
// Icon Sport\n\nAncien joueur …" (fc8c-016, -017, -018 of
// firstcontact8-tune.jsonl, Icon Sport distributing SUSA, ActionPress and
// IPP). It is tried only when no credit was found elsewhere; every part
// must be a known agency, and there must be two.
func (w *wire) agencyLine(caption string) (credit, bool) {
	lines := strings.Split(strings.TrimSpace(caption), "\n")
	for i := len(lines) - 2; i >= 0 && i >= len(lines)-1-maxLineEndLines; i-- {
		parts := strings.Split(strings.TrimSpace(tidy(lines[i])), " / ")
		if len(parts) < 2 {
			continue
		}
		var c credit
		all := true
		for _, p := range parts {
			name, ok := w.al.PartAgency(strings.TrimSpace(p))
			if !ok {
				all = false
				break
			}
			c.addAgency(name, strings.TrimSpace(p))
		}
		if all {
			return c, true
		}
	}
	return credit{}, false
}

// pipeTail reads the credit after the last bar of the caption's last
// line, spaced or glued, as Mexican sports sites set it after a short
// caption: "Jesús Corona celebra en el Azteca|IMAGO7", "Niño
// festejando|TWITTER/AZTECA 7" (fc8c-024, -025 of firstcontact8-tune.jsonl).
// It is tried only when no credit was found elsewhere; the credit must
// hold a known agency and no person.
func (w *wire) pipeTail(caption string) (credit, bool) {
	lines := strings.Split(strings.TrimSpace(caption), "\n")
	line := strings.TrimSpace(tidy(lines[len(lines)-1]))
	i := strings.LastIndexByte(line, '|')
	if i <= 0 || strings.TrimSpace(line[:i]) == "" {
		return credit{}, false
	}
	c, ok := w.parseCredit(strings.TrimSpace(line[i+1:]), false)
	if !ok || len(c.creators) > 0 || len(c.agencies) == 0 {
		return credit{}, false
	}
	for _, s := range c.spelled {
		if _, known := w.al.PartAgency(s); !known {
			return credit{}, false
		}
	}
	return c, true
}

// linkOpeners open the text of a link a web page prints below a
// caption, no part of it: "… Photo: WFP/Francisco Fión\nRead Hugo's
// story" (the World Food Programme's story page, fc8c-067 of
// firstcontact8-tune.jsonl, https://www.wfp.org/stories/10-faces-food-assistance-2014).
var linkOpeners = []string{"Read "}

// maxLinkWords bounds the words of a link's text.
const maxLinkWords = 5

// cutLinkLine cuts a link's text that is the caption's last line, so that
// the credit above it ends the caption: a line of at most maxLinkWords
// words opening with one of linkOpeners, in that case, with no sentence
// end in it, below another line.
func cutLinkLine(caption string) string {
	t := strings.TrimRight(caption, " \t\r\n")
	i := strings.LastIndexByte(t, '\n')
	if i <= 0 {
		return caption
	}
	last := strings.TrimSpace(t[i+1:])
	if len(strings.Fields(last)) > maxLinkWords || strings.ContainsAny(last, ".:;!?") {
		return caption
	}
	for _, o := range linkOpeners {
		if strings.HasPrefix(last, o) {
			return t[:i]
		}
	}
	return caption
}

// lostLineBreak is a line break escaped as "\r\n" whose backslashes a
// page copy dropped, glued between a sentence's full stop and the next
// line's capital: "Jamesonu2019s mamba, Kamerun.rnFoto: Mattias Klum"
// (fc6a-087 of firstcontact6-tune.jsonl,
// http://www.kamerabild.se/artiklar/intervjuer/mattias-klum-det-finns-inget-d-ligt-ljus).
const lostLineBreak = ".rn"

// damagedSeparator is the line separator U+2028 (E2 80 A8 in UTF-8) read
// as Latin-1 with its middle byte lost: "… on March 16, 2017.â¨â¨Photo:
// MCpl Jennifer Kusche, Canadian Forces Combat Camera â¨IS06-2017-0004-051"
// (fc6a-067 of firstcontact6-tune.jsonl,
// http://ottawacitizen.com/news/national/defence-watch/photos-the-best-images-for-2017-of-canadas-soldiers-at-work).
// A lone diaeresis after "â" is in no language's words.
const damagedSeparator = "â¨"

// restoreLineBreaks writes each damagedSeparator as the line break it
// was, and each lostLineBreak before a capital letter as the full stop
// and line break it was, so that the credit after it opens a line of its
// own.
func restoreLineBreaks(caption string) string {
	caption = strings.ReplaceAll(caption, damagedSeparator, "\n")
	if !strings.Contains(caption, lostLineBreak) {
		return caption
	}
	var b strings.Builder
	for {
		i := strings.Index(caption, lostLineBreak)
		if i < 0 {
			break
		}
		after := caption[i+len(lostLineBreak):]
		r, _ := utf8.DecodeRuneInString(after)
		b.WriteString(caption[:i+1])
		if unicode.IsUpper(r) {
			b.WriteString("\n")
		} else {
			b.WriteString("rn")
		}
		caption = after
	}
	b.WriteString(caption)
	return b.String()
}

// maxTitleTail bounds the one-line caption titleTailAgency reads, in
// characters.
const maxTitleTail = 80

// titleTailAgency reads a caption that is one short line, a picture's
// title or its subject's name and then a known agency after the last
// comma or spaced dash, as Sputnik's sites caption their pictures:
// "Сусанна Ҭаниаԥҳа, Sputnik" (the folklorist pictured, fc8a-046 of
// firstcontact8-tune.jsonl), "Микрофон  - Sputnik Аҧсны, 1920" (the alt
// word, the edition, then the rendition's width, fc8a-045). Parts after
// the agency that are numbers (digits and dots) are dropped. It is tried
// only when no credit was found elsewhere; the text before the agency is
// no credit (a title, a subject), so it credits the agency alone.
func (w *wire) titleTailAgency(caption string) (credit, bool) {
	line := strings.TrimSpace(tidy(caption))
	if strings.Contains(strings.TrimSpace(caption), "\n") || utf8.RuneCountInString(line) > maxTitleTail || firstSentenceEnd(line) > 0 {
		return credit{}, false
	}
	for {
		i := strings.LastIndex(line, ", ")
		if i < 0 || !numberPart(line[i+2:]) {
			break
		}
		line = strings.TrimSpace(line[:i])
	}
	i, n := strings.LastIndex(line, ", "), 2
	for _, d := range []string{" - ", " – ", " — "} {
		if j := strings.LastIndex(line, d); j > i {
			i, n = j, len(d)
		}
	}
	if i <= 0 || strings.TrimSpace(line[:i]) == "" {
		return credit{}, false
	}
	written := strings.TrimSpace(line[i+n:])
	name, ok := w.al.PartAgency(written)
	if !ok {
		return credit{}, false
	}
	var c credit
	c.addAgency(name, written)
	return c, true
}

// numberPart reports whether s is digits, with dots between them
// ("1920", "31.03.2021").
func numberPart(s string) bool {
	s = strings.TrimSpace(s)
	return s != "" && s[0] != '.' && strings.Trim(s, "0123456789.") == ""
}
