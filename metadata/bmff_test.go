package metadata

import (
	"bytes"
	"encoding/binary"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/captag/captag/metadata/fixture"
)

// Box builders for the ISO base media family. Layouts: ISO/IEC 14496-12
// §4.2 (box, FullBox), §8.11 (meta, iinf/infe, iloc, iref, idat, pitm);
// ISO/IEC 23008-12 annex A.2.1 (the Exif item's 32-bit header offset).

func u16b(v uint16) []byte { return binary.BigEndian.AppendUint16(nil, v) }
func u32b(v uint32) []byte { return binary.BigEndian.AppendUint32(nil, v) }

// bx is a box with a 32-bit size.
func bx(typ string, parts ...[]byte) []byte {
	body := bytes.Join(parts, nil)
	return append(append(u32b(uint32(8+len(body))), typ...), body...)
}

// bx64 is a box with a 64-bit size.
func bx64(typ string, parts ...[]byte) []byte {
	body := bytes.Join(parts, nil)
	b := append(u32b(1), typ...)
	b = binary.BigEndian.AppendUint64(b, uint64(16+len(body)))
	return append(b, body...)
}

// fbx is a FullBox of version v.
func fbx(typ string, v byte, parts ...[]byte) []byte {
	return bx(typ, append([]byte{v, 0, 0, 0}, bytes.Join(parts, nil)...))
}

func uuidBox(uuid string, parts ...[]byte) []byte {
	return bx("uuid", append([]byte(uuid), bytes.Join(parts, nil)...))
}

func infe(id uint16, typ string, extra ...string) []byte {
	b := append(u16b(id), 0, 0)
	b = append(append(b, typ...), 0) // type, empty name
	for _, e := range extra {
		b = append(append(b, e...), 0)
	}
	return fbx("infe", 2, b)
}

// ilocItem is one item of an iloc box (version 1, 4-byte offsets and
// lengths, no base offset).
type ilocItem struct {
	id      uint16
	method  uint16
	extents [][2]uint32
}

func iloc(items []ilocItem) []byte {
	b := []byte{0x44, 0x00}
	b = append(b, u16b(uint16(len(items)))...)
	for _, it := range items {
		b = append(b, u16b(it.id)...)
		b = append(b, u16b(it.method)...)
		b = append(b, 0, 0) // data reference index
		b = append(b, u16b(uint16(len(it.extents)))...)
		for _, e := range it.extents {
			b = append(b, u32b(e[0])...)
			b = append(b, u32b(e[1])...)
		}
	}
	return fbx("iloc", 1, b)
}

// heifSpec describes a fixture HEIF file.
type heifSpec struct {
	brand      string
	compatible string
	exif, xmp  []byte // item payloads (the Exif one with its offset field)
	idat       bool   // Exif item in idat (construction method 1)
	split      bool   // Exif item in two extents
	image      int    // bytes of image data in mdat before the items
	largeSizes bool   // meta and mdat with 64-bit sizes
	extraExif  []byte // a second Exif item that describes the primary item
}

