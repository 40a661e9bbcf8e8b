package sheet

import (
	"bytes"
	"errors"
	"image"
	"image/color"
	"image/jpeg"
	"os"
	"path/filepath"
	"testing"
)

// fuzzMaxPixels keeps a fuzzed picture small: a header may claim any size,
// and what is decoded must stay within this.
const fuzzMaxPixels = 1 << 20

// FuzzThumbnail: on any bytes Thumbnail does not panic, decodes nothing
// larger than MaxPixels, and gives either a JPEG at most MaxSide on its
// long side or a *ThumbError.
func FuzzThumbnail(f *testing.F) {
	for _, p := range []string{
		"goexif/exif/samples/f6-exif.jpg",
		"exiv2/exiv2-nikon-d70.jpg",
		"exiftool/ExifTool.jpg",
		"exiftool/PNG.png",
		"exiftool/CanonRaw.cr2",
		"bep-imagemeta/sample.cr2",
	} {
		if b, err := os.ReadFile(filepath.Join("..", "..", "..", "shared", "corpora", p)); err == nil && len(b) < 256<<10 {
			f.Add(b)
		}
	}
	f.Add(mpfFile(f))
	stored := encodeJPEG(f, quadrants(32, 16))
	f.Add(withSegment(stored, exifAPP1(6, nil)))
	f.Add(withSegment(stored, exifAPP1(3, stored)))
	f.Fuzz(func(t *testing.T, data []byte) {
		var log holdLog
		o := ThumbOptions{MaxSide: 64, MaxPixels: fuzzMaxPixels, Budget: &log}
		b, err := Thumbnail(bytes.NewReader(data), int64(len(data)), o)
		for _, n := range log.holds {
			if n > DecodeCost(maxConfig) {
				t.Fatalf("held %d bytes for a decode, more than a %d-pixel picture costs", n, fuzzMaxPixels)
			}
		}
		if err != nil {
			var te *ThumbError
			if b != nil || !errors.As(err, &te) {
				t.Fatalf("%d bytes and error %v, want nil and a *ThumbError", len(b), err)
			}
			return
		}
		cfg, err := jpeg.DecodeConfig(bytes.NewReader(b))
		if err != nil {
			t.Fatalf("the thumbnail is not a JPEG: %v", err)
		}
		if cfg.Width < 1 || cfg.Height < 1 || cfg.Width > 64 || cfg.Height > 64 {
			t.Fatalf("thumbnail %dx%d, want at most 64 on its long side", cfg.Width, cfg.Height)
		}
	})
}

// maxConfig is the dearest picture within fuzzMaxPixels.
var maxConfig = image.Config{ColorModel: color.RGBA64Model, Width: fuzzMaxPixels, Height: 1}
