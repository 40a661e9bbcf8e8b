package embed

import (
	"bytes"
	"strings"
	"testing"

	"github.com/captag/captag/metadata/caption"
	"github.com/captag/captag/metadata/fixture"
)

// iimValues returns the record-2 values of the IIM block of JPEG b, by
// dataset number (several for a repeated dataset), and each dataset's raw
// encoding, for byte-for-byte comparisons.
func iimValues(t *testing.T, b []byte) (vals map[uint8][]string, raw map[uint8][][]byte) {
	t.Helper()
	iim, _ := testIIM(t, b)
	sets, err := parseIIM(iim, 0)
	if err != nil {
		t.Fatal(err)
	}
	vals, raw = map[uint8][]string{}, map[uint8][][]byte{}
	for _, d := range sets {
		if d.rec == 2 {
			vals[d.num] = append(vals[d.num], string(d.value))
			raw[d.num] = append(raw[d.num], d.raw)
		}
	}
	return vals, raw
}

// TestEmbedWrittenAsTheCaptionSpells (issue 19): write --embed puts the
// creator and the agency into IIM By-line, Credit and Source (and the XMP)
// as the caption spells them, and the date with the image's time, for a
// real caption of each agency family. The images have EXIF only, its
// DateTimeOriginal 09:30:12 on the caption's day, without an offset.
func TestEmbedWrittenAsTheCaptionSpells(t *testing.T) {
	for _, tc := range []struct {
		family, text, creator, credit, date, time, xmpDate string
	}{
		{"AP", "Chicago White Sox manager Ozzie Guillen celebrates with his players after their 4-2 win against the Detroit Tigers in Detroit, Thursday, Sept. 29, 2005. (AP Photo/Paul Sancya)",
			"Paul Sancya", "AP", "20050929", "093012", "2005-09-29T09:30:12"},
		{"Reuters", "Britain's Prime Minister Theresa May leaves 10 Downing Street in London, Britain, December 11, 2018. REUTERS/Toby Melville",
			"Toby Melville", "REUTERS", "20181211", "093012", "2018-12-11T09:30:12"},
		{"AFP", "A Hezbollah fighter monitors an area as he stands on a hill in the Lebanese side of the Qalamun mountains on the border with Syria on May 20, 2015 ( AFP PHOTO / JOSEPH EID)",
			"JOSEPH EID", "AFP", "20150520", "093012", "2015-05-20T09:30:12"},
		{"Getty", "HORGOS, SERBIA - SEPTEMBER 17:  A man sits by the campfire as migrants wake up to a more peaceful morning after the previous day's friction at the border crossings on September 17, 2015 in Horgos, Serbia. (Photo by Christopher Furlong/Getty Images)",
			"Christopher Furlong", "Getty Images", "20150917", "093012", "2015-09-17T09:30:12"},
		{"EPA-EFE", "epa06735998 Israelis wave flags outside the new US embassy in Jerusalem, Israel, 14 May 2018.  EPA-EFE/ATEF SAFADI",
			"ATEF SAFADI", "EPA-EFE", "20180514", "093012", "2018-05-14T09:30:12"},
		{"Anadolu", "KAHRAMANMARAS, TURKIYE - FEBRUARY 13 : Earthquake survivors warm themselves by a fire near tents set up in Kahramanmaras, Turkiye on February 13, 2023. ( Erdem Şahin - Anadolu Agency )",
			"Erdem Şahin", "Anadolu Agency", "20230213", "093012", "2023-02-13T09:30:12"},
	} {
		t.Run(tc.family, func(t *testing.T) {
			rec := caption.ParseText(tc.text, 0)
			d := tc.date
			orig := fixture.JPEG(fixture.Spec{EXIF: &fixture.EXIF{DateTimeOriginal: d[:4] + ":" + d[4:6] + ":" + d[6:] + " 09:30:12"}})
			res, err := JPEG(orig, rec, nil, Options{})
			if err != nil {
				t.Fatal(err)
			}
			vals, _ := iimValues(t, res.Data)
			for _, f := range []struct {
				num  uint8
				want string
			}{{80, tc.creator}, {110, tc.credit}, {115, tc.credit}, {55, tc.date}, {60, tc.time}} {
				if got := strings.Join(vals[f.num], "; "); got != f.want {
					t.Errorf("IIM %s = %q, want %q", iimFieldName(f.num), got, f.want)
				}
			}
			im := read(t, res.Data)
			if got := strings.Join(im.XMP.Creators, "; "); got != tc.creator || im.XMP.Credit != tc.credit || im.XMP.Source != tc.credit {
				t.Errorf("XMP creator %q, Credit %q, Source %q; want %q, %q", got, im.XMP.Credit, im.XMP.Source, tc.creator, tc.credit)
			}
			if got := im.XMP.Date.String(); got != tc.xmpDate {
				t.Errorf("XMP photoshop:DateCreated %q, want %q", got, tc.xmpDate)
			}
		})
	}
}

