package check

import (
	"strings"

	"github.com/captag/captag/metadata"
	"github.com/captag/captag/metadata/caption"
	"github.com/captag/captag/metadata/field"
	"github.com/captag/captag/metadata/names"
)

// A credit names a chain of agencies: "NHLI via Getty Images", "AFP/Getty
// Images", "Getty Images for Tommy Hilfiger" (Getty made the picture for
// a client, who is no agency), "Pool/AP", "Handout/Reuters",
// "REUTERS/File". Any agency of the caption's chain is a correct credit for
// the picture, and a store value agrees when it names any of them.

// maxWantAgencies caps the agencies of a caption's chain that Compare
// looks at; real chains have two or three.
const maxWantAgencies = 8

// agencyWant is the caption's chain of agencies prepared once per Compare,
// on the caller's stack: per agency its metadata.FoldName key, its alias group (-1
// when none), its entry in the built-in table (nil when none) and, when it
// is in neither, the metadata.FoldWords form of its name.
type agencyWant struct {
	al     *Aliases
	n      int
	keys   [maxWantAgencies]string
	groups [maxWantAgencies]int
	table  [maxWantAgencies]*names.Agency
	words  [maxWantAgencies]string
}

// add adds the agency (or agencies) of the caption credit name to w.
func (w *agencyWant) add(name string) {
	names.EachAgencyPart(name, func(p string) bool {
		if w.n == maxWantAgencies {
			return true
		}
		k := metadata.FoldName(p)
		if k == "" {
			return false
		}
		for _, o := range w.keys[:w.n] {
			if o == k {
				return false
			}
		}
		g, ok := w.al.Group(k)
		if !ok {
			g = -1
		}
		a, _ := names.AgencyByKey(k)
		w.keys[w.n], w.groups[w.n], w.table[w.n] = k, g, a
		if !ok && a == nil {
			w.words[w.n] = metadata.FoldWords(p)
		}
		w.n++
		if d, ok := names.Distributor(k); ok {
			w.add(d) // the brand's own distributor: "X/WireImage" is a Getty Images picture
		}
		if !ok && a == nil {
			// A credit the caption parser left untidy ("dpa +++
			// dpa-Bildfunk +++") still names the agencies it mentions.
			ids, _ := names.Mentioned(" " + w.words[w.n-1] + " ")
			for _, id := range ids {
				w.add(id)
			}
		}
		return false
	})
}

// has reports whether a is one of the caption's agencies.
func (w *agencyWant) has(a *names.Agency) bool {
	for _, t := range w.table[:w.n] {
		if t != nil && t == a {
			return true
		}
	}
	return false
}

// mentionedIn reports whether the folded, space-padded text t mentions a
// spelling of one of the caption's agencies as whole words.
func (w *agencyWant) mentionedIn(t string) bool {
	for i := 0; i < w.n; i++ {
		if g := w.groups[i]; g >= 0 && names.MentionsFolded(t, w.al.Spellings(g)) {
			return true
		}
		if a := w.table[i]; a != nil && names.MentionsFolded(t, names.Spellings(a)) {
			return true
		}
		if w.words[i] != "" && strings.Contains(t, " "+w.words[i]+" ") {
			return true
		}
	}
	return false
}

// agrees reports whether the store value v names one of the caption's
// agencies: one of its parts is the same agency (same key, same alias
// group or same agency of the built-in table), or it mentions one of the
// agencies' spellings as whole words.
func (w *agencyWant) agrees(v string) bool {
	var buf [64]byte
	if names.EachAgencyPart(v, func(p string) bool {
		// The key in buf when p is ASCII (most credits): the map lookups
		// and comparisons below then allocate nothing.
		kb, ascii := names.FoldASCII(buf[:0], p)
		var k string
		if ascii {
			k = string(kb) // not kept: the compiler does not copy
		} else {
			k = metadata.FoldName(p)
		}
		if len(k) == 0 {
			return false
		}
		var g int
		var ok bool
		if ascii {
			g, ok = w.al.GroupOf(kb)
		} else {
			g, ok = w.al.Group(k)
		}
		for i, wk := range w.keys[:w.n] {
			if ascii && string(kb) == wk || !ascii && k == wk || ok && g == w.groups[i] {
				return true
			}
		}
		var a *names.Agency
		if ascii {
			a, _ = names.AgencyByKey(string(kb))
		} else {
			a, _ = names.AgencyByKey(k)
		}
		return a != nil && w.has(a)
	}) {
		return true
	}
	return w.mentionedIn(" " + metadata.FoldWords(v) + " ")
}

