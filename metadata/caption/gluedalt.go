package caption

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// A page's credit line can run into the picture's alt text with no space
// between them: Sputnik's pages write "© Sputnik / Томас ТхайцукАслан
// Габелая" and then the image line "Аслан Габелая - Sputnik Аҧсны, 1920,
// 31.03.2021" (fc8a-048 of firstcontact8-tune.jsonl, sputnik-abkhazia.info):
// the photographer Томас Тхайцук, glued to the subject's name. A name
// whose word turns from a small letter to a capital, where what follows
// the turn (two words or more) is written again elsewhere in the caption,
// is cut at the turn: the rest is the alt text, written twice. A name with
// a capital inside it ("McDonald", "DiCaprio") is left as it is, even
// when the caption writes it again.

// minGluedAlt is the fewest runes of alt text cut from a name: shorter
// tails ("Donald" after "Mc") are names' own capitals.
const minGluedAlt = 6

// minGluedWord is the fewest runes of the name's word before the turn:
// name prefixes with a capital after them (Mc, Mac, De, La, Van) are
// shorter.
const minGluedWord = 4

// cutGluedAlt cuts the alt text glued to c's photographers' names in the
// caption text. c's slices may be a memo's (creditmemo.go): a name cut
// is cut in copies.
func cutGluedAlt(c credit, text string) credit {
	copied := false
	for k, written := range c.written {
		p := gluedTurn(written)
		if p < 0 {
			continue
		}
		tail := written[p:]
		if utf8.RuneCountInString(tail) < minGluedAlt || !strings.Contains(tail, " ") || strings.Count(text, tail) < 2 {
			continue
		}
		if w := written[strings.LastIndexByte(written[:p], ' ')+1 : p]; utf8.RuneCountInString(w) < minGluedWord {
			continue // "McDonald", "MacKenzie", "DeShawn": a prefix's capital
		}
		head := strings.TrimSpace(written[:p])
		if !copied {
			c.written, c.creators, copied = slices.Clone(c.written), slices.Clone(c.creators), true
		}
		c.written[k], c.creators[k] = head, titleCase(head, false)
	}
	return c
}

// gluedTurn returns the byte offset of the first capital that follows a
// small letter within a word of s, or -1.
func gluedTurn(s string) int {
	prevLower := false
	for i, r := range s {
		if prevLower && unicode.IsUpper(r) {
			return i
		}
		prevLower = unicode.IsLower(r)
	}
	return -1
}

// cutScriptTurn cuts the last part of a credit chain where a word of
// Latin letters runs, with no space, into letters of another script: the
// caption the page glued after the credit line, "© Sputnik / Vladimir
// Umikashviliქართველი მხატვრები ფიქრობენ …" (Sputnik Georgia, g9b-091 of
// firstcontact9-tune.jsonl, https://sputnik-georgia.com/20181213/------243463365.html).
// The name ends
// where the other script starts.
func cutScriptTurn(texts []string) []string {
	n := len(texts)
	if n == 0 {
		return texts
	}
	last := texts[n-1]
	prev := rune(0)
	for i, r := range last {
		if unicode.Is(unicode.Latin, prev) && unicode.IsLetter(r) && !unicode.Is(unicode.Latin, r) &&
			utf8.RuneCountInString(last[i:]) >= minGluedAlt {
			out := slices.Clone(texts)
			out[n-1] = last[:i]
			return out
		}
		prev = r
	}
	return texts
}
