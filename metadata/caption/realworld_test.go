package caption

import (
	"bufio"
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/captag/captag/metadata"
	"github.com/captag/captag/metadata/names"
)

// The real-caption corpus (testdata/realworld/README.md): captions quoted
// from public sources, each with the date, creators and agencies a desk
// editor reads from it. captions.jsonl is the working set (heldout2.jsonl's
// 55 captions joined it after their held-out score was recorded);
// heldout.jsonl was kept aside while the parser was rewritten (issue 9);
// heldout3.jsonl was gathered and annotated before the parser ever ran on
// it.

// minScore is the share of captions (date, creators and agencies all right)
// that each file must reach. The parser before issue 9 read 73 of 360
// (0.203) and 9 of 42 (0.214); the rewritten one read 347 of 360 (0.964)
// and 40 of 42 (0.952); after the follow-up of issue 9 it reads 353 of 360
// (0.981) and 40 of 42; with heldout2 joined and its gaps fixed, 408 of 415
// (0.983). The goal is 0.98; what is left is listed in the README
// ("How well it reads").
const minScore = 0.95

// minScoreFile lowers minScore for a file gathered after the parser was
// written and never tuned on: heldout3.jsonl (75 captions; AFP in French,
// EPA, Xinhua, Anadolu via Getty, dpa, EFE, ANSA; French, German, Spanish,
// Italian, Portuguese) scored 66 of 75 (0.880) before and after the
// heldout2 fixes. Its bound, 0.85, is that score rounded down to 5 %: a
// regression guard; raising it would mean tuning on it.
//
// The first-contact set of issue 22 (221 captions, 37 languages; see the
// README) scored 38 of 111 (0.342) in its tuning half and 36 of 110 (0.327)
// in its held-out half on its one first run. After the tuning step (month
// tables per language, the languages' credit labels, the Chinese credit,
// agency-first tails, the newspapers the credits name; tuned on the tuning
// half only) they read 94 of 111 (0.847) and 49 of 110 (0.445); after
// the second tuning step (ranges of days, labelled field lines, "via"
// trailers, handles, "Fotografia de") 100 of 111 (0.901) and still 49 of
// 110. The third step (month and weekday names of every glibc locale,
// generated; credit labels as a table per language; organisations by
// their shape; labels glued or written after the credit) reads 102 of 111
// (0.919) and 52 of 110 (0.473). The fourth step (a credit that is the
// whole first or last line, an archive's collection and a private holder
// as no agency, an agency's city, "photographer unknown", a picture given
// to an agency by a reader) reads 108 of 111 (0.973) and 69 of 110
// (0.627). Each bound is just under its score, the held-out ones
// regression guards (heldout3 has read 66 or 67 of 75).
//
// firstcontact2.jsonl (116 captions, 26 languages, 37 agencies and desks),
// gathered after the third step and committed before the parser ran on it,
// read 69 of 116 (0.595) at first contact (parser of commit 5525fa1). It is
// held out; its bound is just under that score.
// The third first-contact set (135 captions: 67 from desks of Europe and
// the Americas, 68 of Asia, Africa, the Middle East and Oceania; 31
// languages), gathered after the fourth tuning step and split by source
// site before its one first run, read 30 of 68 (0.441) in its tuning half
// and 28 of 67 (0.418) in its held-out half: 58 of 135 (0.430) at first
// contact. The fifth tuning step (tuned on firstcontact3-tune.jsonl only:
// labels of Swahili, Yoruba, Persian, BBC's "Image copyright"; a desk by
// its shape before "photograph by"; CJK month-days and labels inside a
// sentence; Reuters Japan's "(2022年 ロイター/NAME)"; names in scripts
// without capitals; handout sources of governments and city halls; credits
// set off by a line of their own) reads 59 of 68 (0.868) and 37 of 67
// (0.552): 96 of 135 (0.711). The other files moved with it, none of them
// tuned on: heldout3 68 of 75, firstcontact-held 72 of 110, firstcontact2
// 71 of 116. Each bound is just under its score.
// The fourth first-contact set (107 captions: 55 of sports, picture and
// feature agencies, NGO, space-agency and military credits and regional
// papers, 52 of Chinese, Japanese, Korean, Arabic and other desks; 15
// languages), gathered after the fifth tuning step and split by source
// site before its one first run, read 26 of 53 (0.491) in its tuning half
// and 31 of 54 (0.574) in its held-out half: 57 of 107 (0.533) at first
// contact. The sixth tuning step (tuned on firstcontact4-tune.jsonl only:
// the Japanese papers' "=…、NAME撮影" and bracketed month-days, Korean
// "NAME 기자" credits and Yonhap after a dateline, Japanese agency chains
// and lenticular brackets, a first-line slash chain of an agency or its
// office, image numbers in a chain, Getty's client written twice, media
// words in hyphenated ones, a label after a closing quote, military
// titles' dots, a date glued to a credit's bracket) reads 49 of 53
// (0.925) and 32 of 54 (0.593): 81 of 107 (0.757). The other files moved
// with it, none of them tuned on: heldout3 69 of 75, firstcontact-held 78
// of 110, firstcontact2 73 of 116, firstcontact3-held 38 of 67. The tuning
// bound is just under its score; the held-out bounds stay at first
// contact's, regression guards.
// The fifth first-contact set (219 captions: 109 of Europe's smaller
// languages, Israel, Latin America and Lusophone and Francophone Africa,
// 110 of Asian, Middle Eastern, African and Pacific desks; 144 sites none
// of the other files quotes), gathered after the sixth tuning step and
// split by source site before its one first run (parser of commit
// 19668a8), read 48 of 110 (0.436) in its tuning half and 47 of 109
// (0.431) in its held-out half: 95 of 219 (0.434) at first contact.
// The seventh tuning step (tuned on the four older tuning files only, not
// on firstcontact5-tune.jsonl: a year and a country's name inside a chain, a desk's sign-off after a name, the ©
// read as GBK, "NAME ze zbiorów ARCHIVE", "NAME (сурат) AGENCY", a bare
// name on the last line, an archive record's field lines and initials
// beside a known agency, a handout's issuer named in the text, a date
// after "since" or "tomorrow", a month name with one letter dropped, a
// Korean day of the new year; rw-359's date corrected to none) reads
// captions.jsonl 412 of 415 (0.993), firstcontact-tune 108 of 111
// (0.973), firstcontact3-tune 66 of 68 (0.971), firstcontact4-tune 52 of
// 53 (0.981). Each tuning bound is its score rounded down to 1 %
// (captions.jsonl's joins the table at 0.99); the held-out totals were
// not read while tuning and their bounds are unchanged.
// The eighth tuning step (tuned on firstcontact5-tune.jsonl only: labels of
// Georgian, Malayalam, Nepali and Hebrew; caseless Georgian names and
// Indic initials; AP Foto and "vía"; pipes, dashes, bullets and posting
// dates around a chain; editors' and photographers' codes; handout
// offices, palaces and platforms; fields of a flattened list; "TITLE by
// NAME"; glued Cuartoscuro dates, Latvian year-first and Indonesian
// weekday dates, a weekday-named scene date, "set for") reads 91 of 110
// (0.827); captions.jsonl 410 of 415, the other tuning files unchanged.
// The tuning bound is just under its score. The two steps together read
// 412 of 415, 108 of 111, 66 of 68, 52 of 53 and 91 of 110 in the tuning
// files, and firstcontact5-held 57 of 109 (first contact 47).
// The sixth first-contact set (203 captions: 107 of regional papers,
// clubs, government, army and police photo services, universities,
// museums and NGOs of Europe, North America and Oceania, 96 of Japanese,
// Korean, Chinese, Persian, Arabic, Urdu and Central Asian desks; 126
// sites none of the other files quotes), gathered after the eighth step
// and split by source site before its one first run (parser of commit
// 749302b), read 31 of 103 (0.301) in its tuning half and 54 of 100 (0.540)
// in its held-out half: 85 of 203 (0.419) at first contact.
// The seventh first-contact set (227 captions: 122 of Europe, the
// Americas and Africa, 105 of Asia and the Middle East; 153 sites none of
// the other files quotes, 22 languages new to the corpus), gathered after
// the ninth step by helpers who never ran the parser, and split by source
// site before its one first run (parser of commit 6519311), read 45 of 114
// (0.395) in its tuning half and 52 of 113 (0.460) in its held-out half:
// 97 of 227 (0.427) at first contact.
// The tenth tuning step, part B (tuned on the Latin-script ids of the
// tuning files: military ranks and imaging units, German, Dutch and
// Nordic press credits, "NAME for AGENCY", a heading's "©" credit) reads
// firstcontact6-tune 54 of 103 and firstcontact4-tune 53 of 53; each bound it raised is the score
// rounded down to 5 %.
// The tenth step's part A (tuned on the fc6b, fc5b and fc3b ids of the
// tuning files: Korean reporter credits, bilingual Hong Kong credits, the
// Japanese "(撮影・NAME)", the Minguo year, translated agency names,
// Russian genitive and instrumental names) reads firstcontact6-tune 56 of
// 103 (0.544); its bound is that score rounded down to 5 %. The two
// parts together read firstcontact6-tune 75 of 103.
// The eleventh tuning step (tuned on firstcontact7-tune.jsonl only, run
// beside the tenth) reads it 81 of 114, and firstcontact7-held 59 of 113.
// Step tune11b (bylines, sign-offs, signatures and trailing names, a platform before a name, Livepic, a line-end agency, a backslash chain) reads firstcontact7-tune 92 of 114, firstcontact6-tune 76 of 103 and firstcontact5-held 61 of 109, every other file unchanged.
// Step tune12a (presidencies, universities and chancelleries as handout sources, a name or a surname in capitals after the last sentence, a "(NAME/PAPER)" line above a desk note) reads firstcontact6-tune 83 of 103, firstcontact5-tune 91 of 110 and firstcontact-held 79 of 110, every other file unchanged.
var minScoreFile = map[string]float64{
	"captions.jsonl":            0.99,
	"heldout3.jsonl":            0.90,
	"firstcontact-tune.jsonl":   0.98, // tunetdate: 109 of 111 (before 108)
	"firstcontact-held.jsonl":   0.72, // tune14b: 80 of 110 (a bare "Photo NAME"; before 79)
	"firstcontact2.jsonl":       0.72, // stop 41: 84 of 116 (83 after its first tuning step); tunet9a: 82 of 116 (before 80); tunetdate: 80 of 116 (before 79)
	"firstcontact3-tune.jsonl":  0.98, // stop 37, tunetnl: 67 of 68 (before 66)
	"firstcontact3-held.jsonl":  0.55,
	"firstcontact4-tune.jsonl":  1.00,
	"firstcontact4-held.jsonl":  0.62, // tune14b: 34 of 54 (a credit written twice names its photographer once; before 33)
	"firstcontact5-tune.jsonl":  0.96, // stop 37, tunetlat, tunetdate and tunetnl merged: 106 of 110 (before 102: tune13; eighth step 91)
	"firstcontact5-held.jsonl":  0.59, // tunet9a: 65 of 109 (before 64); tune14b: 63 of 109 (pipeTail 62, the step's label and agency data 63; before 61)
	"firstcontact6-tune.jsonl":  0.92, // stop 37, tunetlat, tunetdate and tunetnl merged: 95 of 103 (before 84: tune13; tune12a 83; tenth step 75)
	"firstcontact6-held.jsonl":  0.59, // stop 41: 59 of 100; tune14b: 56 of 100 (a month and year as the chain's last part; before 55)
	"firstcontact7-tune.jsonl":  0.90, // stop 37, tunetlat and tunetdate merged: 103 of 114 (tunetlat alone 101, tunetdate alone 99; before 97; tune11b 92, eleventh step 81, first contact 45)
	"firstcontact7-held.jsonl":  0.59, // stop 41's tuning step: 67 of 113; tunet9a: 64 of 113 (before 62; first contact: 52)
	"firstcontact8-tune.jsonl":  0.96, // stop 37, the lead, tunetlat, tunetdate and tunetnl merged: 159 of 165 (before 126: fifteenth step; first contact: 55)
	"firstcontact8-held.jsonl":  0.46, // tunet9a: 77 of 164 (before 76); stop 37, all merged: 76 (before 74: tune13, tune14a and tune14b together; first contact: 68)
	"firstcontact9-tune.jsonl":  0.89, // stop 38, tunet9a and tunet9b merged: 121 of 135 (tunet9a alone 107, tunet9b alone 92; first contact at f653476: 80, 85 with the model's guesses)
	"firstcontact9-held.jsonl":  0.63, // stop 38, tunet9a and tunet9b merged: 85 of 134, all the gain on sites the tuning half shares (of the 89 captions of other sites, 57 right, as at first contact); first contact (f653476): 79 of 134 (89 with the model's guesses)
	"firstcontact10-tune.jsonl": 0.80, // stop 41's tuning step: 105 of 130 (109 with the model's guesses); stop 39, the lead's first rule: 82 of 130; first contact (d83a252): 80 of 130 (80 with the model's guesses)
	"firstcontact11-tune.jsonl": 0.72, // stop 41's second tuning step: 52 of 72; first contact (df25cf7, the parser of 0fa3341): 37 of 72 (38 with the model's guesses)
	"firstcontact11-held.jsonl": 0.41, // stop 41's second tuning step: 30 of 72 (37 with the model's guesses); first contact (df25cf7): 29 of 72 (35 with the model's guesses)
	"firstcontact10-held.jsonl": 0.60, // stop 41's tuning step: 78 of 130 (84 with the model's guesses); stop 38, first contact (d83a252): 77 of 130 (84 with the model's guesses)
}

