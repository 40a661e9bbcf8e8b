package metadata

import (
	"bytes"
	"encoding/binary"
	"errors"
	"strings"
	"testing"

	"github.com/captag/captag/metadata/jpegseg"
)

func TestSniff(t *testing.T) {
	tests := []struct {
		head string
		want string
	}{
		{"\xff\xd8\xff\xe1", "jpeg"},
		{"II*\x00\x08\x00\x00\x00", "tiff"},
		{"MM\x00*\x00\x00\x00\x08", "tiff"},
		{"IIRO\x08\x00\x00\x00", "tiff"},
		{"IIU\x00\x08\x00\x00\x00", "tiff"},
		{"II+\x00\x08\x00\x00\x00", "bigtiff"},
		{"\x89PNG\r\n\x1a\n", "png"},
		{"GIF89a", "gif"},
		{"RIFF\x00\x00\x00\x00WEBPVP8 ", "webp"},
		{"\x00\x00\x00\x18ftypheic\x00\x00\x00\x00", "heic"},
		{"\x00\x00\x00\x18ftypavif\x00\x00\x00\x00", "avif"},
		{"\x00\x00\x00\x18ftypcrx \x00\x00\x00\x00", "cr3"},
		{"%PDF-1.4", "pdf"},
		{"8BPS", "psd"},
		{"", "unknown"},
		{"hello world", "unknown"},
	}
	for _, tc := range tests {
		if got := Sniff([]byte(tc.head)); got != tc.want {
			t.Errorf("Sniff(%q) = %q, want %q", tc.head, got, tc.want)
		}
	}
}

func TestReadUnsupportedAndMalformed(t *testing.T) {
	tests := []struct {
		name    string
		file    []byte
		format  string // UnsupportedError.Format, "" for a FormatError
		wantErr string
	}{
		{"avi", []byte("RIFF\x04\x00\x00\x00AVI LIST"), "avi", "found avi"},
		{"BigTIFF with IFD0 outside the file", []byte("II+\x00\x08\x00\x00\x00\x00\x10\x00\x00\x00\x00\x00\x00"), "", "IFD0 offset"},
		{"text", []byte("caption: hello"), "unknown", "unknown type"},
		{"TIFF with IFD0 outside the file", []byte("II*\x00\x00\x10\x00\x00"), "", "offset 4096"},
		{"TIFF with IFD0 offset inside the header", []byte("II*\x00\x04\x00\x00\x00"), "", "at least 8"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			im, err := Read(bytes.NewReader(tc.file), int64(len(tc.file)), "f")
			if im != nil {
				t.Errorf("image %+v, want none", im)
			}
			var ue *UnsupportedError
			var fe *FormatError
			switch {
			case tc.format != "":
				if !errors.As(err, &ue) || ue.Format != tc.format {
					t.Fatalf("err = %v, want UnsupportedError{%q}", err, tc.format)
				}
			default:
				if !errors.As(err, &fe) {
					t.Fatalf("err = %v, want a FormatError", err)
				}
			}
			if !strings.Contains(err.Error(), tc.wantErr) {
				t.Errorf("err = %q, want it to mention %q", err, tc.wantErr)
			}
		})
	}
}

// tiffFileOf builds a TIFF-based file; with far, IFD0 and its values sit
// after 100 KB of pixel bytes, outside the first ReadAt.
func tiffFileOf(order binary.ByteOrder, magic string, ifd0, exifIFD []tEnt, far bool) []byte {
	p := buildTIFF(order, ifd0, exifIFD, 0)
	if magic != "" {
		copy(p, magic)
	}
	if !far {
		return p
	}
	// Move the whole structure after the pixels: rebuild with every
	// offset shifted by the gap.
	const gap = 100 << 10
	shifted := buildShifted(order, ifd0, exifIFD, gap)
	out := make([]byte, gap+8, gap+len(shifted))
	copy(out, p[:8])
	order.PutUint32(out[4:], gap+8)
	return append(out, shifted[8:]...)
}

// buildShifted is buildTIFF with every offset increased by base.
func buildShifted(order binary.ByteOrder, ifd0, exifIFD []tEnt, base uint32) []byte {
	p := buildTIFF(order, ifd0, exifIFD, 0)
	shift := func(at int) {
		n := int(order.Uint16(p[at:]))
		for i := 0; i < n; i++ {
			e := parseEntry(p[at+2+12*i:], order)
			if e.size() > 4 || e.tag == tagExifIFD {
				order.PutUint32(p[at+2+12*i+8:], e.offset(order)+base)
			}
		}
	}
	shift(8)
	if exifIFD != nil {
		shift(8 + 2 + 12*(len(ifd0)+1) + 4)
	}
	return p
}

