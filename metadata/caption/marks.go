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

// lastIndex is strings.LastIndex(s, sep) found by looking for one byte of
// sep, its first but a space, with strings.LastIndexByte and checking sep
// around each: a plain byte loop over the text where LastIndex hashes
// every byte of it (issue 24: cutTails and cjkCredit look for the last " /
// ", "). ", "==" and "（" of every caption, mostly not there).
func lastIndex(s, sep string) int {
	off := 0
	for off < len(sep)-1 && sep[off] == ' ' {
		off++
	}
	if len(sep) == 0 || len(sep) > len(s) {
		return strings.LastIndex(s, sep)
	}
	a := sep[off]
	for lim := len(s) - len(sep) + off + 1; ; {
		j := strings.LastIndexByte(s[:lim], a)
		if j < off {
			return -1
		}
		if s[j-off:j-off+len(sep)] == sep {
			return j - off
		}
		lim = j
	}
}
