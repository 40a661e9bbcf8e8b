package check

import (
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
