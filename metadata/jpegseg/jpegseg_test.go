package jpegseg

import (
	"bytes"
	"errors"
	"io"
	"testing"
)

// walk returns the segments of b and what ended the walk.
func walk(b []byte) ([]Segment, error) {
	w := New(bytes.NewReader(b), int64(len(b)))
	var segs []Segment
	for {
		s, err := w.Next()
		if err != nil {
			return segs, err
		}
		segs = append(segs, s)
	}
}

func TestWalk(t *testing.T) {
	app1 := []byte{0xFF, 0xE1, 0, 5, 'a', 'b', 'c'}
	tests := []struct {
		name  string
		b     string
		segs  int
		kind  Kind  // 0: io.EOF at SOS
		off   int64 // of the error or of SOS's Start
		found int64
	}{
		{"sos", "\xff\xd8\xff\xe1\x00\x05abc\xff\xff\xff\xda\x00\x02", 1, 0, 9, 0},
		{"standalone", "\xff\xd8\xff\xd0\xff\x01\xff\xda", 2, 0, 6, 0},
		{"not a marker", "\xff\xd8\x00", 0, NotMarker, 2, 0},
		{"end", "\xff\xd8", 0, EndOfFile, 2, 0},
		{"end after fill", "\xff\xd8\xff\xff", 0, EndOfFile, 3, 0},
		{"no length", "\xff\xd8\xff\xe1\x00", 0, NoLength, 2, 0},
		{"short length", "\xff\xd8\xff\xe1\x00\x01", 0, ShortLength, 2, 1},
		{"past end", "\xff\xd8" + string(app1[:6]), 0, PastEnd, 2, 5},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := []byte(tt.b)
			w := New(bytes.NewReader(b), int64(len(b)))
			n := 0
			var err error
			for ; ; n++ {
				if _, err = w.Next(); err != nil {
					break
				}
			}
			if n != tt.segs {
				t.Errorf("segments = %d, want %d", n, tt.segs)
			}
			if tt.kind == 0 {
				s, scan := w.Stop()
				if err != io.EOF || !scan || s.Start != tt.off {
					t.Errorf("got %v, Stop %+v %v; want io.EOF at SOS starting at %d", err, s, scan, tt.off)
				}
				return
			}
			var e *Error
			if !errors.As(err, &e) || e.Kind != tt.kind || e.Offset != tt.off || e.Found != tt.found {
				t.Errorf("got %v (%+v), want kind %d at %d found %d", err, e, tt.kind, tt.off, tt.found)
			}
		})
	}
}

func TestScanEnd(t *testing.T) {
	b := []byte("\xff\xd8\xff\xda\x00\x03\x01ab\xff\x00c\xff\xd0d\xff\xff\xd9")
	end, err := ScanEnd(b, 2)
	if err != nil || end != len(b) {
		t.Fatalf("ScanEnd = %d, %v; want %d", end, err, len(b))
	}
	if _, err := ScanEnd(b[:len(b)-1], 2); err == nil {
		t.Fatal("ScanEnd without EOI: no error")
	}
}

// FuzzWalk checks that the walk ends, that every segment lies inside the
// file after the one before it, and that ScanEnd stays inside the file.
func FuzzWalk(f *testing.F) {
	f.Add([]byte("\xff\xd8\xff\xe1\x00\x05abc\xff\xff\xff\xda\x00\x02ab\xff\x00\xff\xd9"))
	f.Add([]byte("\xff\xd8\xff\xd0\xff\x01\xff\xe0\x00\x02\xff\xd9"))
	f.Add([]byte("\xff\xd8\xff\xe1\x00"))
	f.Fuzz(func(t *testing.T, b []byte) {
		segs, err := walk(b)
		prev := int64(2)
		for _, s := range segs {
			if s.Start != prev || s.At < s.Start || s.Payload < s.At+2 || s.End < s.Payload || s.End > int64(len(b)) {
				t.Fatalf("segment %+v after %d in %d bytes", s, prev, len(b))
			}
			if b[s.At] != 0xFF || b[s.At+1] != s.Marker {
				t.Fatalf("segment %+v: no marker at At", s)
			}
			prev = s.End
		}
		var e *Error
		if err != io.EOF && !errors.As(err, &e) {
			t.Fatalf("walk ended with %v", err)
		}
		if err == io.EOF {
			w := New(bytes.NewReader(b), int64(len(b)))
			for {
				if _, err := w.Next(); err != nil {
					break
				}
			}
			if s, scan := w.Stop(); scan {
				if end, err := ScanEnd(b, int(s.At)); err == nil && (end <= int(s.At) || end > len(b)) {
					t.Fatalf("ScanEnd = %d for SOS at %d in %d bytes", end, s.At, len(b))
				}
			}
		}
	})
}
