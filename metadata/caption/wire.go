package caption

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/captag/captag/metadata/date"
	"github.com/captag/captag/metadata/names"
)

// maxDatelineBytes bounds how far into a caption the dateline's colon may
// sit; anything later is body text.
const maxDatelineBytes = 160

// maxCreditBytes bounds a credit; longer parentheticals are not credits.
const maxCreditBytes = 200

// maxCreditTries bounds how many trailing parentheticals are tried.
const maxCreditTries = 4

// wire is what the text of one caption says, before explicit columns and
// the caller's year are merged in.
type wire struct {
	creditReader
	text                  string
	city, region, country string
	dlMonth, dlDay        int        // dateline month/day
	dlYear                int        // a year written in the dateline (rare)
	bMonth, bDay, bYear   int        // first body date (bYear 0 when written without a year)
	body, picture         dateHit    // the body date; the date words say is the picture's own
	archive, undated      bool       // the text marks a file picture; an undated one
	langScore             int        // English minus other function words (for numeric dates)
	dlHit                 dateHit    // a numeric dateline date, as read
	dlAmbiguous           bool       // the dateline's numeric date reads both ways
	others                *otherHits // where bodyDates keeps every date it reads (OtherDates); nil: not kept
	creators              []string
	creatorsWritten       []string // creators as the credit writes them, one each
	agency                string
	agencyWritten         string   // agency as the credit writes it
	agencies              []string // the whole credit chain, agency first
	creditFound           bool
	creditArchive         bool // the credit says "File" ("REUTERS/Name/File Photo")
	repaired              bool // invalid UTF-8 was replaced
}

// ParseText parses the text of one caption: the dateline (place and
// month/day), the body date, and the credit. year is the caller's --year
// (0 for none); it is used only when the caption itself carries no year.
// The returned Record has Line 0. Agencies are those of the built-in
// table; Parse with Options.Aliases knows a user's too.
func ParseText(caption string, year int) Record { return parseText(caption, year, nil) }

// parseText is ParseText reading credits with the agencies of al too.
func parseText(caption string, year int, al *names.Aliases) Record {
	return parseTextMemo(caption, year, al, nil)
}

// parseTextMemo is parseText keeping the credits it reads in memo (nil:
// none kept); see creditmemo.go.
func parseTextMemo(caption string, year int, al *names.Aliases, memo *creditMemo) Record {
	w := parseWire(caption, al, memo)
	var r Record
	w.apply(&r, year)
	w.creditProblems(&r)
	r.guessUnread()
	if r.Date.IsZero() && r.Text != "" && !r.Undated && !r.hasCode(ProblemNoDate) {
		r.warn(ProblemNoDate, noDateMsg)
	}
	return r
}

const (
	noCreditMsg = `no credit found (expected e.g. "( Name - Agency )", "(Photo by Name/Agency)", "REUTERS/Name" or "(AP Photo/Name)")`
	noDateMsg   = `no date found (expected a dateline such as "CITY, COUNTRY - MONTH DAY:" or a body date such as "December 19, 2016")`
)

// apply copies w into r and settles the date (see applyDate).
func (w *wire) apply(r *Record, year int) {
	r.Text = w.text
	if w.repaired {
		r.warn(ProblemEncoding, "invalid UTF-8 replaced with U+FFFD")
	}
	r.City, r.Region, r.Country = w.city, w.region, w.country
	r.Creators = w.creators
	r.CreatorsAsWritten = w.creatorsWritten
	r.Agency = w.agency
	r.AgencyAsWritten = w.agencyWritten
	r.Agencies = w.agencies
	r.Archive = r.Archive || w.creditArchive
	w.applyDate(r, year)
	applyCoarseDate(r)
}

// mdy formats a date the caption gives for a message: "2016-12-19", or
// "12-19" when its year is unknown.
func mdy(y, m, d int) string {
	if y == 0 {
		return date.DayOf(0, m, d).MonthDay()
	}
	return date.DayOf(y, m, d).String()
}

// parseWire parses one caption's text, knowing the agencies of al (nil:
// the built-in table).
func parseWire(caption string, al *names.Aliases, memo *creditMemo) wire {
	w := wire{creditReader: creditReader{al: al, memo: memo}}
	w.parseInto(caption)
	return w
}

