package check

import (
	"fmt"
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
	// Findings are rare; most pairs return an empty list.
	out := make([]Finding, 0, len(rec.Problems))
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
	ss := stores(img)
	out = compareDate(out, &rec, ss, note, opt)
	out = compareCreator(out, &rec, ss, note, opt)
	out = compareCredit(out, &rec, ss, note, al)
	out = compareLimits(out, &rec, img)
	for _, w := range img.Warnings {
		if w.Code == metadata.WarnDigestStale || w.Code == metadata.WarnIIMCharset {
			out = append(out, Finding{Severity: SeverityWarning, Field: FieldFile, Store: string(w.Store), Message: w.Message})
		}
	}
	return out
}

// property names the metadata property a store keeps a field in, for
// messages: "EXIF DateTimeOriginal", "IIM Credit", "XMP dc:creator"… so
// that a desk knows which field to fix. The sidecar holds XMP properties.
func property(k metadata.StoreKind, field string) string {
	var names *[propCount]string
	switch k {
	case metadata.StoreEXIF:
		names = &exifProps
	case metadata.StoreIPTC:
		names = &iimProps
	case metadata.StoreXMP:
		names = &xmpProps
	case metadata.StoreSidecar:
		names = &sidecarProps
	default:
		return string(k) + " " + field
	}
	i := propIndex(field)
	if i < 0 || names[i] == "" {
		return string(k) + " " + field
	}
	return names[i]
}

// Fields of a store that messages name, as indexes into the property
// tables below.
const (
	propDate = iota
	propCreator
	propCredit
	propSource
	propCopyright
	propCount
)

func propIndex(field string) int {
	switch field {
	case "date":
		return propDate
	case "creator":
		return propCreator
	case "Credit":
		return propCredit
	case "Source":
		return propSource
	case "Copyright":
		return propCopyright
	}
	return -1
}

var (
	exifProps    = [propCount]string{"EXIF DateTimeOriginal", "EXIF Artist", "", "", "EXIF Copyright"}
	iimProps     = [propCount]string{"IIM DateCreated", "IIM By-line", "IIM Credit", "IIM Source", "IIM CopyrightNotice"}
	xmpProps     = [propCount]string{"XMP photoshop:DateCreated", "XMP dc:creator", "XMP photoshop:Credit", "XMP photoshop:Source", "XMP dc:rights"}
	sidecarProps = [propCount]string{"sidecar photoshop:DateCreated", "sidecar dc:creator", "sidecar photoshop:Credit", "sidecar photoshop:Source", "sidecar dc:rights"}
)

