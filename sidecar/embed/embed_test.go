package embed

import (
	"bytes"
	"crypto/md5"
	"crypto/sha256"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/captag/captag/metadata"
	"github.com/captag/captag/metadata/caption"
	"github.com/captag/captag/metadata/date"
	"github.com/captag/captag/metadata/fixture"
	"github.com/captag/captag/sidecar"
)

// aleppo is the caption of the example, as caption.Parse gives it.
func aleppo() caption.Record {
	return caption.Record{
		Text:      "ALEPPO, SYRIA - DECEMBER 19 : Civilians are evacuated from the eastern part of Aleppo on December 19, 2016. ( Aref Watad - Anadolu Agency )",
		City:      "Aleppo",
		Region:    "",
		Country:   "Syria",
		Date:      date.DayOf(2016, 12, 19),
		Creators:  []string{"Aref Watad"},
		Agency:    "Anadolu Agency",
		Agencies:  []string{"Anadolu Agency"},
		Keywords:  []string{"war", "evacuation"},
		Copyright: "Anadolu Agency",
	}
}

// testSegments lists the marker segments of a JPEG up to the first SOS
// and returns them with the bytes from SOS to the end. Deliberately
// independent of the package's walker.
func testSegments(t testing.TB, b []byte) (segs [][]byte, scan []byte) {
	t.Helper()
	segs, scan, err := splitJPEG(b)
	if err != nil {
		t.Fatal(err)
	}
	return segs, scan
}

// isOurs reports whether a segment is one embed rewrites (the MPF index
// included).
func isOurs(seg []byte) bool {
	p := seg[bytes.IndexByte(seg[1:], 0xE1)+1:]
	_ = p
	i := 0
	for i < len(seg) && seg[i] == 0xFF {
		i++
	}
	m := seg[i]
	payload := seg[i+3:]
	return m == 0xE1 && bytes.HasPrefix(payload, []byte(sigXMP)) || m == 0xED && bytes.HasPrefix(payload, []byte(sigPhotoshop)) ||
		m == 0xE2 && bytes.HasPrefix(payload, []byte(sigMPF)) // its index follows the primary's size (TestRedTeam09MPFEntries)
}

// checkUntouched asserts that every segment of orig that embed does not
// own is in out, in order and byte for byte, and that the scan is equal.
func checkUntouched(t testing.TB, orig, out []byte) { checkUntouchedEXIF(t, orig, out, false) }

// checkUntouchedEXIF is checkUntouched that, with exif, also leaves out
// the first EXIF segment (Options.EXIF rewrites it).
func checkUntouchedEXIF(t testing.TB, orig, out []byte, exif bool) {
	t.Helper()
	os, oscan := testSegments(t, orig)
	ns, nscan := testSegments(t, out)
	if sha256.Sum256(oscan) != sha256.Sum256(nscan) {
		t.Fatalf("scan data differs (%d bytes before, %d after)", len(oscan), len(nscan))
	}
	var keep, got [][]byte
	pick := func(segs [][]byte) [][]byte {
		var out [][]byte
		exifSeen := false
		for _, s := range segs {
			if exif && !exifSeen && s[1] == 0xE1 && bytes.HasPrefix(s[4:], []byte(sigExif)) {
				exifSeen = true
				continue
			}
			if !isOurs(s) {
				out = append(out, s)
			}
		}
		return out
	}
	keep, got = pick(os), pick(ns)
	if len(keep) != len(got) {
		t.Fatalf("expected %d untouched segments, found %d", len(keep), len(got))
	}
	for i := range keep {
		if !bytes.Equal(keep[i], got[i]) {
			t.Fatalf("untouched segment %d differs", i)
		}
	}
}

