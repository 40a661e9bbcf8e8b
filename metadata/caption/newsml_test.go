package caption

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

// The NewsML-G2 items below are written for these tests in the structure
// of published examples (the captions are made up; facts such as names of
// elements, attributes, roles and renditions are theirs):
//
//   - IPTC, github.com/iptc/newsml-g2 at 7f172b01 (NewsML-G2 2.35),
//     examples/LISTING_3_Photo_in_NewsML-G2.xml (a Getty Images picture:
//     creator role crol:photographer with a name child, creditline,
//     description role drol:caption, contentCreated with an offset, three
//     remoteContent renditions, rnd:highRes "./NAME.jpg" first and
//     rnd:web "file:///./ NAME-web.jpg" with a space);
//     LISTING_26_Embedded_photo_metadata_fields_mapped_to_NewsML-G2.xml
//     (itemMeta/fileName and title, creditline "Agency/Name" beside a
//     creator element, an http href); LISTING_6_Simple_NewsML-G2_Package.xml
//     (a packageItem whose itemRefs carry itemClass, title and a caption);
//     LISTING_24_News_Message_conveying_a_complete_News_Package.xml (a
//     newsMessage whose itemSet holds a packageItem and several newsItems);
//     LISTING_28_Illustrating_Located_Subject_and_Dateline.xml (located
//     with broader); ap_metadata_example.xml (encoding="ISO-8859-1");
//   - TT Nyhetsbyrån's NewsML-G2 spec (spec.tt.se): every item in a
//     newsMessage, a text item first and one newsItem per image, creator
//     literal="Name", creditline "Name / TT".
//
// Copies and a manifest are kept outside the repository
// (/work/newsml-samples/MANIFEST.md on the machine this was written on).

const gettyShaped = `<newsItem xmlns="http://iptc.org/std/nar/2006-10-01/" guid="tag:example.com,2010:P1"
    version="1" standard="NewsML-G2" standardversion="2.35" conformance="power" xml:lang="en-US">
  <rightsInfo><copyrightNotice>Copyright 2010 Example Images</copyrightNotice></rightsInfo>
  <itemMeta><itemClass qcode="ninat:picture"/><provider qcode="nprov:GYI"/>
    <versionCreated>2010-10-21T06:42:04Z</versionCreated></itemMeta>
  <contentMeta>
    <contentCreated>2010-10-20T23:45:58-04:00</contentCreated>
    <creator role="crol:photographer"><name>Spencer Platt</name></creator>
    <contributor role="ctrol:descrWriter"><name>sp/lrc</name></contributor>
    <creditline>Getty Images</creditline>
    <keyword>business</keyword><keyword>economy</keyword>
    <headline>Downtown at night</headline>
    <description role="drol:summary">Short.</description>
    <description role="drol:caption">A general view of
      downtown Las Vegas, Nevada.</description>
  </contentMeta>
  <contentSet>
    <remoteContent rendition="rnd:thumb" href="file:///./P1-thumb.gif" contenttype="image/gif"/>
    <remoteContent rendition="rnd:highRes" href="./P1.jpg" contenttype="image/jpeg"/>
    <remoteContent rendition="rnd:web" href="file:///./ P1-web.jpg" contenttype="image/jpeg"/>
  </contentSet>
</newsItem>
`

