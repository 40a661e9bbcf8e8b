package embed

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/captag/captag/metadata/fixture"
)

// TestVerifyWrittenComparesEveryByte: the written temporary file passes
// only when it is the built file byte for byte: a byte changed in the
// scan, in a segment captag wrote, or one byte missing at the end is
// ErrScanChanged (the SHA-256 check it replaced caught only the scan).
func TestVerifyWrittenComparesEveryByte(t *testing.T) {
	built := fixture.JPEG(fixture.All(wire))
	l, err := parseLayout(built)
	if err != nil {
		t.Fatal(err)
	}
	flip := func(at int) []byte {
		b := bytes.Clone(built)
		b[at] ^= 0x01
		return b
	}
	for _, tc := range []struct {
		name    string
		written []byte
		built   []byte
		ok      bool
	}{
		{"the built file", built, built, true},
		{"a scan byte changed", flip(l.scanStart + (len(built)-l.scanStart)/2), built, false},
		{"a metadata byte changed", flip(l.scanStart / 2), built, false},
		{"one byte short", built[:len(built)-1], built, false},
		{"nothing built", built, nil, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tmp := filepath.Join(t.TempDir(), "tmp.jpg")
			if err := os.WriteFile(tmp, tc.written, 0o644); err != nil {
				t.Fatal(err)
			}
			err := verifyWritten(tmp, tc.built)
			if tc.ok && err != nil {
				t.Errorf("expected the written file to pass, found %v", err)
			}
			if !tc.ok && !errors.Is(err, ErrScanChanged) {
				t.Errorf("expected ErrScanChanged, found %v", err)
			}
		})
	}
}
