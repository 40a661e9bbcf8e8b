package check

import (
	"github.com/captag/captag/metadata"
	"strings"

	"github.com/captag/captag/metadata/caption"
)

// A UTC time one day off the caption's can be judged better when the
// caption says where the picture was taken: London's offsets are +00:00
// and +01:00, so 13:42 UTC on December 10 is December 10 there, and a
// caption of December 11 is wrong; Washington's are -10:00 (Hawaii) to
// -04:00, so 01:35 UTC on December 12 is December 11 everywhere in the
// country, and a caption of December 11 is right.

// countryOffsets are the UTC offsets in use in each country, standard and
// summer time, in minutes east of UTC (IANA time zone database, 2024:
// zone1970.tab and the zone files; overseas territories left out), with
// the names captions give the country in their "City, Country" datelines
// and sentences (Reuters "London, Britain", "Washington, U.S."; AP and
// Getty "Sydney, Australia", as in the agencies' caption guides). Names that are also common
// words or names of people or US states (Georgia, Jordan, Chad, Turkey as
// a word) are left out or given only in a longer form.
var countryOffsets = []struct {
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

// countryKey maps metadata.FoldWords of every country name to its offsets and the
// name as the table writes it.
var countryKey = func() map[string]country {
	m := map[string]country{}
	for _, c := range countryOffsets {
		for _, n := range strings.Split(c.names, "|") {
			n = strings.TrimSpace(n)
			m[metadata.FoldWords(n)] = country{n, c.lo, c.hi}
		}
	}
	return m
}()

type country struct {
	name   string
	lo, hi int
}

// maxCountryWords is the most words a country name has in countryOffsets.
const maxCountryWords = 5

// sceneOffsets returns the range of offsets (minutes east of UTC) of the
// place the caption names: its dateline country, else every country a
// "City, Country" in its text names ("… in London, Britain, December 11",
// "Washington, U.S."), their ranges joined; place says which. ok is false
// when the caption names no country captag knows.
func sceneOffsets(rec *caption.Record) (lo, hi int, place string, ok bool) {
	if c, found := countryKey[metadata.FoldWords(rec.Country)]; found && rec.Country != "" {
		return c.lo, c.hi, c.name, true
	}
	text := rec.Text
	for i := strings.IndexByte(text, ','); i >= 0; {
		rest := text[i+1:]
		if len(rest) > 64 {
			rest = rest[:64]
		}
		words := strings.Fields(metadata.FoldWords(rest))
		for n := min(len(words), maxCountryWords); n >= 1; n-- {
			name := strings.Join(words[:n], " ")
			if c, found := countryKey[name]; found {
				if !ok {
					lo, hi, ok = c.lo, c.hi, true
					place = c.name
				} else if !strings.Contains(", "+place+", ", ", "+c.name+", ") {
					lo, hi = min(lo, c.lo), max(hi, c.hi)
					place += ", " + c.name
				}
				break
			}
		}
		j := strings.IndexByte(text[i+1:], ',')
		if j < 0 {
			break
		}
		i += 1 + j
	}
	return lo, hi, place, ok
}