// heifFile builds a HEIF file: ftyp, meta (hdlr, pitm, iinf, iref, iloc,
// idat) and mdat holding the image data and then the items.
func heifFile(sp heifSpec) []byte {
	brand := sp.brand
	if brand == "" {
		brand = "heic"
	}
	ftyp := bx("ftyp", []byte(brand), u32b(0), []byte(brand+sp.compatible))
	infes := [][]byte{infe(1, "hvc1"), infe(2, "Exif"), infe(3, "mime", "application/rdf+xml")}
	refs := [][]byte{bx("cdsc", u16b(2), u16b(1), u16b(1)), bx("cdsc", u16b(3), u16b(1), u16b(1))}
	if sp.extraExif != nil { // item 2 describes item 9, item 4 the primary item
		infes = append(infes, infe(4, "Exif"))
		refs = [][]byte{bx("cdsc", u16b(2), u16b(1), u16b(9)), refs[1], bx("cdsc", u16b(4), u16b(1), u16b(1))}
	}
	build := func(mdatStart uint32) []byte {
		img := mdatStart
		exifAt := img + uint32(sp.image)
		xmpAt := exifAt + uint32(len(exifOrEmpty(sp.exif, sp.idat)))
		extraAt := xmpAt + uint32(len(sp.xmp))
		items := []ilocItem{{id: 1, extents: [][2]uint32{{img, uint32(sp.image)}}}}
		var idat []byte
		switch {
		case sp.idat:
			items = append(items, ilocItem{id: 2, method: 1, extents: [][2]uint32{{0, uint32(len(sp.exif))}}})
			idat = bx("idat", sp.exif)
		case sp.split:
			h := uint32(len(sp.exif) / 2)
			items = append(items, ilocItem{id: 2, extents: [][2]uint32{{exifAt, h}, {exifAt + h, uint32(len(sp.exif)) - h}}})
		default:
			items = append(items, ilocItem{id: 2, extents: [][2]uint32{{exifAt, uint32(len(sp.exif))}}})
		}
		items = append(items, ilocItem{id: 3, extents: [][2]uint32{{xmpAt, uint32(len(sp.xmp))}}})
		if sp.extraExif != nil {
			items = append(items, ilocItem{id: 4, extents: [][2]uint32{{extraAt, uint32(len(sp.extraExif))}}})
		}
		children := [][]byte{
			fbx("hdlr", 0, u32b(0), []byte("pict"), make([]byte, 13)),
			fbx("pitm", 0, u16b(1)),
			fbx("iinf", 0, u16b(uint16(len(infes))), bytes.Join(infes, nil)),
			fbx("iref", 0, bytes.Join(refs, nil)),
			iloc(items),
			idat,
		}
		if sp.largeSizes {
			return bx64("meta", []byte{0, 0, 0, 0}, bytes.Join(children, nil))
		}
		return fbx("meta", 0, bytes.Join(children, nil))
	}
	hdr := 8
	if sp.largeSizes {
		hdr = 16
	}
	meta := build(0)
	meta = build(uint32(len(ftyp) + len(meta) + hdr))
	data := bytes.Join([][]byte{make([]byte, sp.image), exifOrEmpty(sp.exif, sp.idat), sp.xmp, sp.extraExif}, nil)
	mdat := bx("mdat", data)
	if sp.largeSizes {
		mdat = bx64("mdat", data)
	}
	return bytes.Join([][]byte{ftyp, meta, mdat}, nil)
}

func exifOrEmpty(exif []byte, inIdat bool) []byte {
	if inIdat {
		return nil
	}
	return exif
}

// exifItem is an Exif item payload: the 32-bit header offset, a header,
// the TIFF bytes.
func exifItem(prefix string, tiff []byte) []byte {
	return append(append(u32b(uint32(len(prefix))), prefix...), tiff...)
}

var (
	bmffTIFF = buildTIFF(binary.BigEndian,
		[]tEnt{asciiEnt(tagArtist, "Aref Watad"), asciiEnt(tagImageDescription, "ALEPPO, SYRIA - DECEMBER 19")},
		[]tEnt{asciiEnt(tagDateTimeOriginal, "2016:12:19 14:05:00"), asciiEnt(tagOffsetTimeOriginal, "+03:00")}, 0)
	bmffOtherTIFF = buildTIFF(binary.BigEndian, []tEnt{asciiEnt(tagArtist, "Not The Primary")}, nil, 0)
	bmffXMP       = []byte(`<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="" xmlns:photoshop="http://ns.adobe.com/photoshop/1.0/" photoshop:Credit="Anadolu Agency" photoshop:City="Aleppo"/></rdf:RDF></x:xmpmeta>`)
)

// bmffWant is what a test expects from a file.
type bmffWant struct {
	format        string
	date          string // EXIF date as String() gives it; "" for none
	artist        string
	credit        string // XMP
	iptcCity      string
	warn          string // a substring of some warning; "" for no warning at all
	noEXIF, noXMP bool
}

