package check

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/captag/captag/metadata"
	"github.com/captag/captag/metadata/caption"
	"github.com/captag/captag/metadata/date"
	"github.com/captag/captag/metadata/names"
)

// Real-world values for issue 9's items, each with its source:
//
//   - The California evening: EXIF 2020-07-21T23:35:40-07:00 beside IIM
//     2020-07-22 06:20:12+00:00 for a picture captioned July 21 (issue 9,
//     "Store dates stamped in UTC").
//   - Reuters: the credit "REUTERS/Andrea Comas" (Reuters Handbook of
//     Journalism excerpt, http://orloffawards.prophotographywa.com.au/writing-captions)
//     with IIM Source "X90024" or
//     "RTR", Reuters' codes (issue 9, "Source codes").
//   - Getty partners: "(Photo by Jane Photographer/NHLI via Getty Images)"
//     (NHLI Caption Guide, https://docslib.org/doc/7356986/nhli-caption-guide-editorial-caption-style-guide-for-hockey)
//     with Credit "Getty Images" and Source "Getty Images North America",
//     and "Name/Getty Images for Tommy Hilfiger" against Credit "Getty
//     Images" (issue 9, "Chains and sponsors").
//   - AP chains: "(Kay Nietfeld/dpa via AP)", "(AP Photo/Hiro Komae, Pool)"
//     (guardian/grid SupplierProcessorsTest.scala);
//     "REUTERS/Bundesregierung/Guido Bergmann/Pool" (Reuters Photographers'
//     Blog, http://blogs.reuters.com/photographers-blog/tag/germany/page/2/).
//   - Transliteration: "Büttner" = "Buettner" (issue 9); ä ö ü ø å as ae oe
//     ue oe aa is the machine-readable-passport transliteration (ICAO Doc
//     9303 Part 3), which ASCII-only EXIF Artist fields follow.

func worldImage(d date.Date, creator, credit, source string) *metadata.Image {
	return &metadata.Image{
		Path:   "wire/IMG.jpg",
		Format: "jpeg",
		EXIF:   &metadata.Store{Kind: metadata.StoreEXIF, Date: d, Creators: []string{creator}},
		IPTC:   &metadata.Store{Kind: metadata.StoreIPTC, Date: d, Creators: []string{creator}, Credit: credit, Source: source},
	}
}

func worldRecord(y, m, d int, creator string, agencies ...string) caption.Record {
	r := caption.Record{Line: 1, Text: "x", Date: date.DayOf(y, m, d), Creators: []string{creator}, Agencies: agencies}
	if len(agencies) > 0 {
		r.Agency = agencies[0]
	}
	return r
}

// secs is a store date to the second with an offset in minutes.
func secs(y, mo, d, h, mi, s, off int) date.Date {
	t := atOff(y, mo, d, h, mi, off)
	t.Second = s
	return t
}

type worldCase struct {
	name string
	rec  caption.Record
	img  *metadata.Image
	opt  Options
	want []string // "severity field store: message substring"; none means no finding
}

func runWorld(t *testing.T, tests []worldCase) {
	t.Helper()
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := Compare(tc.rec, tc.img, ByDateCreator, tc.opt)
			if len(got) != len(tc.want) {
				var lines []string
				for _, f := range got {
					lines = append(lines, string(f.Severity)+" "+string(f.Field)+" "+string(f.Store)+": "+f.Message)
				}
				t.Fatalf("%d findings, want %d:\n%s", len(got), len(tc.want), strings.Join(lines, "\n"))
			}
			for i, w := range tc.want {
				head, sub, _ := strings.Cut(w, ": ")
				f := got[i]
				if h := string(f.Severity) + " " + string(f.Field) + " " + string(f.Store); h != head {
					t.Errorf("finding %d is %q, want %q (%s)", i, h, head, f.Message)
				}
				if !strings.Contains(f.Message, sub) {
					t.Errorf("finding %d message %q, want it to contain %q", i, f.Message, sub)
				}
			}
		})
	}
}