// readHead parses the readable head of a caption, caption[:cut], into
// w when a half after it was stored in the wrong encoding
// (readCP1251Runs) and the head has a credit of its own: a bilingual
// caption's second half repeats the first, "… Valery Sharifulin/TASS
// Êàçàõñòàí. … Âàëåðèé Øàðèôóëèí/ÒÀÑÑ" (g11b-031 of
// firstcontact11-tune.jsonl, https://ourtx.com/archives/71621), and the
// credit as the head writes it is the one a desk reads. The record's
// text stays whole. It reports whether it did; w is untouched otherwise.
func (w *wire) readHead(caption string, cut int) bool {
	head := *w
	head.parseInto(caption[:cut])
	if !head.creditFound {
		return false
	}
	*w = head
	w.text = tidy(caption)
	return true
}

// parseInto parses caption into w, whose credit reader (and whether it
// keeps every date, others) the caller set.
func (w *wire) parseInto(caption string) {
	if !utf8.ValidString(caption) {
		caption = strings.ToValidUTF8(caption, "\uFFFD")
		w.repaired = true
	}
	if cut := cp1251Word(caption, 0); cut > 0 && w.readHead(caption, cut) {
		return
	}
	leadCredit := leadCreditOf(caption)
	w.text = tidy(caption)
	caption = readCP1251Runs(caption)
	caption = restoreLineBreaks(cutLinkLine(caption))
	caption = slashLabelLines(caption)
	s, archive := stripPrefixes(tidy(caption))
	s = closeCJKDateSpaces(s)
	w.readDates(s, archive)
	if w.city == "" && !w.parsePlaceline(s) {
		w.bodyPlace(s) // "in Gothenburg, Sweden" when there is no dateline
	}

	if leadCredit != "" {
		if c, ok := w.parseCredit(leadCredit, true); ok {
			w.setCredit(c)
		}
	}
	if !w.creditFound {
		// A slash chain on the caption's own last line ("…centro do
		// Rio\nREGINALDO PIMENTA/AGÊNCIA O DIA/ESTADÃO CONTEÚDO",
		// fc3a-039): the line break ends the caption, as a sentence end
		// would, and tidy is about to flatten it.
		if c, ok := w.lastLineChain(caption); ok {
			w.setCredit(c)
		} else if c, ok := w.fieldLineCredit(caption); ok {
			w.setCredit(c)
		} else if c, ok := koreanBylines(caption); ok {
			w.setCredit(c)
		} else if c, ok := w.bilingualHead(caption); ok {
			w.setCredit(c)
		} else if c, ok := labelledHeadName(caption); ok {
			w.setCredit(c)
		} else if c, ok := gluedHeadCredit(caption); ok {
			w.setCredit(c)
		} else if c, ok := w.gluedFieldCredit(caption); ok {
			w.setCredit(c)
		} else if c, ok := w.deskKicker(caption); ok {
			w.setCredit(c)
		} else if first, _, found := strings.Cut(strings.TrimSpace(caption), "\n"); found && len(first) <= maxFirstLineCredit {
			if c, ok := w.firstLineChain(tidy(first)); ok {
				w.setCredit(c)
			}
		}
	}
	if !w.creditFound {
		w.findCredit(gbkCopyright(s))
	}
	if !w.creditFound {
		if c, ok := w.lateCredit(caption); ok {
			w.setCredit(c)
		}
	}
	w.addPhraseAgency()
	w.preferOpeningChain(caption)
}

// lateCredit tries, in this order, the credit forms looked for when
// neither the caption's first lines nor findCredit read one, each on the
// caption as written (its lines kept) or on its tidied text. (Direct
// calls: a list of method values would move every caption's wire to the
// heap.)
func (w *wire) lateCredit(caption string) (credit, bool) {
	if c, ok := w.firstLineCredit(caption); ok {
		return c, true
	}
	if c, ok := w.lineCredit(caption); ok {
		return c, true
	}
	if c, ok := w.paragraphCredit(caption); ok {
		return c, true
	}
	if c, ok := lastLineName(caption); ok {
		return c, true
	}
	if c, ok := w.nameLabelSentence(w.text); ok {
		return c, true
	}
	if c, ok := w.nameLabelSentence(caption); ok { // the label on the last line, which tidy flattens
		return c, true
	}
	if c, ok := w.lineEndAgency(caption); ok {
		return c, true
	}
	if c, ok := w.agencyLine(caption); ok {
		return c, true
	}
	if c, ok := w.pipeTail(caption); ok {
		return c, true
	}
	if c, ok := w.titleTailAgency(caption); ok {
		return c, true
	}
	if c, ok := w.trailingName(w.text); ok {
		return c, true
	}
	if c, ok := w.signatureCredit(w.text); ok {
		return c, true
	}
	if c, ok := bylineLine(caption); ok {
		return c, true
	}
	return w.cjkDispatchCredit(w.text)
}

