package check

import (
	"fmt"
	"slices"
	"strings"

	"github.com/captag/captag/metadata"
	"github.com/captag/captag/metadata/field"
)

// Text first: an image that already carries a caption's text (EXIF
// ImageDescription, IIM Caption-Abstract, XMP dc:description, its
// sidecar's dc:description) is that caption's picture, whatever its date
// and creator say.
//
// Texts are compared on their folded words (metadata.FoldWords: case, Latin
// diacritics, quotes, apostrophes, punctuation and spacing do not count),
// in three tiers, the first that answers deciding:
//
//  1. exact: the folded words are the same (a 64-bit fingerprint, descHash);
//  2. cut: the image's text is as long as IIM's Caption-Abstract allows
//     (2,000 bytes) and its words but the last, which the cut may have
//     split, are the caption's first words;
//  3. similar: the Jaccard similarity of the two texts' sets of word pairs
//     (w-shingling with w = 2, Broder 1997), estimated from bottom-k
//     sketches of k = textSketchK hashes (exact for texts of up to k word
//     pairs, about 65 words), is at least textSimilar, and the best
//     caption beats the next by textMargin. One word changed in a caption
//     of 40 words gives about 0.90; two sibling captions of one series that
//     differ by a clause give 0.6–0.9, which is why the margin is needed.
//
// A text that fits several different captions equally is a tie: that
// image is not paired by text, nor by anything else, and says why.
const (
	textSketchK = 64   // hashes in a sketch
	textSimilar = 0.75 // the lowest similarity that pairs by text (pinned by TestTextSimilarityThreshold)
	textMargin  = 0.05 // how far the best caption must beat the next
	// textMaxPosting skips, when looking for similar captions, a sketch
	// hash that more captions share than this: words every caption of a
	// series has ("anadolu agency") find candidates by the thousand and
	// decide nothing.
	textMaxPosting = 64
	// textMaxWords caps the words of one text that are sketched or hashed
	// as a prefix (a 2,000-byte caption has about 350).
	textMaxWords = 4096
)

// textPrint is what Match keeps of one description: a few fingerprints
// and a sketch (about 300 bytes for a long caption), never the text.
type textPrint struct {
	hash     uint64   // descHash of the whole text
	cutHash  uint64   // fnv64a of the folded words but the last, when the text may be cut at IIM's limit
	cutWords int32    // how many folded words cutHash covers; 0: not a cut text
	sketch   []uint32 // bottom-k hashes of the word pairs, ascending, at most textSketchK
}

const (
	fnvOffset64 = 14695981039346656037
	fnvPrime64  = 1099511628211
)

// fnv64a continues an FNV-1a hash over s (descHash's hash, streamed).
func fnv64a(h uint64, s string) uint64 {
	for i := 0; i < len(s); i++ {
		h ^= uint64(s[i])
		h *= fnvPrime64
	}
	return h
}

// mix64 is splitmix64's finaliser: it spreads the bits of a word hash so
// that the low 32 bits of a pair's hash are uniform.
func mix64(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	x ^= x >> 31
	return x
}

// newTextPrint fingerprints a description; ok is false for a text that
// folds to nothing.
func newTextPrint(desc string) (textPrint, bool) {
	f := metadata.FoldWords(desc)
	if f == "" {
		return textPrint{}, false
	}
	p := textPrint{hash: foldedHash(f), sketch: sketchWords(f)}
	if len(desc) >= field.Description.Limit()-iimCutSlack {
		if i := strings.LastIndexByte(f, ' '); i > 0 {
			p.cutHash = fnv64a(fnvOffset64, f[:i])
			p.cutWords = int32(strings.Count(f[:i], " ") + 1)
		}
	}
	return p, true
}

// sketchWords returns the bottom-k sketch of the word pairs of a folded
// text.
func sketchWords(f string) []uint32 {
	var words [2]uint64
	hs := make([]uint32, 0, max(1, min(strings.Count(f, " ")+1, textMaxWords)-1)) // a hash per word pair
	n := 0
	for w := range strings.SplitSeq(f, " ") {
		if n == textMaxWords {
			break
		}
		words[0], words[1] = words[1], fnv64a(fnvOffset64, w)
		if n > 0 {
			hs = append(hs, uint32(mix64(words[0]*31+words[1])))
		}
		n++
	}
	if n == 1 {
		hs = append(hs, uint32(mix64(words[1])))
	}
	slices.Sort(hs)
	hs = slices.Compact(hs)
	if len(hs) > textSketchK {
		hs = hs[:textSketchK]
	}
	if cap(hs) > len(hs) {
		// A key holds its sketch to the end of a run: not the hashes
		// left out.
		return slices.Clone(hs)
	}
	return hs
}

