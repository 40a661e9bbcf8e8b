package caption

import (
	_ "embed"
	"fmt"
	"strings"

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

// agencyIndex is the parsed table: every spelling's FoldName key, and the
// source-code patterns.
type agencyIndex struct {
	list  []*Agency
	byKey map[string]*Agency
	codes []agencyCode
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
// (named earlier); "#" starts a comment line; blank lines are ignored.
func parseAgencies(table string) (*agencyIndex, error) {
	ix := &agencyIndex{byKey: map[string]*Agency{}}
	for n, line := range strings.Split(table, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || line[0] == '#' {
			continue
		}
		if rest, ok := strings.CutPrefix(line, "code "); ok {
			parts := splitAgencyLine(rest)
			if len(parts) < 2 {
				return nil, fmt.Errorf("caption: agencies.txt line %d: expected \"code NAME = PATTERN\", found %q", n+1, line)
			}
			a := ix.byKey[metadata.FoldName(parts[0])]
			if a == nil {
				return nil, fmt.Errorf("caption: agencies.txt line %d: expected an agency named earlier, found %q", n+1, parts[0])
			}
			for _, p := range parts[1:] {
				a.Codes = append(a.Codes, p)
				ix.codes = append(ix.codes, agencyCode{strings.ToUpper(p), a})
			}
			continue
		}
		names := splitAgencyLine(line)
		if len(names) == 0 {
			return nil, fmt.Errorf("caption: agencies.txt line %d: expected names separated by \" = \", found %q", n+1, line)
		}
		a := &Agency{Name: names[0], Names: names}
		for _, nm := range names {
			if strings.Contains(nm, "=") {
				return nil, fmt.Errorf("caption: agencies.txt line %d: expected names separated by \" = \", found %q", n+1, nm)
			}
			k := metadata.FoldName(nm)
			if k == "" {
				return nil, fmt.Errorf("caption: agencies.txt line %d: expected names with letters, found %q", n+1, nm)
			}
			if o := ix.byKey[k]; o != nil && o != a {
				return nil, fmt.Errorf("caption: agencies.txt line %d: %q is already a name of %s", n+1, nm, o.Name)
			}
			ix.byKey[k] = a
		}
		ix.list = append(ix.list, a)
	}
	return ix, nil
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
	a := agencies.byKey[metadata.FoldName(s)]
	return a, a != nil
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
