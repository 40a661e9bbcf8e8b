package metadata

import (
	"bytes"
	"crypto/md5"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"strings"
	"testing"

	"github.com/captag/captag/metadata/jpegseg"
)

// seg builds one marker segment.
func testSeg(marker byte, payload ...[]byte) []byte {
	p := bytes.Join(payload, nil)
	b := []byte{0xFF, marker, 0, 0}
	binary.BigEndian.PutUint16(b[2:], uint16(len(p)+2))
	return append(b, p...)
}

// jpegOf builds a JPEG: SOI, the segments, a minimal SOS and scan bytes
// that must never be read as segments, EOI.
func jpegOf(segs ...[]byte) []byte {
	b := []byte{0xFF, 0xD8}
	for _, s := range segs {
		b = append(b, s...)
	}
	b = append(b, testSeg(jpegseg.SOS, []byte{1, 1, 0, 0, 0x3F, 0})...)
	// Scan data that looks like an APP1 Exif segment: a walker that
	// searched for magic bytes would find it.
	b = append(b, testSeg(markerAPP1, []byte("Exif\x00\x00II*\x00\x08\x00\x00\x00"))...)
	return append(b, 0xFF, 0xD9)
}

func exifSeg(tiff []byte) []byte  { return testSeg(markerAPP1, []byte("Exif\x00\x00"), tiff) }
func xmpSeg(packet string) []byte { return testSeg(markerAPP1, []byte(sigXMP), []byte(packet)) }
func app13Seg(data string) []byte { return testSeg(markerAPP13, []byte(sigPhotoshop), []byte(data)) }

func extSeg(guid string, full, off int, data []byte) []byte {
	h := make([]byte, 8)
	binary.BigEndian.PutUint32(h, uint32(full))
	binary.BigEndian.PutUint32(h[4:], uint32(off))
	return testSeg(markerAPP1, []byte(sigExtendedXMP), []byte(guid), h, data)
}

func testSource(b []byte) *source {
	head := b
	if len(head) > headSize {
		head = head[:headSize]
	}
	return &source{r: bytes.NewReader(b), size: int64(len(b)), head: head}
}

var testEXIF = buildTIFF(binary.LittleEndian,
	[]tEnt{asciiEnt(tagArtist, "Rania Matar")},
	[]tEnt{asciiEnt(tagDateTimeOriginal, "2021:07:04 18:45:12"), asciiEnt(tagOffsetTimeOriginal, "+05:30")}, 0)

