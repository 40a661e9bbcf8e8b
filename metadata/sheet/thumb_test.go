package sheet

import (
	"bytes"
	"encoding/binary"
	"errors"
	"image"
	"image/color"
	"image/jpeg"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"golang.org/x/image/draw"
)

// corpusDir is the outside corpus (files nobody here wrote; INDEX.tsv has
// exiftool's reading of each).
func corpusDir(t testing.TB) string {
	t.Helper()
	dir := filepath.Join("..", "..", "..", "shared", "corpora")
	if _, err := os.Stat(filepath.Join(dir, "INDEX.tsv")); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("outside corpus not found (%v): in CI, ../shared/corpora must be beside the repository", err)
		}
		t.Skipf("outside corpus not found (%v): this test needs ../shared/corpora beside the repository", err)
	}
	return dir
}

func thumbOf(t *testing.T, path string, o ThumbOptions) ([]byte, string, error) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		t.Fatal(err)
	}
	return thumbnail(f, st.Size(), o)
}

func decodeThumb(t *testing.T, b []byte) image.Image {
	t.Helper()
	m, err := jpeg.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("the thumbnail is not a JPEG: %v", err)
	}
	return m
}

// The corpus files, with what exiftool says of them (exiftool -ImageSize
// -Orientation -n, and the size of -b -ThumbnailImage) and the thumbnail a
// card shows: where it comes from and its size upright.
func TestThumbnailCorpus(t *testing.T) {
	dir := corpusDir(t)
	cases := []struct {
		file string
		from string // fromIFD1, fromMain, "" for none
		w, h int    // upright
	}{
		// 400×533, Orientation 1, IFD1 96×128.
		{"bep-imagemeta/mushroom.jpg", fromIFD1, 96, 128},
		// 2288×1712, IFD1 160×120.
		{"adobe-xmp-toolkit-sdk/Image1.jpg", fromIFD1, 160, 120},
		// Orientation 6 with an IFD1 160×120: shown 120×160.
		{"exiv2/exiv2-nikon-d70.jpg", fromIFD1, 120, 160},
		{"metadata-extractor-images/jpg/Sony Cybershot (3).jpg", fromIFD1, 120, 160},
		// No IFD1: decoded and scaled. landscape_6 is stored 450×600 with
		// Orientation 6 (shown 600×450), portrait_8 600×450 with 8.
		{"ianare-exif-samples/jpg/orientation/landscape_6.jpg", fromMain, 240, 180},
		{"ianare-exif-samples/jpg/orientation/portrait_8.jpg", fromMain, 180, 240},
		// 3648×2736 with an IFD1: the big picture is not decoded.
		{"bep-imagemeta/outofbounds-issue-34.jpg", fromIFD1, 160, 120},
		// PNG: decoded.
		{"bep-imagemeta/bep/sunrise.png", fromMain, 240, 150},
		// Raw with an IFD1 JPEG thumbnail, raw and HEIC without a usable one.
		{"bep-imagemeta/sample.cr2", fromIFD1, 160, 120},
		{"exiftool/Nikon.nef", "", 0, 0},
		{"exiv2/Stonehenge.heic", "", 0, 0},
	}
	for _, c := range cases {
		t.Run(c.file, func(t *testing.T) {
			b, from, err := thumbOf(t, filepath.Join(dir, c.file), ThumbOptions{})
			if c.from == "" {
				var te *ThumbError
				if !errors.As(err, &te) || b != nil {
					t.Fatalf("got %d bytes from %q, error %v; want no thumbnail and a *ThumbError", len(b), from, err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if from != c.from {
				t.Errorf("thumbnail from %q, want %q", from, c.from)
			}
			m := decodeThumb(t, b)
			if got := m.Bounds().Size(); got != image.Pt(c.w, c.h) {
				t.Errorf("thumbnail %v, want %dx%d", got, c.w, c.h)
			}
			if len(b) > 16<<10 {
				t.Errorf("thumbnail of %d bytes, want at most 16 KB", len(b))
			}
		})
	}
}

// goexif's f1…f8-exif.jpg are one letter F stored in each of the eight
// orientations (f1 upright, 40×80; f5…f8 stored 80×40): turned upright,
// each must look like f1.
func TestThumbnailOrientationCorpus(t *testing.T) {
	dir := corpusDir(t)
	load := func(n int) image.Image {
		b, from, err := thumbOf(t, filepath.Join(dir, "goexif/exif/samples", "f"+string(rune('0'+n))+"-exif.jpg"), ThumbOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if from != fromMain {
			t.Fatalf("f%d: thumbnail from %q, want the picture", n, from)
		}
		return decodeThumb(t, b)
	}
	want := load(1)
	if want.Bounds().Size() != image.Pt(40, 80) {
		t.Fatalf("f1: %v, want 40x80", want.Bounds().Size())
	}
	for n := 2; n <= 8; n++ {
		got := load(n)
		if got.Bounds().Size() != image.Pt(40, 80) {
			t.Errorf("f%d: %v, want 40x80 upright", n, got.Bounds().Size())
			continue
		}
		if d := meanDiff(got, want); d > 12 {
			t.Errorf("f%d: differs from f1 by %.1f on average (of 255), want an upright F like f1", n, d)
		}
		// The check can tell: f1 mirrored differs a lot.
		if n == 2 {
			if d := meanDiff(orientImage(toRGBA(got), 2), want); d < 30 {
				t.Errorf("f2 mirrored again differs from f1 by only %.1f: the comparison cannot tell orientations apart", d)
			}
		}
	}
}

func toRGBA(m image.Image) *image.RGBA {
	out := image.NewRGBA(m.Bounds())
	draw.Draw(out, out.Bounds(), m, m.Bounds().Min, draw.Src)
	return out
}

func meanDiff(a, b image.Image) float64 {
	var sum, n float64
	ab, bb := a.Bounds(), b.Bounds()
	for y := 0; y < ab.Dy() && y < bb.Dy(); y++ {
		for x := 0; x < ab.Dx() && x < bb.Dx(); x++ {
			ga := color.GrayModel.Convert(a.At(ab.Min.X+x, ab.Min.Y+y)).(color.Gray).Y
			gb := color.GrayModel.Convert(b.At(bb.Min.X+x, bb.Min.Y+y)).(color.Gray).Y
			d := float64(ga) - float64(gb)
			if d < 0 {
				d = -d
			}
			sum += d
			n++
		}
	}
	return sum / n
}

// quadrants makes a w×h picture whose quadrants are red, green, blue and
// white (top left, top right, bottom left, bottom right).
func quadrants(w, h int) *image.RGBA {
	m := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			c := color.RGBA{255, 0, 0, 255}
			switch {
			case x >= w/2 && y < h/2:
				c = color.RGBA{0, 255, 0, 255}
			case x < w/2 && y >= h/2:
				c = color.RGBA{0, 0, 255, 255}
			case x >= w/2 && y >= h/2:
				c = color.RGBA{255, 255, 255, 255}
			}
			m.SetRGBA(x, y, c)
		}
	}
	return m
}

func encodeJPEG(t testing.TB, m image.Image) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := jpeg.Encode(&b, m, &jpeg.Options{Quality: 90}); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// exifAPP1 is an EXIF APP1 segment (little-endian) with IFD0 holding
// Orientation and, when thumb is not nil, an IFD1 pointing at thumb.
func exifAPP1(orientation int, thumb []byte) []byte {
	le := binary.LittleEndian
	t := []byte("II*\x00\x08\x00\x00\x00")
	// IFD0 at 8: one entry, next IFD at 26 when there is a thumbnail.
	t = le.AppendUint16(t, 1)
	t = append(t, entryBytes(0x0112, 3, uint32(orientation))...)
	if thumb == nil {
		t = le.AppendUint32(t, 0)
	} else {
		t = le.AppendUint32(t, 26)
		// IFD1 at 26: two entries (2+24+4 bytes), the thumbnail at 56.
		t = le.AppendUint16(t, 2)
		t = append(t, entryBytes(0x0201, 4, 56)...)
		t = append(t, entryBytes(0x0202, 4, uint32(len(thumb)))...)
		t = le.AppendUint32(t, 0)
		t = append(t, thumb...)
	}
	p := append([]byte("Exif\x00\x00"), t...)
	seg := []byte{0xFF, 0xE1}
	seg = binary.BigEndian.AppendUint16(seg, uint16(len(p)+2))
	return append(seg, p...)
}

func entryBytes(tag, typ uint16, v uint32) []byte {
	le := binary.LittleEndian
	b := le.AppendUint16(nil, tag)
	b = le.AppendUint16(b, typ)
	b = le.AppendUint32(b, 1)
	if typ == 3 {
		b = le.AppendUint16(b, uint16(v))
		return le.AppendUint16(b, 0)
	}
	return le.AppendUint32(b, v)
}

// withSegment puts seg right after the SOI of the JPEG j.
func withSegment(j, seg []byte) []byte {
	out := append([]byte{}, j[:2]...)
	out = append(out, seg...)
	return append(out, j[2:]...)
}

// Each EXIF orientation turns the stored picture upright: the stored
// top-left quadrant (red) lands where EXIF 2.32 (table of Orientation)
// says row 0 / column 0 are shown.
func TestThumbnailOrientations(t *testing.T) {
	stored := encodeJPEG(t, quadrants(64, 32))
	// Where the stored top-left corner (red) is shown, upright.
	want := map[int]string{1: "top-left", 2: "top-right", 3: "bottom-right", 4: "bottom-left",
		5: "top-left", 6: "top-right", 7: "bottom-right", 8: "bottom-left"}
	for o := 1; o <= 8; o++ {
		for _, viaIFD1 := range []bool{false, true} {
			var file []byte
			if viaIFD1 {
				// A big grey picture with the quadrants as its IFD1 thumbnail.
				grey := image.NewGray(image.Rect(0, 0, 320, 160))
				file = withSegment(encodeJPEG(t, grey), exifAPP1(o, stored))
			} else {
				file = withSegment(stored, exifAPP1(o, nil))
			}
			b, from, err := thumbnail(bytes.NewReader(file), int64(len(file)), ThumbOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if viaIFD1 != (from == fromIFD1) {
				t.Errorf("orientation %d: thumbnail from %q", o, from)
			}
			m := decodeThumb(t, b)
			sz := m.Bounds().Size()
			if wantSz := map[bool]image.Point{false: {64, 32}, true: {32, 64}}[o >= 5]; sz != wantSz {
				t.Errorf("orientation %d: %v, want %v", o, sz, wantSz)
			}
			corners := map[string]image.Point{"top-left": {2, 2}, "top-right": {sz.X - 3, 2},
				"bottom-left": {2, sz.Y - 3}, "bottom-right": {sz.X - 3, sz.Y - 3}}
			r, g, bl, _ := m.At(corners[want[o]].X, corners[want[o]].Y).RGBA()
			if r>>8 < 200 || g>>8 > 60 || bl>>8 > 60 {
				t.Errorf("orientation %d (ifd1 %v): %s is %d,%d,%d, want red", o, viaIFD1, want[o], r>>8, g>>8, bl>>8)
			}
		}
	}
}

// mpfFile is a small blue JPEG whose MPF APP2 names a second image, a
// red 320×240 preview, appended after it.
func mpfFile(t testing.TB) []byte {
	blue := image.NewRGBA(image.Rect(0, 0, 64, 48))
	draw.Draw(blue, blue.Bounds(), image.NewUniform(color.RGBA{0, 0, 255, 255}), image.Point{}, draw.Src)
	red := image.NewRGBA(image.Rect(0, 0, 320, 240))
	draw.Draw(red, red.Bounds(), image.NewUniform(color.RGBA{255, 0, 0, 255}), image.Point{}, draw.Src)
	first, preview := encodeJPEG(t, blue), encodeJPEG(t, red)

	be := binary.BigEndian
	// APP2: "MPF\0", TIFF header (MM), IFD at 8: 1 entry MPEntry (16×2
	// bytes at 26), next 0.
	tiff := []byte("MM\x00*\x00\x00\x00\x08")
	tiff = be.AppendUint16(tiff, 1)
	tiff = be.AppendUint16(tiff, 0xB002)
	tiff = be.AppendUint16(tiff, 7)
	tiff = be.AppendUint32(tiff, 32)
	tiff = be.AppendUint32(tiff, 26)
	tiff = be.AppendUint32(tiff, 0)
	entries := len(tiff)
	tiff = append(tiff, make([]byte, 32)...)
	seg := []byte{0xFF, 0xE2}
	seg = be.AppendUint16(seg, uint16(2+4+len(tiff)))
	withMPF := withSegment(first, append(seg, append([]byte("MPF\x00"), tiff...)...))
	// The TIFF header is at 2 (SOI) + 4 (marker, length) + 4 ("MPF\0").
	hdr := 2 + 4 + 4
	e := withMPF[hdr+entries:]
	be.PutUint32(e[0:], 0x20030000)
	be.PutUint32(e[4:], uint32(len(withMPF)))
	be.PutUint32(e[16:], 0x00010002)
	be.PutUint32(e[20:], uint32(len(preview)))
	be.PutUint32(e[24:], uint32(len(withMPF)-hdr))
	return append(withMPF, preview...)
}

// The MPF preview (320×240, red): at the default 240 px it goes on the
// page as the camera wrote it (at most twice the side, upright: no decode,
// no encode); for 120 px thumbnails it is scaled to 120×90.
func TestThumbnailMPF(t *testing.T) {
	file := mpfFile(t)
	for _, c := range []struct {
		side int
		want image.Point
		asIs bool
	}{{0, image.Pt(320, 240), true}, {120, image.Pt(120, 90), false}} {
		b, from, err := thumbnail(bytes.NewReader(file), int64(len(file)), ThumbOptions{MaxSide: c.side})
		if err != nil {
			t.Fatal(err)
		}
		if from != fromMPF {
			t.Fatalf("side %d: thumbnail from %q, want the MPF preview", c.side, from)
		}
		if asIs := bytes.Contains(file, b); asIs != c.asIs {
			t.Errorf("side %d: preview bytes used as they are: %v, want %v", c.side, asIs, c.asIs)
		}
		m := decodeThumb(t, b)
		if m.Bounds().Size() != c.want {
			t.Errorf("side %d: thumbnail %v, want %v", c.side, m.Bounds().Size(), c.want)
		}
		if r, _, bl, _ := m.At(c.want.X/2, c.want.Y/2).RGBA(); r>>8 < 200 || bl>>8 > 60 {
			t.Errorf("side %d: thumbnail is not the red preview", c.side)
		}
	}
}

// holdLog is a Budget that records what is held.
type holdLog struct {
	mu    sync.Mutex
	holds []int64
}

func (h *holdLog) Hold(n int64) func() {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.holds = append(h.holds, n)
	return func() {}
}

// A picture above MaxPixels without a preview is refused from its header,
// before any pixel is allocated; one below holds its cost from the budget.
func TestThumbnailPixelCap(t *testing.T) {
	j := encodeJPEG(t, quadrants(1600, 1200))
	var log holdLog
	b, from, err := thumbnail(bytes.NewReader(j), int64(len(j)), ThumbOptions{Budget: &log})
	if err != nil || from != fromMain {
		t.Fatalf("from %q, %v", from, err)
	}
	if sz := decodeThumb(t, b).Bounds().Size(); sz != image.Pt(240, 180) {
		t.Errorf("thumbnail %v, want 240x180", sz)
	}
	if len(log.holds) != 1 || log.holds[0] < 1600*1200*3 {
		t.Errorf("budget held %v, want one hold of at least %d (3 bytes a pixel)", log.holds, 1600*1200*3)
	}

	// The same file under a cap of one megapixel: refused.
	log.holds = nil
	b, _, err = thumbnail(bytes.NewReader(j), int64(len(j)), ThumbOptions{Budget: &log, MaxPixels: 1_000_000})
	var te *ThumbError
	if b != nil || !errors.As(err, &te) || len(log.holds) != 0 {
		t.Errorf("over the cap: %d bytes, %v, holds %v; want a *ThumbError and no decode", len(b), err, log.holds)
	}

	// A header claiming 60000×60000 (3.6 gigapixels) in a few kilobytes.
	huge := append([]byte{}, j...)
	sof := bytes.Index(huge, []byte{0xFF, 0xC0})
	binary.BigEndian.PutUint16(huge[sof+5:], 60000)
	binary.BigEndian.PutUint16(huge[sof+7:], 60000)
	b, _, err = thumbnail(bytes.NewReader(huge), int64(len(huge)), ThumbOptions{})
	if b != nil || !errors.As(err, &te) {
		t.Errorf("60000×60000 header: %d bytes, %v; want a *ThumbError", len(b), err)
	}

	// With an IFD1 thumbnail the cap does not matter.
	thumb := encodeJPEG(t, quadrants(160, 120))
	withThumb := withSegment(huge, exifAPP1(1, thumb))
	if _, from, err = thumbnail(bytes.NewReader(withThumb), int64(len(withThumb)), ThumbOptions{}); err != nil || from != fromIFD1 {
		t.Errorf("60000×60000 with an IFD1 thumbnail: from %q, %v", from, err)
	}
}

// BenchmarkScale compares the scalers on a 12-megapixel camera picture
// (4000×3000, YCbCr 4:2:0 as image/jpeg decodes it) scaled to 240×180.
func BenchmarkScale(b *testing.B) {
	src := image.NewYCbCr(image.Rect(0, 0, 4000, 3000), image.YCbCrSubsampleRatio420)
	for i := range src.Y {
		src.Y[i] = uint8(i * 7)
	}
	for _, s := range []struct {
		name string
		s    draw.Scaler
	}{{"CatmullRom", draw.CatmullRom}, {"BiLinear", draw.BiLinear}, {"ApproxBiLinear", draw.ApproxBiLinear}} {
		b.Run(s.name, func(b *testing.B) {
			dst := image.NewRGBA(image.Rect(0, 0, 240, 180))
			for b.Loop() {
				s.s.Scale(dst, dst.Bounds(), src, src.Bounds(), draw.Src, nil)
			}
		})
	}
}

// BenchmarkThumbScale is what encodeThumb does with a decoded 12-megapixel
// picture: shrink by blocks, then Catmull-Rom, turn and encode.
func BenchmarkThumbScale(b *testing.B) {
	src := image.NewYCbCr(image.Rect(0, 0, 4000, 3000), image.YCbCrSubsampleRatio420)
	for i := range src.Y {
		src.Y[i] = uint8(i * 7)
	}
	o := ThumbOptions{}.withDefaults()
	for b.Loop() {
		if _, err := encodeThumb(src, 6, o); err != nil {
			b.Fatal(err)
		}
	}
}

// A thumbnail scaled as YCbCr (the reduced decode's) turns upright as an
// RGBA one does: at every orientation each shown pixel has the Y, Cb and
// Cr of the stored pixel orientImage takes, at 4:4:4 and at 4:2:0 (whose
// 2×2 chroma blocks stay whole on an even-sized picture).
func TestOrientYCbCr(t *testing.T) {
	for _, r := range []image.YCbCrSubsampleRatio{image.YCbCrSubsampleRatio444, image.YCbCrSubsampleRatio420} {
		m := image.NewYCbCr(image.Rect(0, 0, 6, 4), r)
		for i := range m.Y {
			m.Y[i] = uint8(i * 5)
		}
		for i := range m.Cb {
			m.Cb[i], m.Cr[i] = uint8(100+i*3), uint8(200-i*7)
		}
		for o := 1; o <= 8; o++ {
			up := orientYCbCr(m, o)
			dw, dh := orientedSize(6, 4, o)
			if up.Rect != image.Rect(0, 0, dw, dh) {
				t.Fatalf("%v orientation %d: %v, want %dx%d", r, o, up.Rect, dw, dh)
			}
			for y := range dh {
				for x := range dw {
					sx, sy := orientedSource(x, y, 6, 4, o)
					if got, want := up.YCbCrAt(x, y), m.YCbCrAt(sx, sy); got != want {
						t.Fatalf("%v orientation %d: (%d,%d) is %v, want %v from (%d,%d)", r, o, x, y, got, want, sx, sy)
					}
				}
			}
		}
	}
}
