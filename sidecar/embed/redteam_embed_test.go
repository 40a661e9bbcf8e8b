package embed

import (
	"errors"
	"strings"
	"testing"

	"github.com/captag/captag/metadata/fixture"
)

// Regressions for the red-team report of issue 20: each test is named
// after the item it answers and fails on the code before its fix.

func TestRedTeam08PaddingCutset(t *testing.T) {
	// Before the fix the padding test trimmed with the cutset "\xFF",
	// which as UTF-8 is invalid and trimmed every invalid byte: these
	// four bytes after EOI were taken for padding and kept, a trailer
	// nothing accounts for.
	base := fixture.JPEG(fixture.All(wire))
	for _, c := range []struct {
		name    string
		trailer []byte
		refused bool
	}{
		{"invalid UTF-8 after EOI refused", []byte("\xfe\x80\x80\xc0"), true},
		{"0xFF then other bytes refused", []byte("\xff\xff\x80"), true},
		{"JUNK refused", []byte("JUNK"), true},
		{"0xFF padding kept", []byte("\xff\xff\xff\xff"), false},
		{"zero padding kept", make([]byte, 4), false},
	} {
		t.Run(c.name, func(t *testing.T) {
			in := append(append([]byte(nil), base...), c.trailer...)
			res, err := JPEG(in, aleppo(), nil, Options{})
			var re *RefusedError
			if c.refused {
				if !errors.As(err, &re) || !strings.Contains(re.Reason, "end at EOI") {
					t.Fatalf("expected a refusal naming the %d bytes after EOI, found %v (changed %v)", len(c.trailer), err, res.Changed)
				}
				return
			}
			if err != nil {
				t.Fatalf("padding refused: %v", err)
			}
			checkUntouched(t, in, res.Data)
		})
	}
}
