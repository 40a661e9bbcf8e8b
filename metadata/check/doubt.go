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

// creatorsDoubtful reports whether the parser's creators look misread: one
// of them starts with a credit label, is a role word, or has an agency
// of the table or the desk's aliases as one of its words.
func creatorsDoubtful(rec *caption.Record, al *Aliases) bool {
	for _, c := range rec.Creators {
		if _, labelled := names.CutLabels(c); labelled || names.NotPerson(c) {
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
