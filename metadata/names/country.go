package names

import (
	"strings"
	"sync"

	"github.com/captag/captag/metadata"
)

//go:generate go run gen_countries.go

// isoCountry is one ISO 3166-1 entry.
type isoCountry struct {
	Alpha2, Alpha3         string
	Name, Official, Common string
}

// countryAliases are names that wire captions and photo desks use for a
// country besides the ISO short, official and common names, keyed by
// alpha-3. Names that could mean two countries ("Congo", "Korea") are
// deliberately absent: CountryCode answers "" for them.
var countryAliases = map[string][]string{
	"ARE": {"UAE", "U.A.E."},
	"BIH": {"Bosnia", "Bosnia-Herzegovina"},
	"BRN": {"Brunei"},
	"CIV": {"Ivory Coast"},
	"COD": {"DR Congo", "D.R. Congo", "DRC", "Democratic Republic of Congo", "Democratic Republic of the Congo", "Congo-Kinshasa"},
	"COG": {"Republic of Congo", "Republic of the Congo", "Congo-Brazzaville"},
	"CPV": {"Cape Verde"},
	"CZE": {"Czech Republic"},
	"GBR": {"UK", "U.K.", "Britain", "Great Britain", "England", "Scotland", "Wales", "Northern Ireland"},
	"HKG": {"Hong Kong SAR"},
	"MAC": {"Macau"},
	"MKD": {"Macedonia", "Republic of North Macedonia"},
	"MMR": {"Burma"},
	"NLD": {"Holland"},
	"PRK": {"DPRK", "North Korea"},
	"PSE": {"Palestine", "Palestinian Territories", "Palestinian Territory", "Occupied Palestinian Territory", "West Bank", "Gaza", "Gaza Strip"},
	"KOR": {"South Korea", "Republic of Korea"},
	"RUS": {"Russia"},
	"SVK": {"Slovak Republic"},
	"SWZ": {"Swaziland"},
	"SYR": {"Syria"},
	"TLS": {"East Timor"},
	"TUR": {"Turkey", "Republic of Turkey", "Republic of Türkiye"},
	"USA": {"US", "U.S.", "USA", "U.S.A.", "United States of America", "America"},
	"VAT": {"Vatican", "Vatican City"},
}

// countryTables are the lookups CountryCode uses, built from isoCountries
// and countryAliases on its first call.
type countryTables struct {
	index       map[string]string // folded name → alpha-3; "" marks a name two entries share
	alpha2To3   map[string]string
	alpha3Known map[string]bool
}

// countries returns the tables, built once.
var countries = sync.OnceValue(buildCountryTables)

func buildCountryTables() *countryTables {
	countryIndex := make(map[string]string, 4*len(isoCountries))
	alpha2To3 := make(map[string]string, len(isoCountries))
	alpha3Known := make(map[string]bool, len(isoCountries))
	add := func(name, code string) {
		key := foldCountry(name)
		if key == "" {
			return
		}
		if old, ok := countryIndex[key]; ok && old != code {
			countryIndex[key] = "" // ambiguous
			return
		}
		countryIndex[key] = code
	}
	for _, c := range isoCountries {
		alpha2To3[c.Alpha2] = c.Alpha3
		alpha3Known[c.Alpha3] = true
		for _, n := range []string{c.Name, c.Official, c.Common} {
			for _, v := range nameVariants(n) {
				add(v, c.Alpha3)
			}
		}
	}
	// Aliases are chosen by hand: they override a generated variant.
	for code, names := range countryAliases {
		for _, n := range names {
			countryIndex[foldCountry(n)] = code
		}
	}
	return &countryTables{index: countryIndex, alpha2To3: alpha2To3, alpha3Known: alpha3Known}
}