func TestWalkJPEG(t *testing.T) {
	const packet = `<x:xmpmeta xmlns:x="adobe:ns:meta/"/>`
	big := bytes.Repeat([]byte{'x'}, 65000)
	tests := []struct {
		name      string
		file      []byte
		exif      bool
		xmp       string
		photoshop string
		warn      WarningCode
	}{
		{name: "EXIF then XMP", file: jpegOf(exifSeg(testEXIF), xmpSeg(packet)), exif: true, xmp: packet},
		{name: "XMP before EXIF (phones)", file: jpegOf(xmpSeg(packet), exifSeg(testEXIF)), exif: true, xmp: packet},
		{name: "APP segments after DQT and SOF", file: jpegOf(testSeg(0xDB, make([]byte, 65)), testSeg(0xC0, make([]byte, 15)), exifSeg(testEXIF)), exif: true},
		{name: "several APP13 joined in order", file: jpegOf(app13Seg("8BIM-one-"), testSeg(0xE2, []byte("ICC_PROFILE\x00")), app13Seg("two")), photoshop: "8BIM-one-two"},
		{name: "fill bytes before markers", file: append([]byte{0xFF, 0xD8, 0xFF, 0xFF, 0xFF}, jpegOf(exifSeg(testEXIF))[3:]...), exif: true},
		{name: "standalone markers", file: append(append([]byte{0xFF, 0xD8}, 0xFF, 0x01, 0xFF, 0xD0), jpegOf(exifSeg(testEXIF))[2:]...), exif: true},
		{name: "metadata beyond the first 64 KiB", file: jpegOf(testSeg(0xE2, big), testSeg(0xE3, big), xmpSeg(packet), exifSeg(testEXIF)), exif: true, xmp: packet},
		{name: "second EXIF ignored", file: jpegOf(exifSeg(testEXIF), exifSeg([]byte("MM\x00*junk"))), exif: true},
		{
			name: "truncated APP1 keeps what came before",
			file: append(jpegOf(xmpSeg(packet))[:len(xmpSeg(packet))+2], exifSeg(testEXIF)[:40]...),
			xmp:  packet, warn: WarnTruncated,
		},
		{name: "length below 2", file: append(jpegOf(xmpSeg(packet))[:len(xmpSeg(packet))+2], 0xFF, 0xE1, 0, 1), xmp: packet, warn: WarnGeneral},
		{name: "garbage instead of a marker", file: append(jpegOf(xmpSeg(packet))[:len(xmpSeg(packet))+2], 0x12, 0x34), xmp: packet, warn: WarnGeneral},
		{name: "file ends after SOI", file: []byte{0xFF, 0xD8, 0xFF}, warn: WarnTruncated},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m := walkJPEG(testSource(tc.file))
			if got := m.exif != nil; got != tc.exif {
				t.Fatalf("EXIF found = %v, want %v", got, tc.exif)
			}
			if tc.exif && !bytes.Equal(m.exif, testEXIF) {
				t.Errorf("EXIF payload is not the TIFF bytes after Exif\\0\\0 (%d bytes, want %d)", len(m.exif), len(testEXIF))
			}
			if string(m.xmp) != tc.xmp {
				t.Errorf("XMP packet %q, want %q", m.xmp, tc.xmp)
			}
			if string(m.photoshop()) != tc.photoshop {
				t.Errorf("APP13 %q, want %q", m.photoshop(), tc.photoshop)
			}
			if tc.warn == "" && len(m.warns) > 0 {
				t.Errorf("unexpected warnings %v", m.warns)
			}
			if tc.warn != "" && !hasWarningCode(m.warns, tc.warn) {
				t.Errorf("warnings %v, want code %s", m.warns, tc.warn)
			}
			if tc.exif {
				st, w := decodeEXIF(m.exif)
				if st == nil || st.Date.String() != "2021-07-04T18:45:12+05:30" || len(w) != 0 {
					t.Errorf("EXIF store %+v %v, want the date with +05:30", st, w)
				}
			}
		})
	}
}

