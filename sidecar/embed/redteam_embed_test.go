package embed

import (
	"bytes"
	"crypto/md5"
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/captag/captag/metadata"
	"github.com/captag/captag/metadata/caption"
	"github.com/captag/captag/metadata/fixture"
	"github.com/captag/captag/metadata/xmp"
)

// Regressions for the red-team report of issue 20: each test is named
// after the item it answers and fails on the code before its fix.

func TestRedTeam08PaddingCutset(t *testing.T) {
	// Before the fix the padding test trimmed with the cutset "\xFF",
	// which as UTF-8 is invalid and trimmed every invalid byte: these
	// four bytes after EOI were taken for padding and kept, a trailer
	// nothing accounts for.
	base := fixture.JPEG(fixture.All(wire))
	for _, c := range []struct {
		name    string
		trailer []byte
		refused bool
	}{
		{"invalid UTF-8 after EOI refused", []byte("\xfe\x80\x80\xc0"), true},
		{"0xFF then other bytes refused", []byte("\xff\xff\x80"), true},
		{"JUNK refused", []byte("JUNK"), true},
		{"0xFF padding kept", []byte("\xff\xff\xff\xff"), false},
		{"zero padding kept", make([]byte, 4), false},
	} {
		t.Run(c.name, func(t *testing.T) {
			in := append(append([]byte(nil), base...), c.trailer...)
			res, err := JPEG(in, aleppo(), nil, Options{})
			var re *RefusedError
			if c.refused {
				if !errors.As(err, &re) || !strings.Contains(re.Reason, "end at EOI") {
					t.Fatalf("expected a refusal naming the %d bytes after EOI, found %v (changed %v)", len(c.trailer), err, res.Changed)
				}
				return
			}
			if err != nil {
				t.Fatalf("padding refused: %v", err)
			}
			checkUntouched(t, in, res.Data)
		})
	}
}

func TestRedTeam06NearMissSignatures(t *testing.T) {
	// Before the fix a header one or two bytes off a known one was
	// neither read nor refused; exiftool 12.57 still reads these (its
	// Exif test ignores case, its Photoshop and ExtendedXMP headers are
	// regular expressions whose '.' matches any byte, and any APP1 holding
	// "<?xpacket" is XMP), so after an embed readers saw two packets: two
	// dc:description values, IPTC and IPTC2.
	other := fixture.Fields{Description: "another caption", Creators: []string{"Other Name"}}
	packet := fixture.XMPPacket(other, "")
	irb := fixture.IIMFields(other).IRB()
	tiff := fixture.JPEG(fixture.Spec{EXIF: fixture.EXIFFields(other)})
	exifPayload := tiff[bytes.Index(tiff, []byte(sigExif)):]
	exifPayload = exifPayload[:int(tiff[bytes.Index(tiff, []byte(sigExif))-2])<<8|int(tiff[bytes.Index(tiff, []byte(sigExif))-1])-2]
	base := fixture.JPEG(fixture.All(wire))
	segs, scan := rtSegs(t, base)
	for _, c := range []struct {
		name    string
		marker  byte
		payload []byte
		refused string // the signature named, "" when taken
	}{
		{"XMP header with its first byte changed", markerAPP1, []byte("Http://ns.adobe.com/xap/1.0/\x00" + packet), "XMP"},
		{"XMP header with one byte changed", markerAPP1, []byte("hxtp://ns.adobe.com/xap/1.0/\x00" + packet), "XMP"},
		{"XMP header two bytes off, no packet marker", markerAPP1, []byte("Http://ns.adobe.com/xap/1.0/\x01<x:xmpmeta/>"), "XMP"},
		{"ExtendedXMP header one byte off", markerAPP1, []byte("Http://ns.adobe.com/xmp/extension/\x00" + strings.Repeat("0", 40)), "ExtendedXMP"},
		{"EXIF header in lower case", markerAPP1, append([]byte("exif"), exifPayload[4:]...), "EXIF"},
		{"EXIF header after garbage", markerAPP1, append([]byte("\x00\x00"), exifPayload...)[:len(exifPayload)], "EXIF"},
		{"Photoshop header with E1 for the dot", markerAPP13, append([]byte("Photoshop 3\xe10\x00"), irb...), "Photoshop APP13"},
		{"Photoshop header in lower case", markerAPP13, append([]byte("photoshop 3.0\x00"), irb...), "Photoshop APP13"},
		{"FLIR segment taken", markerAPP1, []byte("FLIR\x00\x01\x00\x00<?xpacket"), ""},
		{"Adobe_CM segment taken", markerAPP13, []byte("Adobe_CM\x00\x01"), ""},
		{"unknown APP1 taken", markerAPP1, []byte("QVCI\x00\x00\x00\x00"), ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			in := append([]fixture.Segment{segs[0], {Marker: c.marker, Payload: c.payload}}, segs[1:]...)
			b := rtJoin(in, scan, "")
			at := int64(len(rtJoin(in[:1], nil, "")))
			res, err := JPEG(b, aleppo(), nil, Options{})
			var re *RefusedError
			if c.refused == "" {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				checkUntouched(t, b, res.Data)
				return
			}
			if !errors.As(err, &re) {
				t.Fatalf("expected a refusal, found %v (changed %v)", err, res.Changed)
			}
			if re.Offset != at || !strings.Contains(re.Reason, "expected the "+c.refused+" header") {
				t.Errorf("expected the refusal to name the segment at %d and the %s header, found %v", at, c.refused, err)
			}
		})
	}
}

