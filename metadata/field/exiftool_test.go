package field_test

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/captag/captag/metadata"
	"github.com/captag/captag/metadata/field"
	"github.com/captag/captag/metadata/fixture"
	"github.com/captag/captag/metadata/xmp"
)

// TestExiftoolNamesDerived pins the -G1 names of a few fields as a desk
// types them, without exiftool.
func TestExiftoolNamesDerived(t *testing.T) {
	tests := []struct {
		got, want string
	}{
		{field.Creator.ExiftoolEXIF(), "IFD0:Artist"},
		{field.DateCreated.ExiftoolEXIF(), "ExifIFD:DateTimeOriginal"},
		{field.Credit.ExiftoolEXIF(), ""},
		{field.Creator.ExiftoolIIM(), "IPTC:By-line"},
		{field.Credit.ExiftoolIIM(), "IPTC:Credit"},
		{field.Copyright.ExiftoolIIM(), "IPTC:CopyrightNotice"},
		{field.Creator.ExiftoolXMP(), "XMP-dc:Creator"},
		{field.Credit.ExiftoolXMP(), "XMP-photoshop:Credit"},
		{field.Copyright.ExiftoolXMP(), "XMP-dc:Rights"},
		{field.CountryCode.ExiftoolXMP(), "XMP-iptcCore:CountryCode"},
		{field.City.ExiftoolLocation(), "XMP-iptcExt:LocationCreatedCity"},
		{field.Region.ExiftoolLocation(), "XMP-iptcExt:LocationCreatedProvinceState"},
		{field.PairedBy.ExiftoolXMP(), "XMP-captag:PairedBy"},
		{field.Headline.ExiftoolLocation(), ""},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("got %q, want %q", tt.got, tt.want)
		}
	}
}

// TestExiftoolNames writes a value under every name the table derives
// with the real exiftool (which refuses a tag it does not know) and reads
// it back: exiftool -G1 must report it under that very name, and captag's
// reader must find it in the store and field the table says. captag's own
// namespace, which exiftool cannot write, is read from a packet.
func TestExiftoolNames(t *testing.T) {
	if _, err := exec.LookPath("exiftool"); err != nil {
		t.Skip("exiftool is not installed (.ci/run installs libimage-exiftool-perl)")
	}
	dir := t.TempDir()
	img := filepath.Join(dir, "names.jpg")
	if err := os.WriteFile(img, fixture.JPEG(fixture.Spec{}), 0o644); err != nil {
		t.Fatal(err)
	}
	type name struct {
		tag   string
		id    field.ID
		store metadata.StoreKind
	}
	var names []name
	args := []string{"-overwrite_original", "-m", "-charset", "iptc=UTF8", "-IPTC:CodedCharacterSet=UTF8"}
	for _, r := range field.All() {
		for _, n := range []name{
			{r.ID.ExiftoolEXIF(), r.ID, metadata.StoreEXIF},
			{r.ID.ExiftoolIIM(), r.ID, metadata.StoreIPTC},
			{r.ID.ExiftoolXMP(), r.ID, metadata.StoreXMP},
			{r.ID.ExiftoolLocation(), r.ID, ""},
		} {
			// A struct (LocationCreated, CreatorContactInfo) takes no
			// value of its own: exiftool writes its flattened fields.
			if n.tag == "" || strings.HasPrefix(n.tag, "XMP-captag:") || (n.store == metadata.StoreXMP && r.XMP.Kind == xmp.KindStruct) || n.tag == field.LocationCreated.ExiftoolXMP() {
				continue
			}
			names = append(names, n)
			args = append(args, "-"+n.tag+"="+valueFor(n.id, n.store))
		}
	}
	out, err := exec.Command("exiftool", append(args, img)...).CombinedOutput()
	if err != nil || bytes.Contains(out, []byte("not defined")) || bytes.Contains(out, []byte("Warning")) {
		t.Fatalf("exiftool refused a name: %v\n%s", err, out)
	}
	got := exiftoolG1(t, img)
	for _, n := range names {
		if _, ok := got[n.tag]; !ok {
			t.Errorf("exiftool -G1 does not report %s after writing it", n.tag)
		}
	}
	// captag reads each value where the table says it is.
	data, err := os.ReadFile(img)
	if err != nil {
		t.Fatal(err)
	}
	im, err := metadata.Read(bytes.NewReader(data), int64(len(data)), img)
	if err != nil {
		t.Fatal(err)
	}
	stores := map[metadata.StoreKind]*metadata.Store{metadata.StoreEXIF: im.EXIF, metadata.StoreIPTC: im.IPTC, metadata.StoreXMP: im.XMP}
	checked := 0
	for _, n := range names {
		s := stores[n.store]
		if n.store == "" || !metadata.Keeps(n.id) || s == nil || (n.id == field.Creator && n.store == metadata.StoreEXIF) {
			continue
		}
		if v := s.Text(n.id); v != valueFor(n.id, n.store) {
			t.Errorf("%s: captag's %s store gives %s %q, want %q", n.tag, n.store, n.id, v, valueFor(n.id, n.store))
		}
		checked++
	}
	if checked < 25 {
		t.Errorf("captag read back %d of the names, want 25 or more", checked)
	}

	xmpFile := filepath.Join(dir, "mark.xmp")
	packet := `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">` +
		`<rdf:Description rdf:about="" xmlns:captag="` + field.PairedBy.XMP().NS + `" captag:PairedBy="text" captag:Caption="sha256:00"/></rdf:RDF></x:xmpmeta>`
	if err := os.WriteFile(xmpFile, []byte(packet), 0o644); err != nil {
		t.Fatal(err)
	}
	marks := exiftoolG1(t, xmpFile)
	for _, id := range []field.ID{field.PairedBy, field.CaptionMark} {
		if _, ok := marks[id.ExiftoolXMP()]; !ok {
			t.Errorf("exiftool -G1 does not report %s in %v", id.ExiftoolXMP(), marks)
		}
	}
}

// valueFor is a value of the field that every store accepts.
func valueFor(id field.ID, store metadata.StoreKind) string {
	switch id {
	case field.DateCreated:
		if store == metadata.StoreEXIF {
			return "2016:12:19 10:00:00"
		}
		return "2016:12:19"
	case field.TimeCreated:
		return "10:00:00+03:00"
	case field.CountryCode:
		return "SYR"
	case field.Urgency:
		return "5"
	case field.Category:
		return "POL"
	}
	return "v " + strings.ReplaceAll(id.String(), "/", " ") + " é"
}

func exiftoolG1(t *testing.T, path string) map[string]any {
	t.Helper()
	out, err := exec.Command("exiftool", "-j", "-G1", path).Output()
	if err != nil {
		t.Fatalf("exiftool -j -G1: %v", err)
	}
	var objs []map[string]any
	if err := json.Unmarshal(out, &objs); err != nil || len(objs) != 1 {
		t.Fatalf("exiftool -j: %v %s", err, out)
	}
	return objs[0]
}