// TestEmbedKeepsWhatSaysTheSame (issue 19: write --embed rewrote an IIM
// Source "Getty Images North America" to "Getty Images" and dropped the
// "+00:00" of its Time Created): a Getty file's IIM Source and Time
// Created, and its XMP photoshop:Source and DateCreated, that say what
// the caption says survive byte for byte, in IIM-only files and in files
// with both stores; a Source that names another agency, or a time in
// another offset, is replaced by the caption's.
func TestEmbedKeepsWhatSaysTheSame(t *testing.T) {
	const text = "HORGOS, SERBIA - SEPTEMBER 17:  A man sits by the campfire as migrants wake up to a more peaceful morning after the previous day's friction at the border crossings on September 17, 2015 in Horgos, Serbia. (Photo by Christopher Furlong/Getty Images)"
	rec := caption.ParseText(text, 0)
	getty := fixture.Fields{Date: "20150917", Time: "093012+0000", Creators: []string{"Christopher Furlong"},
		Credit: "Getty Images", Source: "Getty Images North America", Description: text, City: "Horgos", Country: "Serbia"}
	camera := &fixture.EXIF{DateTimeOriginal: "2015:09:17 09:30:12"} // no offset
	build := func(f fixture.Fields, withXMP bool, digest fixture.DigestMode) []byte {
		m := fixture.IIMFields(f)
		m.Digest = digest
		spec := fixture.Spec{EXIF: camera, IIM: &m}
		if withXMP {
			spec.XMP = fixture.XMPPacket(f, "2015-09-17T09:30:12+00:00")
		}
		return fixture.JPEG(spec)
	}
	// Another program changed the IIM Source after the XMP was written
	// (a stale digest): both name Getty Images, so neither is wrong.
	regional := func() []byte {
		m := fixture.IIMFields(getty)
		m.Digest = fixture.DigestStale
		x := getty
		x.Source = "Getty Images"
		return fixture.JPEG(fixture.Spec{EXIF: camera, IIM: &m, XMP: fixture.XMPPacket(x, "2015-09-17T09:30:12+00:00")})
	}
	other := getty
	other.Source, other.Time = "Reuters", "113012+0200"
	for _, tc := range []struct {
		name       string
		orig       []byte
		keep       bool   // Source and Time Created kept byte for byte
		source, tm string // else their new values
	}{
		{"IIM only, no digest", build(getty, false, fixture.DigestNone), true, "", ""},
		{"IIM only, current digest", build(getty, false, fixture.DigestCurrent), true, "", ""},
		{"IIM and XMP, current digest", build(getty, true, fixture.DigestCurrent), true, "", ""},
		{"IIM and XMP, stale digest", build(getty, true, fixture.DigestStale), true, "", ""},
		{"IIM and XMP name the agency apart, stale digest", regional(), true, "", ""},
		{"another agency, another offset", build(other, false, fixture.DigestCurrent), false, "Getty Images", "093012"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, err := JPEG(tc.orig, rec, nil, Options{})
			if err != nil {
				t.Fatal(err)
			}
			before, rawBefore := iimValues(t, tc.orig)
			after, rawAfter := iimValues(t, res.Data)
			for _, num := range []uint8{115, 55, 60, 110, 80} {
				same := len(rawBefore[num]) == len(rawAfter[num])
				for i := 0; same && i < len(rawBefore[num]); i++ {
					same = bytes.Equal(rawBefore[num][i], rawAfter[num][i])
				}
				switch {
				case tc.keep && !same:
					t.Errorf("IIM %s %q became %q; want it kept byte for byte", iimFieldName(num), before[num], after[num])
				case !tc.keep && num == 115 && strings.Join(after[num], "") != tc.source:
					t.Errorf("IIM Source %q, want %q", after[num], tc.source)
				case !tc.keep && num == 60 && strings.Join(after[num], "") != tc.tm:
					t.Errorf("IIM Time Created %q, want %q", after[num], tc.tm)
				}
			}
			for _, f := range res.IIM {
				if tc.keep && (strings.Contains(f, "Source") || strings.Contains(f, "Time Created") || strings.Contains(f, "Date Created")) {
					t.Errorf("reported as changed: %s", f)
				}
			}
			if tc.keep && bytes.Contains(tc.orig, []byte("<?xpacket")) {
				im, was := read(t, res.Data), read(t, tc.orig)
				if im.XMP.Source != was.XMP.Source || im.XMP.Date.String() != "2015-09-17T09:30:12+00:00" {
					t.Errorf("XMP Source %q, DateCreated %q; want the file's", im.XMP.Source, im.XMP.Date)
				}
				if b := res.Data; !bytes.Contains(b, []byte("2015-09-17T09:30:12+00:00")) {
					t.Error("the XMP DateCreated is not written as it was")
				}
			}
			again, err := JPEG(res.Data, rec, nil, Options{})
			if err != nil || again.Changed {
				t.Errorf("second run: %v, changed %v (IIM %q, XMP %q)", err, again.Changed, again.IIM, again.XMP)
			}
		})
	}
}
