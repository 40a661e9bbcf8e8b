package caption

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/captag/captag/metadata/date"
)

// This file reads the dates of a caption: month names in the languages
// desks receive, numeric dates, datelines, archive ("file") pictures with
// the words that date them, and undated pictures. Every function is pure
// and does work linear in the length of its input.

// ProblemAmbiguousDate: a numeric date such as "03/04/2023" reads as a
// valid date both day-first and month-first and nothing in the caption
// settles it; the record says which reading it took.
const ProblemAmbiguousDate ProblemCode = "ambiguous-date"

// maxWordBytes bounds the length of a word that may be a month or weekday
// name ("septiembre", "cumartesi", "Donnerstag" fit).
// Thai month names run to 30 bytes ("กุมภาพันธ์").
const maxWordBytes = 40

// maxAgencyDatelineBytes bounds the place part of an agency dateline
// ("Veracruz (México), 8 dic (EFE).-").
const maxAgencyDatelineBytes = 80

// monthClass says how much context a month word needs to be read as a
// month: a word that is also an ordinary word or a name needs more.
type monthClass uint8

const (
	// mSafe: a day number next to it is enough ("13 février", "13. Februar").
	mSafe monthClass = iota
	// mCap: an English word too ("may", "march", "august"): it needs an
	// initial capital or a year in the same date.
	mCap
	// mYear: a common word or name ("mar" = sea, "set", "out", "ago",
	// "Ekim", "Nisan", "Kasım", "aralık" = gap): it needs a day AND a
	// year, except inside a dateline whose shape vouches for it.
	mYear
	// mYearCap: an mYear word written with a capital ("Ocak", "Mart",
	// "Mar"): it needs a year, except after its day ("31 Ocak", "4 Mar"),
	// where a name or the ordinary word does not stand.
	mYearCap
)

type monthWord struct {
	month uint8
	class monthClass
}

// monthList holds, per month, the lower-case names and abbreviations in
// English, German, French, Spanish, Italian, Portuguese, Dutch and Turkish,
// with and without diacritics. A trailing "!" marks mCap (also "lug", an
// English verb), "?" marks mYear.
// Spellings from each language's standard month names and the agencies'
// abbreviations (EFE "13 feb", "4 mar", "9 sep"; ANSA "15 AGO"; AFP
// "13 fév"; AP "Sept.").
var monthList = [12]string{
	"january jan januar jänner jaenner janner jän janvier janv enero ene gennaio gen? janeiro januari ocak?",
	"february feb februar feber février fevrier févr fevr fév fev febrero febbraio fevereiro februari şubat subat",
	"march! mar? marts märz maerz marz mär mars marzo março marco? mrt maart mart?",
	"april apr avril avr abril abr aprile nisan?",
	"may! mai maj mayo maggio mag? maio mei mayıs mayis",
	"june jun juni juin junio giugno giu junho haziran",
	"july jul juli juillet juil julio luglio lug! julho temmuz",
	"august! aug augusti août aout agosto ago? augustus ağustos agustos",
	"september sept sep septembre septiembre setiembre settembre sett set? setembro eylül eylul",
	"october oct oktober okt octobre octubre ottobre ott outubro out? ekim?",
	"november nov novembre noviembre novembro kasım? kasim?",
	"december dec desember dezember dez décembre déc decembre diciembre dic dicembre dezembro aralık? aralik?",
}

// months maps a lower-case month word (with or without diacritics) to its
// month and class: monthList's words, then monthTables'. A word listed for
// two months (in two languages) is left out, and so never read as a month;
// one listed twice for one month keeps the class that needs most context.
var months = func() map[string]monthWord {
	m := make(map[string]monthWord, 600+2*len(localeMonthTable))
	ambiguous := map[string]bool{}
	add := func(month int, list string) {
		for _, w := range strings.Fields(list) {
			c := mSafe
			switch {
			case strings.HasSuffix(w, "!"):
				c, w = mCap, w[:len(w)-1]
			case strings.HasSuffix(w, "?"):
				c, w = mYear, w[:len(w)-1]
			}
			if ambiguous[w] {
				continue
			}
			if old, ok := m[w]; ok {
				if int(old.month) != month {
					delete(m, w)
					ambiguous[w] = true
					continue
				}
				c = max(c, old.class)
			}
			m[w] = monthWord{uint8(month), c}
		}
	}
	for i, list := range monthList {
		add(i+1, list)
	}
	for _, t := range monthTables {
		for i, list := range t.months {
			add(i+1, list)
		}
	}
	// Then every language of glibc's locale data (localedates.go): a word
	// the lists above have, or left out as ambiguous, keeps their reading.
	for w, lw := range localeMonthTable {
		for _, k := range []string{w, foldWord(w)} {
			if _, ok := m[k]; ok || ambiguous[k] || len(k) < 3 {
				continue
			}
			m[k] = monthWord{uint8(lw.month), localeClass(w, lw)}
		}
	}
	addDroppedLetters(m, ambiguous)
	return m
}()

// addDroppedLetters adds to m, as mYear words (a day and a year needed),
// the English month names of five letters or more with one letter
// dropped, as a desk mistypes them: "on Mach 24, 2023" (captions.jsonl
// rw-254), "Febuary". A spelling that is a month word already, or was
// left out as ambiguous, keeps its reading; two months never give the
// same spelling.
func addDroppedLetters(m map[string]monthWord, ambiguous map[string]bool) {
	typo := map[string]int{}
	for i, list := range monthList {
		name := strings.TrimRight(strings.Fields(list)[0], "!?")
		if len(name) < 5 {
			continue
		}
		for j := range name {
			w := name[:j] + name[j+1:]
			if _, ok := m[w]; ok || ambiguous[w] {
				continue
			}
			if old, ok := typo[w]; ok && old != i+1 {
				typo[w] = 0
				continue
			}
			typo[w] = i + 1
		}
	}
	for w, month := range typo {
		if month != 0 {
			m[w] = monthWord{uint8(month), mYear}
		}
	}
}

// localeTable and localeMonthTable are the generated month and weekday
// names (localedates.go), read once.
var (
	localeTable      = localeEntries()
	localeMonthTable = localeMonths(localeTable)
)

// monthPrefixes holds the first three letters (ASCII, lower case) of
// every month word, so that most words are turned away before a map
// lookup. Words with a non-ASCII letter among their first three are
// always looked up.
var monthPrefixes = func() (t [26 * 26 * 26]bool) {
	for w := range months {
		if a, b, c := w[0]-'a', w[1]-'a', w[2]-'a'; a < 26 && b < 26 && c < 26 {
			t[(int(a)*26+int(b))*26+int(c)] = true
		}
	}
	return t
}()

// mayBeMonth is a cheap test that w (trimmed) may name a month.
func mayBeMonth(w string) bool {
	if len(w) < 3 || len(w) > maxWordBytes {
		return false
	}
	if w[0] >= utf8.RuneSelf || w[1] >= utf8.RuneSelf || w[2] >= utf8.RuneSelf {
		return true
	}
	a, b, c := (w[0]|0x20)-'a', (w[1]|0x20)-'a', (w[2]|0x20)-'a'
	return a < 26 && b < 26 && c < 26 && monthPrefixes[(int(a)*26+int(b))*26+int(c)]
}

// weekdays holds weekday names and abbreviations (lower case, diacritics
// folded) in the same eight languages. They are skipped before a dateline
// date and between the words that date a picture and its date.
var weekdays = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(
		"monday tuesday wednesday thursday friday saturday sunday mon tue tues wed thu thur thurs fri sat sun " +
			"montag dienstag mittwoch donnerstag freitag samstag sonnabend sonntag " +
			"lundi mardi mercredi jeudi vendredi samedi dimanche " +
			"lunes martes miercoles jueves viernes sabado domingo " +
			"lunedi martedi mercoledi giovedi venerdi domenica " +
			"segunda terca quarta quinta sexta segunda-feira terca-feira quarta-feira quinta-feira sexta-feira " +
			"maandag dinsdag woensdag donderdag vrijdag zaterdag zondag " +
			"pazartesi sali carsamba persembe cuma cumartesi pazar") {
		m[w] = true
	}
	for _, w := range localeWeekdays(localeTable, localeMonthTable) {
		if _, ok := months[w]; !ok {
			m[w] = true
		}
	}
	return m
}()

// weekdayNumbers are the full weekday names of the curated languages
// (the lists of weekdays, in their order), each with its day of the week,
// 0 for Monday.
var weekdayNumbers = func() map[string]int {
	m := map[string]int{}
	for _, week := range [...]string{
		"monday tuesday wednesday thursday friday saturday sunday",
		"montag dienstag mittwoch donnerstag freitag samstag sonntag",
		"lundi mardi mercredi jeudi vendredi samedi dimanche",
		"lunes martes miercoles jueves viernes sabado domingo",
		"lunedi martedi mercoledi giovedi venerdi sabato domenica",
		"maandag dinsdag woensdag donderdag vrijdag zaterdag zondag",
		"pazartesi sali carsamba persembe cuma cumartesi pazar",
	} {
		for i, w := range strings.Fields(week) {
			m[w] = i
		}
	}
	return m
}()

// weekdayNumber returns the day of the week (0 for Monday) a full weekday
// name gives, or -1.
func weekdayNumber(word string) int {
	w := strings.TrimRight(trimWord(word), ".")
	var k wordKey
	if len(w) < 4 || !makeKey(w, &k) {
		return -1
	}
	if n, ok := weekdayNumbers[string(k.foldBuf[:k.nf])]; ok {
		return n
	}
	return -1
}

// weekdayOf returns the day of the week (0 for Monday) of y-m-d.
func weekdayOf(y, m, d int) int { return int((date.DayNumber(y, m, d)%7 + 7 + 3) % 7) }

// foldRune lower-cases r and drops the diacritics of the Latin letters the
// eight languages use; other runes come back lower-cased.
func foldRune(r rune) rune {
	r = unicode.ToLower(r)
	switch r {
	case 'à', 'á', 'â', 'ã', 'ä', 'å':
		return 'a'
	case 'ç':
		return 'c'
	case 'è', 'é', 'ê', 'ë':
		return 'e'
	case 'ì', 'í', 'î', 'ï', 'ı':
		return 'i'
	case 'ñ':
		return 'n'
	case 'ò', 'ó', 'ô', 'õ', 'ö':
		return 'o'
	case 'ù', 'ú', 'û', 'ü':
		return 'u'
	case 'ğ':
		return 'g'
	case 'ş':
		return 's'
	}
	return r
}

// wordKey is a word lower-cased twice over: as written (lowerBuf) and with
// diacritics folded (foldBuf). makeKey fails when the word is too long or
// has a rune that is not a letter (a hyphen and an apostrophe are kept).
type wordKey struct {
	lowerBuf, foldBuf [maxWordBytes]byte
	nl, nf            int
	capital           bool // first letter upper case
	ascii             bool // lower and folded are the same
}

// is reports whether the folded word is w; hasPrefix whether it starts
// with p. Neither allocates.
func (k *wordKey) is(w string) bool { return string(k.foldBuf[:k.nf]) == w }
func (k *wordKey) hasPrefix(p string) bool {
	return k.nf >= len(p) && string(k.foldBuf[:len(p)]) == p
}
func (k *wordKey) contains(p string) bool {
	return strings.Contains(string(k.foldBuf[:k.nf]), p)
}

func makeKey(w string, k *wordKey) bool {
	k.nl, k.nf, k.capital = 0, 0, false
	if w == "" || len(w) > maxWordBytes {
		return false
	}
	ascii := true
	for i := 0; i < len(w); i++ {
		c := w[i]
		if c >= utf8.RuneSelf {
			ascii = false
			break
		}
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '-' || c == '\'') {
			return false
		}
	}
	if ascii {
		k.capital = w[0] >= 'A' && w[0] <= 'Z'
		for i := 0; i < len(w); i++ {
			c := w[i]
			if c >= 'A' && c <= 'Z' {
				c += 'a' - 'A'
			}
			k.lowerBuf[i], k.foldBuf[i] = c, c
		}
		k.nl, k.nf, k.ascii = len(w), len(w), true
		return true
	}
	k.ascii = false
	first := true
	for i, r := range w {
		// Marks belong to the letters of Thai and Indic words; an inner
		// dot to Thai abbreviations ("พ.ค", May).
		mark := unicode.In(r, unicode.Mn, unicode.Mc) || r == '.' && i > 0 && i < len(w)-1 && !isLatinWord(w)
		if r == utf8.RuneError || (!unicode.IsLetter(r) && r != '-' && r != '\'' && r != '’' && !mark) {
			return false
		}
		if first {
			k.capital = unicode.IsUpper(r)
			first = false
		}
		l := unicode.ToLower(r)
		if k.nl+utf8.RuneLen(l) > maxWordBytes {
			return false
		}
		k.nl += utf8.EncodeRune(k.lowerBuf[k.nl:], l)
		f := foldRune(r)
		if k.nf+utf8.RuneLen(f) > maxWordBytes {
			return false
		}
		k.nf += utf8.EncodeRune(k.foldBuf[k.nf:], f)
	}
	return true
}