func checkBMFF(t *testing.T, name string, f []byte, w bmffWant) {
	t.Helper()
	im, err := Read(bytes.NewReader(f), int64(len(f)), name)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if im.Format != w.format {
		t.Errorf("%s: format %q, want %q", name, im.Format, w.format)
	}
	switch {
	case w.noEXIF && im.EXIF != nil:
		t.Errorf("%s: expected no EXIF store, found %+v", name, im.EXIF)
	case !w.noEXIF && im.EXIF == nil:
		t.Errorf("%s: expected an EXIF store, found none (warnings %v)", name, im.Warnings)
	case !w.noEXIF:
		if got := im.EXIF.Date.String(); w.date != "" && got != w.date {
			t.Errorf("%s: EXIF date %q, want %q", name, got, w.date)
		}
		if got := strings.Join(im.EXIF.Creators, "; "); got != w.artist {
			t.Errorf("%s: EXIF creators %q, want %q", name, got, w.artist)
		}
	}
	switch {
	case w.noXMP && im.XMP != nil:
		t.Errorf("%s: expected no XMP store, found %+v", name, im.XMP)
	case !w.noXMP && im.XMP == nil:
		t.Errorf("%s: expected an XMP store, found none (warnings %v)", name, im.Warnings)
	case !w.noXMP && im.XMP.Credit != w.credit:
		t.Errorf("%s: XMP credit %q, want %q", name, im.XMP.Credit, w.credit)
	}
	if w.iptcCity != "" && (im.IPTC == nil || im.IPTC.City != w.iptcCity) {
		t.Errorf("%s: expected IPTC city %q, found store %+v", name, w.iptcCity, im.IPTC)
	}
	var msgs []string
	for _, x := range im.Warnings {
		msgs = append(msgs, x.Message)
	}
	all := strings.Join(msgs, "\n")
	if w.warn == "" && len(msgs) > 0 {
		t.Errorf("%s: expected no warning, found:\n%s", name, all)
	}
	if w.warn != "" && !strings.Contains(all, w.warn) {
		t.Errorf("%s: expected a warning containing %q, found:\n%s", name, w.warn, all)
	}
}

const bmffDate = "2016-12-19T14:05:00+03:00"

func TestReadHEIF(t *testing.T) {
	ok := bmffWant{format: "heic", date: bmffDate, artist: "Aref Watad", credit: "Anadolu Agency"}
	withWarn := func(w bmffWant, s string) bmffWant { w.warn = s; return w }
	tests := []struct {
		name string
		spec heifSpec
		want bmffWant
	}{
		{"items in mdat", heifSpec{exif: exifItem("Exif\x00\x00", bmffTIFF), xmp: bmffXMP, image: 3000}, ok},
		{"Exif in idat", heifSpec{exif: exifItem("Exif\x00\x00", bmffTIFF), xmp: bmffXMP, idat: true}, ok},
		{"Exif in two extents", heifSpec{exif: exifItem("Exif\x00\x00", bmffTIFF), xmp: bmffXMP, split: true}, ok},
		{"no header before TIFF", heifSpec{exif: exifItem("", bmffTIFF), xmp: bmffXMP}, ok},
		{"64-bit box sizes", heifSpec{exif: exifItem("Exif\x00\x00", bmffTIFF), xmp: bmffXMP, largeSizes: true, image: 70000}, ok},
		{"offset field counts nothing but Exif header follows",
			heifSpec{exif: append(u32b(0), append([]byte("Exif\x00\x00"), bmffTIFF...)...), xmp: bmffXMP},
			withWarn(ok, "expected the TIFF header 0 bytes in, found it 6 bytes in")},
		{"the Exif item of the primary image wins",
			heifSpec{exif: exifItem("Exif\x00\x00", bmffOtherTIFF), extraExif: exifItem("Exif\x00\x00", bmffTIFF), xmp: bmffXMP},
			withWarn(ok, "expected one exif item, found 2; reading item 4")},
		{"AVIF", heifSpec{brand: "avif", exif: exifItem("Exif\x00\x00", bmffTIFF), xmp: bmffXMP},
			bmffWant{format: "avif", date: bmffDate, artist: "Aref Watad", credit: "Anadolu Agency"}},
		{"mif1 with avif compatible", heifSpec{brand: "mif1", compatible: "miafavif", exif: exifItem("Exif\x00\x00", bmffTIFF), xmp: bmffXMP},
			bmffWant{format: "avif", date: bmffDate, artist: "Aref Watad", credit: "Anadolu Agency"}},
		{"mif1 alone", heifSpec{brand: "mif1", exif: exifItem("Exif\x00\x00", bmffTIFF), xmp: bmffXMP},
			bmffWant{format: "heif", date: bmffDate, artist: "Aref Watad", credit: "Anadolu Agency"}},
		{"JPEG 2000 in HEIF: major brand j2ki", heifSpec{brand: "j2ki", compatible: "mif1", exif: exifItem("Exif\x00\x00", bmffTIFF), xmp: bmffXMP},
			bmffWant{format: "heif", date: bmffDate, artist: "Aref Watad", credit: "Anadolu Agency"}},
		{"an unknown major brand with mif1 compatible", heifSpec{brand: "abcd", compatible: "mif1", exif: exifItem("Exif\x00\x00", bmffTIFF), xmp: bmffXMP},
			bmffWant{format: "heif", date: bmffDate, artist: "Aref Watad", credit: "Anadolu Agency"}},
		{"Exif item without a TIFF header", heifSpec{exif: exifItem("Exif\x00\x00", []byte("not a tiff at all")), xmp: bmffXMP},
			bmffWant{format: "heic", credit: "Anadolu Agency", noEXIF: true, warn: "expected a TIFF header 6 bytes after the offset field, found none"}},
	}
	for _, tt := range tests {
		checkBMFF(t, tt.name, heifFile(tt.spec), tt.want)
	}
}