func TestReadTIFFFamily(t *testing.T) {
	le, be := binary.LittleEndian, binary.BigEndian
	exifIFD := []tEnt{asciiEnt(tagDateTimeOriginal, "2016:12:19 14:05:00"), asciiEnt(tagSubSecTimeOriginal, "25"), asciiEnt(tagOffsetTimeOriginal, "+03:00")}
	reduced := tEnt{tag: tagNewSubfileType, typ: 4, count: 1, val: []byte{1, 0, 0, 0}} // a preview, little-endian
	tests := []struct {
		name   string
		file   []byte
		format string
	}{
		{"plain TIFF", tiffFileOf(le, "", []tEnt{asciiEnt(tagArtist, "A. Photographer")}, exifIFD, false), "tiff"},
		{"big-endian TIFF with IFD0 after 100 KB of pixels", tiffFileOf(be, "", []tEnt{asciiEnt(tagArtist, "A. Photographer")}, exifIFD, true), "tiff"},
		{"DNG by DNGVersion", tiffFileOf(le, "", []tEnt{asciiEnt(tagArtist, "A. Photographer"), {tag: tagDNGVersion, typ: 1, count: 4, val: []byte{1, 4, 0, 0}}}, exifIFD, false), "dng"},
		{"NEF by Make and a preview IFD0", tiffFileOf(le, "", []tEnt{reduced, asciiEnt(tagMake, "NIKON CORPORATION"), asciiEnt(tagArtist, "A. Photographer")}, exifIFD, false), "nef"},
		{"ARW by Make and a preview IFD0", tiffFileOf(le, "", []tEnt{reduced, asciiEnt(tagMake, "SONY"), asciiEnt(tagArtist, "A. Photographer")}, exifIFD, false), "arw"},
		{"PEF by Make and a CFA IFD0", tiffFileOf(le, "", []tEnt{{tag: tagPhotometric, typ: 3, count: 1, val: []byte{0x23, 0x80}}, asciiEnt(tagMake, "PENTAX Corporation"), asciiEnt(tagArtist, "A. Photographer")}, exifIFD, false), "pef"},
		{"CR2 by its header", append(tiffFileOf(le, "", []tEnt{asciiEnt(tagMake, "Canon"), asciiEnt(tagArtist, "A. Photographer")}, exifIFD, false), 0), "cr2"},
		{"ORF by magic", tiffFileOf(le, "IIRO", []tEnt{asciiEnt(tagArtist, "A. Photographer")}, exifIFD, false), "orf"},
		{"RW2 by magic", tiffFileOf(le, "IIU\x00", []tEnt{asciiEnt(tagArtist, "A. Photographer")}, exifIFD, false), "rw2"},
		// A scan from a Nikon film scanner, or a Photoshop TIFF of a Sony
		// picture: one full-resolution image, no raw structure.
		{"Nikon scanner TIFF", tiffFileOf(le, "", []tEnt{asciiEnt(tagMake, "Nikon"), asciiEnt(tagArtist, "A. Photographer")}, exifIFD, false), "tiff"},
		{"Photoshop TIFF of a Sony picture", tiffFileOf(be, "", []tEnt{{tag: tagNewSubfileType, typ: 4, count: 1, val: []byte{0, 0, 0, 0}}, asciiEnt(tagMake, "SONY"), asciiEnt(tagArtist, "A. Photographer")}, exifIFD, false), "tiff"},
	}
	// CR2 puts "CR" at offset 8; make room by shifting its IFD0.
	cr2 := tiffFileOf(le, "", []tEnt{asciiEnt(tagMake, "Canon"), asciiEnt(tagArtist, "A. Photographer")}, exifIFD, true)
	copy(cr2[8:], "CR\x02\x00")
	tests[6].file = cr2
	for _, tz := range []string{"UTC", "Asia/Tokyo", "America/St_Johns"} {
		t.Setenv("TZ", tz)
		for _, tc := range tests {
			t.Run(tz+"/"+tc.name, func(t *testing.T) {
				im, err := Read(bytes.NewReader(tc.file), int64(len(tc.file)), "x")
				if err != nil {
					t.Fatalf("Read: %v", err)
				}
				if im.Format != tc.format {
					t.Errorf("format %q, want %q", im.Format, tc.format)
				}
				if len(im.Warnings) != 0 {
					t.Errorf("warnings %v", im.Warnings)
				}
				if im.EXIF == nil {
					t.Fatal("no EXIF store")
				}
				if got := im.EXIF.Date.String(); got != "2016-12-19T14:05:00.25+03:00" {
					t.Errorf("date %s, want 2016-12-19T14:05:00.25+03:00", got)
				}
				if len(im.EXIF.Creators) != 1 || im.EXIF.Creators[0] != "A. Photographer" {
					t.Errorf("creators %q", im.EXIF.Creators)
				}
			})
		}
	}
}