// testIIM returns the IIM block and digest of a JPEG's APP13, walking the
// resources independently of the package.
func testIIM(t testing.TB, b []byte) (iim, digest []byte) {
	t.Helper()
	segs, _ := testSegments(t, b)
	for _, s := range segs {
		if !isOurs(s) || s[1] != 0xED {
			continue
		}
		p := s[4+len(sigPhotoshop):]
		for len(p) >= 12 && !allZero(p) {
			id := int(p[4])<<8 | int(p[5])
			nl := int(p[6])
			q := 7 + nl
			if q%2 == 1 {
				q++
			}
			size := int(p[q])<<24 | int(p[q+1])<<16 | int(p[q+2])<<8 | int(p[q+3])
			data := p[q+4 : q+4+size]
			switch {
			case string(p[:4]) != "8BIM":
			case id == 0x0404:
				iim = data
			case id == 0x0425:
				digest = data
			}
			q += 4 + size + size%2
			p = p[min(q, len(p)):]
		}
	}
	return iim, digest
}

func read(t testing.TB, b []byte) *metadata.Image {
	t.Helper()
	im, err := metadata.Read(bytes.NewReader(b), int64(len(b)), "x.jpg")
	if err != nil {
		t.Fatalf("metadata.Read: %v", err)
	}
	return im
}

var wire = fixture.Fields{
	Date:        "20161219",
	Time:        "140500+0300",
	Creators:    []string{"Old Name"},
	Credit:      "AFP",
	Source:      "AFP",
	Description: "An old caption",
	City:        "Damascus",
	Country:     "Syria",
	Keywords:    []string{"War", "archive"},
}

func TestJPEG(t *testing.T) {
	latin := fixture.IIMFields(fixture.Fields{City: "Zürich", Credit: "Agence Française", Sublocation: "Bahnhofstraße"}).ToLatin1()
	extGUIDText := "<x:xmpmeta xmlns:x=\"adobe:ns:meta/\"><rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\"><rdf:Description rdf:about=\"\" xmlns:crs=\"http://ns.adobe.com/camera-raw-settings/1.0/\" crs:Exposure=\"+0.5\"/></rdf:RDF></x:xmpmeta>"
	extOwned := "<x:xmpmeta xmlns:x=\"adobe:ns:meta/\"><rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\"><rdf:Description rdf:about=\"\" xmlns:photoshop=\"http://ns.adobe.com/photoshop/1.0/\" photoshop:Credit=\"X\"/></rdf:RDF></x:xmpmeta>"
	jpegOf := func(s fixture.Spec) []byte { return fixture.JPEG(s) }
	withExt := func(ext string) []byte {
		s := fixture.All(wire)
		s.XMP = fixture.XMPPacketExtended(wire, "", fixture.ExtendedGUID(ext))
		s.ExtendedXMP = ext
		return fixture.JPEG(s)
	}
	trailing := append(jpegOf(fixture.All(wire)), "trailer"...)
	twoAPP13 := fixture.All(wire)
	twoAPP13.APP13Chunk = 40
	tests := []struct {
		name    string
		in      []byte
		refused string // part of the reason, "" when embedded
		iim     []string
		warn    string
	}{
		{name: "no metadata", in: jpegOf(fixture.Spec{}), iim: []string{"1:90 Coded Character Set", "2:05 Object Name"}},
		{name: "wire picture, all stores", in: jpegOf(fixture.All(wire))},
		{name: "EXIF only", in: jpegOf(fixture.Spec{EXIF: fixture.EXIFFields(wire)})},
		{name: "XMP before EXIF", in: jpegOf(func() fixture.Spec { s := fixture.All(wire); s.XMPFirst = true; return s }())},
		{name: "Latin-1 IIM converted", in: jpegOf(fixture.Spec{IIM: &latin}), warn: "converted from Latin-1"},
		{name: "ExtendedXMP of other properties kept", in: withExt(extGUIDText)},
		{name: "ExtendedXMP with captag's property", in: withExt(extOwned), refused: "ExtendedXMP holds"},
		{name: "data after EOI", in: trailing, refused: "end at EOI"},
		{name: "APP13 split", in: jpegOf(twoAPP13), refused: "split over several"},
		{name: "not a JPEG", in: []byte("GIF89a......"), refused: "SOI"},
	}
	_ = tests[0].iim
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rec := aleppo()
			res, err := JPEG(tc.in, rec, nil, Options{})
			if tc.refused != "" {
				var re *RefusedError
				if !errors.As(err, &re) || !strings.Contains(re.Reason, tc.refused) {
					t.Fatalf("expected a refusal mentioning %q, found %v", tc.refused, err)
				}
				return
			}
			if err != nil {
				t.Fatalf("JPEG: %v", err)
			}
			if !res.Changed {
				t.Fatal("expected a change, found none")
			}
			checkUntouched(t, tc.in, res.Data)
			im := read(t, res.Data)
			for _, st := range []*metadata.Store{im.IPTC, im.XMP} {
				if st == nil {
					t.Fatalf("expected IPTC and XMP stores, found %v %v", im.IPTC, im.XMP)
				}
				if st.Description != rec.Text || strings.Join(st.Creators, ";") != "Aref Watad" || st.Credit != "Anadolu Agency" {
					t.Errorf("%s store: description %q creators %q credit %q", st.Kind, st.Description, st.Creators, st.Credit)
				}
				if st.Date.Year != 2016 || st.Date.Month != 12 || st.Date.Day != 19 {
					t.Errorf("%s store: date %v", st.Kind, st.Date)
				}
			}
			if im.IPTC.Charset != "utf-8" {
				t.Errorf("IIM charset %q, want utf-8", im.IPTC.Charset)
			}
			for _, w := range im.Warnings {
				if w.Code == metadata.WarnDigestStale || w.Code == metadata.WarnIIMCharset || w.Code == metadata.WarnExtendedXMP {
					t.Errorf("warning after embedding: %s", w.Message)
				}
			}
			iim, digest := testIIM(t, res.Data)
			if sum := md5.Sum(iim); !bytes.Equal(digest, sum[:]) {
				t.Errorf("digest % x, want MD5 of the IIM % x", digest, sum)
			}
			if tc.warn != "" && !strings.Contains(strings.Join(res.Warnings, "\n"), tc.warn) {
				t.Errorf("warnings %q, want one with %q", res.Warnings, tc.warn)
			}
			// Idempotent: a second run changes nothing.
			res2, err := JPEG(res.Data, rec, nil, Options{})
			if err != nil {
				t.Fatalf("second run: %v", err)
			}
			if res2.Changed || !bytes.Equal(res2.Data, res.Data) {
				t.Errorf("second run changed the file: IIM %q XMP %q", res2.IIM, res2.XMP)
			}
		})
	}
}

