package caption

import (
	"slices"
	"testing"
)

// Stop 39's lead rules, each on the real caption of
// firstcontact10-tune.jsonl it came from (id and source given) and on
// neighbours that must stay as they were.
var tune39Cases = []struct {
	name, text         string
	creators, agencies []string
}{
	// Rule (credit.go splitJoined): a name all in capitals keeps its
	// hyphenated last word; "NAME-INITIALS" splits only where the name is
	// written in mixed case.
	{"g10b-036, https://www.efe.com/efe/english/life/south-koreans-wrap-up-annual-chuseok-autumn-harvest-celebrations/50000263-3761642",
		"Foreign tourists wearing traditional Korean costumes 'Hanbok' take selfie pictures at the Gyeongbok palace during Chuseok holidays in downtown in Seoul, South Korea, Sep. 26, 2018. EPA-EFE/JEON HEON-KYUN",
		[]string{"Jeon Heon-Kyun"}, []string{"EPA"}},
	{"fc5a-090's shape, a mixed-case name then an agency's initials, still splits",
		"Luanda, 12 June 2019. Foto: Luisa Massanga-ANGOP", []string{"Luisa Massanga"}, []string{"ANGOP"}},
}

func TestTune39Credits(t *testing.T) {
	for _, tc := range tune39Cases {
		r := ParseText(tc.text, 0)
		if !slices.Equal(r.Creators, tc.creators) {
			t.Errorf("%s: creators %q, want %q", tc.name, r.Creators, tc.creators)
		}
		if !slices.Equal(r.Agencies, tc.agencies) {
			t.Errorf("%s: agencies %q, want %q", tc.name, r.Agencies, tc.agencies)
		}
	}
}
