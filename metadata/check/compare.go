package check

import (
	"fmt"
	"sort"
	"strings"

	"github.com/captag/captag/metadata"
	"github.com/captag/captag/metadata/caption"
)

// Severity of a Finding.
type Severity string

const (
	SeverityError   Severity = "error"
	SeverityWarning Severity = "warning"
)

// Finding fields.
const (
	FieldDate    = "date"
	FieldCreator = "creator"
	FieldCredit  = "credit"
	FieldCaption = "caption"
	FieldMatch   = "match"
	FieldFile    = "file"
)

// Finding is one thing a check found about one pair (or one unmatched
// record or image). Store is "exif", "iptc", "xmp", "sidecar", several of
// them joined by "/" when stores disagree with each other, or "" when the
// finding concerns no single store. Want is what the caption says and Got
// what the store says, when the finding compares the two (either may be
// empty when one side has nothing); Message always says it in a sentence,
// and is all there is for findings that compare nothing (stores that
// disagree with each other, caption problems, file warnings, unmatched).
type Finding struct {
	Severity Severity `json:"severity"`
	Field    string   `json:"field"`
	Store    string   `json:"store"`
	Want     string   `json:"want"`
	Got      string   `json:"got"`
	Message  string   `json:"message"`
}

// Options tune Compare.
type Options struct {
	AllowMissingDate    bool     // no date in any store is a warning, not an error
	AllowMissingCreator bool     // no creator in any store is a warning, not an error
	Aliases             *Aliases // agency table; nil means DefaultAliases()
}

// UnmatchedFinding is the finding for a record (kind "record") or an image
// (kind "image") that Match left unmatched, with Match's reason: an error,
// or a warning when allowUnmatched (--allow-unmatched) is set. Field is
// "match", Store is "".
func UnmatchedFinding(kind, reason string, allowUnmatched bool) Finding {
	sev := SeverityError
	if allowUnmatched {
		sev = SeverityWarning
	}
	msg := "caption not matched to any image"
	if kind == "image" {
		msg = "image not matched to any caption"
	}
	if reason != "" {
		msg += ": " + reason
	}
	return Finding{Severity: sev, Field: FieldMatch, Message: msg}
}

// Compare checks one pair and returns its findings in a fixed order: the
// record's own problems, then date, creator, credit and file findings, each
// store in the order EXIF, IPTC, XMP, sidecar. A record whose year is
// unknown gets it from the image first (InferYear). by is how the pair was
// made; when it is not a full agreement ("creator", "date", "order") the
// messages of the disagreeing fields say so.
func Compare(rec caption.Record, img *metadata.Image, by Method, opt Options) []Finding {
	al := opt.Aliases
	if al == nil {
		al = DefaultAliases()
	}
	out := []Finding{}
	for _, p := range rec.Problems {
		sev := SeverityWarning
		if p.Severity == caption.SeverityError {
			sev = SeverityError
		}
		out = append(out, Finding{Severity: sev, Field: FieldCaption, Message: p.Message})
	}
	if img == nil {
		return out
	}
	rec = InferYear(rec, img)
	note := ""
	switch by {
	case ByCreator:
		note = " (matched by creator only)"
	case ByDate:
		note = " (matched by date only)"
	case ByOrder:
		note = " (matched by order)"
	}
	stores := img.Stores()
	out = append(out, compareDate(rec, stores, note, opt)...)
	out = append(out, compareCreator(rec, stores, note, opt)...)
	out = append(out, compareCredit(rec, stores, note, al)...)
	for _, w := range img.Warnings {
		if w.Code == metadata.WarnDigestStale || w.Code == metadata.WarnIIMCharset {
			out = append(out, Finding{Severity: SeverityWarning, Field: FieldFile, Store: string(w.Store), Message: w.Message})
		}
	}
	return out
}

