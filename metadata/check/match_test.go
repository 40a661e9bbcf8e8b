package check

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/captag/captag/metadata"
	"github.com/captag/captag/metadata/caption"
	"github.com/captag/captag/metadata/date"
)

// The Aleppo-like desk: four identical captions by Mustafa Sultan on
// December 20, three identical ones by Aref Watad on December 19, one by
// Bahadir on December 21 and one different caption by Mustafa Sultan on
// December 19. File names are camera numbers that do not follow capture
// order.
const (
	textA = "ALEPPO, SYRIA - DECEMBER 20: Civilians wait for their evacuation. ( Mustafa Sultan - Anadolu Agency )"
	textB = "ALEPPO, SYRIA - DECEMBER 19 : Civilians arrive at Rashedeen. ( Aref Watad - Anadolu Agency )"
	textC = "ALEPPO, SYRIA - DECEMBER 21: Buses leave the city. ( Bahadir Yilmaz - Anadolu Agency )"
	textD = "ALEPPO, SYRIA - DECEMBER 19: A child on a bus. ( Mustafa Sultan - Anadolu Agency )"
)

func deskRecords() []caption.Record {
	return []caption.Record{
		rec(1, textA, 2016, 12, 20, "Anadolu Agency", "Mustafa Sultan"),
		rec(3, textA, 2016, 12, 20, "Anadolu Agency", "Mustafa Sultan"),
		rec(5, textA, 2016, 12, 20, "Anadolu Agency", "Mustafa Sultan"),
		rec(7, textA, 2016, 12, 20, "Anadolu Agency", "Mustafa Sultan"),
		rec(9, textB, 2016, 12, 19, "Anadolu Agency", "Aref Watad"),
		rec(11, textB, 2016, 12, 19, "Anadolu Agency", "Aref Watad"),
		rec(13, textB, 2016, 12, 19, "Anadolu Agency", "Aref Watad"),
		rec(15, textC, 2016, 12, 21, "Anadolu Agency", "Bahadir Yilmaz"),
		rec(17, textD, 2016, 12, 19, "Anadolu Agency", "Mustafa Sultan"),
	}
}

// deskImages returns images named so that name order is not capture order;
// the group of each image is the first letter of its comment in group().
func deskImages() []*metadata.Image {
	return []*metadata.Image{
		img("desk/DSC_0907.jpg", atOff(2016, 12, 20, 10, 3, 180), "Mustafa Sultan"), // a4
		img("desk/DSC_0101.jpg", atOff(2016, 12, 20, 10, 0, 180), "Mustafa Sultan"), // a1
		img("desk/DSC_0555.jpg", atOff(2016, 12, 20, 10, 2, 180), "MUSTAFA SULTAN"), // a3
		img("desk/DSC_0300.jpg", atOff(2016, 12, 20, 10, 1, 180), "mustafa sultan"), // a2
		img("desk/AW_3.jpg", at(2016, 12, 19, 14, 2), "Aref Watad"),                 // b3
		img("desk/AW_1.jpg", at(2016, 12, 19, 14, 0), "Aref Watad"),                 // b1
		img("desk/AW_2.jpg", at(2016, 12, 19, 14, 1), "Aref Watad"),                 // b2
		img("desk/zz.jpg", at(2016, 12, 21, 8, 0), "Bahadır Yılmaz"),                // c1
		img("desk/aa.jpg", at(2016, 12, 19, 9, 0), "Mustafa Sultan"),                // d1
	}
}

// group says which caption text belongs to an image of deskImages.
var group = map[string]string{
	"desk/DSC_0907.jpg": textA, "desk/DSC_0101.jpg": textA, "desk/DSC_0555.jpg": textA, "desk/DSC_0300.jpg": textA,
	"desk/AW_3.jpg": textB, "desk/AW_1.jpg": textB, "desk/AW_2.jpg": textB,
	"desk/zz.jpg": textC, "desk/aa.jpg": textD,
}

