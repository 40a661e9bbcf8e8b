package check

import (
	"fmt"
	"sort"
	"strings"

	"github.com/captag/captag/metadata/caption"
	"github.com/captag/captag/metadata/date"
)

// maxExplainCandidates is how many candidates an Explanation lists; the
// rest are counted.
const maxExplainCandidates = 5

// textFloor is the lowest text similarity an explanation lists a caption
// for: below it the texts merely share a dateline and a credit.
const textFloor = 0.5

// Explanation says, for one image, which captions matching considered and
// why the chosen one won (captag match --explain).
type Explanation struct {
	Image int
	// Candidates are the chosen caption first, then the others that share
	// the image's text, day or creator, best first; at most
	// maxExplainCandidates.
	Candidates []Candidate
	More       int    // candidates left out
	Why        string // why the chosen caption won, or why there is none
}

// Candidate is one caption considered for an image.
type Candidate struct {
	Record int
	// Text is the similarity of the image's text to the caption's (1 for
	// the same or a cut text); -1 when the image carries no text.
	Text          float64
	Date, Creator bool // the day, a creator agree
	Chosen        bool
}

// ExplainKeys explains plan, which MatchKeysWith made of the same inputs,
// image by image in path order. It repeats the matching's lookups, so it
// costs about as much as the matching itself.
func ExplainKeys(recs []caption.Record, keys []Key, plan Plan, opt MatchOptions) []Explanation {
	return ExplainStore(caption.StoreOf(recs), keys, plan, opt)
}

// ExplainStore is ExplainKeys on the records of a caption.Store.
func ExplainStore(recs *caption.Store, keys []Key, plan Plan, opt MatchOptions) []Explanation {
	m := newMatcher(recs, keys, opt)
	m.prepareContent() // every image: followers are not dropped here
	m.buildTextIndex()
	cuts := m.cutTable()
	byDay := map[date.Day][]int{}
	byCreator := map[string][]int{}
	for _, r := range m.recOrder {
		if m.recHasDay[r] {
			byDay[m.recs.Date(r)] = append(byDay[m.recs.Date(r)], r)
		}
		for _, c := range m.recCreatorsOf(r) {
			byCreator[c] = append(byCreator[c], r)
		}
	}
	pairOf := map[int]*Pair{}
	for k := range plan.Pairs {
		pairOf[plan.Pairs[k].Image] = &plan.Pairs[k]
	}
	reasonOf := map[int]string{}
	for _, u := range plan.UnmatchedImages {
		reasonOf[u.Index] = u.Reason
	}
	order := make([]int, 0, len(keys))
	for i := range keys {
		if keys[i].valid {
			order = append(order, i)
		}
	}
	sort.SliceStable(order, func(a, b int) bool { return keys[order[a]].Path < keys[order[b]].Path })

	out := make([]Explanation, 0, len(order))
	for _, i := range order {
		pr := pairOf[i]
		cands, fits := m.candidates(i, cuts, byDay, byCreator, pr)
		list := sortedCandidates(recs, cands)
		e := Explanation{Image: i}
		if len(list) > maxExplainCandidates {
			e.More = len(list) - maxExplainCandidates
			list = list[:maxExplainCandidates]
		}
		e.Candidates = list
		if pr == nil {
			e.Why = "no caption: " + reasonOf[i]
		} else {
			e.Why = m.why(pr, i, fits, plan)
		}
		out = append(out, e)
	}
	return out
}

// candidates are the captions considered for image i: those whose text
// the image's texts resemble, those of one of its days or creators, and
// the one paired (pr, or nil); fits are its texts' fits.
func (m *matcher) candidates(i int, cuts map[cutKey][]int, byDay map[date.Day][]int, byCreator map[string][]int, pr *Pair) (map[int]*Candidate, []textFit) {
	cands := map[int]*Candidate{}
	add := func(r int) *Candidate {
		c := cands[r]
		if c == nil {
			c = &Candidate{Record: r, Text: -1}
			if len(m.imgs[i].texts) > 0 {
				c.Text = 0
			}
			c.Date = m.recHasDay[r] && containsDay(m.imgDaysOf(i), m.recs.Date(r))
			c.Creator = m.shareCreator(r, i)
			cands[r] = c
		}
		return c
	}
	// Captions whose text the image's texts resemble.
	var fits []textFit
	for k := range m.imgs[i].texts {
		p := &m.imgs[i].texts[k]
		f := m.fitOf(p, cuts)
		fits = append(fits, f)
		if f.group >= 0 {
			for _, r := range m.text.group(f.group) {
				add(r).Text = max(add(r).Text, f.score)
			}
		}
		m.text.sketches(m)
		seen := map[int]bool{}
		for _, h := range p.sketch {
			for _, g := range m.text.posting[h] {
				if seen[g] {
					continue
				}
				seen[g] = true
				if s := similarity(p.sketch, m.text.sketch[g]); s >= textFloor {
					for _, r := range m.text.group(g) {
						add(r).Text = max(add(r).Text, s)
					}
				}
			}
		}
	}
	for _, d := range m.imgDaysOf(i) {
		for _, r := range byDay[d] {
			add(r)
		}
	}
	for _, c := range m.imgCreatorsOf(i) {
		for _, r := range byCreator[c] {
			add(r)
		}
	}
	if pr != nil {
		add(pr.Record).Chosen = true
	}
	return cands, fits
}