// trimWord drops the punctuation around a word: leading "(", quotes, and
// trailing ",;:)!?" and quotes. A trailing "." is kept (an abbreviation or
// German ordinal dot): the caller decides.
func trimWord(w string) string {
	for w != "" {
		switch c := w[0]; {
		case c == '(' || c == '"' || c == '\'' || c == '[':
			w = w[1:]
			continue
		case c >= utf8.RuneSelf && (strings.HasPrefix(w, "«") || strings.HasPrefix(w, "“") || strings.HasPrefix(w, "„")):
			_, n := utf8.DecodeRuneInString(w)
			w = w[n:]
			continue
		}
		break
	}
	for w != "" {
		switch c := w[len(w)-1]; {
		case c == ',' || c == ';' || c == ':' || c == ')' || c == '!' || c == '?' || c == '"' || c == '\'' || c == ']':
			w = w[:len(w)-1]
			continue
		case c >= utf8.RuneSelf && (strings.HasSuffix(w, "»") || strings.HasSuffix(w, "”") || strings.HasSuffix(w, "।")):
			// "।", the danda, the full stop of Bengali and Devanagari:
			// "শনিবার, ৩১ আগস্ট, ২০২৪।" (g11b-040 of firstcontact11-tune.jsonl).
			_, n := utf8.DecodeLastRuneInString(w)
			w = w[:len(w)-n]
			continue
		}
		break
	}
	return w
}

// monthOf returns the month a word names and how much context it needs
// (0 when it names none). A trailing "." is allowed ("Feb.", "ene.").
// A capitalised mCap word ("May", "MARCH") is mSafe; an mYear word needs
// its year however it is written ("Mar. 5, 2023").
func monthOf(word string) (int, monthClass) {
	w := trimWord(word)
	if !mayBeMonth(w) {
		return 0, 0
	}
	w = strings.TrimSuffix(cutSuffix(w), ".")
	w = trimWord(w) // "March)."
	if len(w) < 3 {
		return 0, 0
	}
	var k wordKey
	if !makeKey(w, &k) {
		return 0, 0
	}
	mw, ok := months[string(k.lowerBuf[:k.nl])]
	if !ok && !k.ascii {
		mw, ok = months[string(k.foldBuf[:k.nf])]
	}
	if !ok && strings.HasPrefix(w, hebrewPrefix) {
		mw, ok = months[w[len(hebrewPrefix):]] // "בינואר": "in January"
	}
	if !ok {
		return 0, 0
	}
	switch {
	case mw.class == mCap && k.capital:
		mw.class = mSafe
	case mw.class == mYear && k.capital:
		mw.class = mYearCap
	}
	return int(mw.month), mw.class
}

// cutSuffix drops a Turkish case suffix after an apostrophe ("Şubat'ta",
// "2023'te", "Ekim'de"): at most four letters after the apostrophe.
func cutSuffix(w string) string {
	i := strings.IndexByte(w, '\'')
	if i < 0 && strings.IndexByte(w, 0xE2) >= 0 {
		i = strings.Index(w, "’")
	}
	if i <= 0 {
		return w
	}
	j := i + 1
	if w[i] != '\'' {
		j = i + len("’")
	}
	if n := len(w) - j; n >= 1 && n <= 4*2 && utf8.RuneCountInString(w[j:]) <= 4 {
		return w[:i]
	}
	return w
}

// isWeekday reports whether a word names a weekday (trailing ",." allowed).
func isWeekday(word string) bool {
	w := strings.TrimRight(trimWord(word), ".")
	var k wordKey
	return len(w) >= 3 && makeKey(w, &k) && weekdays[string(k.foldBuf[:k.nf])]
}

// keyWord fills k with word without its punctuation; false when it is not
// a short word of letters.
func keyWord(word string, k *wordKey) bool {
	w := trimWord(word)
	if strings.HasSuffix(w, ".") {
		w = trimWord(strings.TrimRight(w, ".")) // "fecha)."
	}
	return makeKey(w, k)
}

// number parses 1–4 ASCII digits with optional trailing punctuation ",.:;)"
// and an English ordinal suffix. It returns the value and the digit count,
// or -1.
func number(word string) (int, int) {
	word = strings.TrimRight(word, ",.:;)")
	for _, suf := range []string{"st", "nd", "rd", "th"} {
		if len(word) > 2 && strings.HasSuffix(word, suf) {
			word = word[:len(word)-2]
			break
		}
	}
	return digits(word)
}

// digits parses 1–4 ASCII digits, or returns -1.
func digits(word string) (int, int) {
	if word == "" || len(word) > 4*utf8.UTFMax {
		return -1, 0
	}
	n := 0
	for i := 0; i < len(word); i++ {
		if word[i] >= utf8.RuneSelf {
			return nativeDigits(word)
		}
		if word[i] < '0' || word[i] > '9' || i >= 4 {
			return -1, 0
		}
		n = n*10 + int(word[i]-'0')
	}
	return n, len(word)
}

// ordinalSuffixes follow a day number: English, French (1er, 1re, 1ère),
// Spanish/Italian/Portuguese (1º, 1°, 1ª, 1.º, 1o).
var ordinalSuffixes = []string{"st", "nd", "rd", "th", "er", "re", "ère", "ème", "eme", ".º", "º", "°", "ª", "o"}

// dayOf returns the day a word gives (1–31): "13", "13.", "13th",
// "1er", "1º"; 0 when it gives none. comma reports a trailing comma.
func dayOf(word string) (d int, comma bool) {
	w := strings.TrimLeft(word, "(")
	if strings.HasSuffix(w, ",") {
		comma = true
		w = w[:len(w)-1]
	}
	w = strings.TrimSuffix(w, ":") // a dateline's "KATHMANDU, April 18:" (fc8a-096)
	w = strings.TrimSuffix(w, ".")
	w = strings.TrimSuffix(w, ")") // "(13)."
	if w == "" || (w[0] < '0' || w[0] > '9') && !startsNativeDigit(w) {
		return 0, false
	}
	for _, suf := range ordinalSuffixes {
		if len(w) > len(suf) && strings.HasSuffix(w, suf) {
			w = w[:len(w)-len(suf)]
			break
		}
	}
	w = cutCaseEnding(w)
	n, dg := digits(w)
	if dg < 1 || dg > 2 || n < 1 || n > 31 {
		return 0, false
	}
	return n, comma
}

// cutCaseEnding drops a case ending a language glues to a day number with
// a hyphen ("15-én", "15-i", Hungarian "on the 15th", "of the 15th"; Finnish
// "15-vuotias" is no day: only endings of up to four letters after one or
// two digits).
func cutCaseEnding(w string) string {
	i := strings.IndexByte(w, '-')
	if i < 1 || i > 2 || utf8.RuneCountInString(w[i+1:]) > 4 || w[i+1:] == "" {
		return w
	}
	for _, r := range w[i+1:] {
		if !unicode.IsLetter(r) {
			return w
		}
	}
	return w[:i]
}

// yearOf returns the year a word gives (four digits, 1800–2200), or 0.
// A Turkish case suffix is allowed ("2023'te").
func yearOf(word string) int {
	// "(November 15, 2012).”" (fc6a-017): a closing quote after the
	// parenthesis and its full stop.
	w := strings.TrimRight(strings.TrimLeft(trimWord(word), "("), ",.:;)")
	w = cutSuffix(w)
	if y, dg := digits(w); validYear(y, dg) {
		return y
	}
	return 0
}

// validDay reports whether m-d is a day of some year (29 February
// passes): the caption's words are read before their year is known.
func validDay(m, d int) bool { return date.DayOf(0, m, d).Valid() }

func validYear(y, digits int) bool { return digits == 4 && y >= 1800 && y <= 2200 }

// Words are separated by single spaces in tidied text; these helpers are
// robust to runs of spaces all the same.

// nextWord returns the bounds of the first word at or after i.
func nextWord(s string, i int) (int, int) {
	for i < len(s) && s[i] == ' ' {
		i++
	}
	j := i
	for j < len(s) && s[j] != ' ' {
		j++
	}
	return i, j
}

// prevWord returns the bounds of the last word ending at or before i.
func prevWord(s string, i int) (int, int) {
	for i > 0 && s[i-1] == ' ' {
		i--
	}
	j := i
	for j > 0 && s[j-1] != ' ' {
		j--
	}
	return j, i
}

// isLink reports whether a word joins a day, month and year in Spanish or
// Portuguese ("13 de febrero de 2023", "del 2023").
func isLink(w string) bool { return w == "de" || w == "del" }

// dateHit is one date found in text.
type dateHit struct {
	start, end int // byte span in the text
	y, m, d    int // y 0 when no year is written
	ambiguous  bool
	altM, altD int    // the other reading of an ambiguous numeric date
	raw        string // a numeric date as written
	span       int    // days after d that a range covers ("13-14 February": 1)
	twoDigit   bool   // y was written with two digits, its century guessed (twoDigitYear)
}

// hanOrHangulIn reports whether w holds a byte that leads the UTF-8 of a
// Han ideograph or a Hangul syllable (0xE5, 0xE6, 0xEB, 0xEC): a word of
// Chinese, Japanese or Korean text may open with digits ("2024年…") or a
// Latin word glued to it, as Japanese writes no spaces: "BMX専用トレーラー
// =岡山市…=2021(令和3)年5月7日、…" is one word (g9b-099 of
// firstcontact9-tune.jsonl).
func hanOrHangulIn(w string) bool {
	for i := 0; i < len(w); i++ {
		switch w[i] {
		case 0xE5, 0xE6, 0xEB, 0xEC:
			return true
		}
	}
	return false
}

// headingDate reports whether the date h heads the picture's text, a
// colon after it, after a title and its bar:
// "Farewell to Our Thoroughfare | Jan. 11: Drivers and bicyclists gathered
// …" (The Seattle Times' pictures of the year; g9b-055 of
// firstcontact9-tune.jsonl,
// https://www.seattletimes.com/pacific-nw-magazine/pictures-of-the-year/),
// where a later "The viaduct opened April 4, 1953" is history.
func headingDate(s string, h dateHit) bool {
	colon := h.end > 0 && s[h.end-1] == ':' || strings.HasPrefix(s[h.end:], ":")
	if !colon {
		return false
	}
	a, b := prevWord(s, h.start)
	return a < b && s[a:b] == "|"
}

// dateAt tries to read a date around the word s[ws:we]: a month name with
// a day before or after it (and a year), or a numeric date. vouched
// accepts month words that otherwise need a year (datelines).
func dateAt(s string, ws, we int, vouched bool) (dateHit, bool) {
	w := s[ws:we]
	if w == "" {
		return dateHit{}, false
	}
	if w[0] >= utf8.RuneSelf || hanOrHangulIn(w) {
		if h, ok := cjkDate(s, ws, we); ok {
			return h, true
		}
	}
	if c := w[0]; c >= '0' && c <= '9' || c == '(' && len(w) > 1 && w[1] >= '0' && w[1] <= '9' {
		if h, ok := cuedDayMonth(s, ws, we); ok {
			return h, true
		}
		if h, ok := romanDate(s, ws, we); ok {
			return h, true
		}
		if y, m, d, ok := gluedDayMonthYear(w); ok {
			return dateHit{start: ws, end: we, y: y, m: m, d: d}, true
		}
		if m, d, ok := hyphenDayMonth(w); ok {
			h := dateHit{start: ws, end: we, m: m, d: d}
			if y, e := yearAfter(s, we); y != 0 {
				h.y, h.end = y, e
			}
			return h, true
		}
		if y, m, d, ok := stampDate(w); ok {
			return dateHit{start: ws, end: we, y: y, m: m, d: d, twoDigit: true}, true
		}
		if y, m, d, ok := fileStampDate(s, ws, we); ok {
			return dateHit{start: ws, end: we, y: y, m: m, d: d, twoDigit: true}, true
		}
		return numericDate(s, ws, we)
	}
	if h, ok := newYearDay(s, ws, we); ok {
		return h, true
	}
	if c := w[0] | 0x20; c >= 'a' && c <= 'z' && !mayBeMonth(w) {
		return dateHit{}, false
	}
	if h, ok := vietDate(s, ws, we); ok {
		return h, true
	}
	m, class := monthOf(w)
	if m == 0 {
		// "Aug.3, 2018": an abbreviated month glued to its day (a web
		// copy's typo). Read only with a year after it.
		m, d, ok := gluedMonthDay(w)
		if !ok {
			return dateHit{}, false
		}
		if y, e := yearAfter(s, we); y != 0 {
			return dateHit{start: ws, end: e, y: y, m: m, d: d}, true
		}
		return dateHit{}, false
	}
	left, right := daysBeside(s, ws, we, m)
	if isThaiWord(w) {
		// Thai dates count years in the Buddhist era.
		for _, h := range []*dateHit{&left, &right} {
			if h.m != 0 && h.y == 0 {
				h.y, h.end = thaiYearAfter(s, h.end)
			}
		}
	}
	switch {
	case right.m != 0 && right.y != 0 && monthReadOK(class, right.y, false, vouched):
		return right, true
	case left.m != 0 && monthReadOK(class, left.y, true, vouched):
		return left, true
	case right.m != 0 && monthReadOK(class, right.y, false, vouched):
		return right, true
	}
	return dateHit{}, false
}