func TestCompareCreditChains(t *testing.T) {
	july21 := secs(2020, 7, 21, 23, 35, 40, -420)
	getty := func(credit, source, copyright string) *metadata.Image {
		im := worldImage(july21, "Jane Photographer", credit, source)
		im.XMP = &metadata.Store{Kind: metadata.StoreXMP, Credit: credit, Source: source, Copyright: copyright}
		return im
	}
	runWorld(t, []worldCase{
		{name: "Reuters code X90024 in Source",
			rec: worldRecord(2020, 7, 21, "Andrea Comas", "Reuters"), img: worldImage(july21, "Andrea Comas", "REUTERS", "X90024")},
		{name: "Reuters code RTR in Source",
			rec: worldRecord(2020, 7, 21, "Andrea Comas", "Reuters"), img: worldImage(july21, "Andrea Comas", "Reuters", "RTR")},
		{name: "NHLI via Getty Images, Credit Getty Images, Source Getty Images North America",
			rec: worldRecord(2020, 7, 21, "Jane Photographer", "NHLI", "Getty Images"), img: getty("Getty Images", "Getty Images North America", "2020 NHLI")},
		{name: "the store's chain: NHLI via Getty Images",
			rec: worldRecord(2020, 7, 21, "Jane Photographer", "Getty Images"), img: getty("NHLI via Getty Images", "Getty Images", "2020 Getty Images")},
		{name: "Getty Images for a client: the client is no agency",
			rec: worldRecord(2020, 7, 21, "Jane Photographer", "Getty Images"), img: getty("Getty Images for Tommy Hilfiger", "Getty Images Europe", "2020 Getty Images")},
		{name: "dpa via AP: either agency in Credit",
			rec: worldRecord(2020, 7, 21, "Kay Nietfeld", "dpa", "AP"), img: worldImage(july21, "Kay Nietfeld", "dpa", "AP")},
		{name: "Reuters pool chain in Credit",
			rec: worldRecord(2020, 7, 21, "Guido Bergmann", "Reuters"), img: worldImage(july21, "Guido Bergmann", "REUTERS/Bundesregierung/Guido Bergmann/Pool", "Reuters")},
		{name: "Pool alone is no agency: a warning, not an error",
			rec: worldRecord(2020, 7, 21, "Hiro Komae", "AP"), img: worldImage(july21, "Hiro Komae", "POOL", "AP"),
			want: []string{"warning credit iptc: IIM Credit says POOL, which names no agency"}},
		{name: "another agency's code in Source is a warning that says whose",
			rec: worldRecord(2020, 7, 21, "Matt Dunham", "AP"), img: worldImage(july21, "Matt Dunham", "AP", "X90024"),
			want: []string{"warning credit iptc: IIM Source says X90024, a code of Reuters"}},
		{name: "a photographer's name in Source stays a warning",
			rec: worldRecord(2020, 7, 21, "Andrea Comas", "Reuters"), img: worldImage(july21, "Andrea Comas", "REUTERS", "Andrea Comas"),
			want: []string{"warning credit iptc: caption credits Reuters; IIM Source says Andrea Comas"}},
		{name: "another agency in Credit and Source is one error",
			rec: worldRecord(2020, 7, 21, "Andrea Comas", "Reuters"), img: worldImage(july21, "Andrea Comas", "AFP", "AFP"),
			want: []string{"error credit iptc: caption credits Reuters; IIM Credit and IIM Source name AFP"}},
	})
}

func TestCompareNotChecked(t *testing.T) {
	d := secs(2016, 12, 19, 14, 5, 0, 180)
	im := func() *metadata.Image { return worldImage(d, "Aref Watad", "Anadolu Agency", "AA") }
	withProblem := func(r caption.Record, code caption.ProblemCode) caption.Record {
		r.Problems = []caption.Problem{{Severity: metadata.SeverityWarning, Code: code, Message: "parser: " + string(code)}}
		return r
	}
	noDate := withProblem(worldRecord(0, 0, 0, "Aref Watad", "Anadolu Agency"), caption.ProblemNoDate)
	undated := worldRecord(0, 0, 0, "Aref Watad", "Anadolu Agency")
	undated.Undated = true
	undatedWithDate := worldRecord(2016, 12, 18, "Aref Watad", "Anadolu Agency")
	undatedWithDate.Undated = true
	noCreator := withProblem(worldRecord(2016, 12, 19, "", "Anadolu Agency"), caption.ProblemNoCreator)
	noCreator.Creators = nil
	noAgency := withProblem(worldRecord(2016, 12, 19, "Aref Watad"), caption.ProblemNoAgency)
	noCredit := withProblem(worldRecord(2016, 12, 19, ""), caption.ProblemNoCredit)
	noCredit.Creators = nil
	runWorld(t, []worldCase{
		{name: "no date read", rec: noDate, img: im(),
			want: []string{"warning date : date not checked: no date read in the caption"}},
		{name: "undated handout", rec: undated, img: im(),
			want: []string{"warning date : date not checked: the caption says the picture is undated"}},
		{name: "undated wins over a date", rec: undatedWithDate, img: im(),
			want: []string{"warning date : date not checked: the caption says the picture is undated"}},
		{name: "no creator read", rec: noCreator, img: im(),
			want: []string{"warning creator : creator not checked: no creator read in the caption"}},
		{name: "no agency read", rec: noAgency, img: im(),
			want: []string{"warning credit : credit not checked: no agency read in the caption"}},
		{name: "no credit read: creator and credit not checked, one finding each", rec: noCredit, img: im(),
			want: []string{
				"warning creator : creator not checked: no creator read in the caption",
				"warning credit : credit not checked: no agency read in the caption",
			}},
		{name: "stores that disagree still warn when the caption has no date",
			rec: noDate,
			img: func() *metadata.Image {
				m := im()
				m.IPTC.Date = secs(2016, 12, 18, 14, 5, 0, 180)
				return m
			}(),
			want: []string{
				"warning date : date not checked: no date read in the caption",
				"warning date exif/iptc: the image's stores disagree on the date",
			}},
	})
	// The flag a report counts by, and the record's own problem left out.
	for _, r := range []caption.Record{noDate, undated, noCreator, noAgency, noCredit} {
		for _, f := range Compare(r, im(), ByDateCreator, Options{}) {
			if !f.NotChecked {
				t.Errorf("%s: NotChecked not set", f.Message)
			}
		}
	}
	// Without an image nothing was compared: the record's problems stay.
	if fs := Compare(noDate, nil, ByDateCreator, Options{}); len(fs) != 1 || fs[0].Field != FieldCaption {
		t.Errorf("no image: %+v, want the caption's own problem", fs)
	}
}