// ttShaped is a feed: a newsMessage with a package, the story's text
// item and two pictures.
const ttShaped = `<?xml version="1.0" encoding="UTF-8"?>
<newsMessage xmlns="http://iptc.org/std/nar/2006-10-01/">
  <header><sent>2015-05-19T14:36:11+02:00</sent><sender>tt.se</sender></header>
  <itemSet>
    <packageItem guid="S1-pack">
      <groupSet root="root">
        <group id="root" role="group:main"><itemRef residref="S1"/><groupRef idref="media"/></group>
        <group id="media" role="group:package">
          <itemRef residref="I1"><itemClass qcode="ninat:picture"/><title>ref title</title></itemRef>
          <itemRef residref="I2"/>
        </group>
      </groupSet>
    </packageItem>
    <newsItem guid="S1"><itemMeta><itemClass qcode="ninat:text"/></itemMeta>
      <contentMeta><headline>The story</headline></contentMeta></newsItem>
    <newsItem guid="I1"><itemMeta><itemClass qcode="ninat:picture"/></itemMeta>
      <contentMeta>
        <contentCreated>2015-04-10T08:25:32+02:00</contentCreated>
        <creator literal="Martin Algesten"/>
        <located><name>Stockholm</name><broader><name>Sweden</name></broader></located>
        <headline>Elephant on the road</headline>
        <creditline>Martin Algesten / TT</creditline>
        <description role="drol:caption">A baby elephant on a road.</description>
      </contentMeta>
      <contentSet><remoteContent rendition="rnd:highRes" href="https://app.example.se/media/a000_NormalHires.jpg?v=2"/></contentSet>
    </newsItem>
    <newsItem guid="I2"><itemMeta><itemClass uri="http://cv.iptc.org/newscodes/ninature/picture"/></itemMeta>
      <contentMeta>
        <contentCreated>2015-04-11</contentCreated>
        <creditline>Anna Svensson/TT</creditline>
        <description role="drol:caption">A second picture.</description>
      </contentMeta>
      <contentSet><remoteContent rendition="rnd:highRes" href="https://app.example.se/media/a001_NormalHires.jpg"/></contentSet>
    </newsItem>
  </itemSet>
</newsMessage>
`

func TestNewsMLItems(t *testing.T) {
	t.Run("getty-shaped item", func(t *testing.T) {
		recs := parseString(t, "p.xml", gettyShaped, Options{})
		if len(recs) != 1 {
			t.Fatalf("got %d records, want 1", len(recs))
		}
		r := recs[0]
		// The calendar date as written (the UTC instant is the 21st).
		checkRecord(t, r, want{date: "2010-10-20", creators: []string{"Spencer Platt"}, agency: "Getty Images"})
		if r.Line != 1 || r.File != "P1.jpg" || r.Headline != "Downtown at night" || r.Text != "A general view of downtown Las Vegas, Nevada." ||
			r.Copyright != "Copyright 2010 Example Images" || !slices.Equal(r.Keywords, []string{"business", "economy"}) {
			t.Errorf("record = line %d file %q headline %q text %q copyright %q keywords %q", r.Line, r.File, r.Headline, r.Text, r.Copyright, r.Keywords)
		}
	})
	t.Run("tt-shaped feed", func(t *testing.T) {
		res, err := ParseFile(strings.NewReader(ttShaped), Options{Name: "feed.xml"})
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Records) != 2 {
			t.Fatalf("got %d records, want 2 (the pictures; the itemRef is I1's)", len(res.Records))
		}
		a, b := res.Records[0], res.Records[1]
		checkRecord(t, a, want{city: "Stockholm", country: "Sweden", date: "2015-04-10", creators: []string{"Martin Algesten"}, agency: "TT"})
		checkRecord(t, b, want{date: "2015-04-11", creators: []string{"Anna Svensson"}, agency: "TT"})
		if a.Line != 16 || a.File != "a000_NormalHires.jpg" || a.Headline != "Elephant on the road" || b.Line != 27 || b.File != "a001_NormalHires.jpg" {
			t.Errorf("records = line %d %q %q, line %d %q", a.Line, a.File, a.Headline, b.Line, b.File)
		}
		if !slices.Equal(res.Notes, []string{"skipped 1 NewsML-G2 item that is not a picture (ninat:text)"}) {
			t.Errorf("notes = %q", res.Notes)
		}
	})
}

