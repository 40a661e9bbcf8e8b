package caption

import "github.com/captag/captag/metadata/names"

// fileStampDate reads the six digits YYMMDD that a Swedish desk writes
// after its archive word to open a file picture's caption, a dash after
// them: "ARKIV 040503 - Antique shop displaying a large portrait of Lenin."
// (Pressens Bild, 2004-05-03; g9b-169 of firstcontact9-tune.jsonl,
// https://flic.kr/photos/tags/dushanbe/page1). The word before must be
// an archive word (names.Role "file"), the shape vouching for the order;
// the century is twoDigitYear's.
func fileStampDate(s string, ws, we int) (y, m, d int, ok bool) {
	w := s[ws:we]
	if len(w) != 6 || !isDigits(w) {
		return 0, 0, 0, false
	}
	a, b := prevWord(s, ws)
	c, e := nextWord(s, we)
	if role, isRole := names.Role(s[a:b]); a == b || !isRole || role != "file" || s[c:e] != "-" && s[c:e] != "–" {
		return 0, 0, 0, false
	}
	yy, _ := digits(w[:2])
	m, _ = digits(w[2:4])
	d, _ = digits(w[4:])
	if !validDay(m, d) {
		return 0, 0, 0, false
	}
	return twoDigitYear(yy), m, d, true
}