// realworldMinCaptions guards against a file emptied or cut short by
// mistake: each file must hold at least this many captions.
var realworldMinCaptions = map[string]int{
	"captions.jsonl":            415,
	"heldout.jsonl":             42,
	"heldout3.jsonl":            70,
	"firstcontact-tune.jsonl":   111,
	"firstcontact-held.jsonl":   110,
	"firstcontact3-tune.jsonl":  68,
	"firstcontact3-held.jsonl":  67,
	"firstcontact4-tune.jsonl":  53,
	"firstcontact4-held.jsonl":  54,
	"firstcontact5-tune.jsonl":  110,
	"firstcontact5-held.jsonl":  109,
	"firstcontact6-tune.jsonl":  103,
	"firstcontact6-held.jsonl":  100,
	"firstcontact7-tune.jsonl":  114,
	"firstcontact7-held.jsonl":  113,
	"firstcontact8-tune.jsonl":  165,
	"firstcontact8-held.jsonl":  164,
	"firstcontact9-tune.jsonl":  135,
	"firstcontact9-held.jsonl":  134,
	"firstcontact10-tune.jsonl": 130,
	"firstcontact10-held.jsonl": 130,
	"firstcontact11-tune.jsonl": 72,
	"firstcontact11-held.jsonl": 72,
	"firstcontact2.jsonl":       116,
}

