package caption

import "testing"

// TestRulesOfTuneTlat (issue 22): one real caption per class tunetlat
// taught on the credits of Latin-script captions at first contact, read
// by id (each cited by the URL it was read from), asserting the date, the
// photographers and the agencies.
func TestRulesOfTuneTlat(t *testing.T) {
	tests := []tunedCaption{
		// An agency's initials before a one-word photographer.
		{"firstcontact8-tune.jsonl", "fc8a-013", "https://www.merahputih.com/post/read/pfi-pamerkan-32-karya-foto-di-mana-istimewanya-yogyakarta", "", []string{"Fredywansyah"}, []string{"MP"}},
	}
	checkTunedCaptions(t, tests)
}

// TestTuneTlatLeavesAlone: the forms next to tunetlat's that its rules
// must not read otherwise.
func TestTuneTlatLeavesAlone(t *testing.T) {
	tests := []leftAlone{
		// The initials after the photographer: the last is the agency, as before.
		{"name then initials", "The river rose. Foto: Fredywansyah/MP", []string{"Fredywansyah"}, []string{"MP"}},
		// Two parts in capitals: position decides, the last is the agency.
		{"two in capitals", "The river rose. Foto: DOE/MP", []string{"Doe"}, []string{"MP"}},
	}
	checkLeftAlone(t, tests)
}