// gluedDayMonthYear reads a day, a month name and a four-digit year
// written as one word, as Cuartoscuro's datelines run them together
// ("CIUDAD DE MÉXICO, 01NOVIEMBRE2023.- …", fc5a-014; "19ABRIL2021.-",
// fc5a-015): one or two digits, the month's letters, four digits, then
// only punctuation. The year written beside it is what makes it a date.
func gluedDayMonthYear(w string) (y, m, d int, ok bool) {
	i := 0
	for i < len(w) && i < 2 && w[i] >= '0' && w[i] <= '9' {
		i++
	}
	j := i
	for j < len(w) && (w[j] < '0' || w[j] > '9') {
		j++
	}
	if i == 0 || j == i || j+4 > len(w) {
		return 0, 0, 0, false
	}
	if strings.Trim(w[j+4:], ".-,:;)") != "" {
		return 0, 0, 0, false
	}
	if m, _ = monthOf(w[i:j]); m == 0 {
		return 0, 0, 0, false
	}
	d, _ = digits(w[:i])
	y, n := digits(w[j : j+4])
	if n != 4 || !validYear(y, n) || !validDay(m, d) {
		return 0, 0, 0, false
	}
	return y, m, d, true
}

// locativeEndings are the endings of the locative case ("in, on") that
// Kyrgyz and Kazakh glue to a month after a hyphenated day, by vowel
// harmony: Kyrgyz -да/-де/-до/-дө/-та/-те/-то/-тө, Kazakh -да/-де/-та/-те
// (https://en.wiktionary.org/wiki/-да#Kyrgyz, /-та#Kyrgyz, /-да#Kazakh):
// "Кечээ, 31-августта" (yesterday, on 31 August; Sputnik Kyrgyzstan,
// fc8a-135 of firstcontact8-tune.jsonl,
// https://sputnik.kg/amp/20190901/bishkek-ehgemenduuluk-majramy-salyk-1045586120.html).
var locativeEndings = [...]string{"да", "де", "до", "дө", "та", "те", "то", "тө"}

// hyphenDayMonth reads a day glued by a hyphen to the month after it, as
// Kyrgyz and Kazakh write dates ("31-августта", "1-сен." in the dateline
// of fc8a-135): one or two digits, "-", a month word with or without a
// locative ending (locativeEndings). The glued shape vouches for the
// month word.
func hyphenDayMonth(w string) (m, d int, ok bool) {
	i := strings.IndexByte(w, '-')
	if i < 1 || i > 2 || !isDigits(w[:i]) {
		return 0, 0, false
	}
	rest := strings.TrimRight(w[i+1:], ".,;:)")
	if rest == "" || rest[0] < utf8.RuneSelf && (rest[0] < 'A' || rest[0] > 'z') {
		return 0, 0, false
	}
	if m, _ = monthOf(rest); m == 0 {
		for _, e := range locativeEndings {
			if stem, cut := strings.CutSuffix(rest, e); cut && len(stem) >= 6 {
				if m, _ = monthOf(stem); m != 0 {
					break
				}
			}
		}
	}
	d, _ = digits(w[:i])
	if m == 0 || !validDay(m, d) {
		return 0, 0, false
	}
	return m, d, true
}

// gluedMonthDay reads an abbreviated month glued to its day ("Aug.3").
func gluedMonthDay(w string) (m, d int, ok bool) {
	k := strings.IndexByte(w, '.')
	if k <= 0 || k+1 >= len(w) || w[k+1] < '0' || w[k+1] > '9' {
		return 0, 0, false
	}
	if m, _ = monthOf(w[:k+1]); m == 0 {
		return 0, 0, false
	}
	if d, _ = dayOf(w[k+1:]); d > 0 && validDay(m, d) {
		return m, d, true
	}
	return 0, 0, false
}

// monthReadOK says whether a month word of class, with year y (0 for
// none), is a date: some month words are only with a year, or a day
// before them, or a caller that vouches for the text.
func monthReadOK(class monthClass, y int, dayFirst, vouched bool) bool {
	switch class {
	case mCap:
		return y != 0
	case mYear:
		return y != 0 || vouched
	case mYearCap:
		return y != 0 || vouched || dayFirst
	}
	return true
}

// yearAfter reads a year in the words from byte from of s: "2023", or
// "de 2023" / "del 2023"; it returns 0 and from when there is none, else
// the year and where it ends.
func yearAfter(s string, from int) (int, int) {
	a, b := nextWord(s, from)
	if a == b {
		return 0, from
	}
	if s[a:b] == "," { // "May 7th , 2017" (fc6a-064): a space before the comma
		if a, b = nextWord(s, b); a == b {
			return 0, from
		}
	}
	if isLink(s[a:b]) {
		c, d := nextWord(s, b)
		if y := yearOf(s[c:d]); y != 0 {
			return y, d
		}
		return 0, from
	}
	if y := yearOf(s[a:b]); y != 0 {
		return y, b
	}
	return 0, from
}

// daysBeside reads the day written before the month word s[ws:we] of
// month m ("13 février", "13. Februar", "13 de febrero") and the day after
// it ("Feb. 13, 2023", "February 13th 2023"), each with a year after it
// when one follows; a zero hit is none.
func daysBeside(s string, ws, we, m int) (left, right dateHit) {
	if a, b := prevWord(s, ws); a < b {
		lw := s[a:b]
		if isLink(lw) {
			if c, e := prevWord(s, a); c < e {
				a, b = c, e
			}
		}
		if d, span, start := dayBeforeMonth(s, a, b, m); d > 0 {
			left = dateHit{start: start, end: we, m: m, d: d, span: span}
			if y, e := yearAfter(s, we); y != 0 {
				left.y, left.end = y, e
			} else if y, ys := yearBefore(s, start); y != 0 && ys < start && markBefore(s, start) {
				// Latvian "2016. gada 16. martā" (fc5a-086): the year
				// and its mark before the day.
				left.y, left.start = y, ys
			}
		}
	}
	if a, b := nextWord(s, we); a < b && !strings.HasSuffix(s[ws:we], ",") {
		if f, l, ok := dayPair(strings.TrimSuffix(s[a:b], ",")); ok && validDay(m, f) && validDay(m, l) {
			right = dateHit{start: ws, end: b, m: m, d: f, span: l - f}
		} else if d, _ := dayOf(s[a:b]); d > 0 && validDay(m, d) {
			right = dateHit{start: ws, end: b, m: m, d: d}
		}
		if y, e := yearAfter(s, b); right.m != 0 && y != 0 {
			right.y, right.end = y, e
		} else if right.m != 0 {
			if y, start := yearBefore(s, ws); y != 0 {
				right.y, right.start = y, start // "2011 m. rugsėjo 5 d.", "2011. szeptember 5."
			}
		}
	}
	return left, right
}

// yearMarks are the words that follow a year written before its month in
// the languages whose dates run year first (glibc d_fmt "%Y.%m.%d" hu_HU,
// "%Y-%m-%d" lt_LT, "%Y.%d.%m" lv_LV): Lithuanian "m." (metai, year) and
// Latvian "gada" (of the year), "g.".
var yearMarks = map[string]bool{"m.": true, "gada": true, "g.": true}

// markBefore reports whether the word right before byte i of s is one of
// yearMarks.
func markBefore(s string, i int) bool {
	a, b := prevWord(s, i)
	return a < b && yearMarks[s[a:b]]
}

// yearBefore reads a year written right before the month word at ws
// ("2011 m. rugsėjo", "2011. gada 5. septembrī", "2011. szeptember"), with
// where it starts, or 0.
func yearBefore(s string, ws int) (int, int) {
	a, b := prevWord(s, ws)
	if a < b && yearMarks[s[a:b]] {
		a, b = prevWord(s, a)
	}
	if a == b {
		return 0, ws
	}
	if y := yearOf(s[a:b]); y != 0 {
		return y, a
	}
	return 0, ws
}

// numericDate reads "13.02.2023", "13/02/2023", "13-02-2023",
// "2020/06/15", "2020-06-15", "2020.06.15" (surrounding punctuation
// allowed). Year first is year-month-day. Year last with dots is
// day-month-year. Year last with "/" or "-" is day-first when the first
// number exceeds 12, month-first when the second does, and otherwise
// ambiguous (both readings are kept; applyDate settles them).
func numericDate(s string, ws, we int) (dateHit, bool) {
	w := strings.TrimRight(strings.TrimLeft(s[ws:we], "("), ",.;:)")
	if k := strings.IndexAny(w, "<[("); k >= 8 {
		// "…있다. 2024.12.13<이승배기자/ 뉴스1/ …>" (fc4b-004): the
		// credit's bracket glued after the date.
		w = strings.TrimRight(w[:k], ",.;:)")
	} else if k := strings.IndexByte(w, '/'); k >= 8 && (k+1 == len(w) || w[k+1] < '0' || w[k+1] > '9') {
		// "…있다. 2025.5.22/뉴스1" (g9b-103 of firstcontact9-tune.jsonl,
		// https://www.news1.kr/photos/7302472): a dotted or dashed date,
		// then a slash and the agency, not a date's next number.
		w = w[:k]
	}
	if len(w) > 10 && w[4] == '-' && w[10] == 'T' {
		w = w[:10] // ISO 8601 date and time: "2023-02-13T10:00:00Z"
	}
	if len(w) < 6 || len(w) > 10 {
		return dateHit{}, false
	}
	i := strings.IndexAny(w, "./-")
	if i < 1 {
		return dateHit{}, false
	}
	sep := w[i]
	j := strings.IndexByte(w[i+1:], sep)
	if j < 1 {
		return dateHit{}, false
	}
	j += i + 1
	a, an := digits(w[:i])
	b, bn := digits(w[i+1 : j])
	c, cn := digits(w[j+1:])
	if a < 0 || b < 0 || c < 0 || bn > 2 {
		return dateHit{}, false
	}
	h := dateHit{start: ws, end: we, raw: w}
	switch {
	case an == 4 && cn <= 2 && validYear(a, an):
		h.y, h.m, h.d = a, b, c
	case an <= 2 && cn == 2 && bn <= 2 && !(sep == '.' || a > 12 || b > 12) && fourDigitYearIn(s, c) != 0:
		// "el 10/09/14" beside "15 Setiembre, 2014" (fc8c-050): the
		// caption writes the year in four digits elsewhere, so the last
		// number is that year; day and month read both ways, as for a
		// four-digit year.
		h.y = fourDigitYearIn(s, c)
		numericOrder(&h, sep, a, b)
	case an <= 2 && cn == 2 && (sep == '.' || a > 12 || b > 12):
		// "12/03/19", "16-9-15" (rw-005 of captions.jsonl) only when the
		// order is certain: dots (day first in every glibc locale whose
		// d_fmt has them with the year last) or a number over 12 ("03/04/19"
		// may even be year first). The century is twoDigitYear's guess.
		h.y, h.twoDigit = twoDigitYear(c), true
		numericOrder(&h, sep, a, b)
	case an <= 2 && cn == 4 && validYear(c, cn):
		h.y = c
		numericOrder(&h, sep, a, b)
	default:
		return dateHit{}, false
	}
	if !validDay(h.m, h.d) {
		return dateHit{}, false
	}
	return h, true
}

// fourDigitYearIn returns the year of the 1900s or 2000s whose last two
// digits are yy when s writes it as a word of its own ("2014", "2014,"),
// or 0.
func fourDigitYearIn(s string, yy int) int {
	for _, y := range [...]int{2000 + yy, 1900 + yy} {
		w := strconv.Itoa(y)
		for i := 0; i < len(s); {
			k := strings.Index(s[i:], w)
			if k < 0 {
				break
			}
			k += i
			e := k + len(w)
			if (k == 0 || !isDigitByte(s[k-1]) && s[k-1] != '/' && s[k-1] != '.' && s[k-1] != '-') && (e == len(s) || !isDigitByte(s[e])) {
				return y
			}
			i = e
		}
	}
	return 0
}

func isDigitByte(c byte) bool { return c >= '0' && c <= '9' }

// numericOrder sets h's month and day from a numeric date's first two
// numbers a and b, the year last: day first with dots or a first number
// over 12, month first when the second is over 12, and otherwise
// ambiguous (day first, the month-first reading kept beside it).
func numericOrder(h *dateHit, sep byte, a, b int) {
	switch {
	case sep == '.' || a > 12:
		h.d, h.m = a, b
	case b > 12:
		h.m, h.d = a, b
	default:
		h.d, h.m = a, b
		if a != b {
			h.ambiguous, h.altM, h.altD = true, a, b
		}
	}
}

