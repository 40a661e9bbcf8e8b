package sheet

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"io"

	"golang.org/x/image/draw"

	"github.com/captag/captag/metadata/sheet/jpegscale"
)

const (
	// DefaultMaxSide is a thumbnail's long side in pixels.
	DefaultMaxSide = 240
	// DefaultQuality is the JPEG quality thumbnails are encoded at.
	DefaultQuality = 75
	// DefaultMaxPixels is the largest picture Thumbnail decodes whole
	// (50 megapixels: at 3 bytes a pixel, 150 MB held from the Budget
	// while it decodes). A larger one gives a thumbnail only from an
	// embedded preview.
	DefaultMaxPixels = 50_000_000
	// maxPreviewBytes caps an embedded preview (IFD1 or MPF) read into
	// memory; IFD1 thumbnails are at most 64 KB, MPF previews a few MB.
	maxPreviewBytes = 8 << 20
	// maxThumbSide caps ThumbOptions.MaxSide.
	maxThumbSide = 2048
	// maxInterlacedCost caps what decoding an interlaced PNG whole may
	// hold (other PNGs are read row by row, see pngscale.go): what a
	// picture of DefaultMaxPixels costs as a JPEG, 3 bytes a pixel and a
	// quarter more. A 49-megapixel interlaced PNG of 16-bit RGB (392 MB
	// decoded) gets a placeholder that says so.
	maxInterlacedCost = DefaultMaxPixels * 3 * 5 / 4
)

// Budget is memory that the thumbnail makers of one run share. Hold takes n
// bytes, waiting until they fit, and release gives them back;
// *metadata.Budget is one.
type Budget interface {
	Hold(n int64) (release func())
}

// ThumbOptions tune Thumbnail. The zero value uses the defaults.
type ThumbOptions struct {
	MaxSide   int   // long side in pixels; 0 means DefaultMaxSide
	Quality   int   // JPEG quality 1–100; 0 means DefaultQuality
	MaxPixels int64 // largest picture decoded whole; 0 means DefaultMaxPixels
	// Budget, when set, is held for what a decode costs (width × height ×
	// bytes per pixel of the picture or preview decoded) while it runs, so
	// that N workers do not decode N large pictures at once.
	Budget Budget
}

func (o ThumbOptions) withDefaults() ThumbOptions {
	if o.MaxSide <= 0 {
		o.MaxSide = DefaultMaxSide
	}
	o.MaxSide = min(o.MaxSide, maxThumbSide)
	if o.Quality <= 0 || o.Quality > 100 {
		o.Quality = DefaultQuality
	}
	if o.MaxPixels <= 0 {
		o.MaxPixels = DefaultMaxPixels
	}
	return o
}

// ThumbError says why a file has no thumbnail; the card shows a
// placeholder.
type ThumbError struct {
	Reason string // "not a JPEG or PNG (tiff) and no embedded preview", …
	Err    error  // the decoder's error, if any
}

func (e *ThumbError) Error() string {
	if e.Err != nil {
		return fmt.Sprintf("sheet: no thumbnail: %s: %v", e.Reason, e.Err)
	}
	return "sheet: no thumbnail: " + e.Reason
}

func (e *ThumbError) Unwrap() error { return e.Err }

// Thumbnail makes a JPEG thumbnail of the picture in r (size bytes), at
// most o.MaxSide pixels on its long side, turned upright by its EXIF
// Orientation. It takes, in this order: the EXIF IFD1 thumbnail (of a JPEG
// or a TIFF-based raw file); for a JPEG, the smallest MPF preview at least
// MaxSide on its long side (else the largest); the picture itself when it
// is a JPEG or PNG of at most o.MaxPixels. Anything else (HEIC, a raw file
// without an IFD1 thumbnail, damaged data) gives a *ThumbError.
//
// Memory: the header is read with bounded reads; a preview is read whole
// only up to 8 MB; a decode is refused above MaxPixels from the size the
// file declares, before any pixel is allocated, and holds its cost from
// o.Budget. A PNG that is not interlaced is read row by row into a picture
// about twice the thumbnail's size (pngscale.go), so it costs a few
// megabytes whatever its size and depth; an interlaced one is decoded
// whole only up to maxInterlacedCost.
func Thumbnail(r io.ReaderAt, size int64, o ThumbOptions) ([]byte, error) {
	b, _, err := thumbnail(r, size, o)
	return b, err
}

