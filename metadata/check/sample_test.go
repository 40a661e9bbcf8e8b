package check

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"testing"

	"github.com/captag/captag/metadata"
	"github.com/captag/captag/metadata/caption"
)

// sampleCaptions is the user's sixteen Aleppo captions, shipped with the
// repository for the README's main-job command.
var sampleCaptions = filepath.Join("..", "..", "testdata", "aleppo-2016-captions.txt")

// sampleImages makes one image per record the way exiftool leaves a file
// captioned from it: EXIF, IPTC and XMP carry the caption's date (10:00
// +03:00 plus one minute per record), creators and credit, and, when
// withText, the caption as description. Names are a permutation of the
// capture order.
func sampleImages(recs []caption.Record, withText bool) []*metadata.Image {
	imgs := make([]*metadata.Image, len(recs))
	for k, r := range recs {
		d := atOff(r.Date.Year, r.Date.Month, r.Date.Day, 10, k, 180)
		desc := ""
		if withText {
			desc = r.Text
		}
		mk := func(kind metadata.StoreKind) *metadata.Store {
			s := &metadata.Store{Kind: kind, Date: d, Creators: slices.Clone(r.Creators), Description: desc}
			if kind != metadata.StoreEXIF {
				s.Credit = r.Agency
			}
			return s
		}
		imgs[k] = &metadata.Image{
			Path:   fmt.Sprintf("aleppo/IMG_%04d.jpg", (k*7)%len(recs)),
			Format: "jpeg",
			EXIF:   mk(metadata.StoreEXIF), IPTC: mk(metadata.StoreIPTC), XMP: mk(metadata.StoreXMP),
		}
	}
	return imgs
}

// TestSampleDesk is issue 4's "done when" at the library's level: images
// captioned from the sample, with a wrong date planted in one, another
// photographer in a second and another agency in a third, give errors on
// exactly those three images on the right field, whatever the file names,
// whatever the order of the caption file, with or without the caption text
// in the images.
func TestSampleDesk(t *testing.T) {
	f, err := os.Open(sampleCaptions)
	if err != nil {
		t.Skipf("sample captions not available (%v); they ship in testdata/", err)
	}
	recs, err := caption.Parse(f, caption.Options{Name: sampleCaptions})
	f.Close()
	if err != nil || len(recs) != 16 {
		t.Fatalf("caption.Parse: %d records, %v; want 16", len(recs), err)
	}
	type plant struct{ date, creator, agency int } // record lines whose images are spoiled
	plants := map[string]plant{
		"three groups":           {date: 11, creator: 19, agency: 29},
		"all in one burst group": {date: 13, creator: 23, agency: 25},
		"two in one image group": {date: 3, creator: 17, agency: 5},
	}
	for pname, pl := range plants {
		for _, reversed := range []bool{false, true} {
			for _, withText := range []bool{true, false} {
				name := fmt.Sprintf("%s/reversed=%v/text=%v", pname, reversed, withText)
				t.Run(name, func(t *testing.T) {
					imgs := sampleImages(recs, withText)
					spoiled := map[string]Field{} // path → field
					for k, r := range recs {
						im := imgs[k]
						switch r.Line {
						case pl.date:
							for _, s := range im.Stores() {
								s.Date = atOff(2016, 12, 18, 10, k, 180)
							}
							spoiled[im.Path] = FieldDate
						case pl.creator:
							for _, s := range im.Stores() {
								s.Creators = []string{"John Smith"}
							}
							spoiled[im.Path] = FieldCreator
						case pl.agency:
							im.IPTC.Credit, im.XMP.Credit = "Reuters", "Reuters"
							spoiled[im.Path] = FieldCredit
						}
					}
					in := slices.Clone(recs)
					if reversed {
						slices.Reverse(in)
						for i := range in {
							in[i].Line = 1 + 2*i
						}
					}
					p, err := Match(in, imgs, StrategyAuto)
					if err != nil {
						t.Fatal(err)
					}
					if len(p.UnmatchedRecords) != 0 || len(p.UnmatchedImages) != 0 {
						t.Fatalf("unmatched: %+v %+v", p.UnmatchedRecords, p.UnmatchedImages)
					}
					got := map[string][]Field{} // path → fields with errors
					for _, pr := range p.Pairs {
						im := imgs[pr.Image]
						if withText && in[pr.Record].Text != im.EXIF.Description {
							t.Errorf("%s paired with the caption at line %d, not its own text", im.Path, in[pr.Record].Line)
						}
						for _, f := range Compare(in[pr.Record], im, pr.By, Options{}) {
							if f.Severity == metadata.SeverityError && !slices.Contains(got[im.Path], f.Field) {
								got[im.Path] = append(got[im.Path], f.Field)
							}
						}
					}
					var gotS, wantS []string
					for path, fields := range got {
						gotS = append(gotS, path+" "+fmt.Sprint(fields))
					}
					for path, field := range spoiled {
						wantS = append(wantS, path+" "+fmt.Sprint([]Field{field}))
					}
					sort.Strings(gotS)
					sort.Strings(wantS)
					if !slices.Equal(gotS, wantS) {
						t.Errorf("images with errors:\n got  %q\n want %q", gotS, wantS)
					}
				})
			}
		}
	}
}
