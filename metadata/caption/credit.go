package caption

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/captag/captag/metadata"
	"github.com/captag/captag/metadata/names"
)

// maxNameWords bounds a creator or agency name; longer runs are prose.
const maxNameWords = 6

// maxCreditParts bounds the parts of one credit chain ("Name/SOPA
// Images/LightRocket via Getty Images" has four); more is not a credit.
const maxCreditParts = 8

// maxTailCuts bounds how many restriction or tag tails are cut from the
// end of a caption before its credit is looked for.
const maxTailCuts = 6

// maxTrailerTries bounds how many sentence ends are tried, from the last,
// when looking for a credit written after the caption's last sentence.
const maxTrailerTries = 3

// A credit, in any of the forms desks receive, is
//
//	[label] part {sep part} [" for " client] [tail]
//
// where a label is "Photo by", "Foto:", "Mandatory Credit:", "©" and the
// like; a separator is "/", "|", ",", " via " or a spaced dash; a part is
// a person, an agency, or a role word (Pool, Handout, File, STR). Which
// part is the agency is decided by knowing the agencies (LookupAgency),
// not by position, so "THE CANADIAN PRESS/Paul Chiasson" and "Paul
// Chiasson/The Canadian Press" read alike. Only when no part is a known
// agency does position decide ("Name/Agency", "Name - Agency"). A client
// after " for " is dropped when an agency precedes it ("Name/Getty Images
// for Tommy Hilfiger"); after a bare name it is the credit ("Photo by
// Name for The Washington Post").

// stockAgencies sell contributors' pictures; their credit names the
// contributor, a person or a studio, before the agency.
var stockAgencies = map[string]bool{"Shutterstock": true, "Alamy": true, "iStock": true, "Dreamstime": true, "Adobe Stock": true, "Depositphotos": true, "123RF": true}

// rolePrefixes start a part that names where a handout came from ("HO-
// Toronto Police Service", "Supplied by the Queensland Police Service",
// "Courtesy of …"): the part is dropped. So is the paper a contributor's
// picture was sent to, "special to": "(Photo by Jason Sudlovenick,
// special to Nunatsiaq News)" (g9b-011 of firstcontact9-tune.jsonl,
// https://nunatsiaq.com/region/iqaluit/page/3/; the photographer is not
// the paper's, and the paper is not the picture's agency).
var rolePrefixes = []string{"ho-", "ho -", "supplied by ", "courtesy of ", "courtesy ", "handout-", "special to "}

// mediaWords mark a part as a news organisation even when the agency
// table does not know it ("National Pictures", "Agencia Uno", "Syria TV"):
// it is an agency of the chain.
var mediaWords = map[string]bool{
	"agency": true, "agence": true, "agencia": true, "agência": true, "agenzia": true, "agentur": true,
	"ajansı": true, "ajansi": true, "press": true, "presse": true, "prensa": true, "news": true, "notícias": true,
	"noticias": true, "nachrichten": true, "nachrichtenagentur": true, "presseagentur": true, "images": true, "image": true, "imagery": true, "pictures": true,
	"photos": true, "photography": true, "fotografie": true, "media": true, "wire": true, "syndication": true,
	"tv": true, "television": true, "télévision": true, "radio": true, "times": true, "post": true,
	"tribune": true, "zeitung": true, "journal": true, "herald": true, "gazette": true, "telegraph": true,
	// Malay and Indonesian "daily", opening a newspaper's name: "Sumber :
	// Harian Metro (Faiz Anuar)" (fc5b-088; https://en.wiktionary.org/wiki/harian).
	"harian": true, "daily": true, "magazine": true, "mag": true, "publishing": true, "studios": true, "studio": true, "network": true,
	"collection": true,
	// Spanish and Portuguese "magazine" opening a magazine's name: "Foto:
	// Revista BOCAS" (g9a-024 of firstcontact9-tune.jsonl,
	// https://www.eltiempo.com/cultura/fajardo-quien-me-va-a-defender-a-mi-nadie-639223;
	// https://en.wiktionary.org/wiki/revista).
	"revista": true,
	// English "news" and "agency" as Nepali desks transliterate them:
	// "तस्बिर: न्युज एजेन्सी नेपाल" (News Agency Nepal, fc5b-101;
	// https://ne.wiktionary.org/wiki/एजेन्सी).
	"न्युज": true, "एजेन्सी": true,
	// English "times" as Punjabi desks transliterate it: "ਤਸਵੀਰਾਂ: NAME,
	// ਹਿੰਦੁਸਤਾਨ ਟਾਈਮਜ਼" (Hindustan Times, fc8a-100 of
	// firstcontact8-tune.jsonl; https://en.wiktionary.org/wiki/ਟਾਈਮਜ਼).
	"ਟਾਈਮਜ਼": true,
	// Hebrew "channel", a television station: "צילום: מתוך ערוץ 10"
	// (fc5a-019; https://he.wiktionary.org/wiki/ערוץ).
	"ערוץ": true,
	// An archive credits the pictures it holds ("Nationaal Archief",
	// "Arquivo Fotográfico da C.M.L.", fc-020, fc-174): the word in the
	// languages of the agency table, from the translations at
	// https://en.wiktionary.org/wiki/archive.
	"archive": true, "archives": true, "archief": true, "arquivo": true, "archivo": true, "archivio": true,
	"archiv": true, "arkiv": true, "arkisto": true, "archiwum": true, "arxiu": true, "artxiboa": true,
	// A library holds and credits pictures as an archive does ("Mary
	// Dillwyn/Llyfrgell Genedlaethol", the National Library of Wales,
	// fc3a-035): https://en.wiktionary.org/wiki/library#Translations.
	"library": true, "llyfrgell": true, "bibliothek": true, "biblioteca": true, "bibliothèque": true,
	"bibliotheek": true, "bibliotek": true, "kirjasto": true, "biblioteka": true, "knihovna": true,
	// A laboratory and a society credit their own pictures as a desk
	// does, a laboratory often under its head's surname: "IMAGE:
	// BEVILACQUA LABORATORY, PENN STATE" (fc8c-043), "(Photo: Iraqi Red
	// Crescent Society)" (fc8c-076), firstcontact8-tune.jsonl;
	// https://en.wiktionary.org/wiki/laboratory, /society.
	"laboratory": true, "society": true,
}

// sourceWords mark a part as the institution a handout came from
// ("UK Ministry of Defence", "Swedish Air Force", "Royal B.C. Museum"):
// neither a photographer nor an agency, so it is dropped.
var sourceWords = map[string]bool{
	"ministry": true, "ministère": true, "ministerio": true, "ministerium": true, "police": true, "polizei": true,
	"government": true, "gobierno": true, "department": true, "force": true, "forces": true, "army": true,
	"navy": true, "military": true, "defence": true, "defense": true, "office": true, "council": true,
	"museum": true, "university": true, "college": true, "school": true, "foundation": true, "institute": true,
	"association": true, "committee": true, "federation": true, "club": true, "embassy": true, "company": true,
	"corporation": true, "authority": true, "commission": true, "court": true, "hospital": true, "centre": true,
	"center": true, "program": true, "programme": true, "service": true, "services": true, "guard": true,
	"marines": true, "presidency": true, "palace": true, "kremlin": true, "parliament": true, "senate": true,
	"downing": true, "spca": true, "zoo": true, "day": true,
	// Issue 22: a government's and a city hall's words in the label
	// table's languages (https://en.wiktionary.org/wiki/government,
	// /city_hall, /chancellery#Translations): "Richard Santos/Prefeitura
	// do Rio" (fc3a-041), "Jürgen Randma / Riigikantselei" (the Estonian
	// Government Office, fc3a-059) hand out pictures.
	"prefeitura": true, "governo": true, "gouvernement": true, "regierung": true, "ayuntamiento": true,
	"mairie": true, "rathaus": true, "riigikantselei": true, "valitsus": true,
	"kancelaria": true, "kanzleramt": true,
	// A spokesperson's office, an office and a palace in the languages
	// of the fifth first-contact set (https://en.wiktionary.org/wiki/office,
	// /palace, /spokesperson#Translations): "צילום: NAME, דוברות הכנסת"
	// (the Knesset's spokesperson's office, fc5a-018), "Фото:
	// Telegram/Офіс Президента" (fc5a-079), "Divulgação/Palácio do
	// Planalto" (fc5a-066).
	"דוברות": true, "משרד": true, "офіс": true, "офис": true, "palácio": true, "palacio": true, "palais": true,
	// A royal house hands out its pictures: "(Copyright photos : Maison
	// royale de Roumanie)" (fc5a-049; https://en.wiktionary.org/wiki/royal).
	"royal": true, "royale": true,
	// Georgian city hall and government (https://ka.wiktionary.org/wiki/მერია,
	// /მთავრობა), whose names a Georgian credit may list after a comma.
	"მერია": true, "მთავრობა": true,
	// A website the picture was taken from is its source, not its author:
	// Welsh "Llun: Gwefan URC" (picture: the Welsh Rugby Union's website,
	// fc7a-036 of firstcontact7-tune.jsonl,
	// https://golwg.360.cymru/newyddion/cymru/68325-cannoedd-yn-y-bae-i-ddathlu-llwyddiant-tim-rygbi-cymru;
	// https://en.wiktionary.org/wiki/gwefan, /website).
	"gwefan": true, "website": true,
	// A presidency and a university in the languages of the label table
	// hand out their own pictures (https://en.wiktionary.org/wiki/presidency,
	// /university#Translations): "AFP PHOTO / PRESIDENCE DE LA REPUBLIQUE
	// FRANCAISE / NAME" (French capitals drop the accent, fc6a-106), "(Bild:
	// Universität Würzburg)" (fc6a-085).
	"présidence": true, "presidence": true, "presidencia": true, "presidência": true, "presidenza": true,
	"präsidialamt": true, "universität": true, "universite": true, "université": true, "universidad": true,
	"universidade": true, "università": true, "universiteit": true, "universitet": true, "uniwersytet": true,
	"univerzita": true, "yliopisto": true, "egyetem": true, "университет": true,
	// A chancellery hands out its own pictures
	// (https://en.wiktionary.org/wiki/chancellery#Translations): a bare
	// "Schweizerische Bundeskanzlei" after the caption (fc6a-010);
	// compoundOrg reads "Bundeskanzlei", "Staatskanzlei" by the ending.
	"kanzlei": true, "chancellery": true, "chancellerie": true, "cancillería": true, "cancelleria": true,
	"chancelaria": true, "kanselarij": true, "kancelář": true,
	// A government in the Slavic languages of the label table, and a
	// president's residence by its name as the Kremlin above, hand out
	// their own pictures (https://en.wiktionary.org/wiki/government#Translations):
	// "Фото: Акорда" (Akorda, the Kazakh presidency, fc5b-110;
	// https://en.wikipedia.org/wiki/Ak_Orda_Presidential_Palace). The
	// words that are also given names are in soleSourceWords.
	"уряд": true, "правительство": true, "правителство": true,
	"акорда": true, "ақорда": true, "akorda": true,
	// Village Urugwiro, the Rwandan presidency's office, credits its own
	// pictures: "Photo: Village Urugwiro" closing a Kinyarwanda gallery
	// (fc7a-029 of firstcontact7-tune.jsonl; https://en.wikipedia.org/wiki/Village_Urugwiro).
	"urugwiro": true,
	// The Kurdistan Regional Government by its initials, as the region's
	// desks credit its handouts: "(Photo: KRG)" (fc5b-072;
	// https://en.wikipedia.org/wiki/Kurdistan_Regional_Government).
	"krg": true,
	// Companies hand out pictures of their products and films.
	"inc": true, "ltd": true, "gmbh": true, "llc": true, "bros": true, "plc": true, "corp": true,
}

// soleSourceWords are handout sources only as a whole credit part: the
// word for "government" in Macedonian, Serbian, Croatian, Slovene, Czech
// and Polish (https://mk.wiktionary.org/wiki/влада, https://en.wiktionary.org/wiki/vlada,
// /vláda, /rząd), "МИА/Фото: Влада" (the Macedonian Government, fc5a-071),
// is also a given name ("Foto: Vlada Petrović") or a common word.
var soleSourceWords = map[string]bool{"влада": true, "vlada": true, "vláda": true, "rząd": true}

// tourismPrefixes open the name of a country's tourist board, which hands
// out its pictures: "(mynd: Visit Faroe Islands)" (fc7a-105 of
// firstcontact7-tune.jsonl; https://en.wikipedia.org/wiki/VisitBritain,
// https://www.visitfaroeislands.com). "Visit" is also a Thai given name:
// only a country's name after it makes a board.
var tourismPrefixes = []string{"visit "}

// tourismBoard reports whether a credit part (lower case) is a tourist
// board: one of tourismPrefixes and a country's name.
func tourismBoard(key string) bool {
	for _, p := range tourismPrefixes {
		if rest, ok := strings.CutPrefix(key, p); ok && names.CountryCode(rest) != "" {
			return true
		}
	}
	return false
}

// soleSource reports whether a credit part (lower case) is one of
// soleSourceWords alone, or after a label ("фото: влада").
func soleSource(key string) bool {
	if i := strings.LastIndexByte(key, ':'); i >= 0 && names.LabelWord(strings.TrimSpace(key[:i])) {
		key = key[i+1:]
	}
	return soleSourceWords[strings.Trim(strings.TrimSpace(key), ".,")]
}

// collectionWords open the name of an archive's collection ("Nationaal
// Archief/ collectie RVD Eigen", fc-021): the word "collection" in the
// languages of the agency table (https://en.wiktionary.org/wiki/collection#Translations).
// A collection that is a known agency ("Collectie Anefo", fc-020) is
// that agency; any other is where the archive keeps the picture, not who
// took or sent it.
var collectionWords = []string{"collectie ", "collection ", "colección ", "coleção ", "collezione ", "sammlung ",
	"kolekce ", "kolekcja ", "samling ", "col·lecció "}

// privateHolders are the phrases that say a picture comes from someone's
// own collection ("Novosti news agency, Moscow – personal collection",
// fc-198): the holder, neither a photographer nor an agency. From the
// translations of https://en.wiktionary.org/wiki/private#Translations and
// /collection#Translations.
var privateHolders = []string{"personal collection", "private collection", "family collection", "collection privée",
	"collection particulière", "colección particular", "colección privada", "coleção particular", "collezione privata",
	"privatsammlung", "privécollectie", "prywatna kolekcja", "soukromá sbírka"}

// collectionPart reports whether a credit part (lower case, key) is an
// archive's collection or a private holder rather than an agency.
func collectionPart(key string) bool {
	for _, h := range privateHolders {
		if key == h || strings.HasSuffix(key, " "+h) {
			return true
		}
	}
	return hasAnyPrefixFold(key, collectionWords) && len(strings.Fields(key)) > 1
}

// creditPart is one classified part of a credit chain.
type creditPart struct {
	text    string // trimmed, as written
	agency  string // the agency's name when the part is one ("" otherwise)
	written string // a known agency as the part spells it ("AP" for "AP Photo"); "" otherwise
	known   bool   // the agency is in the table
	role    string // a role word's meaning ("pool", "handout", "file", "staff", or "" for a bare "Photo")
	isRole  bool
	via     bool // written after "via": the distributor of what precedes it
	// platform: the part is or names a social-media site ("Facebook",
	// "Courtesy Facebook"), cut from its text by names.CutPlatform
	platform bool
}

// credit is what one credit says.
type credit struct {
	creators []string
	written  []string // creators as the credit writes them ("JOSEPH EID"), one for each of creators
	agencies []string
	// spelled are the agencies as the credit writes them ("EPA-EFE",
	// "REUTERS"), one for each of agencies.
	spelled []string
	archive bool // "/File Photo", ", File"
}

// addAgency adds the agency name, which the credit spells as written,
// unless the credit named it already.
// creditReader reads credits with an agency table: the built-in one, and
// a user's aliases (names.Aliases) when al is set, so that an agency the
// user names is one to the parser as it is to the comparison.
type creditReader struct {
	al   *names.Aliases
	memo *creditMemo // nil: every credit parsed afresh
}

func (c *credit) addAgency(name, written string) {
	for _, a := range c.agencies {
		if a == name {
			return
		}
	}
	if written == "" {
		written = name
	}
	c.agencies = append(c.agencies, name)
	c.spelled = append(c.spelled, written)
}

// addCreator adds a photographer's name as the credit writes it, and its
// title-cased form (titleCase) as the record's creator. A military title
// before the name is not part of it (names.CutRank: "Staff Sgt. Teddy
// Wade" is Teddy Wade, fc6a-056; tenth tuning step).
func (c *credit) addCreator(written string) {
	// No name ends with a colon: Armenian desks write the ASCII colon for
	// their full stop "։" ("Լուսանկարի հեղինակն է NAME:", fc8a-078).
	written = strings.TrimRight(written, ":։")
	written, _ = names.CutRank(written)
	name := titleCase(written, false)
	// A credit written twice names its photographer once: "(ARCHIVES LE
	// DROIT, ETIENNE RANGER/ARCHIVES LE DROIT, ETIENNE RANGER)" (fc8c-060
	// of firstcontact8-tune.jsonl).
	if slices.Contains(c.creators, name) {
		return
	}
	c.creators = append(c.creators, name)
	c.written = append(c.written, written)
}