// xmpList returns the items of property ns:name in a JPEG's XMP packet,
// parsed whole (the metadata store keeps only the first 1,024).
func xmpList(t *testing.T, b []byte, ns, name string) []string {
	t.Helper()
	segs, _ := testSegments(t, b)
	for _, s := range segs {
		if s[1] == markerAPP1 && bytes.HasPrefix(s[4:], []byte(sigXMP)) {
			d, err := xmp.Parse(s[4+len(sigXMP):])
			if err != nil {
				t.Fatalf("the XMP packet does not parse: %v", err)
			}
			return texts(prop(d, ns, name))
		}
	}
	return nil
}

// keywordsJPEG is a JPEG whose IIM (no digest, no XMP) holds n keywords
// k1 … kn, as `exiftool -sep , -IPTC:Keywords="$(seq -s, -f k%g 1 n)"`
// writes them.
func keywordsJPEG(n int) ([]byte, []string) {
	var kw []string
	for i := 1; i <= n; i++ {
		kw = append(kw, fmt.Sprintf("k%d", i))
	}
	m := fixture.IIMFields(fixture.Fields{Keywords: kw})
	return fixture.JPEG(fixture.Spec{IIM: &m}), kw
}

func TestRedTeam01KeywordsPastCap(t *testing.T) {
	// Before the fix: of 1,100 IIM keywords the read kept 1,024, and the
	// embed wrote those and the caption's: IIM 1,025, XMP only "war",
	// k1025–k1100 gone without a word, and a second run changed the file
	// again.
	rec := caption.Record{Text: "A caption.", Keywords: []string{"war"}}
	for _, n := range []int{1100, 1500} {
		t.Run(fmt.Sprintf("%d keywords kept in both stores", n), func(t *testing.T) {
			in, kw := keywordsJPEG(n)
			im := read(t, in)
			if len(im.IPTC.Keywords) != n {
				t.Fatalf("the read kept %d of the %d IIM keywords", len(im.IPTC.Keywords), n)
			}
			res, err := JPEG(in, rec, nil, Options{})
			if err != nil {
				t.Fatal(err)
			}
			want := append([]string{"war"}, kw...)
			iimKw := read(t, res.Data).IPTC.Keywords
			xmpKw := xmpList(t, res.Data, xmp.NSdc, "subject")
			if strings.Join(iimKw, ",") != strings.Join(want, ",") || strings.Join(xmpKw, ",") != strings.Join(want, ",") {
				t.Errorf("expected the %d keywords in both stores, found IIM %d (last %q), XMP %d (last %q)", len(want), len(iimKw), iimKw[len(iimKw)-1], len(xmpKw), xmpKw[len(xmpKw)-1])
			}
			again, err := JPEG(res.Data, rec, nil, Options{})
			if err != nil || again.Changed {
				t.Errorf("second run: %v, changed %v (IIM %v, XMP %v)", err, again.Changed, again.IIM, again.XMP)
			}
		})
	}
	t.Run("more than the cap: the read says so, the embed refuses", func(t *testing.T) {
		n := metadata.MaxListItems + 4
		in, _ := keywordsJPEG(n)
		im := read(t, in)
		said := false
		for _, w := range im.Warnings {
			said = said || strings.Contains(w.Message, fmt.Sprint(n)) && strings.Contains(w.Message, "Keywords")
		}
		if !said || len(im.IPTC.Keywords) != metadata.MaxListItems {
			t.Errorf("expected the read to keep %d keywords and warn naming the %d found, found %d kept and %q", metadata.MaxListItems, n, len(im.IPTC.Keywords), im.Warnings)
		}
		res, err := JPEG(in, rec, nil, Options{})
		var re *RefusedError
		if !errors.As(err, &re) || !strings.Contains(re.Reason, fmt.Sprint(metadata.MaxListItems)) || !strings.Contains(re.Reason, fmt.Sprint(n+1)) {
			t.Fatalf("expected a refusal naming the cap %d and the %d keywords, found %v (changed %v)", metadata.MaxListItems, n+1, err, res.Changed)
		}
	})
}

