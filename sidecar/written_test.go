package sidecar

import (
	"strings"
	"testing"

	"github.com/captag/captag/metadata"
	"github.com/captag/captag/metadata/caption"
	"github.com/captag/captag/metadata/date"
	"github.com/captag/captag/metadata/xmp"
)

// agencyCaptions are real captions of each agency family
// (metadata/caption/testdata/realworld, cmd/captag/testdata/agency-*.txtar)
// and what a sidecar written from each must say (issue 19): the creator
// and the agency as the caption spells them, the date with the image's
// time. Their images' EXIF says 09:30:12, without an offset, on the
// caption's day.
var agencyCaptions = []struct {
	family, text            string
	creator, credit, date   string
	titleCased, tableAgency string // the record's Creators[0] and Agency, for contrast
	year, month, day        int
}{
	{family: "AP", text: "Chicago White Sox manager Ozzie Guillen celebrates with his players after their 4-2 win against the Detroit Tigers in Detroit, Thursday, Sept. 29, 2005. (AP Photo/Paul Sancya)",
		creator: "Paul Sancya", credit: "AP", date: "2005-09-29T09:30:12", titleCased: "Paul Sancya", tableAgency: "AP", year: 2005, month: 9, day: 29},
	{family: "Reuters", text: "Britain's Prime Minister Theresa May leaves 10 Downing Street in London, Britain, December 11, 2018. REUTERS/Toby Melville",
		creator: "Toby Melville", credit: "REUTERS", date: "2018-12-11T09:30:12", titleCased: "Toby Melville", tableAgency: "Reuters", year: 2018, month: 12, day: 11},
	{family: "AFP", text: "A Hezbollah fighter monitors an area as he stands on a hill in the Lebanese side of the Qalamun mountains on the border with Syria on May 20, 2015 ( AFP PHOTO / JOSEPH EID)",
		creator: "JOSEPH EID", credit: "AFP", date: "2015-05-20T09:30:12", titleCased: "Joseph Eid", tableAgency: "AFP", year: 2015, month: 5, day: 20},
	{family: "Getty", text: "HORGOS, SERBIA - SEPTEMBER 17:  A man sits by the campfire as migrants wake up to a more peaceful morning after the previous day's friction at the border crossings on September 17, 2015 in Horgos, Serbia. (Photo by Christopher Furlong/Getty Images)",
		creator: "Christopher Furlong", credit: "Getty Images", date: "2015-09-17T09:30:12", titleCased: "Christopher Furlong", tableAgency: "Getty Images", year: 2015, month: 9, day: 17},
	{family: "EPA-EFE", text: "epa06735998 Israelis wave flags outside the new US embassy in Jerusalem, Israel, 14 May 2018.  EPA-EFE/ATEF SAFADI",
		creator: "ATEF SAFADI", credit: "EPA-EFE", date: "2018-05-14T09:30:12", titleCased: "Atef Safadi", tableAgency: "EPA", year: 2018, month: 5, day: 14},
	{family: "Anadolu", text: "KAHRAMANMARAS, TURKIYE - FEBRUARY 13 : Earthquake survivors warm themselves by a fire near tents set up in Kahramanmaras, Turkiye on February 13, 2023. ( Erdem Şahin - Anadolu Agency )",
		creator: "Erdem Şahin", credit: "Anadolu Agency", date: "2023-02-13T09:30:12", titleCased: "Erdem Şahin", tableAgency: "Anadolu Agency", year: 2023, month: 2, day: 13},
}

// clockImage is an image whose EXIF says 09:30:12 on the given day,
// without an offset.
func clockImage(y, m, d int) *metadata.Image {
	return &metadata.Image{Path: "IMG.jpg", Format: "jpeg", EXIF: &metadata.Store{Kind: metadata.StoreEXIF, Date: date.Date{
		Year: y, Month: m, Day: d, Hour: 9, Minute: 30, Second: 12, Precision: date.PrecSecond}}}
}

// TestWrittenAsTheCaptionSpells: a new sidecar's dc:creator,
// photoshop:Credit, photoshop:Source and photoshop:DateCreated for a
// caption of each agency family.
func TestWrittenAsTheCaptionSpells(t *testing.T) {
	for _, tc := range agencyCaptions {
		t.Run(tc.family, func(t *testing.T) {
			rec := caption.ParseText(tc.text, 0)
			if rec.Date.Year != tc.year || rec.Date.Month != tc.month || rec.Date.Day != tc.day || len(rec.Creators) != 1 ||
				rec.Creators[0] != tc.titleCased || rec.Agency != tc.tableAgency {
				t.Fatalf("caption read as %d-%d-%d, %q, %q", rec.Date.Year, rec.Date.Month, rec.Date.Day, rec.Creators, rec.Agency)
			}
			out, _, err := Merge(nil, rec, clockImage(tc.year, tc.month, tc.day), Options{})
			if err != nil {
				t.Fatal(err)
			}
			doc, err := xmp.Parse(out)
			if err != nil {
				t.Fatal(err)
			}
			for _, f := range []struct{ ns, name, want string }{
				{xmp.NSdc, "creator", tc.creator},
				{xmp.NSphotoshop, "Credit", tc.credit},
				{xmp.NSphotoshop, "Source", tc.credit},
				{xmp.NSphotoshop, "DateCreated", tc.date},
			} {
				if got := strings.Join(doc.Get(f.ns, f.name).Texts(), "; "); got != f.want {
					t.Errorf("%s = %q, want %q", qname(f.ns, f.name), got, f.want)
				}
			}
		})
	}
}

