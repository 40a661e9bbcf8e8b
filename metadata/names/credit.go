package names

import (
	"strings"

	"github.com/captag/captag/metadata"
)

// The credit-chain grammar, one for every reader of credits (the caption
// parser, matching, the check's comparison, the writer's copyright rule):
//
//	[label] part {sep part} [" for " client]
//
// A label is one of Labels ("Photo by", "Foto:", "Mandatory Credit:",
// "©"…); a separator is "/" (or "÷"), "|", ";", "," (or the Arabic "،"),
// " via ", " for " or a spaced dash; a part is a person, an agency (PartAgency) or a role word (Role:
// Pool, Handout, File, STR…); the part after " for " is a client, who is
// credited only when no agency precedes it. Which separators split depends
// only on what is split, never on who asks: a caption's credit splits at
// CaptionSeps (its commas and spaced dashes are separators; the parser
// cuts the client at the last " for " first), a value of a store (IIM
// Credit, EXIF Artist) at StoreSeps, where a comma or a dash is part of a
// name ("Smith, John", "EPA-EFE").

// Sep is a set of credit-chain separators.
type Sep uint8

const (
	SepSlash     Sep = 1 << iota // "/"
	SepBar                       // "|"
	SepSemicolon                 // ";"
	SepComma                     // ","
	SepVia                       // " via " (any case) or Spanish " vía ": the distributor of what precedes it follows
	SepFor                       // " for " (any case): a client follows
	SepDash                      // " - ", " – ", " — "
)

const (
	// CaptionSeps split the credit of a caption's text.
	CaptionSeps = SepSlash | SepBar | SepSemicolon | SepComma | SepVia | SepDash
	// StoreSeps split a credit or creator value of an image's store.
	StoreSeps = SepSlash | SepBar | SepSemicolon | SepVia | SepFor
)

// NextSep finds the first separator of the set in s and returns its index,
// its length and which it is; i is -1 when there is none.
func NextSep(s string, set Sep) (i, n int, kind Sep) {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '/':
			if set&SepSlash != 0 {
				return i, 1, SepSlash
			}
		case '|':
			if set&SepBar != 0 {
				return i, 1, SepBar
			}
		case ';':
			if set&SepSemicolon != 0 {
				return i, 1, SepSemicolon
			}
		case ',':
			if set&SepComma != 0 {
				return i, 1, SepComma
			}
		case 0xD8:
			// The Arabic comma (U+060C) of the languages written in Arabic
			// and Thaana script: Dhivehi "ފޮޓޯ: NAME، މިނިވަން" (fc8a-102,
			// -103 of firstcontact8-tune.jsonl); Persian and Arabic credits
			// list their photographers with it: "عکس: ساره تجلی ، معصومه
			// علی اکبر، … / ایسنا" (fc8d-062).
			if set&SepComma != 0 && strings.HasPrefix(s[i:], "،") {
				return i, len("،"), SepComma
			}
		case 0xC3:
			// The division sign (U+00F7) that Nepali desks write for the
			// slash: "तस्बिर हरु : NAME÷रासस" (RSS, fc8a-148).
			if set&SepSlash != 0 && strings.HasPrefix(s[i:], "÷") {
				return i, len("÷"), SepSlash
			}
		case ' ':
			rest := s[i:]
			if set&SepVia != 0 {
				if n := viaWordAt(rest); n > 0 {
					return i, n, SepVia
				}
			}
			if len(rest) >= 5 && rest[4] == ' ' {
				switch w := rest[1:4]; {
				case set&SepVia != 0 && strings.EqualFold(w, "via"):
					return i, 5, SepVia
				case set&SepFor != 0 && strings.EqualFold(w, "for"):
					return i, 5, SepFor
				}
			}
			if set&SepDash != 0 {
				switch {
				case strings.HasPrefix(rest, " - "):
					return i, 3, SepDash
				case strings.HasPrefix(rest, " – "), strings.HasPrefix(rest, " — "):
					return i, len(" – "), SepDash
				}
			}
		}
	}
	return -1, 0, 0
}