// findCredit looks for the caption's credit: after cutting restriction and
// tag tails from the end, in the trailing parentheticals (the last that is
// a credit wins), then after a credit label, then in the words after the
// last sentence.
func (w *wire) findCredit(s string) {
	t := cutTails(s)
	// The credit forms of scripts and desks that mark them their own way,
	// tried before the trailing parentheticals, in this order.
	for _, find := range []func(string) (credit, bool){
		w.cjkDatedCredit, w.gluedAgencyCredit, w.koreanCredit, w.koreanLeadCredit, w.koreanTakenCredit, w.koreanRelayCredit, w.japaneseCredit,
	} {
		if c, ok := find(t); ok {
			w.setCredit(c)
			return
		}
	}
	if c, before, ok := w.trailingParenCredit(t); ok {
		if len(c.creators) == 0 {
			c = w.nameBefore(c, before)
		}
		w.setCredit(w.earlierLabelledParens(c, before))
		return
	}
	if c, ok := w.byNameBeforeCourtesy(t); ok {
		w.setCredit(c)
		return
	}
	if i, n := lastLabel(t); i >= 0 {
		seg := t[i:]
		seg = closeLabelBracket(seg, t[:i])
		if e := creditEnd(seg[n:]); e > 0 {
			seg = seg[:n+e] // "Photo credit should read: Name/PA Wire. More text." ("Fot. Name": the label's own dot is no end)
		}
		if e := strings.IndexAny(seg[n:], dandas); e >= 0 {
			seg = seg[:n+e] // "ছবিটি তুলেছেন NAME।": the danda is the full stop of Indic scripts
		}
		seg = cutQuotedProse(cutNextField(seg, n), n)
		if c, ok := w.titledCredit(seg[n:]); ok {
			w.setCredit(c)
			return
		}
		if c, ok := w.parseCredit(seg, true); ok {
			if len(c.creators) == 0 {
				c = w.labelledCreatorBefore(c, t[:i])
			}
			c = w.agencyBeforeLabel(c, t[:i], strings.HasSuffix(strings.ToLower(seg[:n]), " by "))
			c = w.agencyAfterCredit(c, t[i+len(seg):])
			w.setCredit(w.withSameCreditBefore(c, t[:i]))
			return
		}
		if c, ok := w.labelledAgencyRun(seg); ok {
			if len(c.creators) == 0 {
				c = w.labelledCreatorBefore(c, t[:i])
			}
			w.setCredit(c)
			return
		}
		if strings.HasSuffix(strings.ToLower(seg[:n]), " by ") {
			if c, ok := nameRun(seg[n:]); ok {
				w.setCredit(c)
				return
			}
		}
	}
	// The credits without a label before them, tried in this order: the
	// first form that reads one is the caption's credit.
	for _, find := range []func(string) (credit, bool){
		w.gluedLabelCredit, w.commaLabelCredit, w.suffixLabelCredit, w.parenLabelCredit, w.trailerCredit, w.leadingCredit,
		w.openingParenCredit, w.slashTail, nameThenRole, handleCredit, w.dashAgencyTail, bylineCredit, parenByline, titleByline, w.titleSentenceCredit, w.bracketCredit,
		postedPage,
	} {
		if c, ok := find(t); ok {
			w.setCredit(c)
			return
		}
	}
	// A label that opens a long caption, then a known agency: "صدر
	// الصورة، EPA التعليق على الصورة، …" (lastLabel looks only near the end).
	if c, ok := w.labelledAgencyRun(t[:min(len(t), maxLeadBytes)]); ok {
		w.setCredit(c)
	}
}

// closeLabelBracket ends a labelled credit seg at the bracket that closes
// one opened before it, in before: "(Photo by Name/Agency) more text",
// "[photo by: Ronnie Schildge]" (g10a-055 of firstcontact10-tune.jsonl,
// http://www.joelmueller.com/africa12.8.7.01.html).
func closeLabelBracket(seg, before string) string {
	for _, b := range [...][2]string{{"(", ")"}, {"[", "]"}} {
		if j := strings.LastIndex(before, b[0]); j >= 0 && !strings.Contains(before[j:], b[1]) {
			seg, _, _ = strings.Cut(seg, b[1])
		}
	}
	return seg
}

// agencyAfterCredit adds to a labelled credit that names no agency the
// one that the sentence after it, rest, names alone, a museum's
// registration number after it in parentheses: "Photograph by Jo Moore.
// Te Papa (108674)" (g10b-063 of firstcontact10-tune.jsonl,
// https://tepapa.govt.nz/discover-collections/read-watch-play/matariki-maori-new-year/taikura-kapa-haka/watch-taikura-kapa-haka-2024).
// Only an agency of the table counts: any other sentence is prose.
func (r creditReader) agencyAfterCredit(c credit, rest string) credit {
	if len(c.agencies) > 0 || len(c.creators) == 0 {
		return c
	}
	rest = strings.TrimRight(strings.TrimSpace(rest), ". ")
	if in, ok := strings.CutSuffix(rest, ")"); ok {
		if k := strings.LastIndex(in, " ("); k > 0 && len(in) > k+2 && isDigits(in[k+2:]) {
			rest = in[:k]
		}
	}
	if rest == "" || len(rest) > maxCreditBytes {
		return c
	}
	if name, ok := r.al.PartAgency(rest); ok {
		c.addAgency(name, rest)
	}
	return c
}

// gbkCopyright reads back the copyright sign of a caption whose UTF-8
// bytes were once read as GBK: "©" (C2 A9) comes out as "漏", glued to the
// name after it ("1961. 漏Philip Jones Griffiths - Magnum", fc3a-034). It
// is read so only before a Latin capital and in a caption with no other
// Han character, where "漏" (to leak) cannot be a word.
func gbkCopyright(s string) string {
	i := strings.Index(s, "漏")
	if i < 0 {
		return s
	}
	next, _ := utf8.DecodeRuneInString(s[i+len("漏"):])
	if next >= utf8.RuneSelf || !unicode.IsUpper(next) {
		return s
	}
	for _, r := range s[:i] + s[i+len("漏"):] {
		if unicode.Is(unicode.Han, r) {
			return s
		}
	}
	return s[:i] + "©" + s[i+len("漏"):]
}

// nameRun reads the photographer named right after a "by" label inside a
// sentence: "A photograph by Vianney Le Caer shows former crane operator
// …" (The National, fc5b-078). The name is the run of two to four
// capitalised words (name particles allowed) that a lower-case word
// follows.
func nameRun(s string) (credit, bool) {
	f := strings.Fields(s)
	var words []string
	ended := false // the run ends with a comma or a full stop
	for _, w := range f {
		core := strings.TrimRight(w, ",.;")
		if len(words) > 4 || !(startsUpper(core) || len(words) > 0 && nameParticles[core]) {
			break
		}
		words = append(words, core)
		if ended = core != w; ended {
			break
		}
	}
	n := len(words)
	if n < 2 || n > 4 || nameParticles[words[n-1]] || !ended && (n == len(f) || startsUpper(f[n])) {
		return credit{}, false
	}
	name := strings.Join(words, " ")
	if !plausibleName(name) || !personShaped(name) {
		return credit{}, false
	}
	var c credit
	c.addCreator(name)
	return c, true
}

// cutNextField cuts a labelled credit seg (its label n bytes long) where
// the next field of a field list begins, a word of letters and a colon:
// "צלם: NAME באדיבות: SOURCE" (photographer, then courtesy of; fc5a-023
// of firstcontact5-tune.jsonl, its lines flattened). In a script with
// capitals a field's name may be several capitalised words ("NASA/JPL/
// Cornell Image Addition Date:", fc4a-010), so there the field must follow
// a word in lower case. The colon may stand apart, as Persian desks type
// it: "عکاس :NAME تاریخ : ۱۴۰۲/۱۲/۲۳" (photographer, then date; fc7b-098 of
// firstcontact7-tune.jsonl, its lines flattened).
func cutNextField(seg string, n int) string {
	prev := ""
	for i := n; i < len(seg); {
		a, b := nextWord(seg, i)
		if a == b {
			break
		}
		w := seg[a:b]
		if c, d := nextWord(seg, b); seg[c:d] == ":" && isLetters(w) {
			w += ":" // "تاریخ :"
		}
		if len(w) > 1 && strings.HasSuffix(w, ":") && isLetters(strings.TrimSuffix(w, ":")) && prev != "" && !startsUpper(prev) && !startsUpper(w) {
			return strings.TrimSpace(seg[:a])
		}
		prev, i = w, b
	}
	return seg
}

// cutQuotedProse cuts a labelled credit seg (its label n bytes long)
// before an opening guillemet whose quotation more words follow: the
// caption's text run on after the credit, with only a space between,
// "Фото: Максим Платонов «Антиковидная трибуна» и зрители за забором"
// (the 'anti-covid stand' and spectators behind the fence; g9b-158 of
// firstcontact9-tune.jsonl,
// https://ria24.today/news/antikovidnye-tribuny-uchastniki-v-obmoroke-i/2879683).
// A quotation that ends the credit is a name's: "Фото: РИА «Новости»".
func cutQuotedProse(seg string, n int) string {
	open := strings.Index(seg[n:], " «")
	if open < 0 {
		return seg
	}
	open += n
	end := strings.Index(seg[open:], "»")
	if end < 0 {
		return seg
	}
	rest := strings.TrimSpace(seg[open+end+len("»"):])
	if r, _ := utf8.DecodeRuneInString(rest); !unicode.IsLetter(r) || strings.TrimSpace(seg[n:open]) == "" {
		return seg
	}
	return strings.TrimSpace(seg[:open])
}

// maxSlashTailBytes bounds how far from the end slashTail looks.
const maxSlashTailBytes = 80

// slashTail reads a credit glued to the end of a caption with no sentence
// end before it ("… nukleare Sicherheit Metodi Popow/Süddeutsche Zeitung
// Photo"): after the last "/" an agency (known, or named so by its words),
// before it the two words of a name.
func (r creditReader) slashTail(t string) (credit, bool) {
	from := max(0, len(t)-maxSlashTailBytes)
	slash := strings.LastIndexByte(t[from:], '/')
	if slash < 0 {
		return credit{}, false
	}
	slash += from
	right := r.classify(strings.TrimSpace(strings.TrimRight(t[slash+1:], " .")))
	if right.agency == "" && articleOrg(right.text) && !right.isRole {
		right.agency = right.text // "… Bruno Schlumberger/ The Ottawa Citizen" (fc3a-006)
	}
	if right.agency == "" {
		return r.agencyFirstTail(t, slash)
	}
	words := strings.Fields(t[:slash])
	if len(words) < 2 {
		return credit{}, false
	}
	// "… since 1983Bruno Schlumberger/": a web copy glues the name to the
	// number that ends the caption.
	if w := strings.TrimLeft(words[len(words)-2], "0123456789"); w != "" && startsUpper(w) {
		words[len(words)-2] = w
	}
	name := strings.Join(words[len(words)-2:], " ")
	if strings.ContainsAny(name, ",;:.()") || !personShaped(name) || !plausibleName(name) {
		return credit{}, false
	}
	return r.parseCredit(name+"/"+right.text, true)
}

// labelledAgencyRun reads a label and the agency right after it when more
// text follows on the same (flattened) line: "صدر الصورة، Reuters التعليق
// على الصورة، …" (BBC Arabic's "image source, AGENCY" then "caption, …").
// The longest run of up to four words after the label that the table knows
// is the credit.
func (r creditReader) labelledAgencyRun(seg string) (credit, bool) {
	rest, ok := names.CutLabels(seg)
	if !ok {
		return credit{}, false
	}
	words := strings.Fields(rest)
	for k := min(4, len(words)); k >= 1; k-- {
		run := strings.Trim(strings.Join(words[:k], " "), " .,;:()")
		if _, ok := r.al.PartAgency(run); ok && !strings.ContainsAny(run, "/|,;") {
			return r.parseCredit(run, true)
		}
	}
	return credit{}, false
}

// agencyFirstTail reads the agency-first credit glued to the end of a
// caption ("… v Afganistanu 26. aprila 2012 REUTERS / Baz Ratner"): before
// the slash at t[slash] one word that is an agency of the table written in
// capitals or as its web address ("mbl.is/Jónas Erlendsson", fc-180), after
// it the words of a name and nothing else.
func (r creditReader) agencyFirstTail(t string, slash int) (credit, bool) {
	words := strings.Fields(t[:slash])
	if len(words) < 2 {
		return credit{}, false
	}
	agency := words[len(words)-1]
	caps := agency == strings.ToUpper(agency) && strings.ToLower(agency) != agency
	if !caps && !strings.Contains(agency, ".") { // "REUTERS", "mbl.is"
		return credit{}, false
	}
	if _, ok := r.al.PartAgency(agency); !ok {
		return credit{}, false
	}
	name := strings.TrimSpace(strings.TrimRight(t[slash+1:], " ."))
	if n := len(strings.Fields(name)); n < 2 || n > 4 || strings.ContainsAny(name, ",;:.()/") || !personShaped(name) || !plausibleName(name) {
		return credit{}, false
	}
	return r.parseCredit(agency+"/"+name, true)
}

// maxLeadBytes bounds how far into a caption a leading credit may reach.
const maxLeadBytes = 80

// leadingCredit reads a credit that opens the caption, as web copies of
// agency pictures print it: "Emmanuel Adegboye / EPA Un cracheur de feu
// …", "© Josée Ducharme/Radio-Canada Les commerces …". The words before
// the slash must be a name; after it, the longest run of words that is a
// known agency (or, after "©", one word) ends the credit.
func (r creditReader) leadingCredit(t string) (credit, bool) {
	head := t[:min(len(t), maxLeadBytes)]
	slash := strings.IndexByte(head, '/')
	if slash <= 0 {
		return credit{}, false
	}
	left, copyright := names.CutLabels(strings.TrimSpace(t[:slash]))
	if !plausibleName(left) || !personShaped(left) || strings.ContainsAny(left, ".,:;") {
		return credit{}, false
	}
	words := strings.Fields(t[slash+1:])
	agency := ""
	for k := 1; k <= 3 && k <= len(words); k++ {
		run := strings.Join(words[:k], " ")
		if name, ok := r.al.PartAgency(run); ok {
			// The agency as the caption writes it, unless its words hold a
			// separator that parseCredit would split at.
			agency = strings.Trim(run, " .()")
			if strings.ContainsAny(agency, "/|,;") {
				agency = name
			}
		}
	}
	if agency == "" && copyright && len(words) > 0 {
		agency = strings.Trim(words[0], ".,;:")
	}
	if agency == "" {
		return credit{}, false
	}
	return r.parseCredit(left+"/"+agency, true)
}

// openingParenCredit reads the agency that opens a caption in
// parentheses, alone or with a file word after it, before its prose: "(AFP
// files) In a file picture taken on April 26, 2010 …" (an AFP archive
// picture; g10b-039 of firstcontact10-tune.jsonl,
// https://myvietnamnews.com/2010/06/06/). The agency must be the table's
// and the prose must open with a capital.
func (r creditReader) openingParenCredit(t string) (credit, bool) {
	inner, rest, ok := strings.Cut(strings.TrimPrefix(t, "("), ")")
	if !strings.HasPrefix(t, "(") || !ok || !startsUpper(strings.TrimSpace(rest)) || len(inner) > maxLeadBytes {
		return credit{}, false
	}
	inner = strings.TrimSpace(inner)
	if i := strings.LastIndexByte(inner, ' '); i > 0 {
		if role, isRole := names.Role(inner[i+1:]); isRole && role == "file" {
			inner = inner[:i]
		}
	}
	name, known := r.al.PartAgency(inner)
	if !known {
		return credit{}, false
	}
	var c credit
	c.addAgency(name, inner)
	return c, true
}

func (w *wire) setCredit(c credit) {
	c = cutGluedAlt(w.dropIssuers(c), w.text)
	w.creators, w.creatorsWritten, w.agencies, w.creditFound = c.creators, c.written, c.agencies, true
	w.agency, w.agencyWritten = "", ""
	if len(c.agencies) > 0 {
		w.agency, w.agencyWritten = c.agencies[0], c.spelled[0]
	}
	w.creditArchive = c.archive
}

// issuerCues say who handed a picture out: "Undated handout photo …,
// issued by Rolls-Royce on March 17, 2023. (Rolls-Royce via PA Media)"
// (PA's handout form, captions.jsonl rw-359).
var issuerCues = []string{"issued by ", "released by ", "provided by ", "handed out by ", "supplied by ", "distributed by "}

// dropIssuers drops from c the agencies the agency table does not know
// that the caption's text names as the issuer of the picture: a company
// or a body that handed it out is its source, neither an agency nor a
// photographer, as "HO-SOURCE" is (rolePrefixes).
func (w *wire) dropIssuers(c credit) credit {
	text, lowered := "", false // w.text lowered when an agency is unknown
	for i := 0; i < len(c.agencies); i++ {
		if _, known := w.al.PartAgency(c.agencies[i]); known {
			continue
		}
		if !lowered {
			text, lowered = strings.ToLower(w.text), true
		}
		a := strings.ToLower(c.spelled[i])
		for _, cue := range issuerCues {
			if strings.Contains(text, cue+a) || strings.Contains(text, cue+"the "+a) {
				c.agencies = append(c.agencies[:i:i], c.agencies[i+1:]...)
				c.spelled = append(c.spelled[:i:i], c.spelled[i+1:]...)
				i--
				break
			}
		}
	}
	return c
}

// trailingParenCredit tries the parenthetical groups that end t, from the
// last, and returns the first that is a credit.
func (r creditReader) trailingParenCredit(t string) (credit, string, bool) {
	t = strings.TrimRight(t, " .")
	for try := 0; try < maxCreditTries && strings.HasSuffix(t, ")"); try++ {
		open := matchingOpen(t)
		if open < 0 {
			break
		}
		if c, ok := r.parseCredit(pictureLabelPart(cutCopyrightYear(t[open+1:len(t)-1])), false); ok {
			return c, t[:open], true
		}
		if c, ok := closingInitials(t, open); ok && try == 0 {
			return c, t[:open], true
		}
		t = strings.TrimRight(t[:open], " .")
	}
	return credit{}, "", false
}

// pictureLabelPart cuts from a parenthetical credit the parts before a
// slash that a credit label follows: they credit the text, the label the
// picture, "(Fena/ Foto: Avaz)" (the agency FENA wrote the story, Dnevni
// avaz took the picture; fc8c-027 of firstcontact8-tune.jsonl,
// http://nezavisni.info/?p=7834), as "WRITER / Foto: PHOTOGRAPHER" does
// outside parentheses (fc5a-086).
func pictureLabelPart(c string) string {
	if !strings.Contains(c, "/") {
		return c // no part before a slash: nothing to cut (and no label to look for)
	}
	i, _ := lastLabel(c)
	if i <= 0 || !strings.HasSuffix(strings.TrimRight(c[:i], " "), "/") {
		return c
	}
	return c[i:]
}

// maxClosingInitials bounds the initials closingInitials takes: an
// agency's ("SPA", "KCNA"), not a word in capitals ("VIDEO", "UPDATE").
const maxClosingInitials = 4

// copyMarks are the marks a wire writes in capitals and parentheses to
// close its copy or say more follows, no agency: Yonhap's "(END)" under
// each story (https://en.yna.co.kr), AP's "(MORE)" (the AP Stylebook's
// wire marks).
var copyMarks = []string{"END", "MORE", "OVER"}

// closingInitials reads the parentheses that close a caption after its
// last sentence, t[open:], holding nothing but initials in capitals, as
// the agency's: "Saudi Crown Prince Mohammed bin Salman. (SPA)" (the
// Saudi Press Agency, fc8a-114 and fc8d-015 of firstcontact8-tune.jsonl,
// https://www.arabnews.pk/node/1189641). The agency table leaves SPA out
// (a common word); after the full stop, alone in parentheses, the word is
// a credit. A country's code ("(USA)") and a role word are not.
func closingInitials(t string, open int) (credit, bool) {
	inner := strings.TrimSpace(t[open+1 : len(t)-1])
	before := strings.TrimRight(t[:open], " ")
	if utf8.RuneCountInString(inner) > maxClosingInitials || !acronym(inner) || !strings.HasSuffix(before, ".") {
		return credit{}, false
	}
	if names.NotAgency(inner) || names.CountryCode(inner) != "" || slices.Contains(copyMarks, inner) {
		return credit{}, false
	}
	var c credit
	c.addAgency(inner, inner)
	return c, true
}