func TestRedTeam02IIMKeywordsIntoXMP(t *testing.T) {
	// Before the fix: IIM desk1,desk2,desk3 (digest stale) and a caption
	// with "war" gave IIM war,desk1,desk2,desk3 but XMP only war, and a
	// current digest: Adobe's readers then showed only war.
	rec := caption.Record{Text: "A caption.", Keywords: []string{"war"}}
	desk := fixture.Fields{Keywords: []string{"desk1", "desk2", "desk3"}}
	stale := fixture.IIMFields(desk)
	stale.Digest = fixture.DigestStale
	none := fixture.IIMFields(desk)
	current := fixture.IIMFields(desk)
	current.Digest = fixture.DigestCurrent
	byline := fixture.IIMFields(fixture.Fields{Creators: []string{"Iim Person"}})
	subjects := fixture.IIM{UTF8Marker: true, Datasets: []fixture.Dataset{
		{Record: 2, Number: 12, Value: []byte("IPTC:01000000:Arts")}, {Record: 2, Number: 12, Value: []byte("IPTC:16000000:Conflict")},
		{Record: 2, Number: 20, Value: []byte("SPO")}, {Record: 2, Number: 20, Value: []byte("WAR")},
	}}
	subjectsXMP := `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">` +
		`<rdf:Description rdf:about="" xmlns:photoshop="http://ns.adobe.com/photoshop/1.0/" xmlns:Iptc4xmpCore="http://iptc.org/std/Iptc4xmpCore/1.0/xmlns/">` +
		`<photoshop:SupplementalCategories><rdf:Bag><rdf:li>SPO</rdf:li></rdf:Bag></photoshop:SupplementalCategories>` +
		`<Iptc4xmpCore:SubjectCode><rdf:Bag><rdf:li>01000000</rdf:li></rdf:Bag></Iptc4xmpCore:SubjectCode>` +
		`</rdf:Description></rdf:RDF></x:xmpmeta>`
	for _, c := range []struct {
		name   string
		in     []byte
		rec    caption.Record
		want   string // the keywords of both stores after the embed
		digest bool   // a current digest written
		warn   string // in a warning, when no digest
		// subjects are the XMP's SupplementalCategories and SubjectCode
		// after the embed ("" when not checked).
		subjects string
	}{
		{"stale digest", fixture.JPEG(fixture.Spec{IIM: &stale, XMP: fixture.XMPPacket(fixture.Fields{Description: "old"}, "")}), rec, "war,desk1,desk2,desk3", true, "", ""},
		{"no digest, no XMP", fixture.JPEG(fixture.Spec{IIM: &none}), rec, "war,desk1,desk2,desk3", true, "", ""},
		{"current digest, XMP without them", fixture.JPEG(fixture.Spec{IIM: &current, XMP: fixture.XMPPacket(fixture.Fields{Keywords: []string{"xmp1"}}, "")}), rec, "xmp1,war,desk1,desk2,desk3", true, "", ""},
		{"caption without keywords", fixture.JPEG(fixture.Spec{IIM: &none, XMP: fixture.XMPPacket(fixture.Fields{Keywords: []string{"xmp1"}}, "")}), caption.Record{Text: "A caption."}, "xmp1,desk1,desk2,desk3", true, "", ""},
		{"by-line the XMP says otherwise, no digest", fixture.JPEG(fixture.Spec{IIM: &byline, XMP: fixture.XMPPacket(fixture.Fields{Creators: []string{"Xmp Person"}}, "")}), caption.Record{Text: "A caption."}, "", false, "2:80", ""},
		{"subject codes and categories the XMP lacks", fixture.JPEG(fixture.Spec{IIM: &subjects, XMP: subjectsXMP}), caption.Record{Text: "A caption."}, "", true, "", "SPO,WAR 01000000,16000000"},
	} {
		t.Run(c.name, func(t *testing.T) {
			res, err := JPEG(c.in, c.rec, nil, Options{})
			if err != nil {
				t.Fatal(err)
			}
			iimKw := strings.Join(read(t, res.Data).IPTC.Keywords, ",")
			xmpKw := strings.Join(xmpList(t, res.Data, xmp.NSdc, "subject"), ",")
			if iimKw != c.want || xmpKw != c.want {
				t.Errorf("expected the keywords %q in both stores, found IIM %q, XMP %q", c.want, iimKw, xmpKw)
			}
			iim, digest := testIIM(t, res.Data)
			sum := md5.Sum(iim)
			if current := bytes.Equal(digest, sum[:]); current != c.digest {
				t.Errorf("expected a current digest %v, found %v (warnings %q)", c.digest, current, res.Warnings)
			}
			if c.subjects != "" {
				got := strings.Join(xmpList(t, res.Data, xmp.NSphotoshop, "SupplementalCategories"), ",") + " " + strings.Join(xmpList(t, res.Data, xmp.NSIptc4xmpCore, "SubjectCode"), ",")
				if got != c.subjects {
					t.Errorf("expected the XMP's categories and subject codes %q (the IIM's with them), found %q", c.subjects, got)
				}
			}
			if c.warn != "" && !strings.Contains(strings.Join(res.Warnings, "\n"), c.warn) {
				t.Errorf("expected a warning naming %s, found %q", c.warn, res.Warnings)
			}
			again, err := JPEG(res.Data, c.rec, nil, Options{})
			if err != nil || again.Changed {
				t.Errorf("second run: %v, changed %v (IIM %v, XMP %v)", err, again.Changed, again.IIM, again.XMP)
			}
		})
	}
}

