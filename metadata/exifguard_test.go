package metadata

import (
	"encoding/binary"
	"strings"
	"testing"
)

// TestGoexifOverflowRegression is the case goexif dies on with a fatal out
// of memory (RATIONAL count 0x20000001: count × 8 wraps to 8 in uint32):
// the guard must keep it from goexif, in both byte orders and in each IFD
// goexif decodes. That one tag is skipped with a warning naming its IFD;
// the other values are still read (by the guard's walk, not goexif: were
// goexif called, this test would die).
func TestGoexifOverflowRegression(t *testing.T) {
	for _, order := range []binary.ByteOrder{binary.LittleEndian, binary.BigEndian} {
		bad := tEnt{tag: 0x011A, typ: 5, count: 0x20000001, rawField: testU32(order, 8)}
		for name, p := range map[string][]byte{
			"IFD0":     buildTIFF(order, []tEnt{asciiEnt(tagArtist, "A"), bad}, nil, 0),
			"Exif IFD": buildTIFF(order, []tEnt{asciiEnt(tagArtist, "A")}, []tEnt{bad}, 0),
		} {
			st, warns := decodeEXIF(p)
			if st == nil || len(st.Creators) != 1 || st.Creators[0] != "A" {
				t.Errorf("%v %s: store %+v, want Artist A read", order, name, st)
			}
			// XResolution is not a value captag checks: damage aside.
			if len(warns) != 1 || warns[0].Code != WarnEXIFDamagedAside || warns[0].Store != StoreEXIF ||
				!strings.Contains(warns[0].Message, name+" tag 0x011a") {
				t.Errorf("%v %s: warnings %v, want one %s naming %s tag 0x011a", order, name, warns, WarnEXIFDamagedAside, name)
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
// every one (~1 GB); the guard keeps the payload from goexif and says why.
func TestGuardCapsTotalValues(t *testing.T) {
	le := binary.LittleEndian
	ents := make([]tEnt, 2000)
	data := uint32(8 + 2 + 12*(len(ents)+1) + 4) // after IFD0 and its 2001 entries
	for i := range ents {
		ents[i] = tEnt{tag: uint16(0x1000 + i), typ: 1, count: 30000, rawField: testU32(le, data)}
	}
	ents = append(ents, asciiEnt(tagArtist, "Still Read"))
	p := buildTIFF(le, ents, nil, 40000)
	_, problems, err := guardEXIF(p)
	if err != nil || len(problems) != 1 || !strings.Contains(problems[0].Error(), "value bytes") {
		t.Fatalf("err %v problems %v, want one problem for the total value size", err, problems)
	}
	st, _ := decodeEXIF(p)
	if st == nil || len(st.Creators) != 1 || st.Creators[0] != "Still Read" {
		t.Errorf("store %+v, want the Artist read by the guard's walk", st)
	}
}

// Damage that may have cost a checked value is WarnEXIFDamaged (check then
// says the EXIF was not all read); damage elsewhere is
// WarnEXIFDamagedAside, so that a broken thumbnail or GPS IFD on a clean
// picture does not make the gate warn.
func TestCheckedPart(t *testing.T) {
	for _, c := range []struct {
		pr   guardProblem
		want bool
	}{
		{guardProblem{IFD: ""}, true},
		{guardProblem{IFD: "IFD0"}, true},
		{guardProblem{IFD: "Exif IFD"}, true},
		{guardProblem{IFD: "IFD0", Entry: true, Tag: tagArtist}, true},
		{guardProblem{IFD: "IFD0", Entry: true, Tag: tagCopyright}, true},
		{guardProblem{IFD: "IFD0", Entry: true, Tag: tagImageDescription}, true},
		{guardProblem{IFD: "IFD0", Entry: true, Tag: tagExifIFD}, true},
		{guardProblem{IFD: "Exif IFD", Entry: true, Tag: tagDateTimeOriginal}, true},
		{guardProblem{IFD: "Exif IFD", Entry: true, Tag: tagOffsetTimeOriginal}, true},
		{guardProblem{IFD: "IFD0", Entry: true, Tag: 0x011A}, false},     // XResolution
		{guardProblem{IFD: "Exif IFD", Entry: true, Tag: 0x927C}, false}, // MakerNote
		{guardProblem{IFD: "IFD1"}, false},
		{guardProblem{IFD: "GPS IFD"}, false},
		{guardProblem{IFD: "Interop IFD"}, false},
		{guardProblem{IFD: "Exif IFD of IFD1"}, false},
	} {
		if got := checkedPart(c.pr); got != c.want {
			t.Errorf("checkedPart(%+v) = %v, want %v", c.pr, got, c.want)
		}
	}
}
