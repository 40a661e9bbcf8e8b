package check

import (
	"strings"
	"testing"

	"github.com/captag/captag/metadata"
	"github.com/captag/captag/metadata/caption"
)

// TestNamesAgency: the rule by which write keeps a Credit or Source a
// store already holds (issue 19) is Compare's: a value NamesAgency accepts
// gets no credit finding, and one it refuses would be rewritten.
func TestNamesAgency(t *testing.T) {
	getty := caption.ParseText("HORGOS, SERBIA - SEPTEMBER 17: A man sits by the campfire on September 17, 2015 in Horgos, Serbia. (Photo by Christopher Furlong/Getty Images)", 0)
	wire := caption.ParseText("PHILADELPHIA, PA - NOVEMBER 10: Travis Konecny #11 of the Philadelphia Flyers skates on November 10, 2019 in Philadelphia, Pennsylvania. (Photo by Kevin Mazur/WireImage)", 0)
	reuters := caption.ParseText("Britain's Prime Minister Theresa May leaves 10 Downing Street in London, Britain, December 11, 2018. REUTERS/Toby Melville", 0)
	epa := caption.ParseText("epa06735998 Israelis wave flags outside the new US embassy in Jerusalem, Israel, 14 May 2018.  EPA-EFE/ATEF SAFADI", 0)
	desk, err := LoadAliases(strings.NewReader("European Pressphoto Agency = Bilddesk Berlin\n"), DefaultAliases())
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name   string
		rec    caption.Record
		v      string
		source bool
		al     *Aliases
		want   bool
	}{
		{"regional source", getty, "Getty Images North America", true, nil, true},
		{"a chain naming the agency", getty, "AFP/Getty Images", false, nil, true},
		{"the brand's distributor", wire, "Getty Images North America", true, nil, true},
		{"capitals", reuters, "REUTERS", false, nil, true},
		{"the agency's code in Source", reuters, "X90024", true, nil, true},
		{"a code is no Credit", reuters, "X90024", false, nil, false},
		{"EPA for EPA-EFE", epa, "EPA", false, nil, true},
		{"another agency", getty, "Reuters", false, nil, false},
		{"a job number", getty, "2015-0917-0042", true, nil, false},
		{"the user's alias", epa, "Bilddesk Berlin", true, desk, true},
		{"without the user's alias", epa, "Bilddesk Berlin", true, nil, false},
		{"no agency in the caption", caption.Record{}, "Getty Images", false, nil, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := NamesAgency(&tc.rec, tc.v, tc.source, tc.al); got != tc.want {
				t.Errorf("NamesAgency(%q, %q, source %v) = %v, want %v", tc.rec.Agency, tc.v, tc.source, got, tc.want)
			}
		})
	}
}

// TestWrittenFormsAgree: what write puts into the stores since issue 19,
// the creator and the agency as the caption spells them ("JOSEPH EID",
// "EPA-EFE", "REUTERS"), agrees with the caption: check reports nothing.
func TestWrittenFormsAgree(t *testing.T) {
	for _, text := range []string{
		"A Hezbollah fighter monitors an area as he stands on a hill in the Lebanese side of the Qalamun mountains on the border with Syria on May 20, 2015 ( AFP PHOTO / JOSEPH EID)",
		"epa06735998 Israelis wave flags outside the new US embassy in Jerusalem, Israel, 14 May 2018.  EPA-EFE/ATEF SAFADI",
		"Britain's Prime Minister Theresa May leaves 10 Downing Street in London, Britain, December 11, 2018. REUTERS/Toby Melville",
	} {
		r := caption.ParseText(text, 0)
		im := img("d/a.jpg", at(r.Date.Year, r.Date.Month, r.Date.Day, 9, 30), r.WrittenCreators()...)
		im.IPTC.Credit, im.IPTC.Source = r.WrittenAgency(), r.WrittenAgency()
		im.XMP = &metadata.Store{Kind: metadata.StoreXMP, Date: at(r.Date.Year, r.Date.Month, r.Date.Day, 9, 30), Creators: r.WrittenCreators(),
			Credit: r.WrittenAgency(), Source: r.WrittenAgency()}
		if fs := Compare(r, im, ByName, Options{}); len(fs) != 0 {
			t.Errorf("%s / %s: %+v", r.WrittenCreators(), r.WrittenAgency(), fs)
		}
	}
}
