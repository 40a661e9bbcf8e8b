package embed

import (
	"testing"

	"github.com/captag/captag/metadata/field"
)

// The EXIF writer's tags (exif.go) are the field table's, by number and
// name, and the IIM datasets captag writes are the 24 of its properties:
// every record-2 dataset of the table (18 for captions, Sub-location
// among them, and 6 only a template gives: 2:04, 2:10, 2:12, 2:15, 2:20,
// 2:85).
func TestWriterUsesTheTable(t *testing.T) {
	for tag, name := range exifTagNames {
		if f := field.ByEXIF(tag); f == field.None || f.EXIFRef() != name {
			t.Errorf("EXIF tag %#04x %q: the table has %v %q", tag, name, f, f.EXIFRef())
		}
	}
	var written []string
	for n := range 256 {
		if _, ok := iimWrites(uint8(n)); ok {
			written = append(written, iimFieldName(uint8(n)))
		}
	}
	if len(written) != 24 || written[0] != "2:04 Object Attribute Reference" || written[23] != "2:122 Writer-Editor" {
		t.Errorf("captag writes %d datasets %q, want the 24 from 2:04 Object Attribute Reference to 2:122 Writer-Editor", len(written), written)
	}
	if iimLimit(26) != 0 { // 2:26 Content Location Code: not in the table
		t.Error("2:26 Content Location Code has a limit, but captag never writes it")
	}
}