// TestReadHEIFDamaged checks that a damaged structure costs what it
// touches: a warning, and the other store is still read.
func TestReadHEIFDamaged(t *testing.T) {
	good := heifFile(heifSpec{exif: exifItem("Exif\x00\x00", bmffTIFF), xmp: bmffXMP, image: 100})
	mdat := bytes.LastIndex(good, []byte("mdat")) - 4
	xmpAt := bytes.Index(good, bmffXMP)

	cut := good[:xmpAt+10] // the file ends inside the XMP item
	checkBMFF(t, "cut inside the XMP item", cut, bmffWant{format: "heic", date: bmffDate, artist: "Aref Watad", noXMP: true,
		warn: "extent of"})

	huge := bytes.Clone(good) // mdat claims 4 GiB
	binary.BigEndian.PutUint32(huge[mdat:], 0xFFFFFFF0)
	checkBMFF(t, "mdat size past the end", huge, bmffWant{format: "heic", date: bmffDate, artist: "Aref Watad", credit: "Anadolu Agency"})

	small := bytes.Clone(good) // meta's size below its header
	binary.BigEndian.PutUint32(small[bytes.Index(small, []byte("meta"))-4:], 3)
	checkBMFF(t, "meta size below its header", small, bmffWant{format: "heic", noEXIF: true, noXMP: true,
		warn: `box "meta" at offset 20: expected a size of at least 8, found 3`})

	loc := bytes.Clone(good) // iloc claims 65535 items
	i := bytes.Index(loc, []byte("iloc")) + 4 + 4 + 2
	binary.BigEndian.PutUint16(loc[i:], 0xFFFF)
	checkBMFF(t, "iloc item count past its box", loc, bmffWant{format: "heic", noEXIF: true, noXMP: true,
		warn: "expected 65535 item entries, found the end of the box after 3"})

	ext := heifFile(heifSpec{exif: exifItem("Exif\x00\x00", bmffTIFF), xmp: bmffXMP}) // Exif extent past EOF
	j := bytes.Index(ext, []byte("iloc")) + 4 + 4 + 2 + 2 + 16 + 8
	binary.BigEndian.PutUint32(ext[j:], 0x7FFFFFF0)
	checkBMFF(t, "Exif extent past the end", ext, bmffWant{format: "heic", noEXIF: true, credit: "Anadolu Agency",
		warn: "exif item 2: extent at offset 2147483632 lies past the end of its data"})
}

func cr3File(cmt1, cmt2, xmp []byte) []byte {
	canon := uuidBox(uuidCanon, bx("CNCV", []byte("CanonCR3_001/00.09.00/00.00.00")), bx("CMT1", cmt1), bx("CMT2", cmt2),
		bx("CMT3", buildTIFF(binary.LittleEndian, nil, nil, 0)))
	return bytes.Join([][]byte{
		bx("ftyp", []byte("crx "), u32b(1), []byte("crx isom")),
		bx("moov", canon, bx("mvhd", make([]byte, 100))),
		uuidBox(uuidXMP, xmp),
		uuidBox("\xea\xf4\x2b\x5e\x1c\x98\x4b\x88\xb9\xfb\xb7\xdc\x40\x6e\x4d\x16", make([]byte, 200)), // PRVW
		bx("mdat", make([]byte, 5000)),
	}, nil)
}