// leadCreditOf returns the credit a caption's first line is, or "": a
// leading "Mandatory Credit: …" line (Shutterstock/REX), and a short
// first line that opens with a label and holds no sentence end: BBC's
// "Image copyright NAME/ARCHIVE" above "Image caption …" (fc3a-035).
func leadCreditOf(caption string) string {
	first, _, found := strings.Cut(caption, "\n")
	switch {
	case hasPrefixFold(strings.TrimSpace(first), "mandatory credit:"):
		return tidy(first)
	case !found || utf8.RuneCountInString(first) > maxFirstLineCredit: // characters: Gurmukhi, fc8a-100
		return ""
	}
	if rest, ok := names.CutLabels(tidy(first)); ok && rest != "" && firstSentenceEnd(rest) <= 0 {
		return tidy(first)
	}
	return headingCredit(tidy(first))
}

// maxFirstLineCredit bounds the first line firstLineCredit reads.
const maxFirstLineCredit = 80

// firstLineCredit reads a credit that is the caption's whole first line,
// a label with its colon and then the credit, as blogs and photo banks
// head a text: "ARGAZKIA ETA KOMENTARIOAK: NAME" (Basque "photo and
// comments", firstcontact-tune.jsonl fc-172), or a known agency's name
// alone ("KEYSTONE", fc3a-028). It is tried only when no
// credit was found elsewhere; a line with a sentence end in it is prose.
func (w *wire) firstLineCredit(caption string) (credit, bool) {
	first, _, found := strings.Cut(strings.TrimSpace(caption), "\n")
	first = tidy(first)
	if !found || first == "" || len(first) > maxFirstLineCredit {
		return credit{}, false
	}
	if _, ok := w.al.PartAgency(first); ok && !strings.ContainsAny(first, ".,;:") {
		// "KEYSTONE\n\nBundespräsident …" (fc3a-028): the agency's name
		// alone on the line above the caption, in words too ("Kantor
		// Berita AFP\nDan pada hari Rabu …", fc6b-048,
		// https://mutitu.com/minggu-afrika-dalam-gambar-30-agustus-5-september-2024).
		return w.parseCredit(first, true)
	}
	if !strings.Contains(first, ":") {
		return credit{}, false
	}
	rest, ok := names.CutLabels(first)
	if !ok || rest == "" || firstSentenceEnd(rest) > 0 {
		return credit{}, false
	}
	return w.parseCredit(first, true)
}

// firstLineChain reads a slash chain, no label, that is the whole first
// line above the caption, as UN News and the Christian Science Monitor
// print an agency's credit: "UNICEF Afghanistan/Celeste Hibbe\nA UN-supported
// polio worker …" (fc4a-002), "NASA/Bill Ingalls/File\nThis composite …"
// (fc4a-005). A part must be a known agency or its office and a part a
// person, so that a headline with a slash is left alone.
func (w *wire) firstLineChain(first string) (credit, bool) {
	if !strings.Contains(first, "/") || strings.ContainsAny(first, ":;") || firstSentenceEnd(first) > 0 || strings.HasSuffix(first, ".") {
		return credit{}, false
	}
	agency := false
	for _, p := range strings.Split(first, "/") {
		_, known := w.al.PartAgency(strings.TrimSpace(p))
		agency = agency || known || w.agencyOffice(strings.TrimSpace(p))
	}
	if !agency {
		return credit{}, false
	}
	c, ok := w.parseCredit(first, false)
	if !ok || len(c.creators) == 0 || len(c.agencies) == 0 {
		return credit{}, false
	}
	return c, true
}

// mojibakeBreaks are the line and paragraph separators U+2028 and U+2029
// as a page shows them after their UTF-8 bytes (E2 80 A8, E2 80 A9) were
// read as Latin-1 and the C1 control U+0080 dropped, or read as
// Windows-1252: "… on March 16, 2017.â¨â¨Photo: MCpl Jennifer Kusche"
// (fc6a-067 of firstcontact6-tune.jsonl,
// http://ottawacitizen.com/news/national/defence-watch/photos-the-best-images-for-2017-of-canadas-soldiers-at-work).
// tidy reads them as the white space they were.
var mojibakeBreaks = [...]string{"\u00e2\u00a8", "\u00e2\u00a9", "\u00e2\u20ac\u00a8", "\u00e2\u20ac\u00a9"}