// realworldHeldOut names the files kept aside: the test prints only their
// totals, never which caption was missed, so that nobody tunes on them.
var realworldHeldOut = map[string]bool{
	"heldout.jsonl":            true,
	"heldout3.jsonl":           true,
	"firstcontact-held.jsonl":  true,
	"firstcontact3-held.jsonl": true,
	"firstcontact4-held.jsonl": true,
	"firstcontact5-held.jsonl": true,
	"firstcontact6-held.jsonl": true,
	"firstcontact7-held.jsonl": true,
	"firstcontact8-held.jsonl": true,
	"firstcontact2.jsonl":      true,
	"firstcontact9-held.jsonl": true,
	// The tenth set, gathered at the end of stop 38 and measured once
	// (80 and 77 of 130); stop 39's tuning step took its tuning half.
	"firstcontact10-held.jsonl": true,
	// The eleventh set, gathered at stop 41 after its tuning step and
	// measured once (37 and 29 of 72); a second tuning step of stop 41
	// took its tuning half.
	"firstcontact11-held.jsonl": true,
}

// maxRealworldLine bounds one JSON line of the corpus.
const maxRealworldLine = 1 << 16

type realCaption struct {
	ID       string   `json:"id"`
	Style    string   `json:"style"`
	Lang     string   `json:"lang"`
	Source   string   `json:"source"`
	Caption  string   `json:"caption"`
	Date     string   `json:"date"`
	Creators []string `json:"creators"`
	Agencies []string `json:"agencies"`
	Note     string   `json:"note"`
}