// earlierLabelledParens adds to the credit of the last parentheses the
// photographers of earlier parentheses that open with a credit label, as a
// caption of two portraits credits each after its subject: "… Kari
// Lisbeth Hermansen (Govven: Nils Johan Vars) ja … Berit Marie Lise Eira
// (Govven: Astrid Helander)" (Ávvir, fc8b-004 of firstcontact8-tune.jsonl).
// A parenthesis without a label before its name is the caption's text.
// An agency of the last parentheses that an earlier one names as the
// photographer is that photographer, written again in AFP's "credit
// should read" line: "(Photo by SEYLLOU / AFP) (Photo credit should read
// SEYLLOU/AFP/Getty Images)" (g9a-022 of firstcontact9-tune.jsonl,
// https://www.leral.net/Photos-la-parade-de-Ousmane-Sonko-dans-les-rues-de-Dakar_a242442.html).
func (r creditReader) earlierLabelledParens(c credit, before string) credit {
	var out credit
	found := false
	r.labelledParens(before, func(p credit) {
		if len(p.creators) == 0 {
			return
		}
		for k := range p.creators {
			out.addCreator(p.written[k])
		}
		for k, a := range p.agencies {
			out.addAgency(a, p.spelled[k])
		}
		found = true
	})
	if !found {
		return c
	}
	for k := range c.creators {
		out.addCreator(c.written[k])
	}
	for k, a := range c.agencies {
		if !slices.ContainsFunc(out.creators, func(p string) bool { return metadata.FoldName(p) == metadata.FoldName(a) }) {
			out.addAgency(a, c.spelled[k])
		}
	}
	out.archive = c.archive
	return out
}

// cutCopyrightYear cuts the copyright year that opens a parenthetical
// credit: Reuters' Japanese service writes "(2022年 ロイター/NAME)"
// (fc3b-050), the year of the rights, not the picture's date. Four digits,
// an optional 年, a space; anything else is returned as it is.
func cutCopyrightYear(c string) string {
	if len(c) < 5 || !isDigits(c[:4]) || c[0] != '1' && c[0] != '2' {
		return c
	}
	rest := strings.TrimPrefix(c[4:], "年")
	if t := strings.TrimLeft(rest, " \u3000"); len(t) < len(rest) && t != "" {
		return t
	}
	return c
}

// nameBefore completes a parenthetical credit that names only agencies
// with the credit or the photographer's name written just before it:
// "THE CANADIAN PRESS/Darryl Dyck (The Canadian Press)", "… Madrid.
// Francisco Seco (AP)".
func (r creditReader) nameBefore(c credit, before string) credit {
	glued := !strings.HasSuffix(before, " ")
	before = strings.TrimRight(before, " ")
	// The same credit written twice, "(Dutch National
	// Archives/Spaarnestad Collection) (Dutch National …)" (fc5b-054).
	if open := matchingOpen(before); open > 0 && strings.HasSuffix(before, ")") {
		if p, ok := r.parseCredit(before[open+1:len(before)-1], false); ok && slices.Equal(p.agencies, c.agencies) && len(p.creators) == 0 {
			before = strings.TrimRight(before[:open], " ")
		}
	}
	if b, ok := r.trailerCredit(before); ok {
		for i, a := range c.agencies {
			b.addAgency(a, c.spelled[i])
		}
		b.archive = b.archive || c.archive
		return b
	}
	seg := strings.TrimSpace(before[lastSentenceEnd(before):])
	if p, ok := r.labelledPeopleEnding(seg); ok {
		c.creators, c.written = p.creators, p.written
		return c
	}
	// "… in Yogyakarta, December 1947 by Hugo Wilmar. (Dutch National
	// Archives/Spaarnestad Collection)" (fc5b-054): an archive's title,
	// "by" and the photographer.
	if i := strings.LastIndex(seg, " by "); i > 0 {
		seg = strings.TrimRight(seg[i+len(" by "):], ".")
	}
	if rest, ok := names.CutLabels(seg); ok {
		seg = rest // "… Photo: NAME (AGENCY)": the label is no part of the name
	}
	f := strings.Fields(seg)
	if len(f) < 2 || len(f) > 4 || !plausibleName(seg) || !personShaped(seg) || gluedCaseless(glued, f) {
		return c
	}
	c.creators, c.written = nil, nil
	c.addCreator(seg)
	return c
}

// labelledPeopleEnding reads the photographers of a label that ends seg,
// the text before a parenthesis that names the agency, when they are
// more than one, each read as a labelled credit reads them: "… –
// фоторепортаж Геннадия Черкасова, Михаила Ковалева" before
// "(«Московский комсомолец»)" (a photo report of NAME, NAME, the names in
// the genitive; fc8a-051 of firstcontact8-tune.jsonl). The label's
// credit must name people only.
func (r creditReader) labelledPeopleEnding(seg string) (credit, bool) {
	i, _ := lastLabel(seg)
	if i < 0 {
		return credit{}, false
	}
	p, ok := r.parseCredit(seg[i:], true)
	return p, ok && len(p.creators) > 1 && len(p.agencies) == 0
}

// byNameBeforeCourtesy reads "TITLE by NAME." before the parentheses of
// whoever lent the picture, which name no agency: "Historical: Sukarno
// Reading the Text of the Proclamation by Soemarto Frans Mendur.
// (Courtesy of The Netherlands Institute for Military History)(…)"
// (fc5b-055).
func (r creditReader) byNameBeforeCourtesy(t string) (credit, bool) {
	t = strings.TrimRight(t, " .")
	found := false
	for try := 0; try < maxCreditTries && strings.HasSuffix(t, ")"); try++ {
		open := matchingOpen(t)
		if open < 0 || !hasAnyPrefixFold(t[open+1:], courtesyLabels) {
			break
		}
		t, found = strings.TrimRight(t[:open], " "), true
	}
	seg := t[lastSentenceEnd(t):]
	if !found || !strings.Contains(seg, " by ") {
		return credit{}, false
	}
	c := r.nameBefore(credit{}, t)
	return c, len(c.creators) > 0
}

// matchingOpen returns the index of the '(' that the ')' ending t closes,
// or -1.
func matchingOpen(t string) int {
	depth := 0
	for i := len(t) - 1; i >= 0; i-- {
		switch t[i] {
		case ')':
			depth++
		case '(':
			depth--
			if depth == 0 {
				return i
			}
		}
	}
	return -1
}

// lastLabel returns where the last credit label in t starts and its
// length, or -1. A label counts only at the start of t or after a space,
// "(", "." or a CJK full stop, comma or closing bracket
// ("…市場。攝:NAME", fc3b-024); a label far from the end (more than maxCreditBytes before
// it) is prose.
func lastLabel(t string) (int, int) {
	return names.LastLabel(t, max(0, len(t)-maxCreditBytes-40), func(i int) bool {
		// A closing quotation mark ends a sentence too: "…vorgestellt
		// haben."Foto: ddp" (fc4a-039).
		prev, _ := utf8.DecodeLastRuneInString(t[:i])
		return i == 0 || strings.ContainsRune(" (.[。，、）」\"”“»«’", prev)
	})
}

// trailerCredit reads a credit written after the caption's last sentence
// ("… July 8, 2020. THE CANADIAN PRESS/Paul Chiasson", "… 2016.
// REUTERS/Andrea Comas"): it tries the words after each of the last
// sentence ends, shortest first. A trailer must name an agency, so that a
// last sentence of prose is never taken for a name.
func (r creditReader) trailerCredit(t string) (credit, bool) {
	t = strings.TrimRight(t, " ")
	if c, ok := r.dashedChain(t); ok {
		return c, true
	}
	end := len(t)
	for try := 0; try < maxTrailerTries; try++ {
		i := lastSentenceEnd(t[:end])
		seg := t[i:]
		// "… in Gdansk. - SNA": a web copy's dash before the credit.
		for _, d := range []string{"- ", "– ", "— "} {
			seg = strings.TrimPrefix(seg, d)
		}
		if c, ok := r.parseCredit(seg, false); ok && len(c.agencies) > 0 && r.trailerShaped(seg) {
			return c, true
		}
		if i == 0 {
			break
		}
		end = i - 1
	}
	// "…frente al Liverpool / EFE - EPA - FILIP SINGER": a web copy puts
	// the credit after a spaced slash that ends the caption.
	last := t[lastSentenceEnd(t):]
	if i := strings.Index(last, " / "); i >= 0 {
		seg := last[i+3:]
		if c, ok := r.parseCredit(seg, false); ok && len(c.agencies) > 0 {
			return c, true
		}
	}
	// "Wrestlers spar at an akhaarra in Lahore | Murtaza Ali/White Star"
	// (Dawn, fc5b-019): a spaced pipe before a slash chain ends the caption.
	if i := strings.LastIndex(last, " | "); i >= 0 && strings.Contains(last[i+3:], "/") {
		if c, ok := r.parseCredit(last[i+3:], false); ok && len(c.agencies) > 0 {
			return c, true
		}
	}
	return credit{}, false
}

// dashedChain reads a slash chain after the last spaced dash of the
// caption's last sentence, a web copy's "TITLE – NAME / AGENCY": "فرحة
// الطفل محمد – محمد سعيد / الأناضول" (fc5b-064), "… المدمرة - عارف وتد /
// AFP" (fc5b-063). The chain must name a person and an agency.
func (r creditReader) dashedChain(t string) (credit, bool) {
	last := t[lastSentenceEnd(t):]
	i, n := -1, 0
	for _, d := range []string{" - ", " – ", " — "} {
		if j := strings.LastIndex(last, d); j > i {
			i, n = j, len(d)
		}
	}
	if i < 0 || !strings.Contains(last[i+n:], "/") {
		return credit{}, false
	}
	// "EFE – EPA – NAME/…": a dash inside the chain, after an agency.
	before := strings.Fields(last[:i])
	if len(before) == 0 {
		return credit{}, false
	}
	if _, ok := r.al.PartAgency(before[len(before)-1]); ok {
		return credit{}, false
	}
	c, ok := r.parseCredit(last[i+n:], false)
	return c, ok && len(c.agencies) > 0 && len(c.creators) > 0
}

// trailerShaped reports whether a trailer candidate looks like a credit
// line rather than the end of a sentence that names an agency: it has a
// slash, a pipe, or is the agency's name alone.
func (r creditReader) trailerShaped(seg string) bool {
	seg = strings.TrimSpace(strings.TrimRight(seg, " ."))
	if strings.ContainsAny(seg, "/|") {
		return true
	}
	if _, ok := cutBarePhotoLabel(seg); ok {
		return true // "Фото УНІАН", "FOTO TASR - NAME"
	}
	if names.RankOpens(seg) {
		return true // "Sgt Marc-André Gaudreault, Valcartier Imaging Service" (fc6a-065)
	}
	if forClient(r, seg) {
		return true // "ASIM HAFEEZ FOR MSF" (fc6a-040)
	}
	// "Host photo agency via Reuters" (fc-217): a role or a name, then
	// "via" and a known agency.
	if x, y, found := strings.Cut(seg, " via "); found && !strings.Contains(y, " via ") {
		if _, ok := r.al.PartAgency(y); ok && (names.NotAgency(x) || personShaped(x)) {
			return true
		}
	}
	_, ok := r.al.PartAgency(seg)
	return ok
}

// lastSentenceEnd returns the index just after the last sentence end in
// s (". ", "? ", "! ", ") " after a sentence): where a trailer would start.
// A dot after a single capital (an initial, "J. Scott") or a short
// abbreviation ("U.S.", "Jr.", "St.") is not a sentence end.
func lastSentenceEnd(s string) int {
	for i := len(s) - 2; i > 0; i-- {
		if s[i+1] != ' ' {
			// "… en Tokio.KIYOSHI OTA | EFE", "(EE UU).TIMOTHY A. CLARY (AFP)":
			// web copies lose the space after the last sentence.
			if s[i] == '.' && startsUpper(s[i+1:]) && (s[i-1] == ')' || 'a' <= s[i-1] && s[i-1] <= 'z' || '0' <= s[i-1] && s[i-1] <= '9') && !isAbbrevDot(s[:i]) {
				return i + 1
			}
			continue
		}
		switch s[i] {
		case '.':
			if isAbbrevDot(s[:i]) {
				continue
			}
		case '?', '!', ';':
		default:
			continue
		}
		return i + 2
	}
	return 0
}

// startsUpper reports whether s starts with an upper-case letter.
func startsUpper(s string) bool {
	for _, r := range s {
		return unicode.IsUpper(r)
	}
	return false
}

// isAbbrevDot reports whether the word that ends s (before a '.') is an
// initial or a common abbreviation rather than the end of a sentence.
func isAbbrevDot(s string) bool {
	j := strings.LastIndexAny(s, " (/") + 1
	word := s[j:]
	if len(word) == 1 && word[0] >= 'A' && word[0] <= 'Z' {
		return true
	}
	if strings.Contains(word, ".") { // "U.S", "D.C"
		return true
	}
	switch word {
	case "Jr", "Sr", "St", "Mt", "Dr", "Mr", "Mrs", "Ms", "Gen", "Gov", "Sen", "Rep", "Lt", "Col", "Sgt", "No", "vs":
		return true
	}
	// A military title's abbreviation ("Pvt.", "Capt.", names.CutRank's
	// table), capitalised as a title before a name is.
	return startsUpper(word) && names.RankAbbrev(word)
}

// lastIndexFold is strings.LastIndex for a lower-case needle, ignoring
// ASCII case in s (non-ASCII bytes of the needle must match exactly).
func lastIndexFold(s, lowerNeedle string) int {
	n := len(lowerNeedle)
	for i := len(s) - n; i >= 0; i-- {
		// A non-ASCII needle ("снимка ", "φωτογραφίες:") may start with a
		// capital of another lead byte ("Снимка": D0 A1, "с": D1 81).
		if s[i] == lowerNeedle[0] || s[i]+('a'-'A') == lowerNeedle[0] || lowerNeedle[0] >= utf8.RuneSelf && s[i] >= 0xC0 {
			if strings.EqualFold(s[i:i+n], lowerNeedle) {
				return i
			}
		}
	}
	return -1
}

// cutBarePhotoLabel cuts a bare "Photo " or "Foto " (no colon, no "by")
// from the start of a credit chain, as French web copies of AFP write it:
// "(Photo Richard BOUHET / AFP)", "(Photo SPUTNIK / AFP)". Only a chain
// with a slash counts, so that "Photo" opening a sentence is left alone.
//
// The same bare word before one agency's initials alone is a label too:
// "Фото УНІАН" (fc3a-016), "Photo AFP", "Foto ANSA"; and before the
// name of an agency the table knows, with a space or a hyphen: "Photo
// 24.kg news agency" (fc8a-003,
// https://24.kg/english/47540_Bishkek_hosts_peaceful_march_in_support_of_freedom_of_speech_/),
// "photo-Imvaho Nshya" (fc8b-023 of firstcontact8-tune.jsonl,
// https://infosgrandslacs.info/node/22726); and in the plural, "… over the
// St Lawrence - PHOTOs Malcolm McCrow" (g9b-123 of
// firstcontact9-tune.jsonl, http://mccrow.org.uk/Canada/Quebec\QuebecCity.htm).
func cutBarePhotoLabel(c string) (string, bool) {
	for _, l := range []string{"photo ", "foto ", "фото ", "photos ", "fotos ", "photo-", "foto-"} {
		if !hasPrefixFold(c, l) || hasPrefixFold(c, l+"by ") {
			continue
		}
		rest := strings.TrimSpace(c[len(l):])
		if _, known := names.PartAgency(rest); known {
			return rest, true
		}
		if strings.HasSuffix(l, "-") {
			continue
		}
		// "Фото NAME / AGENCY" (g11a-003): a name before the slash;
		// "фото/видео" and the like are no label.
		before, _, _ := strings.Cut(rest, "/")
		if strings.Contains(c, "/") && (l != "фото " || photoThenName(strings.TrimSpace(before))) || acronym(rest) || photoThenName(rest) {
			return rest, true
		}
		// TASR's "FOTO TASR - Michal Svítok" (fc5a-001): the agency's
		// initials, then a spaced dash and the photographer.
		if first, after, ok := strings.Cut(rest, " "); ok && acronym(first) && (strings.HasPrefix(after, "- ") || strings.HasPrefix(after, "– ")) {
			return rest, true
		}
	}
	return c, false
}

// photoThenName reports whether the words after a bare "Photo " are a
// person's name beyond doubt, two or three capitalised words and nothing
// else: "Photo Anteneh Aklilu" alone on the caption's last line (an
// Ethiopian weekly, fc8b-042 of firstcontact8-tune.jsonl; lastLineName), and
// in any credit found elsewhere, as a bare "Photo " before an agency's
// initials is.
func photoThenName(rest string) bool {
	n := len(strings.Fields(rest))
	return n >= 2 && n <= 3 && isLetterWords(rest) && bareName(rest)
}

// isLetterWords reports whether s is words of letters only (hyphens and
// apostrophes inside them allowed).
func isLetterWords(s string) bool {
	for _, w := range strings.Fields(s) {
		if !isLetters(strings.NewReplacer("-", "", "'", "", "’", "").Replace(w)) {
			return false
		}
	}
	return true
}

// initialName reports whether a one-word credit part is an initial glued
// to a surname ("J.Torregano"): a person, not an agency.
func initialName(s string) bool {
	return len(s) > 3 && s[0] >= 'A' && s[0] <= 'Z' && s[1] == '.' && s[2] >= 'A' && s[2] <= 'Z' && !strings.Contains(s[2:], ".")
}

func isDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// parseCredit parses one credit (the inside of its parentheses, a trailer
// or a labelled run). labelled says the caller found it after a label; a
// credit without a label must name an agency or be "Name - Agency".
func (r creditReader) parseCredit(c string, labelled bool) (credit, bool) {
	if cr, ok := r.archiveCourtesy(c); ok {
		return cr, true
	}
	if r.memo == nil {
		return r.parseCreditAfresh(c, labelled)
	}
	k := creditKey{c, labelled}
	if v, ok := r.memo.seen[k]; ok {
		return v.c.clone(), v.ok
	}
	cr, ok := r.parseCreditAfresh(c, labelled)
	if len(r.memo.seen) < maxCreditMemo {
		r.memo.seen[k] = creditResult{cr.clone(), ok}
	}
	return cr, ok
}