// TestNewsMLFields is one contentMeta element at a time.
func TestNewsMLFields(t *testing.T) {
	item := func(meta, set string) string {
		return `<newsItem xmlns="http://iptc.org/std/nar/2006-10-01/"><contentMeta>` + meta +
			`<description>A picture.</description></contentMeta><contentSet>` + set + `</contentSet></newsItem>`
	}
	href := func(h string) string { return `<remoteContent href="` + h + `"/>` }
	for _, c := range []struct {
		name, in string
		file     string
		w        want
	}{
		{"agency first, creator named", item(`<creator><name>John Smith</name></creator><creditline>Acme/John Smith</creditline>`, ""), "",
			want{creators: []string{"John Smith"}, agency: "Acme", warnings: []string{"no-date"}}},
		{"mixed content", `<newsItem xmlns="http://iptc.org/std/nar/2006-10-01/"><contentMeta><headline>A <b>bold</b> head</headline>` +
			`<description>A <inlineRef>word</inlineRef> more. (AP Photo/Greta Vogel)</description></contentMeta></newsItem>`, "",
			want{creators: []string{"Greta Vogel"}, agency: "AP", warnings: []string{"no-date"}}},
		{"creditline alone", item(`<creditline>REUTERS/Yves Herman</creditline>`, ""), "",
			want{creators: []string{"Yves Herman"}, agency: "Reuters", warnings: []string{"no-date"}}},
		{"byline", item(`<by>By Jane Doe</by><creditline>AFP</creditline>`, ""), "",
			want{creators: []string{"Jane Doe"}, agency: "AFP", warnings: []string{"no-date"}}},
		{"organisation as creator", item(`<creator><name>Thomson Reuters</name></creator>`, ""), "",
			want{agency: "Reuters", warnings: []string{"no-date"}}},
		{"located country only", item(`<located><name>Syria</name></located><creditline>AFP</creditline>`, ""), "",
			want{country: "Syria", creators: nil, agency: "AFP", warnings: []string{"no-date"}}},
		{"located region and country", item(`<located><name>Aleppo</name><broader><name>Aleppo Governorate</name></broader><broader><name>Syria</name></broader></located><creditline>AFP</creditline>`, ""), "",
			want{city: "Aleppo", region: "Aleppo Governorate", country: "Syria", agency: "AFP", warnings: []string{"no-date"}}},
		{"bad contentCreated", item(`<contentCreated>yesterday</contentCreated><creditline>AFP</creditline>`, ""), "",
			want{agency: "AFP", warnings: []string{`expected date as YYYY-MM-DD`}}},
		{"path outside the folder", item(`<creditline>AFP</creditline>`, href("../../../etc/x.jpg")), "x.jpg",
			want{agency: "AFP", warnings: []string{"no-date"}}},
		{"windows path", item(`<creditline>AFP</creditline>`, href(`C:\feeds\y.JPG`)), "y.JPG",
			want{agency: "AFP", warnings: []string{"no-date"}}},
		{"escaped name", item(`<creditline>AFP</creditline>`, href("http://h/pics/a%20b.jpg#f")), "a b.jpg",
			want{agency: "AFP", warnings: []string{"no-date"}}},
		{"no file in href", item(`<creditline>AFP</creditline>`, href("https://api.example.com/media/123/download")), "",
			want{agency: "AFP", warnings: []string{"no-date", "names no image file"}}},
	} {
		t.Run(c.name, func(t *testing.T) {
			recs := parseString(t, "f.xml", c.in, Options{})
			if len(recs) != 1 {
				t.Fatalf("got %d records", len(recs))
			}
			r := recs[0]
			if r.File != c.file {
				t.Errorf("file = %q, want %q", r.File, c.file)
			}
			checkNewsMLRecord(t, r, c.w)
		})
	}
}

