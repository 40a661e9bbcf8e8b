package caption

import (
	"strings"
	"unicode/utf8"

	"github.com/captag/captag/metadata/names"
)

// maxCJKPaperBytes bounds the paper's name before a Chinese dispatch word
// (a few characters: "天山网", "新华网").
const maxCJKPaperBytes = 30

// cjkDispatchCredit reads the credit a Chinese paper writes at the head of
// its text, its name and dispatch word (names.CJKDispatch), then the
// photographer's credit in parentheses: "天山网讯(记者 秦鹏摄影报道)8月8日,…"
// (fc8a-058 of firstcontact8-tune.jsonl). The parenthesis must be a
// Chinese credit by its own words (cjkCredit: a name, then 摄); the paper
// is the agency, as the dispatch word vouches.
func (r creditReader) cjkDispatchCredit(t string) (credit, bool) {
	t = strings.TrimSpace(t)
	for _, d := range names.CJKDispatch() {
		i := strings.Index(t, d)
		if i <= 0 || i > maxCJKPaperBytes {
			continue
		}
		paper, rest := t[:i], t[i+len(d):]
		if first, _ := utf8.DecodeRuneInString(paper); first < 0x2E80 || strings.ContainsAny(paper, " ,.;:()/，。") {
			continue
		}
		inner := ""
		for _, p := range [][2]string{{"(", ")"}, {"（", "）"}} {
			if s, ok := strings.CutPrefix(rest, p[0]); ok {
				if j := strings.Index(s, p[1]); j > 0 {
					inner = s[:j]
				}
			}
		}
		c, ok := r.cjkCredit(inner)
		if inner == "" || !ok || len(c.creators) == 0 {
			continue
		}
		if len(c.agencies) == 0 {
			a, known := r.al.PartAgency(paper)
			if !known {
				a = paper
			}
			c.addAgency(a, paper)
		}
		return c, true
	}
	return credit{}, false
}
