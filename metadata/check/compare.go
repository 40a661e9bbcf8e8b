package check

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/captag/captag/metadata"
	"github.com/captag/captag/metadata/caption"
	"github.com/captag/captag/metadata/date"
	"github.com/captag/captag/metadata/field"
	"github.com/captag/captag/metadata/names"
)

// Field names what a Finding is about; its JSON is the string.
type Field string

const (
	FieldDate    Field = "date"    // the capture date
	FieldCreator Field = "creator" // the photographer
	FieldCredit  Field = "credit"  // the agency (credit, source, copyright)
	FieldCaption Field = "caption" // a problem of the caption itself
	FieldMatch   Field = "match"   // a caption or image left unmatched
	FieldFile    Field = "file"    // a warning read from the image file
)

// Finding is one thing a check found about one pair (or one unmatched
// record or image). Compare makes one finding per field and severity: all
// the stores that disagree with the caption on a field are in it, Values
// holding each store's property and value and Message saying it in a
// sentence ("caption says 2016-12-19; EXIF DateTimeOriginal and IIM
// DateCreated say 2016-12-18"). Store is metadata.StoreEXIF, StoreIPTC,
// StoreXMP or StoreSidecar, several of them joined by "/" when the finding
// is about several stores (StoreKind.Kinds lists them), or "" when it
// concerns no store. Want is what the caption says and Got
// what the (first) store says, when the finding compares the two (either
// may be empty when one side has nothing); Message is all there is for
// findings that compare nothing (stores that disagree with each other,
// caption problems, file warnings, unmatched). NotChecked marks the
// warning that a field could not be checked because the caption does not
// give it ("date not checked: no date read in the caption").
type Finding struct {
	Severity   metadata.Severity  `json:"severity"`
	Field      Field              `json:"field"`
	Store      metadata.StoreKind `json:"store"`
	Want       string             `json:"want"`
	Got        string             `json:"got"`
	Message    string             `json:"message"`
	Values     []Value            `json:"values,omitempty"`
	NotChecked bool               `json:"not_checked,omitempty"`
	// Absent says that no store of the image gives the field (the caption
	// names a creator, a date or an agency nothing in the image has), for
	// code: never match Message (NoStoreGives).
	Absent bool `json:"-"`
}

// Value is one store's value in a Finding: the store ("exif", "iptc",
// "xmp", "sidecar"), the property ("IIM DateCreated") and the value as the
// store states it ("2016-12-18T09:30:12+03:00", "Karim Haddad", "AFP").
type Value struct {
	Store    metadata.StoreKind `json:"store"`
	Property string             `json:"property"`
	Got      string             `json:"got"`
	Prop     Prop               `json:"-"` // which property, for code: never match Property
}

// Options tune Compare.
type Options struct {
	AllowMissingDate    bool     // no date in any store is a warning, not an error
	AllowMissingCreator bool     // no creator in any store is a warning, not an error
	Aliases             *Aliases // agency table; nil means DefaultAliases()
	// DayGrace: a store time at most this long after the midnight that
	// ends the caption's day (or before the one that starts it) is a
	// warning, not an error. 0 means no grace; captag check defaults to an
	// hour (--day-grace). At most MaxDayGrace counts.
	DayGrace time.Duration
}

// MaxDayGrace is the longest DayGrace Compare honours: beyond half a day
// a grace would excuse any time of the next day's morning.
const MaxDayGrace = 12 * time.Hour