// viaWords are "via" as credits in other languages write it, spaced
// between the parts: Spanish "vía" (fc5a-008: "Foto NAME / Aton Chile vía
// Ap"), Persian "از طریق" (by way of, https://fa.wiktionary.org/wiki/طریق;
// the translated "(Photo by NAME / AFP via Getty Images)", "(عکس از NAME /
// خبرگزاری فرانسه از طریق گتی ایماژ)", fc6b-010,
// https://amirsasankoshti.ir/?p=1804).
var viaWords = []string{"vía", "از طریق"}

// ClientWords are "for" as credits write it, spaced, before the client a
// picture was taken for: English "for" ("Getty Images for Tommy
// Hilfiger"), Spanish and Portuguese "para" ("Foto de NAME para Diario
// Expreso de Guayaquil.", g9a-085 of firstcontact9-tune.jsonl,
// https://efectodrago.blogspot.com/2006/08/mucho-peor-de-lo-que-pensamos.html;
// https://en.wiktionary.org/wiki/para#Spanish).
var ClientWords = []string{"for", "para"}

// licences open the licence a credit names after its holder, which is
// no part of the credit: Creative Commons' "CC BY-ND 4.0" ("Photo:
// Helsinki City Museum / CC BY-ND 4.0.", g9b-040 of
// firstcontact9-tune.jsonl, https://www.booksfromfinland.fi/tags/photography/;
// the licence names at https://creativecommons.org/licenses/). Lower case.
var licences = []string{"cc by", "cc-by", "cc0", "creative commons"}

// CutLicence cuts a licence (licences) written after a separator or a
// space at the end of the credit c: "Helsinki City Museum / CC BY-ND
// 4.0" is "Helsinki City Museum".
func CutLicence(c string) string {
	if !mayNameLicence(c) {
		return c // most credits: no lower-case copy made
	}
	low := strings.ToLower(c)
	for _, l := range licences {
		i := strings.LastIndex(low, l)
		if i <= 0 || low[i-1] != ' ' && low[i-1] != '/' && low[i-1] != '(' {
			continue
		}
		return strings.TrimRight(strings.TrimSpace(c[:i]), " /,(-–")
	}
	return c
}

// mayNameLicence reports whether c holds "cc" or "cr" in any case, as
// every one of licences begins.
func mayNameLicence(c string) bool {
	for i := 0; i+1 < len(c); i++ {
		if c[i]|0x20 == 'c' && (c[i+1]|0x20 == 'c' || c[i+1]|0x20 == 'r') {
			return true
		}
	}
	return false
}

// viaWordAt returns the length of " WORD " when rest opens with one of
// viaWords, spaced (any case), and 0 otherwise.
func viaWordAt(rest string) int {
	for _, v := range viaWords {
		n := 1 + len(v)
		if len(rest) > n && rest[n] == ' ' && strings.EqualFold(rest[1:n], v) {
			return n + 1
		}
	}
	return 0
}

// CutVia cuts the "via" that opens a part of a chain ("via Getty Images",
// "vía AP", "از طریق گتی ایماژ"), any case, and reports whether it did.
func CutVia(part string) (string, bool) {
	for _, v := range append([]string{"via"}, viaWords...) {
		if len(part) > len(v) && part[len(v)] == ' ' && strings.EqualFold(part[:len(v)], v) {
			return strings.TrimSpace(part[len(v)+1:]), true
		}
	}
	return part, false
}

// HasSep reports whether s holds a separator of the set.
func HasSep(s string, set Sep) bool {
	i, _, _ := NextSep(s, set)
	return i >= 0
}