func findImage(imgs []*metadata.Image, path string) *metadata.Image {
	for _, im := range imgs {
		if im != nil && im.Path == path {
			return im
		}
	}
	panic("no image " + path)
}

// render writes a plan as sorted lines a person can read in a failure:
// "path <- line N by M", "record N unmatched: reason",
// "image P unmatched: reason".
func render(recs []caption.Record, imgs []*metadata.Image, p Plan) []string {
	var out []string
	for _, pr := range p.Pairs {
		out = append(out, fmt.Sprintf("%s <- %d by %s", imgs[pr.Image].Path, recs[pr.Record].Line, pr.By))
	}
	for _, u := range p.UnmatchedRecords {
		out = append(out, fmt.Sprintf("record %d unmatched", recs[u.Index].Line))
	}
	for _, u := range p.UnmatchedImages {
		out = append(out, fmt.Sprintf("image %s unmatched", imgs[u.Index].Path))
	}
	return out
}

func TestMatchContent(t *testing.T) {
	tests := []struct {
		name   string
		recs   func() []caption.Record
		imgs   func() []*metadata.Image
		want   []string          // exact rendered plan lines (order as rendered)
		reason map[string]string // unmatched line or path → substring of its reason
	}{
		{
			name: "all agree, name order is not capture order",
			recs: deskRecords, imgs: deskImages,
			want: []string{
				"desk/AW_1.jpg <- 9 by date+creator", "desk/AW_2.jpg <- 11 by date+creator", "desk/AW_3.jpg <- 13 by date+creator",
				"desk/DSC_0101.jpg <- 1 by date+creator", "desk/DSC_0300.jpg <- 3 by date+creator",
				"desk/DSC_0555.jpg <- 5 by date+creator", "desk/DSC_0907.jpg <- 7 by date+creator",
				"desk/aa.jpg <- 17 by date+creator", "desk/zz.jpg <- 15 by date+creator",
			},
		},
		{
			name: "caption list newest first",
			recs: func() []caption.Record {
				r := deskRecords()
				slices.Reverse(r)
				for i := range r {
					r[i].Line = 1 + 2*i
				}
				return r
			},
			imgs: deskImages,
			// Line 1 is now textD, lines 3 is textC, 5–9 textB, 11–17 textA.
			want: []string{
				"desk/AW_1.jpg <- 5 by date+creator", "desk/AW_2.jpg <- 7 by date+creator", "desk/AW_3.jpg <- 9 by date+creator",
				"desk/DSC_0101.jpg <- 11 by date+creator", "desk/DSC_0300.jpg <- 13 by date+creator",
				"desk/DSC_0555.jpg <- 15 by date+creator", "desk/DSC_0907.jpg <- 17 by date+creator",
				"desk/aa.jpg <- 1 by date+creator", "desk/zz.jpg <- 3 by date+creator",
			},
		},
		{
			name: "one image with a wrong date pairs by creator",
			recs: deskRecords,
			imgs: func() []*metadata.Image {
				ims := deskImages()
				im := findImage(ims, "desk/AW_2.jpg")
				im.EXIF.Date, im.IPTC.Date = at(2016, 12, 18, 14, 1), at(2016, 12, 18, 14, 1)
				return ims
			},
			want: []string{
				"desk/AW_1.jpg <- 9 by date+creator", "desk/AW_2.jpg <- 13 by creator", "desk/AW_3.jpg <- 11 by date+creator",
				"desk/DSC_0101.jpg <- 1 by date+creator", "desk/DSC_0300.jpg <- 3 by date+creator",
				"desk/DSC_0555.jpg <- 5 by date+creator", "desk/DSC_0907.jpg <- 7 by date+creator",
				"desk/aa.jpg <- 17 by date+creator", "desk/zz.jpg <- 15 by date+creator",
			},
		},
		{
			name: "one image by another photographer pairs by date",
			recs: deskRecords,
			imgs: func() []*metadata.Image {
				ims := deskImages()
				im := findImage(ims, "desk/DSC_0555.jpg")
				im.EXIF.Creators, im.IPTC.Creators = []string{"John Doe"}, []string{"John Doe"}
				return ims
			},
			want: []string{
				"desk/AW_1.jpg <- 9 by date+creator", "desk/AW_2.jpg <- 11 by date+creator", "desk/AW_3.jpg <- 13 by date+creator",
				"desk/DSC_0101.jpg <- 1 by date+creator", "desk/DSC_0300.jpg <- 3 by date+creator",
				"desk/DSC_0555.jpg <- 7 by date", "desk/DSC_0907.jpg <- 5 by date+creator",
				"desk/aa.jpg <- 17 by date+creator", "desk/zz.jpg <- 15 by date+creator",
			},
		},
		{
			name: "photographer swapped for one who is in the set",
			recs: deskRecords,
			imgs: func() []*metadata.Image {
				ims := deskImages()
				im := findImage(ims, "desk/DSC_0555.jpg")
				im.EXIF.Creators, im.IPTC.Creators = []string{"Aref Watad"}, []string{"Aref Watad"}
				return ims
			},
			want: []string{
				"desk/AW_1.jpg <- 9 by date+creator", "desk/AW_2.jpg <- 11 by date+creator", "desk/AW_3.jpg <- 13 by date+creator",
				"desk/DSC_0101.jpg <- 1 by date+creator", "desk/DSC_0300.jpg <- 3 by date+creator",
				"desk/DSC_0555.jpg <- 7 by date", "desk/DSC_0907.jpg <- 5 by date+creator",
				"desk/aa.jpg <- 17 by date+creator", "desk/zz.jpg <- 15 by date+creator",
			},
		},
		{
			name: "extra images are unmatched with a reason",
			recs: deskRecords,
			imgs: func() []*metadata.Image {
				return append(deskImages(),
					img("desk/DSC_0999.jpg", atOff(2016, 12, 20, 10, 4, 180), "Mustafa Sultan"),
					img("desk/other.jpg", at(2016, 12, 22, 9, 0), "Someone Else"),
					&metadata.Image{Path: "desk/bare.jpg", Format: "jpeg"},
				)
			},
			want: []string{
				"desk/AW_1.jpg <- 9 by date+creator", "desk/AW_2.jpg <- 11 by date+creator", "desk/AW_3.jpg <- 13 by date+creator",
				"desk/DSC_0101.jpg <- 1 by date+creator", "desk/DSC_0300.jpg <- 3 by date+creator",
				"desk/DSC_0555.jpg <- 5 by date+creator", "desk/DSC_0907.jpg <- 7 by date+creator",
				"desk/aa.jpg <- 17 by date+creator", "desk/zz.jpg <- 15 by date+creator",
				"image desk/DSC_0999.jpg unmatched", "image desk/bare.jpg unmatched", "image desk/other.jpg unmatched",
			},
			reason: map[string]string{
				"desk/DSC_0999.jpg": "more images than captions dated 2016-12-20",
				"desk/bare.jpg":     "no date and no creator",
				"desk/other.jpg":    "no unmatched caption has its date or its creator",
			},
		},
		{
			name: "extra records are unmatched with a reason",
			recs: func() []caption.Record {
				return append(deskRecords(),
					rec(19, textA, 2016, 12, 20, "Anadolu Agency", "Mustafa Sultan"),
					rec(21, "Somewhere else.", 2016, 12, 23, "AP", "Nobody Known"),
					caption.Record{Line: 23, Text: "Undated and uncredited."},
				)
			},
			imgs: deskImages,
			want: []string{
				"desk/AW_1.jpg <- 9 by date+creator", "desk/AW_2.jpg <- 11 by date+creator", "desk/AW_3.jpg <- 13 by date+creator",
				"desk/DSC_0101.jpg <- 1 by date+creator", "desk/DSC_0300.jpg <- 3 by date+creator",
				"desk/DSC_0555.jpg <- 5 by date+creator", "desk/DSC_0907.jpg <- 7 by date+creator",
				"desk/aa.jpg <- 17 by date+creator", "desk/zz.jpg <- 15 by date+creator",
				"record 19 unmatched", "record 21 unmatched", "record 23 unmatched",
			},
			reason: map[string]string{
				"19": "more captions than images dated 2016-12-20 by Mustafa Sultan",
				"21": "no unmatched image dated 2016-12-23 or by Nobody Known",
				"23": "no date and no creator",
			},
		},
		{
			name: "ambiguous leftovers are not guessed",
			recs: func() []caption.Record {
				return []caption.Record{
					rec(1, "First.", 2020, 5, 1, "AP", "Jane Roe"),
					rec(2, "Second.", 2020, 5, 2, "AP", "Jane Roe"),
				}
			},
			imgs: func() []*metadata.Image {
				return []*metadata.Image{
					img("x/1.jpg", at(2020, 6, 1, 10, 0), "Jane Roe"),
					img("x/2.jpg", at(2020, 6, 2, 10, 0), "Jane Roe"),
				}
			},
			want: []string{"record 1 unmatched", "record 2 unmatched", "image x/1.jpg unmatched", "image x/2.jpg unmatched"},
			reason: map[string]string{
				"1":       "2 unmatched images by Jane Roe, none dated 2020-05-01; not guessed",
				"x/1.jpg": "2 unmatched captions by its creator, none with its date; not guessed",
			},
		},
		{
			name: "a burst takes any of its creator's leftovers when no more images than captions",
			recs: func() []caption.Record {
				return []caption.Record{
					rec(1, "Burst.", 2020, 5, 1, "AP", "Jane Roe"),
					rec(2, "Burst.", 2020, 5, 1, "AP", "Jane Roe"),
					rec(3, "Burst.", 2020, 5, 1, "AP", "Jane Roe"),
				}
			},
			imgs: func() []*metadata.Image {
				return []*metadata.Image{
					img("x/b.jpg", at(2020, 5, 3, 10, 1), "Jane Roe"),
					img("x/a.jpg", at(2020, 5, 3, 10, 0), "Jane Roe"),
				}
			},
			want:   []string{"x/a.jpg <- 1 by creator", "x/b.jpg <- 2 by creator", "record 3 unmatched"},
			reason: map[string]string{"3": "more captions than images: 3 identical captions, 2 matched"},
		},
		{
			name: "leftovers of one day are not forced together",
			recs: func() []caption.Record {
				return []caption.Record{
					rec(1, "Morning.", 2020, 5, 1, "AP", "Pat Smith"),
					rec(2, "Evening.", 2020, 5, 1, "AP", "Quinn Jones"),
				}
			},
			imgs: func() []*metadata.Image {
				return []*metadata.Image{
					img("x/late.jpg", at(2020, 5, 1, 20, 0), "R. Brown"),
					img("x/early.jpg", at(2020, 5, 1, 8, 0), "S. Green"),
				}
			},
			// Every creator disagrees: pairing by order would put a caption
			// on a picture by someone else, with nothing to say which.
			want: []string{"record 1 unmatched", "record 2 unmatched", "image x/early.jpg unmatched", "image x/late.jpg unmatched"},
			reason: map[string]string{
				"1":           "2 unmatched images dated 2020-05-01, none by Pat Smith: either the caption names the wrong photographer or its picture is not in the folder",
				"x/early.jpg": "2 unmatched captions dated 2020-05-01 (lines 1 (Pat Smith) and 2 (Quinn Jones)), none by its creator: either a caption names the wrong photographer or this picture has no caption in the file",
			},
		},
		{
			name: "unknown year matches on month and day across the new year",
			recs: func() []caption.Record {
				return []caption.Record{
					rec(1, "New year's day.", 0, 1, 1, "AP", "Jane Roe"),
					rec(2, "New year's eve.", 0, 12, 31, "AP", "Jane Roe"),
				}
			},
			imgs: func() []*metadata.Image {
				return []*metadata.Image{
					img("x/eve.jpg", at(2016, 12, 31, 23, 0), "Jane Roe"),
					img("x/day.jpg", at(2017, 1, 1, 0, 30), "Jane Roe"),
				}
			},
			want: []string{"x/day.jpg <- 1 by date+creator", "x/eve.jpg <- 2 by date+creator"},
		},
		{
			name: "a caption without a date pairs by its creator",
			recs: func() []caption.Record {
				return []caption.Record{{Line: 1, Text: "Undated.", Creators: []string{"Jane Roe"}, Agency: "AP"}}
			},
			imgs: func() []*metadata.Image {
				return []*metadata.Image{img("x/1.jpg", at(2020, 5, 1, 8, 0), "Jane Roe")}
			},
			want: []string{"x/1.jpg <- 1 by creator"},
		},
		{
			name: "a nil image is never paired",
			recs: func() []caption.Record { return []caption.Record{rec(1, "A.", 2020, 5, 1, "AP", "Jane Roe")} },
			imgs: func() []*metadata.Image {
				return []*metadata.Image{nil, img("x/1.jpg", at(2020, 5, 1, 8, 0), "Jane Roe")}
			},
			want: []string{"x/1.jpg <- 1 by date+creator"},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			recs, imgs := tc.recs(), tc.imgs()
			p, err := Match(recs, imgs, StrategyAuto)
			if err != nil {
				t.Fatalf("Match: %v", err)
			}
			got := renderNil(recs, imgs, p)
			if !slices.Equal(got, tc.want) {
				t.Errorf("plan:\n got  %s\n want %s", strings.Join(got, "\n      "), strings.Join(tc.want, "\n      "))
			}
			for _, u := range p.UnmatchedRecords {
				key := fmt.Sprint(recs[u.Index].Line)
				if w, ok := tc.reason[key]; ok && !strings.Contains(u.Reason, w) {
					t.Errorf("record %s reason %q, want it to say %q", key, u.Reason, w)
				}
				if u.Reason == "" {
					t.Errorf("record %s unmatched without a reason", key)
				}
			}
			for _, u := range p.UnmatchedImages {
				key := imgs[u.Index].Path
				if w, ok := tc.reason[key]; ok && !strings.Contains(u.Reason, w) {
					t.Errorf("image %s reason %q, want it to say %q", key, u.Reason, w)
				}
				if u.Reason == "" {
					t.Errorf("image %s unmatched without a reason", key)
				}
			}
			// Pairs made by full agreement always join an image with its
			// own caption text in the desk scenarios.
			for _, pr := range p.Pairs {
				if g, ok := group[imgs[pr.Image].Path]; ok && pr.By == ByDateCreator && recs[pr.Record].Text != g {
					t.Errorf("%s got caption %q", imgs[pr.Image].Path, recs[pr.Record].Text)
				}
			}
		})
	}
}

