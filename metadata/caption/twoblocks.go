package caption

import (
	"slices"
	"strings"

	"github.com/captag/captag/metadata/names"
)

// A distributor that resells a picture writes its own credit after the
// one the picture came with, naming the same photographer: "(Credit
// Image: © Mike Cardew/TNS/ZUMA Wire) --- Image by © Mike Cardew/ZUMA
// Press/Corbis" (Corbis reselling ZUMA, captions.jsonl rw-003, from
// guardian/grid's test image corbis.jpg). Both blocks are the picture's
// credit: every agency of the earlier one is a right credit too, and a
// file that says TNS, the first agency, agrees with the caption.

// withSameCreditBefore returns c, the credit read after the caption's
// last label, with the agencies of each earlier labelled parenthesis in
// before that names one of c's photographers put first. A parenthesis
// that names other people is another picture's credit and is left out.
func (r creditReader) withSameCreditBefore(c credit, before string) credit {
	if len(c.creators) == 0 {
		return c
	}
	var out credit
	r.labelledParens(before, func(p credit) {
		if slices.ContainsFunc(p.creators, func(n string) bool { return slices.Contains(c.creators, n) }) {
			for k, a := range p.agencies {
				out.addAgency(a, p.spelled[k])
			}
		}
	})
	if len(out.agencies) == 0 {
		return c
	}
	for k, a := range c.agencies {
		out.addAgency(a, c.spelled[k])
	}
	c.agencies, c.spelled = out.agencies, out.spelled
	return c
}

// labelledParens calls fn with the credit of each parenthesis of before,
// up to maxCreditTries of them, that opens with a credit label and reads
// as a credit; a parenthesis without a label is the caption's text.
func (r creditReader) labelledParens(before string, fn func(p credit)) {
	for n := 0; n < maxCreditTries; n++ {
		i := strings.IndexByte(before, '(')
		if i < 0 {
			return
		}
		inner, rest, ok := strings.Cut(before[i+1:], ")")
		if !ok {
			return
		}
		before = rest
		if _, labelled := names.CutLabels(strings.TrimSpace(inner)); !labelled {
			continue
		}
		if p, ok := r.parseCredit(inner, true); ok {
			fn(p)
		}
	}
}