// mojibakeBreakAt returns the length of the mojibake break s starts
// with, or 0.
func mojibakeBreakAt(s string) int {
	if len(s) < 4 || s[0] != 0xC3 || s[1] != 0xA2 {
		return 0
	}
	for _, b := range mojibakeBreaks {
		if strings.HasPrefix(s, b) {
			return len(b)
		}
	}
	return 0
}

// tidy replaces NBSP and every run of white space (line breaks included,
// and their mojibake: mojibakeBreaks) with one space and trims the ends.
func tidy(s string) string {
	clean := true
	prevSpace := true
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == ' ' {
			if prevSpace {
				clean = false
				break
			}
			prevSpace = true
			continue
		}
		if c >= utf8.RuneSelf {
			// A rune the rewrite below keeps as written leaves the
			// text clean ("Müslüm Çelik"): not a space, not U+FEFF,
			// not a byte of broken UTF-8.
			r, n := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && n == 1 || r == '\uFEFF' || unicode.IsSpace(r) || mojibakeBreakAt(s[i:]) > 0 {
				clean = false
				break
			}
			i += n - 1
			prevSpace = false
			continue
		}
		if c < ' ' || c == 0x7f {
			clean = false
			break
		}
		prevSpace = false
	}
	if clean && !prevSpace {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	pending := false
	skip := 0 // bytes of a mojibake break still to pass over
	for i, r := range s {
		if i < skip {
			continue
		}
		if n := mojibakeBreakAt(s[i:]); n > 0 {
			skip, pending = i+n, b.Len() > 0
			continue
		}
		if unicode.IsSpace(r) || r == '\uFEFF' || (r < ' ' && r != utf8.RuneError) || r == 0x7f {
			pending = b.Len() > 0
			continue
		}
		if pending {
			b.WriteByte(' ')
			pending = false
		}
		b.WriteRune(r)
	}
	return b.String()
}

func hasPrefixFold(s, prefix string) bool {
	return len(s) >= len(prefix) && strings.EqualFold(s[:len(prefix)], prefix)
}

// parseDateline recognises "CITY[, REGION][, COUNTRY] - MONTH DAY:" at the
// start of s and returns the number of bytes it used (0 when there is none).
func (w *wire) parseDateline(s string) int {
	lim := min(len(s), maxDatelineBytes)
	colon := strings.IndexByte(s[:lim], ':')
	if colon <= 0 {
		return 0
	}
	head := s[:colon]
	sep, sepLen := lastDash(head)
	if sep < 0 {
		return 0
	}
	place := strings.TrimSpace(head[:sep])
	m, d, y, ok := parseDate(head[sep+sepLen:])
	if !ok || !isCapsPlace(place) {
		return 0
	}
	parts := strings.Split(place, ",")
	for i := range parts {
		parts[i] = strings.TrimRight(strings.TrimSpace(parts[i]), ".")
	}
	for _, p := range parts {
		if p == "" {
			return 0
		}
	}
	w.setPlace(parts)
	w.dlMonth, w.dlDay, w.dlYear = m, d, y
	return colon + 1
}

// setPlace sets the city, region and country of a dateline's place, its
// comma-separated parts: "CITY", "CITY, Country" (or a North American
// state or province: "AUSTIN, Texas"), "CITY, Region, Country".
func (w *wire) setPlace(parts []string) {
	w.city = titleCase(parts[0], true)
	switch len(parts) {
	case 1:
	case 2:
		if isNorthAmericanRegion(parts[1]) {
			w.region = regionCase(parts[1])
		} else {
			w.country = titleCase(parts[1], true)
		}
	default:
		w.region = regionCase(strings.Join(parts[1:len(parts)-1], ", "))
		w.country = titleCase(parts[len(parts)-1], true)
	}
}

// lastDash finds the last dateline separator in s: an en or em dash, or a
// hyphen with a space on at least one side (so SAINT-DENIS is not split).
func lastDash(s string) (int, int) {
	for i := len(s) - 1; i >= 0; i-- {
		switch {
		case s[i] == '-':
			if (i > 0 && s[i-1] == ' ') || (i+1 < len(s) && s[i+1] == ' ') {
				return i, 1
			}
		case strings.HasPrefix(s[i:], "–"), strings.HasPrefix(s[i:], "—"):
			return i, len("–")
		}
	}
	return -1, 0
}