// Where a thumbnail came from, for tests.
const (
	fromIFD1 = "ifd1"
	fromMPF  = "mpf"
	fromMain = "main"
)

// thumbnail is Thumbnail, saying where the thumbnail came from.
func thumbnail(r io.ReaderAt, size int64, o ThumbOptions) ([]byte, string, error) {
	o = o.withDefaults()
	p := scan(r, size)
	orient := max(p.orientation, 1)
	var firstErr error
	if p.ifd1.n > 0 {
		b, err := fromPreview(r, p.ifd1, orient, o)
		if err == nil {
			return b, fromIFD1, nil
		}
		firstErr = err
	}
	if s, ok := pickMPF(r, p.mpf, o); ok {
		b, err := fromPreview(r, s, orient, o)
		if err == nil {
			return b, fromMPF, nil
		}
		if firstErr == nil {
			firstErr = err
		}
	}
	switch p.format {
	case "jpeg", "png":
		// A buffer no larger than the file: a small picture read twice
		// (header, then pixels) would otherwise allocate 128 KB.
		buf := int(min(size, 64<<10))
		raw := func() io.Reader { return io.NewSectionReader(r, 0, size) }
		open := func() io.Reader { return bufio.NewReaderSize(raw(), buf) }
		b, err := decodeScaled(open, raw, p.format, orient, o)
		return b, fromMain, err
	}
	if firstErr != nil {
		return nil, "", firstErr
	}
	what := p.format
	if what == "" {
		what = "unknown format"
	}
	return nil, "", &ThumbError{Reason: "not a JPEG or PNG (" + what + ") and no embedded preview"}
}

// pickMPF chooses among the MPF previews: the smallest at least MaxSide on
// its long side and within MaxPixels, else the largest within MaxPixels.
func pickMPF(r io.ReaderAt, ss []span, o ThumbOptions) (span, bool) {
	var best span
	var bestSide int
	found := false
	for _, s := range ss {
		if s.n > maxPreviewBytes {
			continue
		}
		cfg, err := jpeg.DecodeConfig(bufio.NewReader(io.NewSectionReader(r, s.off, s.n)))
		if err != nil || cfg.Width <= 0 || cfg.Height <= 0 || int64(cfg.Width)*int64(cfg.Height) > o.MaxPixels {
			continue
		}
		side := max(cfg.Width, cfg.Height)
		better := !found ||
			side >= o.MaxSide && (bestSide < o.MaxSide || side < bestSide) ||
			side < o.MaxSide && bestSide < o.MaxSide && side > bestSide
		if better {
			best, bestSide, found = s, side, true
		}
	}
	return best, found
}

// fromPreview makes the thumbnail from an embedded JPEG.
func fromPreview(r io.ReaderAt, s span, orient int, o ThumbOptions) ([]byte, error) {
	if s.n > maxPreviewBytes {
		return nil, &ThumbError{Reason: fmt.Sprintf("embedded preview of %d bytes, more than %d", s.n, maxPreviewBytes)}
	}
	b := make([]byte, s.n)
	if !readFull(r, b, s.off) {
		return nil, &ThumbError{Reason: "embedded preview runs past the end of the file"}
	}
	if usableAsIs(b, orient, o) {
		return b, nil
	}
	open := func() io.Reader { return bytes.NewReader(b) }
	return decodeScaled(open, open, "jpeg", orient, o)
}

// maxAsIsBytes caps a preview shown as the camera wrote it, so that a card
// stays near the 10–15 KB of a re-encoded thumbnail: 12 KB is 16 KB in
// base64, a 2,000-card page at most about 36 MB. A typical 160×120 IFD1
// thumbnail is 4–10 KB; a larger preview is decoded and encoded again.
const maxAsIsBytes = 12 << 10

