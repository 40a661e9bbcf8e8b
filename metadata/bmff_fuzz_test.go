package metadata

import (
	"bytes"
	"encoding/binary"
	"runtime"
	"testing"
)

// bmffSeedFiles are small corpus files of the box family, real and
// damaged (exiv2's security PoCs among them).
var bmffSeedFiles = []string{
	"exiv2/Stonehenge.heic", "bep-imagemeta/multi-xmp.heic", "exiftool/CanonRaw.cr3", "exiftool/JXL2.jxl",
	"exiftool/Jpeg2000.jp2", "exiv2/issue_2233_poc1.jxl", "exiv2/avif_exif_xmp.avif", "exiv2/poc_1522.jp2",
	"exiv2/issue_1793_poc.heic", "exiv2/issue_1845_poc.jp2", "exiv2/issue_ghsa_7569_phvm_vwc2_poc.jp2",
	"metadata-extractor-images/heic/NegativeArraySizeException.HeifReader.processBoxes.heif",
}

// maxFuzzAlloc is the most one read of a file may allocate.
const maxFuzzAlloc = 64 << 20

// FuzzReadBMFF runs every box walker (HEIF, CR3, JPEG XL, JPEG 2000) on any
// input and checks that it does not panic, that it allocates at most 64
// MiB and reads at most the first read and the metadata budget, and that
// every payload it returns lies inside the file: each part read equals the
// input at its offset, and each store payload is inside those parts.
func FuzzReadBMFF(f *testing.F) {
	f.Add(heifFile(heifSpec{exif: exifItem("Exif\x00\x00", bmffTIFF), xmp: bmffXMP, image: 10}))
	f.Add(heifFile(heifSpec{exif: exifItem("Exif\x00\x00", bmffTIFF), xmp: bmffXMP, idat: true, largeSizes: true}))
	f.Add(heifFile(heifSpec{exif: exifItem("", bmffTIFF), xmp: bmffXMP, split: true, extraExif: exifItem("", bmffOtherTIFF)}))
	f.Add(cr3File(bmffTIFF, bmffTIFF, bmffXMP))
	f.Add(bytes.Join([][]byte{bx("JXL ", []byte("\r\n\x87\n")), bx("Exif", exifItem("", bmffTIFF)), bx("xml ", bmffXMP),
		bx("brob", []byte("Exif"), []byte{1, 2, 3})}, nil))
	f.Add(bytes.Join([][]byte{bx("jP  ", []byte("\r\n\x87\n")), uuidBox(uuidJP2EXIF, bmffTIFF), uuidBox(uuidXMP, bmffXMP),
		bx("asoc", bx("xml ", bmffXMP)), uuidBox(uuidJP2IPTC, []byte{0x1c, 2, 90, 0, 6, 'A', 'l', 'e', 'p', 'p', 'o'})}, nil))
	for _, b := range corpusSeeds(f, bmffSeedFiles...) {
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, name := range []string{"heic", "cr3", "jxl", "jpeg2000"} {
			checkBMFFBounds(t, name, data)
		}
	})
}

func checkBMFFBounds(t *testing.T, name string, data []byte) {
	t.Helper()
	c := &countingReaderAt{r: bytes.NewReader(data)}
	s := &source{r: c, size: int64(len(data)), head: data[:min(len(data), headSize)]}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	sc := scanBMFF(s, name)
	im := &Image{}
	sc.stores(im)
	runtime.ReadMemStats(&after)
	if n := after.TotalAlloc - before.TotalAlloc; n > maxFuzzAlloc {
		t.Fatalf("%s: a %d-byte input allocated %d bytes, expected at most %d", name, len(data), n, maxFuzzAlloc)
	}
	if c.bytes > maxMetadataBytes {
		t.Fatalf("%s: read %d bytes past the first read, expected at most %d", name, c.bytes, maxMetadataBytes)
	}
	var joined []byte
	for _, p := range sc.parts {
		if p.off < 0 || int64(len(p.data)) > int64(len(data))-p.off {
			t.Fatalf("%s: %s at offset %d (%d bytes) lies outside the %d-byte file", name, p.name, p.off, len(p.data), len(data))
		}
		if !bytes.Equal(p.data, data[p.off:p.off+int64(len(p.data))]) {
			t.Fatalf("%s: %s at offset %d differs from the file's bytes there", name, p.name, p.off)
		}
		joined = append(joined, p.data...)
	}
	payloads := map[string][]byte{"exif": sc.exif, "iim": sc.iim, "irb": sc.irb, "cmt1": sc.cmt1, "cmt2": sc.cmt2}
	if !sc.decoded {
		payloads["xmp"] = sc.xmp
	}
	for k, p := range payloads {
		if p != nil && !bytes.Contains(joined, p) {
			t.Fatalf("%s: the %s payload (%d bytes) is not in the parts read from the file", name, k, len(p))
		}
	}
}

// TestBMFFAllocation reads files whose boxes claim huge sizes and counts:
// nothing is allocated for a size before it is checked against the file.
func TestBMFFAllocation(t *testing.T) {
	huge := func(typ string, body []byte) []byte {
		b := append(u32b(1), typ...)
		b = binary.BigEndian.AppendUint64(b, 1<<62)
		return append(b, body...)
	}
	files := map[string][]byte{
		"meta of 2^62 bytes":  append(bx("ftyp", []byte("heic"), u32b(0)), huge("meta", fbx("iloc", 2, []byte{0x44, 0, 0xff, 0xff, 0xff, 0xff}))...),
		"infe of 2^62 bytes":  append(bx("ftyp", []byte("heic"), u32b(0)), fbx("meta", 0, fbx("iinf", 0, u16b(1), huge("infe", nil)))...),
		"xml of 2^62 bytes":   append(bx("JXL ", []byte("\r\n\x87\n")), huge("xml ", []byte("<x"))...),
		"CMT1 of 2^62 bytes":  append(bx("ftyp", []byte("crx "), u32b(0)), bx("moov", uuidBox(uuidCanon, huge("CMT1", nil)))...),
		"uuid of 2^62 bytes":  append(bx("jP  ", []byte("\r\n\x87\n")), huge("uuid", []byte(uuidXMP))...),
		"iloc of 2^32 items":  heifWithIloc(fbx("iloc", 2, []byte{0x44, 0}, u32b(0xffffffff))),
		"iloc of 65535 exts":  heifWithIloc(fbx("iloc", 1, []byte{0x44, 0}, u16b(1), u16b(2), u16b(0), u16b(0), u16b(0xffff))),
		"box of size 2^64-1":  append(bx("ftyp", []byte("heic"), u32b(0)), append(u32b(1), append([]byte("meta"), 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff)...)...),
		"brob without a type": append(bx("JXL ", []byte("\r\n\x87\n")), bx("brob", []byte{1})...),
	}
	for name, f := range files {
		for _, kind := range []string{"heic", "cr3", "jxl", "jpeg2000"} {
			checkBMFFBounds(t, name+" as "+kind, f)
		}
		im, err := Read(bytes.NewReader(f), int64(len(f)), name)
		if err != nil {
			t.Fatalf("%s: expected an image with warnings, found %v", name, err)
		}
		if len(im.Warnings) == 0 {
			t.Errorf("%s: expected a warning, found none", name)
		}
	}
}

func heifWithIloc(iloc []byte) []byte {
	return append(bx("ftyp", []byte("heic"), u32b(0)), fbx("meta", 0, fbx("iinf", 0, u16b(1), infe(2, "Exif")), iloc)...)
}
