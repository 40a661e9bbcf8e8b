package caption

// monthTable is one language's month words: per month, the lower-case
// spellings a caption writes next to a day number, separated by spaces,
// with the markers of monthList ("!" mCap, "?" mYear).
type monthTable struct {
	lang   string // ISO 639-1
	cldr   string // the locale whose month names these are (see monthTables)
	months [12]string
}

// monthTables are what glibc's locale data (localedates.txt, read by
// localedates.go for every language) does not give as a date needs it
// (issue 22: date reading per language from data): the case forms glibc
// does not list — the Slovak and Slovenian genitives ("januára",
// "januarja"), the Finnish partitive ("tammikuuta"), the Latvian locative
// ("janvārī") and Croatian "studenog" — which are the grammar of the
// nominative as dates write it, and the short words whose class was
// reviewed by hand: a Latin word of four letters or fewer from the
// generated table needs its day and its year, and these need only their
// day ("únor", "luty", "mars", "maí"), or carry the markers of monthList
// ("!" mCap, "?" mYear: "august!", "mart?", "mac?", the Turkish words).
// Each word was checked against the month names of glibc's locale data
// (/usr/share/i18n/locales/<ll>_<CC>, LC_TIME mon and alt_mon). A word
// that two tables give to different months is ambiguous ("listopad" is
// November in Czech and Polish, October in Croatian; "listopada"
// likewise): months drops it, so that it is never read — a wrong date is
// worse than none. The examples are firstcontact-tune.jsonl ids.
var monthTables = []monthTable{
	{"cs", "cs", [12]string{ // "únor", "září" need only their day
		"", "únor", "", "", "", "", "", "", "září", "", "listopad", ""}},
	{"sk", "sk", [12]string{
		"januára", "februára", "", "apríla", "mája máj", "júna jún", "júla júl", "augusta august!", "", "októbra", "novembra", ""}},
	{"sl", "sl", [12]string{ // the genitive of a date, "26. aprila 2012" (fc-219)
		"januarja", "februarja", "", "aprila", "maja maj", "", "", "avgusta", "", "", "novembra", ""}},
	{"hr", "hr", [12]string{
		"", "", "", "", "", "", "", "", "rujan", "listopada listopad", "studenog", ""}},
	{"sr", "sr_Latn", [12]string{
		"", "", "mart?", "", "maj", "jun", "jul", "", "", "", "", ""}},
	{"pl", "pl", [12]string{ // "6 września 2019 r." (fc-197); "luty" needs only its day
		"", "luty", "", "", "maja maj", "", "", "", "", "", "listopada listopad", ""}},
	{"ro", "ro", [12]string{
		"", "", "", "", "mai", "", "", "august!", "", "", "", ""}},
	{"lt", "lt", [12]string{
		"", "", "kovo", "", "", "", "", "", "", "", "", ""}},
	{"lv", "lv", [12]string{ // the locative of a date ("15. janvārī")
		"janvārī", "februārī", "martā", "aprīlī", "maijā", "jūnijā", "jūlijā", "augustā", "septembrī", "oktobrī", "novembrī", "decembrī"}},
	{"et", "et", [12]string{
		"", "", "", "", "mai", "", "", "august!", "", "", "", ""}},
	{"fi", "fi", [12]string{ // the partitive of a date ("15. tammikuuta")
		"tammikuuta", "helmikuuta", "maaliskuuta", "huhtikuuta", "toukokuuta", "kesäkuuta", "heinäkuuta", "elokuuta", "syyskuuta", "lokakuuta", "marraskuuta", "joulukuuta"}},
	{"is", "is", [12]string{
		"", "", "mars", "", "maí", "júní", "júlí", "", "", "", "", ""}},
	{"tr", "tr", [12]string{ // monthList has the Turkish words with their classes; this adds none
		"ocak?", "", "mart?", "nisan?", "", "", "", "", "", "ekim?", "kasım?", "aralık?"}},
	{"id", "id", [12]string{
		"", "", "", "", "mei", "juni", "juli", "", "", "", "", ""}},
	{"ms", "ms", [12]string{ // "mac" is also a word of English text: it needs its year
		"", "", "mac?", "", "mei", "jun", "", "ogos", "", "", "", ""}},
	{"or", "or", [12]string{ // "ମେ" (May, as spoken; glibc writes "ମଇ"): "( ୧୬ ମେ, ୨୦୨୪ )", fc8a-006 of firstcontact8-tune.jsonl (https://en.wiktionary.org/wiki/ମେ)
		"", "", "", "", "ମେ", "", "", "", "", "", "", ""}},
}
