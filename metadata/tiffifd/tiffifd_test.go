package tiffifd

import (
	"bytes"
	"encoding/binary"
	"errors"
	"testing"
)

var le = binary.LittleEndian

// classic builds a little-endian TIFF: the header (magic 42, IFD0 at 8)
// and an IFD of entries (tag, type, count, field), next-IFD offset next,
// then extra bytes.
func classic(next uint32, extra []byte, entries ...[4]uint32) []byte {
	b := []byte("II*\x00\x08\x00\x00\x00")
	b = le.AppendUint16(b, uint16(len(entries)))
	for _, e := range entries {
		b = le.AppendUint16(b, uint16(e[0]))
		b = le.AppendUint16(b, uint16(e[1]))
		b = le.AppendUint32(b, e[2])
		b = le.AppendUint32(b, e[3])
	}
	b = le.AppendUint32(b, next)
	return append(b, extra...)
}

func TestParseHeader(t *testing.T) {
	tests := []struct {
		name  string
		b     string
		kind  Kind
		magic uint16
		big   bool
		ifd0  uint64
	}{
		{"little-endian TIFF", "II*\x00\x08\x00\x00\x00", 0, MagicTIFF, false, 8},
		{"big-endian TIFF", "MM\x00*\x00\x00\x00\x10", 0, MagicTIFF, false, 16},
		{"ORF", "IIRO\x08\x00\x00\x00", 0, MagicORF, false, 8},
		{"ORF RS", "IIRS\x08\x00\x00\x00", 0, MagicORFS, false, 8},
		{"RW2", "IIU\x00\x18\x00\x00\x00", 0, MagicRW2, false, 24},
		{"BigTIFF", "II+\x00\x08\x00\x00\x00\x10\x00\x00\x00\x00\x00\x00\x00", 0, MagicBigTIFF, true, 16},
		{"truncated header", "II*\x00\x08\x00", ShortHeader, 0, false, 0},
		{"truncated BigTIFF header", "II+\x00\x08\x00\x00\x00\x10", ShortHeader, 0, false, 0},
		{"BigTIFF offset size 4", "II+\x00\x04\x00\x00\x00\x10\x00\x00\x00\x00\x00\x00\x00", BadOffsetSize, 0, false, 0},
		{"no byte order", "XX*\x00\x08\x00\x00\x00", BadOrder, 0, false, 0},
		{"unknown magic", "II\x07\x00\x08\x00\x00\x00", BadMagic, 0, false, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h, err := ParseHeader([]byte(tt.b))
			if tt.kind != 0 {
				var e *Error
				if !errors.As(err, &e) || e.Kind != tt.kind {
					t.Fatalf("got %+v, %v; want an *Error of kind %d", h, err, tt.kind)
				}
				return
			}
			if err != nil || h.Magic != tt.magic || h.Big != tt.big || h.IFD0 != tt.ifd0 {
				t.Fatalf("got %+v, %v; want magic %d big %v IFD0 %d", h, err, tt.magic, tt.big, tt.ifd0)
			}
		})
	}
}

func TestReadIFD(t *testing.T) {
	two := classic(0, []byte("Artist\x00"),
		[4]uint32{0x013B, ASCII, 7, 26 + 4}, // value after the IFD
		[4]uint32{0x0112, Short, 1, 6})      // inline
	manyCount := classic(0, nil)
	le.PutUint16(manyCount[8:], 40)
	tests := []struct {
		name    string
		b       []byte
		off     int64
		cap     int
		kind    Kind
		entries int
		hasNext bool
	}{
		{"two entries", two, 8, 0, 0, 2, true},
		{"count past end", two[:9], 8, 0, CountPastEnd, 0, false},
		{"offset past end", two, int64(len(two)) + 4, 0, CountPastEnd, 0, false},
		{"negative offset", two, -2, 0, CountPastEnd, 0, false},
		{"entries past end", manyCount, 8, 0, EntriesPastEnd, 0, false},
		{"entry count past the cap", two, 8, 1, TooManyEntries, 0, false},
		{"no next-IFD offset", two[:8+2+24], 8, 0, 0, 2, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h, _ := ParseHeader(tt.b)
			r := NewReader(bytes.NewReader(tt.b), 0, int64(len(tt.b)), h)
			r.Cap = tt.cap
			d, err := r.ReadIFD(tt.off)
			if tt.kind != 0 {
				var e *Error
				if !errors.As(err, &e) || e.Kind != tt.kind {
					t.Fatalf("got %v; want an *Error of kind %d", err, tt.kind)
				}
				return
			}
			if err != nil || len(d.Entries) != tt.entries || d.HasNext != tt.hasNext {
				t.Fatalf("got %d entries, next %v, %v; want %d, %v", len(d.Entries), d.HasNext, err, tt.entries, tt.hasNext)
			}
		})
	}
}