// usableAsIs reports whether an embedded preview can go on the page as the
// camera wrote it, without decoding and encoding it again: upright
// (Orientation 1), a JPEG whose header reads, in colours a browser shows
// (YCbCr or grey), at most twice MaxSide on its long side (the page shows
// it at MaxSide or smaller) and maxAsIsBytes. A typical 160×120 or
// 320×240 IFD1 thumbnail is; it then costs a header read instead of a
// decode, a scale and an encode (about 6 ms for a 320×240 one).
func usableAsIs(b []byte, orient int, o ThumbOptions) bool {
	if orient != 1 || len(b) > maxAsIsBytes {
		return false
	}
	cfg, err := jpeg.DecodeConfig(bytes.NewReader(b))
	if err != nil || cfg.Width <= 0 || cfg.Height <= 0 || max(cfg.Width, cfg.Height) > 2*o.MaxSide {
		return false
	}
	return cfg.ColorModel == color.YCbCrModel || cfg.ColorModel == color.GrayModel
}

// decodeScaled decodes a JPEG or PNG (open gives a buffered reader from
// its start, raw one that jpegscale, which buffers its own reads, takes),
// after checking its declared size, and makes the thumbnail.
func decodeScaled(open, raw func() io.Reader, format string, orient int, o ThumbOptions) ([]byte, error) {
	decodeConfig, decode := jpeg.DecodeConfig, jpeg.Decode
	if format == "png" {
		decodeConfig, decode = png.DecodeConfig, png.Decode
	}
	cfg, err := decodeConfig(raw()) // a header: image/jpeg buffers 4 KB of it itself
	if err != nil {
		return nil, &ThumbError{Reason: "cannot read the " + format + " header", Err: err}
	}
	px := int64(cfg.Width) * int64(cfg.Height)
	if cfg.Width <= 0 || cfg.Height <= 0 {
		return nil, &ThumbError{Reason: fmt.Sprintf("%s of %d×%d pixels", format, cfg.Width, cfg.Height)}
	}
	if px > o.MaxPixels {
		return nil, &ThumbError{Reason: fmt.Sprintf("%s of %d×%d pixels, more than %d, and no embedded preview", format, cfg.Width, cfg.Height, o.MaxPixels)}
	}
	if format == "png" {
		// Read row by row into a smaller picture (pngscale.go): two
		// scanlines and the small picture are held, never the whole.
		var hold func(int64) func()
		if o.Budget != nil {
			hold = o.Budget.Hold
		}
		img, err := decodePNGScaled(open(), o.MaxSide, hold)
		switch {
		case err == nil:
			return encodeThumb(img, orient, o)
		case !errors.Is(err, errPNGInterlaced):
			return nil, &ThumbError{Reason: "cannot decode the png", Err: err}
		}
		// Interlaced: decoded whole by image/png, when that fits.
		if c := DecodeCost(cfg); c > maxInterlacedCost {
			return nil, &ThumbError{Reason: fmt.Sprintf("interlaced png of %d×%d pixels: decoding it whole takes %d MB, more than %d MB, and no embedded preview",
				cfg.Width, cfg.Height, c>>20, maxInterlacedCost>>20)}
		}
	}
	if format == "jpeg" {
		if b, ok := jpegReduced(raw, cfg, orient, o); ok {
			return b, nil
		}
	}
	// The decoded picture is alive until it is scaled: the hold spans
	// both, or workers scaling large pictures would each keep one beyond
	// the budget while another decodes.
	if o.Budget != nil {
		release := o.Budget.Hold(DecodeCost(cfg))
		defer release()
	}
	img, err := decode(open())
	if err != nil {
		return nil, &ThumbError{Reason: "cannot decode the " + format, Err: err}
	}
	return encodeThumb(img, orient, o)
}

