package caption

import (
	"strings"

	"github.com/captag/captag/metadata/names"
)

// The date shapes of the seventh first-contact set's tuning half
// (firstcontact7-tune.jsonl, issue 22, tenth tuning step).

// cutDayMonth splits a day-first "D/M" without a year at its separator:
// "/", or the "-" and "." Vietnamese desks also write ("ngày 10-3", the
// 10th of March, fc7b-069, and "hôm 31.5", fc7b-051 of
// firstcontact7-tune.jsonl; https://congan.com.vn/quoc-te/thoi-su-quoc-te/the-gioi-trong-tuan-qua-anh_15917.html,
// https://laodong.vn/the-gioi/bieu-tinh-sac-toc-sau-vu-george-floyd-lan-rong-nhieu-noi-tren-the-gioi-809234.ldo).
// Vietnamese dates run day first (glibc vi_VN d_fmt "%d/%m/%Y"). The word
// must hold one separator only: "10-3-2011" is numericDate's.
func cutDayMonth(w string) (day, month string, ok bool) {
	for _, sep := range []string{"/", "-", "."} {
		if strings.Count(w, sep) == 1 {
			return strings.Cut(w, sep)
		}
	}
	return "", "", false
}

// yearGluedToStop reads a year whose full stop is glued to the next
// sentence, as a label often follows it: "ngày 12 tháng 8 năm
// 2017.Ảnh: Reuters" (fc7b-073 of firstcontact7-tune.jsonl,
// http://www.baonghean.vn/quoc-te/201708/nhung-buc-anh-an-tuong-nhat-the-gioi-tuan-qua-2836077/).
// It returns 0 and from when the next word is not four digits and a dot.
func yearGluedToStop(s string, from int) (int, int) {
	a, b := nextWord(s, from)
	y, _, ok := strings.Cut(s[a:b], ".")
	if !ok || len(y) != 4 {
		return 0, from
	}
	if v := yearOf(y); v != 0 {
		return v, a + len(y)
	}
	return 0, from
}

// cjkMonthDayBeforeAgency reads "M月D日" glued to the text before it when
// a known agency in brackets closes the word right after it: Yomiuri's
// "…喜ぶ人々2月2日(ロイター)" (people celebrating, February 2 (Reuters);
// fc7b-102 of firstcontact7-tune.jsonl,
// https://www.yomiuri.co.jp/photograph/lookback2020/). Without the agency a
// month and day inside a word are prose ("截至5月26日", as of May 26).
func cjkMonthDayBeforeAgency(w string) (dateHit, bool) {
	for _, open := range []string{"(", "（"} {
		i := strings.LastIndex(w, "日"+open)
		if i < 0 {
			continue
		}
		inner := strings.TrimSuffix(strings.TrimSuffix(w[i+len("日"+open):], ")"), "）")
		if _, ok := names.PartAgency(inner); !ok {
			continue
		}
		j := strings.LastIndex(w[:i], "月")
		if j < 0 {
			continue
		}
		n := 0
		for n < 2 && j-n > 0 && '0' <= w[j-n-1] && w[j-n-1] <= '9' {
			n++
		}
		if n == 0 {
			continue
		}
		if h, ok := cjkMonthDay(w[j-n:i+len("日")], "月", "日"); ok {
			return h, true
		}
	}
	return dateHit{}, false
}