// renderNil is render for slices that may hold nil images (never paired,
// never listed: a nil has no path).
func renderNil(recs []caption.Record, imgs []*metadata.Image, p Plan) []string {
	for _, u := range p.UnmatchedImages {
		if imgs[u.Index] == nil {
			imgs[u.Index] = &metadata.Image{Path: "<nil>"}
		}
	}
	out := render(recs, imgs, p)
	return slices.DeleteFunc(out, func(s string) bool { return s == "image <nil> unmatched" })
}

func TestMatchDeterministic(t *testing.T) {
	recs := append(deskRecords(),
		rec(19, textA, 2016, 12, 20, "Anadolu Agency", "Mustafa Sultan"),
		rec(21, "Other day.", 2016, 12, 22, "AP", "Jane Roe"),
		rec(23, "Other day too.", 2016, 12, 22, "AP", "John Roe"),
	)
	imgs := append(deskImages(),
		img("desk/j1.jpg", at(2016, 12, 22, 9, 0), "X Y"),
		img("desk/j2.jpg", at(2016, 12, 22, 9, 0), "Z W"),
		img("desk/e.jpg", at(2016, 12, 20, 9, 0), "Q"),
	)
	canon := func(recs []caption.Record, imgs []*metadata.Image) string {
		p, err := Match(recs, imgs, StrategyAuto)
		if err != nil {
			t.Fatal(err)
		}
		lines := render(recs, imgs, p)
		for i, u := range p.UnmatchedRecords {
			lines = append(lines, fmt.Sprintf("reason r%d %s", i, u.Reason))
		}
		for i, u := range p.UnmatchedImages {
			lines = append(lines, fmt.Sprintf("reason i%d %s", i, u.Reason))
		}
		return strings.Join(lines, "\n")
	}
	want := canon(recs, imgs)
	rng := rand.New(rand.NewPCG(1, 2))
	for n := 0; n < 20; n++ {
		r := slices.Clone(recs)
		im := slices.Clone(imgs)
		rng.Shuffle(len(r), func(i, j int) { r[i], r[j] = r[j], r[i] })
		rng.Shuffle(len(im), func(i, j int) { im[i], im[j] = im[j], im[i] })
		if got := canon(r, im); got != want {
			t.Fatalf("shuffle %d changed the plan:\n%s\nwant\n%s", n, got, want)
		}
	}
}

