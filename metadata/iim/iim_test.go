package iim

import (
	"bytes"
	"errors"
	"testing"
)

func TestResourceAt(t *testing.T) {
	b := AppendResource(nil, ResourceIPTC, nil, []byte{1, 2, 3})
	b = AppendResource(b, ResourceDigest, []byte{1, 'x'}, []byte{4})
	r, err := ResourceAt(b, 0)
	if err != nil || r.Sig != SigPhotoshop || r.ID != ResourceIPTC || !bytes.Equal(r.Data, []byte{1, 2, 3}) || r.DataAt != 12 || r.End != 16 {
		t.Fatalf("first resource %+v, %v", r, err)
	}
	r, err = ResourceAt(b, r.End)
	if err != nil || r.ID != ResourceDigest || !bytes.Equal(r.Name, []byte{1, 'x'}) || !bytes.Equal(r.Data, []byte{4}) || r.End != len(b) {
		t.Fatalf("second resource %+v, %v", r, err)
	}
	for _, c := range []struct {
		b    []byte
		kind Kind
	}{
		{b[:5], ShortHeader},
		{[]byte("XXXX\x04\x04\x00\x00"), BadSignature},
		{b[:10], NoSize},
		{b[:13], ShortData},
	} {
		var e *Error
		if _, err := ResourceAt(c.b, 0); !errors.As(err, &e) || e.Kind != c.kind {
			t.Errorf("ResourceAt(% x) = %v, want kind %d", c.b, err, c.kind)
		}
	}
}

func TestDatasetAt(t *testing.T) {
	long := bytes.Repeat([]byte("a"), 0x8000)
	b := AppendDataset(AppendDataset(nil, 2, 110, []byte("AFP")), 2, 120, long)
	d, err := DatasetAt(b, 0)
	if err != nil || d.Rec != 2 || d.Num != 110 || string(d.Value) != "AFP" || d.ValueAt != 5 || d.End != 8 {
		t.Fatalf("first dataset %+v, %v", d, err)
	}
	d, err = DatasetAt(b, d.End)
	if err != nil || d.Num != 120 || len(d.Value) != len(long) || d.ValueAt != 8+9 || d.End != len(b) {
		t.Fatalf("extended dataset %+v, %v", d.Num, err)
	}
	for _, c := range []struct {
		b    []byte
		kind Kind
	}{
		{[]byte{0}, NotTag},
		{b[:4], ShortHeader},
		{[]byte{Tag, 2, 120, 0x80, 0x05, 0, 0, 0, 0, 0}, BadExtLength},
		{b[:7], ShortData},
	} {
		var e *Error
		if _, err := DatasetAt(c.b, 0); !errors.As(err, &e) || e.Kind != c.kind {
			t.Errorf("DatasetAt(% x) = %v, want kind %d", c.b, err, c.kind)
		}
	}
}

// FuzzIIM walks arbitrary bytes as resources and as datasets: every
// resource and dataset read lies inside the bytes, after the one before.
func FuzzIIM(f *testing.F) {
	f.Add(AppendResource(nil, ResourceIPTC, nil, AppendDataset(nil, 2, 80, []byte("Aref Watad"))))
	f.Add([]byte{Tag, 2, 120, 0x80, 0x02, 0, 3, 'a', 'b', 'c'})
	f.Fuzz(func(t *testing.T, b []byte) {
		for pos := 0; pos < len(b); {
			r, err := ResourceAt(b, pos)
			if err != nil {
				break
			}
			if r.Start != pos || r.DataAt < pos+12 || r.DataAt+len(r.Data) > r.End || r.End > len(b) || r.End <= pos {
				t.Fatalf("resource %+v at %d in %d bytes", r, pos, len(b))
			}
			pos = r.End
		}
		for pos := 0; pos < len(b); {
			d, err := DatasetAt(b, pos)
			if err != nil {
				break
			}
			if d.Start != pos || d.ValueAt < pos+HeaderLen || d.ValueAt+len(d.Value) != d.End || d.End > len(b) {
				t.Fatalf("dataset %+v at %d in %d bytes", d, pos, len(b))
			}
			pos = d.End
		}
	})
}