// jpegReduced makes the thumbnail of a JPEG from a decode at 1/2, 1/4 or
// 1/8 (package jpegscale), the smallest scale still at least MaxSide on
// its long side: a 1024×683 picture at 1/4 (256×171), a 6000×4000 one at
// 1/8. ok is false when no scale is that large, when the picture is not
// grey or YCbCr, or when jpegscale does not take it (progressive, 12-bit)
// or finds it damaged: image/jpeg then decodes it whole, as before, and
// says what is wrong with it. The hold is DecodeCost, as for a whole
// decode, though the reduced one allocates far less (jpegscale.Cost: for
// a 1024×683 picture at 1/4 0.4 MB, where the whole is 2.6 MB):
// TestThumbnailPixelCap and TestThumbnailSharedBudget hold the budget to
// the whole picture's cost.
func jpegReduced(open func() io.Reader, cfg image.Config, orient int, o ThumbOptions) ([]byte, bool) {
	if cfg.ColorModel != color.YCbCrModel && cfg.ColorModel != color.GrayModel {
		return nil, false
	}
	d := jpegscale.Scale(cfg.Width, cfg.Height, o.MaxSide)
	if d == 1 {
		return nil, false
	}
	if o.Budget != nil {
		release := o.Budget.Hold(DecodeCost(cfg))
		defer release()
	}
	img, err := jpegscale.Decode(open(), d)
	if err != nil {
		return nil, false
	}
	// The thumbnail's size is the whole picture's fit, not the reduced
	// one's (801×599 is 240×179, its half 401×300 would be 240×180); the
	// reduced picture is at least that large but for a rounding in the
	// rare case of a short side just over a multiple of the scale.
	w, h := fit(cfg.Width, cfg.Height, o.MaxSide)
	rb := img.Bounds()
	w, h = min(w, rb.Dx()), min(h, rb.Dy())
	if m, ok := img.(*image.YCbCr); ok && areaScalable(m) {
		// Scaled and encoded as YCbCr, never as RGB (areaScaleYCbCr); at
		// 4:2:0 by jpegscale's encoder, twice as fast as image/jpeg's.
		if w%2 == 0 && h%2 == 0 {
			b, err := jpegscale.EncodeYCbCr(orientYCbCr(areaScaleYCbCr(m, w, h, image.YCbCrSubsampleRatio420), orient), o.Quality)
			return b, err == nil
		}
		b, err := encodeThumbJPEG(orientYCbCr(areaScaleYCbCr(m, w, h, image.YCbCrSubsampleRatio444), orient), o)
		return b, err == nil
	}
	b, err := encodeThumbAt(img, w, h, orient, o)
	return b, err == nil
}

// DecodeCost is what decoding the whole of a picture of cfg allocates,
// about: its pixels at the bytes per pixel of its colour model, and a
// quarter more for the decoder's own buffers.
func DecodeCost(cfg image.Config) int64 {
	bpp := int64(4)
	switch cfg.ColorModel {
	case color.GrayModel:
		bpp = 1
	case color.Gray16Model:
		bpp = 2
	case color.YCbCrModel:
		bpp = 3
	case color.RGBA64Model, color.NRGBA64Model:
		bpp = 8
	}
	px := int64(cfg.Width) * int64(cfg.Height)
	return px*bpp + px*bpp/4
}

// encodeThumb scales img to at most MaxSide on its long side, turns it
// upright and encodes it.
func encodeThumb(img image.Image, orient int, o ThumbOptions) ([]byte, error) {
	sb := img.Bounds()
	w, h := fit(sb.Dx(), sb.Dy(), o.MaxSide)
	return encodeThumbAt(img, w, h, orient, o)
}

// encodeThumbAt scales img to w×h (no larger than img), turns it upright
// and encodes it.
func encodeThumbAt(img image.Image, w, h, orient int, o ThumbOptions) ([]byte, error) {
	sb := img.Bounds()
	var dst *image.RGBA
	switch {
	case w == sb.Dx() && h == sb.Dy():
		dst = image.NewRGBA(image.Rect(0, 0, w, h))
		draw.Draw(dst, dst.Bounds(), img, sb.Min, draw.Src)
	case areaScalable(img):
		// What image/jpeg decodes to: averaged straight from its planes
		// (areascale.go).
		dst = areaScale(img, w, h)
	default:
		dst = image.NewRGBA(image.Rect(0, 0, w, h))
		draw.CatmullRom.Scale(dst, dst.Bounds(), img, sb, draw.Src, nil)
	}
	return encodeThumbJPEG(orientImage(dst, orient), o)
}

