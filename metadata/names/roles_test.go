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