// checkNewsMLRecord is checkRecord with warnings matched by code or by
// a part of the message, as the items above expect.
func checkNewsMLRecord(t *testing.T, r Record, w want) {
	t.Helper()
	if r.City != w.city || r.Region != w.region || r.Country != w.country || r.DateString() != w.date {
		t.Errorf("place, date = %q/%q/%q %q; want %q/%q/%q %q", r.City, r.Region, r.Country, r.DateString(), w.city, w.region, w.country, w.date)
	}
	if !slices.Equal(r.Creators, w.creators) || r.Agency != w.agency {
		t.Errorf("credit = %q / %q, want %q / %q", r.Creators, r.Agency, w.creators, w.agency)
	}
	if len(r.Problems) != len(w.warnings) {
		t.Fatalf("problems = %v, want %q", r.Problems, w.warnings)
	}
	for i, p := range r.Problems {
		if string(p.Code) != w.warnings[i] && !strings.Contains(p.Message, w.warnings[i]) {
			t.Errorf("problem %d = %s %q, want %q", i, p.Code, p.Message, w.warnings[i])
		}
	}
}

// TestNewsMLAgreesWithText: a creditline reads as the same credit in a
// caption's text does.
func TestNewsMLAgreesWithText(t *testing.T) {
	for _, credit := range []string{"Spencer Platt/Getty Images", "REUTERS/Yves Herman", "AP Photo/Greta Vogel", "Aref Watad - Anadolu Agency", "Martin Algesten / TT"} {
		text := ParseText("A picture. ("+credit+")", 0)
		in := `<newsItem xmlns="http://iptc.org/std/nar/2006-10-01/"><contentMeta><creditline>` + credit +
			`</creditline><description>A picture.</description></contentMeta></newsItem>`
		r := parseString(t, "f.xml", in, Options{})[0]
		if !slices.Equal(r.Creators, text.Creators) || r.Agency != text.Agency || r.WrittenAgency() != text.WrittenAgency() {
			t.Errorf("%q: item %q/%q (%q), text %q/%q (%q)", credit, r.Creators, r.Agency, r.WrittenAgency(), text.Creators, text.Agency, text.WrittenAgency())
		}
	}
}

// TestNewsMLSkippedNote: the note names at most maxSkippedClasses
// classes, each cut short.
func TestNewsMLSkippedNote(t *testing.T) {
	var b strings.Builder
	b.WriteString(`<newsMessage xmlns="http://iptc.org/std/nar/2006-10-01/"><itemSet>`)
	for i := range 20 {
		fmt.Fprintf(&b, `<newsItem><itemMeta><itemClass qcode="x:%d%s"/></itemMeta></newsItem>`, i, strings.Repeat("z", 100))
	}
	b.WriteString(`<newsItem><contentMeta><description>A picture. (AP Photo/Greta Vogel)</description></contentMeta></newsItem></itemSet></newsMessage>`)
	res, err := ParseFile(strings.NewReader(b.String()), Options{Name: "f.xml"})
	if err != nil || len(res.Records) != 1 || len(res.Notes) != 1 {
		t.Fatalf("records %d, notes %q, error %v", len(res.Records), res.Notes, err)
	}
	if n := res.Notes[0]; !strings.HasPrefix(n, "skipped 20 NewsML-G2 items that are not pictures (") || strings.Count(n, ", ") != maxSkippedClasses || !strings.Contains(n, "others") || len(n) > 1000 {
		t.Errorf("note = %q", n)
	}
}

func TestNewsMLPackage(t *testing.T) {
	in := `<?xml version="1.0" encoding="UTF-8"?>
<packageItem xmlns="http://iptc.org/std/nar/2006-10-01/" guid="P">
  <groupSet root="G1"><group id="G1" role="group:main">
    <itemRef residref="T1"><itemClass qcode="ninat:text"/><title>A story</title></itemRef>
    <itemRef residref="B1"><itemClass qcode="ninat:picture"/><title>A title</title>
      <description role="drol:caption">Arrival in Washington. (AP Photo/Greta Vogel)</description></itemRef>
  </group></groupSet>
</packageItem>`
	res, err := ParseFile(strings.NewReader(in), Options{Name: "p.xml"})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Records) != 1 || res.Records[0].Line != 5 || res.Records[0].Title != "A title" {
		t.Fatalf("records = %+v", res.Records)
	}
	checkRecord(t, res.Records[0], want{creators: []string{"Greta Vogel"}, agency: "AP", warnings: []string{"no date"}})
}