// eachPart calls fn with each part of s between the separators of set,
// trimmed and not empty, and the separator before it (0 for the first:
// SepFor says the part is the client after " for "); it stops when fn
// returns true and reports whether fn did.
func eachPart(s string, set Sep, fn func(part string, before Sep) bool) bool {
	var before Sep
	for rest := s; rest != ""; {
		i, n, kind := NextSep(rest, set)
		part := rest
		if i >= 0 {
			part, rest = rest[:i], rest[i+n:]
		} else {
			rest = ""
		}
		if p := strings.TrimSpace(part); p != "" && fn(p, before) {
			return true
		}
		before = kind
	}
	return false
}

// EachAgencyPart calls fn with the whole store value s, trimmed, and then,
// when s names several parties ("AFP/Getty Images", "NHLI via Getty
// Images", "EPA; Reuters"), with each of them, leaving out the client
// after " for " and role words (NotAgency: "Pool", "Handout", "File"); it
// stops when fn returns true and reports whether fn did.
func EachAgencyPart(s string, fn func(string) bool) bool {
	if fn(strings.TrimSpace(s)) {
		return true
	}
	if !HasSep(s, StoreSeps) {
		return false
	}
	return eachPart(s, StoreSeps, func(p string, before Sep) bool {
		return before != SepFor && !NotAgency(p) && fn(p)
	})
}

// OnlyNotAgency reports whether every part of the store value v is a role
// word that names no agency ("POOL", "Handout", "Pool/File").
func OnlyNotAgency(v string) bool {
	if NotAgency(strings.TrimSpace(v)) {
		return true
	}
	if !HasSep(v, StoreSeps) {
		return false
	}
	if eachPart(v, StoreSeps, func(p string, _ Sep) bool { return !NotAgency(p) }) {
		return false
	}
	return true
}

// PartAgency finds the agency a credit part names: the part itself,
// or the part without a trailing "Photo"/"Pool"/"Handout" word ("AFP
// PHOTO", "EPA POOL"), its web address ("keystone-sda.ch") or the part
// without a leading "The" or a role word in parentheses after it ("Fars
// News (handout)"); it returns the agency's Name.
func PartAgency(t string) (string, bool) { return partAgency(t, builtIn) }

// builtIn is LookupAgency giving the agency's name.
func builtIn(t string) (string, bool) {
	if a, ok := LookupAgency(t); ok {
		return a.Name, true
	}
	return "", false
}

// PartAgency is the package's PartAgency that also knows the agencies of
// a: a part that names one of them by a spelling of a (a user's aliases
// file adds agencies the built-in table lacks, and spellings to those it
// has) is that agency, by its first name in a. A nil a is the built-in
// table alone.
func (a *Aliases) PartAgency(t string) (string, bool) {
	if a == nil {
		return PartAgency(t)
	}
	return partAgency(t, func(t string) (string, bool) {
		if name, ok := builtIn(t); ok {
			return name, true
		}
		if g, ok := a.group[metadata.FoldName(t)]; ok {
			return a.names[g][0], true
		}
		return "", false
	})
}

// spellingSuffixes are the words a credit writes after an agency's name
// that are no part of it: "AP Photo", "EPA POOL", and the photo word of
// the agency's own language services, AP's Spanish "(AP Foto/Felipe
// Dana)" (fc5a-039 of firstcontact5-tune.jsonl;
// https://es.wiktionary.org/wiki/foto).
var spellingSuffixes = []string{" photo", " photos", " foto", " fotos", " pool", " handout", " file"}

// agencyWordSuffixes are spellingSuffixes and " images" ("Xinhua
// Images"), which a spelling keeps.
var agencyWordSuffixes = append(append([]string(nil), spellingSuffixes...), " images")