// nameVariants returns the spellings an ISO name stands for: the name, the
// name without a parenthesised part and that part alone ("Holy See (Vatican
// City State)"), the part before a comma ("Bolivia, Plurinational State
// of" → "Bolivia") and the inverted form ("Plurinational State of Bolivia").
func nameVariants(n string) []string {
	if n == "" {
		return nil
	}
	out := []string{n}
	if i := strings.IndexByte(n, '('); i > 0 {
		if j := strings.IndexByte(n[i:], ')'); j > 0 {
			inner := n[i+1 : i+j]
			rest := strings.TrimSpace(n[:i]) + " " + strings.TrimSpace(n[i+j+1:])
			out = append(out, strings.TrimSpace(rest), inner)
		}
	}
	if head, tail, ok := strings.Cut(n, ", "); ok {
		out = append(out, head)
		lt := strings.ToLower(tail)
		if strings.HasSuffix(lt, " of") || strings.HasSuffix(lt, " of the") {
			out = append(out, tail+" "+head)
		}
	}
	return out
}

// CountryCode returns the ISO 3166-1 alpha-3 code ("SYR") of a country
// name as captions write it, or "" when the name is unknown or could mean
// more than one country ("Congo", "Korea").
//
// Alpha-3 rather than alpha-2: IPTC allows both, and IIM 2:100, the legacy
// twin of Iptc4xmpCore:CountryCode, is a 3-octet field that agency files
// fill with alpha-3 codes (Getty's "GBR", "USA"; exiftool's own example
// "SYR"), so a sidecar written by captag agrees with the IIM block of the
// agency's image.
//
// Matching ignores case, diacritics, punctuation and a leading "the"; the
// table holds every ISO 3166-1 entry (short, official and common names)
// plus the aliases desks use ("UK", "England", "Russia", "Ivory Coast",
// "Czech Republic", "Türkiye"/"Turkey"…). A value written as an upper-case
// alpha-2 or alpha-3 code ("SY", "SYR") is taken as that code.
func CountryCode(country string) string {
	t := countries()
	c := strings.TrimSpace(country)
	if isUpperASCII(c) {
		switch len(c) {
		case 2:
			if a3, ok := t.alpha2To3[c]; ok {
				return a3
			}
		case 3:
			if t.alpha3Known[c] {
				return c
			}
		}
	}
	return t.index[foldCountry(c)]
}

func isUpperASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < 'A' || s[i] > 'Z' {
			return false
		}
	}
	return s != ""
}

// foldCountry folds a country name as metadata.FoldWords does (case,
// Latin diacritics, apostrophes, punctuation and spacing), after dropping
// the dots of abbreviations ("U.K." = "UK"), then drops a leading "the"
// and the word "and" and spells "st" as "saint".
func foldCountry(s string) string {
	if strings.Contains(s, ".") {
		s = strings.ReplaceAll(s, ".", "")
	}
	f := metadata.FoldWords(s)
	if plainCountryFold(f) {
		return f
	}
	words := strings.Fields(f)
	if len(words) > 1 && words[0] == "the" {
		words = words[1:]
	}
	out := words[:0]
	for _, w := range words {
		switch w {
		case "and": // "Bosnia & Herzegovina" = "Bosnia and Herzegovina"
			continue
		case "st":
			w = "saint"
		}
		out = append(out, w)
	}
	return strings.Join(out, " ")
}

