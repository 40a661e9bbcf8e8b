package caption

import "strings"

// markSet is a set of marks to find the last of in a text with one scan
// from its end (issue 24: lastCJKSegment ran strings.LastIndex once per
// mark over the whole credit, a tenth of the caption parse). ends holds
// the marks' last bytes, so that most bytes of the text are passed over
// by one table look-up. Built once at init, read only after.
type markSet struct {
	marks []string
	ends  [256]bool
}

func newMarkSet(marks ...string) *markSet {
	m := &markSet{marks: marks}
	for _, s := range marks {
		m.ends[s[len(s)-1]] = true
	}
	return m
}

// lastEnd is the greatest i+len(mark) over every mark of m and every
// place i where it is written in s (the end of the last mark), or -1 when
// s holds none of them: the greatest end of all the marks' strings.LastIndex.
func (m *markSet) lastEnd(s string) int {
	for e := len(s); e > 0; e-- {
		if !m.ends[s[e-1]] {
			continue
		}
		for _, x := range m.marks {
			if strings.HasSuffix(s[:e], x) {
				return e
			}
		}
	}
	return -1
}
