package caption

import (
	"slices"
	"testing"
)

// TestCreditRulesOfTheNinthStep (issue 22): the credit rules the ninth
// tuning step added, each on a caption of the form that
// firstcontact6-tune.jsonl showed missing (its id) and on the forms each
// rule must leave alone.
func TestCreditRulesOfTheNinthStep(t *testing.T) {
	tests := []struct {
		id, text           string
		creators, agencies []string
	}{
		// BBC Persian's "image source" label, with the Arabic comma, above
		// the caption (labels.go).
		{"fc6b-006", "منبع تصویر، Jack Taylor / AFP\n\nمیمونها، این عکاس خبری را که امیدوار بود از جشنواره میمونها در بانکوک تایلند عکاسی کند، \"کلافه\" کردند.", []string{"Jack Taylor"}, []string{"AFP"}},
		{"fc6b-008", "منبع تصویر، Victoria Jones / Pool / Getty Images\n\nافسران پلیس وستمینستر (لندن) به احترام گروهبان مت راتانا صف کشیدهاند.", []string{"Victoria Jones"}, []string{"Getty Images"}},
		// "عکاس خبری" (news photographer) in the text names no one.
		{"", "این عکاس خبری امیدوار بود از جشنواره عکاسی کند.", nil, nil},
	}
	for _, tt := range tests {
		r := ParseText(tt.text, 0)
		if !slices.Equal(r.Creators, tt.creators) && len(r.Creators)+len(tt.creators) > 0 || !slices.Equal(r.Agencies, tt.agencies) && len(r.Agencies)+len(tt.agencies) > 0 {
			t.Errorf("%s %q: creators %q agencies %q; want %q %q", tt.id, tt.text, r.Creators, r.Agencies, tt.creators, tt.agencies)
		}
	}
}
