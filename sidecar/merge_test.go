package sidecar

import (
	"bytes"
	"errors"
	"reflect"
	"testing"

	"github.com/captag/captag/metadata/caption"
	"github.com/captag/captag/metadata/date"
	"github.com/captag/captag/metadata/xmp"
)

// goldenCases are the sidecars the golden and interop tests write:
// (a) a fresh one, (b) merged into an exiftool-style element-form sidecar,
// (c) merged into a Lightroom-style attribute-form sidecar.
var goldenCases = []struct {
	name, input, golden string
	rec                 func() caption.Record
	changed             []string
	// kept are the input's values (by exiftool tag) that already say what
	// captag would write, and stay as they are: in-exiftool.xmp's Credit
	// "AA" names Anadolu Agency.
	kept map[string]any
}{
	{
		name: "fresh", golden: "golden-fresh.xmp", rec: csvRecord,
		changed: []string{"dc:description", "dc:creator", "photoshop:Credit", "photoshop:Source", "photoshop:DateCreated",
			"photoshop:City", "photoshop:State", "photoshop:Country", "Iptc4xmpCore:CountryCode", "Iptc4xmpExt:LocationCreated",
			"photoshop:Headline", "dc:title", "dc:subject", "dc:rights", "photoshop:Instructions",
			"photoshop:TransmissionReference", "photoshop:CaptionWriter"},
	},
	{
		name: "exiftool", input: "in-exiftool.xmp", golden: "golden-exiftool.xmp", rec: csvRecord,
		changed: []string{"dc:description", "dc:creator", "photoshop:Source", "photoshop:DateCreated",
			"photoshop:City", "photoshop:State", "photoshop:Country", "Iptc4xmpCore:CountryCode", "Iptc4xmpExt:LocationCreated",
			"photoshop:Headline", "dc:title", "dc:subject", "dc:rights", "photoshop:Instructions",
			"photoshop:TransmissionReference", "photoshop:CaptionWriter"},
		kept: map[string]any{"XMP-photoshop:Credit": "AA"},
	},
	{
		name: "lightroom", input: "in-lightroom.xmp", golden: "golden-lightroom.xmp", rec: textRecord,
		changed: []string{"dc:description", "dc:creator", "photoshop:Credit", "photoshop:Source", "photoshop:DateCreated",
			"photoshop:City", "photoshop:Country", "Iptc4xmpCore:CountryCode", "Iptc4xmpExt:LocationCreated",
			"photoshop:CaptionWriter"},
	},
}

func TestMergeGolden(t *testing.T) {
	for _, tc := range goldenCases {
		t.Run(tc.name, func(t *testing.T) {
			var in []byte
			if tc.input != "" {
				in = readTestdata(t, tc.input)
			}
			out, changed, err := Merge(in, tc.rec(), aleppoImage(), testOptions)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(changed, tc.changed) {
				t.Errorf("changed = %q\nwant      %q", changed, tc.changed)
			}
			golden(t, tc.golden, out)

			// The same inputs give the same bytes.
			again, _, err := Merge(in, tc.rec(), aleppoImage(), testOptions)
			if err != nil || !bytes.Equal(again, out) {
				t.Errorf("a second Merge of the same inputs gave other bytes (err %v)", err)
			}
			// Merging the output again changes nothing.
			second, changed2, err := Merge(out, tc.rec(), aleppoImage(), testOptions)
			if err != nil {
				t.Fatal(err)
			}
			if changed2 != nil || !bytes.Equal(second, out) {
				t.Errorf("re-merging the output: changed %q, identical bytes %v; want nothing changed", changed2, bytes.Equal(second, out))
			}
			if tc.input != "" {
				assertOthersKept(t, in, out)
			}
		})
	}
}

// assertOthersKept checks that every top-level property of in that captag
// does not own is in out with the same value, in the same order.
func assertOthersKept(t *testing.T, in, out []byte) {
	t.Helper()
	before, err := xmp.Parse(in)
	if err != nil {
		t.Fatalf("input does not parse: %v", err)
	}
	after, err := xmp.Parse(out)
	if err != nil {
		t.Fatalf("Merge's output does not parse: %v", err)
	}
	if before.About != after.About {
		t.Errorf("rdf:about %q became %q", before.About, after.About)
	}
	if a, b := others(before), others(after); !equalNodes(a, b) {
		t.Errorf("properties captag does not own changed:\n before %q\n after  %q", flat(a), flat(b))
	}
}

func others(d *xmp.Doc) []*xmp.Node {
	var out []*xmp.Node
	for _, p := range d.Props {
		if !isOwned(p) {
			out = append(out, p)
		}
	}
	return out
}

func isOwned(n *xmp.Node) bool {
	for _, f := range owned {
		if p := f.XMP(); p.NS == n.NS && p.Name == n.Name {
			return true
		}
	}
	return false
}

