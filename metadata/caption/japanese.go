package caption

import (
	"strings"
	"unicode/utf8"

	"github.com/captag/captag/metadata/names"
)

// equalsChain rewrites the Japanese chain of two known agencies joined by
// "=", the first handing its picture on through the second, as "A via B":
// "(ゲッティ=共同)", Getty via Kyodo (fc4b-031). Anything else is left
// alone ("사진=" is a label, cut before).
func (r creditReader) equalsChain(c string) string {
	a, b, ok := strings.Cut(c, "=")
	if !ok || strings.Contains(b, "=") {
		return c
	}
	a, b = strings.TrimSpace(a), strings.TrimSpace(b)
	_, ka := r.al.PartAgency(a)
	_, kb := r.al.PartAgency(b)
	if !ka || !kb {
		return c
	}
	return a + " via " + b
}

// japaneseCredit reads the credits Japanese desks mark their own way: a
// known agency in lenticular brackets, or the photographer after the
// photographing mark in the last parentheses.
func (r creditReader) japaneseCredit(t string) (credit, bool) {
	if c, ok := r.lenticularCredit(t); ok {
		return c, true
	}
	return shotByLeadCredit(t)
}

// maxJapaneseNameWords bounds the words of a name in "(撮影・NAME)": the
// family and the given name, spaced or not ("藤家 武").
const maxJapaneseNameWords = 2

// shotByLeadCredit reads the photographer a Japanese regional paper names
// after the photographing mark (names.CJKShotByLead) in the parentheses
// that end the caption: "…JR神戸駅(撮影・小林良多)" (fc6b-075). The name
// must be in CJK script: one or two words, no punctuation.
func shotByLeadCredit(t string) (credit, bool) {
	t = strings.TrimRight(t, " 。.")
	var inner string
	for _, p := range [][2]string{{"(", ")"}, {"（", "）"}} {
		if body, ok := strings.CutSuffix(t, p[1]); ok {
			if open := lastIndex(body, p[0]); open >= 0 {
				inner = body[open+len(p[0]):]
			}
		}
	}
	var name string
	for _, lead := range names.CJKShotByLead() {
		if n, ok := strings.CutPrefix(strings.TrimSpace(inner), lead); ok {
			name = strings.TrimSpace(n)
		}
	}
	f := strings.Fields(name)
	if len(f) == 0 || len(f) > maxJapaneseNameWords || len(name) > maxCJKNameBytes || strings.ContainsAny(name, ",.;:()/、。=") {
		return credit{}, false
	}
	for _, w := range f {
		if r, _ := utf8.DecodeRuneInString(w); r < 0x2E80 {
			return credit{}, false
		}
	}
	var c credit
	c.addCreator(name)
	return c, true
}

// lenticularCredit reads the credit Japanese desks put in lenticular
// brackets at the caption's end, a known agency, maybe written once more
// after it: "…松井一実市長。【時事通信社】時事通信社" (Jiji, fc4b-032).
func (r creditReader) lenticularCredit(t string) (credit, bool) {
	t = strings.TrimSpace(t)
	open := lastIndex(t, "【")
	if open < 0 {
		return credit{}, false
	}
	inner, after, ok := strings.Cut(t[open+len("【"):], "】")
	inner, after = strings.TrimSpace(inner), strings.TrimSpace(after)
	if !ok || after != "" && after != inner {
		return credit{}, false
	}
	return r.knownAgencyCredit(inner)
}