func compareDate(rec caption.Record, stores []*metadata.Store, note string, opt Options) []Finding {
	var out []Finding
	rd, ok := recordDay(&rec)
	if !ok {
		return []Finding{{Severity: SeverityWarning, Field: FieldDate,
			Message: "the caption states no date; the date was not checked"}}
	}
	want := rd.String()
	inferred := ""
	if rec.DateInferred {
		inferred = "; the caption's year was inferred from the image"
	}
	var dated []*metadata.Store
	for _, s := range stores {
		if s.Date.IsZero() {
			continue
		}
		dated = append(dated, s)
		if !sameAtPrecision(rd, s.Date) {
			out = append(out, Finding{Severity: SeverityError, Field: FieldDate, Store: string(s.Kind),
				Want: want, Got: calendarString(s.Date),
				Message: fmt.Sprintf("caption says %s, %s says %s (%s)%s%s",
					want, s.Kind, calendarString(s.Date), statedString(s.Date), inferred, note)})
		}
	}
	if len(dated) == 0 {
		sev := SeverityError
		if opt.AllowMissingDate {
			sev = SeverityWarning
		}
		return append(out, Finding{Severity: sev, Field: FieldDate, Want: want,
			Message: fmt.Sprintf("caption says %s, no store of the image has a date", want)})
	}
	// Stores that disagree with each other, at the coarser precision of
	// each two.
	conflict := false
	for a := 0; a < len(dated) && !conflict; a++ {
		for b := a + 1; b < len(dated); b++ {
			if datesConflict(dated[a].Date, dated[b].Date) {
				conflict = true
				break
			}
		}
	}
	if conflict {
		kinds, parts := make([]string, len(dated)), make([]string, len(dated))
		for j, s := range dated {
			kinds[j] = string(s.Kind)
			parts[j] = fmt.Sprintf("%s %s", s.Kind, calendarString(s.Date))
		}
		out = append(out, Finding{Severity: SeverityWarning, Field: FieldDate, Store: strings.Join(kinds, "/"),
			Message: "the image's stores disagree on the date: " + strings.Join(parts, ", ")})
	}
	return out
}

// datesConflict reports whether two store dates name different calendar
// dates at the coarser of their precisions.
func datesConflict(a, b metadata.Date) bool {
	p := a.Precision
	if b.Precision < p {
		p = b.Precision
	}
	if a.Year != b.Year {
		return true
	}
	if p >= metadata.PrecMonth && a.Month != b.Month {
		return true
	}
	return p >= metadata.PrecDay && a.Day != b.Day
}

func compareCreator(rec caption.Record, stores []*metadata.Store, note string, opt Options) []Finding {
	var out []Finding
	want := strings.Join(rec.Creators, "; ")
	wantKeys := foldSet(rec.Creators)
	var named []*metadata.Store
	for _, s := range stores {
		if len(foldSet(s.Creators)) > 0 {
			named = append(named, s)
		}
	}
	if len(wantKeys) == 0 {
		if len(named) > 0 {
			out = append(out, Finding{Severity: SeverityWarning, Field: FieldCreator,
				Got:     strings.Join(named[0].Creators, "; "),
				Message: "the caption names no creator; the creator was not checked"})
		}
		return out
	}
	for _, s := range named {
		if intersects(wantKeys, foldSet(s.Creators)) {
			continue
		}
		got := strings.Join(s.Creators, "; ")
		if otherScript(rec.Creators, s.Creators) {
			out = append(out, Finding{Severity: SeverityWarning, Field: FieldCreator, Store: string(s.Kind),
				Want: want, Got: got,
				Message: fmt.Sprintf("caption names %s, %s names %s in another script; compare them by eye%s", want, s.Kind, got, note)})
			continue
		}
		out = append(out, Finding{Severity: SeverityError, Field: FieldCreator, Store: string(s.Kind),
			Want: want, Got: got,
			Message: fmt.Sprintf("caption names %s, %s names %s%s", want, s.Kind, got, note)})
	}
	if len(named) == 0 {
		sev := SeverityError
		if opt.AllowMissingCreator {
			sev = SeverityWarning
		}
		return append(out, Finding{Severity: sev, Field: FieldCreator, Want: want,
			Message: fmt.Sprintf("caption names %s, no store of the image names a creator (EXIF Artist, IIM By-line, XMP dc:creator)", want)})
	}
	// Stores that disagree with each other: different sets of names.
	keyOf := func(s *metadata.Store) string {
		k := foldSet(s.Creators)
		sort.Strings(k)
		return strings.Join(k, "\x00")
	}
	for _, s := range named[1:] {
		if keyOf(s) != keyOf(named[0]) {
			kinds, parts := make([]string, len(named)), make([]string, len(named))
			for j, n := range named {
				kinds[j] = string(n.Kind)
				parts[j] = fmt.Sprintf("%s %s", n.Kind, strings.Join(n.Creators, "; "))
			}
			out = append(out, Finding{Severity: SeverityWarning, Field: FieldCreator, Store: strings.Join(kinds, "/"),
				Message: "the image's stores disagree on the creator: " + strings.Join(parts, ", ")})
			break
		}
	}
	return out
}

