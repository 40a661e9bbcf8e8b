package names

import (
	_ "embed"
	"fmt"
	"strings"
	"unicode"

	"github.com/captag/captag/metadata"
)

// agencyTable is the built-in table of news and photo agencies (about 250:
// the world agencies, Getty Images with its regional sources and its brands,
// the national agencies of Europe, the Americas, Asia, Oceania, the Middle
// East and Africa, and the photo agencies whose names appear in credit
// chains), with every spelling seen in captions and in IIM/XMP Credit and
// Source, and the codes Reuters writes into Source. The comment at its top
// gives the format, the sources section by section, and the spellings left
// out on purpose because they are also common words, first names or other
// bodies' acronyms.
//
//go:embed agencies.txt
var agencyTable string

// Agency is one agency of the built-in table.
type Agency struct {
	Name  string   // the name captag writes and reports, the table's first
	Names []string // every spelling seen in captions and in IIM Credit/Source, Name first
	// Codes are the patterns of the codes the agency writes into IIM
	// Source instead of a name (Reuters' "X90024", "RTR"): '#' stands for a
	// digit, '?' for an ASCII letter, anything else for itself, compared
	// without case.
	Codes []string
}

// agencyIndex is the parsed table, indexed once for every question asked
// of it: every spelling's FoldName key, the source-code patterns, every
// spelling's FoldWords form (aligned with Names) and those forms by their
// first word, and the distributor of each brand.
type agencyIndex struct {
	list  []*Agency
	byKey map[string]*Agency
	codes []agencyCode
	words map[*Agency][]string
	first map[string][]spellingOf
	// distributor maps the FoldName key of each brand (the table's
	// "brands" lines), and of every name the table gives it, to its
	// distributor's Name.
	distributor map[string]string
	brands      []brandLine
}

// brandLine is one "brands DISTRIBUTOR = BRAND = …" line of the table.
type brandLine struct {
	distributor *Agency
	brands      []string
}

// spellingOf is one FoldWords spelling of an agency, Names[i].
type spellingOf struct {
	words string
	a     *Agency
	i     int
}

type agencyCode struct {
	pattern string // upper case
	agency  *Agency
}

var agencies = mustParseAgencies(agencyTable)

// mustParseAgencies parses the built-in table; it is the project's own
// file, so an error in it is a bug found by the tests.
func mustParseAgencies(table string) *agencyIndex {
	ix, err := parseAgencies(table)
	if err != nil {
		panic(err)
	}
	return ix
}

// parseAgencies reads the table format: one agency per line, its names
// separated by " = ", the first being the one captag reports; a line
// "code NAME = PATTERN = PATTERN" adds source codes to the agency NAME
// (named earlier); a line "brands DISTRIBUTOR = BRAND = BRAND" names the
// brands a distributor (named earlier) sells under their own names; "#"
// starts a comment line; blank lines are ignored.
func parseAgencies(table string) (*agencyIndex, error) {
	ix := &agencyIndex{byKey: map[string]*Agency{}}
	for n, line := range strings.Split(table, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || line[0] == '#' {
			continue
		}
		if rest, ok := strings.CutPrefix(line, "brands "); ok {
			parts := splitAgencyLine(rest)
			if len(parts) < 2 {
				return nil, fmt.Errorf("names: agencies.txt line %d: expected \"brands DISTRIBUTOR = BRAND\", found %q", n+1, line)
			}
			d := ix.byKey[metadata.FoldName(parts[0])]
			if d == nil {
				return nil, fmt.Errorf("names: agencies.txt line %d: expected a distributor named earlier, found %q", n+1, parts[0])
			}
			ix.brands = append(ix.brands, brandLine{d, parts[1:]})
			continue
		}
		if rest, ok := strings.CutPrefix(line, "code "); ok {
			parts := splitAgencyLine(rest)
			if len(parts) < 2 {
				return nil, fmt.Errorf("names: agencies.txt line %d: expected \"code NAME = PATTERN\", found %q", n+1, line)
			}
			a := ix.byKey[metadata.FoldName(parts[0])]
			if a == nil {
				return nil, fmt.Errorf("names: agencies.txt line %d: expected an agency named earlier, found %q", n+1, parts[0])
			}
			for _, p := range parts[1:] {
				a.Codes = append(a.Codes, p)
				ix.codes = append(ix.codes, agencyCode{strings.ToUpper(p), a})
			}
			continue
		}
		names := splitAgencyLine(line)
		if len(names) == 0 {
			return nil, fmt.Errorf("names: agencies.txt line %d: expected names separated by \" = \", found %q", n+1, line)
		}
		a := &Agency{Name: names[0], Names: names}
		for _, nm := range names {
			if strings.Contains(nm, "=") {
				return nil, fmt.Errorf("names: agencies.txt line %d: expected names separated by \" = \", found %q", n+1, nm)
			}
			k := metadata.FoldName(nm)
			if k == "" {
				return nil, fmt.Errorf("names: agencies.txt line %d: expected names with letters, found %q", n+1, nm)
			}
			if o := ix.byKey[k]; o != nil && o != a {
				return nil, fmt.Errorf("names: agencies.txt line %d: %q is already a name of %s", n+1, nm, o.Name)
			}
			ix.byKey[k] = a
		}
		ix.list = append(ix.list, a)
	}
	ix.index()
	return ix, nil
}

