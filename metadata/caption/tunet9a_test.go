package caption

import (
	"slices"
	"testing"
)

// Stop 38's Latin-script credit rules (helper t9a), each on the real
// caption of firstcontact9-tune.jsonl it came from (id and source given)
// and on neighbours that must stay as they were.
var t9aCases = []struct {
	name, text         string
	creators, agencies []string
}{
	// Rule: a social-media site alone after a source label is the source.
	{"g9a-116, https://hausa.legit.ng (a site alone after 'Source:')",
		"Rana-bata-karya: Shugaba Buhari zai yi ido hudu da Gwamna Ganduje a Kano\nSource: Twitter",
		nil, []string{"Twitter"}},
	{"a site closing a sentence without a label is no credit",
		"A man walks in Kano. Twitter", nil, nil},
}

func TestT9aLatinCredits(t *testing.T) {
	for _, tc := range t9aCases {
		r := ParseText(tc.text, 0)
		if !slices.Equal(r.Creators, tc.creators) {
			t.Errorf("%s: creators %q, want %q", tc.name, r.Creators, tc.creators)
		}
		if !slices.Equal(r.Agencies, tc.agencies) {
			t.Errorf("%s: agencies %q, want %q", tc.name, r.Agencies, tc.agencies)
		}
	}
}
