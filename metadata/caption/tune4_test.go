package caption

import (
	"slices"
	"testing"
)

// TestCreditRulesOfTheSixthStep (issue 22): the credit rules the sixth
// tuning step added, each on a caption of the form that
// firstcontact4-tune.jsonl showed missing (its id) and on the forms each
// rule must leave alone.
func TestCreditRulesOfTheSixthStep(t *testing.T) {
	tests := []struct {
		id, text           string
		creators, agencies []string
	}{
		// Japanese papers' "=PLACE・DATE、NAME撮影".
		{"fc4b-023", "広島YMCAの敷地にある原爆の絵碑=広島市中区で2025年7月21日午後4時59分、宇城昇撮影", []string{"宇城昇"}, nil},
		{"fc4b-028", "手を合わせる浜井博行さん(右)=2018年8月6日、細川卓撮影", []string{"細川卓"}, nil},
		{"fc4b-025", "馬車に乗って賢所に向かわれる悠仁さま(9月6日、皇居・宮殿)=積田檀撮影", []string{"積田檀"}, nil},
	}
	for _, tt := range tests {
		r := ParseText(tt.text, 0)
		if !slices.Equal(r.Creators, tt.creators) && len(r.Creators)+len(tt.creators) > 0 || !slices.Equal(r.Agencies, tt.agencies) && len(r.Agencies)+len(tt.agencies) > 0 {
			t.Errorf("%s %q: creators %q agencies %q; want %q %q", tt.id, tt.text, r.Creators, r.Agencies, tt.creators, tt.agencies)
		}
	}
}
