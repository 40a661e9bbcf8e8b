package check

import (
	"fmt"
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
	// One finding per field: the stores that say the same thing are named
	// together, each property as a desk would fix it.
	want := []string{
		"date exif/iptc/xmp/sidecar: caption says 2016-12-19; EXIF DateTimeOriginal, IIM DateCreated, XMP photoshop:DateCreated and sidecar photoshop:DateCreated say 2016-12-20 (2016-12-20T09:00:00)",
		"creator exif/iptc/xmp/sidecar: caption names Aref Watad; EXIF Artist, IIM By-line, XMP dc:creator and sidecar dc:creator name Mustafa Sultan",
		"credit exif/iptc/xmp/sidecar: caption credits Anadolu Agency; EXIF Copyright, IIM Credit, IIM CopyrightNotice, XMP photoshop:Credit, XMP dc:rights and sidecar photoshop:Credit name AFP; IIM Source and XMP photoshop:Source name AP",
	}
	wantValues := []int{4, 4, 8}
	var got []string
	var values []int
	for _, f := range Compare(awRecord(), im, ByDateCreator, Options{}) {
		if f.Severity == metadata.SeverityError {
			got = append(got, string(f.Field)+" "+string(f.Store)+": "+f.Message)
			values = append(values, len(f.Values))
		}
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("errors:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if fmt.Sprint(values) != fmt.Sprint(wantValues) {
		t.Errorf("values per finding %v, want %v (one per store property)", values, wantValues)
	}
}

// TestStoresDisagreeNameTheProperties: the warning about stores that
// disagree with each other names each store's property.
func TestStoresDisagreeNameTheProperties(t *testing.T) {
	im := awImage()
	im.IPTC.Date, im.IPTC.Creators = at(2016, 12, 18, 9, 0), []string{"Aref Watad", "Mustafa Sultan"}
	var msgs []string
	for _, f := range Compare(awRecord(), im, ByDateCreator, Options{}) {
		if f.Severity == metadata.SeverityWarning {
			msgs = append(msgs, f.Message)
		}
	}
	// The date error names IIM DateCreated already: no date warning. Both
	// stores' creators meet the caption's but name different people.
	want := []string{
		"the image's stores disagree on the creator: EXIF Artist Aref Watad, IIM By-line Aref Watad; Mustafa Sultan",
	}
	if strings.Join(msgs, "\n") != strings.Join(want, "\n") {
		t.Errorf("warnings:\n%s\nwant:\n%s", strings.Join(msgs, "\n"), strings.Join(want, "\n"))
	}
}