// encodeThumbJPEG encodes a thumbnail at o.Quality.
func encodeThumbJPEG(m image.Image, o ThumbOptions) ([]byte, error) {
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, m, &jpeg.Options{Quality: o.Quality}); err != nil {
		return nil, &ThumbError{Reason: "cannot encode the thumbnail", Err: err}
	}
	return buf.Bytes(), nil
}

// fit scales w×h to at most side on its long side, never up.
func fit(w, h, side int) (int, int) {
	if w <= side && h <= side {
		return w, h
	}
	if w >= h {
		return side, max(1, int((int64(h)*int64(side)+int64(w)/2)/int64(w)))
	}
	return max(1, int((int64(w)*int64(side)+int64(h)/2)/int64(h))), side
}

// orientImage turns m upright by EXIF Orientation o (1–8).
func orientImage(m *image.RGBA, o int) *image.RGBA {
	if o <= 1 || o > 8 {
		return m
	}
	w, h := m.Rect.Dx(), m.Rect.Dy()
	dw, dh := orientedSize(w, h, o)
	out := image.NewRGBA(image.Rect(0, 0, dw, dh))
	for y := range dh {
		for x := range dw {
			sx, sy := orientedSource(x, y, w, h, o)
			si, di := m.PixOffset(sx, sy), out.PixOffset(x, y)
			copy(out.Pix[di:di+4], m.Pix[si:si+4])
		}
	}
	return out
}

// orientYCbCr turns m (4:4:4 or 4:2:0, at the origin, its planes as
// image.NewYCbCr lays them) upright by EXIF Orientation o (1–8), plane by
// plane: a 2×2 block of a 4:2:0 picture stays one block when it turns.
func orientYCbCr(m *image.YCbCr, o int) *image.YCbCr {
	if o <= 1 || o > 8 {
		return m
	}
	w, h := m.Rect.Dx(), m.Rect.Dy()
	dw, dh := orientedSize(w, h, o)
	out := image.NewYCbCr(image.Rect(0, 0, dw, dh), m.SubsampleRatio)
	orientPlane(out.Y, out.YStride, m.Y, m.YStride, w, h, o)
	cw, ch := w, h
	if m.SubsampleRatio == image.YCbCrSubsampleRatio420 {
		cw, ch = (w+1)/2, (h+1)/2
	}
	orientPlane(out.Cb, out.CStride, m.Cb, m.CStride, cw, ch, o)
	orientPlane(out.Cr, out.CStride, m.Cr, m.CStride, cw, ch, o)
	return out
}

// orientPlane writes the w×h samples of src (rows stride apart) turned by
// o into dst (rows dstStride apart).
func orientPlane(dst []uint8, dstStride int, src []uint8, stride, w, h, o int) {
	dw, dh := orientedSize(w, h, o)
	for y := range dh {
		row := dst[y*dstStride : y*dstStride+dw]
		for x := range row {
			sx, sy := orientedSource(x, y, w, h, o)
			row[x] = src[sy*stride+sx]
		}
	}
}

// orientedSize is the size of a w×h picture turned by o.
func orientedSize(w, h, o int) (int, int) {
	if o >= 5 {
		return h, w
	}
	return w, h
}

// orientedSource is where the pixel shown at (x, y) of a w×h picture
// turned by EXIF Orientation o (2–8) is stored.
func orientedSource(x, y, w, h, o int) (sx, sy int) {
	switch o {
	case 2:
		return w - 1 - x, y
	case 3:
		return w - 1 - x, h - 1 - y
	case 4:
		return x, h - 1 - y
	case 5:
		return y, x
	case 6:
		return y, h - 1 - x
	case 7:
		return w - 1 - y, h - 1 - x
	case 8:
		return w - 1 - y, x
	}
	return x, y
}