// mergeDoc merges rec into the sidecar in and parses the result.
func mergeDoc(t *testing.T, in string, rec caption.Record, opt Options) (*xmp.Doc, []string) {
	t.Helper()
	var b []byte
	if in != "" {
		b = []byte(in)
	}
	out, changed, err := Merge(b, rec, nil, opt)
	if err != nil {
		t.Fatal(err)
	}
	d, err := xmp.Parse(out)
	if err != nil {
		t.Fatalf("Merge's output does not parse: %v\n%s", err, out)
	}
	return d, changed
}

func packet(body string) string {
	return `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">` +
		`<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:photoshop="http://ns.adobe.com/photoshop/1.0/"` +
		` xmlns:Iptc4xmpExt="http://iptc.org/std/Iptc4xmpExt/2008-02-29/" xmlns:xmp="http://ns.adobe.com/xap/1.0/">` +
		body + `</rdf:Description></rdf:RDF></x:xmpmeta>`
}

func TestMergeLangAlt(t *testing.T) {
	in := packet(`<dc:description><rdf:Alt>` +
		`<rdf:li xml:lang="de">Syrer warten</rdf:li>` +
		`<rdf:li xml:lang="x-default">old</rdf:li>` +
		`<rdf:li xml:lang="en-US">old</rdf:li>` +
		`</rdf:Alt></dc:description>`)
	d, changed := mergeDoc(t, in, caption.Record{Text: "new caption"}, Options{})
	if !reflect.DeepEqual(changed, []string{"dc:description"}) {
		t.Errorf("changed = %q", changed)
	}
	got := flatValue(d.Get(xmp.NSdc, "description"))
	// x-default replaced (and first), its en-US copy follows it, German kept.
	want := "{x-default:new caption|de:Syrer warten|en-US:new caption}"
	if got != want {
		t.Errorf("dc:description = %s, want %s", got, want)
	}

	// No x-default yet: one is added first, the other languages stay.
	in = packet(`<dc:title><rdf:Alt><rdf:li xml:lang="fr">Titre</rdf:li></rdf:Alt></dc:title>`)
	d, _ = mergeDoc(t, in, caption.Record{Title: "Title"}, Options{})
	if got, want := flatValue(d.Get(xmp.NSdc, "title")), "{x-default:Title|fr:Titre}"; got != want {
		t.Errorf("dc:title = %s, want %s", got, want)
	}
}

func TestMergeKeepExisting(t *testing.T) {
	in := packet(`<photoshop:City>Halab</photoshop:City><photoshop:Credit> </photoshop:Credit>` +
		`<dc:description><rdf:Alt><rdf:li xml:lang="x-default">theirs</rdf:li></rdf:Alt></dc:description>`)
	rec := caption.Record{Text: "ours", City: "Aleppo", Agency: "Anadolu Agency"}
	d, changed := mergeDoc(t, in, rec, Options{KeepExisting: true})
	if got := d.Get(xmp.NSphotoshop, "City").Text(); got != "Halab" {
		t.Errorf("KeepExisting: photoshop:City = %q, want the existing %q", got, "Halab")
	}
	if got := d.Get(xmp.NSdc, "description").Text(); got != "theirs" {
		t.Errorf("KeepExisting: dc:description = %q, want the existing %q", got, "theirs")
	}
	// A blank value is no value: it is filled.
	if got := d.Get(xmp.NSphotoshop, "Credit").Text(); got != "Anadolu Agency" {
		t.Errorf("KeepExisting: blank photoshop:Credit became %q, want it filled", got)
	}
	want := []string{"photoshop:Credit", "photoshop:Source", "Iptc4xmpExt:LocationCreated"}
	if !reflect.DeepEqual(changed, want) {
		t.Errorf("changed = %q, want %q", changed, want)
	}

	d, _ = mergeDoc(t, in, rec, Options{})
	if got := d.Get(xmp.NSphotoshop, "City").Text(); got != "Aleppo" {
		t.Errorf("without KeepExisting: photoshop:City = %q, want %q", got, "Aleppo")
	}
}

func TestMergeEmptyValuesDeleteNothing(t *testing.T) {
	in := packet(`<photoshop:Headline>Kept headline</photoshop:Headline><photoshop:City>Halab</photoshop:City>` +
		`<dc:creator><rdf:Seq><rdf:li>Someone</rdf:li></rdf:Seq></dc:creator>`)
	d, changed := mergeDoc(t, in, caption.Record{Text: "only a caption"}, Options{})
	for _, c := range []struct{ ns, name, want string }{
		{xmp.NSphotoshop, "Headline", "Kept headline"},
		{xmp.NSphotoshop, "City", "Halab"},
		{xmp.NSdc, "creator", "Someone"},
	} {
		if got := d.Get(c.ns, c.name).Text(); got != c.want {
			t.Errorf("%s = %q, want %q kept: the record has no value for it", c.name, got, c.want)
		}
	}
	if !reflect.DeepEqual(changed, []string{"dc:description"}) {
		t.Errorf("changed = %q, want only dc:description", changed)
	}
}