// dayCues are the words that say "day" before a day-first numeric date
// without a year, so that "D/M" is read as one: Vietnamese "ngày 3/3"
// ("(on) day 3/3", firstcontact-tune.jsonl fc-056, fc-060).
//
// Indonesian desks write the weekday, then "(D/M)": Antara's "…, Jombang,
// Jawa Timur, Minggu (12/2)." (fc5b-045 of firstcontact5-tune.jsonl);
// Indonesian dates run day first (glibc id_ID d_fmt "%d/%m/%y"), and the
// weekdays are id_ID's day names.
//
// Vietnamese desks open with the part of the day instead: "Chiều 1/9, Hà
// Nội đón hai cơn mưa rào" (the afternoon of 1/9; g10b-093 of
// firstcontact10-tune.jsonl,
// https://tienphong.vn/ha-noi-mua-to-khoi-yeu-nuoc-quyet-khong-roi-vi-tri-cho-xem-dieu-binh-29-post1774700.tpo):
// sáng (morning), trưa (noon), chiều (afternoon), tối (evening), đêm
// (night) (https://vi.wiktionary.org/wiki/sáng, /trưa, /chiều, /tối, /đêm).
var dayCues = map[string]bool{"ngày": true, "hôm": true, "sáng": true, "trưa": true, "chiều": true, "tối": true, "đêm": true,
	"senin": true, "selasa": true, "rabu": true, "kamis": true, "jumat": true, "sabtu": true, "minggu": true}

// cuedDayMonth reads "D/M" (day first, no year) after a dayCues word.
func cuedDayMonth(s string, ws, we int) (dateHit, bool) {
	a, b := prevWord(s, ws)
	if a == b || !dayCues[strings.ToLower(s[a:b])] {
		return dateHit{}, false
	}
	w := strings.TrimPrefix(strings.TrimRight(s[ws:we], ",.;:)"), "(")
	dd, mm, ok := cutDayMonth(w)
	if !ok {
		return dateHit{}, false
	}
	d, dn := digits(dd)
	m, mn := digits(mm)
	if dn < 1 || dn > 2 || mn < 1 || mn > 2 || !validDay(m, d) {
		return dateHit{}, false
	}
	return dateHit{start: a, end: we, m: m, d: d}, true
}

// cjkDate reads a Chinese or Japanese date inside a word
// ("北京，2023年2月13日，…") or a Korean one over three words ("2023년 2월
// 13일").
func cjkDate(s string, ws, we int) (dateHit, bool) {
	w := s[ws:we]
	if h, ok := cjkMonthDay(w, "月", "日"); ok {
		// "5月25日,河南省…" (fc-044), "9月18日,在美国…" (fc-148): a
		// month and day that open the word, the year from context.
		h.start, h.end = ws, we
		return h, true
	}
	if h, ok := markedYMD(s, ws, we, "年", "月", "日"); ok {
		return h, true // "2024年1月15日"
	}
	if h, ok := cjkInnerMonthDay(w); ok {
		// "…男性。10月15日、英ロンドンで撮影" (fc3b-050), "…大統領は3月24日、"
		// (fc3b-051): Japanese and Chinese write no spaces, so a month and
		// day follow a clause mark or a particle inside the word.
		h.start, h.end = ws, we
		return h, true
	}
	if h, ok := cjkMonthDay(w, "월", "일"); ok {
		// "9월15일 홍콩에서 …" (fc7b-060 of firstcontact7-tune.jsonl): the
		// Korean month and day glued into one word.
		h.start, h.end = ws, we
		return h, true
	}
	if h, ok := cjkMonthDayBeforeAgency(w); ok {
		h.start, h.end = ws, we
		return h, true
	}
	if h, ok := cjkMonthDay(w, "월", ""); ok {
		// "4월 16일" (fc-163): the Korean month word, its day the next.
		a, b := nextWord(s, we)
		if dw := s[a:b]; strings.Contains(dw, "일") {
			if d, dn := digits(dw[:strings.Index(dw, "일")]); dn >= 1 && dn <= 2 && validDay(h.m, d) {
				return dateHit{start: ws, end: b, m: h.m, d: d}, true
			}
		}
		return dateHit{}, false
	}
	if h, ok := markedYMD(s, ws, we, "년", "월", "일"); ok {
		return h, true // "2024년 1월 15일", "2024년1월15일"
	}
	if h, ok := koreanFirstDay(s, ws, we); ok {
		return h, true
	}
	return koreanNewYearDay(s, ws, we)
}

// koreanFirstDayWord is the Korean "first day" (https://ko.wiktionary.org/wiki/첫날).
const koreanFirstDayWord = "첫날"

// koreanFirstDay reads "새해 … 첫날" (the first day of the new year) as 1
// January, the year from a "YYYY년" before 새해: "2019년 새해 기해년
// 첫날이 시작됐다" (the first day of the new year 2019, the year Gihae,
// has begun; Daegu Ilbo, fc6b-067 of firstcontact6-tune.jsonl,
// http://idaegu.com/newsView/idg201901010012). 새해 must be among the
// two words before 첫날.
func koreanFirstDay(s string, ws, we int) (dateHit, bool) {
	if !strings.HasPrefix(s[ws:we], koreanFirstDayWord) {
		return dateHit{}, false
	}
	newYear, y, start := false, 0, ws
	for at, steps := ws, 0; steps < maxNewYearWords && at > 0 && y == 0; steps++ {
		a, b := prevWord(s, at)
		if a == b || endsSentence(s[a:b]) {
			break
		}
		if steps < 2 && strings.HasPrefix(s[a:b], koreanNewYear) {
			newYear = true
		}
		if n, ok := strings.CutSuffix(s[a:b], "년"); ok && newYear {
			y, start = yearOf(n), a
		}
		at = a
	}
	if !newYear {
		return dateHit{}, false
	}
	return dateHit{start: start, end: we, y: y, m: 1, d: 1}, true
}

// koreanNewYear is the Korean word for the new year (https://ko.wiktionary.org/wiki/새해).
const koreanNewYear = "새해"

// koreanGreeted are the forms of 맞다/맞이하다 (to greet, to welcome;
// https://ko.wiktionary.org/wiki/맞다, /맞이하다) that join "새해를" to the
// day: "새해를 맞은 1일" (the 1st, the new year greeted). "새해" alone is
// also the coming year ("새해 예산안이 3일 통과", next year's budget
// passed on the 3rd, in December), so the verb is required.
var koreanGreeted = map[string]bool{"맞은": true, "맞이한": true, "맞는": true}

// koreanNewYearDay reads a Korean day with no month, "N일", as a day of
// January when the words before it greet the new year:
// "2024년 갑진년(甲辰年)새해를 맞은 1일 오전" (the 1st, greeting the new
// year, fc4b-006), the year from a "YYYY년" among the words before. A day
// alone is otherwise no date.
func koreanNewYearDay(s string, ws, we int) (dateHit, bool) {
	w := s[ws:we]
	i := strings.Index(w, "일")
	if i <= 0 {
		return dateHit{}, false
	}
	d, dn := digits(w[:i])
	if dn != i || dn > 2 || !validDay(1, d) {
		return dateHit{}, false
	}
	newYear, y := false, 0
	for at, steps := ws, 0; steps < maxNewYearWords && at > 0 && y == 0; steps++ {
		a, b := prevWord(s, at)
		if a == b {
			break
		}
		if steps == 0 && !koreanGreeted[s[a:b]] {
			return dateHit{}, false
		}
		newYear = newYear || steps == 1 && strings.Contains(s[a:b], koreanNewYear+"를")
		if n, ok := strings.CutSuffix(s[a:b], "년"); ok {
			y = yearOf(n)
		}
		at = a
	}
	if !newYear {
		return dateHit{}, false
	}
	return dateHit{start: ws, end: we, y: y, m: 1, d: d}, true
}

// maxNewYearWords is how many words before a Korean new year's day are
// searched for its year ("2024년 … 새해를 맞은 1일").
const maxNewYearWords = 4

// cjkDateOpeners are what may come right before a month and day inside
// a CJK word: a clause mark (。、，), a bracket or the Japanese topic
// particle は. An opening bracket holds the picture's date and place in
// Japanese and Chinese desks' captions: "悠仁さま(9月6日、皇居・宮殿)=NAME撮影"
// (Nikkei, fc4b-025), "…冲击(6月1日摄)。" (Xinhua, fc4b-011). Anything
// else ("截至5月26日", as of May 26) is a date of the prose.
const cjkDateOpeners = "。、，,」）)は=(（"

// cjkPictureOpeners are the words "the picture shows" (圖為, simplified
// 图为; https://zh.wiktionary.org/wiki/圖, /為) that Chinese desks open the
// sentence of the picture's own scene with, its date right after: "…訂單。
// 圖為4月17日,第133屆廣交會展館內,…" (g9b-125 of firstcontact9-tune.jsonl,
// http://hkcna.hk./docDetail.jsp?channel=4372&id=100341950). "這是"
// (this is, https://zh.wiktionary.org/wiki/這, /是) opens Xinhua's
// sentence of the scene the same way: "這是5月11日拍攝的鳴沙山月牙泉景區。"
// (this is … photographed on 11 May; g10b-108 of
// firstcontact10-tune.jsonl, http://blrdc.cc/shehui/133596.html).
var cjkPictureOpeners = []string{"圖為", "图为", "這是", "这是"}

// cjkInnerMonthDay reads the first "M月D日" inside w right after one of
// cjkDateOpeners ("2024年1月15日" is markedYMD's).
func cjkInnerMonthDay(w string) (dateHit, bool) {
	for off := 0; off < len(w); {
		i := strings.Index(w[off:], "月")
		if i < 0 {
			return dateHit{}, false
		}
		i += off
		off = i + len("月")
		n := 0
		for n < 2 && i-n > 0 && '0' <= w[i-n-1] && w[i-n-1] <= '9' {
			n++
		}
		if n == 0 || i-n == 0 {
			continue // none, or at the word's start (cjkMonthDay's)
		}
		prev, _ := utf8.DecodeLastRuneInString(w[:i-n])
		if _, opened := cutAnySuffix(w[:i-n], cjkPictureOpeners); !opened && !strings.ContainsRune(cjkDateOpeners, prev) {
			continue
		}
		if h, ok := cjkMonthDay(w[i-n:], "月", "日"); ok {
			return h, true
		}
	}
	return dateHit{}, false
}

// cjkMonthDay reads the month (1–2 digits before monthMark) that opens w
// and, when dayMark is given, the day (1–2 digits before it) right after.
// Without dayMark the month must end w ("4월").
func cjkMonthDay(w, monthMark, dayMark string) (dateHit, bool) {
	i := strings.Index(w, monthMark)
	if i < 1 || i > 2 {
		return dateHit{}, false
	}
	m, mn := digits(w[:i])
	if mn != i || m < 1 || m > 12 {
		return dateHit{}, false
	}
	rest := w[i+len(monthMark):]
	if dayMark == "" {
		if rest != "" {
			return dateHit{}, false
		}
		return dateHit{m: m}, true
	}
	k := strings.Index(rest, dayMark)
	if k < 1 || k > 2 {
		return dateHit{}, false
	}
	d, dn := digits(rest[:k])
	if dn != k || !validDay(m, d) {
		return dateHit{}, false
	}
	return dateHit{m: m, d: d}, true
}

// pictureVerbs date the picture itself when they follow a picture noun
// ("photo taken on June 3, 2019", "A file picture dated 22 March 2016",
// "photo prise le 3 juin 2019", "foto de archivo fechada el …"). A verb
// alone does not: "shot on", "taken to hospital on", "a letter dated".
// "aufgenommen" ("aufgenommen am 17.10.1962") needs no noun.
var pictureVerbs = map[string]bool{
	"taken": true, "photographed": true, "dated": true,
	"prise": true, "realisee": true, "datee": true,
	"tomada": true, "tomado": true, "captada": true, "fechada": true, "fechado": true,
	"scattata": true, "scattato": true, "datata": true, "datato": true,
	"tirada": true, "feita": true, "registrada": true, "datada": true, "datado": true,
	"aufgenommen": true, "datiert": true, "gemaakt": true, "genomen": true, "gedateerd": true,
	"cekilen": true,
	// German and Romance "photographed": Mauerfotos.de's field
	// "Fotografiert am:" (fc8c-056 of firstcontact8-tune.jsonl,
	// http://mauerfotos.de/index.php/photodetail?id=405&nr=449).
	"fotografiert": true, "fotografado": true, "fotografada": true, "fotografiado": true, "fotografiada": true,
	"fotografato": true, "fotografata": true, "photographie": true, "photographiee": true,
}

// pictureNounsBefore are the words a picture verb must follow.
var pictureNounsBefore = map[string]bool{
	"photo": true, "photos": true, "picture": true, "pictures": true, "image": true, "images": true,
	"photograph": true, "handout": true, "frame": true, "screengrab": true, "selfie": true,
	"foto": true, "fotos": true, "fotografia": true, "imagen": true, "imagem": true, "immagine": true,
	"bild": true, "aufnahme": true, "archivbild": true, "archivfoto": true, "fotograf": true, "fotografie": true,
}

