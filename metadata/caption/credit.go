package caption

import (
	"strings"
	"unicode"
)

// maxNameWords bounds a creator or agency name; longer runs are prose.
const maxNameWords = 6

// findCredit looks for the credit in s, from the most specific form to the
// least: trailing parentheticals, a "(Photo by"/"(AP Photo" group anywhere,
// a "REUTERS/Name" trailer, then a slash chain ending the text.
func (w *wire) findCredit(s string) {
	t := strings.TrimRight(s, " .")
	for try := 0; try < maxCreditTries && strings.HasSuffix(t, ")"); try++ {
		open := strings.LastIndexByte(t, '(')
		if open < 0 {
			break
		}
		if w.parseCredit(t[open+1 : len(t)-1]) {
			return
		}
		t = strings.TrimRight(t[:open], " .")
	}
	for _, p := range []string{"(photo by", "(ap photo", "(photo credit should read", "(photos by"} {
		if i := lastIndexFold(s, p); i >= 0 {
			inner, _, _ := strings.Cut(s[i+1:], ")")
			if w.parseCredit(inner) {
				return
			}
		}
	}
	if i := lastIndexFold(s, "reuters/"); i >= 0 && (i == 0 || s[i-1] == ' ' || s[i-1] == '(') {
		c := s[i:]
		if j := strings.IndexAny(c, "()"); j >= 0 {
			c = c[:j]
		}
		if w.parseCredit(strings.TrimRight(c, " .")) {
			return
		}
	}
	tail := t
	if i := strings.LastIndex(t, ". "); i >= 0 {
		tail = t[i+2:]
	}
	if tail != t && strings.Contains(tail, "/") {
		w.parseCredit(tail)
	}
}

// lastIndexFold is strings.LastIndex for an ASCII lower-case needle,
// ignoring ASCII case in s.
func lastIndexFold(s, lowerNeedle string) int {
	n := len(lowerNeedle)
	for i := len(s) - n; i >= 0; i-- {
		if s[i] == lowerNeedle[0] || s[i]+('a'-'A') == lowerNeedle[0] {
			if strings.EqualFold(s[i:i+n], lowerNeedle) {
				return i
			}
		}
	}
	return -1
}

var creditPrefixes = []string{
	"photo credit should read ", "photo credit:", "photograph by ", "photographs by ", "photos by ", "photo by ",
	"pictures by ", "picture by ", "credit:", "©", "(c)", "copyright of ", "copyright ",
}

// agencyFirst are agencies that write themselves before the photographer
// ("REUTERS/Name"); the value is the agency as stored.
var agencyFirst = map[string]string{
	"REUTERS": "Reuters", "AFP": "AFP", "AFP PHOTO": "AFP", "AP": "AP", "AP PHOTO": "AP", "EPA": "EPA",
	"EPA-EFE": "EPA-EFE", "XINHUA": "Xinhua", "UPI": "UPI", "DPA": "dpa", "ANSA": "ANSA", "KYODO": "Kyodo",
}

// canonicalAgency normalises the few agency spellings that vary in case.
func canonicalAgency(a string) string {
	switch strings.ToUpper(a) {
	case "REUTERS", "RETUERS":
		return "Reuters"
	case "AP", "AP PHOTO", "ASSOCIATED PRESS":
		return "AP"
	}
	return a
}

// creditSuffixes are dropped from the end of a creator or agency part.
var creditSuffixes = []string{", file photo", ", file", ", pool photo", ", pool", "/file photo", "/file", "/pool"}

func stripCreditSuffix(s string) string {
	for again := true; again; {
		again = false
		for _, suf := range creditSuffixes {
			if len(s) > len(suf) && strings.EqualFold(s[len(s)-len(suf):], suf) {
				s = strings.TrimSpace(s[:len(s)-len(suf)])
				again = true
			}
		}
	}
	return s
}

// parseCredit parses one credit (the inside of its parentheses, or a
// trailer) and on success stores creators and agency.
//
// Agency rule: the agency is the part written right after the
// photographer ("Name/NHLI via Getty Images" → NHLI, "Name/AFP/Getty
// Images" → AFP); "Getty Images" is the agency only when it is the only
// one named ("Name/Getty Images"). A "via X" agency is used only when no
// agency precedes it.
func (w *wire) parseCredit(c string) bool {
	c = strings.TrimSpace(c)
	if c == "" || len(c) > maxCreditBytes {
		return false
	}
	photoBy := false
	for again := true; again; {
		again = false
		for _, p := range creditPrefixes {
			if hasPrefixFold(c, p) {
				c = strings.TrimSpace(c[len(p):])
				photoBy, again = true, true
			}
		}
	}
	var names, agency string
	switch {
	case hasPrefixFold(c, "ap photo/"):
		names, agency = c[len("ap photo/"):], "AP"
	case strings.EqualFold(c, "ap photo"):
		agency = "AP"
	default:
		left, via := c, ""
		if i := lastIndexFold(c, " via "); i >= 0 {
			left, via = strings.TrimSpace(c[:i]), strings.TrimSpace(c[i+len(" via "):])
		}
		left = stripCreditSuffix(left)
		var parts []string
		for _, p := range strings.Split(left, "/") {
			if p = strings.TrimSpace(p); p != "" {
				parts = append(parts, p)
			}
		}
		switch {
		case len(parts) >= 2:
			if a, ok := agencyFirst[strings.ToUpper(parts[0])]; ok {
				agency, names = a, parts[1]
			} else {
				names, agency = parts[0], parts[1]
			}
		case len(parts) == 1 && via != "":
			names, agency = parts[0], via
		case len(parts) == 1:
			sep := strings.LastIndex(left, " - ")
			if sep < 0 {
				sep = strings.LastIndex(left, " – ")
				if sep >= 0 {
					names, agency = left[:sep], left[sep+len(" – "):]
				}
			} else {
				names, agency = left[:sep], left[sep+len(" - "):]
			}
			if sep < 0 {
				if !photoBy {
					return false
				}
				names = left
			}
		default:
			return false
		}
	}
	agency = canonicalAgency(strings.TrimSpace(stripCreditSuffix(agency)))
	if agency != "" && !plausibleName(agency) {
		return false
	}
	creators := splitNames(stripCreditSuffix(strings.TrimSpace(names)))
	for _, n := range creators {
		if !plausibleName(n) {
			return false
		}
	}
	if len(creators) == 0 && agency == "" {
		return false
	}
	for i, n := range creators {
		creators[i] = titleCase(n, false)
	}
	w.creators, w.agency, w.creditFound = creators, agency, true
	w.agencies = nil
	if agency != "" {
		w.agencies = []string{agency}
	}
	return true
}

// splitNames splits "A and B", "A & B", "A, B" into names.
func splitNames(s string) []string {
	if s == "" {
		return nil
	}
	var out []string
	for _, a := range strings.Split(s, ",") {
		for _, b := range splitWord(a, " and ") {
			for _, n := range strings.Split(b, " & ") {
				if n = strings.TrimSpace(n); n != "" {
					out = append(out, n)
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
