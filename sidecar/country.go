package sidecar

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
	words := strings.Fields(metadata.FoldWords(s))
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