// verbDatesPicture reports whether the picture verb at s[a:b] dates a
// picture: "aufgenommen", or a verb right after a picture noun or an
// archive word.
func verbDatesPicture(s string, a int, verb *wordKey) bool {
	if verb.is("aufgenommen") {
		return true
	}
	c, e := prevWord(s, a)
	var k wordKey
	if c == e || !keyWord(s[c:e], &k) {
		return false
	}
	return pictureNounsBefore[string(k.foldBuf[:k.nf])] || isArchiveWord(&k)
}

// mayBeVerb is a cheap test that a word may be one of pictureVerbs.
func mayBeVerb(w string) bool {
	if len(w) < 4 || len(w) > 14 {
		return false
	}
	switch string([]byte{w[0] | 0x20, w[1] | 0x20}) {
	case "ta", "ph", "da", "ca", "pr", "re", "to", "fe", "sc", "ti", "au", "ge", "ce", "fo":
		return true
	}
	return false
}

// maxPictureWindow bounds how many words before a date are searched for a
// picture verb ("taken and released by the Presidential Press Service on
// February 13, 2023").
const maxPictureWindow = 10

// pictureNouns follow "this DATE" in AP's "In this Jan. 5, 2015, file
// photo" and "This July 6, 2017 photo shows".
var pictureNouns = map[string]bool{
	"file": true, "photo": true, "picture": true, "image": true, "handout": true,
	"photograph": true, "frame": true, "pool": true, "combination": true, "video": true,
}

// skippedBefore are the small words and weekdays allowed between a
// picture verb and its date ("taken on Monday, June 3", "prise le").
func skippedBefore(k *wordKey) bool {
	switch string(k.foldBuf[:k.nf]) {
	case "on", "in", "le", "el", "il", "am", "em", "op", "the", "en", "a", "at", "pasado", "passato", "dernier", "vergangenen":
		return true
	}
	return weekdays[string(k.foldBuf[:k.nf])]
}

// datesPicture reports whether the words around the date h say it is the
// picture's own date.
func datesPicture(s string, h dateHit) bool {
	if headingDate(s, h) {
		return true
	}
	var prev [2]wordKey
	var k wordKey
	n := 0
	prep := false // a preposition ("on", "le", "am") right before the date
	verb := false // a picture verb within the window
	i := h.start
	for steps := 0; steps < maxPictureWindow && i > 0; steps++ {
		a, b := prevWord(s, i)
		if a == b {
			break
		}
		i = a
		raw := s[a:b]
		if endsSentence(raw) {
			if n == 0 && isPictureDateLabel(s, a, raw) {
				return true // PA: "Picture date: Monday February 13, 2023."
			}
			break
		}
		if n >= 2 && !mayBeVerb(raw) {
			continue
		}
		if !keyWord(raw, &k) {
			if n < 2 {
				break
			}
			continue
		}
		if pictureVerbs[string(k.foldBuf[:k.nf])] && verbDatesPicture(s, a, &k) {
			if n == 0 {
				return true
			}
			verb = true
		}
		if n < 2 {
			if n == 0 && skippedBefore(&k) {
				prep = prep || !weekdays[string(k.foldBuf[:k.nf])]
				continue
			}
			prev[n] = k
			n++
		}
	}
	if n == 0 {
		return false
	}
	p := &prev[0]
	switch {
	case p.is("this"):
		a, b := nextWord(s, h.end)
		return a < b && keyWord(s[a:b], &k) && pictureNouns[string(k.foldBuf[:k.nf])]
	case p.is("vom") || p.is("del") || p.is("de") || p.is("du") || p.is("from") || p.is("of") || p.is("dal") || p.is("pasado"):
		if n == 2 && isArchiveWord(&prev[1]) {
			return true
		}
	}
	return verb && prep
}

// eventCues are words that, right before a date (small words and
// weekdays skipped), make it the date of another event than the scene: "a
// man who was shot on February 5", "since the February 6 earthquake",
// "ahead of the election on …", "who died on …", "taken to hospital on",
// "seit dem", "depuis le", "desde el". eventNouns do the same right after
// it: "the February 6, 2023 earthquake".
var eventCues = map[string]bool{
	"since": true, "until": true, "till": true, "died": true, "killed": true, "born": true,
	"founded": true, "shot": true, "wounded": true, "injured": true, "arrested": true, "disappeared": true,
	"missing": true, "elected": true, "election": true, "elections": true, "scheduled": true, "expected": true,
	"due": true, "hospital": true, "vote": true, "dated": true, "set": true,
	"seit": true, "bis": true, "gestorben": true, "getotet": true, "geboren": true,
	"depuis": true, "jusqu'au": true, "mort": true, "tue": true, "ne": true, "decede": true,
	"desde": true, "hasta": true, "murio": true, "fallecido": true, "nacido": true, "asesinado": true,
	"fino": true, "morto": true, "nato": true, "ucciso": true,
	"ate": true, "morreu": true, "nascido": true,
	"sinds": true, "overleden": true,
	"beri": true,
	// Spanish and Portuguese "a partir de" (from … on,
	// https://es.wiktionary.org/wiki/a_partir_de), a period that starts,
	// often to come: "La edición 113 de la Revista BOCAS estará en
	// circulación a partir del día 19 de diciembre de 2021" (will be on
	// sale from; g9a-024 of firstcontact9-tune.jsonl,
	// https://www.eltiempo.com/cultura/fajardo-quien-me-va-a-defender-a-mi-nadie-639223).
	"partir": true,
	// "Happened, occurred": Vietnamese "xảy ra" (two words; cueBefore
	// reads the pair), "thảm họa … xảy ra vào ngày 11-3-2011" (the disaster
	// that happened on 11-3-2011, commemorated five years on: fc7b-068 of
	// firstcontact7-tune.jsonl,
	// https://congan.com.vn/quoc-te/thoi-su-quoc-te/the-gioi-trong-tuan-qua-anh_15917.html;
	// https://en.wiktionary.org/wiki/xảy_ra).
	"xảy ra": true, "happened": true, "occurred": true,
	// "Tomorrow" before a date: the date of what is to come, not of the
	// picture ("Samitit … që do të mbahet nesër (6 dhjetor)", Albanian
	// "to be held tomorrow (6 December)", fc3a-033). From
	// https://en.wiktionary.org/wiki/tomorrow#Translations, without the
	// words that also mean "morning" (German and Dutch "morgen", Spanish
	// "mañana", Croatian "jutro") or are a place or a common word
	// elsewhere (Romanian "mâine" folds to "maine").
	"tomorrow": true, "neser": true, "demain": true, "domani": true, "amanha": true, "dema": true,
	"zitra": true, "zajtra": true, "holnap": true, "yarin": true, "imorgon": true, "huomenna": true,
	"rytoj": true, "jutri": true, "sutra": true, "утре": true, "завтра": true, "αύριο": true, "besok": true,
}

// publicationCues are the labels of a publication date, which is not the
// picture's: "Data de publicació: dimarts 06 de febrer del 2024" (ACN,
// firstcontact-tune.jsonl fc-202). A date after one is not read.
var publicationCues = map[string]bool{
	"published": true, "publicacio": true, "publicacion": true, "publicacao": true, "publie": true,
	"veroffentlicht": true, "pubblicato": true, "publicat": true, "publicado": true, "gepubliceerd": true,
	// An archive's field of when it added or posted the picture, before
	// "Date:": NASA's Photojournal "Image Addition Date: - 2004-01-19"
	// (firstcontact4-tune.jsonl fc4a-010), "Upload date:".
	"addition": true, "added": true, "upload": true, "uploaded": true, "posted": true, "publication": true,
	// A release's field of when it was issued: NASA's "Release Date: June
	// 27, 2018" (fc6a-076 of firstcontact6-tune.jsonl,
	// https://friendsofnasa.org/search?max-results=16&reverse-paginate=true&updated-max=2018-06-29T15%3A52%3A00-04%3A00).
	"release": true,
}

var eventNouns = map[string]bool{
	"earthquake": true, "earthquakes": true, "quake": true, "attack": true, "attacks": true, "election": true,
	"elections": true, "vote": true, "referendum": true, "explosion": true, "blast": true, "shooting": true,
	"bombing": true, "crash": true, "coup": true, "massacre": true, "floods": true, "tsunami": true,
}

// smallBefore are skipped between an event cue and its date.
func smallBefore(k *wordKey) bool {
	switch string(k.foldBuf[:k.nf]) {
	case "on", "the", "of", "le", "la", "el", "il", "am", "dem", "den", "em", "op", "a", "at", "in", "du", "del", "de", "dal", "vom", "for",
		"vao", "ngay", // Vietnamese "vào ngày" (on the day)
		"dia": // Spanish and Portuguese "el día", "no dia" (the day; g9a-024)
		return true
	}
	return weekdays[string(k.foldBuf[:k.nf])]
}

// maxCueWords is how many words before a date are searched for an event
// cue.
const maxCueWords = 4

// afterEventCue reports whether the date h is another event's (see
// eventCues).
func afterEventCue(s string, h dateHit) bool {
	var k wordKey
	if a, b := nextWord(s, h.end); a < b && b-a <= 14 && keyWord(s[a:b], &k) && eventNouns[string(k.foldBuf[:k.nf])] {
		return true
	}
	return eventCues[cueBefore(s, h)]
}

// cueBefore returns the word (folded) before the date h, small words and
// weekdays skipped, or a label ending in ":" right before it; "" at the
// start of a sentence.
func cueBefore(s string, h dateHit) string {
	var k wordKey
	i := h.start
	for steps := 0; steps < maxCueWords && i > 0; steps++ {
		a, b := prevWord(s, i)
		if a < b && s[a:b] == "-" {
			i = a // a field's empty bullet line between its label and its value ("Date:\n-\n2004-01-19")
			continue
		}
		if a < b && strings.HasSuffix(s[a:b], ":") && b-a <= 14 && keyWord(strings.TrimSuffix(s[a:b], ":"), &k) {
			if c, e := prevWord(s, a); k.is("date") && c < e && keyWord(s[c:e], &k) && publicationCues[string(k.foldBuf[:k.nf])] {
				return string(k.foldBuf[:k.nf]) // "Image Addition Date:"
			}
			keyWord(strings.TrimSuffix(s[a:b], ":"), &k)
			return string(k.foldBuf[:k.nf]) // a label: "Data de publicació:"
		}
		if a == b || endsSentence(s[a:b]) || b-a > 14 || !keyWord(s[a:b], &k) {
			return ""
		}
		i = a
		if smallBefore(&k) {
			continue
		}
		return pairedCue(s, a, string(k.foldBuf[:k.nf]))
	}
	return ""
}

// cuePairs are the two-word cues of eventCues, by their second word:
// the first word and the pair.
var cuePairs = map[string][2]string{"ra": {"xảy", "xảy ra"}}

// pairedCue returns the two-word cue (cuePairs) that the word before s[a:]
// makes with w, folded ("xảy ra"); else w.
func pairedCue(s string, a int, w string) string {
	pair, ok := cuePairs[w]
	if !ok {
		return w
	}
	c, e := prevWord(s, a)
	var k wordKey
	if c < e && e-c <= 14 && keyWord(s[c:e], &k) && k.is(pair[0]) {
		return pair[1]
	}
	return w
}

// isPictureDateLabel reports whether raw, at s[a:], ends a label that
// dates the picture: the "date:" of "Picture date:" or "Photo date:", or
// a picture verb's field, "Fotografiert am:", "Taken on:", "Aufgenommen:"
// (the verb, alone or with its preposition, as the label).
func isPictureDateLabel(s string, a int, raw string) bool {
	if !strings.HasSuffix(raw, ":") {
		return false
	}
	var k wordKey
	if !keyWord(strings.TrimSuffix(raw, ":"), &k) {
		return false
	}
	if pictureVerbs[string(k.foldBuf[:k.nf])] {
		return !k.is("dated") && !k.is("datee") // "Dated:" is a letter's, not the picture's
	}
	isPrep := skippedBefore(&k) && !weekdays[string(k.foldBuf[:k.nf])]
	isDate := k.is("date")
	if !isPrep && !isDate {
		return false
	}
	c, e := prevWord(s, a)
	if c == e || !keyWord(s[c:e], &k) {
		return false
	}
	if isDate {
		return k.is("picture") || k.is("photo") || k.is("image")
	}
	return pictureVerbs[string(k.foldBuf[:k.nf])]
}

// endsSentence reports whether a word ends a sentence or clause: a final
// ".", ";" or ":" that is not an abbreviation's ("Feb.", "Sept.", "St.").
func endsSentence(w string) bool {
	switch w[len(w)-1] {
	case ';', ':':
		return true
	case '.':
		if len(w) > 5 {
			return true
		}
		for i := 0; i < len(w)-1; i++ {
			if c := w[i] | 0x20; c < 'a' || c > 'z' {
				return true // "2019.", "5."
			}
		}
		return false
	}
	return false
}

