package metadata

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/captag/captag/metadata/tiffifd"
)

// Builders for the containers of png.go, webp.go, psd.go, gif.go and
// raf.go, laid out from their specifications (see each file's comment).

func pngChunkOf(typ string, data []byte) []byte {
	b := binary.BigEndian.AppendUint32(nil, uint32(len(data)))
	b = append(b, typ...)
	b = append(b, data...)
	return binary.BigEndian.AppendUint32(b, crc32.ChecksumIEEE(b[4:]))
}

// pngOf is a PNG of one gray pixel with the given chunks before IDAT and
// after it.
func pngOf(before, after [][]byte) []byte {
	b := []byte(pngSignature)
	b = append(b, pngChunkOf("IHDR", []byte{0, 0, 0, 1, 0, 0, 0, 1, 8, 0, 0, 0, 0})...)
	for _, c := range before {
		b = append(b, c...)
	}
	b = append(b, pngChunkOf("IDAT", zlibOf([]byte{0, 0}))...)
	for _, c := range after {
		b = append(b, c...)
	}
	return append(b, pngChunkOf("IEND", nil)...)
}

func zlibOf(b []byte) []byte {
	var out bytes.Buffer
	w := zlib.NewWriter(&out)
	w.Write(b)
	w.Close()
	return out.Bytes()
}

func iTXtOf(kw string, text []byte, compress bool) []byte {
	d := append([]byte(kw), 0)
	if compress {
		d = append(d, 1, 0, 0, 0)
		d = append(d, zlibOf(text)...)
	} else {
		d = append(d, 0, 0, 0, 0)
		d = append(d, text...)
	}
	return pngChunkOf("iTXt", d)
}

func zTXtOf(kw string, text []byte) []byte {
	d := append([]byte(kw), 0, 0)
	return pngChunkOf("zTXt", append(d, zlibOf(text)...))
}

// rawProfileOf writes b as ImageMagick does (png.c, Magick_png_write_raw_profile):
// "\n<name>\n<length in 8 columns>\n", then 72 hex digits a line.
func rawProfileOf(name string, b []byte) []byte {
	var s strings.Builder
	fmt.Fprintf(&s, "\n%s\n%8d\n", name, len(b))
	for i, c := range b {
		fmt.Fprintf(&s, "%02x", c)
		if i%36 == 35 {
			s.WriteByte('\n')
		}
	}
	s.WriteByte('\n')
	return []byte(s.String())
}

func riffChunkOf(fourcc string, data []byte) []byte {
	b := append([]byte(fourcc), binary.LittleEndian.AppendUint32(nil, uint32(len(data)))...)
	b = append(b, data...)
	if len(data)%2 == 1 {
		b = append(b, 0)
	}
	return b
}

func webpOf(chunks ...[]byte) []byte {
	body := []byte("WEBP")
	for _, c := range chunks {
		body = append(body, c...)
	}
	return append(append([]byte("RIFF"), binary.LittleEndian.AppendUint32(nil, uint32(len(body)))...), body...)
}

var vp8x = riffChunkOf("VP8X", []byte{0x0C, 0, 0, 0, 0, 0, 0, 0, 0, 0})

func psdOf(version uint16, resources ...[]byte) []byte {
	b := []byte("8BPS")
	b = binary.BigEndian.AppendUint16(b, version)
	b = append(b, make([]byte, 6)...)       // reserved
	b = binary.BigEndian.AppendUint16(b, 3) // channels
	b = binary.BigEndian.AppendUint32(b, 1) // height
	b = binary.BigEndian.AppendUint32(b, 1) // width
	b = binary.BigEndian.AppendUint16(b, 8) // depth
	b = binary.BigEndian.AppendUint16(b, 3) // RGB
	b = binary.BigEndian.AppendUint32(b, 0) // color mode data
	irb := bytes.Join(resources, nil)
	b = binary.BigEndian.AppendUint32(b, uint32(len(irb)))
	b = append(b, irb...)
	b = binary.BigEndian.AppendUint32(b, 0) // layer and mask information
	return append(b, 0, 0)                  // raw image data
}

// gifOf is a 1×1 GIF89a with the XMP application extension after its image,
// as Photoshop writes it: the packet raw, then the 258-byte magic trailer.
func gifOf(packet string) []byte {
	b := []byte("GIF89a\x01\x00\x01\x00\x80\x00\x00\x00\x00\x00\xff\xff\xff")
	b = append(b, 0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x4C, 0x01, 0)
	if packet != "" {
		b = append(b, 0x21, 0xFF, 11)
		b = append(b, gifXMPAppID...)
		b = append(b, packet...)
		b = append(b, 1)
		for i := 0xFF; i >= 0; i-- {
			b = append(b, byte(i))
		}
		b = append(b, 0)
	}
	return append(b, 0x3B)
}