func TestLenientReadIFD(t *testing.T) {
	b := classic(0, nil, [4]uint32{0x013B, ASCII, 2, 0x41}, [4]uint32{0x8298, ASCII, 2, 0x42})
	b = b[:8+2+12+5] // the second entry cut
	h, _ := ParseHeader(b)
	r := NewReader(bytes.NewReader(b), 0, int64(len(b)), h)
	if d, err := r.ReadIFD(8); err == nil || len(d.Entries) != 0 {
		t.Fatalf("strict: got %d entries, %v; want none and EntriesPastEnd", len(d.Entries), err)
	}
	r.Lenient = true
	d, err := r.ReadIFD(8)
	var e *Error
	if !errors.As(err, &e) || e.Kind != EntriesPastEnd || e.Found != 2 || len(d.Entries) != 1 || d.Entries[0].Tag != 0x013B {
		t.Fatalf("lenient: got %+v, %v; want the first entry and EntriesPastEnd of 2", d.Entries, err)
	}
}

func TestValue(t *testing.T) {
	b := classic(0, []byte("Artist\x00"),
		[4]uint32{0x013B, ASCII, 7, 8 + 2 + 5*12 + 4},
		[4]uint32{0x0112, Short, 1, 6},
		[4]uint32{0x9999, 99, 1, 0},             // unknown type
		[4]uint32{0x8298, ASCII, 100, 8},        // past the end
		[4]uint32{0x010E, Rational, 1 << 30, 8}) // too large
	h, _ := ParseHeader(b)
	r := NewReader(bytes.NewReader(b), 0, int64(len(b)), h)
	d, err := r.ReadIFD(8)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		kind Kind
		want string
	}{{0, "Artist\x00"}, {0, "\x06\x00"}, {BadType, ""}, {ValuePastEnd, ""}, {ValueTooLarge, ""}}
	for i, tt := range tests {
		v, err := r.Value(&d.Entries[i], 1<<20)
		var e *Error
		switch {
		case tt.kind == 0 && (err != nil || string(v) != tt.want):
			t.Errorf("entry %d: got %q, %v; want %q", i, v, err, tt.want)
		case tt.kind != 0 && (!errors.As(err, &e) || e.Kind != tt.kind):
			t.Errorf("entry %d: got %q, %v; want an *Error of kind %d", i, v, err, tt.kind)
		}
	}
	if v, ok := r.Uint(Short, []byte{6, 0}); !ok || v != 6 {
		t.Errorf("Uint(SHORT) = %d, %v; want 6", v, ok)
	}
	if _, ok := r.Uint(ASCII, []byte{6, 0}); ok {
		t.Error("Uint(ASCII) reads a value")
	}
}

func TestVisited(t *testing.T) {
	v := NewVisited(3)
	steps := []struct {
		off  int64
		want bool
	}{{8, true}, {100, true}, {8, false}, {200, true}, {300, false}}
	for i, s := range steps {
		if got := v.Visit(s.off); got != s.want {
			t.Errorf("step %d: Visit(%d) = %v, want %v", i, s.off, got, s.want)
		}
	}
	if v.Len() != 3 {
		t.Errorf("Len = %d, want 3", v.Len())
	}
}

// FuzzReadIFD walks the IFD chain of arbitrary bytes: it ends, every
// entry and value it returns lies inside the bytes, and a value at an
// offset is the bytes there.
func FuzzReadIFD(f *testing.F) {
	f.Add(classic(0, []byte("Artist\x00"), [4]uint32{0x013B, ASCII, 7, 26 + 4}))
	f.Add(classic(8, nil, [4]uint32{0x0112, Short, 1, 6}))
	f.Add([]byte("II+\x00\x08\x00\x00\x00\x10\x00\x00\x00\x00\x00\x00\x00\x01\x00\x00\x00\x00\x00\x00\x00"))
	f.Fuzz(func(t *testing.T, b []byte) {
		h, err := ParseHeader(b)
		if err != nil {
			return
		}
		for _, lenient := range []bool{false, true} {
			r := NewReader(bytes.NewReader(b), 0, int64(len(b)), h)
			r.Lenient = lenient
			v := NewVisited(16)
			off := int64(min(h.IFD0, 1<<40))
			for v.Visit(off) {
				d, err := r.ReadIFD(off)
				for i := range d.Entries {
					e := &d.Entries[i]
					if e.At < 0 || e.At+int64(2*e.FieldLen+4) > int64(len(b)) {
						t.Fatalf("entry %d at %d lies outside the %d bytes", i, e.At, len(b))
					}
					val, err := r.Value(e, 1<<16)
					if err != nil {
						continue
					}
					if !e.Inline() {
						o := e.ValueOffset(h.Order)
						if o+uint64(len(val)) > uint64(len(b)) || !bytes.Equal(val, b[o:o+uint64(len(val))]) {
							t.Fatalf("entry %d: value of %d bytes at %d is not the bytes there", i, len(val), o)
						}
					}
				}
				if err != nil || !d.HasNext || d.Next == 0 {
					break
				}
				off = int64(min(d.Next, 1<<40))
			}
		}
	})
}