func TestCompareUTCStores(t *testing.T) {
	rec := worldRecord(2020, 7, 21, "Noah Berger", "AP")
	two := func(exif, iim date.Date) *metadata.Image {
		im := worldImage(exif, "Noah Berger", "AP", "AP")
		im.IPTC.Date = iim
		return im
	}
	noOffset := at(2020, 7, 21, 23, 35)
	runWorld(t, []worldCase{
		{name: "California: EXIF -07:00 and IIM in UTC are one evening",
			rec: rec, img: two(secs(2020, 7, 21, 23, 35, 40, -420), secs(2020, 7, 22, 6, 20, 12, 0))},
		{name: "XMP in UTC too",
			rec: rec, img: func() *metadata.Image {
				im := two(secs(2020, 7, 21, 23, 35, 40, -420), secs(2020, 7, 22, 6, 20, 12, 0))
				im.XMP = &metadata.Store{Kind: metadata.StoreXMP, Date: secs(2020, 7, 22, 6, 35, 40, 0)}
				return im
			}()},
		{name: "no local offset anywhere: a UTC day that an offset explains is a warning",
			rec: rec, img: two(noOffset, secs(2020, 7, 22, 6, 20, 12, 0)),
			want: []string{"warning date iptc: IIM DateCreated says 2020-07-22 (2020-07-22T06:20:12+00:00), a time in UTC: it is 2020-07-21 at the scene if the scene's offset is between -12:00 and -06:21"}},
		{name: "east of UTC: the day before in UTC (clocks 10:07 apart: no offset)",
			rec: worldRecord(2020, 7, 22, "Noah Berger", "AP"), img: two(at(2020, 7, 22, 8, 17), secs(2020, 7, 21, 22, 10, 0, 0)),
			want: []string{"warning date iptc: a time in UTC: it is 2020-07-22 at the scene if the scene's offset is between +01:50 and +14:00"}},
		{name: "no offset explains 14:00 UTC the next day",
			rec: rec, img: two(noOffset, secs(2020, 7, 22, 14, 0, 0, 0)),
			want: []string{"error date iptc: IIM DateCreated says 2020-07-22 (2020-07-22T14:00:00+00:00)"}},
		{name: "a UTC store moved to the scene's offset can still be wrong",
			rec: rec, img: two(secs(2020, 7, 22, 10, 0, 0, -420), secs(2020, 7, 22, 17, 0, 0, 0)),
			want: []string{"error date exif/iptc: caption says 2020-07-21; EXIF DateTimeOriginal says 2020-07-22 (2020-07-22T10:00:00-07:00); IIM DateCreated says 2020-07-22 (2020-07-22T17:00:00+00:00), 10:00:00 at the scene's -07:00"}},
		{name: "two offsets, one moment: the stores do not disagree",
			rec:  func() caption.Record { r := rec; r.Date = date.Day{}; return r }(),
			img:  two(secs(2016, 12, 20, 0, 30, 0, 180), secs(2016, 12, 19, 23, 30, 0, 120)),
			want: []string{"warning date : date not checked"}},
	})
}

func TestCompareMidnight(t *testing.T) {
	rec := worldRecord(2016, 12, 19, "Aref Watad", "Anadolu Agency")
	night := func(d date.Date) *metadata.Image { return worldImage(d, "Aref Watad", "Anadolu Agency", "AA") }
	hour := Options{DayGrace: time.Hour}
	runWorld(t, []worldCase{
		{name: "7 minutes after midnight, within the grace",
			rec: rec, img: night(secs(2016, 12, 20, 0, 7, 40, 180)), opt: hour,
			want: []string{"warning date exif/iptc: say 2016-12-20 (2016-12-20T00:07:40+03:00), 00:07, 7 minutes after midnight (within the 1h day grace)"}},
		{name: "7 minutes after midnight, no grace",
			rec: rec, img: night(secs(2016, 12, 20, 0, 7, 40, 180)),
			want: []string{"error date exif/iptc: 00:07, 7 minutes after midnight"}},
		{name: "beyond the grace it is an error that says how far",
			rec: rec, img: night(secs(2016, 12, 20, 1, 30, 0, 180)), opt: hour,
			want: []string{"error date exif/iptc: 01:30, 1 hour 30 minutes after midnight"}},
		{name: "a morning is no midnight",
			rec: rec, img: night(secs(2016, 12, 20, 9, 30, 0, 180)), opt: hour,
			want: []string{"error date exif/iptc: say 2016-12-20 (2016-12-20T09:30:00+03:00)"}},
		{name: "New Year's Eve captioned January 1: 2 minutes before midnight",
			rec: worldRecord(2017, 1, 1, "Aref Watad", "Anadolu Agency"), img: night(secs(2016, 12, 31, 23, 58, 0, 60)), opt: hour,
			want: []string{"warning date exif/iptc: 23:58, 2 minutes before midnight (within the 1h day grace)"}},
	})
}