// parseCreditAfresh is parseCredit without the memo. The credit's bound
// counts characters, not bytes, so that a credit in a script of two-byte
// letters holds as many names as a Latin one: Persian "عکس: ساره تجلی ،
// … رحیم بنی اسد آزاد / ایسنا", seven photographers and the agency in 113
// characters, 203 bytes (fc8d-062 of firstcontact8-tune.jsonl).
func (r creditReader) parseCreditAfresh(c string, labelled bool) (credit, bool) {
	c = strings.TrimSpace(strings.TrimRight(strings.TrimSpace(c), "."))
	if c == "" || len(c) > maxCreditBytes && utf8.RuneCountInString(c) > maxCreditBytes {
		return credit{}, false
	}
	c0, courtesy, sourced := c, hasAnyPrefixFold(strings.TrimLeft(c, "( "), courtesyLabels), names.SourceLabel(c)
	person := names.PersonLabelled(strings.TrimLeft(c, "( "))
	c, hasLabel := names.CutLabels(c)
	group := false
	if hasLabel {
		c, group = names.CutGroupLabel(c)
	}
	if !hasLabel {
		c, hasLabel = cutBarePhotoLabel(c)
	}
	labelled = labelled || hasLabel
	c = r.cutCreditParens(r.equalsChain(c))
	c = heldIn(handedOn(bulletsToBars(c)))
	c, client := cutClient(surnameFirst(names.CutLicence(c)), courtesy)
	texts, dashed := splitCredit(c)
	texts = r.dropEditorCodes(dropImageNumbers(cutScriptTurn(texts)))
	texts = r.dropPlaceChain(dropYears(texts), c)
	if labelled {
		texts = r.dropClause(texts, c)
	}
	if len(texts) == 0 || len(texts) > maxCreditParts {
		return credit{}, false
	}
	parts := r.creditParts(texts)
	if len(parts) > maxCreditParts {
		return credit{}, false
	}
	judgeUnknownParts(parts)
	platformPages(parts, sourced, labelled && (sourced || names.CopyrightLabel(c0)))
	judgeOrganisations(parts, labelled)
	groupFirst(parts, group)
	dropOwnSite(parts)
	dropAgencySeat(parts, c)
	parts = clientWrittenTwice(parts, dashed)
	cr, people := sortParts(parts)
	// No known agency: decide by position. "Name/Agency", "Name - Agency"
	// (the last unknown part is the agency); a single unknown part is a
	// name only after a label. After a label, parts that are all names
	// of people ("Fotos: Emiliano Rojas Salinas / Antú Divito Trejo") are
	// all photographers.
	if len(cr.agencies) == 0 && len(people) >= 2 && (dashed || strings.ContainsAny(c, "/|")) && !(labelled && allPeople(people)) {
		var a string
		a, people = positionAgency(people)
		cr.agencies, cr.spelled = append(cr.agencies, a), append(cr.spelled, a)
	}
	if client != "" && len(cr.agencies) == 0 && !r.addClient(&cr, client) {
		return credit{}, false
	}
	people = loneWord(&cr, people, courtesy, sourced)
	alone := ""
	if labelled && len(texts) == 1 {
		alone = strings.TrimSpace(texts[0])
	}
	if !cr.addPeople(people, alone, person) {
		return credit{}, false
	}
	if sourced && len(cr.creators)+len(cr.agencies) == 0 && slices.ContainsFunc(parts, func(p creditPart) bool { return p.platform }) {
		return cr, true // "Izvor: Facebook/Albin Kurti" (fc7a-057): found on a page, credited to no one
	}
	if len(cr.creators) == 0 && len(cr.agencies) == 0 || !labelled && len(cr.agencies) == 0 && !handedOut(parts, c) {
		return credit{}, false
	}
	if slices.ContainsFunc(cr.agencies, func(a string) bool { return !plausibleAgency(a) }) {
		return credit{}, false
	}
	return cr, true
}

// loneWord reads one word left alone, no agency beside it, after a
// courtesy or a source label. "PICTURE COURTESY OF PERHILITAN" (fc3b-003):
// one word after "courtesy of" is the source that handed the picture out
// (a department, a company), no photographer, and it is dropped. One word
// after a source label is the outlet the picture came from, its agency:
// "source:eenadu" (g9a-039 of firstcontact9-tune.jsonl,
// https://stories.eenadu.net), as a site alone is ("Source: Twitter").
func loneWord(cr *credit, people []string, courtesy, sourced bool) []string {
	if len(cr.agencies) != 0 || len(people) != 1 || strings.Contains(strings.TrimSpace(people[0]), " ") {
		return people
	}
	switch w := strings.TrimSpace(people[0]); {
	case courtesy:
		return nil
	case sourced && plausibleAgency(w):
		cr.agencies, cr.spelled = []string{w}, []string{w}
		return nil
	}
	return people
}

// platformPages marks, in place, a page named after its social-media
// site in a chain as the agency, the source the desk credits: "Courtesy
// Facebook/Armani Chua Fashion Page" (fc8a-154 of
// firstcontact8-tune.jsonl, https://rmn.ph/tignan-malinis-at-maluwag-na-divisoria).
// A person's account after the site ("Facebook/Albin Kurti") is no page.
// A site that is the chain's one source, beside nothing but a bare photo
// word, is the source credited: "(Photo/Twitter)" (fc8d-043 of
// firstcontact8-tune.jsonl, https://www.monitor.co.ke/tag/nairobi/page/2/),
// and so is a site alone after a source or a copyright label (siteAlone):
// "Source: Twitter" (g9a-116 of firstcontact9-tune.jsonl,
// https://hausa.legit.ng), "Image copyrightINSTAGRAM" (g9a-012);
// beside a handout word it is where the handout was copied from
// ("(Foto: Reprodução/Twitter)", rw-092, no agency).
//
// After a source label ("Izvor:", names.SourceLabel) the person whose
// account the site holds is where the picture was found, no photographer:
// "Izvor: Facebook/Albin Kurti" (fc7a-057) names nobody.
func platformPages(parts []creditPart, sourced, siteAlone bool) {
	for i, p := range parts {
		if sourced && i > 0 && parts[i-1].platform && !p.isRole && p.agency == "" && personShaped(p.text) {
			parts[i] = creditPart{text: p.text, role: "source", isRole: true}
		}
	}
	site, others := -1, 0
	for i, p := range parts {
		switch {
		case p.platform && p.isRole && names.IsPlatform(p.text):
			site = i
		case !p.isRole || p.role != "":
			others++
		}
	}
	if site >= 0 && others == 0 && (len(parts) > 1 || siteAlone) {
		parts[site] = creditPart{text: parts[site].text, agency: parts[site].text}
	}
	for i := 1; i < len(parts); i++ {
		p := parts[i]
		if parts[i-1].platform && !p.isRole && p.agency == "" && names.EndsWithPage(p.text) {
			parts[i].agency = p.text
		}
	}
}

// positionAgency takes the agency out of a chain of two parts the table
// does not know, by position: the last ("Name/Agency"), unless the first
// is an agency's initials and the last a word in mixed case, a
// photographer's name, as an Indonesian site writes its initials before
// its photographer: "Foto: MP/Fredywansyah" (MerahPutih, fc8a-013 of
// firstcontact8-tune.jsonl,
// https://www.merahputih.com/post/read/pfi-pamerkan-32-karya-foto-di-mana-istimewanya-yogyakarta).
// It returns the agency and the other parts.
func positionAgency(people []string) (string, []string) {
	first, last := strings.TrimSpace(people[0]), strings.TrimSpace(people[len(people)-1])
	if len(people) == 2 && acronym(first) && !acronym(last) && hasLower(last) {
		return first, people[1:]
	}
	return last, people[:len(people)-1]
}

// groupFirst makes the first part of a credit whose label credits a group
// (names.CutGroupLabel) that group, a source, when it is no known agency
// or role: "Мой Стерлитамак" in "Фото: Фото и видео группы Мой Стерлитамак –
// STR.RU/Vk.com" (fc8a-156 of firstcontact8-tune.jsonl).
func groupFirst(parts []creditPart, group bool) {
	if group && len(parts) > 0 && parts[0].agency == "" && !parts[0].isRole {
		parts[0].agency = parts[0].text
	}
}

// sortParts is the credit of the judged parts' agencies and archive
// role, and the texts of the rest, the people to judge.
func sortParts(parts []creditPart) (credit, []string) {
	var cr credit
	var people []string
	for _, p := range parts {
		switch {
		case p.isRole:
			if p.role == "file" {
				cr.archive = true
			}
		case p.agency != "":
			cr.addAgency(p.agency, p.written)
		default:
			people = append(people, p.text)
		}
	}
	return cr, people
}

// bulletsToBars writes a spaced bullet between the parts of a credit as
// the bar it stands for: "ചിത്രം: NAME ∙ മനോരമ" (the paper after its
// photographer, fc5b-084); and a spaced backslash as the slash it was
// typed for: "ഫോട്ടോ: NAME \ മാതൃഭൂമി" (fc7b-003 of
// firstcontact7-tune.jsonl).
func bulletsToBars(c string) string {
	if !strings.Contains(c, " ∙ ") && !strings.Contains(c, " • ") && !strings.Contains(c, ` \ `) {
		return c
	}
	return strings.NewReplacer(" ∙ ", " | ", " • ", " | ", ` \ `, " / ").Replace(c)
}

// cutClient cuts the client after the last " for " (names.ClientWords)
// from the credit c. Who handed a picture out ("Courtesy of The
// Netherlands Institute for Military History", fc5b-055) has no client.
func cutClient(c string, courtesy bool) (rest, client string) {
	if courtesy {
		return c, ""
	}
	at, n := -1, 0
	for _, w := range names.ClientWords {
		if i := lastIndexFold(c, " "+w+" "); i > at {
			at, n = i, len(w)+2
		}
	}
	if at > 0 {
		return strings.TrimSpace(c[:at]), strings.TrimSpace(c[at+n:])
	}
	return c, ""
}

// dropClause drops the last part of a labelled credit when it is a clause
// of prose after a comma, not a name: "Picha na Kambi Mbwana, aliyekuwa
// wilayani Handeni" (Swahili "…, who was in Handeni district", fc3b-026).
// Such a part opens with a lower-case word that is no name particle and
// is neither a role, an agency nor a web address ("…, dpa", "…, archivo").
func (r creditReader) dropClause(texts []string, c string) []string {
	n := len(texts)
	if n < 2 {
		return texts
	}
	last := texts[n-1]
	first, _, _ := strings.Cut(last, " ")
	// Georgian writes no capitals at all, so a name of its script after a
	// comma is a second photographer ("ფოტოები: NAME, NAME", fc5a-080);
	// in the other caseless scripts it may be a desk or an office
	// ("צילום: NAME, דוברות הכנסת", fc5a-018), and is dropped.
	if !strings.Contains(last, " ") || startsUpper(first) || nameParticles[strings.ToLower(first)] || !strings.Contains(c, ", "+last) ||
		georgianName(last) {
		return texts
	}
	if p := r.classify(last); p.isRole || p.agency != "" || names.WebAddress(first) {
		return texts
	}
	return texts[:n-1]
}

// addClient credits the client of "Getty Images for Tommy Hilfiger" when
// no agency is beside it (beside one, a client is not credited), and
// reports false when it cannot be a name.
func (r creditReader) addClient(cr *credit, client string) bool {
	if !plausibleName(client) {
		return false
	}
	p := r.classify(client)
	name, written := client, client
	if p.agency != "" {
		name = p.agency
	}
	if p.written != "" {
		written = p.written
	}
	cr.agencies, cr.spelled = append(cr.agencies, name), append(cr.spelled, written)
	return true
}

// handedOut reports whether an unlabelled credit is "NAME / SOURCE": a
// slash chain whose parts are a handout source ("Riigikantselei", the
// Estonian Government Office; "Prefeitura do Rio") and people, as in
// "(Jürgen Randma / Riigikantselei)" (fc3a-059). The source vouches for
// the credit as an agency would.
func handedOut(parts []creditPart, c string) bool {
	if !strings.Contains(c, "/") {
		return false
	}
	source := false
	for _, p := range parts {
		source = source || p.isRole && (p.role == "source" || p.role == "handout")
	}
	return source
}

// courtesyLabels open a credit that names who handed the picture out.
var courtesyLabels = []string{"photo courtesy of ", "picture courtesy of ", "photos courtesy of ", "courtesy of "}

// dropAgencySeat drops, in place, the one capitalised word written after
// an agency and a comma: the city the agency works from ("Novosti news
// agency, Moscow", fc-198; "TASS, Moscow"), not a photographer, who is
// credited by a name of two words or more.
func dropAgencySeat(parts []creditPart, c string) {
	for i := 1; i < len(parts); i++ {
		p, prev := parts[i], parts[i-1]
		if p.isRole || p.agency != "" || prev.agency == "" || strings.Contains(p.text, " ") || !startsUpper(p.text) || acronym(p.text) {
			continue
		}
		if strings.Contains(c, prev.text+", "+p.text) {
			parts[i] = creditPart{text: p.text, role: "place", isRole: true}
		}
	}
}

// addPeople adds each name of the parts people as a creator ("A and B"
// split), and reports false when one is not shaped like a person's name.
// alone is the one part of a credit that came after a label as written,
// "" for any other; person says the label names a person
// (names.PersonLabelled).
func (c *credit) addPeople(people []string, alone string, person bool) bool {
	for _, n := range people {
		for _, m := range splitNames(undouble(names.CutPlatform(n))) {
			m = cutSignOff(m)
			// The name after a title is judged, and credited without it
			// ("Mass Communication Specialist 2nd Class John Doe").
			if cut, ok := names.CutRank(m); ok && plausibleName(cut) && personShaped(cut) {
				c.addCreator(m)
				continue
			}
			// One word of a caseless script beside the chain's agency is
			// its photographer, as one capitalised word is ("ഫോട്ടോ:
			// കൃഷ്ണകൃപ \ മാതൃഭൂമി", fc7b-003 of firstcontact7-tune.jsonl,
			// https://www.mathrubhumi.com/gallery/news/news-in-pics/december-20-news-in-pics-1.5294278).
			if len(c.agencies) > 0 && !strings.Contains(m, " ") && caselessWord(m) {
				c.addCreator(m)
				continue
			}
			// So is one word of Burmese, which writes a name's syllables
			// with no space between them, that a label names alone, as
			// written: "(ဓာတ္ပံု-မ်ဳိးထက္ပိုင္)" (fc8a-133 of
			// firstcontact8-tune.jsonl). A page's owner cut from its
			// platform ("ဓာတ္ပံု- NAME ေဖ့စ္ဘုတ္", NAME's Facebook, fc7b-019)
			// is not written alone. After a label that names a person
			// ("فوتو اۆتورى ەرمولين", photo author Ermolin, fc8a-081), one
			// word of any caseless script is a surname alone.
			if m == alone && (burmeseWord(m) || person && caselessWord(m)) {
				c.addCreator(m)
				continue
			}
			if !plausibleName(m) || !personShaped(m) {
				return false
			}
			c.addCreator(m)
		}
	}
	return true
}

// cutSignOff cuts from a name in mixed case a last word of two or three
// capitals that is no generational suffix: a desk's sign-off or initials
// written after the photographer's name, as Daily Maverick ends "Photo:
// Greg Nicolson DM" (fc3b-066). A name in capitals is left as it is.
func cutSignOff(m string) string {
	f := strings.Fields(m)
	if len(f) < 3 {
		return m
	}
	last := f[len(f)-1]
	if len(last) < 2 || len(last) > 3 || !isUpperASCII(last) || generationalSuffixes[strings.ToLower(last)] {
		return m
	}
	for _, w := range f[:len(f)-1] {
		if !hasLower(w) {
			return m
		}
	}
	return strings.Join(f[:len(f)-1], " ")
}

// allPeople reports whether every part is the name of a person beyond
// doubt: two words or more, shaped like a name, no word of a news
// organisation or an institution (mediaWords, sourceWords), no role word
// and no acronym in capitals among mixed-case words.
func allPeople(parts []string) bool {
	for _, p := range parts {
		f := strings.Fields(p)
		if len(f) < 2 || !personShaped(p) || !plausibleName(p) || p == strings.ToUpper(p) || names.OpensWithArticle(p) {
			return false // "The Guardian", "El País", "de Volkskrant" are newspapers
		}
		for _, w := range f {
			lw := strings.ToLower(w)
			if _, role := names.Role(lw); role || mediaWords[lw] || sourceWords[lw] || len(w) >= 2 && w == strings.ToUpper(w) && w != strings.ToLower(w) {
				return false
			}
		}
	}
	return true
}

// creditParts classifies the parts of a credit, splitting a part that is
// neither a role nor a known agency where it joins, glues or spaces a
// known agency to a name ("EPA-EFE/NAME", "AFPJohn Smith").
func (r creditReader) creditParts(texts []string) []creditPart {
	parts := make([]creditPart, 0, len(texts)+2)
	for _, t := range texts {
		if p := r.classify(t); p.isRole || p.known {
			parts = append(parts, p)
			continue
		}
		for _, u := range r.splitJoined(t) {
			for _, v := range r.splitGlued(u) {
				for _, x := range r.splitSpaced(v) {
					parts = append(parts, r.classify(x))
				}
			}
		}
	}
	return parts
}

// judgeUnknownParts decides, in place, which parts the agency table does
// not know are agencies after all, from the shape of the chain.
func judgeUnknownParts(parts []creditPart) {
	// A part written just before "Handout" is where the handout came from
	// ("Giacomo Zorzi/Sea-Watch/Handout via Reuters"), unless it is a
	// known agency or a titled person ("U.S. Army/Staff Sgt. Kyle
	// Davis/Handout via REUTERS").
	for i := 1; i < len(parts); i++ {
		if _, titled := names.CutRank(parts[i-1].text); titled {
			continue
		}
		// "NASA/Bill Ingalls/Handout via REUTERS": after a known source, a
		// name of several words is its photographer.
		if i > 1 && parts[i-2].known && strings.Contains(parts[i-1].text, " ") && personShaped(parts[i-1].text) {
			continue
		}
		if parts[i].isRole && parts[i].role == "handout" && !parts[i-1].isRole && !parts[i-1].known && i > 1 {
			parts[i-1] = creditPart{text: parts[i-1].text, role: "source", isRole: true}
		}
	}
	unknown, multi, known, handout := 0, 0, 0, false
	for _, p := range parts {
		known += boolInt(p.known)
	}
	for i, p := range parts {
		// Beside a known agency, initials in capitals are an
		// organisation, no person's name: "NASA/JPL/Cornell" (NASA's
		// Photojournal, fc4a-010), JPL being NASA's laboratory.
		if known > 0 && !p.known && !p.isRole && p.agency == "" && acronym(p.text) {
			parts[i].agency = p.text
			known++
		}
	}
	for _, p := range parts {
		switch {
		case p.known:
		case p.isRole:
			handout = handout || p.role == "handout"
		case p.agency == "":
			unknown++
			if strings.Contains(p.text, " ") || initialName(p.text) {
				multi++
			}
		}
	}
	// Several unknown parts: the ones of several words are the people, a
	// one-word part beside them is an agency the table does not know
	// ("Name/NurPhoto/Shutterstock", "Name/Invision/AP"). With no person
	// of several words, a one-word part is an agency when the chain names
	// two agencies or a handout ("Khabaronline/WANA/Handout via Reuters");
	// beside one agency it is the photographer ("Lightspring/Shutterstock").
	all := unknown >= 2 && multi > 0 && multi < unknown || multi == 0 && unknown > 0 && (known >= 2 || known > 0 && handout)
	for i, p := range parts {
		// "BFMTV via Reuters", "Sputnik via AP": one word handed on by a
		// distributor is a source, not a person.
		beforeVia := i+1 < len(parts) && parts[i+1].via
		if !p.isRole && p.agency == "" && !strings.Contains(p.text, " ") && (all || beforeVia) {
			parts[i].agency = p.text
		}
	}
	// A stock agency's credit is "Contributor/Shutterstock": the other
	// part is the contributor, whatever its words ("Billion Photos",
	// "Africa Studio").
	if len(parts) == 2 && parts[1].known && stockAgencies[parts[1].agency] && !parts[0].known && !parts[0].isRole {
		parts[0].agency = ""
	}
}