// similarity estimates the Jaccard similarity of the sets two bottom-k
// sketches were taken from: the share of the union's k smallest hashes
// that both sets hold. Every hash among the union's k smallest is
// decided by the two sketches (a set whose sketch is full and ends below
// it cannot hold it).
func similarity(a, b []uint32) float64 {
	i, j, n, both := 0, 0, 0, 0
	for n < textSketchK && (i < len(a) || j < len(b)) {
		switch {
		case j == len(b) || i < len(a) && a[i] < b[j]:
			i++
		case i == len(a) || b[j] < a[i]:
			j++
		default:
			both++
			i++
			j++
		}
		n++
	}
	if n == 0 {
		return 0
	}
	return float64(both) / float64(n)
}

// textTier says how an image's text fits a caption.
type textTier uint8

const (
	tierNone textTier = iota
	tierSimilar
	tierCut
	tierExact
)

func (t textTier) String() string {
	switch t {
	case tierExact:
		return "the same text"
	case tierCut:
		return "the caption cut at IIM's 2,000 bytes"
	case tierSimilar:
		return "a similar text"
	}
	return "no text"
}

// textFit is what one text says: the caption text (a text group: the
// records whose texts fold alike) it fits, how, and the runner-up.
type textFit struct {
	group  int // index into matcher.textGroups; -1: none
	tier   textTier
	score  float64
	tie    []int   // other groups that fit as well (a tie), when any
	next   float64 // the next best similarity, for the explanation
	nextOK bool
}

// textIndex holds the captions' side of text matching. It is built only
// when some image carries a text.
type textIndex struct {
	// groupAt and groupRecs are the text groups: the records of group g,
	// whose texts fold alike, are groupRecs[groupAt[g]:groupAt[g+1]], in
	// record order (group). One list for all, not a slice per group: on a
	// hundred thousand captions, a slice each cost the match's peak 3 MB.
	groupAt   []int32
	groupRecs []int
	byHash    map[uint64]int   // descHash → text group
	sketch    [][]uint32       // text group → sketch (built when some image text needs it)
	posting   map[uint32][]int // sketch hash → text groups (at most textMaxPosting+1 each)
}

// groups is the number of text groups.
func (ix *textIndex) groups() int { return len(ix.groupAt) - 1 }

// group returns the records of text group g, in record order. The caller
// must not append to it.
func (ix *textIndex) group(g int) []int {
	a, b := ix.groupAt[g], ix.groupAt[g+1]
	return ix.groupRecs[a:b:b]
}

func (m *matcher) buildTextIndex() {
	ix := &textIndex{byHash: make(map[uint64]int, m.recs.Len())}
	m.recTextGroup = make([]int32, m.recs.Len())
	var count []int32 // records per group
	for _, r := range m.recOrder {
		h := uint64(0)
		if m.recHash != nil {
			h = m.recHash[r]
		}
		if h == 0 {
			h = descHash(m.recs.Text(r))
		}
		if h == 0 {
			m.recTextGroup[r] = -1
			continue
		}
		g, ok := ix.byHash[h]
		if !ok {
			g = len(count)
			ix.byHash[h] = g
			count = append(count, 0)
		}
		count[g]++
		m.recTextGroup[r] = int32(g)
	}
	ix.groupAt = offsets(count)
	ix.groupRecs = make([]int, ix.groupAt[len(count)])
	clear(count)
	for _, r := range m.recOrder {
		if g := m.recTextGroup[r]; g >= 0 {
			ix.groupRecs[ix.groupAt[g]+count[g]] = r
			count[g]++
		}
	}
	m.text = ix
}

// sketches builds the captions' sketches and the posting lists, once.
func (ix *textIndex) sketches(m *matcher) {
	if ix.sketch != nil {
		return
	}
	ix.sketch = make([][]uint32, ix.groups())
	ix.posting = map[uint32][]int{}
	for g := range ix.groups() {
		rs := ix.group(g)
		ix.sketch[g] = sketchWords(metadata.FoldWords(m.recs.Text(rs[0])))
		for _, h := range ix.sketch[g] {
			if l := ix.posting[h]; len(l) <= textMaxPosting {
				ix.posting[h] = append(l, g)
			}
		}
	}
}

type cutKey struct {
	words int32
	hash  uint64
}