// UnmatchedFinding is the finding for a record (kind "record") or an image
// (kind "image") that Match left unmatched, with Match's reason: an error,
// or a warning when allowUnmatched (--allow-unmatched) is set. Field is
// "match", Store is "".
func UnmatchedFinding(kind, reason string, allowUnmatched bool) Finding {
	sev := metadata.SeverityError
	if allowUnmatched {
		sev = metadata.SeverityWarning
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
// record's own problems, then date, creator, credit and file findings, one
// finding per field and severity (errors first), stores inside a finding in
// the order EXIF, IPTC, XMP, sidecar. A record whose year is unknown gets it
// from the image first (InferYear). by is how the pair was made; when it is
// not a full agreement ("creator", "date", "order") the messages of the
// disagreeing fields say so.
//
// No field is skipped silently: when the caption gives no date (or says
// the picture is undated), no creator or no agency, that field gets a
// warning with NotChecked set ("date not checked: no date read in the
// caption"), which replaces the record's own problem of that kind
// (caption.ProblemNoDate, ProblemNoCredit, ProblemNoAgency,
// ProblemNoCreator), so that one missing thing is one finding. Nor is a
// store skipped silently: one that could not be read, or was read only in
// part (a sidecar that is a link out of its folder, a named pipe, too big
// or not XMP; a refused EXIF payload, an XMP packet that does not parse),
// gets a file warning naming the store and why (see unreadFindings).
func Compare(rec caption.Record, img *metadata.Image, by Method, opt Options) []Finding {
	al := opt.Aliases
	if al == nil {
		al = DefaultAliases()
	}
	// Findings are rare; most pairs return an empty list.
	out := make([]Finding, 0, len(rec.Problems))
	for _, p := range rec.Problems {
		if img != nil {
			switch p.Code {
			case caption.ProblemNoDate, caption.ProblemNoCredit, caption.ProblemNoAgency, caption.ProblemNoCreator:
				continue // said by the field's "not checked" finding
			}
		}
		sev := metadata.SeverityWarning
		if p.Severity == metadata.SeverityError {
			sev = metadata.SeverityError
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
	ct := creditText{raw: rec.Text}
	out = compareDate(out, &rec, ss, note, opt)
	out = compareCreator(out, &rec, ss, note, opt, al, &ct)
	out = compareCredit(out, &rec, ss, note, al, &ct)
	if u := unreadStores(img); u != "" {
		// The field has no store left to check it by, and a store that
		// might have held it was not read: say so where it is missed.
		for i := range out {
			if out[i].Absent {
				out[i].Message += " (" + u + ")"
			}
		}
	}
	out = compareLimits(out, &rec, img)
	for _, w := range img.Warnings {
		if w.Code == metadata.WarnDigestStale || w.Code == metadata.WarnIIMCharset {
			out = append(out, Finding{Severity: metadata.SeverityWarning, Field: FieldFile, Store: w.Store, Message: w.Message})
		}
	}
	return unreadFindings(out, img)
}

// notChecked is the warning that field could not be checked, and why.
func notChecked(field Field, why, got string) Finding {
	return Finding{Severity: metadata.SeverityWarning, Field: field, Got: got, NotChecked: true,
		Message: string(field) + " not checked: " + why}
}

// creatorNotChecked is the finding that no creator was read: what the
// first store names, and the model's guess if it made one.
func creatorNotChecked(rec *caption.Record, named []*metadata.Store) Finding {
	got := ""
	if len(named) > 0 {
		got = strings.Join(named[0].Creators, "; ")
	}
	why := "no creator read in the caption"
	if rec.Guess != nil {
		why += guessSaid(rec.Guess.Creators)
	}
	return notChecked(FieldCreator, why, got)
}

// guessSaid is what a not-checked finding adds of the credit the
// parser's model guessed (caption.Guess): the names, said to be a guess,
// so that the desk can compare them with the picture's by eye; nothing is
// checked against them.
func guessSaid(guessed []string) string {
	if len(guessed) == 0 {
		return ""
	}
	return "; it may credit " + quoteJoin(guessed) + " (a guess, not checked)"
}

// quoteJoin returns l quoted and joined with "; ".
func quoteJoin(l []string) string {
	var b strings.Builder
	for i, s := range l {
		if i > 0 {
			b.WriteString("; ")
		}
		b.WriteString(strconv.Quote(s))
	}
	return b.String()
}

// disagreement is one store value that differs from the caption's.
// Disagreements of one field with the same severity and key make one
// finding (see grouped).
type disagreement struct {
	sev    metadata.Severity
	store  metadata.StoreKind
	prop   string // "EXIF DateTimeOriginal"
	got    string // the value as the store states it (Finding.Values)
	show   string // what the message says the store says: "2016-12-18"
	verb   string // "says" or "names"
	note   string // said after show, part of the key: ", 00:07, 7 minutes after midnight"
	stated string // said after show in parentheses when the whole group states the same
	key    string // same key, same way of disagreeing ("" means show+note)
	names  string // credit: the other agencies the value names, for a group's message
}

// grouped appends the findings for one field's disagreements: one per
// severity (errors first), whose message is "caption VERBs WANT; " and, per
// group of stores that disagree the same way, "PROP, PROP and PROP say
// SHOW", then tail.
func grouped(out []Finding, field Field, wantVerb, want string, ds []disagreement, tail string) []Finding {
	for _, sev := range [2]metadata.Severity{metadata.SeverityError, metadata.SeverityWarning} {
		n := 0
		for i := range ds {
			if ds[i].sev == sev {
				n++
			}
		}
		if n == 0 {
			continue
		}
		f := Finding{Severity: sev, Field: field, Want: want, Values: make([]Value, 0, n)}
		var msg strings.Builder
		var kinds metadata.StoreKind
		msg.WriteString("caption " + wantVerb + " " + want)
		done := make([]bool, len(ds))
		for i := range ds {
			d := &ds[i]
			if d.sev != sev || done[i] {
				continue
			}
			if f.Got == "" {
				f.Got = d.show
			}
			// The group of d: every later disagreement of this severity with
			// its key.
			var props []string
			stated := d.stated
			for j := i; j < len(ds); j++ {
				e := &ds[j]
				if e.sev != sev || done[j] || e.groupKey() != d.groupKey() {
					continue
				}
				done[j] = true
				props = append(props, e.prop)
				if e.stated != stated {
					stated = ""
				}
				f.Values = append(f.Values, Value{Store: e.store, Property: e.prop, Got: e.got, Prop: propOf(e.store, e.prop)})
				kinds = kinds.With(e.store)
			}
			verb := d.verb
			if len(props) > 1 {
				verb = strings.TrimSuffix(verb, "s")
			}
			msg.WriteString("; " + joinAnd(props) + " " + verb + " " + d.show)
			if stated != "" {
				msg.WriteString(" (" + stated + ")")
			}
			msg.WriteString(d.note)
		}
		msg.WriteString(tail)
		f.Store, f.Message = kinds, msg.String()
		out = append(out, f)
	}
	return out
}

func (d *disagreement) groupKey() string {
	if d.key != "" {
		return d.key
	}
	return d.show + "\x00" + d.note
}

// joinAnd joins "A", "A and B", "A, B and C".
func joinAnd(xs []string) string {
	switch len(xs) {
	case 0:
		return ""
	case 1:
		return xs[0]
	}
	return strings.Join(xs[:len(xs)-1], ", ") + " and " + xs[len(xs)-1]
}

// property names the metadata property a store keeps a field in, for
// messages: "EXIF DateTimeOriginal", "IIM Credit", "XMP dc:creator"… so
// that a desk knows which field to fix. The sidecar holds XMP properties.
// name is one of propNames; the property is the field table's (IIM by
// exiftool's tag name, XMP by its qualified name).
func property(k metadata.StoreKind, name string) string {
	i := propIndex(name)
	if i < 0 {
		return string(k) + " " + name
	}
	f := propFields[i]
	var word, p string
	switch k {
	case metadata.StoreEXIF:
		word, p = "EXIF", f.EXIF().Name
	case metadata.StoreIPTC:
		word, p = "IIM", f.IIMTag()
	case metadata.StoreXMP:
		word, p = "XMP", f.XMP().QName()
	case metadata.StoreSidecar:
		word, p = "sidecar", f.XMP().QName()
	}
	if p == "" {
		return string(k) + " " + name
	}
	return word + " " + p
}

// creatorProps names the image's creator properties: "EXIF Artist, IIM
// By-line, XMP dc:creator".
func creatorProps() string {
	return property(metadata.StoreEXIF, "creator") + ", " + property(metadata.StoreIPTC, "creator") + ", " + property(metadata.StoreXMP, "creator")
}

// Fields of a store that messages name, as indexes into propNames and
// propFields.
const (
	propDate = iota
	propCreator
	propCredit
	propSource
	propCopyright
	propCount
)

// propNames are the names callers give property; propFields the field
// of each.
var (
	propNames  = [propCount]string{propDate: "date", propCreator: "creator", propCredit: "Credit", propSource: "Source", propCopyright: "Copyright"}
	propFields = [propCount]field.ID{propDate: field.DateCreated, propCreator: field.Creator, propCredit: field.Credit, propSource: field.Source, propCopyright: field.Copyright}
)

func propIndex(name string) int {
	for i, n := range propNames {
		if n == name {
			return i
		}
	}
	return -1
}

// datesConflict reports whether two store dates name different calendar
// dates at the coarser of their precisions.
func datesConflict(a, b date.Date) bool {
	p := a.Precision
	if b.Precision < p {
		p = b.Precision
	}
	if a.Year != b.Year {
		return true
	}
	if p >= date.PrecMonth && a.Month != b.Month {
		return true
	}
	return p >= date.PrecDay && a.Day != b.Day
}

func compareCreator(out []Finding, rec *caption.Record, stores []*metadata.Store, note string, opt Options, al *Aliases, ct *creditText) []Finding {
	wantKeys := names.PersonKeys(rec.Creators)
	keys, named, nn := creatorKeys(stores, rec, wantKeys)
	var told [maxDatedStores]bool
	if len(wantKeys) == 0 {
		// No creator read: the stores' creators are checked against the
		// caption's credit words, when those name every one of them.
		found := nn > 0
		for _, s := range named[:nn] {
			found = found && ct.namesPerson(s.Creators)
		}
		if found {
			return storesDisagreeOnCreator(out, keys[:nn], named[:nn], told[:nn])
		}
		out = append(out, creatorNotChecked(rec, named[:nn]))
		return storesDisagreeOnCreator(out, keys[:nn], named[:nn], told[:nn])
	}
	want := strings.Join(rec.Creators, "; ")
	if nn == 0 {
		sev := metadata.SeverityError
		if opt.AllowMissingCreator {
			sev = metadata.SeverityWarning
		}
		return append(out, Finding{Severity: sev, Field: FieldCreator, Want: want,
			Message: fmt.Sprintf("caption names %s"+noStore+"names a creator (%s)", want, creatorProps()), Absent: true})
	}
	var dis [maxDatedStores]disagreement
	var disStore [maxDatedStores]int // the index in named of each disagreement
	doubtful := creatorsDoubtful(rec, al)
	n := 0
	for j, s := range named[:nn] {
		if names.AnyMeets(wantKeys, keys[j]) {
			continue
		}
		if in := creditedInside(wantKeys, rec.Creators, s.Creators); in != nil {
			keys[j] = in // for the stores' agreement with each other
			continue
		}
		told[j] = true
		got := strings.Join(s.Creators, "; ")
		x := disagreement{sev: metadata.SeverityError, store: s.Kind, prop: property(s.Kind, "creator"), got: got, show: got, verb: "names"}
		switch {
		case doubtful && ct.namesPerson(s.Creators):
			x.sev, x.note = metadata.SeverityWarning, doubtNote
		case names.AnyReordered(rec.Creators, s.Creators):
			// "Šimánek Vít" in a Czech credit, "Vít Šimánek" in the camera.
			x.sev, x.note = metadata.SeverityWarning, ", the same name in another order"
		case otherScript(rec.Creators, s.Creators):
			// "Томас Тхайцук" in the caption, "Tomas Tkhaitsuk" in the
			// camera: the same name, or another, or one to compare by eye.
			x.sev, x.note = acrossScripts(rec.Creators, s.Creators)
		case noPerson(s.Creators, al):
			// "REUTERS", "Staff", "Handout": who sent it, not who took it.
			x.sev, x.note = metadata.SeverityWarning, ", which names no person"
		case creatorMisread(rec, s.Creators):
			// The parser read the store's person as the agency, or with
			// words around the name.
			x.sev, x.note = metadata.SeverityWarning, doubtNote
		case ct.modelRereadsPerson(s.Creators, rec.Creators):
			// The second reading of the credit, the model's, names the
			// store's person: the two readings of the caption differ.
			x.sev, x.note = metadata.SeverityWarning, modelNote
		}
		x.key = creatorKey(keys[j]) + "\x00" + x.note
		// Stores that name one person in two spellings ("Jens Buettner" in
		// ASCII EXIF, "Jens Büttner" in IIM) disagree the same way.
		for m := 0; m < n; m++ {
			if dis[m].sev == x.sev && names.SameNames(keys[disStore[m]], keys[j]) {
				x.key, x.show = dis[m].key, dis[m].show
				break
			}
		}
		dis[n], disStore[n] = x, j
		n++
	}
	out = grouped(out, FieldCreator, "names", want, dis[:n], note)
	return storesDisagreeOnCreator(out, keys[:nn], named[:nn], told[:nn])
}

// creatorKeys folds the creators of each store that names one, once. An
// IIM By-line cut at its 32-byte limit counts as the caption name it was
// cut from (compareLimits reports the cut).
func creatorKeys(stores []*metadata.Store, rec *caption.Record, wantKeys []names.PersonKey) (keys [maxDatedStores][]names.PersonKey, named [maxDatedStores]*metadata.Store, nn int) {
	for _, s := range stores {
		if nn == len(named) {
			break
		}
		var k []names.PersonKey
		if len(s.Creators) > 0 {
			k = names.PersonKeys(s.Creators)
			if s.Kind == metadata.StoreIPTC && len(wantKeys) > 0 {
				k = uncutCreators(k, s, rec.Creators)
			}
		}
		if len(k) > 0 {
			keys[nn], named[nn] = canonical(k, wantKeys), s
			nn++
		}
	}
	return keys, named, nn
}

// creditedInside returns the caption creators (their keys, of want, in
// the order of names) that a store's creator values name inside a longer
// credit: as one part of a chain ("Andrea Comas/Reuters", "Photo: Andrea
// Comas via AP") or, for a name of two words or more, as whole words of it
// ("Photographer Andrea Comas"), or whose caption name holds the store's
// name of two words or more as whole words ("Foto: Kay Nietfeld"); nil when
// none.
func creditedInside(want []names.PersonKey, recNames, got []string) []names.PersonKey {
	var out []names.PersonKey
	add := func(w names.PersonKey) {
		for _, o := range out {
			if o == w {
				return
			}
		}
		out = append(out, w)
	}
	for _, g := range got {
		// A store name of two words or more inside a caption name (a label
		// the caption kept: "Foto: Kay Nietfeld").
		for _, gw := range names.WordForms(g) {
			if !strings.Contains(gw, " ") {
				continue
			}
			for _, n := range recNames {
				for _, nw := range names.WordForms(n) {
					if strings.Contains(" "+nw+" ", " "+gw+" ") {
						add(names.PersonKeyOf(n))
					}
				}
			}
		}
		// The people the value names by the credit grammar, as matching
		// reads them (names.Persons: "Photo: NICOLAS MAETERLINCK / BELGA").
		for _, p := range names.Persons(g) {
			k := names.PersonKeyOf(p)
			for _, w := range want {
				if k.Meets(w) {
					add(w)
				}
			}
		}
		names.EachAgencyPart(g, func(p string) bool {
			k := names.PersonKeyOf(p)
			for _, w := range want {
				if k.Meets(w) {
					add(w)
				}
			}
			return false
		})
		for _, gw := range names.WordForms(g) {
			t := " " + gw + " "
			for _, n := range recNames {
				for _, w := range names.WordForms(n) {
					if strings.Contains(w, " ") && strings.Contains(t, " "+w+" ") {
						add(names.PersonKeyOf(n))
					}
				}
			}
		}
	}
	return out
}

// noPerson reports whether every creator a store gives is an agency or a
// word that stands for no one in particular ("Staff", "Stringer", "STR",
// "Handout", "Pool").
func noPerson(got []string, al *Aliases) bool {
	for _, g := range got {
		if names.NotPerson(g) {
			continue
		}
		k := metadata.FoldName(g)
		if _, ok := al.Group(k); ok {
			continue
		}
		if _, ok := names.AgencyByKey(k); ok {
			continue
		}
		return false
	}
	return len(got) > 0
}

// canonical returns ks with each name that meets a caption name replaced
// by that name's key, so that two stores spelling one caption name in two
// ways ("Haakon Soereide", "Hakon Soreide" for "Håkon Søreide") name the
// same person. ks is returned as it is when nothing changes.
func canonical(ks, want []names.PersonKey) []names.PersonKey {
	var out []names.PersonKey
	for i, x := range ks {
		for _, w := range want {
			if x != w && x.Meets(w) {
				if out == nil {
					out = append([]names.PersonKey(nil), ks...)
				}
				out[i] = w
				break
			}
		}
	}
	if out == nil {
		return ks
	}
	return out
}

// creatorKey is a key under which stores that name the same people (in any
// order and spelling of one letter-by-letter fold) group together.
func creatorKey(ks []names.PersonKey) string {
	if len(ks) == 1 {
		return ks[0].K
	}
	s := make([]string, len(ks))
	for i, k := range ks {
		s[i] = k.K
	}
	sort.Strings(s)
	return strings.Join(s, "\x00")
}

// storesDisagreeOnCreator appends the warning that the stores name
// different people, when two of them do and neither is already in a
// finding on the caption's creator.
func storesDisagreeOnCreator(out []Finding, keys [][]names.PersonKey, named []*metadata.Store, told []bool) []Finding {
	for a := 0; a < len(keys); a++ {
		for b := a + 1; b < len(keys); b++ {
			if told[a] || told[b] || names.SameNames(keys[a], keys[b]) {
				continue
			}
			kinds, parts := make([]metadata.StoreKind, len(named)), make([]string, len(named))
			for i, n := range named {
				kinds[i] = n.Kind
				parts[i] = property(n.Kind, "creator") + " " + strings.Join(n.Creators, "; ")
			}
			return append(out, Finding{Severity: metadata.SeverityWarning, Field: FieldCreator, Store: metadata.JoinStoreKinds(kinds...),
				Message: "the image's stores disagree on the creator: " + strings.Join(parts, ", ")})
		}
	}
	return out
}
