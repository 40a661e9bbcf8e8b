package check

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/captag/captag/metadata"
	"github.com/captag/captag/metadata/caption"
	"github.com/captag/captag/metadata/date"
)

// awRecord is the December 19 Aref Watad caption.
func awRecord() caption.Record {
	return rec(5, textB, 2016, 12, 19, "Anadolu Agency", "Aref Watad")
}

// awDated is awRecord dated k.
func awDated(k date.Day) func() caption.Record {
	return func() caption.Record { r := awRecord(); r.Date = k; return r }
}

// awImage is a clean image for awRecord: EXIF and IPTC agree with it.
func awImage() *metadata.Image {
	im := img("desk/AW_1.jpg", atOff(2016, 12, 19, 14, 5, 180), "Aref Watad")
	im.EXIF.Copyright = "© 2016 Anadolu Agency"
	return im
}

func short(fs []Finding) []string {
	out := make([]string, len(fs))
	for i, f := range fs {
		out[i] = fmt.Sprintf("%s %s %s want=%q got=%q", f.Severity, f.Field, f.Store, f.Want, f.Got)
	}
	return out
}

func TestCompare(t *testing.T) {
	tests := []struct {
		name string
		rec  func() caption.Record
		img  func() *metadata.Image
		by   Method
		opt  Options
		want []string // short() of the findings, in order
		msg  []string // substrings of the messages, in order (optional)
	}{
		{
			name: "all agree", rec: awRecord, img: awImage, by: ByDateCreator,
			want: []string{},
		},
		// date
		{
			name: "one store with another date",
			rec:  awRecord,
			img: func() *metadata.Image {
				im := awImage()
				im.IPTC.Date = at(2016, 12, 20, 9, 0)
				return im
			},
			by: ByDateCreator,
			// The error names the one store that differs: a "stores disagree"
			// warning would say nothing more.
			want: []string{
				`error date iptc want="2016-12-19" got="2016-12-20"`,
			},
			msg: []string{"caption says 2016-12-19; IIM DateCreated says 2016-12-20 (2016-12-20T09:00:00)"},
		},
		{
			name: "23:59 at +05:30 stays on its local day",
			rec:  awRecord,
			img: func() *metadata.Image {
				im := awImage()
				im.EXIF.Date, im.IPTC.Date = atOff(2016, 12, 19, 23, 59, 330), atOff(2016, 12, 19, 23, 59, 330)
				return im
			},
			want: []string{},
		},
		{
			name: "00:30 at +05:30 is the next local day although UTC is the 19th",
			rec:  awRecord,
			img: func() *metadata.Image {
				im := awImage()
				im.EXIF.Date, im.IPTC.Date = atOff(2016, 12, 20, 0, 30, 330), atOff(2016, 12, 20, 0, 30, 330)
				return im
			},
			want: []string{
				`error date exif/iptc want="2016-12-19" got="2016-12-20"`,
			},
			msg: []string{"EXIF DateTimeOriginal and IIM DateCreated say 2016-12-20 (2016-12-20T00:30:00+05:30), 00:30, 30 minutes after midnight"},
		},
		{
			name: "23:59 at -05:00 stays on the 19th although UTC is the 20th",
			rec:  awRecord,
			img: func() *metadata.Image {
				im := awImage()
				im.EXIF.Date, im.IPTC.Date = atOff(2016, 12, 19, 23, 59, -300), atOff(2016, 12, 19, 23, 59, -300)
				return im
			},
			want: []string{},
		},
		{
			name: "no offset at 00:30 is its own day",
			rec:  func() caption.Record { r := awRecord(); r.Date.Day = 20; return r },
			img: func() *metadata.Image {
				im := awImage()
				im.EXIF.Date, im.IPTC.Date = at(2016, 12, 20, 0, 30), at(2016, 12, 20, 0, 30)
				return im
			},
			want: []string{},
		},
		{
			name: "partial XMP dates agree at their precision, or not",
			rec:  awRecord,
			img: func() *metadata.Image {
				im := awImage()
				im.XMP = &metadata.Store{Kind: metadata.StoreXMP, Date: date.Date{Year: 2016, Precision: date.PrecYear}}
				im.Sidecar = &metadata.Store{Kind: metadata.StoreSidecar, Date: date.Date{Year: 2016, Month: 11, Precision: date.PrecMonth}}
				return im
			},
			want: []string{
				`error date sidecar want="2016-12-19" got="2016-11"`,
			},
			msg: []string{"caption says 2016-12-19; sidecar photoshop:DateCreated says 2016-11"},
		},
		{
			name: "no date in any store",
			rec:  awRecord,
			img: func() *metadata.Image {
				im := awImage()
				im.EXIF.Date, im.IPTC.Date = date.Date{}, date.Date{}
				return im
			},
			want: []string{`error date  want="2016-12-19" got=""`},
			msg:  []string{"no store of the image has a date"},
		},
		{
			name: "no date in any store, allowed",
			rec:  awRecord,
			img: func() *metadata.Image {
				im := awImage()
				im.EXIF.Date, im.IPTC.Date = date.Date{}, date.Date{}
				return im
			},
			opt:  Options{AllowMissingDate: true},
			want: []string{`warning date  want="2016-12-19" got=""`},
		},
		{
			name: "one store without a date is fine",
			rec:  awRecord,
			img: func() *metadata.Image {
				im := awImage()
				im.EXIF.Date = date.Date{}
				return im
			},
			want: []string{},
		},
		{
			name: "unknown year is inferred, then the day still differs",
			rec:  func() caption.Record { r := awRecord(); r.Date.Year = 0; return r },
			img: func() *metadata.Image {
				im := awImage()
				im.EXIF.Date, im.IPTC.Date = at(2016, 12, 20, 9, 0), at(2016, 12, 20, 9, 0)
				return im
			},
			by: ByCreator,
			want: []string{
				`error date exif/iptc want="2016-12-19" got="2016-12-20"`,
			},
			msg: []string{"year was inferred from the image (matched by creator only)"},
		},
		// A caption dated only to a year (or a month, or a decade: no
		// caption parser gives one yet, a program may) compares at that
		// precision: any day of that year agrees.
		{
			name: "a caption of a year agrees with any day of it",
			rec:  awDated(date.Day{Year: 2016, Precision: date.PrecYear}),
			img:  awImage,
			want: []string{},
		},
		{
			name: "a caption of a year, an image of another",
			rec:  awDated(date.Day{Year: 2015, Precision: date.PrecYear}),
			img:  awImage,
			want: []string{`error date exif/iptc want="2015" got="2016-12-19"`},
			msg:  []string{"caption says 2015"},
		},
		{
			name: "a caption of a decade agrees with a year in it",
			rec:  awDated(date.Day{Year: 2010, Precision: date.PrecDecade}),
			img:  awImage,
			want: []string{},
		},
		{
			name: "a caption of a month, an image of the next",
			rec:  awDated(date.Day{Year: 2016, Month: 11, Precision: date.PrecMonth}),
			img:  awImage,
			want: []string{`error date exif/iptc want="2016-11" got="2016-12-19"`},
		},
		{
			name: "caption without a date",
			rec:  func() caption.Record { r := awRecord(); r.Date = date.Day{}; return r },
			img:  awImage,
			want: []string{`warning date  want="" got=""`},
			msg:  []string{"date not checked: no date read in the caption"},
		},
		// creator
		{
			name: "creator spelled differently folds equal",
			rec:  func() caption.Record { r := awRecord(); r.Creators = []string{"Ahmed Al Ahmed"}; return r },
			img: func() *metadata.Image {
				im := awImage()
				im.EXIF.Creators, im.IPTC.Creators = []string{"AHMED AL-AHMED"}, []string{"ahmed al ahmed"}
				return im
			},
			want: []string{},
		},
		{
			name: "another photographer in one store",
			rec:  awRecord,
			img: func() *metadata.Image {
				im := awImage()
				im.IPTC.Creators = []string{"Mustafa Sultan"}
				return im
			},
			by: ByDate,
			want: []string{
				`error creator iptc want="Aref Watad" got="Mustafa Sultan"`,
			},
			msg: []string{"caption names Aref Watad; IIM By-line names Mustafa Sultan (matched by date only)"},
		},
		{
			name: "a name in Arabic script is a warning",
			rec:  awRecord,
			img: func() *metadata.Image {
				im := awImage()
				im.EXIF.Creators = nil
				im.IPTC.Creators = []string{"عارف وتد"}
				return im
			},
			want: []string{`warning creator iptc want="Aref Watad" got="عارف وتد"`},
			msg:  []string{"in another script"},
		},
		{
			name: "one of several creators is enough",
			rec: func() caption.Record {
				r := awRecord()
				r.Creators = []string{"Aref Watad", "Mustafa Sultan"}
				return r
			},
			img: func() *metadata.Image {
				im := awImage()
				im.EXIF.Creators, im.IPTC.Creators = []string{"Mustafa Sultan"}, []string{"Mustafa Sultan"}
				return im
			},
			want: []string{},
		},
		{
			name: "no creator in any store",
			rec:  awRecord,
			img: func() *metadata.Image {
				im := awImage()
				im.EXIF.Creators, im.IPTC.Creators = nil, nil
				return im
			},
			want: []string{`error creator  want="Aref Watad" got=""`},
		},
		{
			name: "no creator in any store, allowed",
			rec:  awRecord,
			img: func() *metadata.Image {
				im := awImage()
				im.EXIF.Creators, im.IPTC.Creators = nil, []string{" "}
				return im
			},
			opt:  Options{AllowMissingCreator: true},
			want: []string{`warning creator  want="Aref Watad" got=""`},
		},
		{
			name: "caption without a creator",
			rec: func() caption.Record {
				r := awRecord()
				r.Creators, r.Text = nil, "ALEPPO, SYRIA - DECEMBER 19 : Civilians arrive at Rashedeen."
				return r
			},
			img:  awImage,
			want: []string{`warning creator  want="" got="Aref Watad"`},
		},
		// credit
		{
			name: "agency alias in Credit and Source",
			rec:  awRecord,
			img: func() *metadata.Image {
				im := awImage()
				im.IPTC.Credit, im.IPTC.Source = "AA", "Anadolu Ajansı"
				im.XMP = &metadata.Store{Kind: metadata.StoreXMP, Credit: "Aref Watad/Anadolu Agency"}
				return im
			},
			want: []string{},
		},
		{
			name: "another agency in Credit and in Copyright",
			rec:  awRecord,
			img: func() *metadata.Image {
				im := awImage()
				im.IPTC.Credit = "REUTERS"
				im.EXIF.Copyright = "(c) Thomson Reuters 2016"
				return im
			},
			// One finding: both stores name Reuters, each in its own words.
			want: []string{
				`error credit exif/iptc want="Anadolu Agency" got="Reuters"`,
			},
			msg: []string{"caption credits Anadolu Agency; EXIF Copyright and IIM Credit name Reuters"},
		},
		{
			name: "Source naming another agency is an error, anything else a warning",
			rec:  awRecord,
			img: func() *metadata.Image {
				im := awImage()
				im.IPTC.Source = "AP Photo"
				im.XMP = &metadata.Store{Kind: metadata.StoreXMP, Credit: "Anadolu Agency", Source: "JOB-2016-1219"}
				return im
			},
			want: []string{
				`error credit iptc want="Anadolu Agency" got="AP Photo"`,
				`warning credit xmp want="Anadolu Agency" got="JOB-2016-1219"`,
			},
			msg: []string{"; IIM Source says AP Photo", "; XMP photoshop:Source says JOB-2016-1219"},
		},
		{
			name: "AFP caption, AFP/Getty Images credit",
			rec:  func() caption.Record { r := awRecord(); r.Agency = "AFP"; return r },
			img: func() *metadata.Image {
				im := awImage()
				im.IPTC.Credit = "AFP/Getty Images"
				im.EXIF.Copyright = "2016 AFP"
				return im
			},
			want: []string{},
		},
		{
			name: "a copyright naming only the photographer is not a credit",
			rec:  awRecord,
			img: func() *metadata.Image {
				im := awImage()
				im.IPTC.Credit = ""
				im.EXIF.Copyright = "© Aref Watad"
				return im
			},
			want: []string{`warning credit  want="Anadolu Agency" got=""`},
			msg:  []string{"no store of the image names an agency"},
		},
		{
			name: "copyright alone carries the credit",
			rec:  awRecord,
			img: func() *metadata.Image {
				im := awImage()
				im.IPTC.Credit = ""
				return im
			},
			want: []string{},
		},
		{
			name: "desk aliases extend the table",
			rec:  func() caption.Record { r := awRecord(); r.Agency = "Sipa Press"; return r },
			img: func() *metadata.Image {
				im := awImage()
				im.IPTC.Credit = "SIPA USA"
				im.EXIF.Copyright = ""
				return im
			},
			opt:  Options{Aliases: mustAliases("Sipa = Sipa Press = Sipa USA\n")},
			want: []string{},
		},
		{
			name: "caption without an agency: credit not checked, said so",
			rec: func() caption.Record {
				r := awRecord()
				r.Agency, r.Text = "", "ALEPPO, SYRIA - DECEMBER 19 : Civilians arrive at Rashedeen. ( Aref Watad )"
				return r
			},
			img: func() *metadata.Image {
				im := awImage()
				im.IPTC.Credit = "REUTERS"
				return im
			},
			want: []string{`warning credit  want="" got="REUTERS"`},
			msg:  []string{"credit not checked: no agency read in the caption"},
		},
		// caption problems and file warnings
		{
			name: "record problems and file warnings",
			rec: func() caption.Record {
				r := awRecord()
				r.Problems = []caption.Problem{
					{Severity: metadata.SeverityWarning, Message: "dateline says DECEMBER 18, body says December 19, 2016"},
					{Severity: metadata.SeverityError, Message: "credit not understood"},
				}
				return r
			},
			img: func() *metadata.Image {
				im := awImage()
				im.Warnings = []metadata.Warning{
					{Code: metadata.WarnDigestStale, Store: metadata.StoreIPTC, Message: "iptc: digest stale"},
					{Code: metadata.WarnTruncated, Message: "jpeg: truncated"},
					{Code: metadata.WarnIIMCharset, Store: metadata.StoreIPTC, Message: "iptc: non-ASCII without ESC % G"},
				}
				return im
			},
			want: []string{
				`warning caption  want="" got=""`,
				`error caption  want="" got=""`,
				`warning file iptc want="" got=""`,
				`warning file iptc want="" got=""`,
				// The file cut short: what lay past the cut was not checked.
				`warning file  want="" got=""`,
			},
			msg: []string{"dateline says", "credit not understood", "digest stale", "without ESC % G", "file not all read, what the rest holds not checked: jpeg: truncated"},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := Compare(tc.rec(), tc.img(), tc.by, tc.opt)
			gs := short(got)
			if strings.Join(gs, "\n") != strings.Join(tc.want, "\n") {
				t.Fatalf("findings:\n got  %s\n want %s", strings.Join(gs, "\n      "), strings.Join(tc.want, "\n      "))
			}
			for i, m := range tc.msg {
				if !strings.Contains(got[i].Message, m) {
					t.Errorf("finding %d message %q, want it to contain %q", i, got[i].Message, m)
				}
			}
			for i, f := range got {
				if f.Message == "" {
					t.Errorf("finding %d has no message", i)
				}
			}
		})
	}
}

