package check

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/captag/captag/metadata"
	"github.com/captag/captag/metadata/caption"
	"github.com/captag/captag/metadata/field"
	"github.com/captag/captag/metadata/names"
)

// The byte limits of the IIM datasets a caption fills are the field
// table's (field.ID.Limit: IPTC IIM 4.2, record 2). Tools that copy a
// longer value into IIM cut it at the limit.

// iimShortMax is the longest limit whose values a finding quotes in full
// (names, cities, agencies; not caption texts).
const iimShortMax = 64

// iimCutSlack is how many bytes short of its limit a cut value may be: a
// cut inside a multi-byte UTF-8 character loses up to three bytes, and
// IIM readers drop the trailing space a cut can end on.
const iimCutSlack = 4

// iimSingleByte reports whether the IIM store's text is in a one-byte
// character set, where a character is a byte.
func iimSingleByte(s *metadata.Store) bool {
	return strings.HasPrefix(s.Charset, "iso-8859") || strings.HasPrefix(s.Charset, "windows-125")
}

// iimLen is the length in bytes of v in the IIM store's character set;
// a trailing U+FFFD (what a cut inside a UTF-8 character decodes to) is
// left out.
func iimLen(v string, singleByte bool) int {
	v = strings.TrimRight(v, "\uFFFD")
	if singleByte {
		return utf8.RuneCountInString(v)
	}
	return len(v)
}

// iimCut reports whether got, an IIM value, is want cut at the dataset's
// byte limit: want is longer than limit, got is close to the limit, and
// got is a strict prefix of want (spacing compared loosely, since a
// caption's whitespace is tidied, and case ignored: a By-line cut from the
// caption's "JOSEPH EID …" is one cut from "Joseph Eid …").
func iimCut(want, got string, limit int, singleByte bool) bool {
	if len(want) <= limit || got == "" {
		return false
	}
	if n := iimLen(got, singleByte); n > limit || n < limit-iimCutSlack {
		return false
	}
	g := strings.TrimRight(got, "\uFFFD")
	if !singleByte {
		g = undotCut(want, g, limit)
	}
	if hasPrefixFold(want, g) && len(g) < len(want) {
		return true
	}
	gw, ww := strings.Fields(g), strings.Fields(want)
	if len(gw) == 0 || len(gw) > len(ww) {
		return false
	}
	for i, x := range gw {
		if i == len(gw)-1 {
			return hasPrefixFold(ww[i], x) && (len(gw) < len(ww) || len(x) < len(ww[i]))
		}
		if !strings.EqualFold(x, ww[i]) {
			return false
		}
	}
	return false
}

// undotCut takes off the dots exiftool puts in place of a UTF-8 character
// it cut in two at an IIM limit (WriteIPTC.pl truncates the bytes, then
// FixUTF8 replaces each byte of the broken character with "."): a By-line
// "Темира Сыдыкбекова" of 35 bytes is written "Темира Сыдыкбеко." in 32.
// The dots come off only when got fills the limit exactly and want has,
// where they stand, a character longer than the dots are; else got is
// returned as it is.
func undotCut(want, got string, limit int) string {
	if len(got) != limit {
		return got
	}
	k := len(got) - len(strings.TrimRight(got, "."))
	if k < 1 || k > utf8.UTFMax-1 {
		return got
	}
	at := len(got) - k
	if at >= len(want) {
		return got
	}
	if r, n := utf8.DecodeRuneInString(want[at:]); r == utf8.RuneError || n <= k {
		return got
	}
	return got[:at]
}

// hasPrefixFold is strings.HasPrefix with case ignored (strings.EqualFold).
func hasPrefixFold(s, prefix string) bool {
	return len(s) >= len(prefix) && strings.EqualFold(s[:len(prefix)], prefix)
}

// uncutCreators replaces, in the folded By-line keys of an IIM store, each
// name cut at the By-line limit by the key of the caption name it was cut
// from.
func uncutCreators(keys []names.PersonKey, s *metadata.Store, recNames []string) []names.PersonKey {
	single := iimSingleByte(s)
	var out []names.PersonKey
	for _, c := range s.Creators {
		for _, n := range recNames {
			if iimCut(n, c, field.Creator.Limit(), single) {
				if out == nil {
					out = append([]names.PersonKey(nil), keys...)
				}
				ck, nk := names.PersonKeyOf(c), names.PersonKeyOf(n)
				for i, k := range out {
					if k == ck {
						out[i] = nk
					}
				}
			}
		}
	}
	if out == nil {
		return keys
	}
	return out
}

