package names

import (
	"testing"

	"github.com/captag/captag/metadata"
)

// TestFoldASCII: the allocation-free fold of an ASCII credit is FoldName's.
func TestFoldASCII(t *testing.T) {
	for _, s := range []string{"REUTERS", "AFP/Getty Images", "O'Brien", "Getty Images North America", "A.P.", "  x-1 ", "", "Anadolu Ajansı"} {
		got, ascii := FoldASCII(nil, s)
		if !ascii {
			if s == "Anadolu Ajansı" {
				continue
			}
			t.Errorf("%q: not ASCII?", s)
			continue
		}
		if string(got) != metadata.FoldName(s) {
			t.Errorf("FoldASCII(%q) = %q, FoldName %q", s, got, metadata.FoldName(s))
		}
	}
	if _, ascii := FoldASCII(nil, "Anadolu Ajansı"); ascii {
		t.Error("Anadolu Ajansı is not ASCII")
	}
}

// A rank is a title, not part of the name: the caption's "Staff Sgt.
// Kyle Davis" and a camera Artist "Kyle Davis" (or the reverse) are one
// photographer, and a title with less than a name after it stays.
func TestCutRank(t *testing.T) {
	for in, want := range map[string]string{
		"Staff Sgt. Kyle Davis":                            "Kyle Davis",
		"staff sgt. kyle davis":                            "kyle davis",
		"Mass Communication Specialist 2nd Class John Doe": "John Doe",
		"Petty Officer 1st Class Jane Roe":                 "Jane Roe",
		"Lt. Col. Ann Lee":                                 "Ann Lee",
		"Sgt. Pepper":                                      "Sgt. Pepper",
		"Kyle Davis":                                       "Kyle Davis",
		"Seaman Recruit":                                   "Seaman Recruit",
		"Spc. Jane Roe-Smith":                              "Jane Roe-Smith",
	} {
		if got, _ := CutRank(in); got != want {
			t.Errorf("CutRank(%q) = %q, want %q", in, got, want)
		}
	}
	if !PersonKeyOf("Staff Sgt. Kyle Davis").Meets(PersonKeyOf("Kyle Davis")) {
		t.Error("Staff Sgt. Kyle Davis and Kyle Davis should be one person")
	}
}