// rafOf puts a JPEG after a RAF header whose offset 84 points at it.
func rafOf(jpeg []byte) []byte {
	b := make([]byte, 0x100)
	copy(b, "FUJIFILMCCD-RAW 0201FF383501X100F")
	binary.BigEndian.PutUint32(b[rafJPEGPointer:], uint32(len(b)))
	binary.BigEndian.PutUint32(b[rafJPEGPointer+4:], uint32(len(jpeg)))
	return append(b, jpeg...)
}

// bigTIFFOf is a BigTIFF with Artist in IFD0 and DateTimeOriginal in an
// Exif IFD its LONG8 pointer names; every value lies outside its field.
func bigTIFFOf(order binary.AppendByteOrder, artist, date string) []byte {
	le := order
	b := []byte("II")
	if order == binary.AppendByteOrder(binary.BigEndian) {
		b = []byte("MM")
	}
	b = le.AppendUint16(b, tiffifd.MagicBigTIFF)
	b = le.AppendUint16(b, 8)
	b = le.AppendUint16(b, 0)
	b = le.AppendUint64(b, 16)
	const ifd0, exif = 16, 16 + 8 + 2*20 + 8
	vals := uint64(exif + 8 + 20 + 8)
	entry := func(tag, typ uint16, count uint64, field uint64) {
		b = le.AppendUint16(b, tag)
		b = le.AppendUint16(b, typ)
		b = le.AppendUint64(b, count)
		b = le.AppendUint64(b, field)
	}
	a, d := artist+"\x00", date+"\x00"
	b = le.AppendUint64(b, 2)
	entry(tagArtist, 2, uint64(len(a)), vals)
	entry(tagExifIFD, 18, 1, exif)
	b = le.AppendUint64(b, 0)
	b = le.AppendUint64(b, 1)
	entry(tagDateTimeOriginal, 2, uint64(len(d)), vals+uint64(len(a)))
	b = le.AppendUint64(b, 0)
	return append(append(b, a...), d...)
}

