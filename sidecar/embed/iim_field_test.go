package embed

import (
	"testing"

	"github.com/captag/captag/metadata/field"
)

// The EXIF writer's tags (exif.go) are the field table's, by number and
// name, and the IIM datasets captag writes are the 17 of its properties.
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
	if len(written) != 17 || written[0] != "2:05 Object Name" || written[16] != "2:122 Writer-Editor" {
		t.Errorf("captag writes %d datasets %q, want the 17 from 2:05 Object Name to 2:122 Writer-Editor", len(written), written)
	}
	if iimLimit(field.Sublocation.IIM().Number) != 0 {
		t.Error("2:92 Sub-location has a limit, but captag never writes it")
	}
}