func TestNewsMLBadInput(t *testing.T) {
	good := func(n int) string {
		return fmt.Sprintf("<newsItem guid=\"g%d\"><contentMeta><creditline>AFP</creditline><description>Picture %d.</description></contentMeta></newsItem>\n", n, n)
	}
	msg := func(pre, body, post string) string {
		return `<newsMessage xmlns="http://iptc.org/std/nar/2006-10-01/"><itemSet>` + "\n" + pre + body + post + "</itemSet></newsMessage>\n"
	}
	deep := strings.Repeat("<x>", MaxXMLDepth) + strings.Repeat("</x>", MaxXMLDepth)
	for _, c := range []struct {
		name, in string
		texts    []string // of the good records, in order
		line     int      // of the error record (0: none)
		err      string   // in its message
	}{
		{"syntax error in the second item", msg(good(1), "<newsItem>\n<contentMeta><headline>x</headlin></contentMeta></newsItem>\n", good(3)),
			[]string{"Picture 1.", "Picture 3."}, 4, "in the item that starts on line 3: expected well-formed XML, found a syntax error (element <headline> closed by </headlin>); reading goes on at the next newsItem, on line 5"},
		{"syntax error in the last item", msg(good(1), good(2), "<newsItem><contentMeta><description>x</descriptio></contentMeta></newsItem>\n"),
			[]string{"Picture 1.", "Picture 2."}, 4, "the rest of the file holds no other newsItem"},
		{"two syntax errors", msg(good(1), "<newsItem><x></y></newsItem>\n"+good(3)+"<newsItem>\n<a>\n</b></newsItem>\n", good(5)),
			[]string{"Picture 1.", "Picture 3.", "Picture 5."}, 0, ""},
		{"never closed", msg(good(1), "<newsItem><contentMeta>\n", "")[:strings.Index(msg(good(1), "<newsItem><contentMeta>\n", ""), "</itemSet>")],
			[]string{"Picture 1."}, 3, "in the item that starts on line 3: expected </contentMeta>, found the end of the file"},
		{"nested too deep", msg(good(1), "<newsItem>"+deep+"</newsItem>\n", good(3)), []string{"Picture 1."}, 3, "nested at most 64 deep"},
		{"text too long", msg(good(1), "<newsItem><contentMeta><description>"+strings.Repeat("a", MaxRecordBytes+1)+"</description></contentMeta></newsItem>\n", good(3)),
			[]string{"Picture 1.", "Picture 3."}, 3, "longer than"},
		{"tag too long", msg(good(1), "<newsItem a=\""+strings.Repeat("a", MaxXMLRun)+"\"/>\n", good(3)),
			[]string{"Picture 1."}, 3, "expected a '<' within"},
	} {
		t.Run(c.name, func(t *testing.T) {
			recs := parseString(t, "feed.xml", c.in, Options{})
			var texts []string
			var bad []Record
			for _, r := range recs {
				if r.HasError() {
					bad = append(bad, r)
				} else {
					texts = append(texts, r.Text)
				}
			}
			if !slices.Equal(texts, c.texts) {
				t.Errorf("good records = %q, want %q", texts, c.texts)
			}
			if c.line == 0 {
				if l := []int{recs[2].Line, recs[3].Line, recs[4].Line}; !slices.Equal(l, []int{4, 7, 8}) {
					t.Errorf("lines of Picture 3, the second error and Picture 5 = %v, want 4, 7, 8", l)
				}
				if len(bad) != 2 || bad[0].Line != 3 || bad[1].Line != 7 || !strings.Contains(errorMessages(bad[1])[0], "starts on line 5: expected well-formed XML, found a syntax error (element <a> closed by </b>); reading goes on at the next newsItem, on line 8") {
					t.Errorf("error records = %+v", bad)
				}
				return
			}
			if c.name == "syntax error in the second item" && recs[2].Line != 5 {
				t.Errorf("Picture 3 on line %d, want 5", recs[2].Line)
			}
			if len(bad) != 1 || bad[0].Line != c.line || !strings.Contains(errorMessages(bad[0])[0], c.err) {
				for _, r := range bad {
					t.Logf("line %d: %q", r.Line, errorMessages(r))
				}
				t.Errorf("want one error record on line %d saying %q", c.line, c.err)
			}
		})
	}
}