func TestReadCR3(t *testing.T) {
	ifd0 := buildTIFF(binary.LittleEndian, []tEnt{asciiEnt(tagArtist, "Aref Watad"), asciiEnt(tagCopyright, "Anadolu Agency")}, nil, 0)
	exifIFD := buildTIFF(binary.LittleEndian, []tEnt{asciiEnt(tagDateTimeOriginal, "2016:12:19 14:05:00"),
		asciiEnt(tagOffsetTimeOriginal, "+03:00"), asciiEnt(tagSubSecTimeOriginal, "25")}, nil, 0)
	checkBMFF(t, "cr3", cr3File(ifd0, exifIFD, bmffXMP),
		bmffWant{format: "cr3", date: "2016-12-19T14:05:00.25+03:00", artist: "Aref Watad", credit: "Anadolu Agency"})
	// A damaged CMT2 costs the date only.
	checkBMFF(t, "cr3 with a damaged CMT2", cr3File(ifd0, []byte("II*\x00\xff\xff\x00\x00"), bmffXMP),
		bmffWant{format: "cr3", artist: "Aref Watad", credit: "Anadolu Agency", warn: "cr3: CMT2 (Exif IFD)"})
}

func TestReadJXL(t *testing.T) {
	sig := bx("JXL ", []byte("\r\n\x87\n"))
	ftyp := bx("ftyp", []byte("jxl "), u32b(0), []byte("jxl "))
	code := bx("jxlc", []byte{0xff, 0x0a}, make([]byte, 3000))
	exif := bx("Exif", exifItem("", bmffTIFF))
	xml := bx("xml ", bmffXMP)
	ok := bmffWant{format: "jxl", date: bmffDate, artist: "Aref Watad", credit: "Anadolu Agency"}
	checkBMFF(t, "jxl, metadata after the codestream", bytes.Join([][]byte{sig, ftyp, code, exif, xml}, nil), ok)
	checkBMFF(t, "jxl, metadata first", bytes.Join([][]byte{sig, ftyp, exif, xml, code}, nil), ok)
	last := bytes.Join([][]byte{sig, ftyp, exif, xml, u32b(0), []byte("jxlc"), {0xff, 0x0a}, make([]byte, 100)}, nil)
	checkBMFF(t, "jxl, codestream box of size 0 (to the end)", last, ok)
	brob := bx("brob", []byte("xml "), []byte{0x1b, 0x2c, 0x00})
	checkBMFF(t, "jxl, Brotli-compressed XMP", bytes.Join([][]byte{sig, ftyp, exif, brob, code}, nil),
		bmffWant{format: "jxl", date: bmffDate, artist: "Aref Watad", noXMP: true, warn: `Brotli-compressed "xml " box; the Go standard library has no Brotli decoder`})
	checkBMFF(t, "jxl codestream", []byte{0xff, 0x0a, 0xfa, 0x1f, 0, 0, 0, 0}, bmffWant{format: "jxl", noEXIF: true, noXMP: true})
}

func TestReadJP2(t *testing.T) {
	iim := fixture.IIMFields(fixture.Fields{City: "Aleppo", Credit: "Anadolu Agency"}).IIMBytes()
	head := bytes.Join([][]byte{
		bx("jP  ", []byte("\r\n\x87\n")),
		bx("ftyp", []byte("jp2 "), u32b(0), []byte("jp2 ")),
		bx("jp2h", bx("ihdr", make([]byte, 14))),
	}, nil)
	code := bx("jp2c", []byte{0xff, 0x4f, 0xff, 0x51}, make([]byte, 500))
	f := bytes.Join([][]byte{head,
		uuidBox(uuidJP2EXIF, []byte("Exif\x00\x00"), bmffTIFF),
		uuidBox(uuidJP2IPTC, iim),
		uuidBox(uuidXMP, bmffXMP),
		code}, nil)
	checkBMFF(t, "jp2", f, bmffWant{format: "jp2", date: bmffDate, artist: "Aref Watad", credit: "Anadolu Agency", iptcCity: "Aleppo"})
	asoc := bytes.Join([][]byte{head, bx("asoc", bx("lbl ", []byte("xmp")), bx("xml ", bmffXMP)), code}, nil)
	checkBMFF(t, "jp2, XMP in an asoc xml box", asoc, bmffWant{format: "jp2", credit: "Anadolu Agency", noEXIF: true})
	deep := bx("xml ", bmffXMP)
	for range maxBoxDepth + 2 {
		deep = bx("asoc", deep)
	}
	checkBMFF(t, "jp2, asoc nested too deep", append(bytes.Clone(head), deep...), bmffWant{format: "jp2", noEXIF: true, noXMP: true,
		warn: "expected boxes nested at most 6 deep"})
	many := bytes.Clone(head)
	for range maxBoxes + 10 {
		many = append(many, bx("free")...)
	}
	checkBMFF(t, "jp2, too many boxes", append(many, uuidBox(uuidXMP, bmffXMP)...), bmffWant{format: "jp2", noEXIF: true, noXMP: true,
		warn: "expected at most 4096 boxes, found more"})
	checkBMFF(t, "j2c codestream", []byte{0xff, 0x4f, 0xff, 0x51, 0, 0x2f, 0, 0}, bmffWant{format: "j2c", noEXIF: true, noXMP: true})
}

