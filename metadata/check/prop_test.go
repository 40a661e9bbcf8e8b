package check

import (
	"testing"

	"github.com/captag/captag/metadata"
)

// TestPropOf: every label a store gives a compared property maps back to
// its Prop, and a label of no compared property to PropOther.
func TestPropOf(t *testing.T) {
	for _, k := range []metadata.StoreKind{metadata.StoreEXIF, metadata.StoreIPTC, metadata.StoreXMP, metadata.StoreSidecar} {
		for field, want := range map[string]Prop{"date": PropDate, "creator": PropCreator, "Credit": PropCredit, "Source": PropSource, "Copyright": PropCopyright} {
			label := property(k, field)
			if got := propOf(k, label); got != want {
				t.Errorf("propOf(%s, %q) = %d, want %d", k, label, got, want)
			}
		}
	}
	if got := propOf(metadata.StoreIPTC, "IIM Headline"); got != PropOther {
		t.Errorf("propOf(iptc, IIM Headline) = %d, want PropOther", got)
	}
}