func TestExtendedXMP(t *testing.T) {
	ext := []byte(`<x:xmpmeta xmlns:x="adobe:ns:meta/">` + strings.Repeat("<!-- padding -->", 6000) + `</x:xmpmeta>`)
	sum := md5.Sum(ext)
	guid := strings.ToUpper(hex.EncodeToString(sum[:]))
	main := func(g string) string {
		return `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF><rdf:Description xmlns:xmpNote="http://ns.adobe.com/xmp/note/" xmpNote:HasExtendedXMP="` + g + `"/></rdf:RDF></x:xmpmeta>`
	}
	const chunk = 65458
	part1, part2 := ext[:chunk], ext[chunk:]
	other := strings.Repeat("0", 32)
	tests := []struct {
		name string
		segs [][]byte
		ok   bool
		warn string
	}{
		{"two chunks in order", [][]byte{xmpSeg(main(guid)), extSeg(guid, len(ext), 0, part1), extSeg(guid, len(ext), chunk, part2)}, true, ""},
		{"chunks reversed, before the main packet, other GUID ignored", [][]byte{extSeg(guid, len(ext), chunk, part2), extSeg(other, 10, 0, []byte("0123456789")), xmpSeg(main(guid)), extSeg(guid, len(ext), 0, part1)}, true, ""},
		{"element form of HasExtendedXMP", [][]byte{xmpSeg(strings.Replace(main(""), `xmpNote:HasExtendedXMP=""/>`, `><xmpNote:HasExtendedXMP>`+guid+`</xmpNote:HasExtendedXMP></rdf:Description>`, 1)), extSeg(guid, len(ext), 0, part1), extSeg(guid, len(ext), chunk, part2)}, true, ""},
		{"missing chunk", [][]byte{xmpSeg(main(guid)), extSeg(guid, len(ext), chunk, part2)}, false, "gap"},
		{"no chunks at all", [][]byte{xmpSeg(main(guid))}, false, "found none"},
		{"MD5 mismatch", [][]byte{xmpSeg(main(guid)), extSeg(guid, len(ext), 0, part1), extSeg(guid, len(ext), chunk, bytes.ToUpper(part2))}, false, "MD5"},
		{"chunk past full length", [][]byte{xmpSeg(main(guid)), extSeg(guid, 100, 0, part1)}, false, "runs past"},
		{"chunks without GUID in main packet", [][]byte{xmpSeg(main("")), extSeg(guid, len(ext), 0, part1)}, false, "names no"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m := walkJPEG(testSource(jpegOf(tc.segs...)))
			got, warns := m.extendedXMP()
			if tc.ok {
				if !bytes.Equal(got, ext) || len(warns) != 0 {
					t.Fatalf("assembled %d bytes (want %d), warnings %v", len(got), len(ext), warns)
				}
				return
			}
			if got != nil {
				t.Errorf("assembled %d bytes, want none", len(got))
			}
			if len(warns) != 1 || warns[0].Code != WarnExtendedXMP || !strings.Contains(warns[0].Message, tc.warn) {
				t.Errorf("warnings %v, want one %s warning about %q", warns, WarnExtendedXMP, tc.warn)
			}
		})
	}
}

func TestReadJPEGRefusedEXIFKeepsOtherStores(t *testing.T) {
	le := binary.LittleEndian
	// IFD0 itself has more entries than the payload holds: refused.
	hostile := buildTIFF(le, []tEnt{asciiEnt(tagArtist, "Never Decoded")}, nil, 0)
	le.PutUint16(hostile[8:], 2000)
	packet := `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator><rdf:Seq><rdf:li>Kept Creator</rdf:li></rdf:Seq></dc:creator></rdf:Description></rdf:RDF></x:xmpmeta>`
	f := jpegOf(exifSeg(hostile), xmpSeg(packet))
	im, err := Read(bytes.NewReader(f), int64(len(f)), "hostile.jpg")
	if err != nil {
		t.Fatalf("Read: %v", err)
	}
	if im.EXIF != nil {
		t.Errorf("EXIF store %+v from a refused payload", im.EXIF)
	}
	if !hasWarningCode(im.Warnings, WarnEXIFRefused) {
		t.Errorf("warnings %v, want %s", im.Warnings, WarnEXIFRefused)
	}
	if im.XMP == nil || fmt.Sprint(im.XMP.Creators) != "[Kept Creator]" {
		t.Errorf("XMP store %+v, want the creator still read", im.XMP)
	}
}

func FuzzJPEG(f *testing.F) {
	f.Add(jpegOf(exifSeg(testEXIF), xmpSeg(`<x:xmpmeta/>`), app13Seg("8BIM")))
	f.Add(jpegOf(xmpSeg(`xmpNote:HasExtendedXMP="0123456789ABCDEF0123456789ABCDEF"`), extSeg("0123456789ABCDEF0123456789ABCDEF", 4, 0, []byte("abcd"))))
	f.Add([]byte{0xFF, 0xD8, 0xFF, 0xFF, 0xE1, 0x00, 0x02, 0xFF, 0xDA})
	f.Add(jpegOf(testSeg(markerAPP1, []byte("XMP\x00://ns.adobe.com/xap/1.0/\x00<x:xmpmeta/>"))))
	for _, b := range corpusSeeds(f, jpegSeedFiles...) {
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		m := walkJPEG(testSource(b))
		if len(m.exif) > 0xFFFF || len(m.xmp) > 0xFFFF || len(m.xmpAlt) > 0xFFFF {
			t.Fatalf("segment payload longer than a JPEG segment: exif %d, xmp %d, non-standard xmp %d", len(m.exif), len(m.xmp), len(m.xmpAlt))
		}
		if m.app13Len > maxAPP13Total || m.extBytes > maxExtendedXMP {
			t.Fatalf("caps exceeded: app13 %d, ext %d", m.app13Len, m.extBytes)
		}
		_ = m.photoshop()
		if ext, _ := m.extendedXMP(); len(ext) > maxExtendedXMP {
			t.Fatalf("ExtendedXMP of %d bytes", len(ext))
		}
		if m.exif != nil {
			decodeEXIF(m.exif)
		}
		if m.xmpAlt != nil {
			xmpStore(StoreXMP, m.xmpAlt, nil)
		}
	})
}

