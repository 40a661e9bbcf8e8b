package check

import (
	"strings"
	"testing"

	"github.com/captag/captag/metadata"
	"github.com/captag/captag/metadata/caption"
	"github.com/captag/captag/metadata/fixture"
)

// An agency's initials in a store beside its name in the caption are the
// same agency written short, said so in a warning; initials of nothing
// the caption names stay an error. The caption is fc6b-030 of
// firstcontact6-tune.jsonl (CNA 中央社 on tw.news.yahoo.com, cited there).
func TestAgencyInitialsAreTheSameAgency(t *testing.T) {
	const text = "不少民眾把握週末假日,戴起口罩外出挑選過年應景春聯。中央社記者吳家昇攝 111年1月23日"
	r := caption.ParseText(text, 0)
	for _, tc := range []struct {
		credit string
		sev    metadata.Severity
		note   string
	}{
		{"CNA", metadata.SeverityWarning, "the initials of Central News Agency"},
		{"C.N.A.", metadata.SeverityWarning, "the initials of Central News Agency"},
		{"KCNA", metadata.SeverityError, ""}, // the Korean Central News Agency: another
		{"AFP", metadata.SeverityError, ""},
	} {
		im := readFixture(t, "cna.jpg", fixture.All(fixture.Fields{Date: "20220123", Creators: []string{"吳家昇"}, Credit: tc.credit}))
		var got *Finding
		for _, f := range Compare(r, im, ByDateCreator, Options{}) {
			if f.Field == FieldCredit {
				got = &f
			}
		}
		if got == nil {
			t.Errorf("Credit %q: no credit finding, want %s", tc.credit, tc.sev)
			continue
		}
		if got.Severity != tc.sev || !strings.Contains(got.Message, tc.note) {
			t.Errorf("Credit %q: %s %q, want %s saying %q", tc.credit, got.Severity, got.Message, tc.sev, tc.note)
		}
	}
}
