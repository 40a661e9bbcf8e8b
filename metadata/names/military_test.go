package names

import "testing"

// TestCommonwealthRanksAndUnits: the ranks, NATO codes and imaging units
// of the tenth tuning step, part B (firstcontact6-tune.jsonl fc6a-064 to
// fc6a-069).
func TestCommonwealthRanksAndUnits(t *testing.T) {
	ranks := []struct{ in, want string }{
		{"Cpl Nathan Moulton", "Nathan Moulton"},               // fc6a-064
		{"Master Corporal Malcolm Byers", "Malcolm Byers"},     // fc6a-066
		{"MCpl Jennifer Kusche", "Jennifer Kusche"},            // fc6a-067
		{"Corporal Ken Beliwicz", "Ken Beliwicz"},              // fc6a-068
		{"OR-8 Frank Wiedemann", "Frank Wiedemann"},            // fc6a-069
		{"Sgt Marc-André Gaudreault", "Marc-André Gaudreault"}, // fc6a-065
		{"Corporal Jones", "Corporal Jones"},                   // one word after the title
		{"Major League Baseball", "Major League Baseball"},     // "Major" spelled out is no rank here
		{"OR-10 Frank Wiedemann", "OR-10 Frank Wiedemann"},     // no such grade
		{"Staff Sgt. Teddy Wade", "Teddy Wade"},                // the US titles still
		{"Maj Britt Andersen", "Maj Britt Andersen"},           // a Scandinavian given name, not Major
		{"Col Allison Smith", "Col Allison Smith"},             // Colin, not Colonel
		{"Colonel Ann Marie Jones", "Ann Marie Jones"},         // the rank spelled out is cut
	}
	for _, tt := range ranks {
		if got, _ := CutRank(tt.in); got != tt.want {
			t.Errorf("CutRank(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
	units := []struct {
		key  string
		want bool
	}{
		{"imagery valcartier", true}, {"canadian forces combat camera", true}, {"valcartier imaging service", true},
		{"reimaging ltd", false}, {"canadian forces", false},
	}
	for _, tt := range units {
		if got := ImagingUnit(tt.key); got != tt.want {
			t.Errorf("ImagingUnit(%q) = %v, want %v", tt.key, got, tt.want)
		}
	}
}