// isCapsPlace reports whether s looks like a dateline place: it has letters
// and none of them is lower case.
func isCapsPlace(s string) bool {
	letters := 0
	for _, r := range s {
		if unicode.IsLower(r) {
			return false
		}
		if unicode.IsLetter(r) {
			letters++
		} else if !strings.ContainsRune(" ,.'’-()", r) {
			return false
		}
	}
	return letters > 0
}

// smallWords stay lower case inside a title-cased place name.
var smallWords = map[string]bool{
	"de": true, "da": true, "do": true, "dos": true, "das": true, "del": true, "di": true,
	"la": true, "of": true, "and": true, "the": true, "am": true, "an": true, "der": true, "on": true, "upon": true,
}

// generationSuffix are the Roman numerals written after a name to tell a
// son from his father (AP's "Frank Franklin II"), which stay in capitals
// when the name around them is title-cased.
var generationSuffix = map[string]bool{"II": true, "III": true, "IV": true, "VI": true, "VII": true, "VIII": true}

// titleCase turns an ALL-CAPS word run into title case ("SÃO PAULO" →
// "São Paulo", "SAN'A" → "San'a", "O'NEIL" → "O'Neil"). Words that already
// have lower-case letters are kept as written. place enables small-word
// lowering ("RIO DE JANEIRO" → "Rio de Janeiro").
func titleCase(s string, place bool) string {
	var b strings.Builder
	b.Grow(len(s))
	first := true
	for s != "" {
		i := strings.IndexAny(s, " -/")
		word, rest := s, ""
		if i >= 0 {
			word, rest = s[:i], s[i:]
		}
		if !first && generationSuffix[word] {
			b.WriteString(word) // "FRANK FRANKLIN II" → "Frank Franklin II", not "Ii"
		} else {
			b.WriteString(titleWord(word, place && !first))
		}
		if word != "" {
			first = false
		}
		if rest != "" {
			b.WriteByte(rest[0])
			rest = rest[1:]
		}
		s = rest
	}
	return b.String()
}

func titleWord(w string, allowSmall bool) string {
	upper := 0
	for _, r := range w {
		if unicode.IsLower(r) {
			return w
		}
		if unicode.IsUpper(r) {
			upper++
		}
	}
	if upper < 2 {
		return w
	}
	lw := strings.ToLower(w)
	if allowSmall && smallWords[lw] {
		return lw
	}
	lw = finalSigma(lw)
	var b strings.Builder
	b.Grow(len(w))
	start := true
	letters := 0
	for _, r := range lw {
		switch {
		case r == '\'' || r == '’':
			b.WriteRune(r)
			start = letters == 1 // O'Neil, D'Alema; not San'a
			continue
		case start && unicode.IsLetter(r):
			b.WriteRune(unicode.ToUpper(r))
			start = false
		default:
			b.WriteRune(r)
			if !unicode.IsLetter(r) && r != '.' {
				start = true
				letters = 0
				continue
			}
		}
		letters++
	}
	return b.String()
}

// regionCase keeps a two-letter code as written and title-cases a name.
func regionCase(s string) string {
	if len(s) == 2 {
		return strings.ToUpper(s)
	}
	return titleCase(s, true)
}

// northAmericanRegions holds US state and Canadian province codes and names
// (upper case); a second dateline part found here is a region, not a country.
var northAmericanRegions = func() map[string]bool {
	list := "AL AK AZ AR CA CO CT DE FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY DC " +
		"AB BC MB NB NL NS NT NU ON PE QC SK YT|" +
		"ALABAMA|ALASKA|ARIZONA|ARKANSAS|CALIFORNIA|COLORADO|CONNECTICUT|DELAWARE|FLORIDA|HAWAII|IDAHO|ILLINOIS|INDIANA|IOWA|KANSAS|KENTUCKY|LOUISIANA|MAINE|MARYLAND|MASSACHUSETTS|MICHIGAN|MINNESOTA|MISSISSIPPI|MISSOURI|MONTANA|NEBRASKA|NEVADA|NEW HAMPSHIRE|NEW JERSEY|NEW MEXICO|NEW YORK|NORTH CAROLINA|NORTH DAKOTA|OHIO|OKLAHOMA|OREGON|PENNSYLVANIA|RHODE ISLAND|SOUTH CAROLINA|SOUTH DAKOTA|TENNESSEE|TEXAS|UTAH|VERMONT|VIRGINIA|WASHINGTON|WEST VIRGINIA|WISCONSIN|WYOMING|DISTRICT OF COLUMBIA|" +
		"ALBERTA|BRITISH COLUMBIA|MANITOBA|NEW BRUNSWICK|NEWFOUNDLAND AND LABRADOR|NOVA SCOTIA|NORTHWEST TERRITORIES|NUNAVUT|ONTARIO|PRINCE EDWARD ISLAND|QUEBEC|QUÉBEC|SASKATCHEWAN|YUKON"
	m := map[string]bool{}
	codes, names, _ := strings.Cut(list, "|")
	for _, c := range strings.Fields(codes) {
		m[c] = true
	}
	for _, n := range strings.Split(names, "|") {
		m[n] = true
	}
	return m
}()

