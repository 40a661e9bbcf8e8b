package caption

import (
	"strings"
	"testing"
)

// Role words compare after metadata.FoldName in names.Role, the one list:
// "H.O." (handout) is no photographer, as "HO" was.
func TestRoleWordsFolded(t *testing.T) {
	for _, text := range []string{
		"GAZA - JULY 8: Smoke rises over Gaza on July 8, 2014. (REUTERS/H.O.)",
		"GAZA - JULY 8: Smoke rises over Gaza on July 8, 2014. (REUTERS/HO)",
	} {
		r := ParseText(text, 0)
		if len(r.Creators) != 0 || r.Agency != "Reuters" {
			t.Errorf("%q: creators %q, agency %q; want none, Reuters", text[len(text)-16:], strings.Join(r.Creators, ";"), r.Agency)
		}
	}
}
