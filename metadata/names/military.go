package names

import (
	"strconv"
	"strings"
)

// Tenth tuning step, part B (issue 22): the military credits of the
// Canadian Armed Forces and NATO allies (firstcontact6-tune.jsonl), whose
// photographers are credited with a rank spelled out, a rank abbreviated
// the Canadian way without a dot, or a NATO grade code, and whose imaging
// units are the desk that credits the picture.

// commonwealthRanks are the ranks as Canadian and other Commonwealth
// credits write them before a name: spelled out ("Image By: Master
// Corporal Malcolm Byers", fc6a-066; "Photo: Corporal Ken Beliwicz",
// fc6a-068) or abbreviated without a dot ("Photo by: Cpl Nathan
// Moulton", fc6a-064; "Photo: MCpl Jennifer Kusche", fc6a-067;
// http://ottawacitizen.com/news/national/defence-watch/photos-the-best-images-for-2017-of-canadas-soldiers-at-work,
// https://www.cmfmag.ca/duty_calls/combat-camera-picks-best-images-of-2018/).
// The list of ranks and their abbreviations is the Canadian Armed Forces'
// (https://www.canada.ca/en/department-national-defence/services/military-history/history-heritage/insignia-flags/ranks/rank-appointment-insignia.html).
// Two of its dotless abbreviations are left out because they are given
// names too: "Maj" (Swedish and Danish, "Maj Britt Andersen") and "Col"
// (Colin, in British and Australian credits, "Col Allison"); their dotted
// forms ("Maj.", "Col." in ranks) and the spelled-out ranks are cut.
var commonwealthRanks = []string{
	"master corporal ", "lance corporal ", "corporal ", "staff sergeant ", "sergeant major ", "sergeant ",
	"master bombardier ", "bombardier ", "master warrant officer ", "chief warrant officer ",
	"warrant officer ", "master sailor ", "leading seaman ", "able seaman ", "sailor first class ",
	"petty officer ", "second lieutenant ", "lieutenant-colonel ", "lieutenant colonel ", "lieutenant ",
	"captain ", "colonel ", "aviator ",
	"mcpl ", "mbdr ", "bdr ", "pte ", "mwo ", "cwo ", "lcol ", "2lt ", "capt ", "lt ", "avr ",
}

// natoGrades are the NATO rank codes a multinational mission credits a
// photographer of another army with ("Photo: OR-8 Frank Wiedemann,
// Bundeswehr", fc6a-069): OR-1 to OR-9 for other ranks, OF-1 to OF-10
// for officers (STANAG 2116,
// https://en.wikipedia.org/wiki/Ranks_and_insignia_of_NATO).
var natoGrades = func() []string {
	var g []string
	for i := 10; i >= 1; i-- {
		g = append(g, "of-"+strconv.Itoa(i)+" ")
		if i < 10 {
			g = append(g, "or-"+strconv.Itoa(i)+" ")
		}
	}
	return g
}()

// veteranTitles are the titles of a war's veterans that a credit writes
// before a photographer's name as a rank: Persian "رزمنده" (combatant,
// https://en.wiktionary.org/wiki/رزمنده), "عکاس: رزمنده بهزاد پروین قدس"
// (the photographer, a veteran of the Iran–Iraq war; fc3b-064 of
// firstcontact3-tune.jsonl, https://www.isarpress.ir/1402/01/07/).
var veteranTitles = []string{"رزمنده "}

// allRanks are the titles CutRank cuts: the US titles of ranks, then the
// Commonwealth ranks, the NATO codes and the veterans' titles.
var allRanks = func() []string {
	r := append(append(append(append([]string{}, ranks...), commonwealthRanks...), natoGrades...), veteranTitles...)
	return r
}()

// ranksByFirst indexes allRanks by the fold class of their first rune, in
// allRanks' order (issue 24: CutRank ran a strings.EqualFold per rank for
// every name the parser and the comparison cut, 4 % of a check's CPU). A
// rank can start a name, any case, only if its first rune folds to the
// name's first rune, so the first rank of a list that starts the name is
// the one the whole scan would have found. Built once at init, read only
// after.
var ranksByFirst = byFirstRune(allRanks)

// ranksStarting lists the ranks that may start s in any case.
func ranksStarting(s string) []string { return startingWith(ranksByFirst, s) }

// imagingUnitWords name an armed force's photo unit, the desk that
// credits its photographers' pictures ("Cpl Nathan Moulton, Imagery
// Valcartier", fc6a-064; "Valcartier Imaging Service", fc6a-065;
// "Wainwright Garrison Imaging", fc6a-066; "Canadian Forces Combat
// Camera", fc6a-067): a unit so named is an agency of the credit even
// with an institution's word ("Forces", "Service") in its name.
var imagingUnitWords = []string{"imaging", "imagery", "combat camera"}

// ImagingUnit reports whether the credit part key (lower case) names a
// military or government photo unit.
func ImagingUnit(key string) bool {
	for _, w := range imagingUnitWords {
		if i := strings.Index(key, w); i >= 0 {
			before := i == 0 || key[i-1] == ' '
			after := i+len(w) == len(key) || key[i+len(w)] == ' '
			if before && after {
				return true
			}
		}
	}
	return false
}

// RankOpens reports whether s opens with a military title that a name of
// two words or more follows ("Sgt Marc-André Gaudreault, …"): a credit
// written with no label at all (fc6a-065).
func RankOpens(s string) bool {
	name, _, _ := strings.Cut(s, ",")
	_, ok := CutRank(name)
	return ok
}
