package check

import (
	"strings"
	"testing"

	"github.com/captag/captag/metadata"
	"github.com/captag/captag/metadata/caption"
)

// TestMatchAcrossNameOrder (issue 22): a surname-first caption name (ČTK's
// "ČTK/Šimánek Vít", firstcontact-tune.jsonl fc-001; Hungarian, Chinese,
// Japanese and Korean desks) pairs by date and creator with a
// given-name-first camera Artist, and the comparison says the order
// differs (a warning, not an error); another person of the same day does
// not pair.
func TestMatchAcrossNameOrder(t *testing.T) {
	r := caption.ParseText("V pražském Karolinu byla 15. ledna 2019 zahájena výstava. ČTK/Šimánek Vít", 0)
	if len(r.Creators) != 1 || r.Creators[0] != "Šimánek Vít" || r.Date.String() != "2019-01-15" {
		t.Fatalf("parsed %q %v; want Šimánek Vít on 2019-01-15", r.Creators, r.Date)
	}
	r.Line = 1
	for _, tc := range []struct {
		artist string
		pair   bool
	}{
		{"Vít Šimánek", true}, {"Vit Simanek", true}, {"VÍT ŠIMÁNEK", true}, {"Šimánek Vít", true},
		{"Vít Novák", false},
	} {
		im := img("a.jpg", at(2019, 1, 15, 10, 0), tc.artist)
		im.IPTC.Credit = "ČTK"
		p, err := Match([]caption.Record{r}, []*metadata.Image{im}, StrategyAuto)
		if err != nil {
			t.Fatal(err)
		}
		if got := len(p.Pairs) == 1 && p.Pairs[0].By == ByDateCreator; got != tc.pair {
			t.Errorf("Artist %q: paired by date+creator %v, want %v (plan %+v)", tc.artist, got, tc.pair, p)
			continue
		}
		if !tc.pair {
			continue
		}
		fs := Compare(r, im, ByDateCreator, Options{})
		if e := fieldFinding(fs, FieldCreator, metadata.SeverityError); e != nil {
			t.Errorf("Artist %q: creator error %+v", tc.artist, e)
		}
		w := fieldFinding(fs, FieldCreator, metadata.SeverityWarning)
		if tc.artist != "Šimánek Vít" && (w == nil || !strings.Contains(w.Message, "another order")) {
			t.Errorf("Artist %q: warning %+v; want one that says the name is in another order", tc.artist, w)
		}
	}
}
