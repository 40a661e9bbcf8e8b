package check

import (
	"strings"
	"testing"

	"github.com/captag/captag/metadata"
)

// TestMessagesNameTheProperty: two findings from one store (IIM Credit and
// IIM CopyrightNotice) must say which property to fix, and so must date
// and creator findings, in every store.
func TestMessagesNameTheProperty(t *testing.T) {
	im := awImage()
	im.EXIF.Date, im.EXIF.Creators, im.EXIF.Copyright = at(2016, 12, 20, 9, 0), []string{"Mustafa Sultan"}, "© 2016 AFP"
	im.IPTC.Date, im.IPTC.Creators = at(2016, 12, 20, 9, 0), []string{"Mustafa Sultan"}
	im.IPTC.Credit, im.IPTC.Source, im.IPTC.Copyright = "AFP", "AP", "2016 AFP"
	im.XMP = &metadata.Store{Kind: metadata.StoreXMP, Date: at(2016, 12, 20, 9, 0), Creators: []string{"Mustafa Sultan"},
		Credit: "AFP", Source: "AP", Copyright: "AFP"}
	im.Sidecar = &metadata.Store{Kind: metadata.StoreSidecar, Date: at(2016, 12, 20, 9, 0), Creators: []string{"Mustafa Sultan"},
		Credit: "AFP"}
	want := []string{
		"date exif: caption says 2016-12-19, EXIF DateTimeOriginal says 2016-12-20",
		"date iptc: caption says 2016-12-19, IIM DateCreated says 2016-12-20",
		"date xmp: caption says 2016-12-19, XMP photoshop:DateCreated says 2016-12-20",
		"date sidecar: caption says 2016-12-19, sidecar photoshop:DateCreated says 2016-12-20",
		"creator exif: caption names Aref Watad, EXIF Artist names Mustafa Sultan",
		"creator iptc: caption names Aref Watad, IIM By-line names Mustafa Sultan",
		"creator xmp: caption names Aref Watad, XMP dc:creator names Mustafa Sultan",
		"creator sidecar: caption names Aref Watad, sidecar dc:creator names Mustafa Sultan",
		"credit exif: caption credits Anadolu Agency, EXIF Copyright names AFP",
		"credit iptc: caption credits Anadolu Agency, IIM Credit says AFP",
		"credit iptc: caption credits Anadolu Agency, IIM Source says AP",
		"credit iptc: caption credits Anadolu Agency, IIM CopyrightNotice names AFP",
		"credit xmp: caption credits Anadolu Agency, XMP photoshop:Credit says AFP",
		"credit xmp: caption credits Anadolu Agency, XMP photoshop:Source says AP",
		"credit xmp: caption credits Anadolu Agency, XMP dc:rights names AFP",
		"credit sidecar: caption credits Anadolu Agency, sidecar photoshop:Credit says AFP",
	}
	var got []string
	for _, f := range Compare(awRecord(), im, ByDateCreator, Options{}) {
		if f.Severity == SeverityError {
			got = append(got, f.Field+" "+f.Store+": "+f.Message)
		}
	}
	if len(got) != len(want) {
		t.Fatalf("%d errors, want %d:\n%s", len(got), len(want), strings.Join(got, "\n"))
	}
	for i := range want {
		if !strings.HasPrefix(got[i], want[i]) {
			t.Errorf("error %d:\n got  %s\n want %s…", i, got[i], want[i])
		}
	}
	// The two iptc credit findings differ in their messages, so a desk can
	// tell them apart although field and store are the same.
	seen := map[string]bool{}
	for _, g := range got {
		if seen[g] {
			t.Errorf("two findings with one message: %s", g)
		}
		seen[g] = true
	}
}

// TestStoresDisagreeNameTheProperties: the warning about stores that
// disagree with each other names each store's property.
func TestStoresDisagreeNameTheProperties(t *testing.T) {
	im := awImage()
	im.IPTC.Date, im.IPTC.Creators = at(2016, 12, 18, 9, 0), []string{"Aref Watad", "Mustafa Sultan"}
	var msgs []string
	for _, f := range Compare(awRecord(), im, ByDateCreator, Options{}) {
		if f.Severity == SeverityWarning {
			msgs = append(msgs, f.Message)
		}
	}
	want := []string{
		"the image's stores disagree on the date: EXIF DateTimeOriginal 2016-12-19, IIM DateCreated 2016-12-18",
		"the image's stores disagree on the creator: EXIF Artist Aref Watad, IIM By-line Aref Watad; Mustafa Sultan",
	}
	if strings.Join(msgs, "\n") != strings.Join(want, "\n") {
		t.Errorf("warnings:\n%s\nwant:\n%s", strings.Join(msgs, "\n"), strings.Join(want, "\n"))
	}
}
