package caption

import "strings"

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
	a, known := r.al.PartAgency(inner)
	if !known {
		return credit{}, false
	}
	var c credit
	c.addAgency(a, inner)
	return c, true
}
