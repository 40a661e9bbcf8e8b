package check

import (
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/captag/captag/metadata"
	"github.com/captag/captag/metadata/caption"
	"github.com/captag/captag/metadata/date"
)

// keysOf takes the keys of imgs through an interner, as captag does, and
// then wipes every store of every image: a key must not need its image
// once it is taken.
func keysOf(imgs []*metadata.Image) []Key { return internedKeys(NewKeyInterner(), imgs) }

// leanKeysOf is keysOf through an interner told the captions
// (KnowCaptions), as captag check and write take them.
func leanKeysOf(recs []caption.Record, imgs []*metadata.Image) ([]Key, *KeyInterner) {
	in := NewKeyInterner()
	in.KnowCaptions(recs)
	return internedKeys(in, imgs), in
}

func internedKeys(in *KeyInterner, imgs []*metadata.Image) []Key {
	keys := make([]Key, len(imgs))
	for i, im := range imgs {
		keys[i] = KeyOf(im)
		in.Intern(&keys[i])
	}
	for _, im := range imgs {
		if im == nil {
			continue
		}
		for _, s := range im.Stores() {
			*s = metadata.Store{Kind: s.Kind, Description: "wiped", Creators: []string{"Wiped"}}
		}
	}
	return keys
}

// TestMatchKeysSamePlan: matching on keys (the streaming pipeline of
// captag check, which drops each image after taking its key) pairs exactly
// as matching on the images, on every fixture desk and every strategy:
// bursts steered by the caption text in the description, unknown years,
// nil images, name and order matching.
func TestMatchKeysSamePlan(t *testing.T) {
	sample := func(withText bool) func() ([]caption.Record, []*metadata.Image) {
		return func() ([]caption.Record, []*metadata.Image) {
			f, err := os.Open(sampleCaptions)
			if err != nil {
				t.Skipf("sample captions not available (%v); they ship in testdata/", err)
			}
			defer f.Close()
			recs, err := caption.Parse(f, caption.Options{Name: sampleCaptions})
			if err != nil {
				t.Fatal(err)
			}
			return recs, sampleImages(recs, withText)
		}
	}
	desks := []struct {
		name string
		make func() ([]caption.Record, []*metadata.Image)
	}{
		{"desk", func() ([]caption.Record, []*metadata.Image) { return deskRecords(), deskImages() }},
		{"sample without text", sample(false)},
		{"sample with text", sample(true)},
		{"bursts of 5, 2000 images", func() ([]caption.Record, []*metadata.Image) { return benchDesk(2000) }},
		{"burst steered by description", func() ([]caption.Record, []*metadata.Image) {
			recs := []caption.Record{
				rec(1, "Same burst, first frame.", 2020, 5, 1, "AP", "Jane Roe"),
				rec(2, "Same burst, second frame.", 2020, 5, 1, "AP", "Jane Roe"),
				rec(3, "A caption whose year is unknown.", 0, 5, 2, "AP", "Jane Roe"),
			}
			a := img("x/a.jpg", at(2020, 5, 1, 8, 0), "Jane Roe")
			b := img("x/b.jpg", at(2020, 5, 1, 8, 1), "JANE ROE")
			a.IPTC.Description = "same burst, SECOND frame"
			b.EXIF.Description = "Same burst — first frame."
			c := img("x/c.jpg", at(2020, 5, 2, 9, 0), "Jane Roe")
			c.XMP = &metadata.Store{Kind: metadata.StoreXMP, Date: date.Date{Year: 2020, Month: 5, Day: 2, Hour: 9, Second: 1, Frac: "25", Precision: date.PrecFrac}}
			return recs, []*metadata.Image{a, nil, b, c}
		}},
		{"texts exact, similar, foreign and two in one image", func() ([]caption.Record, []*metadata.Image) {
			recs := []caption.Record{
				rec(1, "Firefighters battle a blaze at a warehouse in the east of the city on Monday, as smoke rises over the river.", 2020, 5, 1, "AP", "Jane Roe"),
				rec(2, "Rescue workers search the rubble of a collapsed building in the old town after the earthquake on Tuesday.", 2020, 5, 2, "AP", "Jane Roe"),
				rec(3, "Fans celebrate in the main square after the final of the national cup, waving flags late into the night.", 2020, 5, 3, "AP", "John Doe"),
			}
			a := img("y/a.jpg", at(2020, 5, 1, 8, 0), "Jane Roe")
			a.IPTC.Description = recs[0].Text
			b := img("y/b.jpg", at(2020, 5, 2, 8, 0), "Jane Roe")
			b.EXIF.Description = "Rescue workers search the rubble of a collapsed house in the old town after the earthquake on Tuesday."
			c := img("y/c.jpg", at(2020, 5, 3, 8, 0), "John Doe")
			c.EXIF.Description = "A street market in the harbour district sells fish, fruit and spices to tourists on a sunny morning."
			d := img("y/d.jpg", at(2020, 5, 3, 9, 0), "John Doe")
			d.EXIF.Description, d.IPTC.Description = recs[2].Text, "Fans celebrate in the main square after the final of the cup, waving flags and scarves into the night."
			return recs, []*metadata.Image{a, b, c, d}
		}},
	}
	for _, d := range desks {
		for _, s := range []Strategy{StrategyAuto, StrategyOrder, StrategyName} {
			t.Run(d.name+"/"+string(s), func(t *testing.T) {
				recs, imgs := d.make()
				want, wantErr := Match(recs, imgs, s)
				got, gotErr := MatchKeysWith(recs, keysOf(imgs), s, MatchOptions{})
				if (wantErr == nil) != (gotErr == nil) || wantErr != nil && wantErr.Error() != gotErr.Error() {
					t.Fatalf("MatchKeys error %v, Match error %v", gotErr, wantErr)
				}
				if !reflect.DeepEqual(got, want) {
					t.Errorf("MatchKeys plan differs from Match:\n got  %+v\n want %+v", got, want)
				}
				recs, imgs = d.make() // keysOf wiped the images
				keys, in := leanKeysOf(recs, imgs)
				lean, _ := MatchKeysWith(recs, keys, s, MatchOptions{Interned: in})
				if !reflect.DeepEqual(lean, want) {
					t.Errorf("MatchKeys plan on keys interned with KnowCaptions differs from Match:\n got  %+v\n want %+v", lean, want)
				}
				if len(recs) > 1 {
					// A record changed after KnowCaptions is fingerprinted
					// afresh: the plan is Match's on the records as they are.
					recs, imgs = d.make()
					keys, in := leanKeysOf(recs, imgs)
					recs[0].Text, recs[1].Text = recs[1].Text, recs[0].Text
					recs2, imgs2 := d.make()
					recs2[0].Text, recs2[1].Text = recs2[1].Text, recs2[0].Text
					want, _ := Match(recs2, imgs2, s)
					if got, _ := MatchKeysWith(recs, keys, s, MatchOptions{Interned: in}); !reflect.DeepEqual(got.Pairs, want.Pairs) {
						t.Errorf("records changed after KnowCaptions: pairs %+v, want %+v", got.Pairs, want.Pairs)
					}
				}
			})
		}
	}
}

