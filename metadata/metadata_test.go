package metadata

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/captag/captag/metadata/date"
)

// big is the length of the value fill gives each string, so that a field
// left out of HeapSize shows as a gap far larger than any rounding.
const big = 1000

// fill sets every string in v (recursively through structs, pointers and
// slices of one element) to a distinct value of big bytes, every int to 1
// and every bool to true, except the Date's Precision, set so that the
// date is not zero. tag tells the values apart.
func fill(v reflect.Value, tag string) {
	switch v.Kind() {
	case reflect.String:
		v.SetString(tag + strings.Repeat("x", big-len(tag)))
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		v.SetInt(1)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		v.SetUint(1)
	case reflect.Bool:
		v.SetBool(true)
	case reflect.Pointer:
		v.Set(reflect.New(v.Type().Elem()))
		fill(v.Elem(), tag)
	case reflect.Slice:
		v.Set(reflect.MakeSlice(v.Type(), 1, 1))
		fill(v.Index(0), tag)
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			fill(v.Field(i), tag+"."+v.Type().Field(i).Name)
		}
	default:
		panic("fill: no case for " + v.Kind().String())
	}
}

// Each field of Store, Image and Warning, filled alone, must raise
// HeapSize by at least the bytes it points to, and each field of Store but
// Kind must be in Store's JSON: a field added to one of the structs
// without HeapSize (or MarshalJSON) being told fails here. The fields not
// counted are named, with why.
func TestHeapSizeAndJSONCoverEveryField(t *testing.T) {
	notOnHeap := map[string]bool{
		// Constants (StoreEXIF…, WarnGeneral…), in the binary.
		"Store.Kind": true, "Warning.Code": true, "Warning.Store": true,
	}
	notInJSON := map[string]bool{"Kind": true} // the key holding the store says it

	sizeOf := func(v reflect.Value) int64 {
		switch x := v.Addr().Interface().(type) {
		case *Store:
			return x.HeapSize()
		case *Image:
			return x.HeapSize()
		case *Warning:
			im := Image{Warnings: []Warning{*x}}
			return im.HeapSize() - (&Image{}).HeapSize()
		}
		panic("sizeOf: unexpected type")
	}
	for _, zero := range []any{&Store{}, &Image{}, &Warning{}} {
		typ := reflect.TypeOf(zero).Elem()
		base := sizeOf(reflect.ValueOf(zero).Elem())
		for i := 0; i < typ.NumField(); i++ {
			f := typ.Field(i)
			name := typ.Name() + "." + f.Name
			v := reflect.New(typ).Elem()
			fill(v.Field(i), name)
			grew := sizeOf(v) - base
			if notOnHeap[name] {
				if grew != 0 {
					t.Errorf("%s: HeapSize grew by %d for a field said to hold no heap", name, grew)
				}
				continue
			}
			// Plain values are counted by the struct's size; what HeapSize
			// must add is the bytes of the strings the field reaches.
			want := heapBytes(v.Field(i), notOnHeap)
			if grew < want {
				t.Errorf("%s: HeapSize grew by %d, want at least %d: count the field in HeapSize", name, grew, want)
			}
		}
	}

	typ := reflect.TypeOf(Store{})
	for i := 0; i < typ.NumField(); i++ {
		name := typ.Field(i).Name
		var s Store
		v := reflect.ValueOf(&s).Elem()
		fill(v.Field(i), "Store."+name)
		if name == "Date" {
			s.Date = date.Date{Year: 2016, Month: 12, Day: 19, Hour: 9, Minute: 41, Second: 5, Frac: "25", Precision: date.PrecFrac}
		}
		b, err := json.Marshal(s)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		in := strings.Contains(string(b), "Store."+name) || name == "Date" && strings.Contains(string(b), `"date":"2016-12-19T09:41:05.25"`)
		if in == notInJSON[name] {
			t.Errorf("Store.%s: in JSON %v, want %v: %s", name, in, !notInJSON[name], b)
		}
	}
}

// heapBytes is the bytes of the strings v reaches, leaving out the fields
// named in skip ("Store.Kind").
func heapBytes(v reflect.Value, skip map[string]bool) int64 {
	switch v.Kind() {
	case reflect.String:
		return int64(v.Len())
	case reflect.Pointer:
		if v.IsNil() {
			return 0
		}
		return heapBytes(v.Elem(), skip)
	case reflect.Slice:
		var n int64
		for i := 0; i < v.Len(); i++ {
			n += heapBytes(v.Index(i), skip)
		}
		return n
	case reflect.Struct:
		var n int64
		for i := 0; i < v.NumField(); i++ {
			if !skip[v.Type().Name()+"."+v.Type().Field(i).Name] {
				n += heapBytes(v.Field(i), skip)
			}
		}
		return n
	}
	return 0
}

// The JSON of a store is what captag inspect --format json prints: only
// the keys with values, the date as Date.String writes it.
func TestStoreJSON(t *testing.T) {
	s := Store{Kind: StoreIPTC, Date: date.Date{Year: 2016, Month: 12, Day: 19, Precision: date.PrecDay},
		Creators: []string{"Aref Watad"}, Credit: "Anadolu Agency", CountryCode: "SY"}
	b, err := json.Marshal(&s)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"date":"2016-12-19","creators":["Aref Watad"],"credit":"Anadolu Agency","country_code":"SY"}`
	if string(b) != want {
		t.Errorf("JSON %s, want %s", b, want)
	}
	if b, _ := json.Marshal(Store{Kind: StoreXMP}); string(b) != "{}" {
		t.Errorf("empty store: JSON %s, want {}", b)
	}
}

func TestStoreKinds(t *testing.T) {
	for _, tt := range []struct {
		in   []StoreKind
		want StoreKind
	}{
		{nil, ""},
		{[]StoreKind{StoreEXIF}, "exif"},
		{[]StoreKind{StoreEXIF, StoreXMP}, "exif/xmp"},
		{[]StoreKind{StoreIPTC, "", StoreIPTC, StoreSidecar}, "iptc/sidecar"},
	} {
		got := JoinStoreKinds(tt.in...)
		if got != tt.want {
			t.Errorf("JoinStoreKinds(%q) = %q, want %q", tt.in, got, tt.want)
		}
		var back []StoreKind
		for _, k := range tt.in {
			if k != "" && !containsKind(back, k) {
				back = append(back, k)
			}
		}
		if !reflect.DeepEqual(got.Kinds(), back) {
			t.Errorf("%q.Kinds() = %q, want %q", got, got.Kinds(), back)
		}
	}
	if StoreKind("exif/xmp").Has(StoreIPTC) || !StoreKind("exif/xmp").Has(StoreXMP) || StoreKind("sidecar").Has("side") {
		t.Error("Has: wrong answer for exif/xmp or sidecar")
	}
}

func containsKind(ks []StoreKind, k StoreKind) bool {
	for _, x := range ks {
		if x == k {
			return true
		}
	}
	return false
}