// sceneCountries are the UTC offsets in use in each country, standard and
// summer time, in minutes east of UTC (IANA time zone database, 2024:
// zone1970.tab and the zone files; overseas territories left out), with
// the names captions give the country in their "City, Country" datelines
// and sentences (Reuters "London, Britain", "Washington, U.S."; AP and
// Getty "Sydney, Australia", as in the agencies' caption guides). Names that are also common
// words or names of people or US states (Georgia, Jordan, Chad, Turkey as
// a word) are left out or given only in a longer form.
var sceneCountries = []struct {
	names  string // " | "-separated
	lo, hi int
}{
	{"United States | U.S. | US | USA | United States of America", -600, -240},
	{"Canada", -480, -150},
	{"Mexico", -480, -300},
	{"Brazil", -300, -120},
	{"Argentina | Uruguay", -180, -180},
	{"Chile", -360, -180},
	{"Colombia | Peru | Panama | Jamaica", -300, -300},
	{"Ecuador", -360, -300},
	{"Venezuela | Bolivia | Puerto Rico | Dominican Republic", -240, -240},
	{"Paraguay", -240, -180},
	{"Cuba | Haiti", -300, -240},
	{"Guatemala | Honduras | El Salvador | Nicaragua | Costa Rica", -360, -360},
	{"Britain | United Kingdom | UK | U.K. | England | Scotland | Wales | Northern Ireland | Ireland", 0, 60},
	{"Iceland | Ghana | Senegal | Ivory Coast | Cote d'Ivoire | Mali | Guinea | Sierra Leone | Liberia | Burkina Faso", 0, 0},
	{"Portugal", -60, 60},
	{"Spain", 0, 120},
	{"Morocco", 0, 60},
	{"France | Germany | Italy | Netherlands | Belgium | Switzerland | Austria | Poland | Czech Republic | Czechia | Slovakia | Hungary | Croatia | Slovenia | Serbia | Bosnia and Herzegovina | Bosnia | Montenegro | North Macedonia | Albania | Denmark | Norway | Sweden | Luxembourg | Malta | Monaco | Kosovo | Vatican City | Vatican | San Marino | Andorra | Liechtenstein", 60, 120},
	{"Nigeria | Algeria | Tunisia | Niger | Cameroon | Angola | Republic of Congo | Gabon", 60, 60},
	{"Democratic Republic of Congo | DR Congo", 60, 120},
	{"Finland | Estonia | Latvia | Lithuania | Ukraine | Romania | Bulgaria | Greece | Cyprus | Moldova | Israel | Lebanon | Gaza | West Bank | Palestinian Territories | Egypt", 120, 180},
	{"South Africa | Libya | Sudan | South Sudan | Rwanda | Burundi | Zimbabwe | Zambia | Mozambique | Malawi | Botswana | Namibia", 120, 120},
	{"Russia", 120, 720},
	{"Belarus | Syria | Iraq | Saudi Arabia | Kuwait | Qatar | Bahrain | Yemen | Kenya | Ethiopia | Somalia | Uganda | Tanzania | Eritrea | Djibouti | Madagascar", 180, 180},
	{"Iran", 210, 210},
	{"United Arab Emirates | UAE | Oman | Armenia | Azerbaijan | Mauritius", 240, 240},
	{"Afghanistan", 270, 270},
	{"Pakistan | Uzbekistan | Tajikistan | Turkmenistan | Maldives", 300, 300},
	{"Kazakhstan", 300, 300},
	{"India | Sri Lanka", 330, 330},
	{"Nepal", 345, 345},
	{"Bangladesh | Bhutan | Kyrgyzstan", 360, 360},
	{"Myanmar", 390, 390},
	{"Thailand | Vietnam | Cambodia | Laos", 420, 420},
	{"Indonesia", 420, 540},
	{"Mongolia", 420, 480},
	{"China | Hong Kong | Macau | Taiwan | Singapore | Malaysia | Philippines | Brunei", 480, 480},
	{"Japan | South Korea | North Korea | Timor-Leste | East Timor", 540, 540},
	{"Australia", 480, 660},
	{"Papua New Guinea", 600, 660},
	{"New Zealand", 720, 825},
	{"Fiji", 720, 720},
}

// SceneOffsets is a country a caption names as the scene of its picture:
// the name as sceneCountries writes it and the UTC offsets in use there.
type SceneOffsets struct {
	Name   string
	Lo, Hi int // minutes east of UTC
}

// sceneIndex maps metadata.FoldWords of every name in sceneCountries to
// its entry, built on first use.
var sceneIndex = sync.OnceValue(func() map[string]SceneOffsets {
	m := map[string]SceneOffsets{}
	for _, c := range sceneCountries {
		for _, n := range strings.Split(c.names, "|") {
			n = strings.TrimSpace(n)
			m[metadata.FoldWords(n)] = SceneOffsets{n, c.lo, c.hi}
		}
	}
	return m
})

// MaxCountryWords is the most words a country name has in sceneCountries.
const MaxCountryWords = 5

// SceneCountry returns the country name (folded with metadata.FoldWords
// or not) names as the scene of a caption, with its offsets; ok is false
// for a name that is not one, or is also a common word or a US state.
func SceneCountry(name string) (c SceneOffsets, ok bool) {
	if name == "" {
		return c, false
	}
	c, ok = sceneIndex()[metadata.FoldWords(name)]
	return c, ok
}