// boolInt is 1 for true, 0 for false.
func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// maxEditorCode bounds one editor's code in a credit chain.
const maxEditorCode = 3

// dropEditorCodes drops the run of editors' codes that ends a chain:
// Antara's "FOTO ANTARA/Syaiful Arif/Koz/pd/12." (fc5b-045 of
// firstcontact5-tune.jsonl: two editors' initials and the year). A run is
// two parts or more of at most maxEditorCode ASCII letters or digits,
// none a known agency, after a name of several words; or one such code
// in lower case closing a chain of three parts or more: "ANTARA
// FOTO/Syaiful Arif/rwa." (g9a-046 of firstcontact9-tune.jsonl,
// https://pemilu.antaranews.com).
func (r creditReader) dropEditorCodes(texts []string) []string {
	n := len(texts)
	for n > 0 {
		t := strings.TrimSpace(texts[n-1])
		if len(t) == 0 || len(t) > maxEditorCode || !isASCIIAlnum(t) {
			break
		}
		if _, ok := r.al.PartAgency(t); ok {
			break
		}
		n--
	}
	if n == 0 || n == len(texts) || !strings.Contains(strings.TrimSpace(texts[n-1]), " ") {
		return texts
	}
	if one := strings.TrimSpace(texts[n]); len(texts)-n == 1 && len(texts) >= 3 && !isDigits(one) && strings.ToLower(one) == one {
		return texts[:n]
	}
	if len(texts)-n < 2 {
		return texts
	}
	// Editors write their codes in lower case or as numbers ("pd",
	// "12"); a run of capitals alone may be agencies ("NAME/ABC/XYZ").
	for _, t := range texts[n:] {
		if t = strings.TrimSpace(t); isDigits(t) || strings.ToLower(t) == t {
			return texts[:n]
		}
	}
	return texts
}

// isASCIIAlnum reports whether s is ASCII letters and digits only.
func isASCIIAlnum(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i] | 0x20
		if !(c >= 'a' && c <= 'z' || s[i] >= '0' && s[i] <= '9') {
			return false
		}
	}
	return true
}

// dropPlaceChain drops the title and the places written after a
// photographer in a comma chain that ends with a country: "©Paulo
// Pinheiro, Águas Vivas, Ilha do Pico, Açores, Portugal, 2008." (the
// picture's title, then island, archipelago, country and year; g9b-167 of
// firstcontact9-tune.jsonl,
// https://ouniversodoaprendiz.blogspot.com/2021/11/atlantida-ilhas-arquipelagos.html).
// The first part stays, and
// every known agency among the others.
func (r creditReader) dropPlaceChain(texts []string, c string) []string {
	n := len(texts)
	if n < 3 {
		return texts
	}
	country := strings.TrimSpace(texts[n-1])
	if names.CountryCode(country) == "" || !strings.Contains(c, ", "+country) {
		return texts
	}
	out := texts[:1:1]
	for _, t := range texts[1 : n-1] {
		if _, ok := r.al.PartAgency(t); ok {
			out = append(out, t)
		}
	}
	return out
}

// dropImageNumbers drops the parts of a credit chain that are an image
// number, a few capitals and five digits or more: UNICEF's
// "UNICEF/UNI198980/Mathema" (fc4a-004).
func dropImageNumbers(texts []string) []string {
	out := texts[:0:0]
	for _, t := range texts {
		if !imageNumber(strings.TrimSpace(t)) {
			out = append(out, cutSerialTail(t))
		}
	}
	return out
}

// dropYears drops the parts of a credit chain that are a bare year, the
// year of the rights written between the holder and the photographer:
// "UNICEF Kenya/2023/Paul Kidero", "© Andrew Brown/2023/Kenya" (UNICEF's
// credit form, fc3b-043..045). It is no date of the picture.
func dropYears(texts []string) []string {
	out := texts[:0:0]
	for _, t := range texts {
		if t = strings.TrimSpace(t); len(t) != 4 || !isDigits(t) || t[0] != '1' && t[0] != '2' {
			out = append(out, t)
		}
	}
	return out
}

// imageNumber reports whether s is up to five capitals then five digits
// or more ("UNI198980").
func imageNumber(s string) bool {
	i := 0
	for i < len(s) && 'A' <= s[i] && s[i] <= 'Z' {
		i++
	}
	return i >= 1 && i <= 5 && len(s)-i >= 5 && len(s) <= 20 && isDigits(s[i:])
}

// clientWrittenTwice reads Getty's credit for a client's photographer,
// "Photo by NAME - CLIENT/CLIENT via Getty Images" ("Richard Heathcote -
// World Rugby/World Rugby via Getty Images", fc4a-022): a part written
// twice in a row, after a spaced dash, is the client the photographer
// works for, an organisation, written once. Without a dash (dashed false)
// parts are left alone.
func clientWrittenTwice(parts []creditPart, dashed bool) []creditPart {
	for i := 1; dashed && i < len(parts); i++ {
		p, prev := parts[i], parts[i-1]
		if p.isRole || prev.isRole || p.via || !strings.EqualFold(p.text, prev.text) || !strings.Contains(p.text, " ") {
			continue
		}
		if p.agency == "" {
			p.agency = p.text
		}
		return append(append(parts[:i-1:i-1], p), parts[i+1:]...)
	}
	return parts
}