func compareDate(out []Finding, rec *caption.Record, stores []*metadata.Store, note string, opt Options) []Finding {
	rd, ok := recordDay(rec)
	if !ok {
		return append(out, Finding{Severity: SeverityWarning, Field: FieldDate,
			Message: "the caption states no date; the date was not checked"})
	}
	want := ""
	inferred := ""
	if rec.DateInferred {
		inferred = "; the caption's year was inferred from the image"
	}
	var dated [4]*metadata.Store
	nd := 0
	for _, s := range stores {
		if s.Date.IsZero() || nd == len(dated) {
			continue
		}
		dated[nd] = s
		nd++
		if !sameAtPrecision(rd, s.Date) {
			if want == "" {
				want = rd.String()
			}
			got := calendarString(s.Date)
			out = append(out, Finding{Severity: SeverityError, Field: FieldDate, Store: string(s.Kind),
				Want: want, Got: got,
				Message: fmt.Sprintf("caption says %s, %s says %s (%s)%s%s",
					want, property(s.Kind, "date"), got, statedString(s.Date), inferred, note)})
		}
	}
	if nd == 0 {
		want = rd.String()
		sev := SeverityError
		if opt.AllowMissingDate {
			sev = SeverityWarning
		}
		return append(out, Finding{Severity: sev, Field: FieldDate, Want: want,
			Message: fmt.Sprintf("caption says %s, no store of the image has a date (EXIF DateTimeOriginal, IIM DateCreated, XMP photoshop:DateCreated)", want)})
	}
	// Stores that disagree with each other, at the coarser precision of
	// each two.
	conflict := false
	for a := 0; a < nd && !conflict; a++ {
		for b := a + 1; b < nd; b++ {
			if datesConflict(dated[a].Date, dated[b].Date) {
				conflict = true
				break
			}
		}
	}
	if conflict {
		kinds, parts := make([]string, nd), make([]string, nd)
		for j, s := range dated[:nd] {
			kinds[j] = string(s.Kind)
			parts[j] = property(s.Kind, "date") + " " + calendarString(s.Date)
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

func compareCreator(out []Finding, rec *caption.Record, stores []*metadata.Store, note string, opt Options) []Finding {
	wantKeys := foldSet(rec.Creators)
	// Fold each store's creators once. An IIM By-line cut at its 32-byte
	// limit counts as the caption name it was cut from (compareLimits
	// reports the cut).
	var keys [4][]string
	var named [4]*metadata.Store
	nn := 0
	for _, s := range stores {
		if nn == len(named) {
			break
		}
		var k []string
		if len(s.Creators) > 0 {
			k = foldSet(s.Creators)
			if s.Kind == metadata.StoreIPTC && len(wantKeys) > 0 {
				k = uncutCreators(k, s, rec.Creators)
			}
		}
		if len(k) > 0 {
			keys[nn], named[nn] = k, s
			nn++
		}
	}
	if len(wantKeys) == 0 {
		if nn > 0 {
			out = append(out, Finding{Severity: SeverityWarning, Field: FieldCreator,
				Got:     strings.Join(named[0].Creators, "; "),
				Message: "the caption names no creator; the creator was not checked"})
		}
		return out
	}
	want := strings.Join(rec.Creators, "; ")
	for j, s := range named[:nn] {
		if intersects(wantKeys, keys[j]) {
			continue
		}
		got := strings.Join(s.Creators, "; ")
		if otherScript(rec.Creators, s.Creators) {
			out = append(out, Finding{Severity: SeverityWarning, Field: FieldCreator, Store: string(s.Kind),
				Want: want, Got: got,
				Message: fmt.Sprintf("caption names %s, %s names %s in another script; compare them by eye%s", want, property(s.Kind, "creator"), got, note)})
			continue
		}
		out = append(out, Finding{Severity: SeverityError, Field: FieldCreator, Store: string(s.Kind),
			Want: want, Got: got,
			Message: fmt.Sprintf("caption names %s, %s names %s%s", want, property(s.Kind, "creator"), got, note)})
	}
	if nn == 0 {
		sev := SeverityError
		if opt.AllowMissingCreator {
			sev = SeverityWarning
		}
		return append(out, Finding{Severity: sev, Field: FieldCreator, Want: want,
			Message: fmt.Sprintf("caption names %s, no store of the image names a creator (EXIF Artist, IIM By-line, XMP dc:creator)", want)})
	}
	// Stores that disagree with each other: different sets of names.
	for j := 1; j < nn; j++ {
		if !sameKeySet(keys[j], keys[0]) {
			kinds, parts := make([]string, nn), make([]string, nn)
			for i, n := range named[:nn] {
				kinds[i] = string(n.Kind)
				parts[i] = property(n.Kind, "creator") + " " + strings.Join(n.Creators, "; ")
			}
			out = append(out, Finding{Severity: SeverityWarning, Field: FieldCreator, Store: strings.Join(kinds, "/"),
				Message: "the image's stores disagree on the creator: " + strings.Join(parts, ", ")})
			break
		}
	}
	return out
}

// sameKeySet reports whether two lists of distinct keys hold the same
// keys, in any order.
func sameKeySet(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for _, x := range a {
		if !containsKey(b, x) {
			return false
		}
	}
	return true
}

// eachAgencyPart calls fn with the whole credit s, trimmed, and then, when
// s names several agencies ("AFP/Getty Images", "NHLI via Getty Images",
// "EPA; Reuters"), with each of them; it stops when fn returns true and
// reports whether fn did. It allocates nothing.
func eachAgencyPart(s string, fn func(string) bool) bool {
	if fn(strings.TrimSpace(s)) {
		return true
	}
	if !hasAgencySeparator(s) {
		return false
	}
	for rest := s; rest != ""; {
		i, n := nextAgencySeparator(rest)
		part := rest
		if i >= 0 {
			part, rest = rest[:i], rest[i+n:]
		} else {
			rest = ""
		}
		if p := strings.TrimSpace(part); p != "" && fn(p) {
			return true
		}
	}
	return false
}

func hasAgencySeparator(s string) bool {
	i, _ := nextAgencySeparator(s)
	return i >= 0
}

// nextAgencySeparator finds the first "/", ";", "|" or " via " (any case)
// in s and returns its index and length, or -1.
func nextAgencySeparator(s string) (int, int) {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '/', ';', '|':
			return i, 1
		case ' ':
			if i+5 <= len(s) && s[i+4] == ' ' && strings.EqualFold(s[i+1:i+4], "via") {
				return i, 5
			}
		}
	}
	return -1, 0
}

// agencyWant is the caption's agency prepared once per Compare: the
// FoldName key and alias group of each agency it names, and the foldWords
// spellings of all their names.
type agencyWant struct {
	al        *Aliases
	keys      []string
	groups    []int // -1 when the key is not in the table
	spellings []string
}

func newAgencyWant(agency string, al *Aliases) *agencyWant {
	w := &agencyWant{al: al}
	eachAgencyPart(agency, func(p string) bool {
		k := FoldName(p)
		if k == "" {
			return false
		}
		g, ok := al.group[k]
		if !ok {
			g = -1
		}
		w.keys = append(w.keys, k)
		w.groups = append(w.groups, g)
		w.spellings = append(w.spellings, foldWords(p))
		if ok {
			w.spellings = append(w.spellings, al.words[g]...)
		}
		return false
	})
	return w
}

// agrees reports whether the store value v names the caption's agency: one
// of its parts is the same agency (Aliases.Same), or it mentions one of
// the agency's spellings as whole words.
func (w *agencyWant) agrees(v string) bool {
	if eachAgencyPart(v, func(p string) bool {
		k := FoldName(p)
		if k == "" {
			return false
		}
		g, ok := w.al.group[k]
		for i, wk := range w.keys {
			if k == wk || ok && g == w.groups[i] {
				return true
			}
		}
		return false
	}) {
		return true
	}
	return mentions(v, w.spellings)
}

func compareCredit(out []Finding, rec *caption.Record, stores []*metadata.Store, note string, al *Aliases) []Finding {
	if FoldName(rec.Agency) == "" {
		return out
	}
	want := rec.Agency
	w := newAgencyWant(want, al)
	seen := false
	for _, s := range stores {
		for _, f := range [2]struct{ label, v string }{{"Credit", s.Credit}, {"Source", s.Source}} {
			if strings.TrimSpace(f.v) == "" {
				continue
			}
			seen = true
			if w.agrees(f.v) || s.Kind == metadata.StoreIPTC && iimCut(want, f.v, iimAgencyMax, iimSingleByte(s)) {
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
				Message: fmt.Sprintf("caption credits %s, %s says %s%s", want, property(s.Kind, f.label), f.v, note)})
		}
		if c := strings.TrimSpace(s.Copyright); c != "" {
			t := " " + foldWords(c) + " "
			if mentionsFolded(t, w.spellings) {
				seen = true
				continue
			}
			if others := al.namedFolded(t); len(others) > 0 {
				seen = true
				out = append(out, Finding{Severity: SeverityError, Field: FieldCredit, Store: string(s.Kind),
					Want: want, Got: c,
					Message: fmt.Sprintf("caption credits %s, %s names %s%s", want, property(s.Kind, "Copyright"), strings.Join(others, ", "), note)})
			}
		}
	}
	if !seen {
		out = append(out, Finding{Severity: SeverityWarning, Field: FieldCredit, Want: want,
			Message: fmt.Sprintf("caption credits %s, no store of the image names an agency (IIM/XMP Credit or Source, Copyright)", want)})
	}
	return out
}