func TestRedTeam10InvalidUTF8NotWritten(t *testing.T) {
	// Before the fix: IIM 1:90 said UTF-8 but 2:92 held the Latin-1 byte
	// FC; the embed carried it into the XMP as "M\uFFFDnchen" and made the
	// digest current. exiftool 12.57 does not decode such a value either:
	// it prints the raw bytes and, in -X, gives it as base64Binary.
	m := fixture.IIM{UTF8Marker: true, Datasets: []fixture.Dataset{{Record: 2, Number: 92, Value: []byte("M\xfcnchen")}, {Record: 2, Number: 25, Value: []byte("M\xfcnchen")}, {Record: 2, Number: 25, Value: []byte("ok")}}}
	in := fixture.JPEG(fixture.Spec{IIM: &m})
	at := bytes.Index(in, []byte("M\xfcnchen")) + 1 // the first FC byte, in the file
	res, err := JPEG(in, caption.Record{Text: "A caption.", Keywords: []string{"war"}}, nil, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(res.Data, []byte("\uFFFD")) {
		t.Error("U+FFFD written into the file")
	}
	if loc := xmpList(t, res.Data, xmp.NSIptc4xmpCore, "Location"); len(loc) > 0 {
		t.Errorf("expected the invalid 2:92 left out of the XMP, found Location %q", loc)
	}
	if kw := strings.Join(xmpList(t, res.Data, xmp.NSdc, "subject"), ","); kw != "war,ok" {
		t.Errorf("expected the XMP keywords war,ok (the invalid one left out), found %q", kw)
	}
	if bytes.Count(res.Data, []byte("M\xfcnchen")) != 2 {
		t.Error("the invalid values were not kept in the IIM as they were")
	}
	iim, digest := testIIM(t, res.Data)
	if sum := md5.Sum(iim); bytes.Equal(digest, sum[:]) {
		t.Error("a current digest written: readers would stop reading the IIM")
	}
	w := strings.Join(res.Warnings, "\n")
	if !strings.Contains(w, "2:92") || !strings.Contains(w, fmt.Sprintf("offset %d", at)) {
		t.Errorf("expected a warning naming 2:92 and the offset %d, found %q", at, res.Warnings)
	}
	if again, err := JPEG(res.Data, caption.Record{Text: "A caption.", Keywords: []string{"war"}}, nil, Options{}); err != nil || again.Changed {
		t.Errorf("second run: %v, changed %v", err, again.Changed)
	}
}

// ifdEntry is one TIFF entry for tiffWith; data longer than 4 bytes goes
// after the IFDs.
type ifdEntry struct {
	tag, typ uint16
	count    uint32
	data     []byte
}

// tiffWith is an EXIF APP1 payload (little-endian) with IFD0 made of
// ifd0 and, when ifd1 is not nil, an IFD1 after it; next1 is IFD1's (or
// without it IFD0's) next pointer. An entry whose data is the 4 bytes
// "END!" gets the end of the TIFF data instead: a pointer just past it.
func tiffWith(ifd0, ifd1 []ifdEntry, next1 uint32) []byte {
	le := binary.LittleEndian
	size := func(es []ifdEntry) int { return 2 + 12*len(es) + 4 }
	dataAt := 8 + size(ifd0)
	if ifd1 != nil {
		dataAt += size(ifd1)
	}
	total := dataAt
	for _, es := range [][]ifdEntry{ifd0, ifd1} {
		for _, e := range es {
			if len(e.data) > 4 {
				total += len(e.data) + len(e.data)%2
			}
		}
	}
	var t, tail []byte
	t = le.AppendUint32([]byte("II*\x00"), 8)
	write := func(es []ifdEntry, next uint32) {
		t = le.AppendUint16(t, uint16(len(es)))
		for _, e := range es {
			t = le.AppendUint32(le.AppendUint16(le.AppendUint16(t, e.tag), e.typ), e.count)
			switch {
			case string(e.data) == "END!":
				t = le.AppendUint32(t, uint32(total))
			case len(e.data) > 4:
				t = le.AppendUint32(t, uint32(dataAt+len(tail)))
				tail = append(tail, e.data...)
				if len(e.data)%2 == 1 {
					tail = append(tail, 0)
				}
			default:
				t = append(t, append(append([]byte(nil), e.data...), make([]byte, 4-len(e.data))...)...)
			}
		}
		t = le.AppendUint32(t, next)
	}
	if ifd1 == nil {
		write(ifd0, next1)
	} else {
		write(ifd0, uint32(8+size(ifd0)))
		write(ifd1, next1)
	}
	return append([]byte("Exif\x00\x00"), append(t, tail...)...)
}

func TestRedTeam07DanglingSubIFD(t *testing.T) {
	// Before the fix the relocatability test followed neither 0x014A
	// (SubIFDs) nor IFD1's next pointer: with an IFD0 SubIFD pointer just
	// past the TIFF data, --embed-exif appended the new IFD0 there and
	// exiftool 12.57 reported a new "Bad SubIFD directory".
	le := binary.LittleEndian
	ascii := func(tag uint16, s string) ifdEntry {
		return ifdEntry{tag, 2, uint32(len(s) + 1), append([]byte(s), 0)}
	}
	long := func(tag uint16, vs ...uint32) ifdEntry {
		var b []byte
		for _, v := range vs {
			b = le.AppendUint32(b, v)
		}
		return ifdEntry{tag, 4, uint32(len(vs)), b}
	}
	base := []ifdEntry{ascii(0x010E, "An old description"), ascii(0x013B, "Old Name")}
	frame, scan := rtSegs(t, fixture.JPEG(fixture.Spec{}))
	for _, c := range []struct {
		name     string
		exif     []byte
		appended bool // the EXIF may take a new IFD0 at its end
		// refused: the pointer lands in the bytes right after the EXIF
		// segment, which readers then take for the IFD and the embed
		// would change (the new XMP goes there): left alone.
		refused bool
	}{
		{"SubIFDs pointer just past the data", tiffWith(append(base, ifdEntry{0x014A, 4, 1, []byte("END!")}), nil, 0), false, true},
		{"SubIFDs array with its second offset past the data", tiffWith(append(base, ifdEntry{0x014A, 4, 2, append(le.AppendUint32(nil, 8), "END!"...)}), nil, 0), false, false},
		{"IFD1's next pointer past the data", tiffWith(base, []ifdEntry{long(0x0100, 16)}, 0xFFFF), false, false},
		{"Exif IFD pointer past the data", tiffWith(append(base, ifdEntry{0x8769, 4, 1, []byte("END!")}), nil, 0), false, true},
		{"every pointer inside: IFD0 appended", tiffWith(base, []ifdEntry{long(0x0100, 16)}, 0), true, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			in := rtJoin(append([]fixture.Segment{{Marker: markerAPP1, Payload: c.exif}}, frame...), scan, "")
			res, err := JPEG(in, aleppo(), nil, Options{EXIF: true})
			var re *RefusedError
			switch {
			case c.refused && errors.As(err, &re) && strings.Contains(re.Reason, "past the segment's end"):
				return
			case c.refused:
				t.Fatalf("expected a refusal naming the pointer past the segment's end, found %v", err)
			case err != nil:
				t.Fatal(err)
			}
			segs, _ := rtSegs(t, res.Data)
			got := segs[rtIndex(segs, markerAPP1, sigExif)].Payload
			if grew := len(got) > len(c.exif); grew != c.appended {
				t.Errorf("expected the EXIF extended %v, found %d bytes where it had %d (warnings %q)", c.appended, len(got), len(c.exif), res.Warnings)
			}
			if !c.appended && !strings.Contains(strings.Join(res.Warnings, "\n"), "left out") {
				t.Errorf("expected a warning that the EXIF tags were left out, found %q", res.Warnings)
			}
			if _, err := exec.LookPath("exiftool"); err != nil {
				t.Skip("exiftool not on PATH: -validate not compared")
			}
			dir := t.TempDir()
			before, after := filepath.Join(dir, "before.jpg"), filepath.Join(dir, "after.jpg")
			if os.WriteFile(before, in, 0o644) != nil || os.WriteFile(after, res.Data, 0o644) != nil {
				t.Fatal("writing the files")
			}
			o := exiftoolJSON(t, []string{"-validate", "-warning", "-error", "-a", "-G4"}, []string{before, after})
			was := warningsOf(o[before])
			for w := range warningsOf(o[after]) {
				if !was[w] {
					t.Errorf("exiftool -validate: a new warning after the embed: %s", w)
				}
			}
		})
	}
}

