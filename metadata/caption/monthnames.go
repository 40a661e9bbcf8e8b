package caption

// monthTable is one language's month words: per month, the lower-case
// spellings a caption writes next to a day number, separated by spaces,
// with the markers of monthList ("!" mCap, "?" mYear).
type monthTable struct {
	lang   string // ISO 639-1
	cldr   string // the locale whose month names these are (see monthTables)
	months [12]string
}

// monthTables are the languages beyond monthList's eight (issue 22: date
// reading per language from data). Each table was checked against the
// month names of glibc's locale data (Debian's locales package,
// /usr/share/i18n/locales/<ll>_<CC>, LC_TIME mon and alt_mon, which come
// from CLDR): every form matches the same month there except the case
// forms glibc does not list — the Slovak and Slovenian genitives
// ("januára", "januarja"), the Finnish partitive ("tammikuuta"), the
// Latvian locative ("janvārī") and Croatian "studenog" — which are the
// grammar of the nominative as dates write it, not checked against a data
// source; a comment names the caption (firstcontact-tune.jsonl id) that
// shows one where there is one. No word of a table is another month's in
// glibc's data for that language. A word that two tables give to
// different months is ambiguous ("listopad" is November in Czech and
// Polish, October in Croatian; "listopada" likewise): months drops it, so
// that it is never read — a wrong date is worse than none.
var monthTables = []monthTable{
	{"cs", "cs", [12]string{ // "15. ledna 2019" (fc-001), "(6. ledna 2025)" (fc-098), "26. dubna" (fc-103)
		"ledna leden", "února únor", "března březen", "dubna duben", "května květen", "června červen",
		"července červenec", "srpna srpen", "září", "října říjen", "listopadu listopad", "prosince prosinec"}},
	{"sk", "sk", [12]string{
		"januára január", "februára február", "marca marec", "apríla apríl", "mája máj", "júna jún",
		"júla júl", "augusta august!", "septembra september", "októbra október", "novembra november", "decembra december"}},
	{"sl", "sl", [12]string{ // the genitive of a date, "26. aprila 2012" (fc-219)
		"januarja januar", "februarja februar", "marca marec", "aprila april", "maja maj", "junija junij",
		"julija julij", "avgusta avgust", "septembra september", "oktobra oktober", "novembra november", "decembra december"}},
	{"hr", "hr", [12]string{
		"siječnja siječanj", "veljače veljača", "ožujka ožujak", "travnja travanj", "svibnja svibanj", "lipnja lipanj",
		"srpnja srpanj", "kolovoza kolovoz", "rujna rujan", "listopada listopad", "studenoga studenog studeni", "prosinca prosinac"}},
	{"sr", "sr_Latn", [12]string{
		"januar", "februar", "mart?", "april", "maj", "jun",
		"jul", "avgust", "septembar", "oktobar", "novembar", "decembar"}},
	{"pl", "pl", [12]string{ // "6 września 2019 r." (fc-197)
		"stycznia styczeń", "lutego luty", "marca marzec", "kwietnia kwiecień", "maja maj", "czerwca czerwiec",
		"lipca lipiec", "sierpnia sierpień", "września wrzesień", "października październik", "listopada listopad", "grudnia grudzień"}},
	{"ro", "ro", [12]string{ // "4 iunie 2009" (fc-040)
		"ianuarie", "februarie", "martie", "aprilie", "mai", "iunie",
		"iulie", "august!", "septembrie", "octombrie", "noiembrie", "decembrie"}},
	{"hu", "hu", [12]string{
		"január", "február", "március", "április", "május", "június",
		"július", "augusztus", "szeptember", "október", "november", "december"}},
	{"ru", "ru", [12]string{ // "27 января 2021." (fc-035), "5 сентября 2020." (fc-036)
		"января январь", "февраля февраль", "марта март", "апреля апрель", "мая май", "июня июнь",
		"июля июль", "августа август", "сентября сентябрь", "октября октябрь", "ноября ноябрь", "декабря декабрь"}},
	{"uk", "uk", [12]string{
		"січня січень", "лютого лютий", "березня березень", "квітня квітень", "травня травень", "червня червень",
		"липня липень", "серпня серпень", "вересня вересень", "жовтня жовтень", "листопада листопад", "грудня грудень"}},
	{"bg", "bg", [12]string{
		"януари", "февруари", "март", "април", "май", "юни",
		"юли", "август", "септември", "октомври", "ноември", "декември"}},
	{"el", "el", [12]string{
		"ιανουαρίου ιανουάριος", "φεβρουαρίου φεβρουάριος", "μαρτίου μάρτιος", "απριλίου απρίλιος", "μαΐου μάιος", "ιουνίου ιούνιος",
		"ιουλίου ιούλιος", "αυγούστου αύγουστος", "σεπτεμβρίου σεπτέμβριος", "οκτωβρίου οκτώβριος", "νοεμβρίου νοέμβριος", "δεκεμβρίου δεκέμβριος"}},
	{"lt", "lt", [12]string{
		"sausio sausis", "vasario vasaris", "kovo kovas", "balandžio balandis", "gegužės gegužė", "birželio birželis",
		"liepos liepa", "rugpjūčio rugpjūtis", "rugsėjo rugsėjis", "spalio spalis", "lapkričio lapkritis", "gruodžio gruodis"}},
	{"lv", "lv", [12]string{ // with the locative of a date ("15. janvārī")
		"janvāris janvārī", "februāris februārī", "marts martā", "aprīlis aprīlī", "maijs maijā", "jūnijs jūnijā",
		"jūlijs jūlijā", "augusts augustā", "septembris septembrī", "oktobris oktobrī", "novembris novembrī", "decembris decembrī"}},
	{"et", "et", [12]string{
		"jaanuar", "veebruar", "märts", "aprill", "mai", "juuni",
		"juuli", "august!", "september", "oktoober", "november", "detsember"}},
	{"fi", "fi", [12]string{
		"tammikuuta tammikuu", "helmikuuta helmikuu", "maaliskuuta maaliskuu", "huhtikuuta huhtikuu", "toukokuuta toukokuu", "kesäkuuta kesäkuu",
		"heinäkuuta heinäkuu", "elokuuta elokuu", "syyskuuta syyskuu", "lokakuuta lokakuu", "marraskuuta marraskuu", "joulukuuta joulukuu"}},
	{"is", "is", [12]string{
		"janúar", "febrúar", "mars", "apríl", "maí", "júní",
		"júlí", "ágúst", "september", "október", "nóvember", "desember"}},
	{"tr", "tr", [12]string{ // monthList has the Turkish words with their classes; this adds none
		"ocak?", "şubat", "mart?", "nisan?", "mayıs", "haziran",
		"temmuz", "ağustos", "eylül", "ekim?", "kasım?", "aralık?"}},
	{"id", "id", [12]string{
		"januari", "februari", "maret", "april", "mei", "juni",
		"juli", "agustus", "september", "oktober", "november", "desember"}},
	{"ms", "ms", [12]string{ // "mac" is also a word of English text: it needs its year
		"januari", "februari", "mac?", "april", "mei", "jun",
		"julai", "ogos", "september", "oktober", "november", "disember"}},
}
