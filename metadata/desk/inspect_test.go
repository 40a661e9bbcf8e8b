package desk

import (
	"strings"
	"testing"
)

// TestCollapseRepeats: a message repeated thousands of times (a crafted
// file's warnings) is said once, counted, in the order first met.
func TestCollapseRepeats(t *testing.T) {
	t.Parallel()
	msgs := []string{"a"}
	for range 4095 {
		msgs = append(msgs, "iptc: another resource")
	}
	msgs = append(msgs, "b", "a")
	got := CollapseRepeats(msgs)
	want := []string{"a (… and 1 more like it)", "iptc: another resource (… and 4,094 more like it)", "b"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("CollapseRepeats = %q, want %q", got, want)
	}
}