// mpfWith is a two-image MPF file: SOI, the segments before, the APP2 MPF
// index, the segments after, the primary's frame and scan, then second.
// The index gives the primary's true size and second's offset from the
// MPF TIFF header, as phones write it.
func mpfWith(t testing.TB, before, after []fixture.Segment, second []byte) []byte {
	t.Helper()
	raw, scan := testSegments(t, fixture.JPEG(fixture.Spec{}))
	var frame []fixture.Segment
	for _, r := range raw {
		frame = append(frame, fixture.Segment{Marker: r[1], Payload: r[4:]})
	}
	le := binary.LittleEndian
	index := func(firstLen, off2 uint32) []byte {
		p := []byte("MPF\x00II*\x00")
		p = le.AppendUint32(p, 8)
		p = le.AppendUint16(p, 3)
		entry := func(tag, typ uint16, n uint32, v []byte) {
			p = le.AppendUint16(le.AppendUint16(p, tag), typ)
			p = append(le.AppendUint32(p, n), v...)
		}
		entry(0xB000, 7, 4, []byte("0100"))
		entry(0xB001, 4, 1, le.AppendUint32(nil, 2))
		entry(0xB002, 7, 32, le.AppendUint32(nil, 8+2+3*12+4))
		p = le.AppendUint32(p, 0)
		p = le.AppendUint32(le.AppendUint32(le.AppendUint32(p, 0x20030000), firstLen), 0)
		p = append(p, 0, 0, 0, 0)
		p = le.AppendUint32(le.AppendUint32(le.AppendUint32(p, 0x00010001), uint32(len(second))), off2)
		return append(p, 0, 0, 0, 0)
	}
	build := func(firstLen, off2 uint32) []byte {
		segs := append(append(append([]fixture.Segment(nil), before...), fixture.Segment{Marker: markerAPP2, Payload: index(firstLen, off2)}), after...)
		return rtJoin(append(segs, frame...), scan, "")
	}
	primary := build(0, 0)
	mpfAt := len(rtJoin(before, nil, "")) + 4 + len(sigMPF) // the MPF TIFF header
	return append(build(uint32(len(primary)), uint32(len(primary)-mpfAt)), second...)
}

