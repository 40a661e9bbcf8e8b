package caption

import (
	"strings"
	"unicode/utf8"
)

// koreanRelayCredit reads the credit Korean papers give a foreign agency's
// picture that Yonhap relays: the agency, then "연합뉴스" (Yonhap), spaced
// or glued, ending the caption, a dateline city with a slash before it at
// times: "… 맞서고 있다. AFP 연합뉴스" (fc7b-060, -061 of
// firstcontact7-tune.jsonl, https://dudtjq563.tistory.com/7010), "… 흘리고
// 있다. 비아리츠/AFP연합뉴스" (Biarritz/AFP via Yonhap, fc7b-064,
// http://m.etoday.co.kr/view.php?idxno=1791458). Both must be agencies the
// table knows, the second written in Hangul; the first is the picture's
// agency, the second the relay.
func (r creditReader) koreanRelayCredit(t string) (credit, bool) {
	t = strings.TrimRight(strings.TrimSpace(t), ".")
	sp := strings.LastIndexByte(t, ' ')
	last := t[sp+1:]
	for i := range last {
		if i == 0 {
			continue
		}
		first, _ := utf8.DecodeRuneInString(last[i:])
		if first < 0xAC00 || first > 0xD7A3 {
			continue
		}
		relay, ok := r.al.PartAgency(last[i:])
		if !ok {
			continue
		}
		return r.relayed(last[:i], relay, last[i:])
	}
	if sp <= 0 {
		return credit{}, false
	}
	relay, ok := r.al.PartAgency(last)
	if first, _ := utf8.DecodeRuneInString(last); !ok || first < 0xAC00 || first > 0xD7A3 {
		return credit{}, false
	}
	a, b := prevWord(t, sp)
	return r.relayed(t[a:b], relay, last)
}

// relayed is the credit of a picture of the agency written as src (a
// dateline city and a slash may come before it) relayed by the agency
// relay, written as written.
func (r creditReader) relayed(src, relay, written string) (credit, bool) {
	if i := strings.LastIndexByte(src, '/'); i >= 0 {
		src = src[i+1:]
	}
	a, ok := r.al.PartAgency(src)
	if !ok || a == relay {
		return credit{}, false
	}
	var c credit
	c.addAgency(a, src)
	c.addAgency(relay, written)
	return c, true
}