func isNorthAmericanRegion(s string) bool {
	return northAmericanRegions[strings.ToUpper(strings.TrimSpace(s))]
}

// finalSigma writes the Greek sigma that ends a word as final sigma
// ("ΠΑΝΑΓΟΠΟΥΛΟΣ" lower-cases to "παναγοπουλοσ", is written
// "παναγοπουλος"): strings.ToLower knows no word ends.
func finalSigma(w string) string {
	if !strings.Contains(w, "σ") {
		return w
	}
	rs := []rune(w)
	for i, r := range rs {
		if r == 'σ' && i > 0 && unicode.IsLetter(rs[i-1]) && (i+1 == len(rs) || !unicode.IsLetter(rs[i+1])) {
			rs[i] = 'ς'
		}
	}
	return string(rs)
}

// lastLineChain reads a credit chain with a slash that is the caption's
// whole last line and names an agency, before findCredit flattens the
// line break that sets it off.
func (w *wire) lastLineChain(caption string) (credit, bool) {
	caption = strings.TrimSpace(caption)
	i := strings.LastIndexByte(caption, '\n')
	if i < 0 {
		return credit{}, false
	}
	last := tidy(caption[i+1:])
	if !strings.Contains(last, "/") || len(last) > maxFirstLineCredit || firstSentenceEnd(last) > 0 {
		return credit{}, false
	}
	if i, _ := lastLabel(last); i > 0 {
		return credit{}, false // "WRITER / Foto: PHOTOGRAPHER" (fc5a-086): findCredit reads the label
	}
	c, ok := w.parseCredit(last, false)
	return c, ok && len(c.agencies) > 0
}

// lineCredit reads a credit that is a whole line of its own, tried when
// no credit was found elsewhere: the first or last line ending with a
// label written after the name (suffixLabelLine), else the last line
// naming an organisation (lastLineCredit).
func (w *wire) lineCredit(caption string) (credit, bool) {
	if c, ok := suffixLabelLine(caption); ok {
		return c, true
	}
	return w.lastLineCredit(caption)
}

// suffixLabelLine reads the caption's first or last line when it is a
// person's name and a label written after it (names.SuffixLabels):
// Turkmen "Sergeý Nužnenkonyň fotosy" (the photo of NAME, fc8a-098 of
// firstcontact8-tune.jsonl). A label word before it names nobody: Tatar
// "Автор фотолары" (the author's photos, fc8a-039) is a credit of no one.
func suffixLabelLine(caption string) (credit, bool) {
	lines := strings.Split(strings.TrimSpace(caption), "\n")
	for _, line := range []string{lines[0], lines[len(lines)-1]} {
		line = strings.TrimRight(tidy(line), " .")
		for _, l := range names.SuffixLabels() {
			if len(line) <= len(l)+1 || !strings.EqualFold(line[len(line)-len(l):], l) || line[len(line)-len(l)-1] != ' ' {
				continue
			}
			head := strings.TrimSpace(line[:len(line)-len(l)])
			if names.LabelWord(head) {
				return credit{}, true
			}
			if c, ok := personCredit(names.Nominative(head, tidy(caption)), 2, 3); ok {
				return c, true
			}
		}
	}
	return credit{}, false
}