func TestRedTeam09MPFEntries(t *testing.T) {
	// Before the fix the MP entry of the primary image kept its old size
	// after an embed (2127 while the primary was then 4437 bytes), and a
	// segment captag rewrites after the MPF index made the file refused.
	if _, err := exec.LookPath("exiftool"); err != nil {
		t.Skip("exiftool not on PATH")
	}
	segs, _ := rtSegs(t, fixture.JPEG(fixture.All(wire)))
	app13 := segs[rtIndex(segs, markerAPP13, sigPhotoshop)]
	exif := segs[rtIndex(segs, markerAPP1, sigExif)]
	xmpSeg := segs[rtIndex(segs, markerAPP1, sigXMP)]
	second := fixture.JPEG(fixture.Spec{Width: 16, Height: 16})
	for _, c := range []struct {
		name          string
		before, after []fixture.Segment
		opt           Options
	}{
		{"XMP and IIM inserted before the MPF index", []fixture.Segment{exif}, nil, Options{}},
		{"stores before the MPF index, EXIF rewritten", []fixture.Segment{exif, xmpSeg, app13}, nil, Options{EXIF: true}},
		{"IIM after the MPF index", []fixture.Segment{exif, xmpSeg}, []fixture.Segment{app13}, Options{}},
		{"XMP and IIM after the MPF index", []fixture.Segment{exif}, []fixture.Segment{xmpSeg, app13}, Options{EXIF: true}},
	} {
		t.Run(c.name, func(t *testing.T) {
			in := mpfWith(t, c.before, c.after, second)
			res, err := JPEG(in, aleppo(), nil, c.opt)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.HasSuffix(res.Data, second) {
				t.Fatal("the second image after EOI was not kept")
			}
			dir := t.TempDir()
			before, after := filepath.Join(dir, "before.jpg"), filepath.Join(dir, "after.jpg")
			if os.WriteFile(before, in, 0o644) != nil || os.WriteFile(after, res.Data, 0o644) != nil {
				t.Fatal("writing the files")
			}
			for name, p := range map[string]string{"before": before, "after": after} {
				got, err := exec.Command("exiftool", "-b", "-MPImage2:PreviewImage", p).Output()
				if err != nil || !bytes.Equal(got, second) {
					t.Errorf("%s: exiftool's MPImage2 (%d bytes, %v) is not the second image (%d bytes)", name, len(got), err, len(second))
				}
			}
			o := exiftoolJSON(t, []string{"-validate", "-warning", "-error", "-a", "-G4", "-MPImageLength", "-n"}, []string{before, after})
			if l, want := fmt.Sprint(o[after]["Copy1:MPImageLength"]), fmt.Sprint(len(res.Data)-len(second)); l != want {
				t.Errorf("expected the primary's MP entry to give its new size %s, found %s (it had %v)", want, l, o[before]["Copy1:MPImageLength"])
			}
			was := warningsOf(o[before])
			for w := range warningsOf(o[after]) {
				if !was[w] {
					t.Errorf("exiftool -validate: a new warning after the embed: %s", w)
				}
			}
			if again, err := JPEG(res.Data, aleppo(), nil, c.opt); err != nil || again.Changed {
				t.Errorf("second run: %v, changed %v", err, again.Changed)
			}
		})
	}
}