// TestJPEGPadding: the padding lets a later, longer caption be written in
// place — the XMP segment keeps its size (the IIM has no padding: its
// segment grows by the longer caption).
func TestJPEGPadding(t *testing.T) {
	first, err := JPEG(fixture.JPEG(fixture.All(wire)), aleppo(), nil, Options{})
	if err != nil {
		t.Fatal(err)
	}
	rec := aleppo()
	rec.Text += " A longer caption after an edit by the desk."
	second, err := JPEG(first.Data, rec, nil, Options{})
	if err != nil {
		t.Fatal(err)
	}
	xmpLen := func(b []byte) int {
		segs, _ := testSegments(t, b)
		for _, s := range segs {
			if isOurs(s) && s[1] == 0xE1 {
				return len(s)
			}
		}
		return -1
	}
	if a, b := xmpLen(first.Data), xmpLen(second.Data); a != b || a < 0 {
		t.Errorf("the edit changed the XMP segment from %d to %d bytes; want it in place", a, b)
	}
	if im := read(t, second.Data); im.XMP.Description != rec.Text {
		t.Errorf("XMP description %q", im.XMP.Description)
	}
}

func TestJPEGLimits(t *testing.T) {
	rec := aleppo()
	rec.Creators = []string{"Muhammad Abdulrahman Al-Haj Hassan Ibrahim"} // 42 bytes
	rec.Text = strings.Repeat("Ä", 1200)                                  // 2,400 bytes
	res, err := JPEG(fixture.JPEG(fixture.Spec{}), rec, nil, Options{})
	if err != nil {
		t.Fatal(err)
	}
	w := strings.Join(res.Warnings, "\n")
	for _, want := range []string{"2:80 By-line: expected at most 32 bytes, found 42", "2:120 Caption-Abstract: expected at most 2000 bytes, found 2400"} {
		if !strings.Contains(w, want) {
			t.Errorf("warnings %q, want %q", res.Warnings, want)
		}
	}
	// The cut warnings come in dataset order, the same on every run.
	if i, j := strings.Index(w, "2:80 By-line"), strings.Index(w, "2:120 Caption-Abstract"); i < 0 || j < i {
		t.Errorf("warnings %q, want By-line (2:80) before Caption-Abstract (2:120)", res.Warnings)
	}
	for range 20 {
		again, err := JPEG(fixture.JPEG(fixture.Spec{}), rec, nil, Options{})
		if err != nil || strings.Join(again.Warnings, "\n") != w {
			t.Fatalf("warnings differ between runs: %q, then %q", res.Warnings, again.Warnings)
		}
	}
	im := read(t, res.Data)
	if got := im.IPTC.Description; got != strings.Repeat("Ä", 1000) {
		t.Errorf("IIM caption cut to %d bytes, want 2000 at a character boundary", len(got))
	}
	if im.XMP.Description != rec.Text {
		t.Error("XMP lost the full caption")
	}
	// The cut is stable: a second run changes nothing.
	if res2, err := JPEG(res.Data, rec, nil, Options{}); err != nil || res2.Changed {
		t.Errorf("second run: %v, changed IIM %q", err, res2.IIM)
	}
}

