package caption

import (
	"strings"
	"unicode/utf8"

	"github.com/captag/captag/metadata/names"
)

// Korean papers credit their photographer by name and the word for
// "reporter" (names.KoreanReporter), which vouches that the name is a
// person's: Hangul names have no capitals and no spaces, so no other
// reader takes them. koreanCredit reads the forms at the caption's end:
//
//	"… 기다리고 있다. (사진=김대희 기자)"       a label, then NAME 기자
//	"… 보고 있다./김철빈기자 narodo@…"          a slash, NAME기자, an e-mail
//	"…<김상선기자/ 중앙일보/ 협회 - 무단전재 재배포금지>"  NAME기자, then the papers
//
// koreanBylines reads the bylines on lines of their own.
func (r creditReader) koreanCredit(t string) (credit, bool) {
	t = strings.TrimSpace(t)
	t = cutKoreanEmail(t)
	if strings.HasSuffix(t, ">") || strings.HasSuffix(t, ")") {
		open := strings.LastIndexAny(t, "<(")
		if open < 0 {
			return credit{}, false
		}
		inner := strings.TrimSpace(t[open+1 : len(t)-1])
		for _, n := range names.KoreanNoReprint() {
			if head, ok := strings.CutSuffix(inner, n); ok {
				inner = strings.TrimRight(strings.TrimSpace(head), " -–")
			}
		}
		inner, _ = names.CutLabels(inner)
		if c, ok := r.koreanChain(inner); ok {
			return c, true
		}
		return r.koreanPlaceAgency(inner)
	}
	// "./NAME기자" glued after the last sentence.
	if i := strings.LastIndex(t, "/"); i > 0 {
		return r.koreanChain(t[i+1:])
	}
	return koreanSentenceCredit(t)
}

// cutKoreanEmail cuts the e-mail address a Korean paper writes after the
// byline, with a space ("김철빈기자 narodo@incheonilbo.com") or glued to
// the reporter word ("/최현배 기자choi@kwangju.co.kr", fc6b-035,
// http://www.kwangju.co.kr/article.php?aid=1646646303734647096).
func cutKoreanEmail(t string) string {
	i := strings.LastIndexAny(t, " \n")
	if i <= 0 || !strings.Contains(t[i+1:], "@") {
		return t
	}
	last := t[i+1:]
	if rest, ok := strings.CutPrefix(last, names.KoreanReporter()); ok && !strings.HasPrefix(rest, "@") && strings.Index(rest, "@") > 0 {
		return t[:i+1+len(names.KoreanReporter())]
	}
	return strings.TrimSpace(t[:i])
}

// koreanSentenceCredit reads "NAME 기자" or "NAME기자" written after the
// caption's last sentence with nothing between but a space: "…반기고
// 있다. 김진홍 기자 solmin@idaegu.com" (Daegu Ilbo, fc6b-067,
// http://idaegu.com/newsView/idg201901010012), "…만끽하고 있다. 이기동기자"
// (Kyongbuk Ilbo, fc6b-070,
// http://www.kyongbuk.co.kr/news/articleView.html?idxno=700398). The
// reporter word vouches for the name (koreanReporterName); what comes
// before it must end a sentence, so a reporter the story names is not
// taken.
func koreanSentenceCredit(t string) (credit, bool) {
	f := strings.Fields(t)
	for n := 1; n <= 2 && n < len(f); n++ {
		name, ok := koreanReporterName(strings.Join(f[len(f)-n:], " "))
		if !ok {
			continue
		}
		if !koreanSentenceEnds(f[len(f)-n-1]) {
			return credit{}, false
		}
		var c credit
		c.addCreator(name)
		return c, true
	}
	return credit{}, false
}

// koreanSentenceEnds reports whether the word w ends a sentence: a full
// stop, a question or exclamation mark, or a closing bracket or quote.
func koreanSentenceEnds(w string) bool {
	r, _ := utf8.DecodeLastRuneInString(w)
	return strings.ContainsRune(".!?)]”’\"", r)
}

// koreanChain reads "NAME 기자" alone or first in a chain of slashes whose
// other parts are the papers that credit it ("김상선기자/ 중앙일보/ …").
func (r creditReader) koreanChain(s string) (credit, bool) {
	parts := strings.Split(s, "/")
	name, ok := koreanReporterName(parts[0])
	if !ok {
		return credit{}, false
	}
	var c credit
	c.addCreator(name)
	for _, p := range parts[1:] {
		p = strings.TrimSpace(p)
		if p == "" || len(p) > maxCreditBytes || strings.ContainsAny(p, ".,;:()") {
			return credit{}, false
		}
		if a, known := r.al.PartAgency(p); known {
			c.addAgency(a, p)
		} else {
			c.addAgency(p, p)
		}
	}
	return c, true
}

// koreanReporterName returns the name of "NAME 기자" or "NAME기자": two to
// four Hangul syllables.
func koreanReporterName(s string) (string, bool) {
	s = strings.TrimSpace(s)
	name, ok := strings.CutSuffix(s, names.KoreanReporter())
	if !ok {
		return "", false
	}
	name = strings.TrimSpace(name)
	if n := utf8.RuneCountInString(name); n < 2 || n > 4 || !hangul(name) {
		return "", false
	}
	return name, true
}

// koreanBylines reads the bylines of a Korean paper on the caption's last
// lines, a line each, before tidy flattens them: "…바란다.\n오장환 기자\n홍윤기
// 기자" (fc4b-005).
func koreanBylines(caption string) (credit, bool) {
	var c credit
	lines := strings.Split(strings.TrimSpace(caption), "\n")
	for i := len(lines) - 1; i > 0; i-- {
		name, ok := koreanReporterName(lines[i])
		if !ok {
			break
		}
		c.creators = append([]string{name}, c.creators...)
		c.written = append([]string{name}, c.written...)
	}
	return c, len(c.creators) > 0
}

// maxKoreanPlaceRunes bounds the place name before "=" in a Korean
// paper's "(PLACE=AGENCY)" credit.
const maxKoreanPlaceRunes = 8

// koreanPlaceAgency reads the bracketed "(PLACE=AGENCY)" a Korean paper
// closes a wire picture's caption with when it names no reporter:
// "(장성=연합뉴스)" (Jangseong, Yonhap; fc6b-032,
// https://www.hankyung.com/article/2005122655438). The place is Hangul
// and short; the agency must be one the table knows.
func (r creditReader) koreanPlaceAgency(inner string) (credit, bool) {
	place, agency, ok := strings.Cut(inner, "=")
	place, agency = strings.TrimSpace(place), strings.TrimSpace(agency)
	if !ok || place == "" || utf8.RuneCountInString(place) > maxKoreanPlaceRunes {
		return credit{}, false
	}
	if !hangul(place) {
		return credit{}, false
	}
	return r.knownAgencyCredit(agency)
}

// hangul reports whether s is Hangul syllables only.
func hangul(s string) bool {
	for _, c := range s {
		if c < 0xAC00 || c > 0xD7A3 {
			return false
		}
	}
	return true
}
