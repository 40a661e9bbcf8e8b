package check

import (
	"fmt"
	"sort"
)

// SameFile is one image that several records name: most often a caption
// the agency sent again as a correction, the new row added below the old
// one. Which row is right is the desk's call, not a guess: without
// MatchOptions.Latest none of them is paired (each record and the image
// are unmatched, with a reason naming every line); with it the last record
// in the caption file is paired and the others are superseded (neither
// paired nor unmatched).
type SameFile struct {
	Image   int   // the image
	Records []int // the records that name it, in caption file order
	// Latest says that the last of Records is paired with Image and the
	// others are superseded by it.
	Latest bool
}

// nameAgain notes that record r names image i, which record first (an
// earlier line) already took by name.
func (m *matcher) nameAgain(r, i, first int) {
	if m.named == nil {
		m.named = map[int][]int{}
	}
	if len(m.named[i]) == 0 {
		m.named[i] = []int{first}
	}
	m.named[i] = append(m.named[i], r)
}

// settleSameFile decides the images that several records name (nameAgain)
// once every exact name has been read: the last record takes the image
// (MatchOptions.Latest), or none does. taker is byName's image → record.
func (m *matcher) settleSameFile(taker map[int]int) {
	if len(m.named) == 0 {
		return
	}
	unpaired := map[int]bool{} // records whose pair is undone
	for i, rs := range m.named {
		first, last := rs[0], rs[len(rs)-1]
		unpaired[first] = true
		m.recPaired[first] = false
		m.imgPaired[i] = false
		lines := make([]string, len(rs))
		for k, r := range rs {
			lines[k] = lineOf(m, r)
		}
		if m.opt.Latest {
			if m.superseded == nil {
				m.superseded = map[int]bool{}
			}
			for _, r := range rs[:len(rs)-1] {
				m.superseded[r] = true
				m.recUsed[r] = true
			}
			taker[i] = last
			m.pairs = append(m.pairs, Pair{Record: last, Image: i, By: ByName})
			m.recUsed[last], m.recPaired[last], m.imgPaired[i] = true, true, true
			continue
		}
		who, none := "both name", "neither is used"
		if len(rs) > 2 {
			who, none = "all name", "none is used"
		}
		m.hold(rs, []int{i},
			fmt.Sprintf("caption lines %s %s %s (a caption sent again?); %s", joinAnd(lines), who, m.imgs[i].Path, none),
			fmt.Sprintf("caption lines %s %s it (a caption sent again?); %s", joinAnd(lines), who, none))
	}
	out := m.pairs[:0]
	for _, p := range m.pairs {
		if !unpaired[p.Record] || m.recPaired[p.Record] {
			out = append(out, p)
		}
	}
	m.pairs = out
}

// sameFile lists the images several records name, by the line of their
// first record.
func (m *matcher) sameFile() []SameFile {
	if len(m.named) == 0 {
		return nil
	}
	out := make([]SameFile, 0, len(m.named))
	for i, rs := range m.named {
		out = append(out, SameFile{Image: i, Records: rs, Latest: m.opt.Latest})
	}
	sort.Slice(out, func(a, b int) bool {
		if la, lb := m.recs.Line(out[a].Records[0]), m.recs.Line(out[b].Records[0]); la != lb {
			return la < lb
		}
		return out[a].Image < out[b].Image
	})
	return out
}