func TestCompareTransliteration(t *testing.T) {
	d := secs(2023, 2, 13, 11, 0, 0, 60)
	img := func(exif, iim string) *metadata.Image {
		im := worldImage(d, exif, "dpa", "dpa")
		im.IPTC.Creators = []string{iim}
		return im
	}
	runWorld(t, []worldCase{
		{name: "Büttner = Buettner, and the stores do not disagree",
			rec: worldRecord(2023, 2, 13, "Frank Büttner", "dpa"), img: img("Frank Buettner", "Frank Büttner")},
		{name: "Buettner in the caption, Büttner and Buettner in the stores",
			rec: worldRecord(2023, 2, 13, "Frank Buettner", "dpa"), img: img("Frank Buettner", "Frank Büttner")},
		{name: "Norwegian ø and å",
			rec: worldRecord(2023, 2, 13, "Håkon Søreide", "dpa"), img: img("Haakon Soereide", "Hakon Soreide")},
		{name: "decomposed umlaut",
			rec: worldRecord(2023, 2, 13, "Jörg Carstensen", "dpa"), img: img("Jo\u0308rg Carstensen", "Joerg Carstensen")},
		{name: "another name is still an error",
			rec: worldRecord(2023, 2, 13, "Frank Büttner", "dpa"), img: img("Frank Bittner", "Frank Bittner"),
			want: []string{"error creator exif/iptc: caption names Frank Büttner; EXIF Artist and IIM By-line name Frank Bittner"}},
		{name: "the same name in another script is a warning that says so",
			rec: worldRecord(2023, 2, 13, "Frank Büttner", "dpa"), img: img("Франк Бюттнер", "Франк Бюттнер"),
			want: []string{"warning creator exif/iptc: in another script: the same name (read as Frank Byuttner)"}},
		{name: "another name in another script is an error",
			rec: worldRecord(2023, 2, 13, "Frank Büttner", "dpa"), img: img("Сергей Карпухин", "Сергей Карпухин"),
			want: []string{"error creator exif/iptc: in another script: another name (the other read as Sergey Karpukhin)"}},
		{name: "a script the tables do not spell is compared by eye",
			rec: worldRecord(2023, 2, 13, "Frank Büttner", "dpa"), img: img("石原孝", "石原孝"),
			want: []string{"warning creator exif/iptc: in another script; compare them by eye"}},
	})
}

func TestCompareArchive(t *testing.T) {
	file := worldRecord(2020, 7, 8, "Paul Chiasson", "The Canadian Press")
	file.Archive = true
	dated := file
	dated.PictureDate = true
	old := worldImage(secs(2015, 1, 5, 10, 0, 0, -300), "Paul Chiasson", "THE CANADIAN PRESS", "THE CANADIAN PRESS")
	runWorld(t, []worldCase{
		{name: "file picture: the caption's date may be the story's",
			rec: file, img: old,
			want: []string{"warning date exif/iptc: say 2015-01-05 (2015-01-05T10:00:00-05:00); file picture: the caption's date may be the story's, not the picture's"}},
		{name: "file picture whose caption dates the picture: an error",
			rec: dated, img: old,
			want: []string{"error date exif/iptc: caption says 2020-07-08"}},
	})
}

// TestOneFindingPerField: the sample's planted wrong day, in three stores,
// is one finding that keeps each store's value.
func TestOneFindingPerField(t *testing.T) {
	d := secs(2016, 12, 18, 9, 30, 12, 180)
	im := worldImage(d, "Aref Watad", "Anadolu Agency", "AA")
	im.XMP = &metadata.Store{Kind: metadata.StoreXMP, Date: d, Creators: []string{"Aref Watad"}, Credit: "Anadolu Agency"}
	fs := Compare(worldRecord(2016, 12, 19, "Aref Watad", "Anadolu Agency"), im, ByDateCreator, Options{})
	if len(fs) != 1 {
		t.Fatalf("%d findings, want 1: %+v", len(fs), fs)
	}
	f := fs[0]
	const msg = "caption says 2016-12-19; EXIF DateTimeOriginal, IIM DateCreated and XMP photoshop:DateCreated say 2016-12-18 (2016-12-18T09:30:12+03:00)"
	if f.Message != msg || f.Store != "exif/iptc/xmp" || f.Want != "2016-12-19" || f.Got != "2016-12-18" {
		t.Errorf("got %+v\nwant message %q, store exif/iptc/xmp, want 2016-12-19, got 2016-12-18", f, msg)
	}
	b, err := json.Marshal(f.Values)
	if err != nil {
		t.Fatal(err)
	}
	const values = `[{"store":"exif","property":"EXIF DateTimeOriginal","tag":"ExifIFD:DateTimeOriginal","got":"2016-12-18T09:30:12+03:00"},{"store":"iptc","property":"IIM DateCreated","tag":"IPTC:DateCreated","got":"2016-12-18T09:30:12+03:00"},{"store":"xmp","property":"XMP photoshop:DateCreated","tag":"XMP-photoshop:DateCreated","got":"2016-12-18T09:30:12+03:00"}]`
	if string(b) != values {
		t.Errorf("values %s\nwant %s", b, values)
	}
}