// splitCredit splits a credit into its parts at the separators of a
// caption's credit (names.CaptionSeps: "/", "|", ",", ";", " via " and a
// spaced dash), and reports whether a spaced dash was among them. A part
// after " via " keeps its "via ", for classify.
func splitCredit(c string) ([]string, bool) {
	var out []string
	dashed := false
	emit := func(p string) {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	for rest := c; ; {
		i, n, kind := names.NextSep(rest, names.CaptionSeps)
		if i < 0 {
			emit(rest)
			break
		}
		emit(rest[:i])
		switch kind {
		case names.SepVia:
			rest = rest[i+1:]
		case names.SepDash:
			dashed = true
			rest = rest[i+n:]
		default:
			rest = rest[i+n:]
		}
		if len(out) > maxCreditParts {
			return out, dashed
		}
	}
	return joinGenerational(out, c), dashed
}

// generationalSuffixes end a person's name after a comma: "Lauro
// Montellano, Jr." (fc3b-008), "John Smith, Sr.", "Henry Ford, III".
var generationalSuffixes = map[string]bool{"jr.": true, "jr": true, "sr.": true, "sr": true, "ii": true, "iii": true, "iv": true}

// joinGenerational joins to the part before it a part of out that is a
// generational suffix written after a comma in c, as the name was written.
func joinGenerational(out []string, c string) []string {
	for i := 1; i < len(out); i++ {
		if generationalSuffixes[strings.ToLower(out[i])] && strings.Contains(c, out[i-1]+", "+out[i]) {
			out[i-1] += ", " + out[i]
			out = append(out[:i], out[i+1:]...)
			i--
		}
	}
	return out
}

// agencyOffice reports whether t is a known agency written as its
// initials and one capitalised word, the country or city of its office:
// "UNICEF Afghanistan/Celeste Hibbe", "UN Nairobi/Duncan Moore" (UN
// News, firstcontact4-tune.jsonl fc4a-002, -003), "UNICEF Kenya" (fc3b-043).
// A person's name does not open with an agency's initials.
func (r creditReader) agencyOffice(t string) bool {
	f := strings.Fields(t)
	if len(f) != 2 || !acronym(f[0]) || acronym(f[1]) || !startsUpper(f[1]) || !isLetters(f[1]) {
		return false
	}
	_, known := r.al.PartAgency(f[0])
	return known
}

// monthYearPart reports whether a credit part is the month and year the
// picture was taken, which UNHCR writes as the chain's last part: "UNHCR /
// E. Hockstein / August 2009", "© UNHCR/V.Tan/January 2006" (fc8c-007,
// -009), "UNHCR / R. Chalasani / 04.1999." (fc8d-005, firstcontact8-tune.jsonl):
// a month name of the date tables and a four-digit year, or MM.YYYY.
func monthYearPart(t string) bool {
	f := strings.Fields(strings.TrimRight(t, ". "))
	switch len(f) {
	case 2:
		m, _ := monthOf(f[0])
		y, dg := digits(f[1])
		return m > 0 && validYear(y, dg)
	case 1:
		mm, yy, ok := strings.Cut(f[0], ".")
		if !ok {
			mm, yy, ok = strings.Cut(f[0], "/")
		}
		m, mdg := digits(mm)
		y, ydg := digits(yy)
		return ok && mdg == 2 && m >= 1 && m <= 12 && validYear(y, ydg)
	}
	return false
}

// isLetters reports whether s is letters only.
func isLetters(s string) bool {
	for _, r := range s {
		if !unicode.IsLetter(r) {
			return false
		}
	}
	return s != ""
}

// classify says what one credit part is. The site a page copy took the
// picture from, written before or after the account, is where it was
// found, not who sent it, and is cut first: "(Quelle: Facebook
// Bundesministerium für Gesundheit)" (fc8c-058 of firstcontact8-tune.jsonl).
func (r creditReader) classify(t string) creditPart {
	if names.PlatformPage(t) { // "(National Election Committee's Facebook page)" (fc8d-024)
		return creditPart{text: t, agency: t}
	}
	t, platform := cutPlatform(t)
	t, via := names.CutVia(t)
	p := creditPart{text: t, via: via, platform: platform}
	key := partKey(t)
	if role, ok := names.Role(key); ok {
		p.role, p.isRole = role, true
		return p
	}
	if hasAnyPrefixFold(key, rolePrefixes) {
		p.role, p.isRole = "handout", true
		return p
	}
	if strings.HasSuffix(key, " pool") || strings.HasSuffix(key, " pool photo") || strings.HasPrefix(key, "pool ") {
		p.role, p.isRole = "pool", true
		return p
	}
	if strings.HasSuffix(key, " out") { // "Japan OUT" inside a chain
		p.role, p.isRole = "tag", true
		return p
	}
	if monthYearPart(t) { // "UNHCR / E. Hockstein / August 2009"
		p.role, p.isRole = "tag", true
		return p
	}
	if name, ok := r.al.PartAgency(t); ok {
		p.agency, p.known, p.written = name, true, names.AgencySpelling(t, name)
		return p
	}
	// "Foto: (c) Cristian NISTOR / Arhiva AGERPRES" (fc5a-051): an
	// archive word before a known agency is its archive, the agency.
	if w, rest, ok := strings.Cut(t, " "); ok {
		if role, _ := names.Role(w); role == "file" {
			if name, ok := r.al.PartAgency(rest); ok {
				p.agency, p.known, p.written = name, true, names.AgencySpelling(strings.TrimSpace(rest), name)
				return p
			}
		}
	}
	if collectionPart(key) || soleSource(key) || tourismBoard(key) {
		p.role, p.isRole = "source", true
		return p
	}
	if len(key) > 3 && names.CountryCode(t) != "" {
		// "© Andrew Brown/2023/Kenya" (fc3b-045): a country's name in the
		// chain is where the picture was taken, neither a person nor an
		// agency. Codes ("PA", "DM") are left to the agency table.
		p.role, p.isRole = "place", true
		return p
	}
	if r.agencyOffice(t) {
		p.agency = t
		return p
	}
	if names.ImagingUnit(key) { // "Canadian Forces Combat Camera" (fc6a-067)
		p.agency = t
		return p
	}
	media := false
	for f := range strings.FieldsSeq(key) {
		f = strings.Trim(f, ".,")
		if sourceWords[f] {
			p.role, p.isRole = "source", true
			return p
		}
		// "Pittsburgh Tribune-Review" (fc4a-030): a media word inside a
		// hyphenated one.
		for h := range strings.SplitSeq(f, "-") {
			media = media || mediaWords[h] || photoCompound(h)
		}
	}
	if media {
		p.agency = t
	}
	return p
}

// cutPlatform is names.CutPlatform, and whether the part was or named a
// social-media site ("Facebook", "Courtesy Facebook").
func cutPlatform(t string) (string, bool) {
	cut := names.CutPlatform(t)
	return cut, cut != strings.TrimSpace(t) || names.IsPlatform(t)
}

// photoWords are the word for "photo" in the scripts of the label table,
// which an agency's name compounds ("БУЛФОТО", Bulgaria's photo agency,
// fc5a-003; "Racingfotos", "Fotogramma"): no person's name holds one.
var photoWords = []string{"foto", "фото", "photo"}

// photoTrades continue a photo word into a trade's or an art's name,
// which no agency's name is: photographer and photography ("fotograf",
// "фотограф", "fotoğraf"), photojournalist ("photojournalist",
// "fotojornalista", "fotoreporter", "фотокорреспондент").
var photoTrades = []string{"graf", "graph", "ğraf", "граф", "journ", "jorn", "report", "репорт", "кор"}

// photoCompound reports whether the word w (lower case) compounds a
// photo word with other letters, the trades of photoTrades aside.
func photoCompound(w string) bool {
	for _, p := range photoWords {
		if i := strings.Index(w, p); i >= 0 && len(w) > len(p)+2 && !hasAnyPrefixFold(w[i+len(p):], photoTrades) {
			return true
		}
	}
	return false
}

// splitJoined splits a part that joins an agency and a name with a bare
// hyphen: "AP-John Flesher", "AP -Marta Lavandier" (an agency before), and
// "David Joles-Star Tribune" (two names of several words each).
func (r creditReader) splitJoined(t string) []string {
	if _, ok := r.al.PartAgency(t); ok { // "EPA-EFE"
		return []string{t}
	}
	if _, titled := names.CutRank(t); titled { // "Sgt Marc-André Gaudreault" (fc6a-065): one person
		return []string{t}
	}
	i := strings.IndexByte(t, '-')
	if i <= 0 || i == len(t)-1 || strings.Count(t, "-") != 1 {
		return []string{t}
	}
	left, right := strings.TrimSpace(t[:i]), strings.TrimSpace(t[i+1:])
	if left == "" || right == "" {
		return []string{t}
	}
	if _, ok := r.al.PartAgency(left); ok && !strings.Contains(left, " ") {
		return []string{left, right}
	}
	if strings.Contains(left, " ") && strings.Contains(right, " ") && t[i-1] != ' ' && t[i+1] != ' ' {
		return []string{left, right}
	}
	// "Luisa Massanga-ANGOP" (Angola Press, fc5a-090): a name of several
	// words, then an agency's initials. A name all in capitals gives the
	// initials no contrast: "JEON HEON-KYUN" (EPA-EFE's Korean
	// photographer, g10b-036 of firstcontact10-tune.jsonl) is one name with
	// a hyphenated given name, as Korean names are romanized.
	if strings.Contains(left, " ") && personShaped(left) && acronym(right) && !capitalsOnly(left) && t[i-1] != ' ' && t[i+1] != ' ' {
		return []string{left, right}
	}
	return []string{t}
}

// splitGlued splits a part that glues a known agency to a name with no
// separator at all, as web copies print it ("The Canadian PressAdrian
// Wyld", "Adrian WyldThe Canadian Press"): at a lower-case letter followed
// by a capital, where one side is a known agency of at least two words and
// the other has the shape of a name.
func (r creditReader) splitGlued(t string) []string {
	for i := 1; i < len(t); i++ {
		if t[i-1] < 'a' || t[i-1] > 'z' || t[i] < 'A' || t[i] > 'Z' {
			continue
		}
		left, right := t[:i], t[i:]
		if _, ok := r.al.PartAgency(left); ok && strings.Contains(left, " ") && personShaped(right) && plausibleName(right) {
			return []string{left, right}
		}
		if _, ok := r.al.PartAgency(right); ok && strings.Contains(right, " ") && personShaped(left) && plausibleName(left) {
			return []string{left, right}
		}
	}
	return []string{t}
}

// splitSpaced splits a part that writes a known agency and a name with
// only a space between: "TASR Michal Svítok" (fc-012), "Rob Bogaerts
// Nationaal Archief" (fc-020). The agency is the first or last one to
// three words, of two words or more or in capitals; the rest, of two words
// or more, has the shape of a name.
func (r creditReader) splitSpaced(t string) []string {
	f := strings.Fields(t)
	if len(f) >= 2 {
		// "(Archivo EFE)" (fc-169): a role word, then a known agency.
		if _, role := names.Role(f[0]); role {
			if _, ok := r.al.PartAgency(strings.Join(f[1:], " ")); ok {
				return []string{f[0], strings.Join(f[1:], " ")}
			}
		}
	}
	if len(f) < 3 {
		return []string{t}
	}
	agencyRun := func(w []string) bool {
		run := strings.Join(w, " ")
		if _, ok := r.al.PartAgency(run); !ok {
			return false
		}
		return len(w) >= 2 || run == strings.ToUpper(run) && run != strings.ToLower(run)
	}
	name := func(rest string) bool {
		// not "News Agency" after "ISNA" (rw-371): the words of an agency
		return personShaped(rest) && plausibleName(rest) && r.classify(rest).agency == ""
	}
	for k := min(3, len(f)-2); k >= 1; k-- {
		if rest := strings.Join(f[k:], " "); agencyRun(f[:k]) && name(rest) {
			return []string{strings.Join(f[:k], " "), rest}
		}
		if rest := strings.Join(f[:len(f)-k], " "); agencyRun(f[len(f)-k:]) && name(rest) {
			return []string{rest, strings.Join(f[len(f)-k:], " ")}
		}
	}
	return []string{t}
}

// undouble returns the name once when a credit writes it twice glued
// together, as Getty's copies of AFP captions do ("AFP PHOTO / CHRISTOF
// STACHECHRISTOF STACHE/AFP/Getty Images"): a name of several words
// written twice with nothing between.
//
// A name written twice with a space between, once in capitals and once
// in mixed case, is the credit line followed by the page's credit field
// ("FOTO: DEDVI MISSENE Dedvi Missene", fc5a-056 of
// firstcontact5-tune.jsonl): the words are the same but for case. So is
// a name written twice in the same case, the credit and the caption's
// last line ("…/Kiara Worth\nKiara Worth", g11a-039 of
// firstcontact11-tune.jsonl).
func undouble(n string) string {
	h := len(n) / 2
	if len(n)%2 == 0 && n[:h] == n[h:] && strings.Contains(n[:h], " ") {
		return n[:h]
	}
	f := strings.Fields(n)
	if k := len(f) / 2; len(f)%2 == 0 && k >= 2 {
		first, second := strings.Join(f[:k], " "), strings.Join(f[k:], " ")
		if strings.EqualFold(first, second) {
			return first
		}
	}
	return n
}

// personShaped reports whether s can be a photographer's name: its words
// start with a letter, capitalised except for name particles ("Roque de
// Sá", "Lavandeira jr"), so that a run of prose is never taken for one.
func personShaped(s string) bool {
	f := strings.Fields(s)
	if len(f) == 0 {
		return false
	}
	if caselessName(f) {
		return true
	}
	upper := 0
	for _, w := range f {
		r := []rune(w)[0]
		switch {
		case !unicode.IsLetter(r) || strings.ContainsAny(w, "()[]"):
			return false
		case unicode.IsUpper(r):
			upper++
		case !nameParticles[strings.ToLower(strings.TrimRight(w, "."))]:
			return false
		}
	}
	return upper > 0
}

// caselessName reports whether the words f are a name in a script
// without capitals (Arabic, Persian, Thai, Hebrew, Devanagari…), which
// personShaped cannot judge by case: two to four words, each of letters
// and marks of one caseless alphabet (not CJK, whose names have no spaces).
// "تصوير عبدالمجيد الشطي" (fc3b-039), "عکاس: بهزاد پروین قدس" (fc3b-064).
func caselessName(f []string) bool {
	if len(f) < 2 || len(f) > 4 {
		return false
	}
	for _, w := range f {
		if !caselessWord(w) {
			return false
		}
	}
	return true
}

// caselessWord reports whether w is a word of one of the caseless
// alphabets caselessName reads, or an Indic initial with its dot.
func caselessWord(w string) bool {
	if i := strings.TrimSuffix(w, "."); i != w && indicInitial(i) || indicInitials(w) {
		return true // "രാഹുൽ ആർ. പട്ടം" (fc5b-084), "എം.പി. ഉണ്ണികൃഷ്ണൻ" (fc7b-002)
	}
	for _, r := range w {
		switch {
		case unicode.IsMark(r) || r == '\u200c' || r == '-' || georgian(r):
		case !unicode.IsLetter(r) || unicode.IsUpper(r) || unicode.IsLower(r) || r < 0x0590 || r >= 0x2E80:
			return false
		}
	}
	return w != ""
}

// burmeseWord reports whether w is a word of the Myanmar script's letters
// and marks (U+1000–U+109F), in Unicode or in the Zawgyi encoding that
// uses the same code points.
func burmeseWord(w string) bool {
	for _, r := range w {
		if r < 0x1000 || r > 0x109F || !unicode.IsLetter(r) && !unicode.IsMark(r) {
			return false
		}
	}
	return w != ""
}

// georgian reports whether r is a letter of Georgian's Mkhedruli
// alphabet (U+10D0–U+10FF). Unicode counts them lower case since Mtavruli
// capitals were added (U+1C90), but Georgian writes names without
// capitals ("ფოტოები: გიორგი ჟამერაშვილი, გიორგი ნიკოლიშვილი", fc5a-080):
// for a name's shape the alphabet is caseless.
func georgian(r rune) bool { return r >= 0x10D0 && r <= 0x10FF }

// georgianName reports whether s is a name of two to four words of the
// Georgian alphabet.
func georgianName(s string) bool {
	f := strings.Fields(s)
	if len(f) < 2 || len(f) > 4 {
		return false
	}
	for _, w := range f {
		for _, r := range w {
			if !georgian(r) && r != '-' {
				return false
			}
		}
	}
	return true
}

// nameParticles are the lower-case words a person's name may hold.
var nameParticles = map[string]bool{
	"de": true, "da": true, "do": true, "dos": true, "das": true, "del": true, "della": true, "di": true,
	"du": true, "la": true, "le": true, "van": true, "von": true, "der": true, "den": true, "ten": true,
	"ter": true, "zu": true, "al": true, "el": true, "bin": true, "ibn": true, "jr": true, "y": true, "e": true,
	"mc": true, "st": true,
	// Lithuanian "ir" (and) joins given names before the surname they
	// share, as "y" and "e" do in Spanish and Portuguese names ("Algimanto
	// ir Mindaugo Černiauskų", fc-181; https://lt.wiktionary.org/wiki/ir).
	"ir": true,
}

// splitNames splits "A and B", "A & B", "A und B", "A et B" into names.
// Commas were already split by splitCredit.
func splitNames(s string) []string {
	if s == "" {
		return nil
	}
	var out []string
	for _, b := range splitWord(s, " and ") {
		for _, c := range splitWord(b, " und ") {
			for _, d := range splitWord(c, " et ") {
				for _, n := range strings.Split(d, " & ") {
					if n = strings.TrimSpace(n); n != "" {
						out = append(out, splitTwoNamesY(n)...)
					}
				}
			}
		}
	}
	return out
}

func splitWord(s, sep string) []string {
	var out []string
	start := 0
	for i := 0; i+len(sep) <= len(s); i++ {
		if strings.EqualFold(s[i:i+len(sep)], sep) {
			out = append(out, s[start:i])
			start = i + len(sep)
			i = start - 1
		}
	}
	return append(out, s[start:])
}

// plausibleName reports whether s can be a person's or agency's name: it
// has a letter, no digits, and at most maxNameWords words.
func plausibleName(s string) bool {
	letters, words, inWord := 0, 0, false
	for _, r := range s {
		switch {
		case unicode.IsDigit(r):
			return false
		case r == ' ':
			inWord = false
		default:
			if !inWord {
				words++
				inWord = true
			}
			if unicode.IsLetter(r) {
				letters++
			}
		}
	}
	return letters > 0 && words <= maxNameWords && len(s) <= maxCreditBytes/2
}

// plausibleAgency is plausibleName for an agency's name, which may hold
// digits beside its letters: Globo's portal "(Foto: Quésia Melo/G1)"
// (fc5a-044), "Flash 90" (fc5a-024), "123RF".
func plausibleAgency(s string) bool {
	return plausibleName(strings.Map(func(r rune) rune {
		if unicode.IsDigit(r) {
			return 'x'
		}
		return r
	}, s)) && strings.IndexFunc(s, unicode.IsLetter) >= 0
}

// tailPhrases start the restriction and handling notes that agencies put
// after the credit ("REUTERS/Name TPX IMAGES OF THE DAY", "… NO SALES.
// NO ARCHIVES"); they are matched on upper-case words only.
var tailPhrases = []string{
	"ATTENTION EDITORS", "EDITORIAL USE ONLY", "FOR EDITORIAL USE ONLY", "RESTRICTED TO EDITORIAL USE",
	"NO SALES", "NO ARCHIVES", "NO RESALES", "NO COMMERCIAL", "NO THIRD PARTY", "NO MAGAZINES", "NO BOOKS",
	"NO USE", "NO ACCESS", "NOT FOR SALE", "MANDATORY CREDIT", "THIS IMAGE HAS BEEN SUPPLIED",
	"THIS IMAGE WAS PROVIDED", "THIS PICTURE WAS PROVIDED", "TPX IMAGES OF THE DAY", "BEST QUALITY AVAILABLE",
	"SEARCH \"", "PICTURE TAKEN WITH", "NO ARCHIVING", "NO ", "OUT.", "OUT",
}

// tailSentences start a last sentence, in any case, that is a usage note
// and no part of the credit ("… Martin Rickett/PA Wire. Editorial use
// only. No commercial use.").
var tailSentences = []string{
	"editorial use only", "for editorial use only", "editorial use", "no archiving", "no archives", "no sales",
	"no resales", "no commercial", "not for sale", "restricted to editorial", "no use ", "no book",
	"usage ", "uso editorial", "nur für redaktionelle", "utilisation éditoriale",
}

// deskTags are the words, in any case, that an agency's desk writes
// after the photographer's name to class the picture, no part of the
// name: Reuters' "Livepic", a picture sent from an event as it happens
// ("Ảnh:Reuters / Dylan Martinez Livepic", fc7b-071 of
// firstcontact7-tune.jsonl,
// https://congan.com.vn/quoc-te/thoi-su-quoc-te/the-gioi-trong-tuan-qua-anh_15917.html).
var deskTags = []string{"livepic"}

// twoWordStarts are first words of two-word place names before "OUT"
// ("SOUTH KOREA OUT").
var twoWordStarts = map[string]bool{
	"SOUTH": true, "NORTH": true, "NEW": true, "HONG": true, "SAUDI": true, "SRI": true, "UNITED": true,
	"EAST": true, "WEST": true, "COSTA": true, "EL": true, "PUERTO": true, "GREAT": true,
}

// cutTails cuts from the end of s what agencies write after the credit:
// Reuters' "(UNITED STATES - Tags: POLITICS)", a Shutterstock reference
// "(16507315bs)", "+++ dpa-Bildfunk +++", "[+]", and upper-case handling
// notes ("CHINA OUT", "NO SALES", "EDITORIAL USE ONLY", "TPX IMAGES OF THE
// DAY", "ATTENTION EDITORS - …"), and a page title's bar left dangling
// after the credit ("Ảnh Kiến Trần |", fc8a-131 of firstcontact8-tune.jsonl).
func cutTails(s string) string {
	t := s
	for n := 0; n < maxTailCuts; n++ {
		t = strings.TrimRight(t, " .;|")
		switch {
		case strings.HasSuffix(t, ")"):
			open := matchingOpen(t)
			if open < 0 {
				return t
			}
			inner := t[open+1 : len(t)-1]
			if strings.Contains(inner, "Tags:") || strings.Contains(inner, "TAGS:") || isReference(inner) || isTailRun(inner) {
				t = t[:open]
				continue
			}
		case strings.HasSuffix(t, "+++"):
			if i := strings.LastIndex(t[:len(t)-3], "+++"); i >= 0 {
				t = t[:i]
				continue
			}
		case strings.HasSuffix(t, "[+]"):
			t = t[:len(t)-3]
			continue
		}
		if cut, ok := cutCopyTail(t); ok {
			t = cut
			continue
		}
		if h := hashtagTail(t); h < len(t) {
			t = t[:h]
			continue
		}
		if i := strings.LastIndexByte(t, ' '); i > 0 && slices.Contains(deskTags, strings.ToLower(t[i+1:])) {
			t = t[:i] // "Reuters / Dylan Martinez Livepic"
			continue
		}
		// "REUTERS/Ahmad Masood (AFGHANISTAN - Tags: …)\nAhmad Masood /
		// X90061" (fc5b-033): Reuters' line of the photographer's name
		// again and his code.
		if i := lastIndex(t, " / "); i > 0 && imageNumber(t[i+3:]) {
			name := strings.TrimSpace(t[max(strings.LastIndexAny(t[:i], ")\n")+1, 0):i])
			if len(name) > 3 && strings.Contains(t[:i-len(name)], name) {
				t = t[:i-len(name)]
				continue
			}
		}
		// "(AP Photo/Dar Yasin). July 29, 2011": a copy's posting date
		// after the credit's parenthesis (fc5b-036).
		if i := lastIndex(t, "). "); i > 0 && onlyDate(t[i+3:]) {
			t = t[:i+1]
			continue
		}
		// "THE CANADIAN PRESS/John Woods. JGW": an editor's initials.
		if i := strings.LastIndex(t, ". "); i > 0 && len(t)-i-2 >= 2 && len(t)-i-2 <= 4 && isUpperASCII(t[i+2:]) {
			if _, ok := LookupAgency(t[i+2:]); !ok {
				t = t[:i]
				continue
			}
		}
		if i := lastSentenceEnd(t); i > 0 && hasAnyPrefixFold(t[i:], tailSentences) {
			t = t[:i]
			continue
		}
		if i := galleryCounter(t); i > 0 { // "Feldman/AP 409 von 1000" (fc6a-059)
			t = t[:i]
			continue
		}
		cut := capsTail(t)
		if cut < 0 {
			return t
		}
		t = t[:cut]
	}
	return t
}

// cutCopyTail cuts one of what a copy of the caption writes after its
// credit: a handling note before Reuters' file tag (the tag stays), an
// asset id, a writer's credit, Kyodo's agency written again. It reports
// whether it cut.
func cutCopyTail(t string) (string, bool) {
	if hasSuffixFold(t, fileTag) {
		// "REUTERS/ Stringer BEST QUALITY AVAILABLE/File Photo" (g10a-085).
		head := t[:len(t)-len(fileTag)]
		if cut := capsTail(head); cut > 0 {
			return strings.TrimRight(head[:cut], " ") + t[len(head):], true
		}
	}
	if n := len(t); n > 0 && (isDigitByte(t[n-1]) || t[n-1] == ')') && assetIDAtEnd(t) {
		// "… AP PHOTO / FERNANDO LLANO\n\nAP24088778084705 (1)": the
		// picture's asset id, its file name, on a line of its own
		// (g10a-109 of firstcontact10-tune.jsonl,
		// https://www.ap.org/news-highlights/best-of-the-week/honorable-mention/2024/ap-visual-journalists-document-brutal-mob-killing-in-southern-mexico/).
		return t[:strings.LastIndexAny(cutCopyCount(t), " \n")], true
	}
	if i := writerLabel(t); i > 0 {
		return t[:i], true // "Foto de Regio.com Texto: LEB" (g10a-049)
	}
	// "(Kyodo) ==Kyodo": Kyodo News Images repeats the agency after "==".
	if i := lastIndex(t, "=="); i > 0 {
		if _, ok := LookupAgency(strings.TrimSpace(t[i+2:])); ok {
			return t[:i], true
		}
	}
	return t, false
}

// fileTag is Reuters' tag for an archive picture, closing its credit
// chain, a handling note sometimes before it: "REUTERS/ Stringer BEST
// QUALITY AVAILABLE/File Photo" (g10a-085 of firstcontact10-tune.jsonl,
// https://thecheapinvestor.com/2023/05/04/sudan-conflict-deals-new/file-photo-people-gather-to-ride-trucks-to-flee-outside).
const fileTag = "/file photo"

// hasSuffixFold reports whether s ends with the lower-case suffix, in any
// case.
func hasSuffixFold(s, suffix string) bool {
	return len(s) >= len(suffix) && strings.EqualFold(s[len(s)-len(suffix):], suffix)
}

// cutCopyCount cuts a copy's count in parentheses, " (1)", from the end
// of s: a page's second copy of one file name.
func cutCopyCount(s string) string {
	if rest, ok := strings.CutSuffix(s, ")"); ok {
		if i := strings.LastIndex(rest, " ("); i > 0 && isDigits(rest[i+2:]) && len(rest) > i+2 {
			return rest[:i]
		}
	}
	return s
}

// assetIDAtEnd reports whether t ends with an asset id after a space or
// a line break, a copy's count after it allowed.
func assetIDAtEnd(t string) bool {
	c := cutCopyCount(t)
	i := strings.LastIndexAny(c, " \n")
	return i > 0 && assetID(c[i+1:])
}

// minAssetDigits is the fewest digits of an agency's asset id after its
// letters (AP's "AP24088778084705"): more than any credit's code.
const minAssetDigits = 10

// assetID reports whether w is an agency's asset id, a file name: an
// imageNumber of minAssetDigits digits or more.
func assetID(w string) bool {
	return imageNumber(w) && len(strings.TrimLeft(w, "ABCDEFGHIJKLMNOPQRSTUVWXYZ")) >= minAssetDigits
}

// maxWriterCredit bounds the writer's credit writerLabel cuts: a name or
// initials, no sentence; maxWriterLabel bounds its label's bytes
// (names.WriterLabels, "texte :").
const (
	maxWriterCredit = 40
	maxWriterLabel  = 8
)

// writerLabel returns where a credit of the text's writer starts when it
// ends t, after the picture's credit ("Foto de Regio.com Texto: LEB",
// g10a-049 of firstcontact10-tune.jsonl,
// https://elregio.com/Noticia/cb93bd4d-bb86-4aa0-ac0a-6baa37b44b0f), or
// -1. The label (names.WriterLabels) must follow a space and its credit
// be short; after "and" ("Foto y texto:") it labels the picture too.
func writerLabel(t string) int {
	// Only the end of t can hold it: look no further back than the
	// longest label and its credit.
	from := max(0, len(t)-maxWriterCredit-maxWriterLabel-1)
	for from > 0 && !utf8.RuneStart(t[from]) {
		from--
	}
	tail := t[from:]
	if strings.IndexByte(tail, ':') < 0 {
		return -1 // every label has its colon
	}
	for _, l := range names.WriterLabels() {
		i := lastIndexFold(tail, " "+l)
		if i >= 0 {
			i += from
		}
		if i <= 0 || len(t)-i-1-len(l) > maxWriterCredit || strings.ContainsAny(t[i+1+len(l):], ".\n/") {
			continue
		}
		before := strings.Fields(t[:i])
		if len(before) == 0 || names.LabelJoiner(before[len(before)-1]) {
			continue
		}
		return i
	}
	return -1
}

// onlyDate reports whether s is one full date and nothing else ("July
// 29, 2011").
func onlyDate(s string) bool {
	a, b := nextWord(s, 0)
	h, ok := dateAt(s, a, b, false)
	return ok && a == 0 && h.start == 0 && h.y != 0 && strings.Trim(s[h.end:], " .") == ""
}

// hashtagTail returns where the run of hashtags that ends t begins
// ("… ภาพ / NAME #NationPhoto #ไว้อาลัย", fc3b-053: a social-media copy
// tags the picture after its credit), or len(t) when its last word is no
// hashtag.
func hashtagTail(t string) int {
	end := len(t)
	for {
		s := strings.TrimRight(t[:end], " ")
		i := strings.LastIndexAny(s, " \n") + 1
		if i >= len(s) || s[i] != '#' || len(s)-i < 2 {
			return end
		}
		end = i
	}
}

// isReference reports whether s is a reference number such as
// Shutterstock's "16507315bs": one word of digits and letters, digits
// first.
func isReference(s string) bool {
	s = strings.TrimSpace(s)
	if len(s) < 5 || len(s) > 20 || s[0] < '0' || s[0] > '9' {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z') {
			return false
		}
	}
	return true
}

