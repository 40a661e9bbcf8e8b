package caption

import "strings"

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