func TestReadContainers(t *testing.T) {
	packet := xmpPacket(`><dc:creator><rdf:Seq><rdf:li>Aref Watad</rdf:li></rdf:Seq></dc:creator><photoshop:Credit>Anadolu Agency</photoshop:Credit>`)
	iim := iimTestBytes(true, iimDS(2, 80, "Aref Watad"), iimDS(2, 110, "Anadolu Agency"), iimDS(2, 55, "20161219"))
	irb := irbResource("8BIM", 0x0404, "", iim)
	le := binary.LittleEndian
	jpeg := jpegOf(exifSeg(testEXIF), xmpSeg(packet), app13Seg(string(irb)))

	type want struct {
		format            string
		exif, iptc, xmp   bool
		warn              string // part of a warning's text
		xmpCredit, iptcBy string
	}
	tests := []struct {
		name string
		file []byte
		want want
	}{
		{"PNG eXIf and iTXt XMP before IDAT", pngOf([][]byte{pngChunkOf("eXIf", testEXIF), iTXtOf(pngXMPKeyword, []byte(packet), false)}, nil),
			want{format: "png", exif: true, xmp: true}},
		{"PNG compressed XMP and a raw EXIF profile after IDAT", pngOf(nil, [][]byte{iTXtOf(pngXMPKeyword, []byte(packet), true), zTXtOf("Raw profile type exif", rawProfileOf("exif", append([]byte("Exif\x00\x00"), testEXIF...)))}),
			want{format: "png", exif: true, xmp: true}},
		{"PNG tEXt raw IPTC profile holding Photoshop resources", pngOf([][]byte{pngChunkOf("tEXt", append([]byte("Raw profile type iptc\x00"), rawProfileOf("iptc", irb)...))}, nil),
			want{format: "png", iptc: true}},
		{"PNG zTXt raw profile of bare IIM (no hex)", pngOf([][]byte{zTXtOf("Raw profile type iptc", iim)}, nil),
			want{format: "png", iptc: true}},
		{"PNG zTXt XMP (exiftool reads it too)", pngOf([][]byte{zTXtOf(pngXMPKeyword, []byte(packet))}, nil),
			want{format: "png", xmp: true}},
		{"PNG CRC mismatch is a warning", pngOf(nil, [][]byte{func() []byte { c := pngChunkOf("eXIf", testEXIF); c[len(c)-1] ^= 0xFF; return c }()}),
			want{format: "png", exif: true, warn: "expected CRC"}},
		{"PNG raw profile longer than its hex", pngOf([][]byte{pngChunkOf("tEXt", []byte("Raw profile type exif\x00\nexif\n 4000000000\n4578"))}, nil),
			want{format: "png", warn: "hex digits for 4000000000 bytes"}},
		{"PNG zlib bomb", pngOf([][]byte{zTXtOf(pngXMPKeyword, make([]byte, maxInflated+1))}, nil),
			want{format: "png", warn: "once decompressed"}},
		{"PNG truncated chunk keeps what came before", pngOf([][]byte{pngChunkOf("eXIf", testEXIF)}, nil)[:60+len(testEXIF)],
			want{format: "png", exif: true, warn: "found the end of the file"}},

		{"WebP VP8X with EXIF (JPEG header) and XMP", webpOf(vp8x, riffChunkOf("VP8L", []byte{0x2F, 0, 0, 0, 0}), riffChunkOf("EXIF", append([]byte("Exif\x00\x00"), testEXIF...)), riffChunkOf("XMP ", []byte(packet))),
			want{format: "webp", exif: true, xmp: true}},
		{"WebP metadata without VP8X", webpOf(riffChunkOf("VP8L", []byte{0x2F, 0, 0, 0, 0}), riffChunkOf("XMP ", []byte(packet))),
			want{format: "webp", xmp: true, warn: "extended format"}},
		{"WebP null chunks before EXIF", webpOf(vp8x, riffChunkOf("\x00\x00\x00\x00", nil), riffChunkOf("EXIF", testEXIF)),
			want{format: "webp", exif: true, warn: "null chunk"}},
		{"WebP chunk larger than the file", webpOf(vp8x, []byte("EXIF\xff\xff\xff\x7f")),
			want{format: "webp", warn: "expected 2147483647 bytes"}},

		{"PSD with IPTC, EXIF and XMP resources", psdOf(1, irbResource("8BIM", 0x03ED, "", make([]byte, 16)), irb, irbResource("8BIM", irbResourceEXIF, "", testEXIF), irbResource("8BIM", irbResourceXMP, "", []byte(packet))),
			want{format: "psd", exif: true, iptc: true, xmp: true}},
		{"PSB", psdOf(2, irbResource("8BIM", irbResourceXMP, "", []byte(packet))),
			want{format: "psb", xmp: true}},
		{"PSD resources longer than the file", psdOf(1, irb)[:40],
			want{format: "psd", warn: "bytes of image resources"}},

		{"GIF XMP extension after the image", gifOf(packet), want{format: "gif", xmp: true}},
		{"GIF without XMP", gifOf(""), want{format: "gif"}},
		{"GIF cut inside the XMP extension", gifOf(packet)[:60], want{format: "gif", warn: "magic trailer"}},

		{"RAF embedded JPEG", rafOf(jpeg), want{format: "raf", exif: true, iptc: true, xmp: true}},
		{"RAF JPEG pointer past the end", rafOf(jpeg)[:200], want{format: "raf", warn: "embedded JPEG"}},

		{"BigTIFF little-endian", bigTIFFOf(le, "Rania Matar", "2021:07:04 18:45:12"), want{format: "bigtiff", exif: true}},
		{"BigTIFF big-endian", bigTIFFOf(binary.BigEndian, "Rania Matar", "2021:07:04 18:45:12"), want{format: "bigtiff", exif: true}},

		{"standalone XMP", []byte(packet), want{format: "xmp", xmp: true}},
		{"standalone RDF/XML with an XML declaration", []byte("<?xml version='1.0' encoding='UTF-8'?>\n" + strings.TrimPrefix(packet, packet[:strings.Index(packet, "<x:xmpmeta")])), want{format: "xmp", xmp: true}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			im, err := Read(bytes.NewReader(tc.file), int64(len(tc.file)), "f")
			if err != nil {
				t.Fatal(err)
			}
			w := tc.want
			if im.Format != w.format {
				t.Errorf("format %q, want %q", im.Format, w.format)
			}
			if got := im.EXIF != nil; got != w.exif {
				t.Errorf("EXIF store %+v, want one: %v (warnings %v)", im.EXIF, w.exif, im.Warnings)
			}
			if w.exif && im.EXIF != nil {
				if d := im.EXIF.Date.String(); !strings.HasPrefix(d, "2021-07-04T18:45:12") {
					t.Errorf("EXIF date %s, want 2021-07-04T18:45:12", d)
				}
				if len(im.EXIF.Creators) != 1 || im.EXIF.Creators[0] != "Rania Matar" {
					t.Errorf("EXIF Artist %q, want Rania Matar", im.EXIF.Creators)
				}
			}
			if got := im.IPTC != nil; got != w.iptc {
				t.Errorf("IPTC store %+v, want one: %v (warnings %v)", im.IPTC, w.iptc, im.Warnings)
			}
			if w.iptc && im.IPTC != nil && (im.IPTC.Credit != "Anadolu Agency" || len(im.IPTC.Creators) != 1 || im.IPTC.Creators[0] != "Aref Watad" || im.IPTC.Date.String() != "2016-12-19") {
				t.Errorf("IPTC store %+v, want By-line Aref Watad, Credit Anadolu Agency, date 2016-12-19", im.IPTC)
			}
			if got := im.XMP != nil; got != w.xmp {
				t.Errorf("XMP store %+v, want one: %v (warnings %v)", im.XMP, w.xmp, im.Warnings)
			}
			if w.xmp && im.XMP != nil && (im.XMP.Credit != "Anadolu Agency" || len(im.XMP.Creators) != 1 || im.XMP.Creators[0] != "Aref Watad") {
				t.Errorf("XMP store %+v, want dc:creator Aref Watad, photoshop:Credit Anadolu Agency", im.XMP)
			}
			var msgs []string
			for _, x := range im.Warnings {
				msgs = append(msgs, x.Message)
			}
			all := strings.Join(msgs, "\n")
			if w.warn == "" && len(msgs) > 0 {
				t.Errorf("unexpected warnings:\n%s", all)
			}
			if w.warn != "" && !strings.Contains(all, w.warn) {
				t.Errorf("warnings:\n%s\nwant one with %q", all, w.warn)
			}
		})
	}
}