func TestJPEGCases(t *testing.T) {
	mpf := fixture.Segment{Marker: 0xE2, Payload: []byte("MPF\x00II*\x00\x08\x00\x00\x00")}
	mpfFile := func(app13AfterMPF bool) []byte {
		s := fixture.All(wire)
		s.Extra = []fixture.Segment{mpf}
		if app13AfterMPF {
			m := *s.IIM
			s.IIM = nil
			s.Extra = append(s.Extra, fixture.Segment{Marker: 0xED, Payload: append([]byte(sigPhotoshop), m.IRB()...)})
		}
		return append(fixture.JPEG(s), "\xFF\xD8second image\xFF\xD9"...)
	}
	big := fixture.All(wire)
	big.XMP = fixture.XMPPacket(fixture.Fields{Headline: strings.Repeat("x", 64500)}, "")

	// An MPF segment whose index cannot be read: the images after EOI
	// could be kept, but not the index true (the primary's size, the
	// others' offsets), so the file is refused. A readable index is
	// patched: see TestMPF and TestRedTeam09MPFEntries.
	for _, after := range []bool{false, true} {
		t.Run(fmt.Sprintf("MPF without a readable index is refused (IIM after it %v)", after), func(t *testing.T) {
			_, err := JPEG(mpfFile(after), aleppo(), nil, Options{})
			var re *RefusedError
			if !errors.As(err, &re) || !strings.Contains(re.Reason, "MPF") {
				t.Fatalf("expected a refusal naming MPF, found %v", err)
			}
		})
	}
	t.Run("XMP that must grow past 64 KiB is refused", func(t *testing.T) {
		_, err := JPEG(fixture.JPEG(big), aleppo(), nil, Options{})
		var re *RefusedError
		if !errors.As(err, &re) || !strings.Contains(re.Reason, "fit in one segment") {
			t.Fatalf("expected a refusal, found %v", err)
		}
	})
	t.Run("keep existing leaves IIM and XMP values", func(t *testing.T) {
		res, err := JPEG(fixture.JPEG(fixture.All(wire)), aleppo(), nil, Options{Sidecar: sidecar.Options{KeepExisting: true}})
		if err != nil {
			t.Fatal(err)
		}
		im := read(t, res.Data)
		for _, st := range []*metadata.Store{im.IPTC, im.XMP} {
			if st.Credit != "AFP" || st.Description != "An old caption" || st.City != "Damascus" {
				t.Errorf("%s: credit %q description %q city %q; want the old values kept", st.Kind, st.Credit, st.Description, st.City)
			}
		}
	})
	t.Run("Latin-1 IIM is converted, not mixed", func(t *testing.T) {
		latin := fixture.IIMFields(fixture.Fields{Sublocation: "Bahnhofstraße", Headline: "Zürich"}).ToLatin1()
		res, err := JPEG(fixture.JPEG(fixture.Spec{IIM: &latin}), aleppo(), nil, Options{})
		if err != nil {
			t.Fatal(err)
		}
		im := read(t, res.Data)
		if im.IPTC.Sublocation != "Bahnhofstraße" || im.IPTC.Headline != "Zürich" || im.IPTC.Charset != "utf-8" {
			t.Errorf("sub-location %q headline %q charset %q", im.IPTC.Sublocation, im.IPTC.Headline, im.IPTC.Charset)
		}
	})
	t.Run("EXIF only when asked, and then IFD0 rewritten without moving anything", func(t *testing.T) {
		in := fixture.JPEG(fixture.All(wire))
		res, err := JPEG(in, aleppo(), nil, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if im := read(t, res.Data); len(res.EXIF) != 0 || im.EXIF.Creators[0] != "Old Name" {
			t.Fatalf("EXIF written without Options.EXIF: %q", res.EXIF)
		}
		res, err = JPEG(in, aleppo(), nil, Options{EXIF: true})
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.Join(res.EXIF, ","); got != "IFD0 Artist,IFD0 Copyright,IFD0 ImageDescription" {
			t.Errorf("EXIF changed %q", got)
		}
		checkUntouchedEXIF(t, in, res.Data, true)
		im := read(t, res.Data)
		if strings.Join(im.EXIF.Creators, ";") != "Aref Watad" || im.EXIF.Description != aleppo().Text || im.EXIF.Copyright != "Anadolu Agency" || im.EXIF.Date.Hour != 14 {
			t.Errorf("EXIF reads back creators %q description %q copyright %q date %v", im.EXIF.Creators, im.EXIF.Description, im.EXIF.Copyright, im.EXIF.Date)
		}
		res2, err := JPEG(res.Data, aleppo(), nil, Options{EXIF: true})
		if err != nil || res2.Changed {
			t.Errorf("second run: %v, changed %v", err, res2.Changed)
		}
	})
	t.Run("EXIF tag already right keeps its entry when IFD0 moves", func(t *testing.T) {
		// Regression: the relocated IFD0 lost an unchanged Artist.
		in := fixture.JPEG(fixture.Spec{EXIF: &fixture.EXIF{Artist: "Aref Watad", ImageDescription: "old", DateTimeOriginal: "2016:12:19 14:05:00"}})
		res, err := JPEG(in, aleppo(), nil, Options{EXIF: true})
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.Join(res.EXIF, ","); got != "IFD0 Copyright,IFD0 ImageDescription" {
			t.Errorf("EXIF changed %q", got)
		}
		im := read(t, res.Data)
		if strings.Join(im.EXIF.Creators, ";") != "Aref Watad" || im.EXIF.Description != aleppo().Text {
			t.Errorf("EXIF reads back creators %q description %q", im.EXIF.Creators, im.EXIF.Description)
		}
	})
	t.Run("keywords: the XMP's, then the IIM's own", func(t *testing.T) {
		res, err := JPEG(fixture.JPEG(fixture.All(wire)), aleppo(), nil, Options{})
		if err != nil {
			t.Fatal(err)
		}
		im := read(t, res.Data)
		if got := strings.Join(im.IPTC.Keywords, ","); got != strings.Join(im.XMP.Keywords, ",") || !strings.Contains(got, "archive") || !strings.Contains(got, "evacuation") {
			t.Errorf("IIM keywords %q, XMP %q", im.IPTC.Keywords, im.XMP.Keywords)
		}
	})
}
