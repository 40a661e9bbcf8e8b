package metadata

import (
	"encoding/binary"
	"errors"
	"strings"
	"testing"
)

// TestGoexifOverflowRegression is the case goexif dies on with a fatal out
// of memory (RATIONAL count 0x20000001: count × 8 wraps to 8 in uint32):
// the guard must refuse it before goexif sees it, in both byte orders and
// in each IFD goexif decodes.
func TestGoexifOverflowRegression(t *testing.T) {
	for _, order := range []binary.ByteOrder{binary.LittleEndian, binary.BigEndian} {
		bad := tEnt{tag: 0x011A, typ: 5, count: 0x20000001, rawField: testU32(order, 8)}
		for name, p := range map[string][]byte{
			"IFD0":     buildTIFF(order, []tEnt{asciiEnt(tagArtist, "A"), bad}, nil, 0),
			"Exif IFD": buildTIFF(order, []tEnt{asciiEnt(tagArtist, "A")}, []tEnt{bad}, 0),
		} {
			st, warns := decodeEXIF(p)
			if st != nil || len(warns) != 1 || warns[0].Code != WarnEXIFRefused || warns[0].Store != StoreEXIF {
				t.Errorf("%v %s: store %+v warnings %v, want none and one %s", order, name, st, warns, WarnEXIFRefused)
			}
		}
	}
}

func FuzzEXIF(f *testing.F) {
	le := binary.LittleEndian
	f.Add(testEXIF)
	f.Add(buildTIFF(le, []tEnt{asciiEnt(tagArtist, "A"), {tag: 0x011A, typ: 5, count: 0x20000001, rawField: testU32(le, 8)}}, nil, 0))
	f.Add(buildTIFF(binary.BigEndian, []tEnt{asciiEnt(tagCopyright, "P\x00E"), {tag: tagGPSIFD, typ: 4, count: 1, val: testU32(binary.BigEndian, 8)}}, []tEnt{{tag: tagInteropIFD, typ: 3, count: 1, val: []byte{0, 8, 0, 0}}}, 0))
	f.Add(loopedIFD(le))
	for _, b := range corpusSeeds(f, jpegSeedFiles...) {
		if m := walkJPEG(testSource(b)); m.exif != nil {
			f.Add(append([]byte(nil), m.exif...))
		}
	}
	f.Fuzz(func(t *testing.T, p []byte) {
		st, warns := decodeEXIF(p)
		if st != nil && st.Kind != StoreEXIF {
			t.Fatalf("store kind %q", st.Kind)
		}
		for _, w := range warns {
			if w.Store != StoreEXIF || w.Message == "" {
				t.Fatalf("warning %+v", w)
			}
		}
	})
}

// TestGuardCapsTotalValues: 2000 entries each naming the same 60000-byte
// BYTE value are each inside the payload, but goexif would copy and expand
// every one (~1 GB); the guard refuses the sum.
func TestGuardCapsTotalValues(t *testing.T) {
	le := binary.LittleEndian
	ents := make([]tEnt, 2000)
	for i := range ents {
		ents[i] = tEnt{tag: uint16(0x1000 + i), typ: 1, count: 30000, rawField: testU32(le, 8)}
	}
	p := buildTIFF(le, ents, nil, 40000)
	_, err := guardEXIF(p)
	var ge *guardError
	if !errors.As(err, &ge) || !strings.Contains(err.Error(), "value bytes") {
		t.Fatalf("err = %v, want a refusal for the total value size", err)
	}
}