// lastLineCredit reads a credit that is the caption's whole last line and
// names an organisation by its words alone, as archives and blogs credit
// a picture: "Arquivo Fotográfico da C.M.L." (the city's photo archive,
// firstcontact-tune.jsonl fc-174). It is tried only when no credit was
// found elsewhere; the line must start with a capital and hold no
// sentence end.
func (w *wire) lastLineCredit(caption string) (credit, bool) {
	caption = strings.TrimSpace(caption)
	i := strings.LastIndexByte(caption, '\n')
	if i < 0 {
		return credit{}, false
	}
	last := tidy(caption[i+1:])
	if last == "" || len(last) > maxFirstLineCredit || !startsUpper(last) || firstSentenceEnd(last) > 0 {
		return credit{}, false
	}
	c, ok := w.parseCredit(last, false)
	return c, ok && len(c.agencies) > 0
}

// paragraphCredit reads a credit that is a paragraph of its own, one
// short line between blank lines below the caption's first paragraph,
// opening with a credit label or a courtesy, or naming a photographer and
// an agency after a comma: "TIGNAN: Malinis at maluwag
// na Divisoria\n\nCourtesy Facebook/Armani Chua Fashion Page\n\nHati ang
// reaksyon …" (a headline, the credit, then the lead; fc8a-154 of
// firstcontact8-tune.jsonl, https://rmn.ph/tignan-malinis-at-maluwag-na-divisoria).
// The line must hold no sentence end and name an agency or a
// photographer; it is tried only when no credit was found elsewhere.
func (w *wire) paragraphCredit(caption string) (credit, bool) {
	paras := strings.Split(strings.TrimSpace(caption), "\n\n")
	for _, p := range paras[min(1, len(paras)):] {
		p = strings.TrimSpace(p)
		if p == "" || strings.Contains(p, "\n") || len(p) > maxFirstLineCredit || firstSentenceEnd(p) > 0 {
			continue
		}
		rest, labelled := names.CutLabels(p)
		if labelled && rest == "" {
			continue
		}
		c, ok := w.parseCredit(p, labelled)
		// No label: a courtesy, or a photographer and his desk after a
		// comma ("George Calvelo, ABS-CBN News" between the title and the
		// posting time, fc8a-106, https://news.abs-cbn.com/life/multimedia/photo/10/23/20/lagusnilad-underpass-selfie).
		if ok && (labelled || hasAnyPrefixFold(p, courtesyOpeners) || strings.Contains(p, ", ") && len(c.creators) > 0 && len(c.agencies) > 0) {
			return c, true
		}
	}
	return credit{}, false
}

// courtesyOpeners open a line that credits who lent the picture
// ("Courtesy Facebook/…", "Courtesy of NAME").
var courtesyOpeners = []string{"courtesy "}

// maxNameLineBytes bounds the last line lastLineName reads.
const maxNameLineBytes = 48

// lastLineName reads a photographer's name that stands alone on the
// caption's last line, no label, below prose that ends with a sentence
// end, as galleries print it: "…liessen sich – gemeinsam mit ihren
// Ehegatten – feiern.\nValérie Chételat" (Der Bund, fc3a-029). The line
// must be a person's name beyond doubt (allPeople: two words or more,
// no word of an organisation, whole or ending a compound, no acronym) of
// at most three words, and no country's name. It is tried only when no credit was found elsewhere.
func lastLineName(caption string) (credit, bool) {
	caption = strings.TrimSpace(caption)
	i := strings.LastIndexByte(caption, '\n')
	if i < 0 {
		return credit{}, false
	}
	last, body := tidy(caption[i+1:]), strings.TrimSpace(caption[:i])
	if rest, ok := cutBarePhotoLabel(last); ok && photoThenName(rest) {
		last = rest // "Photo Anteneh Aklilu" (fc8b-042)
	}
	if len(last) > maxNameLineBytes || len(strings.Fields(last)) > 3 || !strings.ContainsAny(lastRune(body), ".!?") && !proseLine(body) {
		return credit{}, false
	}
	// A dash before the name signs the caption off: the name may then be
	// in a caseless script too (cutSignOffDash).
	if name, dashed := cutSignOffDash(last); dashed {
		if !bylineName(name) || names.CountryCode(name) != "" {
			return credit{}, false
		}
		last = name
	} else if !bareName(last) {
		return credit{}, false
	}
	var c credit
	c.addCreator(last)
	return c, true
}

// minProseWords bounds the words of a line proseLine takes for prose.
const minProseWords = 10