func TestMergeKeywordsAdded(t *testing.T) {
	in := packet(`<dc:subject><rdf:Bag><rdf:li>Syria</rdf:li><rdf:li>civil war</rdf:li></rdf:Bag></dc:subject>`)
	d, _ := mergeDoc(t, in, caption.Record{Keywords: []string{"syria", "Aleppo"}}, Options{})
	if got, want := flatValue(d.Get(xmp.NSdc, "subject")), "[Syria|civil war|Aleppo]"; got != want {
		t.Errorf("dc:subject = %s, want %s (existing kept, new added, case-insensitive)", got, want)
	}
}

func TestMergeLocationCreatedFields(t *testing.T) {
	in := packet(`<Iptc4xmpExt:LocationCreated><rdf:Bag><rdf:li rdf:parseType="Resource">` +
		`<Iptc4xmpExt:Sublocation>East Aleppo</Iptc4xmpExt:Sublocation><Iptc4xmpExt:City>Halab</Iptc4xmpExt:City>` +
		`</rdf:li></rdf:Bag></Iptc4xmpExt:LocationCreated>`)
	d, _ := mergeDoc(t, in, caption.Record{City: "Aleppo", Country: "Syria"}, Options{})
	got := flatValue(d.Get(xmp.NSIptc4xmpExt, "LocationCreated"))
	want := "[(Sublocation:East Aleppo,City:Aleppo,CountryName:Syria,CountryCode:SYR)]"
	if got != want {
		t.Errorf("LocationCreated = %s, want %s", got, want)
	}
}

func TestMergeUnchangedReturnsInputBytes(t *testing.T) {
	// Element-form input that already holds what captag would write: the
	// file is returned byte for byte, not re-serialised.
	in := []byte(packet(`<photoshop:Headline>Evacuation</photoshop:Headline><xmp:Rating>5</xmp:Rating>`))
	out, changed, err := Merge(in, caption.Record{Headline: "Evacuation"}, nil, Options{Toolkit: "captag"})
	if err != nil {
		t.Fatal(err)
	}
	if changed != nil || !bytes.Equal(out, in) {
		t.Errorf("nothing to change: changed %q, same bytes %v", changed, bytes.Equal(out, in))
	}
}

func TestMergeRefusesWhatItCannotRead(t *testing.T) {
	for _, tc := range []struct{ name, in string }{
		{"not XML", "this is not a sidecar"},
		{"truncated", `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about=""`},
		{"HTML", "<html><body>404</body></html>"},
		{"white space", " \n\t "},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, changed, err := Merge([]byte(tc.in), textRecord(), nil, testOptions)
			var me *MergeError
			if !errors.As(err, &me) {
				t.Fatalf("Merge(%q) err = %v, want *MergeError", tc.in, err)
			}
			if out != nil || changed != nil {
				t.Errorf("Merge of an unreadable sidecar returned data (%d bytes) or changes %q", len(out), changed)
			}
			if me.Expected == "" || me.Found == "" {
				t.Errorf("MergeError %+v does not say what was expected and found", me)
			}
		})
	}
}

func TestMergeEmptyFileCreates(t *testing.T) {
	out, changed, err := Merge([]byte{}, textRecord(), aleppoImage(), testOptions)
	if err != nil || len(changed) == 0 {
		t.Fatalf("Merge of a zero-byte sidecar: %v, changed %q", err, changed)
	}
	fresh, _, _ := Merge(nil, textRecord(), aleppoImage(), testOptions)
	if !bytes.Equal(out, fresh) {
		t.Error("a zero-byte sidecar should be treated as none")
	}
}

func BenchmarkMerge(b *testing.B) {
	in, err := readFileB("testdata/in-lightroom.xmp")
	if err != nil {
		b.Fatal(err)
	}
	rec, img := csvRecord(), aleppoImage()
	b.ReportAllocs()
	b.SetBytes(int64(len(in)))
	for b.Loop() {
		if _, _, err := Merge(in, rec, img, testOptions); err != nil {
			b.Fatal(err)
		}
	}
}

func TestMergeDateCreatedKeepsKnownTime(t *testing.T) {
	in := packet(`<photoshop:DateCreated>2016-12-19T14:05:00.25+03:00</photoshop:DateCreated>`)
	for _, tc := range []struct {
		rec  caption.Record
		want string
	}{
		// Only the day is known: the sidecar's time on that day stays.
		{caption.Record{Date: date.DayOf(2016, 12, 19)}, "2016-12-19T14:05:00.25+03:00"},
		// Another day: the caption wins.
		{caption.Record{Date: date.DayOf(2016, 12, 18)}, "2016-12-18"},
	} {
		d, _ := mergeDoc(t, in, tc.rec, Options{})
		if got := d.Get(xmp.NSphotoshop, "DateCreated").Text(); got != tc.want {
			t.Errorf("caption %d-%d-%d: DateCreated = %q, want %q", tc.rec.Date.Year, tc.rec.Date.Month, tc.rec.Date.Day, got, tc.want)
		}
	}
}