func TestMatchName(t *testing.T) {
	imgs := []*metadata.Image{
		{Path: "d/IMG_1.jpg"}, {Path: "d/IMG_1.CR2"}, {Path: "d/IMG_2.JPG"}, {Path: "d/IMG_3.jpg"},
		{Path: "d/a/IMG_4.jpg"}, {Path: "d/b/IMG_4.jpg"}, {Path: "d/unnamed.jpg"},
	}
	recs := []caption.Record{
		{Line: 1, File: "IMG_1"},       // two files: reported
		{Line: 2, File: "IMG_1.jpg"},   // full name picks the JPEG
		{Line: 3, File: "img_2"},       // case-insensitive stem
		{Line: 4, File: "IMG_3.tif"},   // extension optional: stem
		{Line: 5, File: "IMG_3.jpg"},   // names line 4's image too: neither is used
		{Line: 6, File: "missing.jpg"}, // nothing
		{Line: 7, File: "b/IMG_4.jpg"}, // folder narrows
	}
	for _, s := range []Strategy{StrategyName, StrategyAuto} {
		t.Run(string(s), func(t *testing.T) {
			p, err := Match(recs, imgs, s)
			if err != nil {
				t.Fatal(err)
			}
			got := render(recs, imgs, p)
			want := []string{
				"d/IMG_1.jpg <- 2 by name", "d/IMG_2.JPG <- 3 by name", "d/b/IMG_4.jpg <- 7 by name",
				"record 1 unmatched", "record 4 unmatched", "record 5 unmatched", "record 6 unmatched",
				"image d/IMG_1.CR2 unmatched", "image d/IMG_3.jpg unmatched", "image d/a/IMG_4.jpg unmatched", "image d/unnamed.jpg unmatched",
			}
			if !slices.Equal(got, want) {
				t.Errorf("plan:\n got  %s\n want %s", strings.Join(got, "\n      "), strings.Join(want, "\n      "))
			}
			reasons := map[int]string{}
			for _, u := range p.UnmatchedRecords {
				reasons[recs[u.Index].Line] = u.Reason
			}
			for line, w := range map[int]string{
				1: `"IMG_1" names 2 images: d/IMG_1.CR2, d/IMG_1.jpg`,
				5: "caption lines 4 and 5 both name d/IMG_3.jpg (a caption sent again?); neither is used",
				6: `no image is named "missing.jpg"`,
			} {
				if reasons[line] != w {
					t.Errorf("record %d reason %q, want %q", line, reasons[line], w)
				}
			}
			for _, u := range p.UnmatchedImages {
				if imgs[u.Index].Path == "d/IMG_1.CR2" && !strings.Contains(u.Reason, "line 1 names 2 images") {
					t.Errorf("IMG_1.CR2 reason %q, want it to name the caption at line 1", u.Reason)
				}
			}
		})
	}
}

