package check

import (
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/captag/captag/metadata"
	"github.com/captag/captag/metadata/caption"
)

// cardCaptions is the agency's list for a photographer's card: eight
// different captions of one photographer on one day, newest first (the
// k-th caption is of the frame taken at cardTimes[7-k]). The texts follow
// the sample's Anadolu Agency captions (testdata/aleppo-2016-captions.txt)
// with the scene changed per frame.
var cardTimes = [8][2]int{{9, 12}, {9, 41}, {9, 52}, {10, 4}, {10, 15}, {10, 30}, {10, 44}, {11, 48}}

func cardCaptions() []caption.Record {
	recs := make([]caption.Record, 8)
	for k := range recs {
		hm := cardTimes[7-k]
		text := fmt.Sprintf("ALEPPO, SYRIA - DECEMBER 19: Civilians evacuated from East Aleppo at %02d:%02d arrive at Rashedeen town of Aleppo, Syria on December 19, 2016. ( Aref Watad - Anadolu Agency )", hm[0], hm[1])
		recs[k] = rec(1+2*k, text, 2016, 12, 19, "Anadolu Agency", "Aref Watad")
	}
	return recs
}

// cardImages are the eight frames, no caption in them, named so that name
// order is not capture order.
func cardImages() []*metadata.Image {
	imgs := make([]*metadata.Image, 8)
	for k, hm := range cardTimes {
		imgs[k] = img(fmt.Sprintf("card/DSC_%04d.jpg", 900-k*37), atOff(2016, 12, 19, hm[0], hm[1], 180), "Aref Watad")
	}
	return imgs
}

// TestCardOrder is issue 10's card: eight frames by one photographer on
// one day and the agency's list for them, newest first, eight different
// captions, no caption text in the frames. Told the list runs newest
// first, every frame gets its own caption, by order among 8; told nothing,
// the list (one day, no times) cannot say which way it runs and nothing is
// paired, each caption and frame saying why; for check (SameVerdict) the
// frames are paired anyway, the direction said to be unknown.
func TestCardOrder(t *testing.T) {
	recs, imgs := cardCaptions(), cardImages()
	own := func(pr Pair) bool {
		d := imgs[pr.Image].EXIF.Date
		return strings.Contains(recs[pr.Record].Text, fmt.Sprintf(" at %02d:%02d ", d.Hour, d.Minute))
	}

	p, err := MatchWith(recs, imgs, StrategyAuto, MatchOptions{CaptionOrder: DirNewestFirst})
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Pairs) != 8 || !p.CaptionOrderGiven || p.CaptionOrder != DirNewestFirst {
		t.Fatalf("newest-first: %d pairs, order %q given=%v; want 8, newest-first given", len(p.Pairs), p.CaptionOrder, p.CaptionOrderGiven)
	}
	for _, pr := range p.Pairs {
		if !own(pr) {
			t.Errorf("%s got the caption at line %d, not its own", imgs[pr.Image].Path, recs[pr.Record].Line)
		}
		g := pr.Group
		if pr.By != ByOrder || g == nil || g.By != ByDateCreator || g.Captions != 8 || g.Images != 8 || g.Texts != 8 || g.Label() != "Aref Watad, 2016-12-19" {
			t.Errorf("%s: by %s, group %+v; want order among 8 (Aref Watad, 2016-12-19)", imgs[pr.Image].Path, pr.By, g)
		}
	}

	p, err = Match(recs, imgs, StrategyAuto)
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Pairs) != 0 || len(p.UnmatchedRecords) != 8 || len(p.UnmatchedImages) != 8 || p.CaptionOrder != DirUnknown {
		t.Fatalf("no flag: %d pairs, %d/%d unmatched, order %q; want nothing paired, direction unknown", len(p.Pairs), len(p.UnmatchedRecords), len(p.UnmatchedImages), p.CaptionOrder)
	}
	const why = "8 different captions fit 8 images (Aref Watad, 2016-12-19) and the caption file's order is unknown (its captions are all of one day and carry no time)"
	for _, u := range append(p.UnmatchedRecords, p.UnmatchedImages...) {
		if u.Reason != why || u.Code != ReasonOrderUnknown {
			t.Errorf("reason %q (code %d), want %q (ReasonOrderUnknown)", u.Reason, u.Code, why)
		}
	}

	p, err = MatchWith(recs, imgs, StrategyAuto, MatchOptions{SameVerdict: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Pairs) != 8 {
		t.Fatalf("same verdict: %d pairs, want 8", len(p.Pairs))
	}
	for _, pr := range p.Pairs {
		if pr.Group == nil || pr.Group.Direction != DirUnknown || !pr.Group.SameVerdict {
			t.Errorf("%s: group %+v, want the direction unknown and the verdict the same", imgs[pr.Image].Path, pr.Group)
		}
	}

	// The card with two more frames than captions (the agency sent a
	// selection): even told the direction, order cannot say which frame
	// each caption is, and nothing is paired.
	more := append(cardImages(), img("card/DSC_0999.jpg", atOff(2016, 12, 19, 12, 0, 180), "Aref Watad"), img("card/DSC_0998.jpg", atOff(2016, 12, 19, 12, 5, 180), "Aref Watad"))
	p, _ = MatchWith(recs, more, StrategyAuto, MatchOptions{CaptionOrder: DirNewestFirst})
	if len(p.Pairs) != 0 || len(p.UnmatchedImages) != 10 || !strings.Contains(p.UnmatchedImages[0].Reason, "with more images than captions, order cannot tell which is which") {
		t.Errorf("10 frames, 8 captions: %d pairs, unmatched %+v; want none paired, with the reason", len(p.Pairs), p.UnmatchedImages)
	}

	// A caption that credits another agency: the verdict depends on which
	// image gets it, so check does not pair the group either.
	recs[3].Agency = "AFP"
	p, _ = MatchWith(recs, imgs, StrategyAuto, MatchOptions{SameVerdict: true})
	if len(p.Pairs) != 0 {
		t.Errorf("a group whose captions differ in credit was paired by order for check: %d pairs", len(p.Pairs))
	}
}

