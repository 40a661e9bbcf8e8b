package names

import (
	"strings"
	"testing"

	"github.com/captag/captag/metadata"
)

// LookupAgency's fold on the stack finds what metadata.FoldName's key
// finds, for every spelling of the table in three cases, with the photo
// words and punctuation credits add, and for texts past its buffer.
func TestLookupAgencyASCIIKey(t *testing.T) {
	var texts []string
	for _, a := range agencies.byKey {
		for _, n := range a.Names {
			texts = append(texts, n, strings.ToUpper(n), strings.ToLower(n), n+" Photo", "("+n+")", " "+n+". ", n+"'s")
		}
	}
	texts = append(texts, "", "A.P.", strings.Repeat("x", maxASCIIKey), strings.Repeat("AFP ", 20), "Anadolu Ajansı", "\xff")
	for _, s := range texts {
		got, gotOK := LookupAgency(s)
		want := agencies.byKey[metadata.FoldName(s)]
		if got != want || gotOK != (want != nil) {
			t.Fatalf("LookupAgency(%q) = %v, %v; FoldName's key gives %v", s, got, gotOK, want)
		}
	}
}
