package caption

import "strings"

// cjkDatedCredit reads the Chinese credit (cjkCredit) with the picture's
// date written after it as the caption's last word: "中央社記者吳家昇攝
// 111年1月23日" (CNA, fc6b-030,
// https://tw.news.yahoo.com/國內再增52例本土確診-1-圖-081227391.html). The date
// is read by the date reader; here it is only cut.
func (r creditReader) cjkDatedCredit(t string) (credit, bool) {
	if c, ok := r.cjkCredit(t); ok {
		return r.cjkRunCredits(c, t), true
	}
	t = strings.TrimSpace(t)
	i := strings.LastIndexByte(t, ' ')
	if i <= 0 || !cjkDateWord(t[i+1:]) {
		return credit{}, false
	}
	return r.cjkCredit(t[:i])
}

// cjkDateWord reports whether w is a date in the 年月日 form and nothing
// else: digits, each run followed by its mark.
func cjkDateWord(w string) bool {
	rest := w
	for _, mark := range []string{"年", "月", "日"} {
		i := strings.Index(rest, mark)
		if i < 1 || !isDigits(rest[:i]) {
			return false
		}
		rest = rest[i+len(mark):]
	}
	return rest == ""
}