func TestMatchStrategyErrors(t *testing.T) {
	imgs := []*metadata.Image{img("a.jpg", at(2020, 1, 1, 0, 0), "X"), img("b.jpg", at(2020, 1, 1, 0, 1), "X")}
	tests := []struct {
		name string
		recs []caption.Record
		s    Strategy
		want string
	}{
		{"name without a file", []caption.Record{{Line: 1, File: "a.jpg"}, {Line: 4}}, StrategyName,
			"check: strategy name expected a file name in every caption, found none in the caption at line 4"},
		{"order with fewer captions", []caption.Record{{Line: 1}}, StrategyOrder,
			"check: strategy order expected as many captions as images, found 1 captions and 2 images"},
		{"unknown strategy", nil, Strategy("best"), `check: strategy best expected auto, name or order, found "best"`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Match(tc.recs, imgs, tc.s)
			var me *MatchError
			if !errors.As(err, &me) || err.Error() != tc.want {
				t.Errorf("err = %v, want %s", err, tc.want)
			}
		})
	}
}

func TestMatchOrder(t *testing.T) {
	imgs := []*metadata.Image{
		img("c.jpg", at(2020, 1, 1, 10, 0), "X"),
		img("b.jpg", at(2020, 1, 1, 9, 0), "X"),
		img("a.jpg", at(2020, 1, 1, 10, 0), "X"), // same time as c: path decides
		{Path: "0-undated.jpg"},                  // undated images come last
	}
	recs := []caption.Record{{Line: 30}, {Line: 10}, {Line: 20}, {Line: 40}}
	p, err := Match(recs, imgs, StrategyOrder)
	if err != nil {
		t.Fatal(err)
	}
	got := render(recs, imgs, p)
	want := []string{"0-undated.jpg <- 40 by order", "a.jpg <- 20 by order", "b.jpg <- 10 by order", "c.jpg <- 30 by order"}
	if !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}