// irb builds a Photoshop image resource block.
func testIRB(id uint16, data []byte) []byte {
	b := []byte("8BIM")
	b = binary.BigEndian.AppendUint16(b, id)
	b = append(b, 0, 0) // empty Pascal name, padded
	b = binary.BigEndian.AppendUint32(b, uint32(len(data)))
	b = append(b, data...)
	if len(data)%2 == 1 {
		b = append(b, 0)
	}
	return b
}

// testIIMDataset builds one IIM dataset.
func testIIMDataset(rec, ds byte, v string) []byte {
	b := []byte{0x1C, rec, ds}
	b = binary.BigEndian.AppendUint16(b, uint16(len(v)))
	return append(b, v...)
}

// TestReadJPEGAllStores reads an exiftool-like phone JPEG: XMP first, then
// EXIF, then IIM split over two APP13 segments; every store is kept apart.
func TestReadJPEGAllStores(t *testing.T) {
	iim := bytes.Join([][]byte{testIIMDataset(1, 90, "\x1b%G"), testIIMDataset(2, 80, "Rania Matar"), testIIMDataset(2, 110, "Agence Test"),
		testIIMDataset(2, 55, "20210704"), testIIMDataset(2, 60, "184512+0530")}, nil)
	ps := testIRB(0x0404, iim)
	packet := `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:photoshop="http://ns.adobe.com/photoshop/1.0/" photoshop:DateCreated="2021-07-04T18:45:12+05:30" photoshop:Credit="Agence XMP"><dc:creator><rdf:Seq><rdf:li>XMP Creator</rdf:li></rdf:Seq></dc:creator></rdf:Description></rdf:RDF></x:xmpmeta>`
	f := jpegOf(xmpSeg(packet), exifSeg(testEXIF), app13Seg(string(ps[:20])), app13Seg(string(ps[20:])))
	for _, tz := range []string{"UTC", "Asia/Kolkata", "America/Los_Angeles"} {
		t.Run(tz, func(t *testing.T) {
			t.Setenv("TZ", tz)
			im, err := Read(bytes.NewReader(f), int64(len(f)), "phone.jpg")
			if err != nil {
				t.Fatal(err)
			}
			if im.Format != "jpeg" || im.Path != "phone.jpg" {
				t.Errorf("format %q path %q", im.Format, im.Path)
			}
			for _, c := range []struct {
				name          string
				st            *Store
				date, creator string
			}{
				{"exif", im.EXIF, "2021-07-04T18:45:12+05:30", "Rania Matar"},
				{"iptc", im.IPTC, "2021-07-04T18:45:12+05:30", "Rania Matar"},
				{"xmp", im.XMP, "2021-07-04T18:45:12+05:30", "XMP Creator"},
			} {
				if c.st == nil {
					t.Errorf("%s: no store", c.name)
					continue
				}
				if got := c.st.Date.String(); got != c.date {
					t.Errorf("%s: date %s, want %s", c.name, got, c.date)
				}
				if len(c.st.Creators) != 1 || c.st.Creators[0] != c.creator {
					t.Errorf("%s: creators %q, want [%s]", c.name, c.st.Creators, c.creator)
				}
			}
			if im.IPTC != nil && im.IPTC.Credit != "Agence Test" {
				t.Errorf("iptc credit %q", im.IPTC.Credit)
			}
		})
	}
}