// TestMatchKeysDescriptionSteersBurst: with keys, an image whose
// description is a caption's text still goes with that caption, although
// the key holds only a fingerprint of the text.
func TestMatchKeysDescriptionSteersBurst(t *testing.T) {
	recs := []caption.Record{
		rec(1, "Frame one of the burst.", 2020, 5, 1, "AP", "Jane Roe"),
		rec(2, "Frame two of the burst.", 2020, 5, 1, "AP", "Jane Roe"),
	}
	a := img("x/a.jpg", at(2020, 5, 1, 8, 0), "Jane Roe")
	b := img("x/b.jpg", at(2020, 5, 1, 8, 1), "Jane Roe")
	a.XMP = &metadata.Store{Kind: metadata.StoreXMP, Description: "FRAME TWO of the burst"}
	p, err := MatchKeysWith(recs, keysOf([]*metadata.Image{a, b}), StrategyAuto, MatchOptions{})
	if err != nil {
		t.Fatal(err)
	}
	// Text first: x/a.jpg takes line 2 by its text; x/b.jpg is then the
	// only image left for line 1.
	want := []Pair{{Record: 1, Image: 0, By: ByText, Text: 1}, {Record: 0, Image: 1, By: ByDateCreator}}
	if !reflect.DeepEqual(p.Pairs, want) {
		t.Errorf("pairs %+v, want %+v (x/a.jpg carries the text of line 2)", p.Pairs, want)
	}
}