func readRealworld(t *testing.T, name string) []realCaption {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", "realworld", name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 0, 4096), maxRealworldLine)
	var out []realCaption
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" {
			continue
		}
		var c realCaption
		dec := json.NewDecoder(strings.NewReader(line))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&c); err != nil {
			t.Fatalf("%s:%d: %v", name, n, err)
		}
		if c.ID == "" || c.Caption == "" || c.Source == "" || c.Lang == "" {
			t.Fatalf("%s:%d: id, caption, source and lang are required", name, n)
		}
		out = append(out, c)
	}
	if err := sc.Err(); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return out
}

// dateMatches: how a record's date compares with the corpus's: "YYYY-MM-DD",
// "MM-DD" (no year in the caption: the year may be 0 or any) or "" (no date).
func dateMatches(want string, r Record) bool {
	switch len(want) {
	case 0:
		return r.Date.Month == 0
	case 5:
		return fmt.Sprintf("%02d-%02d", r.Date.Month, r.Date.Day) == want
	default:
		return r.DateString() == want
	}
}

func gotDate(r Record) string {
	if r.Date.Month == 0 {
		return ""
	}
	if d := r.DateString(); d != "" {
		return d
	}
	return fmt.Sprintf("%02d-%02d", r.Date.Month, r.Date.Day)
}