// agencyParts splits a credit such as "AFP/Getty Images" or "NHLI via
// Getty Images" into the agencies it names, the whole credit first.
func agencyParts(s string) []string {
	out := []string{strings.TrimSpace(s)}
	f := strings.NewReplacer(" via ", "/", " VIA ", "/", " Via ", "/", ";", "/", "|", "/").Replace(s)
	if parts := strings.Split(f, "/"); len(parts) > 1 {
		for _, p := range parts {
			if p = strings.TrimSpace(p); p != "" {
				out = append(out, p)
			}
		}
	}
	return out
}

func compareCredit(rec caption.Record, stores []*metadata.Store, note string, al *Aliases) []Finding {
	if FoldName(rec.Agency) == "" {
		return nil
	}
	var out []Finding
	want := rec.Agency
	wantParts := agencyParts(want)
	var spellings []string
	for _, p := range wantParts {
		spellings = append(spellings, al.spellings(p)...)
	}
	agrees := func(v string) bool {
		for _, p := range agencyParts(v) {
			for _, w := range wantParts {
				if al.Same(p, w) {
					return true
				}
			}
		}
		return mentions(v, spellings)
	}
	seen := false
	for _, s := range stores {
		for _, f := range []struct{ label, v string }{{"Credit", s.Credit}, {"Source", s.Source}} {
			if strings.TrimSpace(f.v) == "" {
				continue
			}
			seen = true
			if agrees(f.v) {
				continue
			}
			// Credit names who is credited: any other value is wrong. Source
			// also carries job numbers and photographers' names; it is an
			// error only when it names another known agency.
			sev := SeverityError
			if f.label == "Source" && len(al.named(f.v)) == 0 {
				sev = SeverityWarning
			}
			out = append(out, Finding{Severity: sev, Field: FieldCredit, Store: string(s.Kind),
				Want: want, Got: f.v,
				Message: fmt.Sprintf("caption credits %s, %s %s says %s%s", want, s.Kind, f.label, f.v, note)})
		}
		if c := strings.TrimSpace(s.Copyright); c != "" {
			if mentions(c, spellings) {
				seen = true
				continue
			}
			if others := al.named(c); len(others) > 0 {
				seen = true
				out = append(out, Finding{Severity: SeverityError, Field: FieldCredit, Store: string(s.Kind),
					Want: want, Got: c,
					Message: fmt.Sprintf("caption credits %s, %s Copyright names %s%s", want, s.Kind, strings.Join(others, ", "), note)})
			}
		}
	}
	if !seen {
		out = append(out, Finding{Severity: SeverityWarning, Field: FieldCredit, Want: want,
			Message: fmt.Sprintf("caption credits %s, no store of the image names an agency (IIM/XMP Credit or Source, Copyright)", want)})
	}
	return out
}