func TestRawProfile(t *testing.T) {
	tests := []struct {
		name, text, want, err string
	}{
		{"ImageMagick layout", "\nexif\n       4\n45786966\n", "Exif", ""},
		{"hex over lines", "\niptc\n 3\n1c\n02\n50\n", "\x1c\x02\x50", ""},
		{"upper-case hex", "\nxmp\n2\nABCD", "\xab\xcd", ""},
		{"too few characters", "\nexif\n4\n4578", "", "hex digits for 4 bytes"},
		{"too few digits among blank lines", "\nexif\n3\n45\n\n\n\n78", "", "3 bytes of hex, found 2"},
		{"non-hex", "\nexif\n2\n45zz", "", "hex digits"},
		{"no length", "\nexif\n", "", "a length line"},
		{"length too large", "\nexif\n99999999999\n00", "", "decimal length"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := rawProfile([]byte(tc.text))
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("err %v, want one with %q", err, tc.err)
				}
				return
			}
			if err != nil || string(got) != tc.want {
				t.Fatalf("rawProfile = %q, %v; want %q", got, err, tc.want)
			}
		})
	}
}

// TestTIFFFormatByStructure checks the format of real files named by
// structure: a Ricoh TIFF and a Sony TIFF are TIFFs, not PEF or ARW.
func TestTIFFFormatByStructure(t *testing.T) {
	for file, want := range map[string]string{
		"bep-imagemeta/bep/sunrise.tif":                             "tiff", // Make RICOH IMAGING COMPANY, LTD.: a TIFF export
		"exiv2/test.tiff":                                           "tiff", // Make SONY: one RGB image
		"bep-imagemeta/bep/jølstravatnet.pef":                       "pef",
		"bep-imagemeta/sample.arw":                                  "arw", // Make in IFD1
		"bep-imagemeta/sample.nef":                                  "nef",
		"exiftool/Nikon.nef":                                        "nef",
		"exiftool/BigTIFF.btf":                                      "bigtiff",
		"metadata-extractor-images/tif/BigTIFF/BigTIFFMotorola.tif": "bigtiff",
	} {
		b, err := os.ReadFile(filepath.Join(requireCorpus(t), filepath.FromSlash(file)))
		if err != nil {
			t.Fatalf("outside corpus file %s: %v", file, err)
		}
		im, err := Read(bytes.NewReader(b), int64(len(b)), file)
		if err != nil {
			t.Errorf("%s: %v", file, err)
			continue
		}
		if im.Format != want {
			t.Errorf("%s: format %q, want %q", file, im.Format, want)
		}
	}
}

