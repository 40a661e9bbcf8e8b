package metadata

import (
	"encoding/binary"
	"errors"
	"strings"
	"testing"
)

// tEnt is one IFD entry for the test TIFF builder. val is placed in the
// entry (≤ 4 bytes) or in the data area; rawField, when set, is written as
// the entry's 4-byte field as is (for hostile offsets).
type tEnt struct {
	tag, typ uint16
	count    uint32
	val      []byte
	rawField []byte
}

func asciiEnt(tag uint16, s string) tEnt {
	b := append([]byte(s), 0)
	return tEnt{tag: tag, typ: 2, count: uint32(len(b)), val: b}
}

// buildTIFF lays out a TIFF structure: header, IFD0 (plus an Exif IFD
// pointer when exifIFD is not nil), the Exif IFD, then the values. base is
// added to every offset written (so that the structure can sit at a given
// place in a file) and pad bytes are placed between the IFDs and the data.
func buildTIFF(order binary.ByteOrder, ifd0, exifIFD []tEnt, pad int) []byte {
	if exifIFD != nil {
		ifd0 = append(append([]tEnt{}, ifd0...), tEnt{tag: tagExifIFD, typ: 4, count: 1})
	}
	ifdSize := func(n int) int { return 2 + 12*n + 4 }
	off0 := 8
	offE := off0 + ifdSize(len(ifd0))
	data := offE
	if exifIFD != nil {
		data += ifdSize(len(exifIFD))
	}
	data += pad
	out := make([]byte, data)
	if order == binary.LittleEndian {
		copy(out, "II*\x00")
	} else {
		copy(out, "MM\x00*")
	}
	order.PutUint32(out[4:], uint32(off0))
	writeIFD := func(at int, ents []tEnt) {
		order.PutUint16(out[at:], uint16(len(ents)))
		for i, e := range ents {
			p := at + 2 + 12*i
			order.PutUint16(out[p:], e.tag)
			order.PutUint16(out[p+2:], e.typ)
			order.PutUint32(out[p+4:], e.count)
			switch {
			case e.tag == tagExifIFD && e.val == nil && e.rawField == nil:
				order.PutUint32(out[p+8:], uint32(offE))
			case e.rawField != nil:
				copy(out[p+8:p+12], e.rawField)
			case len(e.val) <= 4:
				copy(out[p+8:p+12], e.val)
			default:
				order.PutUint32(out[p+8:], uint32(len(out)))
				out = append(out, e.val...)
				if len(out)%2 == 1 {
					out = append(out, 0)
				}
			}
		}
		order.PutUint32(out[at+2+12*len(ents):], 0)
	}
	writeIFD(off0, ifd0)
	if exifIFD != nil {
		writeIFD(offE, exifIFD)
	}
	return out
}

func testU32(order binary.ByteOrder, v uint32) []byte {
	b := make([]byte, 4)
	order.PutUint32(b, v)
	return b
}