// countingReaderAt counts ReadAt calls and bytes.
type countingReaderAt struct {
	r            *bytes.Reader
	calls, bytes int
}

func (c *countingReaderAt) ReadAt(p []byte, off int64) (int, error) {
	c.calls++
	n, err := c.r.ReadAt(p, off)
	c.bytes += n
	return n, err
}

func TestReadStopsAtSOS(t *testing.T) {
	f := jpegOf(exifSeg(testEXIF))
	sos := bytes.Index(f, []byte{0xFF, jpegseg.SOS})
	// 1 MB of "scan data" after SOS, never to be read.
	f = append(f[:sos+14], append(bytes.Repeat([]byte{0xFF, 0xE1, 0x00, 0x10}, 1<<18), f[sos+14:]...)...)
	c := &countingReaderAt{r: bytes.NewReader(f)}
	im, err := NewReader().Read(c, int64(len(f)), "big.jpg")
	if err != nil {
		t.Fatal(err)
	}
	if im.EXIF == nil || im.EXIF.Creators[0] != "Rania Matar" {
		t.Fatalf("EXIF %+v", im.EXIF)
	}
	if c.calls != 1 || c.bytes > headSize {
		t.Errorf("read %d bytes in %d calls, want one ReadAt of at most %d bytes", c.bytes, c.calls, headSize)
	}
}

func TestReaderReuse(t *testing.T) {
	a := jpegOf(exifSeg(testEXIF))
	b := jpegOf(exifSeg(buildTIFF(binary.BigEndian, []tEnt{asciiEnt(tagArtist, "Second File")}, nil, 0)))
	rd := NewReader()
	for i, tc := range []struct {
		file    []byte
		creator string
	}{{a, "Rania Matar"}, {b, "Second File"}, {a, "Rania Matar"}} {
		im, err := rd.Read(bytes.NewReader(tc.file), int64(len(tc.file)), "f")
		if err != nil {
			t.Fatal(err)
		}
		if im.EXIF == nil || im.EXIF.Creators[0] != tc.creator {
			t.Errorf("read %d: EXIF %+v, want creator %q", i, im.EXIF, tc.creator)
		}
	}
}

func BenchmarkReadJPEG(b *testing.B) {
	f := jpegOf(testSeg(0xE0, []byte("JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00")), exifSeg(testEXIF), testSeg(0xDB, make([]byte, 130)), testSeg(0xC0, make([]byte, 15)))
	rd := NewReader()
	r := bytes.NewReader(f)
	b.ReportAllocs()
	b.SetBytes(int64(len(f)))
	for b.Loop() {
		if _, err := rd.Read(r, int64(len(f)), "b.jpg"); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkEXIFDecode compares, on a camera JPEG of the corpus, the whole
// Read with goexif's share of it (guard + goexif) and with captag's own
// IFD walker reading the same tags.
func BenchmarkEXIFDecode(b *testing.B) {
	f := corpusSeeds(b, "bep-imagemeta/bep/sunrise.jpg")
	if len(f) == 0 {
		b.Skip("outside corpus not found at ../shared/corpora")
	}
	file := f[0]
	m := walkJPEG(testSource(file))
	if m.exif == nil {
		b.Fatal("no EXIF in sunrise.jpg")
	}
	b.Run("Read", func(b *testing.B) {
		rd := NewReader()
		r := bytes.NewReader(file)
		b.ReportAllocs()
		for b.Loop() {
			if _, err := rd.Read(r, int64(len(file)), "sunrise.jpg"); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("guard+goexif", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			extra, problems, err := guardEXIF(m.exif)
			if err != nil || len(problems) > 0 {
				b.Fatal(err, problems)
			}
			if _, err := goexifValues(m.exif, extra); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("guard only", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			extra, _, err := guardEXIF(m.exif)
			if err != nil {
				b.Fatal(err)
			}
			_ = extra.values()
		}
	})
}