// fuzzContainer is the property every container walker keeps: every raw
// payload it cut out lies inside the file, the bytes it read outside the
// head stay within the per-file budget, decompression stays under its cap,
// and reading the file allocates at most 64 MiB.
func fuzzContainer(t *testing.T, b []byte, walk func(*source) *containerMeta) {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	s := testSource(b)
	m := walk(s)
	for _, sp := range m.spans {
		if sp.off < 0 || sp.n < 0 || sp.off+sp.n > int64(len(b)) {
			t.Fatalf("payload at %d (%d bytes) outside the %d-byte file", sp.off, sp.n, len(b))
		}
	}
	for _, p := range [][]byte{m.exif, m.irb, m.iim, m.xmp} {
		if int64(len(p)) > int64(len(b))+maxInflated {
			t.Fatalf("payload of %d bytes from a %d-byte file", len(p), len(b))
		}
	}
	if s.kept > maxMetadataBytes || m.inflated > maxMetadataBytes {
		t.Fatalf("read %d bytes and inflated %d, budget %d", s.kept, m.inflated, maxMetadataBytes)
	}
	im := &Image{}
	m.apply(im)
	runtime.ReadMemStats(&after)
	if d := after.TotalAlloc - before.TotalAlloc; d > 64<<20 {
		t.Fatalf("reading a %d-byte file allocated %d bytes", len(b), d)
	}
}

func FuzzPNG(f *testing.F) {
	f.Add(pngOf([][]byte{pngChunkOf("eXIf", testEXIF), iTXtOf(pngXMPKeyword, []byte(xmpPacket(">")), true)}, nil))
	f.Add(pngOf(nil, [][]byte{zTXtOf("Raw profile type iptc", rawProfileOf("iptc", irbResource("8BIM", 0x0404, "", iimTestBytes(false, iimDS(2, 80, "A")))))}))
	for _, b := range corpusSeeds(f, pngSeedFiles...) {
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		if Sniff(b) != "png" {
			return
		}
		fuzzContainer(t, b, walkPNG)
	})
}

func FuzzWebP(f *testing.F) {
	f.Add(webpOf(vp8x, riffChunkOf("EXIF", testEXIF), riffChunkOf("XMP ", []byte(xmpPacket(">")))))
	for _, b := range corpusSeeds(f, webpSeedFiles...) {
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		if Sniff(b) != "webp" {
			return
		}
		fuzzContainer(t, b, walkWebP)
	})
}

func FuzzPSD(f *testing.F) {
	f.Add(psdOf(1, irbResource("8BIM", irbResourceEXIF, "", testEXIF), irbResource("8BIM", irbResourceXMP, "x", []byte(xmpPacket(">")))))
	for _, b := range corpusSeeds(f, psdSeedFiles...) {
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		if Sniff(b) != "psd" {
			return
		}
		fuzzContainer(t, b, walkPSD)
	})
}

func FuzzGIF(f *testing.F) {
	f.Add(gifOf(xmpPacket(">")))
	for _, b := range corpusSeeds(f, gifSeedFiles...) {
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		if Sniff(b) != "gif" {
			return
		}
		fuzzContainer(t, b, walkGIF)
	})
}

// FuzzRAF and FuzzBigTIFF go through Read: their walkers hand over to the
// JPEG and TIFF readers. Every value they keep is checked against the file.
func FuzzRAF(f *testing.F) {
	f.Add(rafOf(jpegOf(exifSeg(testEXIF), xmpSeg(xmpPacket(">")))))
	for _, b := range corpusSeeds(f, "exiftool/FujiFilm.raf") {
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		if Sniff(b) != "raf" {
			return
		}
		fuzzRead(t, b)
	})
}

func FuzzBigTIFF(f *testing.F) {
	f.Add(bigTIFFOf(binary.LittleEndian, "A", "2021:07:04 18:45:12"))
	f.Add(bigTIFFOf(binary.BigEndian, "B", "2021:07:04 18:45:12"))
	for _, b := range corpusSeeds(f, "exiftool/BigTIFF.btf", "metadata-extractor-images/tif/BigTIFF/BigTIFFSubIFD8.tif") {
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		if Sniff(b) != "bigtiff" {
			return
		}
		sc, err := scanTIFF(testSource(b))
		if err == nil {
			for _, v := range [][]byte{sc.iptc, sc.photoshop, sc.xmp} {
				if len(v) > maxTIFFStoreValue || len(v) > len(b) {
					t.Fatalf("tag value of %d bytes from a %d-byte file", len(v), len(b))
				}
			}
		}
		fuzzRead(t, b)
	})
}