func sameCreators(want, got []string) bool {
	key := func(l []string) []string {
		var k []string
		for _, s := range l {
			if f := metadata.FoldName(s); f != "" {
				k = append(k, f)
			}
		}
		sort.Strings(k)
		return k
	}
	w, g := key(want), key(got)
	if len(w) != len(g) {
		return false
	}
	for i := range w {
		if w[i] != g[i] {
			return false
		}
	}
	return true
}

// sameRealAgency: equal after FoldName, or the same agency of the table.
func sameRealAgency(want, got string) bool {
	if metadata.FoldName(want) == metadata.FoldName(got) {
		return true
	}
	// names.PartAgency also knows an agency by its web address
	// ("keystone-sda.ch").
	a, ok1 := names.PartAgency(want)
	b, ok2 := names.PartAgency(got)
	return ok1 && ok2 && a == b
}

// sameAgencies compares the chains in order, each without repeats: a
// credit that names one agency twice ("VCG/VCG via Getty Images",
// "picture alliance/dpa") names it once.
func sameAgencies(want, got []string) bool {
	want, got = distinctAgencies(want), distinctAgencies(got)
	if len(want) != len(got) {
		return false
	}
	for i := range want {
		if !sameRealAgency(want[i], got[i]) {
			return false
		}
	}
	return true
}

func distinctAgencies(l []string) []string {
	var out []string
	for _, a := range l {
		dup := false
		for _, o := range out {
			dup = dup || sameRealAgency(o, a)
		}
		if !dup {
			out = append(out, a)
		}
	}
	return out
}

// captionSite is the host name of a caption's source, without a leading
// "www.", "m.", "mobile.", "beta." or "api.": captions of one site share
// a house style.
func captionSite(c realCaption) string {
	src, _, _ := strings.Cut(c.Source, " ")
	u, err := url.Parse(src)
	if err != nil || u.Host == "" {
		return src
	}
	h := strings.ToLower(u.Host)
	for _, p := range []string{"www.", "m.", "mobile.", "beta.", "api."} {
		h = strings.TrimPrefix(h, p)
	}
	return h
}