// cutFits finds, for every cut image text, the caption texts that begin
// with its words: one pass over each caption's folded words, hashing its
// prefixes as it goes.
func (ix *textIndex) cutFits(m *matcher, prints map[cutKey]bool) map[cutKey][]int {
	need := map[int32]bool{}
	for k := range prints {
		need[k.words] = true
	}
	out := map[cutKey][]int{}
	for g := range ix.groups() {
		rs := ix.group(g)
		f := metadata.FoldWords(m.recs.Text(rs[0]))
		h := uint64(fnvOffset64)
		words := int32(0)
		for i := 0; i < len(f) && words < textMaxWords; i++ {
			if f[i] == ' ' {
				words++
				if need[words] && prints[cutKey{words, h}] {
					k := cutKey{words, h}
					out[k] = append(out[k], g)
				}
			}
			h ^= uint64(f[i])
			h *= fnvPrime64
		}
	}
	return out
}

// cutTable finds the captions that the images' cut texts (at IIM's limit)
// begin, in one pass over the captions; nil when no text is cut.
func (m *matcher) cutTable() map[cutKey][]int {
	cutPrints := map[cutKey]bool{}
	for _, i := range m.imgOrder {
		for _, p := range m.imgs[i].prints() {
			if p.cutWords > 0 {
				if _, exact := m.text.byHash[p.hash]; !exact {
					cutPrints[cutKey{p.cutWords, p.cutHash}] = true
				}
			}
		}
	}
	if len(cutPrints) == 0 {
		return nil
	}
	return m.text.cutFits(m, cutPrints)
}

// fitOf says which caption text one image text fits.
func (m *matcher) fitOf(p *textPrint, cuts map[cutKey][]int) textFit {
	ix := m.text
	if g, ok := ix.byHash[p.hash]; ok {
		return textFit{group: g, tier: tierExact, score: 1}
	}
	if p.cutWords > 0 {
		if gs := cuts[cutKey{p.cutWords, p.cutHash}]; len(gs) > 0 {
			fit := textFit{group: gs[0], tier: tierCut, score: 1}
			if len(gs) > 1 {
				fit.tie = gs[1:]
			}
			return fit
		}
	}
	ix.sketches(m)
	// Count the sketch hashes each caption shares with the text, then
	// measure only the captions that share at least half as many as the
	// best: the others cannot come near it.
	shared := map[int]int{}
	top := 0
	for _, h := range p.sketch {
		l := ix.posting[h]
		if len(l) > textMaxPosting {
			continue
		}
		for _, g := range l {
			shared[g]++
			top = max(top, shared[g])
		}
	}
	seen := map[int]bool{}
	best, next := textFit{group: -1}, 0.0
	var ties []int
	for g, n := range shared {
		if 2*n < top {
			continue
		}
		seen[g] = true
		s := similarity(p.sketch, ix.sketch[g])
		switch {
		case best.group < 0 || s > best.score || s == best.score && g < best.group:
			if best.group >= 0 {
				next = max(next, best.score)
			}
			best.group, best.score = g, s
		default:
			next = max(next, s)
		}
	}
	if best.group < 0 || best.score < textSimilar {
		return textFit{group: -1, score: best.score}
	}
	best.tier, best.next, best.nextOK = tierSimilar, next, next > 0
	if next > best.score-textMargin {
		for g := range seen {
			if g != best.group && similarity(p.sketch, ix.sketch[g]) > best.score-textMargin {
				ties = append(ties, g)
			}
		}
		slices.Sort(ties)
		best.tie = ties
	}
	return best
}

// byText pairs each image that carries a caption's text with that
// caption (text first, before any grouping). An image whose texts fit
// several different captions, or a caption text that more images carry
// than the caption file has copies of it, is held: left unmatched with
// the reason, and out of every later step.
func (m *matcher) byText() {
	m.buildTextIndex()
	if m.text.groups() == 0 {
		return
	}
	cuts := m.cutTable()

	var claims textClaims // text group → images that carry it, in capture order
	for _, i := range m.imgOrder {
		ps := m.imgs[i].prints()
		if len(ps) == 0 {
			continue
		}
		fit, other := m.bestFit(ps, cuts)
		if fit.group < 0 {
			if ownCaptionText(ps) {
				// The picture carries a caption of its own that no record
				// has: it is not any of these captions' picture.
				if m.imgForeign == nil {
					m.imgForeign = make([]bool, len(m.imgs))
				}
				m.imgForeign[i] = true
				m.hold(nil, []int{i}, "", "")
			}
			continue
		}
		if len(other) > 0 {
			lines := []string{lineOf(m, m.text.group(fit.group)[0])}
			for _, g := range other {
				lines = append(lines, lineOf(m, m.text.group(g)[0]))
			}
			m.hold(nil, []int{i}, "", "its text fits the captions at lines "+joinAnd(lines)+" alike; not guessed")
			continue
		}
		claims.add(fit.group, i)
		m.imgScore[i] = float32(fit.score)
	}
	claims.each(m.text.groups(), m.pairTextGroup)
}