// proseLine reports whether the last line of body is a caption's prose
// that its desk ends with no full stop: ten words or more, a third of them
// or more opening in lower case (a headline capitalises nearly all), as
// The Telegraph (Kolkata) prints its pictures: "…on the city’s northern
// fringes\nAshim Paul" (fc8a-030, -031, -091 of firstcontact8-tune.jsonl).
func proseLine(body string) bool {
	f := strings.Fields(body[strings.LastIndexByte(body, '\n')+1:])
	lower := 0
	for _, w := range f {
		if r, _ := utf8.DecodeRuneInString(w); unicode.IsLower(r) {
			lower++
		}
	}
	return len(f) >= minProseWords && 3*lower >= len(f)
}

// bareName reports whether s, written with no label and no agency, is a
// person's name beyond doubt: allPeople, no country's name, no word of
// an organisation ending a compound, and no colon or slash, which join a
// label or an agency to what follows ("МИА/Фото: Влада", fc5a-071).
func bareName(s string) bool {
	return !strings.ContainsAny(s, ":/") && allPeople([]string{s}) && names.CountryCode(s) == "" && !compoundOrg(s)
}

// compoundOrg reports whether a word of s ends with a word of a news
// organisation or an institution of five letters or more, as compounds
// write them: "Stadsarchief Amsterdam" (the city archive), "Landesmuseum".
func compoundOrg(s string) bool {
	for _, w := range strings.Fields(strings.ToLower(s)) {
		for _, table := range []map[string]bool{mediaWords, sourceWords} {
			for k := range table {
				if len(k) >= 5 && len(w) > len(k) && strings.HasSuffix(w, k) {
					return true
				}
			}
		}
	}
	return false
}

// lastRune returns the last character of s as a string ("" for none).
func lastRune(s string) string {
	_, n := utf8.DecodeLastRuneInString(s)
	return s[len(s)-n:]
}

// fieldBlockAround reports whether lines[i] stands in an archive record's
// block of fields, each "Field: value" on its own line: the line before
// it and the line after it are both field lines, as Estonian photo
// archives print "Dateering: 1927-08-21\nFotograaf: Johannes
// Kaskmaa\nAsukoht: Põlliku …" (g11a-071 of firstcontact11-tune.jsonl).
// The value of such a line is the credit even with prose after the block.
func fieldBlockAround(lines []string, i int) bool {
	return i > 0 && i+1 < len(lines) && fieldLine(lines[i-1]) && fieldLine(lines[i+1]) && len(lines[i]) <= maxFirstLineCredit
}

// maxFieldName bounds the bytes of a field's name fieldLine takes.
const maxFieldName = 24

// fieldLine reports whether line is "Field: value": one word of letters,
// a capital first, then a colon and a space, then something.
func fieldLine(line string) bool {
	name, value, ok := strings.Cut(strings.TrimSpace(line), ": ")
	return ok && name != "" && len(name) <= maxFieldName && startsUpper(name) && isLetters(name) && strings.TrimSpace(value) != ""
}

// maxFieldLines bounds how many lines fieldLineCredit reads.
const maxFieldLines = 200

// fieldLineCredit reads a credit given as an archive record's field: a
// label alone on its line, its value on the next line, an empty bullet
// ("-") between them, as NASA's Photojournal prints "- Image Credit:\n-\n
// NASA/JPL/Cornell\nImage Addition Date:" (fc4a-010). The value line is
// read as a labelled credit.
func (w *wire) fieldLineCredit(caption string) (credit, bool) {
	lines := strings.Split(caption, "\n")
	for i := 0; i < len(lines) && i < maxFieldLines; i++ {
		label := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(lines[i]), "- "))
		if rest, ok := names.CutLabels(label); ok && rest != "" && fieldBlockAround(lines, i) {
			if c, ok := w.parseCredit(tidy(label), true); ok {
				return c, true // "Dateering: 1927-08-21\nFotograaf: NAME\nAsukoht: …" (g11a-071)
			}
		}
		if rest, ok := names.CutLabels(label); !ok || rest != "" || !strings.HasSuffix(label, ":") {
			continue
		}
		j := i + 1
		for j < len(lines) && (strings.TrimSpace(lines[j]) == "" || strings.TrimSpace(lines[j]) == "-") {
			j++
		}
		if j == len(lines) || len(lines[j]) > maxFirstLineCredit || strings.HasSuffix(strings.TrimSpace(lines[j]), ":") {
			continue
		}
		if c, ok := w.parseCredit(tidy(lines[j]), true); ok {
			return c, true
		}
	}
	return credit{}, false
}
