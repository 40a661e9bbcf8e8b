package embed

// Interop: a metadata template's fields and the IPTC columns of a CSV
// caption (issue 25), written into a sidecar and embedded into a JPEG, read
// back by the real exiftool and exiv2. Skipped when a tool is missing (CI
// installs both).

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/captag/captag/metadata/caption"
	"github.com/captag/captag/metadata/fixture"
	"github.com/captag/captag/sidecar"
)

// templateCaption is a CSV caption with the new columns; its credit and
// instructions are its own, its copyright and usage terms left to the
// template.
func templateCaption() caption.Record {
	rec := aleppo()
	rec.Copyright = ""
	rec.Headline = "Evacuation of Aleppo"
	rec.Sublocation = "Ramouseh crossing"
	rec.PersonsShown = []string{"Smith, John", "Jane Doe"}
	rec.Instructions = "Caption's own instructions"
	return rec
}

// templateWants are the values both tools must read: the caption's where
// caption and template share a field, the template's elsewhere.
var templateWants = []struct{ exiftool, exiv2, want string }{
	{"XMP-photoshop:Credit", "Xmp.photoshop.Credit", "Anadolu Agency"},                         // the caption's, not "Template Agency"
	{"XMP-photoshop:Instructions", "Xmp.photoshop.Instructions", "Caption's own instructions"}, // the caption's
	{"XMP-photoshop:Headline", "Xmp.photoshop.Headline", "Evacuation of Aleppo"},
	{"XMP-iptcCore:Location", "Xmp.iptc.Location", "Ramouseh crossing"},
	{"XMP-iptcExt:PersonInImage", "Xmp.iptcExt.PersonInImage", "Smith, John|Jane Doe"},
	{"XMP-iptcExt:Event", "Xmp.iptcExt.Event", "Syrian civil war"}, // the template's
	{"XMP-xmpRights:UsageTerms", "Xmp.xmpRights.UsageTerms", "Editorial use only. No sales."},
	{"XMP-dc:Rights", "Xmp.dc.rights", "© 2016 Template Agency"},
	{"XMP-xmpRights:WebStatement", "Xmp.xmpRights.WebStatement", "https://example.org/licensing"},
	{"XMP-photoshop:AuthorsPosition", "Xmp.photoshop.AuthorsPosition", "Staff Photographer"},
	{"XMP-iptcCore:CreatorWorkEmail", "Xmp.iptc.CreatorContactInfo/Iptc4xmpCore:CiEmailWork", "photo@example.org"},
}

// iimWants are the IIM datasets the embedded JPEG must carry.
var iimWants = []struct{ exiftool, exiv2, want string }{
	{"IPTC:Credit", "Iptc.Application2.Credit", "Anadolu Agency"},
	{"IPTC:Headline", "Iptc.Application2.Headline", "Evacuation of Aleppo"},
	{"IPTC:Sub-location", "Iptc.Application2.SubLocation", "Ramouseh crossing"},
	{"IPTC:SpecialInstructions", "Iptc.Application2.SpecialInstructions", "Caption's own instructions"},
	{"IPTC:CopyrightNotice", "Iptc.Application2.Copyright", "© 2016 Template Agency"},
	{"IPTC:By-lineTitle", "Iptc.Application2.BylineTitle", "Staff Photographer"},
}

func TestTemplateInterop(t *testing.T) {
	for _, tool := range []string{"exiftool", "exiv2"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s not on PATH: interop check skipped (CI installs it)", tool)
		}
	}
	tpl, err := sidecar.LoadTemplate(filepath.Join("..", "testdata", "template-stationery.xmp"))
	if err != nil {
		t.Fatal(err)
	}
	opt := sidecar.Options{Template: tpl}
	dir := t.TempDir()
	side, _, err := sidecar.Merge(nil, templateCaption(), nil, opt)
	if err != nil {
		t.Fatal(err)
	}
	sidePath := filepath.Join(dir, "IMG_1.xmp")
	res, err := JPEG(fixture.JPEG(fixture.All(wire)), templateCaption(), nil, Options{Sidecar: opt})
	if err != nil {
		t.Fatal(err)
	}
	jpgPath := filepath.Join(dir, "IMG_2.jpg")
	for p, b := range map[string][]byte{sidePath: side, jpgPath: res.Data} {
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, p := range []string{sidePath, jpgPath} {
		et, ex := exiftoolFlat(t, p), exiv2Px(t, p)
		wants := templateWants
		if p == jpgPath {
			wants = append(wants[:len(wants):len(wants)], iimWants...)
		}
		for _, w := range wants {
			if got := et[w.exiftool]; got != w.want {
				t.Errorf("%s: exiftool %s = %q, want %q", filepath.Base(p), w.exiftool, got, w.want)
			}
			if got := ex[w.exiv2]; !strings.Contains(got, strings.ReplaceAll(w.want, "|", ", ")) {
				t.Errorf("%s: exiv2 %s = %q, want %q", filepath.Base(p), w.exiv2, got, w.want)
			}
		}
	}
}

// exiftoolFlat is exiftool's -G1 reading of file, each list joined with
// "|".
func exiftoolFlat(t *testing.T, file string) map[string]string {
	t.Helper()
	out, err := exec.Command("exiftool", "-j", "-G1", "-a", file).Output()
	if err != nil {
		t.Fatalf("exiftool %s: %v", file, err)
	}
	var objs []map[string]any
	if err := json.Unmarshal(out, &objs); err != nil || len(objs) != 1 {
		t.Fatalf("exiftool %s: %v\n%s", file, err, out)
	}
	m := map[string]string{}
	for k, v := range objs[0] {
		if l, ok := v.([]any); ok {
			parts := make([]string, len(l))
			for i, x := range l {
				parts[i] = fmt.Sprint(x)
			}
			m[k] = strings.Join(parts, "|")
			continue
		}
		m[k] = fmt.Sprint(v)
	}
	return m
}

// exiv2Px is exiv2's -pa reading of file: key → value.
func exiv2Px(t *testing.T, file string) map[string]string {
	t.Helper()
	out, err := exec.Command("exiv2", "-pa", file).Output()
	if err != nil {
		t.Fatalf("exiv2 -pa %s: %v\n%s", file, err, out)
	}
	m := map[string]string{}
	for _, line := range strings.Split(string(out), "\n") {
		f := strings.Fields(line)
		if len(f) < 4 {
			continue
		}
		// key, type, count, then the value as printed
		i := strings.Index(line, f[2]) + len(f[2])
		m[f[0]] = strings.TrimSpace(line[i:])
	}
	return m
}
