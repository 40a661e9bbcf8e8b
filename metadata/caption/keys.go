package caption

import "strings"

// partKey is a credit part's text as classify looks it up: its ends'
// spaces and dots trimmed, each run of white space one space, lower case;
// strings.ToLower(strings.Join(strings.Fields(strings.Trim(t, " .")), " ")).
// An ASCII part is keyed in one pass, with no allocation when it is
// already its key (issue 24: classify's key was three allocations for
// every part of every credit).
func partKey(t string) string {
	s := strings.Trim(t, " .")
	clean := true
	prevSpace := true
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 0x80:
			return strings.ToLower(strings.Join(strings.Fields(s), " "))
		case asciiSpace(c):
			clean = clean && c == ' ' && !prevSpace
			prevSpace = true
		default:
			clean = clean && (c < 'A' || c > 'Z')
			prevSpace = false
		}
	}
	if clean && (!prevSpace || s == "") {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	pending := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		if asciiSpace(c) {
			pending = b.Len() > 0
			continue
		}
		if pending {
			b.WriteByte(' ')
			pending = false
		}
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		b.WriteByte(c)
	}
	return b.String()
}

// asciiSpace reports whether c is an ASCII byte unicode.IsSpace holds
// white space (strings.Fields splits at them).
func asciiSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r'
}