func TestEXIFStoreFromPayload(t *testing.T) {
	le, be := binary.LittleEndian, binary.BigEndian
	tests := []struct {
		name      string
		payload   []byte
		wantDate  string
		creators  []string
		copyright string
		desc      string
		warn      WarningCode // expected warning code, "" for none
		nilStore  bool
	}{
		{
			name: "date with subsec and +05:30 offset, two creators, UTF-8",
			payload: buildTIFF(le,
				[]tEnt{asciiEnt(tagArtist, "Aïcha Ben Ali; محمد الأحمد"), asciiEnt(tagImageDescription, "Café “Straße” 東京")},
				[]tEnt{asciiEnt(tagDateTimeOriginal, "2021:07:04 18:45:12"), asciiEnt(tagSubSecTimeOriginal, "25"), asciiEnt(tagOffsetTimeOriginal, "+05:30")}, 0),
			wantDate: "2021-07-04T18:45:12.25+05:30",
			creators: []string{"Aïcha Ben Ali", "محمد الأحمد"},
			desc:     "Café “Straße” 東京",
		},
		{
			name: "no offset stays without one, big-endian",
			payload: buildTIFF(be, []tEnt{asciiEnt(tagArtist, "Jane Doe")},
				[]tEnt{asciiEnt(tagDateTimeOriginal, "2016:12:19 23:59:59")}, 0),
			wantDate: "2016-12-19T23:59:59",
			creators: []string{"Jane Doe"},
		},
		{
			name:      "Latin-1 text, photographer and editor copyright",
			payload:   buildTIFF(le, []tEnt{asciiEnt(tagImageDescription, "Caf\xe9 M\xfcller"), asciiEnt(tagCopyright, "\xa9 Photo Co\x00Desk Editor")}, nil, 0),
			desc:      "Café Müller",
			copyright: "© Photo Co\nDesk Editor",
		},
		{
			name:     "Windows-1252 text: 0x92 is ’, 0x80 is €, not C1 controls",
			payload:  buildTIFF(le, []tEnt{asciiEnt(tagImageDescription, "Rome\x92s caf\xe9, \x805"), asciiEnt(tagArtist, "O\x92Neil")}, nil, 0),
			desc:     "Rome’s café, €5",
			creators: []string{"O’Neil"},
		},
		{
			name:     "quoted MWG creator holding a semicolon",
			payload:  buildTIFF(le, []tEnt{asciiEnt(tagArtist, `"Smith; Jones Agency"; Lee`)}, nil, 0),
			creators: []string{"Smith; Jones Agency", "Lee"},
		},
		{
			name: "unknown tag type: goexif drops the Exif IFD, captag's walker reads it",
			payload: buildTIFF(le, []tEnt{asciiEnt(tagArtist, "Kodak User")},
				[]tEnt{{tag: 0x9999, typ: 99, count: 1}, asciiEnt(tagDateTimeOriginal, "2000:10:26 16:46:51")}, 0),
			wantDate: "2000-10-26T16:46:51",
			creators: []string{"Kodak User"},
			warn:     WarnGeneral,
		},
		{
			name:     "zero date is a warning and absent",
			payload:  buildTIFF(le, nil, []tEnt{asciiEnt(tagDateTimeOriginal, "0000:00:00 00:00:00")}, 0),
			warn:     WarnBadDate,
			nilStore: true,
		},
		{
			name:     "blank date is a warning and absent",
			payload:  buildTIFF(le, []tEnt{asciiEnt(tagArtist, "X")}, []tEnt{asciiEnt(tagDateTimeOriginal, "    :  :     :  :  ")}, 0),
			creators: []string{"X"},
			warn:     WarnBadDate,
		},
		{
			name: "RATIONAL count 0x20000001 overflows goexif's uint32 size: that tag is skipped, goexif never sees it",
			payload: buildTIFF(le, []tEnt{asciiEnt(tagArtist, "Kept Artist"),
				{tag: 0x011A, typ: 5, count: 0x20000001, rawField: testU32(le, 8)}},
				[]tEnt{asciiEnt(tagDateTimeOriginal, "2012:01:22 01:54:26")}, 0),
			wantDate: "2012-01-22T01:54:26",
			creators: []string{"Kept Artist"},
			warn:     WarnEXIFDamagedAside, // the checked values were all read
		},
		{
			name:     "IFD chain loops back to IFD0: IFD1 is skipped, IFD0 read",
			payload:  loopedIFD(le),
			creators: []string{"Loop"},
			warn:     WarnEXIFDamaged,
		},
		{
			name: "Interop IFD claims 5233 entries (exiv2-bug443.jpg): the Interop IFD is skipped",
			// IFD0 at 8 (2 entries), the Exif IFD at 38 (3 entries), the
			// date at 80, then 6 bytes at 100 whose first two say 5233.
			payload: buildTIFF(le, []tEnt{asciiEnt(tagArtist, "A")},
				[]tEnt{asciiEnt(tagDateTimeOriginal, "2003:07:27 16:22:28"), {tag: tagInteropIFD, typ: 4, count: 1, val: testU32(le, 100)},
					{tag: 0xC000, typ: 7, count: 6, val: []byte{0x71, 0x14, 0, 0, 0, 0}}}, 0),
			wantDate: "2003-07-27T16:22:28",
			creators: []string{"A"},
			warn:     WarnEXIFDamagedAside, // the checked values were all read
		},
		{
			name: "DateTimeOriginal in IFD0 only (exiv2-bug479.jpg) is read, as exiftool does",
			payload: buildTIFF(le, []tEnt{asciiEnt(tagDateTimeOriginal, "2006:05:27 12:37:03"),
				{tag: tagGPSIFD, typ: 4, count: 1, val: testU32(le, 0xA0000007)}}, nil, 0),
			wantDate: "2006-05-27T12:37:03",
			warn:     WarnEXIFDamagedAside, // the checked values were all read
		},
		{
			name:     "IFD0 outside the payload: refused",
			payload:  append([]byte("II*\x00"), testU32(le, 4096)...),
			warn:     WarnEXIFRefused,
			nilStore: true,
		},
	}
	for _, tz := range []string{"UTC", "America/New_York", "Asia/Kolkata", "Pacific/Chatham"} {
		t.Setenv("TZ", tz)
		for _, tc := range tests {
			t.Run(tz+"/"+tc.name, func(t *testing.T) {
				st, warns := decodeEXIF(tc.payload)
				if tc.warn != "" {
					if !hasWarningCode(warns, tc.warn) {
						t.Errorf("warnings %v, want one of code %s", warns, tc.warn)
					}
				} else if len(warns) != 0 {
					t.Errorf("unexpected warnings %v", warns)
				}
				if tc.nilStore {
					if st != nil {
						t.Fatalf("store = %+v, want none", st)
					}
					return
				}
				if st == nil {
					t.Fatal("no EXIF store")
				}
				if st.Kind != StoreEXIF {
					t.Errorf("kind %q", st.Kind)
				}
				got := ""
				if !st.Date.IsZero() {
					got = st.Date.String()
				}
				if got != tc.wantDate {
					t.Errorf("date %q, want %q", got, tc.wantDate)
				}
				if strings.Join(st.Creators, "|") != strings.Join(tc.creators, "|") {
					t.Errorf("creators %q, want %q", st.Creators, tc.creators)
				}
				if st.Copyright != tc.copyright {
					t.Errorf("copyright %q, want %q", st.Copyright, tc.copyright)
				}
				if st.Description != tc.desc {
					t.Errorf("description %q, want %q", st.Description, tc.desc)
				}
			})
		}
	}
}