// isTailRun reports whether s, all of it, is a handling note.
func isTailRun(s string) bool {
	s = strings.TrimSpace(s)
	return s != "" && capsTail(s) == 0
}

// capsTail finds, in the run of upper-case words that ends t, the first
// word that starts a handling note, and returns its byte offset (-1 when
// there is none).
func capsTail(t string) int {
	// Word starts of the trailing upper-case run, last first.
	var starts []int
	end := len(t)
	for end > 0 && len(starts) < 40 {
		i := strings.LastIndexByte(t[:end], ' ') + 1
		w := t[i:end]
		if w != "" && hasLower(w) {
			break
		}
		if w != "" {
			starts = append(starts, i)
		}
		if i == 0 {
			break
		}
		end = i - 1
	}
	for k := len(starts) - 1; k >= 0; k-- {
		at := starts[k]
		rest := t[at:]
		for _, p := range tailPhrases {
			if !strings.HasPrefix(rest, p) || len(rest) > len(p) && p[len(p)-1] != '"' && rest[len(p)] != ' ' && rest[len(p)] != '.' && rest[len(p)] != ',' {
				continue
			}
			if p == "OUT" || p == "OUT." {
				// "CHINA OUT": the place before OUT goes too.
				if k+1 >= len(starts) {
					continue
				}
				at = starts[k+1]
				if k+2 < len(starts) && twoWordStarts[strings.TrimRight(t[starts[k+2]:starts[k+1]], " ")] {
					at = starts[k+2]
				}
				if strings.ContainsAny(t[at:starts[k]], "/") {
					continue // "REUTERS/NAME OUT" is no place
				}
			}
			return at
		}
	}
	return -1
}

func hasLower(s string) bool {
	for _, r := range s {
		if unicode.IsLower(r) {
			return true
		}
	}
	return false
}

const (
	noCreatorMsg = "the credit names no photographer; the creator cannot be checked"
	noAgencyMsg  = "the credit names no agency; the credit cannot be checked"
)

// creditProblems adds to r the warnings for what the caption's credit
// does not say.
func (w *wire) creditProblems(r *Record) {
	switch {
	case !w.creditFound:
		r.warn(ProblemNoCredit, noCreditMsg)
	case len(w.creators) == 0:
		r.warn(ProblemNoCreator, noCreatorMsg)
	case len(w.agencies) == 0:
		r.warn(ProblemNoAgency, noAgencyMsg)
	}
}

func isUpperASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < 'A' || s[i] > 'Z' {
			return false
		}
	}
	return s != ""
}

func hasAnyPrefixFold(s string, prefixes []string) bool {
	for _, p := range prefixes {
		if hasPrefixFold(s, p) {
			return true
		}
	}
	return false
}

// firstSentenceEnd returns the index of the first sentence end in s (a
// '.', '?' or '!' followed by a space, not after an initial or an
// abbreviation), or -1.
// dandas are the full stops of the Indic scripts (U+0964, U+0965):
// Bengali, Hindi, Nepali and Marathi end a sentence, and a credit, with
// one ("… ছবিটি তুলেছেন বরিশাল প্রতিনিধি শামীম আহমেদ।", fc5b-011;
// https://en.wikipedia.org/wiki/Danda).
const dandas = "।॥"

// creditEnd is firstSentenceEnd of a labelled credit, where a dot after
// an Indic initial is no end (indicInitial): in running text such a short
// word may end a sentence, in a name after a label it is an initial.
func creditEnd(s string) int {
	from := 0
	for {
		e := firstSentenceEnd(s[from:])
		if e <= 0 {
			return e
		}
		e += from
		j := strings.LastIndexAny(s[:e], " (/") + 1
		if !indicInitial(s[j:e]) {
			return e
		}
		from = e + 1
	}
}

// maxIndicInitial bounds the runes of an initial written in an Indic
// script.
const maxIndicInitial = 3

// indicInitial reports whether word is a Latin initial spelt in an Indic
// script (U+0900–U+0DFF), as names are written before a dot: Malayalam
// "രാഹുൽ ആർ. പട്ടം" ("R.", fc5b-084). Only after a label (creditEnd):
// in running text a word this short may end a sentence.
func indicInitial(word string) bool {
	n := 0
	for _, r := range word {
		if r < 0x0900 || r > 0x0DFF {
			return false
		}
		n++
	}
	return n > 0 && n <= maxIndicInitial
}

func firstSentenceEnd(s string) int {
	for i := 1; i+1 < len(s); i++ {
		switch s[i] {
		case '.', '?', '!':
			if s[i+1] == ' ' && (s[i] != '.' || !isAbbrevDot(s[:i])) {
				return i
			}
		}
	}
	return -1
}

// openingParenAgency reads a known agency in the parentheses that open a
// credit, the source of the paper named after them, as the chain's first
// part: "Фото: (Afp) Corriere della Sera" (fc8c-062 of
// firstcontact8-tune.jsonl) is "Afp/Corriere della Sera".
func (r creditReader) openingParenAgency(c string) string {
	inner, rest, ok := strings.Cut(strings.TrimPrefix(c, "("), ")")
	inner, rest = strings.TrimSpace(inner), strings.TrimSpace(rest)
	if !strings.HasPrefix(c, "(") || !ok || rest == "" || inner == "" || strings.ContainsAny(inner, "/|,;(") {
		return c
	}
	if _, known := r.al.PartAgency(inner); !known {
		return c
	}
	return inner + "/" + rest
}

// cutCreditParens handles parentheses inside a credit: a role word becomes
// a part of the chain ("Name (Archiv), via dts Nachrichtenagentur"), and so
// does a known agency that ends the credit ("Name (TTXVN)"); a
// reference number ("Name/Shutterstock (16507315bs)") or anything else ends
// the credit.
func (r creditReader) cutCreditParens(c string) string {
	c = r.openingParenAgency(c)
	for n := 0; n < maxCreditParts; n++ {
		i := strings.IndexByte(c, '(')
		if i <= 0 {
			return c
		}
		j := strings.IndexByte(c[i:], ')')
		if j < 0 {
			return strings.TrimSpace(c[:i])
		}
		inner := strings.TrimSpace(c[i+1 : i+j])
		if _, ok := r.al.PartAgency(inner); ok && inner != "" && proseOrEnd(c[i+j+1:]) && !strings.ContainsAny(inner, "/|,;") {
			// "Ảnh: TRÍ DŨNG (TTXVN)" (fc-055): a known agency that ends
			// the credit is its last part.
			return strings.TrimSpace(c[:i]) + "/" + inner
		}
		if siteAndCaselessName(c[:i], inner) && proseOrEnd(c[i+j+1:]) {
			// "விதை2விருட்சம் (சத்தியமூர்த்தி)" (fc8a-146): a site's one word
			// and its photographer's one word of a caseless script.
			return inner + "/" + strings.TrimSpace(c[:i])
		}
		if r.deskAndPhotographer(c[:i], inner) {
			// "Sumber : Harian Metro (Faiz Anuar) , …" (fc5b-088): a
			// newspaper and its photographer in parentheses end the credit.
			return strings.TrimSpace(c[:i]) + "/" + inner
		}
		if _, ok := names.Role(inner); !ok || inner == "" {
			return strings.TrimSpace(c[:i])
		}
		c = strings.TrimSpace(c[:i]) + ", " + inner + strings.TrimLeft(c[i+j+1:], " ")
	}
	return c
}

// siteAndCaselessName reports whether before, a credit's text before a
// parenthesis, is one word, and inner, in the parenthesis, one word of a
// script without capitals: a blog and its photographer, "புகைப்படங்கள் –
// விதை2விருட்சம் (சத்தியமூர்த்தி)" (photographs – SITE (NAME), fc8a-146 of
// firstcontact8-tune.jsonl), as "Harian Metro (Faiz Anuar)" is a paper
// and its photographer (deskAndPhotographer).
func siteAndCaselessName(before, inner string) bool {
	before = strings.TrimSpace(before)
	return before != "" && !strings.ContainsAny(before, " /|,;") && !strings.Contains(inner, " ") && caselessWord(inner)
}

// deskAndPhotographer reports whether before, a credit's text before a
// parenthesis, is a news organisation by the agency table or its words
// (mediaWords) and inner, in the parenthesis, a person's name by its
// shape (two to four words): "Harian Metro (Faiz Anuar)".
func (r creditReader) deskAndPhotographer(before, inner string) bool {
	before = strings.TrimSpace(before)
	if strings.ContainsAny(before, "/|,;") || strings.ContainsAny(inner, "/|,;") {
		return false
	}
	if _, ok := personCredit(inner, 2, 4); !ok || !allPeople([]string{inner}) {
		return false
	}
	p := r.classify(before)
	return p.agency != "" && !p.isRole
}

// proseOrEnd reports whether what follows a known agency's parentheses
// in a credit is nothing, or the sentence going on in lower case: "The
// photo is courtesy of Rana Imran (Associated Press of Pakistan) and was
// taken on September 14, 2008." (fc8d-032 of firstcontact8-tune.jsonl).
func proseOrEnd(rest string) bool {
	rest = strings.TrimSpace(rest)
	r, _ := utf8.DecodeRuneInString(rest)
	return rest == "" || unicode.IsLower(r)
}

// maxCJKNameBytes bounds the photographer's name of a Chinese credit (two
// to four characters; a transcribed foreign name is longer).
const maxCJKNameBytes = 48

// cjkCredit reads the Chinese credit that ends t, whose words come after
// the name (names.CJKShotBy, CJKStaff, CJKReleased): "新华社记者 NAME 摄",
// "…。新华社记者NAME摄", "新华社发(NAME 摄)", "AGENCY记者 NAME/摄",
// "NAME/摄", "新華社發". An agency before the staff word is taken as
// written when the table does not know it: the staff word says it is one.
func (r creditReader) cjkCredit(t string) (credit, bool) {
	t = strings.TrimRight(t, " 。.")
	body, before := t, ""
	if strings.HasSuffix(t, ")") || strings.HasSuffix(t, "）") {
		if open := max(strings.LastIndex(t, "("), lastIndex(t, "（")); open >= 0 {
			body = t[open:]
			body = strings.TrimPrefix(strings.TrimPrefix(body, "("), "（")
			body = strings.TrimSuffix(strings.TrimSuffix(body, ")"), "）")
			before = t[:open]
		}
	}
	var c credit
	name, shot := cutAnySuffix(cutCJKLabelSlash(strings.TrimSpace(body)), names.CJKShotBy())
	if !shot {
		return r.cjkAgencyOnly(t)
	}
	name = cutCJKRole(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(name), "/")))
	agency, written := "", ""
	if before != "" {
		// "新华社发(NAME 摄)"
		if a, aw, ok := r.cjkAgencyBefore(lastCJKSegment(before), names.CJKReleased(), false); ok {
			agency, written = a, aw
		}
		// "(圖/記者黃士原攝)": the paper's own reporter, no agency (g11b-033).
		name, _ = cutAnyPrefix(name, names.CJKStaff())
		name = strings.TrimSpace(name)
	} else {
		// The last segment: "新华社记者 NAME", "新华社记者NAME", "NAME".
		seg := lastCJKSegment(name)
		if i := strings.LastIndexByte(seg, ' '); i >= 0 {
			head := strings.TrimSpace(seg[:i])
			seg = seg[i+1:]
			if a, aw, ok := r.cjkAgencyBefore(lastCJKSegment(head), names.CJKStaff(), true); ok {
				agency, written = a, aw
				r.cjkAgencyChained(&c, name, aw)
			} else if a, aw, ok := r.cjkAgencyBefore(lastCJKSegment(head), names.CJKReleased(), false); ok {
				// "中新社發 NAME 攝" (released by CNS, NAME photographed; fc8a-063)
				agency, written = a, aw
			}
		} else {
			for _, st := range names.CJKStaff() {
				if i := strings.LastIndex(seg, st); i > 0 {
					if a, aw, ok := r.cjkAgencyBefore(seg[:i+len(st)], names.CJKStaff(), true); ok {
						agency, written, seg = a, aw, seg[i+len(st):]
					}
					break
				}
			}
		}
		name = seg
	}
	if name == "" || len(name) > maxCJKNameBytes || !utf8.ValidString(name) || strings.ContainsAny(name, " ,.;:()/") {
		return credit{}, false
	}
	if r, _ := utf8.DecodeRuneInString(name); r < 0x2E80 {
		return credit{}, false // a CJK name: a Latin word before "摄" is no credit of this form
	}
	c.addCreator(name)
	if agency != "" {
		c.addAgency(agency, written)
	}
	return c, true
}

// cutCJKRole cuts a role word and the semicolon after it from the start
// of a Chinese credit's name: "(资料图片;余俊亮摄)" (a file picture; NAME
// photographed; g11b-070 of firstcontact11-tune.jsonl).
func cutCJKRole(name string) string {
	for _, semi := range []string{";", "；"} {
		if head, rest, ok := strings.Cut(name, semi); ok {
			if _, role := names.Role(strings.TrimSpace(head)); role {
				return strings.TrimSpace(rest)
			}
		}
	}
	return name
}

// cjkAgencyOnly reads the Chinese credit that names an agency and no
// photographer: "/ 新華社發" (released by), "香港中通社圖片" (a picture of;
// names.CJKReleased), and "中央社記者NAME傳真", the agency's reporter who
// only sent the picture (names.CJKSent): the agency is the credit, the
// reporter no creator.
func (r creditReader) cjkAgencyOnly(t string) (credit, bool) {
	var c credit
	seg := lastCJKSegment(t)
	if head, sent := cutAnySuffix(seg, names.CJKSent()); sent {
		for _, st := range names.CJKStaff() {
			if i := strings.LastIndex(head, st); i > 0 {
				seg = head[:i+len(st)]
				if a, aw, ok := r.cjkAgencyBefore(seg, names.CJKStaff(), false); ok {
					c.addAgency(a, aw)
					return c, true
				}
				break
			}
		}
		return credit{}, false
	}
	if a, aw, ok := r.cjkAgencyBefore(seg, names.CJKReleased(), false); ok {
		c.addAgency(a, aw)
		return c, true
	}
	return credit{}, false
}

// cjkAgencyChained adds to c the agency that head names before the one
// written as aw, joined by a slash, when the table knows it:
// "石榴云/新疆日报记者 李瑞摄" (the Shiliuyun platform and Xinjiang Daily;
// g9b-142 of firstcontact9-tune.jsonl,
// https://xjmty.com/yx/202309/t20230911_15845954_web.html).
func (r creditReader) cjkAgencyChained(c *credit, head, aw string) {
	i := strings.LastIndex(head, "/"+aw)
	if i <= 0 {
		return
	}
	first := lastCJKSegment(head[:i])
	if a, known := r.al.PartAgency(first); known && first != "" {
		c.addAgency(a, first)
	}
}

// cutCJKLabelSlash cuts a Chinese label word and a slash that open a
// bracketed credit: "(圖/吳德亮攝)" (picture/NAME photographed; g9b-007 of
// firstcontact9-tune.jsonl,
// https://www.ctwant.com/search/%E7%99%BE%E5%B9%B4%E6%AD%B7%E5%8F%B2).
func cutCJKLabelSlash(body string) string {
	if head, rest, ok := strings.Cut(body, "/"); ok && names.LabelWord(head) {
		return strings.TrimSpace(rest)
	}
	return body
}

// lastCJKSegment is what follows the last sentence or clause mark of s.
// The Japanese papers' credit follows an equals sign and a place and date
// ending in the ideographic comma: "…=広島市で2025年7月22日午後6時12分、NAME撮影"
// (Mainichi, firstcontact4-tune.jsonl fc4b-022), "…=2018年8月6日、NAME撮影"
// (Asahi, fc4b-028), "…(9月6日、皇居・宮殿)=NAME撮影" (Nikkei, fc4b-025).
func lastCJKSegment(s string) string {
	if i := cjkSegmentMarks.lastEnd(s); i >= 0 {
		s = s[i:]
	}
	return strings.TrimSpace(s)
}

var cjkSegmentMarks = newMarkSet("。", "，", ",", "）", ")", "；", "/", "=", "＝", "、")

// cjkAgencyBefore reads the agency that seg gives before one of the words
// that end it ("新华社发", "新华社记者"): one the table knows, or, when
// anyName, any agency the word vouches for.
func (r creditReader) cjkAgencyBefore(seg string, words []string, anyName bool) (name, written string, ok bool) {
	a, cut := cutAnySuffix(seg, words)
	a = strings.TrimSpace(a)
	if !cut || a == "" || len(a) > maxCreditBytes || names.CJKOwnPaper(a) {
		return "", "", false
	}
	if name, known := r.al.PartAgency(a); known {
		return name, a, true
	} else if anyName {
		return a, a, true
	}
	return "", "", false
}

// cutAnySuffix cuts the first of suffixes that ends s.
func cutAnySuffix(s string, suffixes []string) (string, bool) {
	for _, x := range suffixes {
		if strings.HasSuffix(s, x) {
			return s[:len(s)-len(x)], true
		}
	}
	return s, false
}

// gluedAgencyCredit reads a credit of two agencies glued together as the
// caption's last word: "AP연합뉴스" (names.GluedAgencySuffixes), the first
// one the table must know.
func (r creditReader) gluedAgencyCredit(t string) (credit, bool) {
	t = strings.TrimRight(t, " .")
	last := t[strings.LastIndexByte(t, ' ')+1:]
	for _, suf := range names.GluedAgencySuffixes() {
		head, ok := strings.CutSuffix(last, suf)
		if ok && head == "" {
			// "… 도쿄=AFP 연합뉴스" (fc4b-001): spaced, the original agency
			// after the dateline's place and "=".
			before := strings.TrimRight(t[:len(t)-len(last)], " ")
			head = before[strings.LastIndexByte(before, ' ')+1:]
			if i := strings.LastIndex(head, "="); i >= 0 {
				head = head[i+1:]
			}
		}
		if !ok || head == "" {
			continue
		}
		a, known := r.al.PartAgency(head)
		b, known2 := r.al.PartAgency(suf)
		if !known || !known2 {
			continue
		}
		var c credit
		c.addAgency(a, head)
		c.addAgency(b, suf)
		return c, true
	}
	// "… Negeri Sembilan. – BERNAMAPIC" (fc3b-001): Malaysian papers glue
	// "PIC" (picture) to the agency's name in capitals after a dash.
	before := strings.TrimRight(t[:len(t)-len(last)], " ")
	if head, ok := strings.CutSuffix(last, "PIC"); ok && len(head) >= 2 && isUpperASCII(head) && (strings.HasSuffix(before, "–") || strings.HasSuffix(before, "-") || strings.HasSuffix(before, "—")) {
		if a, known := r.al.PartAgency(head); known {
			var c credit
			c.addAgency(a, head)
			return c, true
		}
	}
	return credit{}, false
}

