package caption

import (
	"slices"
	"testing"
)

// Stop 37's parser steps, on the real captions they came from (each cited
// in its corpus file) and on neighbours that must stay as they were.
func TestSecondCreditBlockAndGluedAltText(t *testing.T) {
	for _, tc := range []struct {
		name, text         string
		creators, agencies []string
	}{
		{"a reseller's block after the picture's own (rw-003, guardian/grid corbis.jpg)",
			"Heben, 45, is charged with falsification and obstructing official business. (Credit Image: © Mike Cardew/TNS/ZUMA Wire) --- Image by © Mike Cardew/ZUMA Press/Corbis",
			[]string{"Mike Cardew"}, []string{"TNS", "ZUMA Press", "Corbis"}},
		{"an earlier labelled parenthesis of another photographer is another picture's",
			"Left, the old bridge (Photo: Anna Berg/TT). The new one opened on Friday. Image by © Mike Cardew/ZUMA Press/Corbis",
			[]string{"Mike Cardew"}, []string{"ZUMA Press", "Corbis"}},
		{"a name glued to the alt text written again below (fc8a-048, sputnik-abkhazia.info)",
			"© Sputnik / Томас ТхайцукАслан Габелая\nАслан Габелая - Sputnik Аҧсны, 1920, 31.03.2021",
			[]string{"Томас Тхайцук"}, nil},
		{"a capital inside a name is the name's, even written twice",
			"Ryan McDonald Smith scored twice for the visitors. Photo: Ryan McDonald Smith/AP",
			[]string{"Ryan McDonald Smith"}, []string{"AP"}},
	} {
		r := ParseText(tc.text, 0)
		if !slices.Equal(r.Creators, tc.creators) {
			t.Errorf("%s: creators %q, want %q", tc.name, r.Creators, tc.creators)
		}
		if tc.agencies != nil && !slices.Equal(r.Agencies, tc.agencies) {
			t.Errorf("%s: agencies %q, want %q", tc.name, r.Agencies, tc.agencies)
		}
	}
}