// TestCompareMislabelledUTC: a local wall clock labelled +00:00 (Getty
// Images' IIM TimeCreated "16:47:42+00:00" beside EXIF "16:47:42" for an
// afternoon match in Pasadena, metadata-extractor-images "jpg/Issue
// 122.jpg") is not moved into the scene's offset, even late in a European
// evening where the move would cross midnight.
func TestCompareMislabelledUTC(t *testing.T) {
	rec := worldRecord(2020, 7, 21, "Stephen Dunn", "Getty Images")
	im := worldImage(secs(2020, 7, 21, 23, 30, 0, 60), "Stephen Dunn", "Getty Images", "Getty Images Europe")
	im.IPTC.Date = secs(2020, 7, 21, 23, 30, 0, 0)
	runWorld(t, []worldCase{{name: "wall clock labelled UTC", rec: rec, img: im}})
}

// TestCompareCreatorInCredit: a store creator that carries the name inside
// a credit is that name; an agency or "Staff" in a creator field names no
// person, a warning; another person stays an error.
func TestCompareCreatorInCredit(t *testing.T) {
	d := secs(2016, 7, 19, 12, 0, 0, 120)
	rec := worldRecord(2016, 7, 19, "Andrea Comas", "Reuters")
	img := func(exif string) *metadata.Image {
		im := worldImage(d, "Andrea Comas", "REUTERS", "RTR")
		im.EXIF.Creators = []string{exif}
		return im
	}
	runWorld(t, []worldCase{
		{name: "Name/Agency in EXIF Artist", rec: rec, img: img("Andrea Comas/Reuters")},
		{name: "a label before the name", rec: rec, img: img("Photographer: Andrea Comas")},
		{name: "the agency in EXIF Artist",
			rec: rec, img: img("REUTERS"),
			want: []string{"warning creator exif: caption names Andrea Comas; EXIF Artist names REUTERS, which names no person"}},
		{name: "Staff",
			rec: rec, img: img("STAFF"),
			want: []string{"warning creator exif: EXIF Artist names STAFF, which names no person"}},
		{name: "another photographer with the agency",
			rec: rec, img: img("Susana Vera/Reuters"),
			want: []string{"error creator exif: caption names Andrea Comas; EXIF Artist names Susana Vera/Reuters"}},
	})
}

// TestCompareUTCBesideClock: Reuters files carry IIM times in UTC and
// EXIF clocks without an offset (the agency folder of issue 9: Washington,
// EXIF 2018-12-11 20:35:12, IIM 2018-12-12 01:35:12+00:00). When the clock
// difference is an offset in use, the UTC store is read in it; when it is
// not (-06:44:28), the UTC day stays a warning. Getty's date-only XMP
// stamped at midnight Z is a date, not a moment.
func TestCompareUTCBesideClock(t *testing.T) {
	rec := worldRecord(2018, 12, 11, "Jonathan Ernst", "Reuters")
	two := func(exif, iim date.Date) *metadata.Image {
		im := worldImage(exif, "Jonathan Ernst", "REUTERS", "RTR")
		im.IPTC.Date = iim
		return im
	}
	clock := func(y, mo, d, h, mi, s int) date.Date { x := at(y, mo, d, h, mi); x.Second = s; return x }
	getty := worldImage(secs(2002, 1, 19, 16, 47, 42, -480), "Stephen Dunn", "Getty Images", "Getty Images North America")
	getty.XMP = &metadata.Store{Kind: metadata.StoreXMP, Date: secs(2002, 1, 20, 0, 0, 0, 0)}
	runWorld(t, []worldCase{
		{name: "EXIF clock and IIM UTC five hours apart: -05:00",
			rec: rec, img: two(clock(2018, 12, 11, 20, 35, 12), secs(2018, 12, 12, 1, 35, 12, 0))},
		{name: "a minute apart still reads as -05:00",
			rec: rec, img: two(clock(2018, 12, 11, 20, 35, 12), secs(2018, 12, 12, 1, 36, 2, 0))},
		{name: "a wrong day in both stores is still an error",
			rec: rec, img: two(clock(2018, 12, 12, 20, 35, 12), secs(2018, 12, 13, 1, 35, 12, 0)),
			want: []string{"error date exif/iptc: caption says 2018-12-11; EXIF DateTimeOriginal says 2018-12-12"}},
		{name: "no offset in use explains the clocks: a warning",
			rec: worldRecord(2020, 7, 21, "Jonathan Ernst", "Reuters"), img: two(at(2020, 7, 21, 23, 35), secs(2020, 7, 22, 6, 20, 12, 0)),
			want: []string{"warning date iptc: a time in UTC"}},
		{name: "Getty's midnight Z is a date: the next day is an error",
			rec: worldRecord(2002, 1, 19, "Stephen Dunn", "Getty Images"), img: getty,
			want: []string{"error date xmp: XMP photoshop:DateCreated says 2002-01-20 (2002-01-20T00:00:00+00:00)"}},
	})
}

