package sidecar

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/captag/captag/metadata/caption"
	"github.com/captag/captag/metadata/field"
	"github.com/captag/captag/metadata/xmp"
)

const stationery = "testdata/template-stationery.xmp"

func loadStationery(t testing.TB) *Template {
	t.Helper()
	tpl, err := LoadTemplate(stationery)
	if err != nil {
		t.Fatal(err)
	}
	return tpl
}

// templateRecord is textRecord with a keyword and an event of its own.
func templateRecord() caption.Record {
	rec := textRecord() // credit Anadolu Agency, no copyright
	rec.Keywords = []string{"Aleppo"}
	rec.Event = "Evacuation of Aleppo"
	return rec
}

func propText(doc *xmp.Doc, f field.ID) string {
	p := f.XMP()
	return strings.Join(doc.Get(p.NS, p.Name).Texts(), "|")
}

// TestTemplateFillsWhatTheCaptionLacks: a template's fields are written
// where the caption gives none, and the caption's own win on a shared
// field (its credit, keywords, event); the rights and contact properties
// only a template gives are written as the template has them; a second
// merge changes nothing.
func TestTemplateFillsWhatTheCaptionLacks(t *testing.T) {
	tpl := loadStationery(t)
	out, _, err := Merge(nil, templateRecord(), nil, Options{Template: tpl, PairedBy: "name"})
	if err != nil {
		t.Fatal(err)
	}
	doc, err := xmp.Parse(out)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		f    field.ID
		want string
	}{
		{field.Credit, "Anadolu Agency"},      // the caption's
		{field.Keywords, "Aleppo"},            // the caption's
		{field.Event, "Evacuation of Aleppo"}, // the caption's
		{field.Description, aleppoText},
		{field.Copyright, "© 2016 Template Agency"},         // the template's
		{field.UsageTerms, "Editorial use only. No sales."}, // the template's
		{field.Instructions, "Embargoed until 06:00 GMT"},
		{field.WebStatement, "https://example.org/licensing"},
		{field.CreatorTitle, "Staff Photographer"},
		{field.Genre, "Actuality"},
	} {
		if got := propText(doc, c.f); got != c.want {
			t.Errorf("%s = %q, want %q", c.f.XMP().QName(), got, c.want)
		}
	}
	cc := field.CreatorContact.XMP()
	ci := doc.Get(cc.NS, cc.Name)
	if ci == nil || ci.Field(cc.NS, "CiEmailWork").Text() != "photo@example.org" || ci.Field(cc.NS, "CiAdrCity").Text() != "Ankara" {
		t.Errorf("CreatorContactInfo = %+v, want the template's", ci)
	}
	again, changed, err := Merge(out, templateRecord(), nil, Options{Template: tpl, PairedBy: "name"})
	if err != nil || changed != nil || string(again) != string(out) {
		t.Errorf("second merge with the template: changed %v, err %v, same bytes %v", changed, err, string(again) == string(out))
	}
	// A caption with no credit takes the template's.
	rec := templateRecord()
	rec.Agency = ""
	out, _, err = Merge(nil, rec, nil, Options{Template: tpl})
	if doc, _ = xmp.Parse(out); err != nil || propText(doc, field.Credit) != "Template Agency" {
		t.Errorf("no caption credit: photoshop:Credit = %q (err %v), want the template's", propText(doc, field.Credit), err)
	}
}

// TestTemplateIgnored: the properties captag does not carry are named,
// never dropped silently.
func TestTemplateIgnored(t *testing.T) {
	tpl := loadStationery(t)
	if got, want := strings.Join(tpl.Ignored, " "), "xmpRights:Marked xmp:Rating"; got != want || tpl.IgnoredCount != 2 {
		t.Errorf("Ignored = %q (%d), want %q", got, tpl.IgnoredCount, want)
	}
	if n := tpl.IgnoredNote(); !strings.Contains(n, stationery) || !strings.Contains(n, "2 properties captag does not write: xmpRights:Marked, xmp:Rating") {
		t.Errorf("IgnoredNote = %q", n)
	}
}