// isArchiveWord reports whether a folded word says "archive/file picture"
// ("Archivbild", "d'archives", "archivo", "d'archivio", "arquivo").
func isArchiveWord(k *wordKey) bool {
	return k.contains("archiv") || k.contains("arquivo") || k.contains("archief") ||
		k.is("file") || k.is("files") || k.is("arsiv")
}

// textMarks is what the words of a caption say about its picture.
type textMarks struct {
	archive bool // a file/archive picture
	undated bool // the picture has no known date
}

// Codes for the previous words markScanner remembers.
const (
	pNone = iota
	pNon
	pSin
	pSenzaSem
	pSans
	pFile
	pPhoto // photo, foto, image, imagen, imagem, fotografia, immagine, picture
	pDe
	pDate // date, datum, fecha, data (before "unknown" and its translations)
)

// markScanner reads the archive and undated markers of a caption, one
// word at a time, without allocating.
type markScanner struct {
	t           textMarks
	prev, prev2 int
	k           wordKey
	words       int  // words fed so far
	negOpen     bool // the negation ("sin", "non", …) opens the caption or a parenthesis, or follows a photo word
}

func (m *markScanner) feed(raw string) {
	cur := m.mark(raw)
	if cur == pNon || cur == pSin || cur == pSenzaSem || cur == pSans {
		m.negOpen = m.words == 0 || raw[0] == '(' || m.prev == pPhoto
	}
	m.prev2, m.prev = m.prev, cur
	m.words++
}

// mark reads one word and returns its code for the next words.
func (m *markScanner) mark(raw string) (cur int) {
	if !mayBeMark(raw) {
		return pNone
	}
	switch raw {
	case "(FILES)", "(FILE)", "(ARCHIVES)", "(ARCHIVO)", "(ARCHIV)", "(ARQUIVO)":
		m.t.archive = true
		return pNone
	}
	k, t, prev, prev2 := &m.k, &m.t, m.prev, m.prev2
	if !keyWord(raw, k) {
		return pNone
	}
	switch string(k.foldBuf[:k.nf]) {
	case "undated", "ongedateerd", "tarihsiz":
		t.undated = true
	case "datee", "dates", "datees":
		t.undated = t.undated || prev == pNon && m.negOpen // "photo non datée"
	case "date":
		t.undated = t.undated || (prev == pNon || prev == pSans) && m.negOpen
		cur = pDate
	case "fecha":
		t.undated = t.undated || prev == pSin && m.negOpen // "fotografía sin fecha", not "sin fecha de salida"
		cur = pDate
	case "data":
		t.undated = t.undated || prev == pSenzaSem && m.negOpen
		cur = pDate
	case "datum":
		cur = pDate
	case "unknown", "unbekannt", "inconnue", "desconocida", "sconosciuta", "ignota", "desconhecida", "onbekend", "bilinmiyor":
		t.undated = t.undated || prev == pDate // "date unknown", "Datum unbekannt", "fecha desconocida"
	case "non":
		cur = pNon
	case "sin":
		cur = pSin
	case "senza", "sem":
		cur = pSenzaSem
	case "sans":
		cur = pSans
	case "de":
		cur = pDe
	case "file":
		cur = pFile
	case "photo", "foto", "image", "imagen", "imagem", "fotografia", "immagine", "picture", "photos", "fotos", "pictures":
		cur = pPhoto
		if prev == pFile {
			t.archive = true // "file photo", "In this Jan. 5, 2015, file photo"
		}
	case "arsiv":
		t.archive = true
	case "d'archives", "d'archive", "d'archivio":
		t.archive = t.archive || prev == pPhoto
	case "archivo", "arquivo":
		t.archive = t.archive || prev == pPhoto || (prev == pDe && prev2 == pPhoto)
	default:
		switch {
		case k.hasPrefix("undatiert"):
			t.undated = true
		case k.hasPrefix("archivbild") || k.hasPrefix("archivfoto") || k.hasPrefix("archivaufnahme") || k.hasPrefix("archieffoto"):
			t.archive = true
		}
	}
	return cur
}

// markPairs holds, for the first two letters (lower case) of the words
// scanMarks looks at, the shortest such word's length (0: none).
var markPairs = func() (t [128 * 128]uint8) {
	for _, w := range strings.Fields("undated ongedateerd tarihsiz date data fecha non sin sem senza sans de file photo foto " +
		"image imagen imagem immagine picture arsiv archivo arquivo archivbild archivfoto d'archive d'archivio (file) (files) (archiv) (archivo) (arquivo) (archives) " +
		"(sin (sem (senza (sans (non fotografia photos fotos pictures undatiert " +
		"datum unknown unbekannt inconnue desconocida sconosciuta ignota desconhecida onbekend bilinmiyor") {
		k := int(w[0])*128 + int(w[1])
		if t[k] == 0 || int(t[k]) > len(w) {
			t[k] = uint8(len(w))
		}
	}
	return t
}()

// mayBeMark is a cheap test that a word may be one scanMarks looks at.
func mayBeMark(w string) bool {
	if len(w) < 2 || len(w) > maxWordBytes {
		return false
	}
	a, b := w[0], w[1]|0x20
	if a != '(' {
		a |= 0x20
	}
	if a >= 128 || b >= 128 {
		return false
	}
	n := markPairs[int(a)*128+int(b)]
	return n != 0 && len(w) >= int(n)
}

// englishWords and otherWords are frequent function words; their balance
// decides how an ambiguous numeric date is read.
var englishWords = map[string]bool{"the": true, "of": true, "and": true, "in": true, "on": true, "at": true, "is": true, "are": true, "during": true, "after": true, "with": true, "from": true, "as": true}
var otherWords = map[string]bool{
	"der": true, "die": true, "das": true, "und": true, "im": true, "am": true, "mit": true, "von": true,
	"le": true, "la": true, "les": true, "des": true, "et": true, "du": true, "au": true, "lors": true,
	"el": true, "los": true, "las": true, "del": true, "y": true, "en": true, "con": true, "por": true,
	"il": true, "di": true, "della": true, "nel": true, "e": true,
	"da": true, "do": true, "na": true, "no": true, "em": true, "os": true,
	"het": true, "een": true, "van": true, "op": true, "ve": true, "bir": true, "ile": true,
	"de": true, "une": true, "um": true, "uma": true, "ein": true, "eine": true, "una": true, "uno": true,
}

// englishScore counts the English function words of s minus those of the
// other seven languages: above 0 the caption reads as English.
func englishScore(s string) int {
	var k wordKey
	n := 0
	for i := 0; i < len(s); {
		a, b := nextWord(s, i)
		if a == b {
			break
		}
		i = b
		if b-a > 7 || !keyWord(s[a:b], &k) {
			continue
		}
		switch {
		case englishWords[string(k.foldBuf[:k.nf])]:
			n++
		case otherWords[string(k.foldBuf[:k.nf])]:
			n--
		}
	}
	return n
}

// minLanguageMargin is how many more function words of one side it takes
// for the language to settle an ambiguous numeric date without a warning.
const minLanguageMargin = 3

// archivePrefixes open a caption of a file picture; pageantPrefixes open
// other captions. Both are stripped (repeatedly, case-insensitively)
// before the dateline is looked for.
var archivePrefixes = []string{
	"FILE PHOTO:", "FILE PHOTO -", "FILE PHOTO –", "FILE -", "FILE –", "FILE:", "FILES -", "FILES:", "(FILES)", "(FILE)",
	"ARCHIV -", "ARCHIV:", "ARCHIVO -", "ARCHIVO:", "(ARCHIVO)", "ARQUIVO -", "ARQUIVO:", "(ARQUIVO)",
	"(ARCHIVES)", "ARCHIVES -", "ARCHIVES:", "FOTO DE ARCHIVO:", "FOTO DE ARCHIVO -", "FOTO D'ARCHIVIO:", "FOTO D'ARCHIVIO -",
	"ARCHIVBILD:", "ARCHIVBILD -", "ARCHIVFOTO:", "ARCHIVFOTO -", "PHOTO D'ARCHIVES:", "PHOTO D'ARCHIVES -",
}

var otherPrefixes = []string{"TOPSHOT -", "TOPSHOT:", "APTOPIX ", "dpatopbilder -"}

// stripPrefixes removes the leading markers of s and reports whether one
// of them marks a file (archive) picture.
func stripPrefixes(s string) (string, bool) {
	archive := false
	for again := true; again; {
		again = false
		if s == "" {
			break
		}
		switch s[0] | 0x20 {
		case 'f', 'a', 't', 'p', 'd', '(':
		default:
			return s, archive
		}
		for _, p := range archivePrefixes {
			if s == "" || s[0]|0x20 != p[0]|0x20 {
				continue
			}
			if hasPrefixFold(s, p) && (len(s) == len(p) || !isWordByte(s[len(p)-1]) || !isWordByte(s[len(p)])) {
				s = strings.TrimLeft(s[len(p):], " :-–")
				archive, again = true, true
			}
		}
		for _, p := range otherPrefixes {
			if s != "" && s[0]|0x20 == p[0]|0x20 && hasPrefixFold(s, p) {
				s = strings.TrimSpace(s[len(p):])
				again = true
			}
		}
	}
	return s, archive
}

func isWordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c >= 0x80
}

// parseDate parses a whole dateline date: an optional weekday, then
// "MONTH DAY" or "DAY MONTH" (any of the eight languages, "13 de
// febrero"), then an optional year.
func parseDate(s string) (m, d, y int, ok bool) {
	f := strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == ',' })
	if len(f) > 0 && isWeekday(f[0]) {
		f = f[1:]
	}
	// Drop "de"/"del" links.
	n := 0
	for _, w := range f {
		if len(w) > 3 || !strings.EqualFold(w, "de") && !strings.EqualFold(w, "del") {
			f[n] = w
			n++
		}
	}
	f = f[:n]
	if len(f) < 2 || len(f) > 3 {
		return 0, 0, 0, false
	}
	if m, _ = monthOf(f[0]); m != 0 {
		d, _ = dayOf(f[1])
	} else if m, _ = monthOf(f[1]); m != 0 {
		d, _ = dayOf(f[0])
	}
	if !validDay(m, d) {
		return 0, 0, 0, false
	}
	if len(f) == 3 {
		if y = yearOf(f[2]); y == 0 {
			return 0, 0, 0, false
		}
	}
	return m, d, y, true
}

// parseAgencyDateline recognises the datelines of agencies that put the
// date after the place and end with the agency or a dash:
//
//	"Madrid, 17 feb (EFE).-"            EFE
//	"Toronto (Canadá), 9 sep (EFE).-"   EFE, country in parentheses
//	"Miami (EE.UU.), 23 ene.-"          EFE
//	"PARIS, 13 fév 2023 (AFP) -"        AFP (French)
//	"(ANSA) - ROMA, 15 AGO -"           ANSA
//	"13.02.2023, Berlin:"               dpa (date first)
//
// It returns the number of bytes used (0 when s opens with none of them).
func (w *wire) parseAgencyDateline(s string) int {
	t, skip := cutAgencyLead(s)
	if n := w.dpaDateline(t); n > 0 {
		return skip + n
	}
	lim := min(len(t), maxAgencyDatelineBytes)
	comma := strings.IndexByte(t[:lim], ',')
	if comma <= 0 {
		return 0
	}
	place := strings.TrimSpace(t[:comma])
	if !isPlace(place) {
		return 0
	}
	// The date: day and month in either order ("17 feb", "Feb. 13",
	// "January 02"), an optional year, then the agency or a dash; or a
	// numeric date (Agência Brasil "Brasília (DF), 09/05/2025 -").
	i := comma + 1
	a, b := nextWord(t, i)
	if a < b && t[a] >= '0' && t[a] <= '9' {
		if n := w.hyphenAgencyDate(t, place, b); n > 0 {
			return skip + n
		}
		if n, read := w.numericAgencyDate(t, place, a, b); read {
			if n == 0 {
				return 0
			}
			return skip + n
		}
	}
	c, e := nextWord(t, b)
	if c < e && isLink(t[c:e]) {
		c, e = nextWord(t, e)
	}
	dw, mw := t[a:b], t[c:e]
	if d, _ := dayOf(dw); d == 0 {
		dw, mw = mw, dw // month first
		if strings.HasSuffix(mw, ",") {
			return 0
		}
	}
	d, _ := dayOf(dw)
	if d == 0 || strings.HasSuffix(dw, ",") && dw == t[a:b] {
		return 0
	}
	endsDash := false
	if strings.HasSuffix(t[c:e], ".-") {
		endsDash = true // "ene.-", "13.-"
		if mw == t[c:e] {
			mw = mw[:len(mw)-1]
		} else {
			dw = dw[:len(dw)-1]
			d, _ = dayOf(dw)
		}
	}
	m, _ := monthOf(mw)
	if m == 0 || !validDay(m, d) {
		return 0
	}
	end := e
	y := 0
	if !endsDash {
		f, g := nextWord(t, e)
		if f < g && isLink(t[f:g]) {
			f, g = nextWord(t, g)
		}
		if y = yearOf(t[f:g]); y != 0 {
			end = g
		}
	}
	rest := t[end:]
	n := datelineEnd(rest, endsDash)
	if n < 0 {
		return 0
	}
	w.setAgencyPlace(place)
	w.dlMonth, w.dlDay, w.dlYear = m, d, y
	return skip + end + n
}

