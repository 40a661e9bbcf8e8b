package caption

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/captag/captag/metadata/names"
)

// Hong Kong and Taiwan desks credit a picture in both scripts, the name in
// Chinese then English and the paper likewise, on the caption's first
// lines: "曾國宗 Tsang Kwok Chung\n南華早報 South China Morning Post\n\n…"
// (fc6b-049, http://hkppa.net/focus-at-the-frontline-2024-results), on
// one line after a contest's prize label ("冠軍:李願成 Dickson Lee 南華早報
// South China Morning Post", fc6b-052), or with a status for the paper
// ("… Chan Kwok Shing Freelance Photographer", fc6b-053). bilingualHead
// reads that shape: the person is the Chinese and the English name
// together, as written; the paper is the table's when either half is
// known, else its English half as written.

// maxBilingualLines bounds the first lines bilingualHead reads: a prize
// label, the name's line and the paper's line.
const maxBilingualLines = 3

// Bounds of the two halves of a bilingual name: a Chinese name of two to
// four characters and an English one of two to four words.
const (
	minHanName, maxHanName     = 2, 4
	minLatinName, maxLatinName = 2, 4
	maxHanOrg                  = 8 // "中央通訊社", "南華早報"
)

// bilingualHead reads the bilingual credit that opens the caption.
func (r creditReader) bilingualHead(caption string) (credit, bool) {
	var lines []string
	for _, l := range strings.Split(strings.TrimSpace(caption), "\n") {
		if l = strings.TrimSpace(l); l != "" {
			lines = append(lines, l)
		}
		if len(lines) == maxBilingualLines {
			break
		}
	}
	if len(lines) > 0 {
		if rest, ok := names.CutPrizeLabel(lines[0]); ok {
			lines[0] = rest
			if rest == "" {
				lines = lines[1:] // "季軍:" on a line of its own
			}
		}
	}
	if len(lines) < 2 {
		return credit{}, false
	}
	// The name and the paper on one line, or on two.
	if c, ok := r.bilingualRun(strings.Fields(lines[0])); ok {
		return c, true
	}
	return r.bilingualRun(strings.Fields(lines[0] + " " + lines[1]))
}

// bilingualRun reads "HAN Latin Name HAN Latin Org" or "HAN Latin Name
// Status", all of f: a name alone is not enough.
func (r creditReader) bilingualRun(f []string) (credit, bool) {
	if len(f) < 1+minLatinName || !hanWord(f[0], minHanName, maxHanName) {
		return credit{}, false
	}
	k := 1
	for k < len(f) && latinNameWord(f[k]) {
		k++
	}
	latin, rest := f[1:k], f[k:]
	var c credit
	switch {
	case len(rest) > 0:
		// The paper in both scripts: "南華早報 South China Morning Post".
		if len(latin) < minLatinName || len(latin) > maxLatinName || !hanWord(rest[0], minHanName, maxHanOrg) ||
			len(rest) < 2 || len(rest) > maxNameWords+1 || !allLatinWords(rest[1:]) {
			return credit{}, false
		}
		han, org := rest[0], strings.Join(rest[1:], " ")
		if a, known := r.al.PartAgency(org); known {
			c.addAgency(a, org)
		} else if a, known := r.al.PartAgency(han); known {
			c.addAgency(a, han)
		} else {
			c.addAgency(org, org)
		}
	default:
		// A status instead of a paper ("Freelance Photographer"): a role
		// word after the name.
		cut := 0
		for at := len(latin) - 1; at >= minLatinName && cut == 0; at-- {
			if _, ok := names.Role(strings.Join(latin[at:], " ")); ok && at <= maxLatinName {
				cut = at
			}
		}
		if cut == 0 {
			return credit{}, false
		}
		latin = latin[:cut]
	}
	c.addCreator(f[0] + " " + strings.Join(latin, " "))
	c.creators[0] = c.written[0] // the English half's case as written
	return c, true
}

// hanWord reports whether w is min to max Han characters and nothing else.
func hanWord(w string, min, max int) bool {
	n := utf8.RuneCountInString(w)
	if n < min || n > max {
		return false
	}
	for _, r := range w {
		if !unicode.Is(unicode.Han, r) {
			return false
		}
	}
	return true
}

// latinNameWord reports whether w is a capitalised Latin word, letters
// and hyphens only ("Tsang", "Kwok-chung").
func latinNameWord(w string) bool {
	r, _ := utf8.DecodeRuneInString(w)
	if !unicode.IsUpper(r) || !unicode.Is(unicode.Latin, r) {
		return false
	}
	for _, r := range w {
		if r != '-' && !unicode.Is(unicode.Latin, r) {
			return false
		}
	}
	return true
}

// allLatinWords reports whether every word of f is a capitalised Latin
// word or an acronym ("CNA").
func allLatinWords(f []string) bool {
	for _, w := range f {
		if !latinNameWord(w) {
			return false
		}
	}
	return len(f) > 0
}

// maxOpeningChainWords bounds the words of the Latin credit chain that
// openingLatinChain reads.
const maxOpeningChainWords = 8

// openingLatinChain reads the credit chain in Latin letters that opens a
// caption written in another script, glued to its first sentence: a
// translated copy of a Getty caption keeps the credit as the agency sent
// it before the text and ends with its translation, "LEON NEAL/GETTY
// IMAGES هنرمند … لین نیل/تصاویر گتی" (fc6b-011 of
// firstcontact6-tune.jsonl, https://amirsasankoshti.ir/?p=1804). The
// chain runs to the first word with a letter of another script, and must
// name a person and a known agency.
func (r creditReader) openingLatinChain(caption string) (credit, bool) {
	f := strings.Fields(caption)
	n := 0
	for n < len(f) && n < maxOpeningChainWords && latinWord(f[n]) {
		n++
	}
	if n == 0 || n == len(f) || !strings.Contains(strings.Join(f[:n], " "), "/") {
		return credit{}, false
	}
	c, ok := r.parseCredit(strings.Join(f[:n], " "), false)
	return c, ok && len(c.creators) > 0 && len(c.agencies) > 0
}

// latinWord reports whether w has no letter of a script but Latin.
func latinWord(w string) bool {
	for _, r := range w {
		if unicode.IsLetter(r) && !unicode.Is(unicode.Latin, r) {
			return false
		}
	}
	return true
}

// preferOpeningChain gives the caption's credit the photographers of the
// Latin chain that opens it (openingLatinChain) when the credit found
// elsewhere is its translation: the same agencies, its photographers
// written in another script.
func (w *wire) preferOpeningChain(caption string) {
	if !w.creditFound || len(w.creators) == 0 || slices.ContainsFunc(w.creators, latinWord) {
		return
	}
	c, ok := w.openingLatinChain(caption)
	if !ok || !slices.Equal(c.agencies, w.agencies) {
		return
	}
	w.creators, w.creatorsWritten = c.creators, c.written
}