// TestBurstNotAmbiguous: identical captions (a burst) are interchangeable:
// paired by date and creator, never an order group.
func TestBurstNotAmbiguous(t *testing.T) {
	recs := deskRecords()
	p, err := MatchWith(recs, deskImages(), StrategyAuto, MatchOptions{CaptionOrder: DirUnknown})
	if err != nil {
		t.Fatal(err)
	}
	for _, pr := range p.Pairs {
		if pr.By != ByDateCreator || pr.Group != nil {
			t.Errorf("pair %+v, want date+creator without a group", pr)
		}
	}
	if len(p.Pairs) != 9 {
		t.Errorf("%d pairs, want 9", len(p.Pairs))
	}
}

func TestDetectDirection(t *testing.T) {
	day := func(line, m, d int) caption.Record { return rec(line, "x", 2016, m, d, "AA", "X") }
	tests := []struct {
		name string
		recs []caption.Record
		want Direction
		why  string
	}{
		{"wire list, newest first", []caption.Record{day(1, 12, 20), day(3, 12, 20), day(5, 12, 19), day(7, 12, 18)}, DirNewestFirst,
			"its dates run from newest to oldest: 2 changes of day, none forward"},
		{"photographer's list, oldest first", []caption.Record{day(1, 12, 18), day(3, 12, 19)}, DirOldestFirst,
			"its dates run from oldest to newest: 1 change of day, none back"},
		{"file order is by line, not by slice", []caption.Record{day(5, 12, 18), day(1, 12, 20), day(3, 12, 19)}, DirNewestFirst, ""},
		{"mixed", []caption.Record{day(1, 12, 20), day(3, 12, 19), day(5, 12, 21)}, DirUnknown,
			"its dates go both ways: 1 changes of day back, 1 forward"},
		{"one day", []caption.Record{day(1, 12, 19), day(3, 12, 19)}, DirUnknown, "its captions are all of one day and carry no time"},
		{"no dates", []caption.Record{{Line: 1, Text: "x"}}, DirUnknown, "its captions carry no date"},
		{"across the new year", []caption.Record{rec(1, "x", 2017, 1, 1, "", ""), rec(3, "x", 2016, 12, 31, "", "")}, DirNewestFirst, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			order := make([]int, len(tc.recs))
			for i := range order {
				order[i] = i
			}
			sortByLine(tc.recs, order)
			got, why := detectDirection(tc.recs, order)
			if got != tc.want || tc.why != "" && why != tc.why {
				t.Errorf("detectDirection = %q, %q; want %q, %q", got, why, tc.want, tc.why)
			}
		})
	}
}