// sortedCandidates lists cands, the chosen first, then by text
// similarity, agreement and line.
func sortedCandidates(recs *caption.Store, cands map[int]*Candidate) []Candidate {
	list := make([]Candidate, 0, len(cands))
	for _, c := range cands {
		list = append(list, *c)
	}
	sort.Slice(list, func(a, b int) bool {
		ca, cb := &list[a], &list[b]
		if ca.Chosen != cb.Chosen {
			return ca.Chosen
		}
		if ca.Text != cb.Text {
			return ca.Text > cb.Text
		}
		if sa, sb := agreeScore(ca), agreeScore(cb); sa != sb {
			return sa > sb
		}
		return recs.Line(ca.Record) < recs.Line(cb.Record) || recs.Line(ca.Record) == recs.Line(cb.Record) && ca.Record < cb.Record
	})
	return list
}

func agreeScore(c *Candidate) int {
	n := 0
	if c.Date {
		n++
	}
	if c.Creator {
		n++
	}
	return n
}

func containsDay(list []date.Day, d date.Day) bool {
	for _, x := range list {
		if x == d {
			return true
		}
	}
	return false
}

// why words how the pair on image i was made.
func (m *matcher) why(p *Pair, i int, fits []textFit, plan Plan) string {
	rec := m.recs.At(p.Record)
	lead := ""
	if l := m.leadOf(i); l != i {
		lead = fmt.Sprintf("one picture with %s (one name, one capture time), which ", m.imgs[l].Path)
	}
	who := strings.Join(rec.Creators, ", ")
	switch p.By {
	case ByName:
		return lead + fmt.Sprintf("the caption names the file (%q)", rec.File)
	case ByText:
		best := textFit{group: -1}
		for _, f := range fits {
			if f.group >= 0 && (best.group < 0 || f.tier > best.tier || f.tier == best.tier && f.score > best.score) {
				best = f
			}
		}
		switch best.tier {
		case tierExact:
			return lead + "carries the caption's text (the same words, spacing, case and quotes aside)"
		case tierCut:
			return lead + "carries the caption's text cut at IIM's 2,000-byte limit"
		}
		s := fmt.Sprintf("carries a text close to the caption's (similarity %.2f, at least %.2f needed", p.Text, textSimilar)
		if best.nextOK {
			s += fmt.Sprintf("; the next caption %.2f", best.next)
		}
		return lead + s + ")"
	case ByDateCreator:
		n := 0
		for _, q := range plan.Pairs {
			if q.By == ByDateCreator && m.recSig[q.Record] == m.recSig[p.Record] {
				n++
			}
		}
		if n > 1 {
			return lead + fmt.Sprintf("date and creator agree (%s, %s); one of %d identical captions, any of which fits", who, m.recs.Date(p.Record), n)
		}
		return lead + fmt.Sprintf("date and creator agree (%s, %s), and no other caption fits", who, m.recs.Date(p.Record))
	case ByCreator:
		return lead + fmt.Sprintf("only the creator agrees (%s): the one caption by %s left once the dated pairs were made", who, who)
	case ByDate:
		return lead + fmt.Sprintf("only the date agrees (%s): the one caption of that day left once the others were paired", m.recs.Date(p.Record))
	case ByOrder:
		g := p.Group
		if g == nil {
			return lead + "by order" + m.hint(ReasonStrategyOrder) + ": the i-th caption goes with the i-th image in capture time"
		}
		how := "given"
		if !plan.CaptionOrderGiven {
			how = "detected: " + plan.CaptionOrderWhy
		}
		if g.Direction == DirUnknown {
			return lead + fmt.Sprintf("by order among %d (%s): the caption file's order is unknown, so the %s image in capture time took the %s caption as listed; the captions share date, creators and credit, so the check's verdict is the same whichever goes where",
				g.Captions, g.Label(), ordinal(int(p.Rank)), ordinal(int(p.Rank)))
		}
		return lead + fmt.Sprintf("by order among %d (%s): %d captions fit alike, so the %s image in capture time took the %s caption of the group read oldest first (the caption file runs %s, %s)",
			g.Captions, g.Label(), g.Captions, ordinal(int(p.Rank)), ordinal(int(p.Rank)), strings.ReplaceAll(string(g.Direction), "-", " "), how)
	}
	return lead + string(p.By)
}

func ordinal(n int) string {
	suffix := "th"
	switch {
	case n%100 >= 11 && n%100 <= 13:
	case n%10 == 1:
		suffix = "st"
	case n%10 == 2:
		suffix = "nd"
	case n%10 == 3:
		suffix = "rd"
	}
	return fmt.Sprintf("%d%s", n, suffix)
}
