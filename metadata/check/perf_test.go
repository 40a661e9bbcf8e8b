package check

import (
	"fmt"
	"strings"
	"testing"

	"github.com/captag/captag/metadata"
	"github.com/captag/captag/metadata/caption"
)

// compareDesk builds n pairs the way a wire desk's folder looks after a
// captioning tool ran: EXIF, IIM and XMP stores with date, creators,
// credit, source and copyright, captions credited to an agency by its
// long name, and every 25th image with another agency in IIM Credit and
// every 40th with another date in XMP, so that Compare has findings to
// build too.
func compareDesk(n int) ([]caption.Record, []*metadata.Image) {
	recs, imgs := benchDesk(n)
	for i, im := range imgs {
		recs[n-1-i].Agency = "Anadolu Agency"
		im.EXIF.Copyright = "© 2020 Anadolu Agency"
		im.IPTC.Credit, im.IPTC.Source, im.IPTC.Copyright = "Anadolu Agency", "AA", "2020 Anadolu Agency"
		im.XMP = &metadata.Store{Kind: metadata.StoreXMP, Date: im.EXIF.Date, Creators: im.EXIF.Creators,
			Credit: "Anadolu Ajansı", Source: "Anadolu", Copyright: "Anadolu Agency"}
		if i%25 == 0 {
			im.IPTC.Credit, im.IPTC.Copyright = "AFP", "2020 AFP"
		}
		if i%40 == 0 {
			im.XMP.Date.Day = im.XMP.Date.Day%28 + 1
		}
	}
	return recs, imgs
}

// BenchmarkCompare checks 20,000 pairs, as captag check does on a large
// shoot.
func BenchmarkCompare(b *testing.B) {
	const n = 20000
	recs, imgs := compareDesk(n)
	opt := Options{}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		findings := 0
		for j := 0; j < n; j++ {
			findings += len(Compare(recs[n-1-j], imgs[j], ByDateCreator, opt))
		}
		if findings == 0 {
			b.Fatal("no findings on a desk with planted errors")
		}
	}
}

// BenchmarkMatch20k matches 20,000 captions by content.
func BenchmarkMatch20k(b *testing.B) {
	recs, imgs := benchDesk(20000)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := Match(recs, imgs, StrategyAuto); err != nil {
			b.Fatal(err)
		}
	}
}

// TestCompareAllocs: a clean pair costs a bounded number of allocations.
// Compare used to build a strings.Replacer for every credit it looked at,
// about 60 allocations a pair for that alone.
func TestCompareAllocs(t *testing.T) {
	recs, imgs := compareDesk(50)
	r, im := recs[48], imgs[1] // a clean pair: no planted error
	if fs := Compare(r, im, ByDateCreator, Options{}); len(fs) != 0 {
		t.Fatalf("the pair is not clean: %+v", fs)
	}
	const maxAllocs = 30
	if n := testing.AllocsPerRun(100, func() { Compare(r, im, ByDateCreator, Options{}) }); n > maxAllocs {
		t.Errorf("Compare of a clean pair makes %.0f allocations, want at most %d", n, maxAllocs)
	}
}

// textDesk is benchDesk with a wire caption per record, different in
// every group of five (a burst shares one), and each image carrying its
// caption the way a captioning pass leaves it: most exactly, every 7th
// with a word corrected (matched by similarity), every 11th in IIM only.
func textDesk(n int) ([]caption.Record, []*metadata.Image) {
	recs, imgs := benchDesk(n)
	for k := range recs {
		g := (n - 1 - k) / 5
		recs[k].Text = fmt.Sprintf("CITY %d, COUNTRY - MONTH %d: Civilians evacuated from the east of the city arrive at the crossing point number %d with a convoy of buses and ambulances on day %d of the operation, as families wait in the cold for news of relatives left behind. ( Photographer %d - Agency )", g%97, g%12, g, g%28, g%47)
	}
	for i, im := range imgs {
		desc := recs[n-1-i].Text
		if i%7 == 0 {
			desc = strings.Replace(desc, "families", "familes", 1)
		}
		im.IPTC.Description = desc
		if i%11 != 0 {
			im.XMP = &metadata.Store{Kind: metadata.StoreXMP, Date: im.EXIF.Date, Creators: im.EXIF.Creators, Description: desc}
		}
	}
	return recs, imgs
}

// BenchmarkMatchText10k matches 10,000 captions with 10,000 images that
// carry their captions' texts: text first.
func BenchmarkMatchText10k(b *testing.B) {
	recs, imgs := textDesk(10000)
	keys := make([]Key, len(imgs))
	for i, im := range imgs {
		keys[i] = KeyOf(im)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		p, err := MatchKeysWith(recs, keys, StrategyAuto, MatchOptions{})
		if err != nil {
			b.Fatal(err)
		}
		if len(p.Pairs) != len(imgs) {
			b.Fatalf("%d pairs, want %d", len(p.Pairs), len(imgs))
		}
	}
}

// TestTextDeskAllByText: on the text desk every image goes with its own
// caption by text, the corrected ones too.
func TestTextDeskAllByText(t *testing.T) {
	recs, imgs := textDesk(1000)
	p, err := Match(recs, imgs, StrategyAuto)
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Pairs) != len(imgs) {
		t.Fatalf("%d pairs, want %d", len(p.Pairs), len(imgs))
	}
	for _, pr := range p.Pairs {
		if pr.By != ByText || recs[pr.Record].Text != recs[len(recs)-1-pr.Image].Text {
			t.Fatalf("%s: line %d by %s, want its own caption by text", imgs[pr.Image].Path, recs[pr.Record].Line, pr.By)
		}
	}
}