// TestTableNamed: the agencies a copyright or credit mentions, each as the
// text spells it (ids are the table's names, whatever it calls them).
func TestTableNamed(t *testing.T) {
	name := func(s string) string {
		a, ok := caption.LookupAgency(s)
		if !ok {
			t.Fatalf("%s is not in the agency table", s)
		}
		return a.Name
	}
	for _, tc := range []struct {
		text  string
		ids   []string
		shown string
	}{
		{"© 2016 AFP", []string{name("AFP")}, "AFP"},
		{"(c) Thomson Reuters 2016", []string{name("Reuters")}, "Reuters"},
		{"Jane Doe", nil, ""},
	} {
		ids, shown := names.Mentioned(" " + metadata.FoldWords(tc.text) + " ")
		if strings.Join(ids, "|") != strings.Join(tc.ids, "|") || strings.Join(shown, "|") != tc.shown {
			t.Errorf("%q: ids %q shown %q, want %q %q", tc.text, ids, shown, tc.ids, tc.shown)
		}
	}
	ids, _ := names.Mentioned(" " + metadata.FoldWords("AFP/Getty Images") + " ")
	if len(ids) != 2 {
		t.Errorf("AFP/Getty Images names %q, want two agencies", ids)
	}
}

// TestCompareEXIFAtUTC: EXIF OffsetTimeOriginal is the camera's zone, so
// +00:00 there is a clock at the scene (London in winter; the PA and
// Shutterstock folders of issue 9): a wrong day stays an error. A camera
// set to UTC beside IIM with the scene's offset is read in that offset.
func TestCompareEXIFAtUTC(t *testing.T) {
	london := worldRecord(2026, 2, 4, "Ken McKay", "Shutterstock")
	two := func(exif, iim date.Date) *metadata.Image {
		im := worldImage(exif, "Ken McKay", "Shutterstock", "Shutterstock Editorial")
		im.IPTC.Date = iim
		return im
	}
	runWorld(t, []worldCase{
		{name: "London, a day early in EXIF and IIM at +00:00: an error",
			rec: london, img: two(secs(2026, 2, 3, 12, 30, 0, 0), secs(2026, 2, 3, 12, 30, 0, 0)),
			want: []string{"error date exif/iptc: caption says 2026-02-04; EXIF DateTimeOriginal and IIM DateCreated say 2026-02-03"}},
		{name: "London, clean", rec: london, img: two(secs(2026, 2, 4, 12, 30, 0, 0), secs(2026, 2, 4, 12, 30, 0, 0))},
		{name: "a camera set to UTC in California, IIM at -07:00",
			rec: worldRecord(2020, 7, 21, "Ken McKay", "Shutterstock"), img: two(secs(2020, 7, 22, 6, 35, 40, 0), secs(2020, 7, 21, 23, 35, 40, -420))},
	})
}

// TestCompareCreatorSpellingsGroup: dpa's Jens Büttner written "Jens
// Buettner" in ASCII EXIF and "Jens Büttner" in IIM and XMP (the dpa
// folder of issue 9): against another caption name, one group; a label
// kept in the caption name ("Foto: Kay Nietfeld") still names the person.
func TestCompareCreatorSpellingsGroup(t *testing.T) {
	d := secs(2023, 2, 13, 11, 0, 0, 60)
	im := worldImage(d, "Jens Buettner", "dpa", "dpa")
	im.IPTC.Creators = []string{"Jens Büttner"}
	im.XMP = &metadata.Store{Kind: metadata.StoreXMP, Creators: []string{"Jens Büttner"}}
	runWorld(t, []worldCase{
		{name: "one person, two spellings, one group",
			rec: worldRecord(2023, 2, 13, "Kay Nietfeld", "dpa"), img: im,
			want: []string{"error creator exif/iptc/xmp: caption names Kay Nietfeld; EXIF Artist, IIM By-line and XMP dc:creator name Jens Buettner"}},
		{name: "a label kept in the caption's name",
			rec: worldRecord(2023, 2, 13, "Foto: Jens Büttner", "dpa"), img: im},
	})
}