// partAgency is PartAgency over a lookup of whole spellings.
func partAgency(t string, lookup func(string) (string, bool)) (string, bool) {
	t = strings.TrimSpace(strings.Trim(t, " .()"))
	if name, ok := lookup(t); ok {
		return name, true
	}
	// "keystone-sda.ch", "Racingfotos.com": an agency by its web address.
	for _, tld := range []string{".com", ".ch", ".de", ".at", ".fr", ".it", ".es", ".nl", ".net", ".org", ".co.uk"} {
		if len(t) > len(tld) && strings.EqualFold(t[len(t)-len(tld):], tld) {
			if name, ok := lookup(t[:len(t)-len(tld)]); ok {
				return name, true
			}
		}
	}
	for _, suf := range agencyWordSuffixes {
		if len(t) > len(suf) && strings.EqualFold(t[len(t)-len(suf):], suf) {
			if name, ok := lookup(t[:len(t)-len(suf)]); ok {
				return name, true
			}
		}
	}
	if hasPrefixFold(t, "the ") {
		if name, ok := lookup(t[4:]); ok {
			return name, true
		}
	}
	// "Fars News (handout)" (the Vietnamese credit "Ảnh:
	// REUTERS/farsnews.com/Handout via Reuters" as fc7b-070 of
	// firstcontact7-tune.jsonl gives it): a role word in parentheses
	// after the name says how the agency sent the picture, and is no
	// part of its name. t has lost its closing parenthesis above.
	if i := strings.LastIndex(t, " ("); i > 0 {
		if _, ok := Role(t[i+2:]); ok {
			if name, ok := lookup(strings.TrimSpace(t[:i])); ok {
				return name, true
			}
		}
	}
	return "", false
}

// AgencySpelling is a credit part t that names the known agency name as
// the caption spells it, for the stores captag writes: t trimmed, without
// a trailing "Photo", "Photos", "Pool", "Handout" or "File" word when the
// rest is a spelling of that same agency ("AP Photo" → "AP", "AFP PHOTO"
// → "AFP", "EPA POOL" → "EPA"); "EPA-EFE", "REUTERS", "THE CANADIAN PRESS"
// and "Getty Images North America" stay as they are.
func AgencySpelling(t, name string) string {
	t = strings.TrimSpace(strings.Trim(t, " .()"))
	for _, suf := range spellingSuffixes {
		if len(t) > len(suf) && strings.EqualFold(t[len(t)-len(suf):], suf) {
			rest := strings.TrimSpace(t[:len(t)-len(suf)])
			if a, ok := LookupAgency(rest); ok && a.Name == name {
				return rest
			}
		}
	}
	return t
}

// Persons returns the people a creator value of a store names, read by
// the credit grammar: its labels cut, split at StoreSeps, without the
// agencies (PartAgency), the role words (Role) and the client after " for "
// ("Photo: NICOLAS MAETERLINCK / BELGA" → "NICOLAS MAETERLINCK", "Andrea
// Comas/Reuters" → "Andrea Comas"). A value with neither a label nor a
// separator is a name as it stands ("Sana Ullah", "REUTERS"); a value that
// names nobody but agencies and role words gives itself without its labels
// ("Photo: REUTERS" → "REUTERS"). Matching and the check's comparison both
// know a store's creators by these names.
func Persons(v string) []string {
	s, labelled := CutLabels(strings.TrimSpace(v))
	if !labelled && !HasSep(s, StoreSeps) {
		return []string{v}
	}
	var out []string
	eachPart(s, StoreSeps, func(p string, before Sep) bool {
		if before != SepFor && !NotAgency(p) {
			if _, ok := PartAgency(p); !ok {
				out = append(out, p)
			}
		}
		return false
	})
	if len(out) == 0 {
		if s == "" {
			return []string{v}
		}
		return []string{s}
	}
	return out
}

// PersonsOf returns Persons of every value, in order: values itself when
// none has a label or a separator (most creators are a plain name).
func PersonsOf(values []string) []string {
	plain := true
	for _, v := range values {
		_, labelled := CutLabels(strings.TrimSpace(v))
		plain = plain && !labelled && !HasSep(v, StoreSeps)
	}
	if plain {
		return values
	}
	var out []string
	for _, v := range values {
		out = append(out, Persons(v)...)
	}
	return out
}