// hyphenAgencyDate reads a day glued by a hyphen to its month
// (hyphenDayMonth) as the date of an agency dateline after its place,
// Kyrgyz "БИШКЕК, 1-сен. — Sputnik." (fc8a-135); the date word ends at b.
// It returns the bytes of t the dateline used, 0 for none.
func (w *wire) hyphenAgencyDate(t, place string, b int) int {
	a, _ := prevWord(t, b)
	m, d, ok := hyphenDayMonth(t[a:b])
	if !ok {
		return 0
	}
	n := datelineEnd(t[b:], false)
	if n < 0 {
		return 0
	}
	w.setAgencyPlace(place)
	w.dlMonth, w.dlDay, w.dlYear = m, d, 0
	return b + n
}

// numericAgencyDate reads the numeric date t[a:b] of an agency dateline
// after its place (Agência Brasil "Brasília (DF), 09/05/2025 -", EFE
// "MADRID, 13/02/2023.- …"). read says the word is a numeric date; n is
// the bytes of t the dateline used, 0 when what follows does not end one.
func (w *wire) numericAgencyDate(t, place string, a, b int) (n int, read bool) {
	nb, done := b, false
	if strings.HasSuffix(t[a:b], ".-") {
		nb, done = b-2, true
	}
	h, ok := numericDate(t, a, nb)
	if !ok {
		return 0, false
	}
	end := datelineEnd(t[b:], done)
	if end < 0 {
		return 0, true
	}
	w.setAgencyPlace(place)
	w.dlMonth, w.dlDay, w.dlYear = h.m, h.d, h.y
	w.dlHit, w.dlAmbiguous = h, h.ambiguous
	return b + end, true
}

// cutAgencyLead cuts an agency's mark before the place ("(ANSA) - ";
// Xinhua's "(240413) -- BEIJING, April 13, 2024 (Xinhua) --", whose date
// is the filing day: the picture's is in the body, which wins when it
// differs) and returns the rest and how many bytes were cut.
func cutAgencyLead(s string) (t string, skip int) {
	t = s
	if strings.HasPrefix(t, "(") {
		if i := strings.IndexByte(t, ')'); i > 1 && i < 24 {
			rest := strings.TrimLeft(t[i+1:], " ")
			if r, n := utf8.DecodeRuneInString(rest); r == '-' || r == '–' || r == '—' {
				rest2 := strings.TrimLeft(strings.TrimLeft(rest[n:], "-"), " ")
				skip += len(t) - len(rest2)
				t = rest2
			}
		}
	}
	return t, skip
}

// dpaDateline reads dpa's date-first dateline "13.02.2023, Berlin:" at
// the start of t and returns the bytes it used (0 for none).
func (w *wire) dpaDateline(t string) int {
	if a, b := nextWord(t, 0); a == 0 && b > 0 && strings.HasSuffix(t[:b], ",") {
		if h, ok := numericDate(t, 0, b); ok && !h.ambiguous {
			lim := min(len(t), b+maxAgencyDatelineBytes)
			if c := strings.IndexByte(t[b:lim], ':'); c > 0 {
				place := strings.TrimSpace(t[b : b+c])
				if isPlace(place) {
					if k := strings.LastIndexByte(place, ','); k >= 0 {
						place = strings.TrimSpace(place[k+1:]) // "Bayern, München": the city is last
					}
					w.setAgencyPlace(place)
					w.dlMonth, w.dlDay, w.dlYear = h.m, h.d, h.y
					return b + c + 1
				}
			}
		}
	}
	return 0
}

// datelineEnd returns how many bytes of rest close an agency dateline:
// optional " (AGENCY)", optional ".", then "-", "–", "—" or ":" ("" when
// the month word already ended in ".-"). It returns -1 when rest does not
// close one.
func datelineEnd(rest string, done bool) int {
	if done {
		return 0
	}
	i := 0
	for i < len(rest) && rest[i] == ' ' {
		i++
	}
	agency := false
	if i < len(rest) && rest[i] == '.' {
		// TASS: "MOSCOW, FEBRUARY 13. /TASS/."
		if j := i + 1 + strings.IndexFunc(rest[i+1:], func(r rune) bool { return r != ' ' }); j > i && strings.HasPrefix(rest[j:], "/") {
			i = j
		}
	}
	switch {
	case i < len(rest) && rest[i] == '(':
		j := strings.IndexByte(rest[i:], ')')
		if j < 2 || j > 24 {
			return -1
		}
		i += j + 1
		agency = true
	case i < len(rest) && rest[i] == '/':
		j := strings.IndexByte(rest[i+1:], '/')
		if j < 2 || j > 24 {
			return -1
		}
		i += j + 2
		agency = true
	}
	if i < len(rest) && rest[i] == '.' {
		i++
	}
	for i < len(rest) && rest[i] == ' ' {
		i++
	}
	r, n := utf8.DecodeRuneInString(rest[i:])
	switch r {
	case '-', '–', '—', ':':
		i += n
		for i < len(rest) && rest[i] == '-' { // "(Yonhap) --"
			i++
		}
		return i
	}
	if agency {
		return i // "New Delhi, Feb 13 (PTI) The government …"
	}
	return -1
}

// isPlace reports whether s can be the place of an agency dateline: one
// to six words, the first capitalised, the others capitalised, small
// words or in parentheses, and no sentence punctuation.
func isPlace(s string) bool {
	if s == "" || len(s) > maxAgencyDatelineBytes || strings.ContainsAny(s, ":;!?\"") {
		return false
	}
	words := strings.Fields(s)
	if len(words) > 6 || (len(words) == 1 && isWeekday(words[0])) {
		return false // "Viernes, 13 de marzo de 2026" is a date, not a dateline
	}
	for i, w := range words {
		w = strings.TrimLeft(w, "(")
		r, _ := utf8.DecodeRuneInString(w)
		if unicode.IsUpper(r) {
			continue
		}
		if i > 0 && smallWords[strings.ToLower(w)] {
			continue
		}
		return false
	}
	return true
}

// setAgencyPlace sets the city (and a country in parentheses:
// "Veracruz (México)") from an agency dateline's place.
func (w *wire) setAgencyPlace(place string) {
	city, country := place, ""
	if i := strings.IndexByte(place, '('); i > 0 && strings.HasSuffix(place, ")") {
		city, country = strings.TrimSpace(place[:i]), strings.TrimSpace(place[i+1:len(place)-1])
	}
	w.city = titleCase(city, true)
	switch {
	case len(country) == 2 && strings.ToUpper(country) == country:
		w.region = country // a state code: "Brasília (DF)", "Rio de Janeiro (RJ)"
	case country != "":
		w.country = titleCase(country, true)
	}
}

// maxYearAfterBytes bounds how far after a yearless date yearInSentence
// looks for its year.
const maxYearAfterBytes = 48

// yearInSentence returns the year that a yearless date's sentence gives
// just after it, as "in YYYY" closing the sentence or a clause ("the
// party's annual May 1 rally in Paris in 2015."), or 0. The words between
// hold no digit, so that another event's year is not taken.
func yearInSentence(s string, end int) int {
	t := s[end:min(len(s), end+maxYearAfterBytes)]
	i := strings.LastIndex(t, " in ")
	if i < 0 || strings.ContainsAny(t[:i], "0123456789.;!?()") {
		return 0
	}
	y := t[i+len(" in "):]
	if len(y) < 4 || !isDigits(y[:4]) {
		return 0
	}
	// Only a year that ends the clause: not "in 2015 and 2016", "in 1500
	// metres".
	if len(y) > 4 && !strings.ContainsRune(".,;)", rune(y[4])) {
		return 0
	}
	return yearOf(y[:4])
}

// bodyFound is what bodyDates finds.
type bodyFound struct {
	first   dateHit // the first date with a year (only its year is used: a date after an event cue is that event's, never the picture's)
	main    dateHit // the first date with a year not after an event cue
	noYear  dateHit // the first date without one
	picture dateHit // the first date words around it say is the picture's own
	match   dateHit // the first date with the dateline's month and day
	// dayNamed is the first date with a year and its weekday right
	// before it, when main has none: the scene's date as AP writes it
	// ("… el jueves 2 de febrero de 2023. (AP Foto/…)") after a date of
	// the story's background ("Desde … el 15 de agosto de 2021", fc5a-040).
	dayNamed dateHit
	// published is the first date with a year after a publication cue
	// ("Posted at Oct 23 2020"): see postedOnWeekday.
	published dateHit
	all       *otherHits // every date read, for OtherDates (nil: not kept)
	// cued is the first date with a year after an event cue, cue that
	// cue's word, and cuedTwice whether the same cue came before another
	// date with a year (see noteCued).
	cued      dateHit
	cue       string
	cuedTwice bool
}

// noteCued notes the date h with a year after the event cue of s: when
// the same cue comes before two different dates, it does not tell which
// is the event's, an event having one date, and the first is then taken
// as an uncued date is: "… as he launches his campaign for the upcoming
// presidential election on February 3, 2019, in the district of Ngor in
// Dakar. - … will be candidate for the first round of the upcoming
// Senegalese presidential election on February 24, 2019." (AFP; g9a-022
// of firstcontact9-tune.jsonl,
// https://www.leral.net/Photos-la-parade-de-Ousmane-Sonko-dans-les-rues-de-Dakar_a242442.html).
func (f *bodyFound) noteCued(s string, h dateHit) {
	cue := cueBefore(s, h)
	switch {
	case f.cued.m == 0:
		f.cued, f.cue = h, cue
	case cue != "" && cue == f.cue && (h.y != f.cued.y || h.m != f.cued.m || h.d != f.cued.d):
		f.cuedTwice = true
	}
}

// bodyDates finds dates in running text (see bodyFound): the picture date
// from words such as "In this Jan. 5, 2015, file photo", "taken on June
// 3, 2019", "Archivbild vom 3. Juni 2019". dlM/dlD are the dateline's
// month and day (0 when none). It feeds every word it does not use for a
// date to marks (when not nil).
func bodyDates(s string, dlM, dlD int, marks *markScanner, all *otherHits) bodyFound {
	f := bodyFound{all: all}
	done := false
	for i := 0; i < len(s); {
		a, b := nextWord(s, i)
		if a == b {
			break
		}
		i = b
		if done {
			if marks == nil {
				break
			}
			marks.feed(s[a:b])
			continue
		}
		h, ok := dateAt(s, a, b, false)
		if !ok {
			if marks != nil {
				marks.feed(s[a:b])
			}
			continue
		}
		if h.end > i {
			i = h.end
		}
		if publicationCues[cueBefore(s, h)] || blogByline(s, h) {
			if f.published.m == 0 && h.y != 0 {
				f.published = h
			}
			continue
		}
		if eventPeriod(s, h) || inQuestion(s, h) || citationDate(s, h) {
			continue
		}
		if h.y == 0 {
			h.y = yearInSentence(s, h.end)
		}
		if f.all != nil {
			f.all.add(h)
		}
		if f.picture.m == 0 && datesPicture(s, h) {
			f.picture = h
		}
		if h.y != 0 && f.first.m == 0 {
			f.first = h
		}
		if h.y != 0 && f.main.m == 0 && !afterEventCue(s, h) {
			f.main = h
			if weekdayBefore(s, h) {
				f.dayNamed = h
			}
		} else if h.y != 0 && f.main.m == 0 {
			f.noteCued(s, h)
		} else if h.y != 0 && f.dayNamed.m == 0 && f.main.m != 0 && weekdayBefore(s, h) && !afterEventCue(s, h) {
			f.dayNamed = h
		}
		if h.y == 0 && f.noYear.m == 0 && !afterEventCue(s, h) {
			f.noYear = h
		}
		if dlM != 0 && f.match.m == 0 && (h.m == dlM && h.d == dlD || h.ambiguous && h.altM == dlM && h.altD == dlD) {
			f.match = h
		}
		done = f.main.m != 0 && f.picture.m != 0 && (dlM == 0 || f.match.m != 0) && f.dayNamed.m != 0
		// Skip the words the date used, so "13 de febrero de 2023" is not
		// read again from "febrero".
		if h.end > i {
			i = h.end
		}
	}
	if f.main.m == 0 && f.cuedTwice {
		f.main = f.cued
	}
	return f
}