// otherAgencies returns the agencies the folded, space-padded text t
// mentions: ids under which two spellings of one agency are one (the
// built-in table's names, then the desk's aliases that are none of
// those), and each as t spells it, for messages.
func otherAgencies(t string, al *Aliases) (ids, shown []string) {
	ids, shown = names.Mentioned(t)
	for _, n := range al.NamedFolded(t) {
		a, ok := names.LookupAgency(n)
		dup := false
		for _, o := range ids {
			if ok && o == a.Name || metadata.FoldName(o) == metadata.FoldName(n) {
				dup = true
				break
			}
		}
		if !dup {
			ids, shown = append(ids, n), append(shown, n)
		}
	}
	return ids, shown
}

// hasText reports whether s has a character that is not ASCII space or
// punctuation, without folding it.
func hasText(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= 0x80 || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' {
			return true
		}
	}
	return false
}

// captionAgencies calls fn with each agency of the caption's chain:
// rec.Agency, then every one of rec.Agencies (a name may come twice).
func captionAgencies(rec *caption.Record, fn func(string)) {
	if hasText(rec.Agency) {
		fn(rec.Agency)
	}
	for _, a := range rec.Agencies {
		if a != rec.Agency {
			fn(a)
		}
	}
}

// wantString says the caption's chain for messages: "Reuters", "NHLI or
// Getty Images".
func wantString(rec *caption.Record) string {
	if len(rec.Agencies) == 0 || len(rec.Agencies) == 1 && rec.Agencies[0] == rec.Agency {
		return rec.Agency
	}
	var names []string
	captionAgencies(rec, func(a string) { names = append(names, a) })
	return strings.Join(names, " or ")
}

// NamesAgency reports whether v, a Credit (source false) or Source value
// of a store, names one of rec's agencies as Compare judges it: Compare
// makes no credit finding for it ("Getty Images North America" or "AFP/
// Getty Images" for a caption crediting Getty Images; for a Source, an
// agency's own code, Reuters' "X90024"). al is the agency table (nil:
// DefaultAliases). write keeps such a value as it is (sidecar.Options.
// SameAgency).
func NamesAgency(rec *caption.Record, v string, source bool, al *Aliases) bool {
	if al == nil {
		al = DefaultAliases()
	}
	v = strings.TrimSpace(v)
	w := agencyWant{al: al}
	captionAgencies(rec, w.add)
	if w.n == 0 || v == "" {
		return false
	}
	if w.agrees(v) {
		return true
	}
	if source {
		if a, ok := names.SourceCode(v); ok && w.has(a) {
			return true
		}
	}
	return false
}