// index builds the word indexes and the distributors of the parsed table.
func (ix *agencyIndex) index() {
	ix.words = make(map[*Agency][]string, len(ix.list))
	ix.first = map[string][]spellingOf{}
	for _, a := range ix.list {
		w := make([]string, len(a.Names)) // aligned with Names; "" never matches
		for i, n := range a.Names {
			w[i] = metadata.FoldWords(n)
			if w[i] == "" {
				continue
			}
			first, _, _ := strings.Cut(w[i], " ")
			ix.first[first] = append(ix.first[first], spellingOf{w[i], a, i})
		}
		ix.words[a] = w
	}
	ix.distributor = map[string]string{}
	for _, bl := range ix.brands {
		for _, b := range bl.brands {
			ix.distributor[metadata.FoldName(b)] = bl.distributor.Name
			if a := ix.byKey[metadata.FoldName(b)]; a != nil {
				for _, n := range a.Names {
					ix.distributor[metadata.FoldName(n)] = bl.distributor.Name
				}
			}
		}
	}
}

func splitAgencyLine(s string) []string {
	var out []string
	for _, p := range strings.Split(s, " = ") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// LookupAgency returns the agency one of whose spellings is s, compared
// after metadata.FoldName ("THE CANADIAN PRESS", "Canadian Press", "CP"
// → The Canadian Press; "Getty Images North America" → Getty Images;
// "REX/Shutterstock" → Shutterstock). s is one component of a credit: a
// chain ("NHLI via Getty Images", "AFP/Getty Images") or a client ("Getty
// Images for Tommy Hilfiger") is not looked up whole but split first. Words
// such as "Pool", "Handout", "Staff" or "Photo" and photographers' names are
// not agencies.
func LookupAgency(s string) (*Agency, bool) {
	if len(s) <= maxASCIIKey {
		var buf [maxASCIIKey]byte
		if k, ascii := foldASCII(buf[:0], s); ascii {
			a := agencies.byKey[string(k)]
			return a, a != nil
		}
	}
	a := agencies.byKey[metadata.FoldName(s)]
	return a, a != nil
}

// maxASCIIKey is the longest ASCII text LookupAgency folds on the stack
// (foldASCII is metadata.FoldName for ASCII, without its allocation;
// issue 24: every credit part is looked up, most are ASCII and short).
const maxASCIIKey = 64

// AgencyByKey returns the agency one of whose spellings has the
// metadata.FoldName key k: LookupAgency for a value folded already.
func AgencyByKey(k string) (*Agency, bool) {
	a := agencies.byKey[k]
	return a, a != nil
}

// Distributor returns the distributor (its Name) of the brand whose
// metadata.FoldName key is k ("wireimage" → "Getty Images", "invision" →
// "AP"), or false when k is no distributor's brand.
func Distributor(k string) (string, bool) {
	d, ok := agencies.distributor[k]
	return d, ok
}

// Spellings returns the metadata.FoldWords form of each of a's names,
// aligned with a.Names ("" for a name that folds to nothing), for finding
// the agency inside a longer text; read-only.
func Spellings(a *Agency) []string { return agencies.words[a] }

// Mentioned returns the names of the table's agencies that the folded,
// space-padded text t (" " + metadata.FoldWords(text) + " ") mentions as
// whole words, in table order, and in shown the spelling of each that t
// uses (of its names that t mentions, the first in the table: "AFP" in
// "© 2016 AFP"). It costs a map lookup per word of t.
func Mentioned(t string) (ids, shown []string) {
	var buf [8]spellingOf
	found := buf[:0]
	for i := 1; i < len(t); {
		j := strings.IndexByte(t[i:], ' ')
		if j < 0 {
			break
		}
		for _, sp := range agencies.first[t[i:i+j]] {
			rest := t[i:]
			if len(rest) <= len(sp.words) || rest[len(sp.words)] != ' ' || rest[:len(sp.words)] != sp.words {
				continue
			}
			dup := false
			for k, f := range found {
				if f.a == sp.a {
					dup = true
					if sp.i < f.i {
						found[k] = sp
					}
				}
			}
			if !dup {
				found = append(found, sp)
			}
		}
		i += j + 1
	}
	if len(found) == 0 {
		return nil, nil
	}
	for _, a := range agencies.list {
		for _, f := range found {
			if f.a == a {
				ids, shown = append(ids, a.Name), append(shown, a.Names[f.i])
			}
		}
	}
	return ids, shown
}

// SourceCode reports whether s, a whole IIM Source or photoshop:Source
// value, is a code that an agency writes there instead of its name
// (Reuters' "X06555", "RTR"), and whose. Names are not codes: use
// LookupAgency for "Reuters" or "Getty Images North America".
func SourceCode(s string) (*Agency, bool) {
	s = strings.TrimSpace(s)
	for _, c := range agencies.codes {
		if matchCode(c.pattern, s) {
			return c.agency, true
		}
	}
	return nil, false
}

// matchCode matches s against an upper-case code pattern ('#' a digit,
// '?' an ASCII letter).
func matchCode(pattern, s string) bool {
	if len(pattern) != len(s) {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'a' <= c && c <= 'z' {
			c -= 'a' - 'A'
		}
		switch p := pattern[i]; p {
		case '#':
			if c < '0' || c > '9' {
				return false
			}
		case '?':
			if c < 'A' || c > 'Z' {
				return false
			}
		default:
			if c != p {
				return false
			}
		}
	}
	return true
}

// Agencies returns the built-in table in its order. The result and the
// agencies are shared: read-only.
func Agencies() []*Agency { return agencies.list }

// maxAcronym is the length up to which an agency's spelling is an acronym
// that free text must write in capitals to name the agency.
const maxAcronym = 5

// NamedInFreeText keeps, of the agencies ids (shown: as the text spells
// each) that a free text such as a Copyright mentions (Mentioned), those
// it names: by a long spelling, or by an acronym written in capitals that
// is not a word of a person's name (acronymNamed). "© Sana Ahmed" names
// no agency (SANA), nor does "SEDAT SUNA" (a photographer, not the Sudan
// News Agency); "© 2016 AA" names Anadolu. orig is the text as written, t
// its metadata.FoldWords form padded with spaces.
func NamedInFreeText(orig, t string, ids, shown []string) ([]string, []string) {
	var keepIDs, keepShown []string
	for i, id := range ids {
		a, ok := LookupAgency(id)
		keep := !ok
		for j := 0; ok && j < len(a.Names) && !keep; j++ {
			sp := a.Names[j]
			if !strings.Contains(t, " "+metadata.FoldWords(sp)+" ") {
				continue
			}
			keep = len(metadata.FoldName(sp)) > maxAcronym || acronymNamed(orig, sp)
		}
		if keep {
			keepIDs, keepShown = append(keepIDs, id), append(keepShown, shown[i])
		}
	}
	return keepIDs, keepShown
}

// hasWordInCaps reports whether orig holds w in upper case as a whole
// word.
func hasWordInCaps(orig, w string) bool {
	u := strings.ToUpper(w)
	for from := 0; from < len(orig); {
		i := strings.Index(orig[from:], u)
		if i < 0 {
			return false
		}
		i += from
		end := i + len(u)
		before := i == 0 || !isWordByte(orig[i-1])
		after := end == len(orig) || !isWordByte(orig[end])
		if before && after {
			return true
		}
		from = i + 1
	}
	return false
}

func isWordByte(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c >= 0x80
}

// maxPersonWords is the most words a person's name has in a credit.
const maxPersonWords = 4

// acronymNamed reports whether the free text orig names the acronym sp:
// written in capitals as a whole word of a part of the text (its labels
// cut, split at StoreSeps) that is not a person's name (personPart):
// "© 2016 SUNA", "SEDAT SUNA/SUNA" and "AFP PHOTO" name theirs, "SEDAT
// SUNA" does not.
func acronymNamed(orig, sp string) bool {
	s, _ := CutLabels(strings.TrimSpace(orig))
	return eachPart(s, StoreSeps, func(part string, _ Sep) bool {
		return hasWordInCaps(part, sp) && !personPart(part, sp)
	})
}

// personPart reports whether the credit part p, which holds the acronym sp
// in capitals, is a person's name that has sp for a word: "SEDAT SUNA",
// "Ali Aba SANA". It is when it has two to maxPersonWords words of
// letters only (and "-", "'", "."), sp is not its first word ("AA Photo
// Ali Yilmaz", "AFP PHOTO" are agency credits), and it is no agency's
// spelling.
func personPart(p, sp string) bool {
	f := strings.Fields(p)
	if len(f) < 2 || len(f) > maxPersonWords || strings.EqualFold(strings.Trim(f[0], ".,"), sp) {
		return false
	}
	for _, w := range f {
		for _, r := range w {
			if !unicode.IsLetter(r) && !strings.ContainsRune("-'’.", r) {
				return false
			}
		}
	}
	_, agency := PartAgency(p)
	return !agency
}