// TestMatchOrderDirection: --by order reads a caption file that runs
// newest first (detected from its dates, or given) from its end.
func TestMatchOrderDirection(t *testing.T) {
	imgs := []*metadata.Image{img("a.jpg", at(2020, 1, 1, 10, 0), "X"), img("b.jpg", at(2020, 1, 2, 10, 0), "X")}
	recs := []caption.Record{rec(1, "Newer.", 2020, 1, 2, "AP", "X"), rec(3, "Older.", 2020, 1, 1, "AP", "X")}
	for _, opt := range []MatchOptions{{}, {CaptionOrder: DirNewestFirst}} {
		p, err := MatchWith(recs, imgs, StrategyOrder, opt)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := render(recs, imgs, p), []string{"a.jpg <- 3 by order", "b.jpg <- 1 by order"}; !slices.Equal(got, want) {
			t.Errorf("%+v: got %q, want %q", opt, got, want)
		}
	}
	p, _ := MatchWith(recs, imgs, StrategyOrder, MatchOptions{CaptionOrder: DirOldestFirst})
	if got, want := render(recs, imgs, p), []string{"a.jpg <- 1 by order", "b.jpg <- 3 by order"}; !slices.Equal(got, want) {
		t.Errorf("oldest-first given: got %q, want %q", got, want)
	}
}

