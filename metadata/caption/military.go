package caption

import "strings"

// cutSerialTail cuts from a credit part an image's serial number written
// after the unit's name with a space: the Canadian Armed Forces number
// their pictures UNIT-YEAR-SERIAL-FRAME ("Wainwright Garrison Imaging
// WT01-2017-0077-024", fc6a-066; "Canadian Forces Combat Camera
// IS06-2017-0004-051", fc6a-067 of firstcontact6-tune.jsonl). The number
// holds a year but no date of the picture, and it is no word of the name.
func cutSerialTail(t string) string {
	i := strings.LastIndexByte(strings.TrimSpace(t), ' ')
	if i < 0 {
		return t
	}
	if serialNumber(strings.TrimSpace(t)[i+1:]) {
		return strings.TrimSpace(t)[:i]
	}
	return t
}

// serialNumber reports whether w is three or more groups of capitals and
// digits joined by hyphens, every group after the first all digits, and
// the first opening with a capital and holding a digit ("WT01-2017-0077-024").
func serialNumber(w string) bool {
	g := strings.Split(w, "-")
	if len(g) < 3 || len(w) > 32 || g[0] == "" || g[0][0] < 'A' || g[0][0] > 'Z' {
		return false
	}
	digit := false
	for i := 0; i < len(g[0]); i++ {
		c := g[0][i]
		switch {
		case c >= '0' && c <= '9':
			digit = true
		case c < 'A' || c > 'Z':
			return false
		}
	}
	for _, x := range g[1:] {
		if !isDigits(x) {
			return false
		}
	}
	return digit
}