// TestTemplateRefused: a file that is not an XMP template is refused with
// a message naming the file and what was expected.
func TestTemplateRefused(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		name, body, want string
	}{
		{"photo.jpg", "\xff\xd8\xff\xe0\x00\x10JFIF\x00", "found a JPEG image"},
		{"captions.csv", "file,caption\nIMG_1.jpg,hello\n", "expected an XMP file"},
		{"empty.xmp", `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about=""/></rdf:RDF></x:xmpmeta>`, "found an XMP packet with none"},
		{"big.xmp", strings.Repeat(" ", MaxTemplateBytes+1), "at most 1048576 bytes"},
	} {
		path := filepath.Join(dir, c.name)
		if err := os.WriteFile(path, []byte(c.body), 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := LoadTemplate(path)
		if err == nil || !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want an error naming it and %q", c.name, err, c.want)
		}
	}
	if _, err := LoadTemplate(dir); err == nil || !strings.Contains(err.Error(), "expected a regular file") {
		t.Errorf("a folder: %v", err)
	}
}

// TestTemplateLocation: a template's LocationCreated fills the place
// fields it lacks; the place is one unit: the template's only when the
// caption names none.
func TestTemplateLocation(t *testing.T) {
	tpl, err := ParseTemplate([]byte(`<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
<rdf:Description rdf:about="" xmlns:Iptc4xmpExt="http://iptc.org/std/Iptc4xmpExt/2008-02-29/" xmlns:Iptc4xmpCore="http://iptc.org/std/Iptc4xmpCore/1.0/xmlns/">
<Iptc4xmpCore:CountryCode>FR</Iptc4xmpCore:CountryCode>
<Iptc4xmpExt:LocationCreated><rdf:Bag><rdf:li rdf:parseType="Resource"><Iptc4xmpExt:Sublocation>Old town</Iptc4xmpExt:Sublocation><Iptc4xmpExt:City>Paris</Iptc4xmpExt:City></rdf:li></rdf:Bag></Iptc4xmpExt:LocationCreated>
</rdf:Description></rdf:RDF></x:xmpmeta>`))
	if err != nil {
		t.Fatal(err)
	}
	rec := textRecord() // Aleppo, Syria
	rec.City, rec.Country = "", ""
	doc := &xmp.Doc{Props: Properties(rec, nil, Options{Template: tpl})}
	if got := propText(doc, field.City) + "/" + propText(doc, field.Sublocation) + "/" + propText(doc, field.CountryCode); got != "Paris/Old town/FR" {
		t.Errorf("no place in the caption: city/sublocation/code = %q, want the template's Paris/Old town/FR", got)
	}
	// A caption that names a place keeps it whole: none of the
	// template's place fields beside it.
	rec.Country = "Syria"
	doc = &xmp.Doc{Props: Properties(rec, nil, Options{Template: tpl})}
	if got := propText(doc, field.City) + "/" + propText(doc, field.Sublocation) + "/" + propText(doc, field.CountryCode); got != "//SYR" {
		t.Errorf("the caption's country: city/sublocation/code = %q, want only the caption's //SYR", got)
	}
}

// TestTemplateFromExiftool: a template exiftool writes (`exiftool -o
// tpl.xmp -TAG=VALUE …`, a desk's scripted stationery) is read with its
// values.
func TestTemplateFromExiftool(t *testing.T) {
	tool := needTool(t, "exiftool")
	path := filepath.Join(t.TempDir(), "tpl.xmp")
	out, err := exec.Command(tool, "-o", path, "-XMP-xmpRights:UsageTerms=Editorial use only", "-XMP-dc:Rights=© Desk",
		"-XMP-iptcCore:CreatorWorkEmail=desk@example.org", "-XMP-iptcExt:PersonInImage=A. Person").CombinedOutput()
	if err != nil {
		t.Fatalf("exiftool -o: %v\n%s", err, out)
	}
	tpl, err := LoadTemplate(path)
	if err != nil {
		t.Fatal(err)
	}
	doc := &xmp.Doc{Props: Properties(textRecord(), nil, Options{Template: tpl})}
	cc := field.CreatorContact.XMP()
	if propText(doc, field.UsageTerms) != "Editorial use only" || propText(doc, field.Copyright) != "© Desk" ||
		propText(doc, field.PersonInImage) != "A. Person" || doc.Get(cc.NS, cc.Name).Field(cc.NS, "CiEmailWork").Text() != "desk@example.org" {
		t.Errorf("properties from exiftool's template: %s", xmp.Encode(doc))
	}
}