// TestCompareUntidyCaptionCredit: a caption agency that is no known
// agency but mentions one ("dpa +++ dpa-Bildfunk +++", dpa's trailer, the
// dpa folder of issue 9) is that agency.
func TestCompareUntidyCaptionCredit(t *testing.T) {
	d := secs(2023, 2, 13, 11, 0, 0, 60)
	runWorld(t, []worldCase{
		{name: "dpa trailer", rec: worldRecord(2023, 2, 13, "Kay Nietfeld", "dpa +++ dpa-Bildfunk +++"), img: worldImage(d, "Kay Nietfeld", "dpa", "dpa")},
		{name: "another agency is still an error", rec: worldRecord(2023, 2, 13, "Kay Nietfeld", "dpa +++ dpa-Bildfunk +++"), img: worldImage(d, "Kay Nietfeld", "AFP", "AFP"),
			want: []string{"error credit iptc: IIM Credit and IIM Source name AFP"}},
	})
}

// TestCompareBrandDistributor: "(Photo by Jon Kopaloff/WireImage)" with
// Source "Getty Images North America" and Copyright "2019 Getty Images"
// (the Getty folder of issue 9): WireImage is a Getty brand. Another
// agency is still an error.
func TestCompareBrandDistributor(t *testing.T) {
	d := secs(2019, 7, 21, 23, 35, 40, -420)
	img := func(credit, source string) *metadata.Image {
		im := worldImage(d, "Jon Kopaloff", credit, source)
		im.IPTC.Copyright = "2019 Getty Images"
		return im
	}
	rec := worldRecord(2019, 7, 21, "Jon Kopaloff", "WireImage")
	runWorld(t, []worldCase{
		{name: "WireImage credit, Getty source", rec: rec, img: img("WireImage", "Getty Images North America")},
		{name: "Getty credit", rec: rec, img: img("Getty Images", "Getty Images North America")},
		{name: "AFP is not WireImage", rec: rec, img: img("AFP", "AFP"),
			want: []string{"error credit iptc: IIM Credit and IIM Source name AFP"}},
	})
}

// TestCompareCaptionCreditWords: when the parser read no creator or no
// agency, the caption's last words (or a leading "Mandatory Credit:"
// line) still check the stores. Captions: Reuters' tags tail (the Reuters
// folder of issue 9), Kyodo's "(Kyodo) ==Kyodo", PA's "Photo credit should
// read:", Shutterstock's leading credit line ("Mandatory Credit: Photo by
// Jose Breton/NurPhoto/Shutterstock (16507315bs)", guardian/grid
// SupplierProcessorsTest.scala).
func TestCompareCaptionCreditWords(t *testing.T) {
	d := secs(2018, 12, 11, 11, 20, 40, -300)
	misread := func(text, creator, agency string) caption.Record {
		r := worldRecord(2018, 12, 11, creator, agency)
		r.Text = text
		if creator == "" {
			r.Creators = nil
		}
		return r
	}
	reuters := "U.S. President Donald Trump meets with House Democratic Leader Nancy Pelosi in the Oval Office at the White House in Washington, U.S., December 11, 2018. REUTERS/Kevin Lamarque (UNITED STATES - Tags: POLITICS)"
	kyodo := "Japanese Prime Minister Fumio Kishida speaks at his office in Tokyo on Dec. 11, 2018. (Kyodo) ==Kyodo"
	pa := "Britain's Prime Minister leaves 10 Downing Street, London. Photo credit should read: Martin Rickett/PA Wire. Editorial use only."
	shutter := "Mandatory Credit: Photo by Ken McKay/ITV/Shutterstock (15123456a)\nPresenters on the set of a morning show in London, December 11, 2018. A long description follows here so that the credit line is not at the end of the caption, as Shutterstock's captions run on for several sentences and the tail holds only the restriction EDITORIAL USE ONLY"
	runWorld(t, []worldCase{
		{name: "a creator the parser read is trusted: the caption's last words do not excuse another name",
			rec: misread(reuters, "Kevin Lamarque", "Reuters"), img: worldImage(d, "Jonathan Ernst", "REUTERS", "X90024"),
			want: []string{"error creator exif/iptc: caption names Kevin Lamarque; EXIF Artist and IIM By-line name Jonathan Ernst"}},
		{name: "an agency the parser read is trusted: a body that names another agency excuses nothing",
			rec:  misread("Pelosi told Reuters on December 11, 2018 she would run. (Photo by Jane Doe/Getty Images)", "Jane Doe", "Getty Images"),
			img:  worldImage(d, "Jane Doe", "Reuters", "Reuters"),
			want: []string{"error credit iptc: caption credits Getty Images; IIM Credit and IIM Source name Reuters"}},
		{name: "Kyodo: no agency read, the last words name Kyodo",
			rec: misread(kyodo, "", ""), img: worldImage(d, "", "Kyodo News", "Kyodo"),
			want: []string{"warning creator : creator not checked"}},
		{name: "Kyodo: another agency against the last words is an error",
			rec: misread(kyodo, "", ""), img: worldImage(d, "", "AP", "AP"),
			want: []string{"warning creator : creator not checked", "error credit iptc: IIM Credit and IIM Source name AP; the caption's agency was read from its last words"}},
		{name: "PA: photographer and agency from the credit words",
			rec: misread(pa, "", ""), img: worldImage(d, "Martin Rickett", "PA Wire", "PA")},
		{name: "PA: another photographer is not checked, said so",
			rec: misread(pa, "", ""), img: worldImage(d, "Owen Humphreys", "PA Wire", "PA"),
			want: []string{"warning creator : creator not checked"}},
		{name: "Shutterstock: the leading credit line",
			rec: misread(shutter, "", ""), img: worldImage(d, "Ken McKay", "Shutterstock", "Shutterstock Editorial")},
	})
}