// TestReadJPEGNonStandardXMPHeader: an APP1 whose header is not the XMP
// one but starts with "XMP\0" or "http" is read as XMP with a warning, as
// exiftool does; a standard XMP segment anywhere in the file wins.
func TestReadJPEGNonStandardXMPHeader(t *testing.T) {
	packet := func(who string) string {
		return `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator><rdf:Seq><rdf:li>` + who + `</rdf:li></rdf:Seq></dc:creator></rdf:Description></rdf:RDF></x:xmpmeta>`
	}
	alt := func(header, p string) []byte { return testSeg(markerAPP1, []byte(header), []byte(p)) }
	tests := []struct {
		name    string
		file    []byte
		creator string // "" for no XMP store
		warn    string
	}{
		{"XMP\\0 header", jpegOf(alt("XMP\x00://ns.adobe.com/xap/1.0/\x00", packet("Alt Header"))), "Alt Header", `found "XMP\x00://ns.adobe.com/xap/1.0/\x00"; read as XMP`},
		{"http header with a typo", jpegOf(alt("http://ns.adobe.com/xap/1.0\x00", packet("Typo"))), "Typo", "read as XMP"},
		{"standard segment after it wins", jpegOf(alt("XMP\x00://ns.adobe.com/xap/1.0/\x00", packet("Alt")), xmpSeg(packet("Standard"))), "Standard", ""},
		{"no packet after the header", jpegOf(alt("XMP\x00", "no markup here")), "", "found none"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			im := readBytes(t, "x.jpg", tc.file)
			got := ""
			if im.XMP != nil {
				got = strings.Join(im.XMP.Creators, "|")
			}
			if got != tc.creator {
				t.Errorf("creator %q, want %q", got, tc.creator)
			}
			found := tc.warn == ""
			for _, w := range im.Warnings {
				found = found || strings.Contains(w.Message, tc.warn)
			}
			if !found || tc.warn == "" && len(im.Warnings) > 0 {
				t.Errorf("warnings %v, want one containing %q", im.Warnings, tc.warn)
			}
		})
	}
}

// TestReadJPEGMultiSegmentEXIF: an IFD whose value continues in the next
// Exif APP1 segment (the shape of Pillow's multiple_exif.jpg) is read
// whole, with a file warning; a segment between them, or a second whole
// TIFF block, ends the EXIF at the first segment.
func TestReadJPEGMultiSegmentEXIF(t *testing.T) {
	// IFD0 with one ImageDescription of 12 bytes at offset 26: "first"
	// in the first segment, "second\0" in the next.
	first := []byte("MM\x00\x2a\x00\x00\x00\x08\x00\x01\x01\x0e\x00\x02\x00\x00\x00\x0c\x00\x00\x00\x1a\x00\x00\x00\x00first")
	second := []byte("second\x00")
	cont := testSeg(markerAPP1, []byte("Exif\x00\x00"), second)
	tests := []struct {
		name, file, want string
		joined           bool
	}{
		{"continuation joined", string(jpegOf(exifSeg(first), cont)), "firstsecond", true},
		{"a segment between: not a continuation", string(jpegOf(exifSeg(first), testSeg(0xE2, []byte("ICC_PROFILE\x00")), cont)), "", false},
		{"a whole second block is not joined", string(jpegOf(exifSeg(testEXIF), exifSeg(first))), "", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			im := readBytes(t, "x.jpg", []byte(tc.file))
			got := ""
			if im.EXIF != nil {
				got = im.EXIF.Description
			}
			if got != tc.want {
				t.Errorf("ImageDescription %q, want %q", got, tc.want)
			}
			warned := false
			for _, w := range im.Warnings {
				warned = warned || strings.Contains(w.Message, "continuation") && w.Store == ""
			}
			if warned != tc.joined {
				t.Errorf("file warning about a continuation: %v, want %v (%v)", warned, tc.joined, im.Warnings)
			}
		})
	}
}