// nameThenRole reads a last sentence that is a name and its role word
// (names.PhotographerWords): "… jordskredet. Alex Ljungdahl, fotograf"
// (fc-093).
func nameThenRole(t string) (credit, bool) {
	t = strings.TrimRight(t, " .")
	seg := strings.TrimSpace(t[lastSentenceEnd(t):])
	name, role, ok := strings.Cut(seg, ", ")
	if !ok || !names.PhotographerWord(role) {
		return credit{}, false
	}
	if n := len(strings.Fields(name)); n < 2 || n > 4 || !personShaped(name) || !plausibleName(name) {
		return credit{}, false
	}
	var c credit
	c.addCreator(name)
	return c, true
}

// maxLabelGap bounds how far before a credit label an earlier label may
// start for labelledCreatorBefore: one field line of a photo bank.
const maxLabelGap = 80

// labelledCreatorBefore adds to c, a labelled credit that names no
// photographer, the photographer of the label just before it in t: photo
// banks give the credit as labelled fields, one a line ("- Автор: Михаил
// Климентьев / - Кредит: РИА Новости", fc-035 and fc-036 of
// firstcontact-tune.jsonl). The earlier field must name people only.
//
// A field that names agencies only ("- Кредит: РИА Новости" before "-
// Источник: РИА Новости") is passed over, up to maxLabelFields fields.
// The field just before may have its label after the name instead
// (names.SuffixLabels): "Лилия Шәймиева фотолары\nЧыганак: muslumirc.ru"
// (Tatar "NAME's photos", then "Source: SITE"; fc8a-038 of
// firstcontact8-tune.jsonl).
func (r creditReader) labelledCreatorBefore(c credit, t string) credit {
	for range maxLabelFields {
		t = strings.TrimRight(t, " -–/|;,\n")
		j, _ := lastLabel(t)
		if j < 0 || len(t)-j > maxLabelGap {
			return r.suffixLabelledBefore(c, t)
		}
		prev, ok := r.parseCredit(t[j:], true)
		switch {
		case ok && len(prev.creators) > 0 && len(prev.agencies) == 0:
			c.creators, c.written = prev.creators, prev.written
			return c
		case ok && len(prev.creators) > 0 && slices.Equal(prev.agencies, c.agencies):
			// "Image: Luke Walker/ Getty Images.Source: Getty Images"
			// (fc5b-018): the later field repeats the agency.
			c.creators, c.written = prev.creators, prev.written
			return c
		case !ok || len(prev.creators) > 0:
			return c
		}
		t = t[:j]
	}
	return c
}

// suffixLabelledBefore is labelledCreatorBefore's field whose label
// follows the name, ending t: it must name people only, and a label
// word before it ("Автор фотолары", the author's photos) names nobody.
func (r creditReader) suffixLabelledBefore(c credit, t string) credit {
	if prev, ok := r.suffixLabelCredit(t); ok && len(prev.creators) > 0 && len(prev.agencies) == 0 && !slices.ContainsFunc(prev.creators, names.LabelWord) {
		c.creators, c.written = prev.creators, prev.written
	}
	return c
}

// maxLabelFields bounds how many labelled fields labelledCreatorBefore
// looks back through.
const maxLabelFields = 3

// handleCredit reads a photographer credited by a social-media handle
// after a dash that ends the caption ("… du parc Yasmina – @Abdelmoughit
// Aboumejd", fc-195 of firstcontact-tune.jsonl): two to four words shaped
// like a name.
func handleCredit(t string) (credit, bool) {
	t = strings.TrimRight(t, " .")
	i := strings.LastIndex(t, " @")
	if i < 0 {
		return credit{}, false
	}
	before := strings.TrimRight(t[:i], " ")
	if !strings.HasSuffix(before, " –") && !strings.HasSuffix(before, " -") && !strings.HasSuffix(before, " —") {
		return credit{}, false
	}
	name := t[i+2:]
	if n := len(strings.Fields(name)); n < 2 || n > 4 || !personShaped(name) || !plausibleName(name) {
		return credit{}, false
	}
	var c credit
	c.addCreator(name)
	return c, true
}

// gluedLabelCredit reads an agency glued to a label word in a language
// written without spaces ("ภาพรอยเตอร์", Thai "picture Reuters", fc-184 of
// firstcontact-tune.jsonl): the last such label near the end of t whose
// run up to the next space or ")" is an agency the table knows.
func (r creditReader) gluedLabelCredit(t string) (credit, bool) {
	from := max(0, len(t)-maxCreditBytes)
	for _, l := range names.GluedLabels() {
		i := strings.LastIndex(t[from:], l)
		if i < 0 {
			continue
		}
		rest := t[from+i+len(l):]
		if j := strings.IndexAny(rest, " )）"); j >= 0 {
			rest = rest[:j]
		}
		if rest == "" {
			continue
		}
		if _, ok := r.al.PartAgency(rest); ok {
			return r.parseCredit(rest, true)
		}
	}
	return credit{}, false
}

// suffixLabelCredit reads a credit whose label follows it, ending the
// caption ("… 15 d. BNS nuotr.", Lithuanian "BNS photo"; names.SuffixLabels):
// the words from the last sentence end to the label.
// A dated parenthetical after the label is not the credit's: "NAME
// nuotrauka (2011 m. rugsėjis)" (fc-181).
func (r creditReader) suffixLabelCredit(t string) (credit, bool) {
	t = strings.TrimRight(t, " .")
	if open := matchingOpen(t); strings.HasSuffix(t, ")") && open > 0 && strings.ContainsAny(t[open:], "0123456789") {
		t = t[:open]
	}
	t = strings.TrimRight(t, " .)")
	for _, l := range names.SuffixLabels() {
		if len(t) <= len(l) || !strings.EqualFold(t[len(t)-len(l):], l) || t[len(t)-len(l)-1] != ' ' {
			continue
		}
		body := strings.TrimRight(t[:len(t)-len(l)], " ")
		seg := names.CutCameraSign(strings.TrimSpace(body[lastSentenceEnd(body):]))
		// Armenian ends a sentence with "։" (U+0589), often typed ":"
		// ("… ձյունը: \nNAME ֆոտոռեպորտաժը", fc7b-023).
		for _, stop := range []string{": ", "։ "} {
			if i := strings.LastIndex(seg, stop); i >= 0 {
				seg = strings.TrimSpace(seg[i+len(stop):])
			}
		}
		if seg == "" || len(seg) > maxCreditBytes {
			return credit{}, false
		}
		return r.parseCredit(seg, true)
	}
	return credit{}, false
}

// parenLabelCredit reads a credit whose label word stands in parentheses
// between the photographer's name and the agency, ending the caption:
// UzA's "Сарвар ЎРМОНОВ (сурат) ЎзА" (NAME (photo) AGENCY, fc3b-058). The
// name runs from the last sentence end; the agency must be known, so that
// a parenthesised word in prose is never taken for a label.
func (r creditReader) parenLabelCredit(t string) (credit, bool) {
	t = strings.TrimRight(t, " .")
	open := strings.LastIndexByte(t, '(')
	if open <= 0 {
		return credit{}, false
	}
	word, agency, ok := strings.Cut(t[open+1:], ")")
	if !ok || !names.LabelWord(strings.TrimSpace(word)) {
		return credit{}, false
	}
	if _, known := r.al.PartAgency(strings.TrimSpace(agency)); !known {
		return credit{}, false
	}
	body := strings.TrimRight(t[:open], " ")
	name := strings.TrimSpace(body[lastSentenceEnd(body):])
	if f := strings.Fields(name); len(f) < 2 || len(f) > 4 || !personShaped(name) || !plausibleName(name) {
		return credit{}, false
	}
	return r.parseCredit(name+"/"+strings.TrimSpace(agency), true)
}

// capitalsOnly reports whether s has letters and no lower-case one.
func capitalsOnly(s string) bool {
	letters := false
	for _, r := range s {
		if unicode.IsLower(r) {
			return false
		}
		letters = letters || unicode.IsLetter(r)
	}
	return letters
}

// maxAcronymLetters bounds an agency's initials ("ANSA", "TTXVN").
const maxAcronymLetters = 6

// acronym reports whether w is one word of two to maxAcronymLetters
// letters, all capitals (any script: "MIA", "МИА", "ΑΠΕ").
func acronym(w string) bool {
	n := 0
	for _, r := range w {
		if !unicode.IsUpper(r) {
			return false
		}
		n++
	}
	return n >= 2 && n <= maxAcronymLetters
}

// maxOrgWords bounds the words of a labelled credit read as an
// organisation ("Mladá fronta DNES", "пресс-служба Кремля").
const maxOrgWords = 5

// judgeOrganisations decides, in place, which parts the agency table does
// not know are organisations by their shape: a web address
// ("Kremlin.ru"); a newspaper's name opening with an article ("El País");
// and, as the only part after a label, an agency's initials ("Фото: МИА")
// or capitalised words that are not a person's name ("Foto: Mladá fronta
// DNES"; not "foto de la familia"). A photographer is credited by a name.
func judgeOrganisations(parts []creditPart, labelled bool) {
	handout := slices.ContainsFunc(parts, func(p creditPart) bool { return p.isRole && p.role == "handout" })
	for i, p := range parts {
		if p.agency != "" || p.isRole {
			continue
		}
		if handout && names.WebAddress(p.text) {
			// "(Photo Courtesy - www.sesatha.com.uk)" (fc6b-066): the web
			// site that lent a handout is its source, no agency.
			parts[i].role, parts[i].isRole = "source", true
			continue
		}
		if names.WebAddress(p.text) || names.OpensWithArticle(p.text) && len(parts) > 1 || names.OpensWithOrgHead(p.text) {
			parts[i].agency = p.text
		} else if org, ok := names.QuotedOrg(p.text); ok {
			parts[i].agency = org // "Фото: «БИЗНЕС Online»" (fc8a-015)
		}
	}
	if !labelled || len(parts) != 1 || parts[0].agency != "" || parts[0].isRole {
		return
	}
	t := parts[0].text
	first, _ := utf8.DecodeRuneInString(t)
	if articleOrg(t) {
		parts[0].agency = t // "Фото:The Guardian" (fc3a-017)
		return
	}
	if n := len(strings.Fields(t)); acronym(t) || n >= 2 && n <= maxOrgWords && unicode.IsUpper(first) && !personShaped(t) && plausibleName(t) && !strings.ContainsAny(t, ",;:") {
		parts[0].agency = t
	}
}

// articleOrg reports whether a credit part alone after a label is a
// newspaper's name by its article: English "The" ("The Guardian") or an
// article written in lower case ("de Volkskrant"). A capitalised "De",
// "La" or "El" may open a person's surname ("De Jong", "La Russa").
func articleOrg(t string) bool {
	if !names.OpensWithArticle(t) || strings.ContainsAny(t, ",;:") {
		return false
	}
	w, _, _ := strings.Cut(t, " ")
	return strings.EqualFold(w, "the") || w == strings.ToLower(w)
}

// maxAgencyBeforeLabel bounds the agency written right before a credit
// label ("U.S. Navy photo by", "Xinhua photo by").
const maxAgencyBeforeLabel = 40

// agencyBeforeLabel adds to c the agency written right before its label,
// inside the same parenthesis or sentence: "(Xinhua photo by Li Xin)",
// "(PNA photo by NAME)", "U.S. Navy photo by NAME". An agency the table
// knows counts, first in the chain; before a "… by" label (by is true),
// so does a desk named by its shape: a newspaper's name opening with an
// article ("The Hill Times photograph by NAME", fc3a-002), initials, or
// one capitalised word that is not a position word ("Unsplash photograph
// by NAME", fc3a-004).
func (r creditReader) agencyBeforeLabel(c credit, before string, by bool) credit {
	before = strings.TrimRight(before, " ")
	start := max(strings.LastIndexByte(before, '('), lastSentenceEnd(before)-1) + 1
	run := holderBeforeSource(strings.TrimSpace(before[start:]))
	if run == "" || len(run) > maxAgencyBeforeLabel {
		return c
	}
	name, ok := r.al.PartAgency(run)
	if !ok && (by && deskShaped(run) || mediaNamed(run)) {
		name, ok = run, true
	}
	if !ok {
		return c
	}
	var out credit
	out.addAgency(name, run)
	for k, a := range c.agencies {
		out.addAgency(a, c.spelled[k])
	}
	c.agencies, c.spelled = out.agencies, out.spelled
	return c
}

// holderBeforeSource is the holder a labelled copyright credit names
// before a second label, without its labels, the year of the rights and
// the dash after it: "Photo: © European Union 2019 – Source: EP" (the EU
// holds the rights, its Parliament sent the picture; fc6a-014 of
// firstcontact6-tune.jsonl,
// https://www.realinstitutoelcano.org/en/analyses/the-future-of-the-eus-lead-candidate-procedure/)
// gives "European Union". A run with no label is returned as it is; the
// caller takes the holder only when it is an agency it knows.
func holderBeforeSource(run string) string {
	rest, labelled := names.CutLabels(run)
	if !labelled {
		return run
	}
	rest = strings.TrimSpace(strings.TrimRight(rest, " –—-"))
	if f := strings.Fields(rest); len(f) >= 2 && len(f[len(f)-1]) == 4 && isDigits(f[len(f)-1]) {
		rest = strings.Join(f[:len(f)-1], " ")
	}
	return rest
}

// mediaNamed reports whether the words right before a credit label name a
// newspaper by a media word of its name, any label: "Tribune photo: NAME"
// (The Tribune of Chandigarh, fc8d-035, -036 of firstcontact8-tune.jsonl).
// One to three capitalised words, one of them a media word, none a role
// or a label word.
func mediaNamed(run string) bool {
	f := strings.Fields(run)
	if len(f) == 0 || len(f) > 3 || names.NotAgency(run) {
		return false
	}
	media := false
	for _, w := range f {
		r, _ := utf8.DecodeRuneInString(w)
		if !unicode.IsUpper(r) || !isLetters(w) || names.LabelWord(w) {
			return false
		}
		media = media || mediaWords[strings.ToLower(w)]
	}
	return media && (len(f) > 1 || !genericMediaWords[strings.ToLower(run)])
}

// genericMediaWords are the media words that alone name no desk ("Press
// photo:", "News photo:"; agencies.txt's words standing alone).
var genericMediaWords = map[string]bool{
	"press": true, "presse": true, "prensa": true, "news": true, "media": true, "images": true, "image": true,
	"imagery": true, "pictures": true, "photos": true, "photography": true, "wire": true, "tv": true,
	"television": true, "radio": true, "agency": true, "agence": true, "agencia": true, "network": true,
	"studio": true, "studios": true, "collection": true, "daily": true, "magazine": true, "mag": true,
}

// positionWords say where a picture sits on the page, written before its
// credit as a desk's name would be ("Above photo by NAME", "Top: NAME";
// AP Stylebook, "photo captions"): never a desk.
var positionWords = map[string]bool{
	"above": true, "below": true, "top": true, "bottom": true, "left": true, "right": true, "main": true,
	"cover": true, "header": true, "featured": true, "inset": true, "lead": true, "centre": true, "center": true,
}

// deskShaped reports whether the words before a "… by" label name a desk
// by their shape: an article and a capitalised word ("The Hill Times"),
// initials, or one capitalised word that is neither a role nor a
// position word ("Unsplash").
func deskShaped(run string) bool {
	if names.NotAgency(run) {
		return false
	}
	if names.OpensWithArticle(run) && !strings.ContainsAny(run, ",;:") || acronym(run) {
		return true
	}
	if strings.ContainsAny(run, " ,;:.") || utf8.RuneCountInString(run) < 4 || positionWords[strings.ToLower(run)] {
		return false
	}
	first, _ := utf8.DecodeRuneInString(run)
	return unicode.IsUpper(first) && hasLower(run)
}

// handedOnWords are the Catalan and Spanish words of a picture someone
// gave to an agency, which the agency then credits: "Cedida a l’ACN per
// NAME" (given to ACN by NAME, fc-204), "cedida a EFE por NAME". Each pair
// is the participle with its "to" and the word for "by"
// (https://ca.wiktionary.org/wiki/cedir, https://es.wiktionary.org/wiki/ceder).
var handedOnWords = []struct{ given, by string }{
	{"cedida a ", " per "}, {"cedit a ", " per "}, {"cedides a ", " per "}, {"cedits a ", " per "},
	{"cedida a ", " por "}, {"cedido a ", " por "}, {"cedidas a ", " por "}, {"cedidos a ", " por "},
}

// handedOn rewrites a credit that says who gave the picture to which
// agency ("Cedida a l’ACN per Nati Adell") as the chain "NAME/AGENCY";
// any other credit is returned as it is.
func handedOn(c string) string {
	for _, h := range handedOnWords {
		if !hasPrefixFold(c, h.given) {
			continue
		}
		rest := c[len(h.given):]
		i := lastIndexFold(rest, h.by)
		if i <= 0 {
			continue
		}
		agency, name := strings.TrimSpace(rest[:i]), strings.TrimSpace(rest[i+len(h.by):])
		for _, art := range []string{"l’", "l'", "la ", "el ", "les ", "los "} {
			agency = strings.TrimPrefix(agency, art)
		}
		if agency == "" || name == "" || strings.ContainsAny(agency+name, "/|") {
			continue
		}
		return name + "/" + agency
	}
	return c
}

// heldInWords join a photographer's name to the archive that holds the
// picture: Polish "Fotografia NAME ze zbiorów ARCHIVE" (a photograph by
// NAME from the collections of ARCHIVE, fc4b-039;
// https://pl.wiktionary.org/wiki/zbiór, "collection"), and the same
// phrase in English, German and Czech (https://en.wiktionary.org/wiki/collection#Translations,
// https://de.wiktionary.org/wiki/Sammlung, https://cs.wiktionary.org/wiki/sbírka).
var heldInWords = []string{" ze zbiorów ", " from the collection of ", " from the collections of ", " aus der sammlung ",
	" aus den sammlungen ", " ze sbírek "}

// heldIn rewrites "NAME ze zbiorów ARCHIVE" as the chain "NAME/ARCHIVE":
// the archive credits the picture as an agency does. Any other credit is
// returned as it is.
func heldIn(c string) string {
	for _, h := range heldInWords {
		i := lastIndexFold(c, h)
		if i <= 0 {
			continue
		}
		name, archive := strings.TrimSpace(c[:i]), strings.TrimSpace(c[i+len(h):])
		if name == "" || archive == "" || strings.ContainsAny(name+archive, "/|") {
			continue
		}
		return name + "/" + archive
	}
	return c
}

// cutAnyPrefix cuts the first of prefixes that s starts with and reports
// whether it did.
func cutAnyPrefix(s string, prefixes []string) (string, bool) {
	for _, p := range prefixes {
		if rest, ok := strings.CutPrefix(s, p); ok {
			return rest, true
		}
	}
	return s, false
}
