package caption

import (
	"strings"
	"unicode/utf8"
)

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

// cjkDateMarks are the Han marks of a date's parts: year, month, day.
const cjkDateMarks = "年月日"

// closeCJKDateSpaces drops the spaces that some Chinese pages put between
// a date's digits and its marks, "5 月 18 日,两位身着古装的小孩…" (g10b-105 of
// firstcontact10-tune.jsonl, https://mxzdjyxk.cn/forum.php?mod=viewthread&tid=130712),
// so that the date reads as "5月18日": a space goes only between an ASCII
// digit and a mark after it, or a year or month mark and a digit after
// it. The Korean marks (년, 월, 일) are spaced by the language and left
// alone.
func closeCJKDateSpaces(s string) string {
	if !strings.Contains(s, " 月") && !strings.Contains(s, "月 ") {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	var prev rune
	for i, r := range s {
		if r == ' ' && i+1 < len(s) {
			next, _ := utf8.DecodeRuneInString(s[i+1:])
			digitThenMark := prev >= '0' && prev <= '9' && strings.ContainsRune(cjkDateMarks, next)
			markThenDigit := (prev == '年' || prev == '月') && next >= '0' && next <= '9'
			if digitThenMark || markThenDigit {
				continue
			}
		}
		b.WriteRune(r)
		prev = r
	}
	return b.String()
}