func fuzzRead(t *testing.T, b []byte) {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	src := testSource(b)
	im, err := NewReader().Read(src.r, src.size, "f")
	runtime.ReadMemStats(&after)
	if d := after.TotalAlloc - before.TotalAlloc; d > 64<<20 {
		t.Fatalf("reading a %d-byte file allocated %d bytes", len(b), d)
	}
	if err == nil && im == nil {
		t.Fatal("no image and no error")
	}
}

var (
	pngSeedFiles = []string{
		"exiftool/PNG.png", "exiv2/exiv2-bug922.png", "exiv2/imagemagick.png", "metadata-extractor/png-with-iptc-in-itxt-chunk.png",
		"bep-imagemeta/utf8-in-ztxt.png", "exiv2/issue_428_poc1.png", "metadata-extractor-images/png/sampleWithExifData.png",
	}
	webpSeedFiles = []string{"exiftool/RIFF.webp", "frameright-php-image-metadata-parser/meta.webp", "exiv2/issue_960.poc.webp"}
	psdSeedFiles  = []string{"exiftool/Photoshop.psd", "exiv2/issue_855_poc.psd", "exiv2/issue_867_poc.psd"}
	gifSeedFiles  = []string{"exiftool/GIF.gif", "metadata-extractor-images/gif/pbar-ani-invalid-XMP.gif", "metadata-extractor/photoshop-8x12-32colors-alpha.gif"}
)

// countingReaderAt is in read_test.go.

// bigContainers are ~5 MB files of each container with the wire picture's
// stores, placed where writers put them (PNG's XMP after 5 MB of IDAT, as
// some tools do; WebP's after the bitstream; PSD's before the pixels).
func bigContainers() map[string][]byte {
	jpeg := wireJPEG()
	st := walkJPEG(testSource(jpeg))
	const size = 5 << 20
	idat := make([][]byte, 0, size/(8<<10))
	for range size / (8 << 10) {
		idat = append(idat, pngChunkOf("IDAT", make([]byte, 8<<10)))
	}
	return map[string][]byte{
		"png":  pngOf([][]byte{pngChunkOf("eXIf", st.exif)}, append(idat, iTXtOf(pngXMPKeyword, st.xmp, false))),
		"webp": webpOf(vp8x, riffChunkOf("VP8 ", make([]byte, size)), riffChunkOf("EXIF", st.exif), riffChunkOf("XMP ", st.xmp)),
		"psd":  append(psdOf(1, st.photoshop(), irbResource("8BIM", irbResourceEXIF, "", st.exif), irbResource("8BIM", irbResourceXMP, "", st.xmp)), make([]byte, size)...),
		"raf":  append(rafOf(jpeg), make([]byte, size)...),
	}
}

// BenchmarkReadContainers reports the bytes each container reader reads
// from a ~5 MB file (B-read/op) and its ReadAt calls.
func BenchmarkReadContainers(b *testing.B) {
	files := bigContainers()
	for _, name := range []string{"png", "webp", "psd", "raf"} {
		f := files[name]
		b.Run(name, func(b *testing.B) {
			rd := NewReader()
			c := &countingReaderAt{r: bytes.NewReader(f)}
			b.ReportAllocs()
			for b.Loop() {
				im, err := rd.Read(c, int64(len(f)), name)
				if err != nil || im.XMP == nil || im.EXIF == nil {
					b.Fatalf("%v %+v", err, im)
				}
			}
			b.ReportMetric(float64(c.bytes)/float64(b.N), "B-read/op")
			b.ReportMetric(float64(c.calls)/float64(b.N), "reads/op")
		})
	}
}

// TestContainerBytesRead checks that reading a 5 MB container costs well
// under 256 KiB of reads: only headers and the metadata are read.
func TestContainerBytesRead(t *testing.T) {
	for name, f := range bigContainers() {
		c := &countingReaderAt{r: bytes.NewReader(f)}
		im, err := Read(c, int64(len(f)), name)
		if err != nil || im.XMP == nil || im.EXIF == nil {
			t.Fatalf("%s: %v %+v", name, err, im)
		}
		if c.bytes > 256<<10 {
			t.Errorf("%s: read %d bytes of a %d-byte file in %d calls, want under 256 KiB", name, c.bytes, len(f), c.calls)
		}
	}
}