// firstWeekday returns the day of the week (0 for Monday) of the first
// weekday s names with no date after it ("… on Friday. The renovation
// …"), or -1.
func firstWeekday(s string) int {
	for i := 0; i < len(s); {
		a, b := nextWord(s, i)
		if a == b {
			break
		}
		i = b
		n := weekdayNumber(s[a:b])
		if n < 0 {
			continue
		}
		if c, e := nextWord(s, b); c < e && !endsSentence(s[a:b]) {
			if _, ok := dateAt(s, c, e, false); ok {
				continue
			}
		}
		return n
	}
	return -1
}

// postedOnWeekday reports whether f's publication date dates the picture
// of s, which has no other date: s dates the picture by a weekday that is
// the publication date's: "Posted at Oct 23 2020 09:19 PM … People take
// selfies … on Friday" (ABS-CBN News, fc8a-106 of
// firstcontact8-tune.jsonl,
// https://news.abs-cbn.com/life/multimedia/photo/10/23/20/lagusnilad-underpass-selfie;
// 23 October 2020 was a Friday).
func (f *bodyFound) postedOnWeekday(s string) bool {
	p := f.published
	return p.m != 0 && p.y != 0 && weekdayOf(p.y, p.m, p.d) == firstWeekday(s)
}

// blogWords name a blog (English, Spanish and Asturian "blog", French
// "blogue", "weblog").
var blogWords = map[string]bool{"blog": true, "blogue": true, "weblog": true}

// maxBylineWords is how many words before a byline's dash are searched
// for a blog word.
const maxBylineWords = 6

// blogByline reports whether the date h is a blog post's stamp, after a
// dash that ends the blog's byline: "El blog de Xuan Xosé - 15 Setiembre,
// 2014 Les sos bayes roxes. En Cabueñes, El Tragamón, el 10/09/14."
// (Asturies.com, fc8c-050 of firstcontact8-tune.jsonl,
// http://www.asturies.com/canalblogues): the post's date, not the
// picture's.
func blogByline(s string, h dateHit) bool {
	a, b := prevWord(s, h.start)
	if a == b || s[a:b] != "-" && s[a:b] != "–" && s[a:b] != "—" {
		return false
	}
	var k wordKey
	for steps, i := 0, a; steps < maxBylineWords && i > 0; steps++ {
		c, e := prevWord(s, i)
		if c == e || endsSentence(s[c:e]) {
			return false
		}
		if keyWord(s[c:e], &k) && blogWords[string(k.foldBuf[:k.nf])] {
			return true
		}
		i = c
	}
	return false
}

// citationDate reports whether the date h is a quoted caption's citation
// of the paper it came from, "(HS 6.2.2006.)" (Helsingin Sanomat's issue
// of 6 February 2006, quoted in a lecture: fc5a-109 of
// firstcontact5-tune.jsonl,
// https://docplayer.fi/amp/9500435-Kuvateksti-uutiskuvan-ja-lehtijutun-elementtina.html):
// the last words of the text are a parenthesis holding only a paper's
// abbreviation, two to four capitals, and a numeric date with its year.
// The date is not the picture's.
func citationDate(s string, h dateHit) bool {
	if h.raw == "" || h.y == 0 || strings.TrimRight(s[h.end:], " .") != "" || !strings.HasSuffix(strings.TrimRight(s[:h.end], "."), ")") {
		return false
	}
	a, b := prevWord(s, h.start)
	if a == b || s[a] != '(' || b-a < 3 || b-a > 5 {
		return false
	}
	return isUpperASCII(s[a+1 : b])
}

// eventPeriod reports whether the date h is a range of days in
// parentheses of its own, the period of the event the words before it
// name, not the day of the picture: "the fourth edition of the Sofia
// Trophy International Tournament (February 5-10)" (BTA, fc5a-005 of
// firstcontact5-tune.jsonl, http://bnr.bg/en/post/101079849/a).
func eventPeriod(s string, h dateHit) bool {
	if h.span == 0 || h.start >= len(s) || s[h.start] != '(' {
		return false
	}
	e := h.end
	for e > h.start && (s[e-1] == '.' || s[e-1] == ',' || s[e-1] == ';') {
		e--
	}
	return e > h.start && s[e-1] == ')'
}

// inQuestion reports whether the date h stands in a question, which asks
// about a day to come or not known, not the picture's: "… läuft es bisher
// recht gut für ihre SG 99 – auch am 21. März im DFB-Pokalviertelfinale?"
// (fc6a-007 of firstcontact6-tune.jsonl,
// https://sg99-andernach.de/tag/im-fokus/page/40/?print=print-search). The
// question mark must end the sentence the date is in: the first ".", "!",
// "?" (or their full-width forms) after the date that ends a word.
func inQuestion(s string, h dateHit) bool {
	for i := h.end; i < min(len(s), h.end+maxQuestionBytes); i++ {
		switch c := s[i]; {
		case c == '.' || c == '!' || c == '?':
			if i+1 == len(s) || s[i+1] == ' ' {
				return c == '?'
			}
		case c == 0xEF && strings.HasPrefix(s[i:], "？"):
			return true
		case c == 0xE3 && strings.HasPrefix(s[i:], "。"), c == 0xEF && strings.HasPrefix(s[i:], "！"):
			return false
		}
	}
	return false
}

// maxQuestionBytes bounds how far after a date inQuestion looks for the
// end of its sentence.
const maxQuestionBytes = 200

// weekdayBefore reports whether the word right before the date h names a
// weekday ("Thursday, Feb. 2, 2023", "el jueves 2 de febrero de 2023").
func weekdayBefore(s string, h dateHit) bool {
	a, b := prevWord(s, h.start)
	return a < b && isWeekday(s[a:b])
}

// readDates reads the dates of s, a caption's tidied text with its
// leading markers stripped (archive tells whether one of them marked a
// file picture): the dateline, the body dates, the archive and undated
// markers. It returns the number of bytes the dateline used.
func (w *wire) readDates(s string, archive bool) int {
	n := w.parseDateline(s)
	if n == 0 {
		n = w.parseAgencyDateline(s)
	}
	body := s[n:]
	var marks markScanner
	for i := 0; i < n; {
		a, b := nextWord(s[:n], i)
		if a == b {
			break
		}
		i = b
		marks.feed(s[a:b])
	}
	f := bodyDates(body, w.dlMonth, w.dlDay, &marks, w.others)
	switch {
	case f.match.m != 0:
		// A body date that repeats the dateline's day is the scene's,
		// even when another date comes first ("marking the February 6,
		// 2023 earthquake on February 13").
		w.body = f.match
		if w.body.y == 0 && f.first.m != 0 {
			w.body.y = f.first.y
		}
	case f.dayNamed.m != 0:
		w.body = f.dayNamed
	case f.main.m != 0:
		w.body = f.main
	case f.noYear.m != 0:
		w.body = f.noYear
	case f.postedOnWeekday(body):
		w.body = f.published
	}
	pic := f.picture
	w.bMonth, w.bDay, w.bYear = w.body.m, w.body.d, w.body.y
	if pic.m != 0 {
		w.picture = pic
	}
	w.archive = archive || marks.t.archive
	w.undated = marks.t.undated
	if w.body.ambiguous || w.picture.ambiguous || w.dlAmbiguous {
		w.langScore = englishScore(s)
	}
	return n
}

// applyDate settles r's date from what the text says:
//
//   - an undated picture ("An undated handout photo") has no date;
//   - words that date the picture itself ("In this Jan. 5, 2015, file
//     photo", "taken on June 3, 2019") give its date, even when a dateline
//     or another body date comes first (PictureDate);
//   - else the body date wins over the dateline when they disagree, with
//     a ProblemDateMismatch warning;
//   - a year written in the caption wins over the caller's year.
//
// An ambiguous numeric date ("03/04/2023") is read month-first in an
// English caption and day-first in any other, with a ProblemAmbiguousDate
// warning that names both readings.
func (w *wire) applyDate(r *Record, year int) {
	w.settleDateline()
	if w.dlMonth != 0 {
		r.DatelineDate = date.DayOf(0, w.dlMonth, w.dlDay)
	}
	r.Archive = r.Archive || w.archive
	if w.undated {
		r.Undated = true
		return
	}
	chosen := w.body
	switch {
	case w.picture.m != 0:
		chosen = w.picture
		r.PictureDate = true
	case chosen.m != 0 && w.dlMonth != 0:
		if chosen.m != w.dlMonth || chosen.d != w.dlDay {
			if chosen.ambiguous && chosen.altM == w.dlMonth && chosen.altD == w.dlDay {
				// The dateline settles which reading is meant.
				chosen.m, chosen.d, chosen.ambiguous = chosen.altM, chosen.altD, false
			} else {
				r.warn(ProblemDateMismatch, fmt.Sprintf("dateline says %s but the body says %s; using the body date",
					mdy(0, w.dlMonth, w.dlDay), mdy(chosen.y, chosen.m, chosen.d)))
			}
		} else {
			chosen.ambiguous = false
		}
		if chosen.y == 0 {
			chosen.y, chosen.twoDigit = w.dlYear, w.dlTwoDigit()
		}
	case chosen.m == 0 && w.dlMonth != 0:
		chosen = dateHit{y: w.dlYear, m: w.dlMonth, d: w.dlDay, twoDigit: w.dlTwoDigit()}
		if w.dlAmbiguous {
			chosen = w.dlHit
		}
	}
	if chosen.ambiguous {
		w.readAmbiguous(r, &chosen)
	}
	if chosen.m != 0 {
		r.Date = date.DayOf(chosen.y, chosen.m, chosen.d)
	}
	// An archive picture's caption keeps the date it was first filed
	// with ("FILE PHOTO: … Santiago, Chile October 24, 2019. REUTERS/Name/
	// File Photo", "FILE - … Jan. 5, 2015. (AP Photo/Name, File)"): a body
	// date with a year dates the picture. Only a dateline is the story's.
	if r.Archive && !r.PictureDate && chosen.m != 0 && chosen.y != 0 && chosen.m == w.body.m && chosen.d == w.body.d && w.body.y != 0 {
		r.PictureDate = true
	}
	// A body date with no year in a file picture's caption, and no
	// dateline, is the story's ("The Five Eyes alliance on May 25 issued a
	// warning. (Edgar Su/File Photo/Reuters)"): the picture is older, and
	// its date is not in the text.
	if r.Archive && !r.PictureDate && w.dlMonth == 0 && chosen.m != 0 && chosen.y == 0 {
		r.warn(ProblemNoDate, fmt.Sprintf("file picture: the caption's only date, %s, has no year and dates the story, not the picture", mdy(0, chosen.m, chosen.d)))
		r.Date = date.Day{}
		return
	}
	r.TwoDigitYear = chosen.twoDigit && r.Date.YearKnown() && r.Date.Year == chosen.y
	if r.TwoDigitYear {
		// Chosen, not known: said, and written only as an image's date
		// settles it (check.InferYear, sidecar.DateCreated).
		r.warn(ProblemTwoDigitYear, fmt.Sprintf("the year is written with two digits: read as %d, a century the image's date settles", r.Date.Year))
	}
	if !r.Date.IsZero() && !r.Date.YearKnown() && year > 0 && year <= 9999 {
		r.Date.Year = year
	}
	setSpan(r, chosen)
}

// dlTwoDigit reports whether the dateline's year was written with two
// digits (a numeric dateline date, "MADRID, 13/02/23.-").
func (w *wire) dlTwoDigit() bool { return w.dlHit.twoDigit && w.dlHit.y == w.dlYear && w.dlYear != 0 }

// settleDateline picks the reading of a numeric dateline that reads both
// ways ("Brasília (DF), 09/05/2025 -"): a body date that repeats one
// reading settles it, else the language does.
func (w *wire) settleDateline() {
	if !w.dlAmbiguous {
		return
	}
	h := w.dlHit
	switch {
	case w.body.m == h.altM && w.body.d == h.altD && w.body.m != 0:
		w.dlMonth, w.dlDay = h.altM, h.altD
	case w.body.m == h.m && w.body.d == h.d && w.body.m != 0:
	case w.body.m == 0 && w.picture.m == 0:
		// The dateline is the only date: resolved as the record's date,
		// with the language rule.
	default:
		if w.langScore > 0 {
			w.dlMonth, w.dlDay = h.altM, h.altD
		}
	}
}

// readAmbiguous reads a numeric date c that reads both ways by the
// caption's language (month first in English), with a warning on r when
// the language is not clear.
func (w *wire) readAmbiguous(r *Record, c *dateHit) {
	dm, dd, mm, md := c.m, c.d, c.altM, c.altD // day-first, month-first
	english := w.langScore > 0
	if english {
		c.m, c.d = mm, md
	}
	if w.langScore < minLanguageMargin && w.langScore > -minLanguageMargin {
		lang := map[bool]string{true: "reads as English", false: "does not read as English"}[english]
		r.warn(ProblemAmbiguousDate, fmt.Sprintf("numeric date %q reads as %s (day first) or %s (month first); read as %s because the caption %s",
			c.raw, mdy(c.y, dm, dd), mdy(c.y, mm, md), mdy(c.y, c.m, c.d), lang))
	}
}
