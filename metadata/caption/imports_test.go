package caption

import (
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// The files in testdata/exiftool-12.57 are real exiftool 12.57 output
// (Debian's libimage-exiftool-perl), made from copies of three of the
// repository's sample images (testdata/aleppo/aleppo-02, -09 and -10.jpg)
// into which exiftool first wrote three of the sample's Anadolu captions
// (testdata/aleppo-2016-captions.txt lines 9, 19 and 27; line 27's credit
// removed, its agency left to IIM Source only):
//
//	aleppo-02: -IPTC:Caption-Abstract= -XMP-dc:Description= (line 9)
//	           -IPTC:Headline= -XMP-photoshop:Headline="Evacuation of Aleppo"
//	           -IPTC:Keywords= -XMP-dc:Subject= "Aleppo", "evacuation"
//	           -IPTC:By-lineTitle="Staff photographer"
//	           -IPTC:OriginalTransmissionReference= -XMP-photoshop:TransmissionReference=20161219
//	           -IPTC:Writer-Editor= -XMP-photoshop:CaptionWriter=EK
//	           -IPTC:SpecialInstructions= -XMP-photoshop:Instructions="Editorial use only"
//	           -IPTC:ObjectName= -XMP-dc:Title=2016
//	           -IPTC:Sub-location= -XMP-iptcCore:Location=Rashedeen
//	           -IPTC:Province-State= -XMP-photoshop:State=Aleppo -XMP-photoshop:City=Aleppo
//	           "-XMP-photoshop:DateCreated=2016:12:19 09:41:05+03:00"
//	           -XMP-photoshop:Credit= -XMP-photoshop:Source="Anadolu Agency"
//	aleppo-09: captions (line 19); keywords Aleppo, Syria, war; IIM Credit
//	           and XMP Credit removed; -IPTC:Source= -XMP-photoshop:Source=AA
//	aleppo-10: captions (line 27 without its credit); IIM and XMP Credit
//	           removed (the fixture's IIM Source "Anadolu Agency" stays)
//
// then, in the folder holding wire/: exiftool -csv wire, -csv -G wire,
// -csv -G1 wire, -j wire, -j -G wire, -j -G1 wire. The fixture images
// also carry EXIF Artist/Copyright/DateTimeOriginal, IIM By-line, City,
// Country, CopyrightNotice, DateCreated/TimeCreated and XMP dc:creator,
// dc:rights, photoshop:Country, Iptc4xmpCore:CountryCode.
//
// What the run showed (each asserted below):
//   - -csv and -j without -G name tags bare ("Caption-Abstract",
//     "By-line", "Credit", "Source", "CopyrightNotice", "DateCreated",
//     "TimeCreated", "Province-State", "Country-PrimaryLocationName",
//     "Country-PrimaryLocationCode", "OriginalTransmissionReference",
//     "SpecialInstructions", "Writer-Editor", "By-lineTitle",
//     "Sub-location"; XMP "Description", "Creator", "Rights", "Subject",
//     "Title", "State", "Country", "CountryCode", "Location",
//     "Instructions", "TransmissionReference", "CaptionWriter"; EXIF
//     "ImageDescription", "Artist", "Copyright", "DateTimeOriginal"), and
//     keep one of two same-named tags: the IIM City, Credit, Source,
//     Headline and DateCreated ("2016:12:19") hide the XMP ones;
//   - -G prefixes the family-0 group ("IPTC:", "XMP:", "EXIF:",
//     "File:", "Composite:", "ExifTool:", "Photoshop:"); -G1 the family-1
//     group ("IPTC:", "XMP-dc:", "XMP-photoshop:", "XMP-iptcCore:",
//     "XMP-x:", "IFD0:", "ExifIFD:", "System:", "File:", "Composite:");
//     -csv -G1 still drops the XMP twins of IIM tags, -j -G1 keeps both
//     (and keeps XMP photoshop:DateCreated "2016:12:19 09:41:05+03:00");
//   - -j writes numbers as numbers (ObjectName 2016,
//     OriginalTransmissionReference 20161219, ExifToolVersion 12.57) and
//     a list tag as an array when it has several items ("Keywords":
//     ["Aleppo","evacuation"]), as a string when it has one;
//   - -csv joins a list with ", " ("Aleppo, evacuation").
const exiftoolDir = "testdata/exiftool-12.57"

func TestParseExiftoolExports(t *testing.T) {
	caption02, _, _ := strings.Cut(sampleLine(t, 9), " ( Aref")
	type rec struct {
		file, date, city, region, country, agency, source, headline, title, jobID, instructions, copyright string
		creators, agencies, keywords                                                                       []string
	}
	want := map[string]rec{
		"wire/aleppo-02.jpg": {date: "2016-12-19", city: "Aleppo", region: "Aleppo", country: "Syria",
			agency: "Anadolu Agency", source: "Anadolu Agency", headline: "Evacuation of Aleppo", title: "2016",
			jobID: "20161219", instructions: "Editorial use only", copyright: "2016 Anadolu Agency",
			creators: []string{"Aref Watad"}, agencies: []string{"Anadolu Agency"}, keywords: []string{"Aleppo", "evacuation"}},
		// Source "AA" is Anadolu Agency, already the caption's agency.
		"wire/aleppo-09.jpg": {date: "2016-12-19", city: "Aleppo", country: "Syria", agency: "Anadolu Agency", source: "AA",
			copyright: "2016 Anadolu Agency", creators: []string{"Ahmed Al Ahmed"}, agencies: []string{"Anadolu Agency"},
			keywords: []string{"Aleppo", "Syria", "war"}},
		// No credit in the caption, no Credit: the Source is the agency.
		"wire/aleppo-10.jpg": {date: "2016-12-19", city: "Aleppo", country: "Syria", agency: "Anadolu Agency", source: "Anadolu Agency",
			copyright: "2016 Anadolu Agency", creators: []string{"Jawad Al Rifai"}, agencies: []string{"Anadolu Agency"},
			keywords: []string{"Aleppo"}},
	}
	files := []struct {
		name, prefix string // the file, and its prefix of IIM tags
		lines        []int  // each record's first line, in file order
		note         string
	}{
		{"exiftool.csv", "", []int{2, 3, 4}, "ignored 28 columns that captag does not use: ApplicationRecordVersion, CodedCharacterSet, EnvelopeRecordVersion, ExifVersion, IPTCDigest, OffsetTimeOriginal, XMPToolkit; 21 of exiftool's file and system columns"},
		{"exiftool-G.csv", "IPTC:", []int{2, 3, 4}, "ignored 28 columns that captag does not use: EXIF:ExifVersion, EXIF:OffsetTimeOriginal, IPTC:ApplicationRecordVersion, IPTC:CodedCharacterSet, IPTC:EnvelopeRecordVersion, Photoshop:IPTCDigest, XMP:XMPToolkit; 21 of exiftool's file and system columns"},
		{"exiftool-G1.csv", "IPTC:", []int{2, 3, 4}, "ignored 28 columns that captag does not use: ExifIFD:ExifVersion, ExifIFD:OffsetTimeOriginal, IPTC:ApplicationRecordVersion, IPTC:CodedCharacterSet, IPTC:EnvelopeRecordVersion, Photoshop:IPTCDigest, XMP-x:XMPToolkit; 21 of exiftool's file and system columns"},
		{"exiftool.json", "", []int{1, 54, 122}, "ignored 28 keys that captag does not use: ApplicationRecordVersion, CodedCharacterSet, EnvelopeRecordVersion, ExifVersion, IPTCDigest, OffsetTimeOriginal, XMPToolkit; 21 of exiftool's file and system keys"},
		{"exiftool-G.json", "IPTC:", []int{1, 57, 130}, "ignored 28 keys that captag does not use: EXIF:ExifVersion, EXIF:OffsetTimeOriginal, IPTC:ApplicationRecordVersion, IPTC:CodedCharacterSet, IPTC:EnvelopeRecordVersion, Photoshop:IPTCDigest, XMP:XMPToolkit; 21 of exiftool's file and system keys"},
		{"exiftool-G1.json", "IPTC:", []int{1, 57, 130}, "ignored 28 keys that captag does not use: ExifIFD:ExifVersion, ExifIFD:OffsetTimeOriginal, IPTC:ApplicationRecordVersion, IPTC:CodedCharacterSet, IPTC:EnvelopeRecordVersion, Photoshop:IPTCDigest, XMP-x:XMPToolkit; 21 of exiftool's file and system keys"},
	}
	for _, tf := range files {
		t.Run(tf.name, func(t *testing.T) {
			b, err := os.ReadFile(filepath.Join(exiftoolDir, tf.name))
			if err != nil {
				t.Fatal(err)
			}
			// The export holds the IIM tags captag maps, with the group
			// prefix observed.
			for _, tag := range []string{"SourceFile", "Caption-Abstract", "By-line", "By-lineTitle", "Credit", "Source",
				"CopyrightNotice", "DateCreated", "TimeCreated", "City", "Sub-location", "Province-State",
				"Country-PrimaryLocationName", "Country-PrimaryLocationCode", "Headline", "ObjectName", "Keywords",
				"SpecialInstructions", "OriginalTransmissionReference", "Writer-Editor"} {
				name := tag
				if tag != "SourceFile" {
					name = tf.prefix + tag
				}
				if !strings.Contains(string(b), name) {
					t.Errorf("%s has no %s", tf.name, name)
				}
			}
			res, err := ParseFile(strings.NewReader(string(b)), Options{Name: tf.name})
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(res.Notes, []string{tf.note}) {
				t.Errorf("notes = %q, want %q", res.Notes, tf.note)
			}
			if got := lines(res.Records); !slices.Equal(got, tf.lines) {
				t.Errorf("record lines = %v, want %v", got, tf.lines)
			}
			for _, r := range res.Records {
				w, ok := want[r.File]
				if !ok {
					t.Errorf("record for unexpected file %q", r.File)
					continue
				}
				got := rec{date: r.Date(), city: r.City, region: r.Region, country: r.Country, agency: r.Agency, source: r.Source,
					headline: r.Headline, title: r.Title, jobID: r.JobID, instructions: r.Instructions, copyright: r.Copyright,
					creators: r.Creators, agencies: r.Agencies, keywords: r.Keywords}
				if !reflect.DeepEqual(got, w) {
					t.Errorf("%s:\n got %+v\nwant %+v", r.File, got, w)
				}
				if len(r.Problems) != 0 {
					t.Errorf("%s: problems %+v", r.File, r.Problems)
				}
				if r.File == "wire/aleppo-02.jpg" && !strings.HasPrefix(r.Text, caption02) {
					t.Errorf("%s: text %q, want the IIM caption (line 9 of the sample)", r.File, r.Text)
				}
			}
		})
	}
}

// sampleLine returns line n of the repository's sample caption file.
func sampleLine(t *testing.T, n int) string {
	t.Helper()
	b, err := os.ReadFile(samplePath)
	if err != nil {
		t.Fatal(err)
	}
	ls := strings.Split(string(b), "\n")
	if n < 1 || n > len(ls) {
		t.Fatalf("the sample has no line %d", n)
	}
	return ls[n-1]
}

// TestParseExiftoolShapes: the value shapes exiftool writes, one at a time.
func TestParseExiftoolShapes(t *testing.T) {
	tests := []struct {
		name, in string
		check    func(t *testing.T, r Record)
	}{
		// A By-line with commas is one name (an IIM By-line of a real NASA
		// file: ../shared/corpora/metadata-extractor-images/jpg/Issue 600 (2).jpg); a list
		// exported with exiftool -csv -sep "; " splits on the semicolon.
		// Keywords split on both.
		{"csv by-line with commas, keywords joined with comma", "SourceFile,IPTC:By-line,IPTC:Keywords,IPTC:Caption-Abstract\n" +
			"a.jpg,\"NASA, ESA, Michael Wong (Space Telescope Science Institute, Baltimore, MD)\",\"Aleppo, war\",x\n", func(t *testing.T, r Record) {
			if !slices.Equal(r.Creators, []string{"NASA, ESA, Michael Wong (Space Telescope Science Institute, Baltimore, MD)"}) ||
				!slices.Equal(r.Keywords, []string{"Aleppo", "war"}) {
				t.Errorf("creators %q keywords %q", r.Creators, r.Keywords)
			}
		}},
		{"csv list exported with -sep", "SourceFile,IPTC:By-line,IPTC:Caption-Abstract\na.jpg,Aref Watad; Ahmed Al Ahmed,x\n", func(t *testing.T, r Record) {
			if !slices.Equal(r.Creators, []string{"Aref Watad", "Ahmed Al Ahmed"}) {
				t.Errorf("creators %q", r.Creators)
			}
		}},
		{"json numbers, mixed array, lang-alt object", `[{"SourceFile": "a.jpg", "XMP-dc:Title": 4321, ` +
			`"IPTC:OriginalTransmissionReference": 12345, "XMP-dc:Subject": ["war", 2016], ` +
			`"XMP-dc:Description": {"x-default": "A convoy arrives.", "fr": "Un convoi arrive."}, "IPTC:By-line": ["A B", "C D"]}]`,
			func(t *testing.T, r Record) {
				if r.Title != "4321" || r.JobID != "12345" || !slices.Equal(r.Keywords, []string{"war", "2016"}) ||
					r.Text != "A convoy arrives." || !slices.Equal(r.Creators, []string{"A B", "C D"}) {
					t.Errorf("record = %+v", r)
				}
			}},
		{"IIM caption wins over a short EXIF ImageDescription before it", "SourceFile,IFD0:ImageDescription,IPTC:Caption-Abstract\n" +
			"a.jpg,ALEPPO short,\"" + anadoluCaption + "\"\n", func(t *testing.T, r Record) {
			if r.Text != anadoluCaption {
				t.Errorf("text %q", r.Text)
			}
		}},
		{"IIM DateCreated wins over EXIF DateTimeOriginal", "SourceFile,ExifIFD:DateTimeOriginal,IPTC:DateCreated,IPTC:TimeCreated,IPTC:By-line\n" +
			"a.jpg,2016:12:18 23:59:00,2016:12:19,09:41:05+03:00,Aref Watad\n", func(t *testing.T, r Record) {
			if r.Date() != "2016-12-19" {
				t.Errorf("date %q", r.Date())
			}
		}},
		{"IIM date as CCYYMMDD", "file,caption,Date Created\na.jpg,x,20161219\n", func(t *testing.T, r Record) {
			if r.Date() != "2016-12-19" || r.HasError() {
				t.Errorf("date %q problems %+v", r.Date(), r.Problems)
			}
		}},
		// exiftool's corpus file ExifTool.jpg: `exiftool -j` gives a
		// MediaJukebox "Date" of 2013 beside IIM DateCreated 2004-02-26.
		{"an exiftool Date tag is not captag's date column", `[{"SourceFile": "exiftool/ExifTool.jpg", "Date": "2013:09:01 20:12:19", ` +
			`"DateCreated": "2004:02:26", "DateTimeOriginal": "1998:05:01 21:33:18", "Caption-Abstract": "x"}]`,
			func(t *testing.T, r Record) {
				if r.Date() != "2004-02-26" {
					t.Errorf("date %q", r.Date())
				}
			}},
		{"exiftool's Date alone is skipped, DateTimeOriginal used", "SourceFile,Pentax:Date,ExifIFD:DateTimeOriginal,IPTC:Caption-Abstract\n" +
			"a.jpg,2013:09:01,2016:12:19 09:41:05,x\n", func(t *testing.T, r Record) {
			if r.Date() != "2016-12-19" {
				t.Errorf("date %q", r.Date())
			}
		}},
		// ../shared/corpora/metadata-extractor-images/jpg/Issue 600 (1).jpg
		// (exiftool -j -G1): IIM cuts the Credit at 32 bytes, XMP has it whole.
		{"XMP credit wins over the IIM one", `[{"SourceFile": "Issue 600 (1).jpg", "IPTC:Credit": "NASA, ESA, Michael Wong (Space T", ` +
			`"XMP-photoshop:Credit": "NASA, ESA, Michael Wong (Space Telescope Science Institute, Baltimore, MD)", "IPTC:Caption-Abstract": "x"}]`,
			func(t *testing.T, r Record) {
				if r.Agency != "NASA, ESA, Michael Wong (Space Telescope Science Institute, Baltimore, MD)" {
					t.Errorf("agency %q", r.Agency)
				}
			}},
		// ../shared/corpora/metadata-extractor-images/jpg/Issue 122.jpg
		// (exiftool -j -G1): a second IIM record, IPTC2, names the agency as
		// By-line; the first record's By-line is the photographer.
		{"IPTC wins over IPTC2", `[{"SourceFile": "Issue 122.jpg", "IPTC:By-line": "Stephen Dunn", "IPTC:Credit": "Getty Images", ` +
			`"IPTC2:By-line": "Getty Images", "IPTC:Caption-Abstract": "x"}]`,
			func(t *testing.T, r Record) {
				if !slices.Equal(r.Creators, []string{"Stephen Dunn"}) {
					t.Errorf("creators %q", r.Creators)
				}
			}},
		// Without group prefixes the tag name says the store: XMP Creator
		// over IIM By-line (../shared/corpora/bep-imagemeta/metadata_demo_iim_and_xmp_only.jpg).
		{"XMP Creator wins over IIM By-line without groups", "SourceFile,By-line,Creator,Caption-Abstract\na.jpg,Carl Seibert (IIM),Carl Seibert (XMP),x\n",
			func(t *testing.T, r Record) {
				if !slices.Equal(r.Creators, []string{"Carl Seibert (XMP)"}) {
					t.Errorf("creators %q", r.Creators)
				}
			}},
		// XMP allows a year alone; the IIM date with the day wins over it,
		// and with no other date the caption's own is used, with a warning.
		{"a whole IIM date wins over a year-only XMP date", `[{"SourceFile": "a.jpg", "XMP-photoshop:DateCreated": "2016", ` +
			`"IPTC:DateCreated": "2016:12:19", "IPTC:Caption-Abstract": "x", "IPTC:By-line": "Aref Watad"}]`,
			func(t *testing.T, r Record) {
				if r.Date() != "2016-12-19" || len(r.Problems) != 0 {
					t.Errorf("date %q problems %+v", r.Date(), r.Problems)
				}
			}},
		{"a year-only date alone", "SourceFile,XMP-photoshop:DateCreated,IPTC:Caption-Abstract\na.jpg,2016,\"" + anadoluCaption + "\"\n",
			func(t *testing.T, r Record) {
				if r.Date() != "2016-12-19" || r.HasError() || len(r.Problems) != 1 ||
					r.Problems[0].Message != `date column gives only "2016", not a day; the date is read from the caption` {
					t.Errorf("date %q problems %+v", r.Date(), r.Problems)
				}
			}},
		{"SourceFile wins over FileName", "FileName,SourceFile,Caption-Abstract\nIMG_1.jpg,wire/IMG_1.jpg,x\n", func(t *testing.T, r Record) {
			if r.File != "wire/IMG_1.jpg" {
				t.Errorf("file %q", r.File)
			}
		}},
		{"only a country code", "SourceFile,Caption-Abstract,Country-PrimaryLocationCode\na.jpg,x,SY\n", func(t *testing.T, r Record) {
			if r.Country != "SY" {
				t.Errorf("country %q", r.Country)
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			name := "x.csv"
			if strings.HasPrefix(tt.in, "[") {
				name = "x.json"
			}
			recs := parseString(t, name, tt.in, Options{})
			if len(recs) != 1 {
				t.Fatalf("%d records", len(recs))
			}
			tt.check(t, recs[0])
		})
	}
}

// TestParseSourceColumn: Credit is the agency; a Source naming another
// agency joins the chain; a Source alone that is an agency (or an
// agency's code) is the agency; a Source that is no agency is kept and
// changes nothing.
func TestParseSourceColumn(t *testing.T) {
	tests := []struct {
		caption, credit, source string
		agency                  string
		agencies                []string
	}{
		{"Troops parade. (Photo by Jane Roe/AFP)", "AFP", "Getty Images North America", "AFP", []string{"AFP", "Getty Images North America"}},
		{"Troops parade.", "", "Anadolu Agency", "Anadolu Agency", []string{"Anadolu Agency"}},
		{"Troops parade.", "", "X90024", "Reuters", []string{"Reuters"}},
		{"Troops parade.", "", "Own work", "", nil},
		{anadoluCaption, "", "AA", "Anadolu Agency", []string{"Anadolu Agency"}},
		{anadoluCaption, "AA", "", "AA", []string{"AA"}},
		{anadoluCaption, "Anadolu Agency", "Getty Images", "Anadolu Agency", []string{"Anadolu Agency", "Getty Images"}},
	}
	for _, tt := range tests {
		in := "Caption,Credit,Source,Photographer\n\"" + tt.caption + "\"," + tt.credit + "," + tt.source + ",Jane Roe\n"
		r := parseString(t, "s.csv", in, Options{})[0]
		if r.Agency != tt.agency || !slices.Equal(r.Agencies, tt.agencies) || r.Source != tt.source {
			t.Errorf("caption %q credit %q source %q: agency %q agencies %q source %q; want %q %q",
				tt.caption, tt.credit, tt.source, r.Agency, r.Agencies, r.Source, tt.agency, tt.agencies)
		}
	}
}

// TestParsePhotoMechanicHeaders: the IPTC field labels of Photo
// Mechanic's Metadata (IPTC) Template as column headers (labels from
// https://docs.camerabits.com/support/solutions/articles/48001252621-metadata-iptc-template-map
// and the IPTC Core names of https://photometadata.org/META-Resources-Field-Guide-to-Metadata).
func TestParsePhotoMechanicHeaders(t *testing.T) {
	in := "Filename,Caption,Photographer,Photographer's Title,Credit,Source,Copyright Notice,Date Created,Time Created," +
		"City,Location,State,Country,Country Code,Headline,Object Name,Keywords,Special Instructions,Transmission Reference,Caption Writer\n" +
		"IMG_0042.jpg,\"Civilians wait for their evacuation in Aleppo.\",Aref Watad,Staff,Anadolu Agency,AA,© 2016 Anadolu Agency," +
		"2016-12-19,09:41:05+03:00,Aleppo,Amerriye,Aleppo,Syria,SYR,Evacuation,AA-1219,\"Aleppo; war\",Editorial use only,AA20161219,EK\n"
	res, err := ParseFile(strings.NewReader(in), Options{Name: "pm.csv"})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Notes) != 0 {
		t.Errorf("notes %q: every Photo Mechanic label is known", res.Notes)
	}
	r := res.Records[0]
	checkRecord(t, r, want{city: "Aleppo", region: "Aleppo", country: "Syria", date: "2016-12-19",
		creators: []string{"Aref Watad"}, agency: "Anadolu Agency"})
	if r.File != "IMG_0042.jpg" || r.Source != "AA" || r.Copyright != "© 2016 Anadolu Agency" || r.Headline != "Evacuation" ||
		r.Title != "AA-1219" || !slices.Equal(r.Keywords, []string{"Aleppo", "war"}) || r.Instructions != "Editorial use only" ||
		r.JobID != "AA20161219" {
		t.Errorf("record = %+v", r)
	}
	// The labels as Photo Mechanic filled each field of exiftool's test
	// image t/images/PhotoMechanic.jpg (../shared/corpora/exiftool): its
	// By-line is "Photographer", CopyrightNotice "Copyright",
	// Writer-Editor "Writers", TransmissionReference "Trans ref".
	pm := "Caption,Photographer,Credit,Source,Copyright,Object Name,City,State,Country,Country Code,Headline,Keywords,Trans ref,Writers\n" +
		"x,Photographer,Credit,Source,Copyright,Object Name,kingston,State,Country,COD,Headline,\"Keywords, one, three, two\",Trans ref,Writers\n"
	res, err = ParseFile(strings.NewReader(pm), Options{Name: "pm2.csv"})
	if err != nil {
		t.Fatal(err)
	}
	r = res.Records[0]
	if len(res.Notes) != 0 || !slices.Equal(r.Creators, []string{"Photographer"}) || r.Agency != "Credit" || r.Source != "Source" ||
		r.Copyright != "Copyright" || r.Title != "Object Name" || r.City != "kingston" || r.Region != "State" || r.Country != "Country" ||
		r.Headline != "Headline" || r.JobID != "Trans ref" || len(r.Keywords) != 4 {
		t.Errorf("PhotoMechanic.jpg labels: notes %q record %+v", res.Notes, r)
	}
	// Spellings of the same labels that other tools export.
	for _, h := range []string{"Description/Caption", "Caption-Abstract", "description", "CAPTION"} {
		r := parseString(t, "h.csv", "File,"+h+"\na.jpg,\""+anadoluCaption+"\"\n", Options{})[0]
		if r.Agency != "Anadolu Agency" {
			t.Errorf("header %q: caption not read (agency %q)", h, r.Agency)
		}
	}
}

// TestParseJSONUnknownKeysOneNote: keys captag does not use give one note
// for the file, whatever the number of objects, and no problem.
func TestParseJSONUnknownKeysOneNote(t *testing.T) {
	in := `[{"file": "a.jpg", "caption": "x", "Mood": "calm", "Rating": 5},` +
		`{"file": "b.jpg", "caption": "y", "Rating": 3}, {"file": "c.jpg", "caption": "z", "Zeta": 1}]`
	res, err := ParseFile(strings.NewReader(in), Options{Name: "k.json"})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"ignored 3 keys that captag does not use: Mood, Rating, Zeta"}
	if !slices.Equal(res.Notes, want) {
		t.Errorf("notes %q, want %q", res.Notes, want)
	}
	for _, r := range res.Records {
		if r.HasError() {
			t.Errorf("%s: problems %+v", r.File, r.Problems)
		}
	}
}

// TestSniffExiftoolCSV: an exiftool export without a .csv extension is
// read as CSV although most of its columns are unknown to captag.
func TestSniffExiftoolCSV(t *testing.T) {
	b, err := os.ReadFile(filepath.Join(exiftoolDir, "exiftool.csv"))
	if err != nil {
		t.Fatal(err)
	}
	recs := parseString(t, "export", string(b), Options{})
	if len(recs) != 3 || recs[0].File != "wire/aleppo-10.jpg" {
		t.Fatalf("records %d, first file %q", len(recs), recs[0].File)
	}
	for _, line := range []string{anadoluCaption, "Aleppo, Syria, evacuation"} {
		if looksLikeCSVHeader(line, ',') {
			t.Errorf("%q taken for a CSV header", line)
		}
	}
}
