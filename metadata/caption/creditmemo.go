package caption

import "slices"

// A folder's captions repeat their credits: one photographer's pictures
// all end "( Aref Watad - Anadolu Agency )", a desk's all "REUTERS/NAME".
// parseCredit is a function of its text, whether a label came before it
// and the agency table, so a batch of captions parsed together keeps what
// each credit text gave (issue 24: reading the same credit again was 11 %
// of a warm check's CPU on a wire folder). The memo belongs to one batch,
// parsed by one goroutine, and is dropped with it; a record does not
// depend on which batch parsed it.

// maxCreditMemo caps the credits one memo keeps; past it, credits are
// parsed afresh.
const maxCreditMemo = 1024

// creditKey is what parseCredit reads besides the agency table.
type creditKey struct {
	text     string
	labelled bool
}

// creditResult is what parseCredit gave.
type creditResult struct {
	c  credit
	ok bool
}

// creditMemo keeps the credits of one batch of captions.
type creditMemo struct {
	seen map[creditKey]creditResult
}

func newCreditMemo() *creditMemo {
	return &creditMemo{seen: make(map[creditKey]creditResult)}
}

// clone returns c with slices of its own, so that a caller that appends to
// one changes no other caption's credit.
func (c credit) clone() credit {
	c.creators = slices.Clip(slices.Clone(c.creators))
	c.written = slices.Clip(slices.Clone(c.written))
	c.agencies = slices.Clip(slices.Clone(c.agencies))
	c.spelled = slices.Clip(slices.Clone(c.spelled))
	return c
}