// bigHEIC is a 5 MB HEIC whose Exif and XMP items lie after the image
// data, at the end of the file: the worst place for a reader that scans.
func bigHEIC() []byte {
	return heifFile(heifSpec{exif: exifItem("Exif\x00\x00", bmffTIFF), xmp: bmffXMP, image: 5 << 20})
}

// TestBMFFBytesRead checks that a 5 MB HEIC costs the first read and the
// two items, not the image data.
func TestBMFFBytesRead(t *testing.T) {
	f := bigHEIC()
	c := &countingReaderAt{r: bytes.NewReader(f)}
	im, err := Read(c, int64(len(f)), "big.heic")
	if err != nil || im.EXIF == nil || im.XMP == nil {
		t.Fatalf("expected EXIF and XMP, found %+v, %v", im, err)
	}
	if n := int64(c.bytes); n > 256<<10 {
		t.Errorf("a %d-byte HEIC cost %d bytes of reads, expected well under 256 KiB", len(f), n)
	}
	t.Logf("%d-byte HEIC: %d bytes read in %d ReadAt calls", len(f), int64(c.bytes), c.calls)
}

func BenchmarkReadHEIC5MB(b *testing.B) {
	f := bigHEIC()
	c := &countingReaderAt{r: bytes.NewReader(f)}
	rd := NewReader()
	b.ReportAllocs()
	for b.Loop() {
		im, err := rd.Read(c, int64(len(f)), "big.heic")
		if err != nil || im.EXIF == nil || im.XMP == nil {
			b.Fatalf("expected EXIF and XMP, found %v", err)
		}
	}
	b.ReportMetric(float64(int64(c.bytes))/float64(b.N), "read-B/file")
	b.ReportMetric(float64(len(f)), "file-B")
}

// BenchmarkReadBMFFCorpus reads the larger corpus files of the box family
// and reports the bytes each costs in reads (read-B/file) beside its size.
func BenchmarkReadBMFFCorpus(b *testing.B) {
	for _, name := range []string{
		"ianare-exif-samples/heic/IMG_5195.HEIC", "ianare-exif-samples/heic/mobile/HMD_Nokia_8.3_5G_hdr.heif",
		"metadata-extractor-images/heic/exif-at-eof.heic", "metadata-extractor-images/avif/Issue 649.avif",
		"exiv2/avif.avif", "exiv2/Sony.HIF", "exiftool/CanonRaw.cr3", "exiv2/issue_2233_poc1.jxl", "exiv2/relax.jp2",
	} {
		f, err := os.ReadFile(filepath.Join(sharedCorpusDir(), filepath.FromSlash(name)))
		if err != nil {
			b.Skipf("outside corpus not found: %v", err)
		}
		b.Run(filepath.Base(name), func(b *testing.B) {
			c := &countingReaderAt{r: bytes.NewReader(f)}
			rd := NewReader()
			for b.Loop() {
				if _, err := rd.Read(c, int64(len(f)), name); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(c.bytes)/float64(b.N), "read-B/file")
			b.ReportMetric(float64(len(f)), "file-B")
		})
	}
}

func TestLooksLikeXMP(t *testing.T) {
	tests := map[string]bool{
		"<?xpacket begin=\"\ufeff\" id=\"W5M0MpCehiHzreSzNTczkc9d\"?>":                          true,
		"\xef\xbb\xbf<x:xmpmeta xmlns:x=\"adobe:ns:meta/\">":                                    true,
		`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>` + "\n" + `<x:xmpmeta xmlns:x`: true,
		`<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">`:                     true,
		`<?xml version="1.0"?><gml:FeatureCollection xmlns:gml="http://www.opengis.net/gml">`:   false,
		`<?xml version="1.0" encoding="UTF-8" standalone="yes"`:                                 false,
		``: false,
	}
	for in, want := range tests {
		if got := looksLikeXMP([]byte(in)); got != want {
			t.Errorf("looksLikeXMP(%q) = %v, want %v", in, got, want)
		}
	}
}