func TestNewsMLFileErrors(t *testing.T) {
	for _, c := range []struct{ name, in, want string }{
		{"not XML", "A caption.\n", "expected a NewsML-G2 newsItem, packageItem or newsMessage, found no element"},
		{"broken XML", "<newsItem <", "expected a NewsML-G2 XML file, found an XML syntax error"},
		{"other XML", `<rss version="2.0"><channel/></rss>`, "expected a NewsML-G2 newsItem, packageItem or newsMessage"},
		{"other namespace", `<newsItem xmlns="urn:x"/>`, `found <newsItem> (namespace "urn:x")`},
		{"only video", `<newsItem xmlns="http://iptc.org/std/nar/2006-10-01/"><itemMeta><itemClass qcode="ninat:video"/></itemMeta></newsItem>`,
			"found only 1 NewsML-G2 item that is not a picture (ninat:video)"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := Parse(strings.NewReader(c.in), Options{Name: "f.xml", Format: FormatNewsML})
			if err == nil || !strings.Contains(err.Error(), c.want) || !strings.HasPrefix(err.Error(), "caption: f.xml") {
				t.Errorf("error = %v, want one saying %q", err, c.want)
			}
		})
	}
}

func TestNewsMLSniff(t *testing.T) {
	for _, c := range []struct {
		head string
		want Format
	}{
		{gettyShaped, FormatNewsML},
		{ttShaped, FormatNewsML},
		{"<?xml version=\"1.0\"?>\n<!-- feed -->\n<nar:newsItem xmlns:nar=\"x\">", FormatNewsML},
		{"<?xml version=\"1.0\"?><!DOCTYPE x><root xmlns=\"http://iptc.org/std/nar/2006-10-01/\">", FormatNewsML},
		{"<?xml version=\"1.0\"?><rss>", FormatText},
		{"<b>ALEPPO</b>, SYRIA - DECEMBER 19: x", FormatText},
		{"newsItem", FormatText},
	} {
		head := []byte(c.head)
		if got, err := resolveFormat(FormatAuto, "feed", bytes.TrimSpace(head)); err != nil || got != c.want {
			t.Errorf("resolveFormat(%.40q) = %q, %v; want %q", c.head, got, err, c.want)
		}
	}
}

func FuzzNewsML(f *testing.F) {
	for _, s := range []string{gettyShaped, ttShaped, "<newsItem><contentMeta><description>x</description></contentMeta></newsItem>",
		"<newsMessage><itemSet><newsItem><contentSet><remoteContent href=\"../a.jpg\"/></contentSet></newsItem><newsItem>", "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><packageItem><itemRef residref=\"a\"><description>d</description></itemRef></packageItem>"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		recs, err := Parse(bytes.NewReader(in), Options{Name: "f.xml", Format: FormatNewsML})
		if err != nil && len(recs) > 0 && !strings.Contains(err.Error(), "caption:") {
			t.Fatalf("error %v with records", err)
		}
		lines := bytes.Count(in, []byte("\n")) + 1
		for _, r := range recs {
			if r.Line < 1 || r.Line > lines {
				t.Fatalf("record line %d outside the input's %d lines", r.Line, lines)
			}
			if strings.ContainsAny(r.File, `/\`) || r.File == ".." {
				t.Fatalf("file %q is not a base name", r.File)
			}
			if !utf8.ValidString(r.Text) {
				t.Fatalf("text %q is not UTF-8", r.Text)
			}
		}
	})
}