// TestMergeKeepsWhatSaysTheSame: an existing sidecar's Credit, Source and
// DateCreated that already say what captag would write stay byte for byte
// (issue 19: a Source "Getty Images North America" became "Getty
// Images", a "+00:00" was dropped); one that says something else is
// replaced by the caption's.
func TestMergeKeepsWhatSaysTheSame(t *testing.T) {
	getty := agencyCaptions[3]
	rec := caption.ParseText(getty.text, 0)
	img := clockImage(2015, 9, 17)
	side := func(credit, source, date string) string {
		return `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">` +
			`<rdf:Description rdf:about="" xmlns:photoshop="http://ns.adobe.com/photoshop/1.0/">` +
			`<photoshop:Credit>` + credit + `</photoshop:Credit><photoshop:Source>` + source + `</photoshop:Source>` +
			`<photoshop:DateCreated>` + date + `</photoshop:DateCreated></rdf:Description></rdf:RDF></x:xmpmeta>`
	}
	for _, tc := range []struct {
		name                  string
		in                    string
		credit, source, date  string
		changedCredit, change bool
	}{
		{"regional Source and a UTC time kept", side("Getty Images", "Getty Images North America", "2015-09-17T09:30:12+00:00"),
			"Getty Images", "Getty Images North America", "2015-09-17T09:30:12+00:00", false, false},
		{"another spelling of the agency kept", side("GETTY IMAGES", "Getty", "2015-09-17T09:30:12Z"),
			"GETTY IMAGES", "Getty", "2015-09-17T09:30:12Z", false, false},
		{"another agency and another time replaced", side("Reuters", "Reuters", "2015-09-17T11:30:12+02:00"),
			"Getty Images", "Getty Images", "2015-09-17T09:30:12", true, true},
		{"a date that says less replaced", side("Getty Images", "Getty Images", "2015-09-17"),
			"Getty Images", "Getty Images", "2015-09-17T09:30:12", false, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, changed, err := Merge([]byte(tc.in), rec, img, Options{})
			if err != nil {
				t.Fatal(err)
			}
			doc, err := xmp.Parse(out)
			if err != nil {
				t.Fatal(err)
			}
			for _, f := range []struct{ name, want string }{{"Credit", tc.credit}, {"Source", tc.source}, {"DateCreated", tc.date}} {
				if got := doc.Get(xmp.NSphotoshop, f.name).Text(); got != f.want {
					t.Errorf("photoshop:%s = %q, want %q", f.name, got, f.want)
				}
			}
			has := func(p string) bool {
				for _, c := range changed {
					if c == p {
						return true
					}
				}
				return false
			}
			if has("photoshop:Credit") != tc.changedCredit || has("photoshop:DateCreated") != tc.change {
				t.Errorf("changed = %q", changed)
			}
		})
	}
}

// TestSourceColumnWritten: a CSV or JSON record's own Source (an exiftool
// export of an agency's file) is written as it is when it names an
// agency; a Source that is a job number is not an agency, so the agency
// goes there.
func TestSourceColumnWritten(t *testing.T) {
	for _, tc := range []struct{ source, want string }{
		{"Getty Images North America", "Getty Images North America"},
		{"X90024", "X90024"}, // Reuters' code
		{"2016-1219-0042", "Anadolu Agency"},
	} {
		rec := textRecord()
		rec.Source = tc.source
		if got := Properties(rec, nil, Options{}); !hasProp(got, "Source", tc.want) || !hasProp(got, "Credit", "Anadolu Agency") {
			t.Errorf("Source %q: wrote %v", tc.source, got)
		}
	}
}

func hasProp(ns []*xmp.Node, name, v string) bool {
	for _, n := range ns {
		if n.NS == xmp.NSphotoshop && n.Name == name {
			return n.Value == v
		}
	}
	return false
}

// TestNamesAgencyHook: Options.SameAgency (desk sets check's rule, with
// the user's aliases) decides instead of the built-in rule.
func TestNamesAgencyHook(t *testing.T) {
	rec := caption.ParseText(agencyCaptions[3].text, 0)
	if !NamesAgency(rec, "Getty Images North America", true, Options{}) || NamesAgency(rec, "Reuters", false, Options{}) {
		t.Error("built-in rule: want Getty Images North America to name Getty Images and Reuters not to")
	}
	var asked []string
	opt := Options{SameAgency: func(v string, source bool) bool { asked = append(asked, v); return v == "Our Desk" }}
	if !NamesAgency(rec, "Our Desk", false, opt) || NamesAgency(rec, "Getty Images North America", true, opt) || len(asked) != 2 {
		t.Errorf("hook not used: asked %q", asked)
	}
}