func TestRedTeam09MPFIndexNotThisFile(t *testing.T) {
	// An MPF index whose primary entry does not give the primary's size
	// (a truncated copy of a phone's file keeps the original's) does not
	// describe the file: captag does not guess. Without images after EOI
	// it is left as it was; with them the file is refused.
	segs, _ := rtSegs(t, fixture.JPEG(fixture.All(wire)))
	exif := segs[rtIndex(segs, markerAPP1, sigExif)]
	second := fixture.JPEG(fixture.Spec{Width: 16, Height: 16})
	wrongSize := func(b []byte) []byte {
		i := bytes.Index(b, []byte(sigMPF)) + 58 // the primary entry's size
		binary.LittleEndian.PutUint32(b[i:], 5959981)
		return b
	}
	full := wrongSize(mpfWith(t, []fixture.Segment{exif}, nil, second))
	truncated := full[:len(full)-len(second)]
	res, err := JPEG(truncated, aleppo(), nil, Options{})
	if err != nil {
		t.Fatalf("no images after EOI: refused: %v", err)
	}
	at := bytes.Index(truncated, []byte(sigMPF))
	if got := bytes.Index(res.Data, []byte(sigMPF)); got < 0 || !bytes.Equal(res.Data[got:got+70], truncated[at:at+70]) {
		t.Error("no images after EOI: the MPF index was changed, though it does not describe the file")
	}
	_, err = JPEG(full, aleppo(), nil, Options{})
	var re *RefusedError
	if !errors.As(err, &re) || !strings.Contains(re.Reason, "MPF") || !strings.Contains(re.Reason, "5959981") {
		t.Errorf("images after EOI: expected a refusal naming the MPF entry's size, found %v", err)
	}
}