// loopedIFD is a payload whose IFD1 points back to IFD0 (goexif only
// notices an IFD pointing at itself, so this would loop forever there).
func loopedIFD(order binary.ByteOrder) []byte {
	p := buildTIFF(order, []tEnt{asciiEnt(tagArtist, "Loop")}, nil, 0)
	ifd1 := len(p)
	order.PutUint32(p[8+2+12:], uint32(ifd1)) // IFD0 → IFD1
	p = append(p, 0, 0)                       // IFD1: no entries
	p = append(p, testU32(order, 8)...)       // IFD1 → IFD0
	return p
}

func hasWarningCode(ws []Warning, code WarningCode) bool {
	for _, w := range ws {
		if w.Code == code {
			return true
		}
	}
	return false
}

func TestGuardRefuses(t *testing.T) {
	le := binary.LittleEndian
	ok := buildTIFF(le, []tEnt{asciiEnt(tagArtist, "A")}, []tEnt{asciiEnt(tagDateTimeOriginal, "2020:01:02 03:04:05")}, 0)
	tests := []struct {
		name    string
		payload []byte
		refuse  string // substring of the refusal, "" when the payload is read
		problem string // substring of the one problem expected, "" for none
	}{
		{name: "well-formed", payload: ok},
		{name: "short", payload: []byte("II*\x00"), refuse: "8-byte TIFF header"},
		{name: "bad byte order", payload: []byte("XX*\x00\x08\x00\x00\x00\x00\x00"), refuse: "byte order"},
		{name: "bad magic", payload: []byte("II+\x00\x08\x00\x00\x00\x00\x00"), refuse: "magic 42"},
		{name: "IFD0 offset 0", payload: append([]byte("II*\x00"), testU32(le, 0)...), refuse: "IFD0 offset, found 0"},
		{name: "IFD0 outside payload", payload: append([]byte("II*\x00"), testU32(le, 4096)...), refuse: "outside"},
		{name: "IFD0 has too many entries", payload: append(append([]byte("II*\x00"), testU32(le, 8)...), 0xFF, 0x7F), refuse: "at most"},
		{name: "IFD0 entries past end", payload: append(append([]byte("II*\x00"), testU32(le, 8)...), 3, 0), refuse: "runs past"},
		{name: "IFD loop", payload: loopedIFD(le), problem: "looping back from IFD1 to offset 8"},
		{name: "value past end", payload: buildTIFF(le, []tEnt{{tag: tagArtist, typ: 2, count: 100, rawField: testU32(le, 8)}}, nil, 0), problem: "IFD0 tag 0x013b"},
		{name: "LONG count×4 overflows uint32", payload: buildTIFF(le, []tEnt{{tag: 0x0111, typ: 4, count: 0x40000001, rawField: testU32(le, 8)}}, nil, 0), problem: "running past its end"},
		{name: "Exif pointer outside payload", payload: buildTIFF(le, []tEnt{{tag: tagExifIFD, typ: 4, count: 1, val: testU32(le, 0xFFFFFF00)}}, nil, 0), problem: "Exif IFD at offset"},
		{name: "GPS pointer past end", payload: buildTIFF(le, []tEnt{{tag: tagGPSIFD, typ: 4, count: 1, val: testU32(le, 70000)}}, nil, 0), problem: "GPS IFD at offset 70000"},
		{name: "value inside the TIFF header (exiftool: Suspicious offset)", payload: buildTIFF(le, []tEnt{{tag: tagImageDescription, typ: 2, count: 11, rawField: testU32(le, 2)}}, nil, 0), problem: "overlapping them"},
		{name: "value over IFD0's own entries", payload: buildTIFF(le, []tEnt{{tag: tagImageDescription, typ: 2, count: 11, rawField: testU32(le, 12)}}, nil, 0), problem: "IFD0 tag 0x010e"},
		{name: "GPS pointer 0 (goexif would decode the header as an IFD)", payload: buildTIFF(le, []tEnt{{tag: tagGPSIFD, typ: 4, count: 1, val: testU32(le, 0)}}, nil, 0), problem: "GPS IFD at offset 0"},
		{name: "Interop pointer into the Exif IFD's own table", payload: buildTIFF(le, nil, []tEnt{{tag: tagInteropIFD, typ: 4, count: 1, val: testU32(le, 4000)}}, 0), problem: "Interop IFD"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, problems, err := guardEXIF(tc.payload)
			if tc.refuse != "" {
				var ge *guardError
				if !errors.As(err, &ge) {
					t.Fatalf("err = %v, want a refusal containing %q", err, tc.refuse)
				}
				if !strings.Contains(err.Error(), tc.refuse) {
					t.Errorf("err = %v, want it to contain %q", err, tc.refuse)
				}
				return
			}
			if err != nil {
				t.Fatalf("refused: %v", err)
			}
			switch {
			case tc.problem == "" && len(problems) > 0:
				t.Errorf("problems %v, want none", problems)
			case tc.problem != "" && (len(problems) != 1 || !strings.Contains(problems[0].Error(), tc.problem)):
				t.Errorf("problems %v, want one containing %q", problems, tc.problem)
			}
		})
	}
}