// textClaims are the images whose text fits each caption text group, kept
// as one list of (group, image) in capture order instead of a map of
// slices: on a folder of a hundred thousand captioned pictures, nearly
// every group is claimed by one image, and a map of one-image slices cost
// the match's peak some five megabytes.
type textClaims struct {
	fits []textClaim
}

type textClaim struct{ group, img int32 }

func (c *textClaims) add(g, i int) { c.fits = append(c.fits, textClaim{int32(g), int32(i)}) }

// each calls f for each group claimed, in the order of its first claim,
// with its images in the order they were added.
func (c *textClaims) each(groups int, f func(g int, is []int)) {
	rank := make([]int32, groups) // 1 + the order of the group's first claim; 0 unclaimed
	n := int32(0)
	for _, t := range c.fits {
		if rank[t.group] == 0 {
			n++
			rank[t.group] = n
		}
	}
	slices.SortStableFunc(c.fits, func(a, b textClaim) int { return int(rank[a.group]) - int(rank[b.group]) })
	var is []int
	for k := 0; k < len(c.fits); {
		g := c.fits[k].group
		is = is[:0]
		for ; k < len(c.fits) && c.fits[k].group == g; k++ {
			is = append(is, int(c.fits[k].img))
		}
		f(int(g), is)
	}
}

// bestFit returns the caption text group the texts ps of one image fit
// best (group -1 when none), and the other groups, sorted, that they fit
// as well: a tie that is not guessed.
func (m *matcher) bestFit(ps []textPrint, cuts map[cutKey][]int) (fit textFit, other []int) {
	fit.group = -1
	for k := range ps {
		f := m.fitOf(&ps[k], cuts)
		if f.group < 0 {
			continue
		}
		switch {
		case fit.group < 0:
			fit = f
		case f.group != fit.group:
			other = append(other, f.group)
		case f.tier > fit.tier:
			fit = f
		}
		other = append(other, f.tie...)
	}
	other = slices.DeleteFunc(other, func(g int) bool { return g == fit.group })
	slices.Sort(other)
	return fit, slices.Compact(other)
}

// pairTextGroup pairs the images is that carry the text of group g with
// its free captions. More images carry the text than the file has copies
// of it: those whose date and creator also agree go first, then capture
// order; the rest are left with the reason, never given another caption.
func (m *matcher) pairTextGroup(g int, is []int) {
	rs := m.freeRecs(m.text.group(g))
	if len(is) <= len(rs) {
		for k, i := range is {
			m.pairText(rs[k], i)
		}
		return
	}
	take := make([]int, 0, len(is))
	for _, i := range is {
		if len(rs) > 0 && m.agrees(rs[0], i) {
			take = append(take, i)
		}
	}
	for _, i := range is {
		if len(rs) == 0 || !m.agrees(rs[0], i) {
			take = append(take, i)
		}
	}
	for k := range rs {
		m.pairText(rs[k], take[k])
	}
	line := lineOf(m, m.text.group(g)[0])
	copies := plural(len(m.text.group(g)), "caption")
	m.hold(nil, take[len(rs):], "", fmt.Sprintf("it carries the text of the caption at line %s, but %s carry that text and the file has %s with it; the others went to the images whose date and creator agree, or that come first in capture time", line, plural(len(is), "image"), copies))
}

// ownTextMinPairs is how many different word pairs (about as many words)
// an image's text needs to count as a caption of its own: camera
// boilerplate ("OLYMPUS DIGITAL CAMERA", "SONY DSC") and a bare place
// name are shorter; a wire caption has dozens.
const ownTextMinPairs = 7

// ownCaptionText reports whether one of an image's texts is long enough
// to be a caption.
func ownCaptionText(ps []textPrint) bool {
	for k := range ps {
		if len(ps[k].sketch) >= ownTextMinPairs {
			return true
		}
	}
	return false
}

// pairText pairs record r with image i by text.
func (m *matcher) pairText(r, i int) {
	m.pair(r, i, ByText)
	p := &m.pairs[len(m.pairs)-1]
	p.Text = m.imgScore[i]
}

// agrees reports whether record r and image i agree on the day and on a
// creator.
func (m *matcher) agrees(r, i int) bool {
	return m.recHasDay[r] && slices.Contains(m.imgDaysOf(i), m.recs.Date(r)) && m.shareCreator(r, i)
}

func (m *matcher) shareCreator(r, i int) bool {
	for _, c := range m.recCreatorsOf(r) {
		if slices.Contains(m.imgCreatorsOf(i), c) {
			return true
		}
	}
	return false
}
