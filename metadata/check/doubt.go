package check

import (
	"strings"

	"github.com/captag/captag/metadata"
	"github.com/captag/captag/metadata/caption"
	"github.com/captag/captag/metadata/names"
)

// A reading the caption parser is not sure of is never an error on the
// image (issue 22). When its creator or agency disagrees with a store,
// the reading looks wrong (a creator that is a credit label or an agency,
// "Zdroj: Čtk"; an agency the table does not know, "Kamaryt Michal"), and
// the store's value is in the caption's credit words ("Foto: ČTK /
// Kamaryt Michal"), the parser is what failed: the finding is a warning
// that names both readings, not an error.

// doubtNote is said after the store's value in such a warning.
const doubtNote = ", as the caption's credit words do: the caption's credit may have been misread"

// modelNote is said after the store's value when the rules' reading of
// the credit disagrees with it and a second reading, the model's
// (caption.ModelCredit, learnt from real captions), agrees: one of the two
// readings is wrong, and the caption does not say which.
const modelNote = ", as a second reading of the caption's credit does (a model's): the caption's credit may have been misread"

// creatorsDoubtful reports whether the parser's creators look misread: one
// of them starts with a credit label, is a role word, or has an agency
// of the table or the desk's aliases as one of its words.
func creatorsDoubtful(rec *caption.Record, al *Aliases) bool {
	for _, c := range rec.Creators {
		if _, labelled := names.CutLabels(c); labelled || names.NotPerson(c) {
			return true
		}
		if strings.Contains(c, ":") {
			// A label the tables do not know yet, kept in the name
			// (Northern Sami "Govva: Jonne Järvinen", fc8b-006).
			return true
		}
		for _, w := range strings.Fields(metadata.FoldWords(c)) {
			if _, ok := names.AgencyByKey(w); ok {
				return true
			}
			if _, ok := al.Group(w); ok {
				return true
			}
		}
	}
	return false
}

// agencyDoubtful reports whether no agency the parser read is one the
// table or the desk's aliases know: the credit's words were taken for an
// agency by their place alone.
func agencyDoubtful(w *agencyWant) bool {
	for i := 0; i < w.n; i++ {
		if w.table[i] != nil || w.groups[i] >= 0 {
			return false
		}
	}
	return w.n > 0
}

// inCredit reports whether the caption's credit words hold the value v as
// whole words.
func (c *creditText) inCredit(v string) bool {
	f := metadata.FoldWords(v)
	return f != "" && strings.Contains(c.words(), " "+f+" ")
}

// creatorMisread reports whether the parser's own reading holds the
// store's person under another role or with words around it: the person
// is one of the agencies the parser read ("Mp" / "Fredywansyah",
// fc8a-013: the photographer taken for the agency), or the person's words
// run, in either order, inside a longer creator the parser read (a word
// glued to the name, "Roberto Santander Úh" against "Santander Roberto",
// fc8b-043). The caption then holds the store's value, so a disagreement
// is the parser's failure, not the image's.
func creatorMisread(rec *caption.Record, got []string) bool {
	for _, g := range got {
		k := metadata.FoldName(g)
		if k == "" {
			continue
		}
		for _, a := range rec.Agencies {
			if metadata.FoldName(a) == k || names.Reordered(a, g) {
				return true
			}
		}
		for _, form := range names.BothOrders(g) {
			if !strings.Contains(form, " ") {
				continue
			}
			for _, c := range rec.Creators {
				for _, cw := range names.WordForms(c) {
					if len(cw) > len(form) && strings.Contains(" "+cw+" ", " "+form+" ") {
						return true
					}
				}
			}
		}
	}
	return false
}

// agencyMisread reports whether the parser's own reading holds the
// store's agency v with more around it: inside a longer agency it read
// (a role word glued on, "新華社特約" — Xinhua's "special" correspondent —
// against "新華社", fc8a-068; scripts without spaces are searched as
// they are written) or inside a creator it read ("Foto: Avaz", fc8c-027:
// the paper taken for a photographer).
func agencyMisread(rec *caption.Record, v string) bool {
	f := metadata.FoldWords(v)
	if f == "" {
		return false
	}
	spaced := !names.Spaceless(names.ScriptOf(v))
	holds := func(read string) bool {
		rf := metadata.FoldWords(read)
		if len(rf) <= len(f) {
			return false
		}
		if spaced {
			return strings.Contains(" "+rf+" ", " "+f+" ")
		}
		return strings.Contains(rf, f)
	}
	for _, a := range rec.Agencies {
		if holds(a) {
			return true
		}
	}
	for _, c := range rec.Creators {
		if holds(c) {
			return true
		}
	}
	return false
}

// agencyExcused reports whether the store's agency v, which agrees with
// none of the caption's, is a warning rather than an error, and the note
// that says why: the parser's reading is doubtful and the caption's
// credit words hold v, or its own reading holds v with more around it
// (agencyMisread), or v is the initials of an agency it read ("CNA" for
// the Central News Agency, names.IsInitialsOf: the same agency written
// short, said so).
func agencyExcused(rec *caption.Record, v string, doubtful bool, ct *creditText) (string, bool) {
	if doubtful && ct.inCredit(v) || agencyMisread(rec, v) {
		return doubtNote, true
	}
	if ct.modelReadsAgency(v) {
		return modelNote, true
	}
	for _, a := range rec.Agencies {
		spellings := []string{a}
		if t, ok := names.LookupAgency(a); ok {
			spellings = t.Names
		}
		for _, n := range spellings {
			if names.IsInitialsOf(v, n) {
				return ", the initials of " + n + ": the same agency written short", true
			}
		}
	}
	return "", false
}