func compareCredit(out []Finding, rec *caption.Record, stores []*metadata.Store, note string, al *Aliases, ct *creditText) []Finding {
	w := agencyWant{al: al}
	captionAgencies(rec, w.add)
	var fromText []string // the agencies read from the caption's credit words
	if w.n == 0 {
		// No agency read: the agencies the caption's credit words name.
		fromText = ct.agencies(al)
		for _, id := range fromText {
			w.add(id)
		}
	}
	if w.n == 0 {
		return append(out, creditNotChecked(rec, stores))
	}
	seen := false
	doubtful := fromText != nil || agencyDoubtful(&w) // a guess from the last words, or unknown agencies
	var dis []disagreement
	for _, s := range stores {
		for _, f := range [2]struct{ label, v string }{{"Credit", s.Credit}, {"Source", s.Source}} {
			v := strings.TrimSpace(f.v)
			if v == "" {
				continue
			}
			seen = true
			if w.agrees(v) || s.Kind == metadata.StoreIPTC && cutFromCaption(rec, v, iimSingleByte(s)) {
				continue
			}
			x := disagreement{sev: metadata.SeverityError, store: s.Kind, prop: property(s.Kind, f.label), got: v, show: v, verb: "says"}
			others, shown := otherAgencies(" "+metadata.FoldWords(v)+" ", al)
			if f.label == "Source" {
				// Source also carries codes, job numbers and photographers'
				// names; an error only when it names another known agency.
				if a, ok := names.SourceCode(v); ok {
					if w.has(a) {
						continue // the agency's own code ("X90024" for Reuters)
					}
					x.sev, x.note = metadata.SeverityWarning, ", a code of "+a.Name
					x.key = "code\x00" + a.Name + "\x00" + metadata.FoldName(v)
				} else if len(others) == 0 {
					x.sev = metadata.SeverityWarning
				}
			}
			if note, ok := agencyExcused(rec, v, doubtful, ct); ok && x.sev == metadata.SeverityError {
				x.sev, x.note = metadata.SeverityWarning, note
			}
			if len(others) == 0 && names.OnlyNotAgency(v) {
				// "Pool", "Handout": how the picture came, not who made it.
				x.sev, x.note = metadata.SeverityWarning, ", which names no agency"
			}
			if len(others) > 0 && x.key == "" {
				x.key = "agency\x00" + strings.Join(others, "\x00")
				x.names = strings.Join(shown, ", ")
			}
			dis = append(dis, x)
		}
		if x, named, ok := copyrightNames(s, w, al); ok {
			seen = true
			if named {
				dis = append(dis, x)
			}
		}
	}
	want := wantString(rec)
	if fromText != nil {
		want = strings.Join(fromText, " or ")
		note = "; the caption's agency was read from its last words" + note
	}
	if !seen {
		return append(out, Finding{Severity: metadata.SeverityWarning, Field: FieldCredit, Want: want,
			Message: "caption credits " + want + noStore + "names an agency (IIM/XMP Credit or Source, Copyright)", Absent: true})
	}
	showGroups(dis)
	return grouped(out, FieldCredit, "credits", want, dis, note)
}

// copyrightNames reads store s's Copyright against the caption's
// agencies w: ok when it names one of them or another known agency, and
// then named with the disagreement x when the agency is another.
func copyrightNames(s *metadata.Store, w agencyWant, al *Aliases) (x disagreement, named, ok bool) {
	c := strings.TrimSpace(s.Copyright)
	if c == "" {
		return x, false, false
	}
	t := " " + metadata.FoldWords(c) + " "
	if w.mentionedIn(t) {
		return x, false, true
	}
	others, shown := otherAgencies(t, al)
	if others, shown = names.NamedInFreeText(c, t, others, shown); len(others) > 0 {
		ns := strings.Join(shown, ", ")
		return disagreement{sev: metadata.SeverityError, store: s.Kind, prop: property(s.Kind, "Copyright"),
			got: c, show: ns, verb: "names", key: "agency\x00" + strings.Join(others, "\x00"), names: ns}, true, true
	}
	return x, false, false
}

// showGroups words the disagreements of stores that name the same other
// agency as one group, said by the agency's name; a value alone in its
// group is quoted as written.
func showGroups(dis []disagreement) {
	for i := range dis {
		d := &dis[i]
		if d.names == "" {
			d.key = d.key + "\x00" + metadata.FoldName(d.got)
			continue
		}
		alone := true
		for j := range dis {
			if j != i && dis[j].sev == d.sev && dis[j].key == d.key {
				alone = false
				break
			}
		}
		if !alone {
			d.show, d.verb = d.names, "names"
		}
	}
}

// cutFromCaption reports whether the IIM value v is one of the caption's
// agencies cut at the Credit/Source byte limit.
func cutFromCaption(rec *caption.Record, v string, single bool) bool {
	cut := iimCut(rec.WrittenAgency(), v, field.Credit.Limit(), single) // what captag writes
	captionAgencies(rec, func(n string) { cut = cut || iimCut(n, v, field.Credit.Limit(), single) })
	return cut
}

// creditNotChecked is the finding that no agency was read: the first
// store's Credit, and the model's guess if it made one.
func creditNotChecked(rec *caption.Record, stores []*metadata.Store) Finding {
	got := ""
	for _, s := range stores {
		if got = strings.TrimSpace(s.Credit); got != "" {
			break
		}
	}
	why := "no agency read in the caption"
	if rec.Guess != nil {
		why += guessSaid(rec.Guess.Agencies)
	}
	return notChecked(FieldCredit, why, got)
}