// TestInferYearKey: the year taken from a key is the year taken from the
// image, at every precision of the capture date.
func TestInferYearKey(t *testing.T) {
	dates := []date.Date{
		{},
		{Year: 2017, Precision: date.PrecYear},
		{Year: 2017, Month: 1, Precision: date.PrecMonth},
		at(2017, 1, 1, 0, 30),
		at(2016, 12, 31, 23, 59),
		atOff(2016, 2, 29, 12, 0, 180),
	}
	recs := []caption.Record{
		rec(1, "December.", 0, 12, 31, "AP"),
		rec(2, "Leap day.", 0, 2, 29, "AP"),
		rec(3, "Has a year.", 2015, 6, 1, "AP"),
		rec(4, "No date.", 0, 0, 0, "AP"),
	}
	for _, d := range dates {
		im := img("x/1.jpg", d, "Jane Roe")
		k := KeyOf(im)
		for _, r := range recs {
			want := InferYear(r, im)
			if got := InferYearKey(r, &k); !reflect.DeepEqual(got, want) {
				t.Errorf("capture %v, caption line %d: InferYearKey year %d (inferred %v), InferYear %d (%v)",
					d, r.Line, got.Date.Year, got.DateInferred, want.Date.Year, want.DateInferred)
			}
		}
	}
}

// TestKeyInternerShares: keys of images by the same photographers share
// one creator list, so a large folder holds one list per photographer set.
func TestKeyInternerShares(t *testing.T) {
	in := NewKeyInterner()
	a, b := KeyOf(img("a.jpg", at(2020, 1, 1, 0, 0), "Jane Roe")), KeyOf(img("b.jpg", at(2020, 1, 2, 0, 0), "JANE  ROE"))
	c := KeyOf(img("c.jpg", at(2020, 1, 2, 0, 0), "Jane Roe", "John Doe"))
	d := KeyOf(img("d.jpg", at(2020, 1, 2, 0, 0), "jane roe", "john doe"))
	for _, k := range []*Key{&a, &b, &c, &d} {
		in.Intern(k)
	}
	if &a.creators[0] != &b.creators[0] || &c.creators[0] != &d.creators[0] {
		t.Errorf("equal creator lists are not shared: %p %p, %p %p", &a.creators[0], &b.creators[0], &c.creators[0], &d.creators[0])
	}
	if reflect.DeepEqual(a.creators, c.creators) {
		t.Errorf("different creator lists were merged: %q and %q", a.creators, c.creators)
	}
}

// TestKeyOfBounded: a key holds at most one day and one fingerprint per
// store, whatever the image says, and the zero Key is a nil image.
func TestKeyOfBounded(t *testing.T) {
	im := img("x.jpg", at(2020, 1, 1, 0, 0), "A")
	im.XMP = &metadata.Store{Kind: metadata.StoreXMP, Date: at(2020, 1, 2, 0, 0), Description: "one"}
	im.Sidecar = &metadata.Store{Kind: metadata.StoreSidecar, Date: at(2020, 1, 3, 0, 0), Description: "two"}
	im.EXIF.Description, im.IPTC.Description = "three", "four"
	k := KeyOf(im)
	if k.nDays != 3 || len(k.texts) != 4 {
		t.Errorf("key has %d days and %d descriptions, want 3 and 4", k.nDays, len(k.texts))
	}
	if z := KeyOf(nil); z.valid || !reflect.DeepEqual(z, Key{}) {
		t.Errorf("KeyOf(nil) = %+v, want the zero Key", z)
	}
}

// TestComparePaddedFrac: fractions of a second order as their digits
// padded with zeros to nine places, as the capture order needs.
func TestComparePaddedFrac(t *testing.T) {
	pad := func(s string) string {
		for len(s) < 9 {
			s += "0"
		}
		return s
	}
	fracs := []string{"", "0", "00", "1", "10", "100000000", "25", "250", "2500000001", "9", "99", "999999999"}
	for _, a := range fracs {
		for _, b := range fracs {
			want := strings.Compare(pad(a), pad(b))
			if got := comparePaddedFrac(a, b); got != want {
				t.Errorf("comparePaddedFrac(%q, %q) = %d, want %d", a, b, got, want)
			}
		}
	}
}