// compareLimits reports values longer than IIM allows: an image's IIM
// Caption-Abstract, By-line, City, Credit or Source that was cut at its
// limit from the caption's value (store "iptc"), and a caption text,
// creator, city or agency longer than the IIM limit that no store shows
// cut yet (store "": a tool copying it into IIM will cut it). Only values
// longer than a limit cost more than a length test.
func compareLimits(out []Finding, rec *caption.Record, img *metadata.Image) []Finding {
	if !overLimits(rec) {
		return out
	}
	type limited struct {
		field Field  // finding field
		what  string // the caption's value, in words
		want  string
		limit int
		prop  string   // IIM dataset
		got   []string // the image's IIM values
	}
	var iim metadata.Store
	if img != nil && img.IPTC != nil {
		iim = *img.IPTC
	}
	single := iimSingleByte(&iim)
	check := func(l limited) {
		if len(l.want) <= l.limit {
			return
		}
		for _, g := range l.got {
			if !iimCut(l.want, g, l.limit, single) {
				continue
			}
			f := Finding{Severity: metadata.SeverityWarning, Field: l.field, Store: metadata.StoreIPTC}
			if l.limit > iimShortMax {
				// A caption text: the report should not print two
				// thousand bytes twice; the message says what is lost.
				f.Message = fmt.Sprintf("IIM %s was cut at %d bytes; the caption's %s is %d bytes, so IIM lacks its last %d bytes",
					l.prop, l.limit, l.what, len(l.want), len(l.want)-len(strings.TrimRight(g, "\uFFFD")))
			} else {
				f.Want, f.Got = l.want, g
				f.Message = fmt.Sprintf("IIM %s was cut at %d bytes; the caption's %s is %d bytes: %q", l.prop, l.limit, l.what, len(l.want), g)
			}
			out = append(out, f)
			return
		}
		out = append(out, Finding{Severity: metadata.SeverityWarning, Field: FieldCaption,
			Message: fmt.Sprintf("the caption's %s is %d bytes, longer than the %d bytes of IIM %s; a tool copying it into IIM will cut it", l.what, len(l.want), l.limit, l.prop)})
	}
	check(limited{FieldCaption, "text", rec.Text, field.Description.Limit(), field.Description.IIMTag(), nonEmpty(iim.Description)})
	// The creators and the agency as the caption writes them: what captag
	// writes into IIM, and cuts.
	for _, c := range rec.WrittenCreators() {
		check(limited{FieldCreator, "creator", c, field.Creator.Limit(), field.Creator.IIMTag(), iim.Creators})
	}
	check(limited{FieldCaption, "city", rec.City, field.City.Limit(), field.City.IIMTag(), nonEmpty(iim.City)})
	if agency := rec.WrittenAgency(); len(agency) > field.Credit.Limit() {
		// One finding for the agency: Credit when it was cut, else Source,
		// else the caption-level warning.
		switch {
		case iimCut(agency, iim.Credit, field.Credit.Limit(), single):
			check(limited{FieldCredit, "agency", agency, field.Credit.Limit(), field.Credit.IIMTag(), []string{iim.Credit}})
		default:
			l := limited{FieldCredit, "agency", agency, field.Credit.Limit(), field.Source.IIMTag(), nonEmpty(iim.Source)}
			if !iimCut(agency, iim.Source, field.Credit.Limit(), single) {
				l.prop = field.Credit.IIMTag() + " and " + field.Source.IIMTag()
			}
			check(l)
		}
	}
	return out
}

// overLimits reports whether any caption value compareLimits looks at is
// longer than its IIM limit.
func overLimits(rec *caption.Record) bool {
	// Both spellings of the creators and the agency are measured, so that
	// the common case costs no folding (compareLimits takes the written
	// ones).
	if len(rec.Text) > field.Description.Limit() || len(rec.City) > field.City.Limit() || len(rec.Agency) > field.Credit.Limit() || len(rec.AgencyAsWritten) > field.Credit.Limit() {
		return true
	}
	for _, list := range [2][]string{rec.Creators, rec.CreatorsAsWritten} {
		for _, c := range list {
			if len(c) > field.Creator.Limit() {
				return true
			}
		}
	}
	return false
}

func nonEmpty(s string) []string {
	if s == "" {
		return nil
	}
	return []string{s}
}
