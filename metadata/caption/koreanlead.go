package caption

import "strings"

// koreanLeadCredit reads the wire byline a Korean agency opens its caption
// with: "(PLACE=AGENCY) NAME 기자 = …", the dateline city and the agency in
// brackets, then the photographer and the reporter word before an equals
// sign: "(광주=뉴스1) 박지현 기자 = 전남 영암의 …" (Gwangju, News1; g9b-103
// of firstcontact9-tune.jsonl, https://www.news1.kr/photos/7302472). The
// place is short Hangul and the agency one the table knows
// (koreanPlaceAgency); the name is koreanReporterName's.
func (r creditReader) koreanLeadCredit(t string) (credit, bool) {
	t = strings.TrimSpace(t)
	if !strings.HasPrefix(t, "(") {
		return credit{}, false
	}
	inner, rest, ok := strings.Cut(t[1:], ")")
	if !ok {
		return credit{}, false
	}
	c, ok := r.koreanPlaceAgency(inner)
	if !ok {
		return credit{}, false
	}
	byline, _, ok := strings.Cut(rest, "=")
	if !ok {
		return credit{}, false
	}
	name, ok := koreanReporterName(byline)
	if !ok {
		return credit{}, false
	}
	c.addCreator(name)
	return c, true
}