// TestSampleOrderGroups: on the sample (16 captions, newest first, no text
// in the images) the direction is detected and the pairs chosen by order
// say among how many: Aref Watad's eight captions of December 19 (three
// different texts) and Jawad Al Rifai's three (two texts).
func TestSampleOrderGroups(t *testing.T) {
	f, err := os.Open(sampleCaptions)
	if err != nil {
		t.Skipf("sample captions not available (%v); they ship in testdata/", err)
	}
	recs, err := caption.Parse(f, caption.Options{Name: sampleCaptions})
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	p, err := Match(recs, sampleImages(recs, false), StrategyAuto)
	if err != nil {
		t.Fatal(err)
	}
	if p.CaptionOrder != DirNewestFirst || p.CaptionOrderGiven {
		t.Errorf("caption order %q (given %v), want newest-first detected", p.CaptionOrder, p.CaptionOrderGiven)
	}
	groups := map[string]int{}
	for _, pr := range p.Pairs {
		if pr.Group != nil {
			groups[fmt.Sprintf("%s: %d captions, %d texts, %d images", pr.Group.Label(), pr.Group.Captions, pr.Group.Texts, pr.Group.Images)]++
		}
	}
	want := map[string]int{
		"Aref Watad, 2016-12-19: 8 captions, 3 texts, 8 images":     8,
		"Jawad Al Rifai, 2016-12-19: 3 captions, 2 texts, 3 images": 3,
	}
	if fmt.Sprint(groups) != fmt.Sprint(want) {
		t.Errorf("order groups %v, want %v", groups, want)
	}
}

// TestPictures: the files of one picture (one stem, one capture time) take
// one caption, and each file has its pair; a stem shared by two pictures
// taken at different times is two pictures.
func TestPictures(t *testing.T) {
	recs := []caption.Record{
		rec(1, "RAW+JPEG frame.", 2020, 5, 1, "AP", "Jane Roe"),
		rec(3, "Live Photo.", 2020, 5, 2, "AP", "Jane Roe"),
		rec(5, "Morning frame.", 2020, 5, 3, "AP", "Jane Roe"),
		rec(7, "Evening frame.", 2020, 5, 3, "AP", "John Doe"),
	}
	cr2 := img("d/IMG_0001.CR2", at(2020, 5, 1, 9, 0), "Jane Roe")
	cr2.IPTC = nil // the camera's raw file: EXIF only
	imgs := []*metadata.Image{
		cr2,
		img("d/IMG_0001.JPG", at(2020, 5, 1, 9, 0), "Jane Roe"),
		img("d/IMG_0002.HEIC", at(2020, 5, 2, 9, 0), "Jane Roe"),
		img("d/IMG_0002.MOV", at(2020, 5, 2, 9, 0), "Jane Roe"),
		img("d/IMG_0003.JPG", at(2020, 5, 3, 9, 0), "Jane Roe"),
		img("d/IMG_0003.TIF", at(2020, 5, 3, 18, 0), "John Doe"), // same stem, another picture
	}
	want := []string{
		"d/IMG_0001.CR2 <- 1 by date+creator", "d/IMG_0001.JPG <- 1 by date+creator",
		"d/IMG_0002.HEIC <- 3 by date+creator", "d/IMG_0002.MOV <- 3 by date+creator",
		"d/IMG_0003.JPG <- 5 by date+creator", "d/IMG_0003.TIF <- 7 by date+creator",
	}
	p, err := Match(recs, imgs, StrategyAuto)
	if err != nil {
		t.Fatal(err)
	}
	if got := render(recs, imgs, p); !slices.Equal(got, want) {
		t.Errorf("plan:\n got  %q\n want %q", got, want)
	}
	keys := make([]Key, len(imgs))
	for i, im := range imgs {
		keys[i] = KeyOf(im)
	}
	if !SamePicture(&keys[0], &keys[1]) || !SamePicture(&keys[2], &keys[3]) || SamePicture(&keys[4], &keys[5]) {
		t.Error("SamePicture does not tell the pictures apart")
	}
	// By name, a caption that names the stem takes both files of the
	// picture; one that names one file, that file and its twin.
	named := []caption.Record{{Line: 1, File: "IMG_0001", Text: "A."}, {Line: 2, File: "IMG_0002.HEIC", Text: "B."}}
	p, err = Match(named, imgs[:4], StrategyName)
	if err != nil {
		t.Fatal(err)
	}
	want = []string{"d/IMG_0001.CR2 <- 1 by name", "d/IMG_0001.JPG <- 1 by name", "d/IMG_0002.HEIC <- 2 by name", "d/IMG_0002.MOV <- 2 by name"}
	if got := render(named, imgs[:4], p); !slices.Equal(got, want) {
		t.Errorf("by name:\n got  %q\n want %q", got, want)
	}
}