// tuneSites returns the sites of the tuning half of a held-out file
// ("firstcontact9-held.jsonl" → "firstcontact9-tune.jsonl"), nil when it
// has none.
func tuneSites(t *testing.T, held string) map[string]bool {
	tune, ok := strings.CutSuffix(held, "-held.jsonl")
	if !ok {
		return nil
	}
	out := map[string]bool{}
	for _, c := range readRealworld(t, tune+"-tune.jsonl") {
		out[captionSite(c)] = true
	}
	return out
}

func TestRealworldCaptions(t *testing.T) {
	ids := map[string]string{}
	for _, name := range []string{"captions.jsonl", "heldout.jsonl", "heldout3.jsonl", "firstcontact-tune.jsonl", "firstcontact-held.jsonl", "firstcontact2.jsonl", "firstcontact3-tune.jsonl", "firstcontact3-held.jsonl", "firstcontact4-tune.jsonl", "firstcontact4-held.jsonl", "firstcontact5-tune.jsonl", "firstcontact5-held.jsonl", "firstcontact6-tune.jsonl", "firstcontact6-held.jsonl", "firstcontact7-tune.jsonl", "firstcontact7-held.jsonl", "firstcontact8-tune.jsonl", "firstcontact8-held.jsonl", "firstcontact9-tune.jsonl", "firstcontact9-held.jsonl", "firstcontact10-tune.jsonl", "firstcontact10-held.jsonl", "firstcontact11-tune.jsonl", "firstcontact11-held.jsonl"} {
		caps := readRealworld(t, name)
		if min := realworldMinCaptions[name]; len(caps) < min {
			t.Errorf("%s: %d captions, expected at least %d", name, len(caps), min)
		}
		ok, guessed := 0, 0
		// Held-out captions of a site the tuning half has no caption of:
		// how many, and how many right.
		sites := tuneSites(t, name)
		unshared, unsharedOK := 0, 0
		var failures []string
		for _, c := range caps {
			if prev, dup := ids[c.ID]; dup {
				t.Errorf("%s: id %s already used in %s", name, c.ID, prev)
			}
			ids[c.ID] = name
			r := ParseText(c.Caption, 0)
			good := true
			if !dateMatches(c.Date, r) {
				good = false
				failures = append(failures, fmt.Sprintf("%s date: want %q, got %q", c.ID, c.Date, gotDate(r)))
			}
			if !sameCreators(c.Creators, r.Creators) {
				good = false
				failures = append(failures, fmt.Sprintf("%s creators: want %q, got %q", c.ID, c.Creators, r.Creators))
			}
			if !sameAgencies(c.Agencies, r.Agencies) {
				good = false
				failures = append(failures, fmt.Sprintf("%s agencies: want %q, got %q", c.ID, c.Agencies, r.Agencies))
			}
			if good {
				ok++
			}
			if sites != nil && !sites[captionSite(c)] {
				unshared++
				if good {
					unsharedOK++
				}
			}
			if dateMatches(c.Date, r) && (r.Guess == nil && good || r.Guess != nil && guessRight(c, r.Guess)) {
				guessed++
			}
		}
		score := 0.0
		if len(caps) > 0 {
			score = float64(ok) / float64(len(caps))
		}
		t.Logf("%s: %d of %d captions right (score %.3f); with the model's guesses where no rule read a credit, %d", name, ok, len(caps), score, guessed)
		if sites != nil {
			t.Logf("%s: of its %d captions of sites the tuning half has none of, %d right", name, unshared, unsharedOK)
		}
		if !realworldHeldOut[name] {
			for _, f := range failures {
				t.Log("  " + f)
			}
		}
		min := minScore
		if m, ok := minScoreFile[name]; ok {
			min = m
		}
		if score < min {
			t.Errorf("%s: score %.3f is under %.3f", name, score, min)
		}
	}
}