func TestParseStrategy(t *testing.T) {
	for in, want := range map[string]Strategy{"": StrategyAuto, "auto": StrategyAuto, "NAME": StrategyName, " order ": StrategyOrder} {
		if got, err := ParseStrategy(in); err != nil || got != want {
			t.Errorf("ParseStrategy(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	if _, err := ParseStrategy("date"); err == nil || err.Error() != `check: expected a matching strategy auto, name or order, found "date"` {
		t.Errorf("ParseStrategy(date) error = %v", err)
	}
}

// benchDesk builds n records and n images in bursts of five, one burst a
// day, by 47 photographers, with every 100th image's date moved out of
// range and every 150th image's photographer changed; the captions are
// listed newest first.
func benchDesk(n int) ([]caption.Record, []*metadata.Image) {
	recs := make([]caption.Record, n)
	imgs := make([]*metadata.Image, n)
	for i := 0; i < n; i++ {
		g := i / 5
		y, m, d := 2020+g/336, 1+(g%336)/28, 1+g%28
		who := fmt.Sprintf("Photographer %d", g%47)
		recs[n-1-i] = caption.Record{Line: 1 + 2*(n-1-i), Text: fmt.Sprintf("Caption of group %d.", g),
			Date: date.DayOf(y, m, d), Creators: []string{who}, Agency: "AP"}
		im := img(fmt.Sprintf("dir/IMG_%05d.jpg", (i*7919)%n), at(y, m, d, 8+i%5, g%60), who)
		if i%100 == 0 {
			im.EXIF.Date, im.IPTC.Date = at(2019, 3, 3, 3, 3), at(2019, 3, 3, 3, 3)
		}
		if i%150 == 0 {
			im.EXIF.Creators, im.IPTC.Creators = []string{"Someone Else"}, []string{"Someone Else"}
		}
		imgs[i] = im
	}
	return recs, imgs
}

func TestMatchLarge(t *testing.T) {
	recs, imgs := benchDesk(2000)
	p, err := Match(recs, imgs, StrategyAuto)
	if err != nil {
		t.Fatal(err)
	}
	by := map[Method]int{}
	for _, pr := range p.Pairs {
		by[pr.By]++
		r, im := recs[pr.Record], imgs[pr.Image]
		sameWho := r.Creators[0] == im.EXIF.Creators[0]
		sameDay := r.Date.Year == im.EXIF.Date.Year && r.Date.Month == im.EXIF.Date.Month && r.Date.Day == im.EXIF.Date.Day
		if pr.By == ByDateCreator && !(sameWho && sameDay) || pr.By == ByCreator && !sameWho || pr.By == ByDate && !sameDay {
			t.Fatalf("pair %+v does not agree as it says: %+v / %+v", pr, r, *im.EXIF)
		}
	}
	if len(p.Pairs)+len(p.UnmatchedImages) != len(imgs) || len(p.Pairs)+len(p.UnmatchedRecords) != len(recs) {
		t.Fatalf("pairs and unmatched do not add up: %d pairs, %d/%d unmatched", len(p.Pairs), len(p.UnmatchedRecords), len(p.UnmatchedImages))
	}
	var moved, changed, both int
	for i := 0; i < len(imgs); i++ {
		switch {
		case i%300 == 0:
			both++
		case i%100 == 0:
			moved++
		case i%150 == 0:
			changed++
		}
	}
	if want := len(imgs) - moved - changed - both; by[ByDateCreator] != want {
		t.Errorf("date+creator pairs = %d, want %d (all: %v)", by[ByDateCreator], want, by)
	}
	// One burst a day: a changed photographer is always clear by date.
	if by[ByDate] != changed {
		t.Errorf("date pairs = %d, want %d", by[ByDate], changed)
	}
	// A moved date pairs by creator unless another moved image of the
	// same photographer makes it ambiguous; then both stay unmatched.
	if by[ByCreator]+len(p.UnmatchedRecords) != moved+both || by[ByCreator] == 0 {
		t.Errorf("creator pairs %d + unmatched records %d, want %d with some creator pairs", by[ByCreator], len(p.UnmatchedRecords), moved+both)
	}
	if !sort.SliceIsSorted(p.Pairs, func(a, b int) bool { return imgs[p.Pairs[a].Image].Path < imgs[p.Pairs[b].Image].Path }) {
		t.Error("pairs are not sorted by image path")
	}
}

func BenchmarkMatch10k(b *testing.B) {
	recs, imgs := benchDesk(10000)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := Match(recs, imgs, StrategyAuto); err != nil {
			b.Fatal(err)
		}
	}
}