func mustAliases(s string) *Aliases {
	a, err := LoadAliases(strings.NewReader(s), DefaultAliases())
	if err != nil {
		panic(err)
	}
	return a
}

func TestCompareDeterministic(t *testing.T) {
	im := awImage()
	im.IPTC.Date, im.IPTC.Creators, im.IPTC.Credit = at(2016, 12, 18, 1, 0), []string{"X Y"}, "AP"
	im.XMP = &metadata.Store{Kind: metadata.StoreXMP, Date: at(2016, 12, 17, 1, 0), Creators: []string{"Z"}, Source: "AFP"}
	first := Compare(awRecord(), im, ByOrder, Options{})
	for i := 0; i < 10; i++ {
		again := Compare(awRecord(), im, ByOrder, Options{})
		if fmt.Sprint(again) != fmt.Sprint(first) {
			t.Fatalf("run %d differs:\n%v\n%v", i, again, first)
		}
	}
	// One finding per field; inside it, stores come in the order EXIF,
	// IPTC, XMP, sidecar.
	var order []string
	for _, f := range first {
		if f.Severity == metadata.SeverityError {
			order = append(order, string(f.Field)+" "+string(f.Store))
		}
	}
	want := "date iptc/xmp|creator iptc/xmp|credit iptc/xmp"
	if strings.Join(order, "|") != want {
		t.Errorf("error order %q, want %q", strings.Join(order, "|"), want)
	}
}

func TestFindingJSON(t *testing.T) {
	b, err := json.Marshal(Finding{Severity: metadata.SeverityError, Field: FieldDate, Store: "exif", Want: "2016-12-19", Got: "2016-12-20", Message: "m"})
	if err != nil {
		t.Fatal(err)
	}
	want := `{"severity":"error","field":"date","store":"exif","want":"2016-12-19","got":"2016-12-20","message":"m"}`
	if string(b) != want {
		t.Errorf("json %s, want %s", b, want)
	}
}

func TestUnmatchedFinding(t *testing.T) {
	f := UnmatchedFinding("image", "no caption has its date", false)
	if !reflect.DeepEqual(f, Finding{Severity: metadata.SeverityError, Field: FieldMatch, Message: "image not matched to any caption: no caption has its date"}) {
		t.Errorf("got %+v", f)
	}
	f = UnmatchedFinding("record", "x", true)
	if f.Severity != metadata.SeverityWarning || f.Message != "caption not matched to any image: x" {
		t.Errorf("allowed: got %+v", f)
	}
}
