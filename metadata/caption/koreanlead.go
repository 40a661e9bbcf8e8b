package caption

import (
	"slices"
	"strings"

	"github.com/captag/captag/metadata/names"
)

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

// koreanTakenCredit reads the credit a Korean paper writes as the
// caption's last sentence: "[사진은] [AGENCY] NAME 기자가 촬영했다." (the
// picture was taken by AGENCY reporter NAME; g9b-135 of
// firstcontact9-tune.jsonl,
// http://www.jemin.com/news/articleView.html?idxno=768013). The verb is
// one of names.KoreanTakenVerbs, the reporter word carries the subject
// particle (names.KoreanSubject); the words between the sentence's start
// and the name, if any, must be a known agency, after the topic word
// 사진은 (the picture) or alone.
func (r creditReader) koreanTakenCredit(t string) (credit, bool) {
	t = strings.TrimRight(strings.TrimSpace(t), ".")
	if i := strings.LastIndex(t, ". "); i >= 0 {
		t = t[i+2:]
	}
	f := strings.Fields(t)
	if len(f) < 2 || !slices.Contains(names.KoreanTakenVerbs(), f[len(f)-1]) {
		return credit{}, false
	}
	f = f[:len(f)-1]
	last, ok := strings.CutSuffix(f[len(f)-1], names.KoreanSubject())
	if !ok {
		return credit{}, false
	}
	n := 1
	if last == names.KoreanReporter() && len(f) >= 2 {
		last, n = f[len(f)-2]+last, 2
	}
	name, ok := koreanReporterName(last)
	if !ok {
		return credit{}, false
	}
	desk := f[:len(f)-n]
	if len(desk) > 0 && desk[0] == names.KoreanPictureTopic() {
		desk = desk[1:]
	}
	var c credit
	if len(desk) > 0 {
		a, known := r.al.PartAgency(strings.Join(desk, " "))
		if !known {
			return credit{}, false
		}
		c.addAgency(a, strings.Join(desk, " "))
	}
	c.addCreator(name)
	return c, true
}