// TestCompareUTCAtThePlace: IIM times in UTC and no other clock (the
// Reuters folder of issue 9: IIM only, "REUTERS/…" captions ending "in
// London, Britain, December 11, 2018"). The caption's "City, Country"
// says which offsets the scene has: London's +00:00/+01:00 cannot make
// 13:42 UTC on December 10 into December 11 (an error: the planted wrong
// day); every US offset makes 01:35 UTC on December 12 into December 11
// (no finding).
func TestCompareUTCAtThePlace(t *testing.T) {
	iimOnly := func(d date.Date) *metadata.Image {
		return &metadata.Image{Path: "r.jpg", Format: "jpeg",
			IPTC: &metadata.Store{Kind: metadata.StoreIPTC, Date: d, Creators: []string{"TOBY MELVILLE"}, Credit: "REUTERS", Source: "X06555"}}
	}
	rec := func(text string) caption.Record {
		r := worldRecord(2018, 12, 11, "Toby Melville", "Reuters")
		r.Text = text
		return r
	}
	london := rec("Britain's Prime Minister Theresa May leaves 10 Downing Street in London, Britain, December 11, 2018. REUTERS/Toby Melville")
	washington := rec("U.S. President Donald Trump speaks to reporters at the White House in Washington, U.S., December 11, 2018. REUTERS/Toby Melville")
	nowhere := rec("Theresa May leaves 10 Downing Street. REUTERS/Toby Melville")
	moscow := rec("Fans watch a match in Moscow, Russia, December 11, 2018. REUTERS/Toby Melville")
	runWorld(t, []worldCase{
		{name: "London, a day early in UTC: an error", rec: london, img: iimOnly(secs(2018, 12, 10, 13, 42, 10, 0)),
			want: []string{"error date iptc: IIM DateCreated says 2018-12-10 (2018-12-10T13:42:10+00:00), a time in UTC: not 2018-12-11 at any offset of Britain (+00:00 to +01:00)"}},
		{name: "London, clean", rec: london, img: iimOnly(secs(2018, 12, 11, 13, 42, 10, 0))},
		{name: "Washington evening, next day in UTC: no finding", rec: washington, img: iimOnly(secs(2018, 12, 12, 1, 35, 12, 0))},
		{name: "no country in the caption: a warning", rec: nowhere, img: iimOnly(secs(2018, 12, 12, 1, 35, 12, 0)),
			want: []string{"warning date iptc: a time in UTC: it is 2018-12-11 at the scene if the scene's offset is between -12:00 and -01:36"}},
		{name: "Russia: some of its offsets explain it",
			rec: moscow, img: iimOnly(secs(2018, 12, 10, 20, 0, 0, 0)),
			want: []string{"warning date iptc: a time in UTC: it is 2018-12-11 at the scene if the scene's offset is between +04:00 and +12:00 (Russia: +02:00 to +12:00)"}},
	})
	if lo, hi, place, ok := sceneOffsets(&washington); !ok || lo != -600 || hi != -240 || place != "U.S." {
		t.Errorf("Washington, U.S.: %d %d %q %v", lo, hi, place, ok)
	}
}

// TestCompareCopyrightAcronyms: a Copyright is free text, so an agency
// known by a short acronym (SANA, AA, PA) is named only when the acronym is
// written in capitals: a photographer called Sana is no agency.
func TestCompareCopyrightAcronyms(t *testing.T) {
	d := secs(2020, 7, 21, 12, 0, 0, 180)
	withCopyright := func(c string) *metadata.Image {
		im := worldImage(d, "Jane Doe", "AFP", "AFP")
		im.XMP = &metadata.Store{Kind: metadata.StoreXMP, Credit: "AFP", Copyright: c}
		return im
	}
	runWorld(t, []worldCase{
		{name: "a first name that is also an agency's acronym",
			rec: worldRecord(2020, 7, 21, "Jane Doe", "AFP"), img: withCopyright("© Sana Ahmed")},
		{name: "the acronym in capitals names the agency",
			rec: worldRecord(2020, 7, 21, "Jane Doe", "AFP"), img: withCopyright("© 2020 AA"),
			want: []string{"error credit xmp: XMP dc:rights name"}},
		{name: "a long spelling names it in any case",
			rec: worldRecord(2020, 7, 21, "Jane Doe", "AFP"), img: withCopyright("copyright anadolu agency"),
			want: []string{"error credit xmp: XMP dc:rights name"}},
	})
}
