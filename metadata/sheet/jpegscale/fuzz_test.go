package jpegscale

import (
	"bytes"
	"errors"
	"image"
	"image/jpeg"
	"os"
	"path/filepath"
	"testing"

	"github.com/captag/captag/metadata/fixture"
)

// fuzzMaxPixels bounds the pictures the fuzzer decodes.
const fuzzMaxPixels = 1 << 22

// FuzzDecodeScaled: on any bytes Decode does not panic or hang, and gives
// either a picture of the declared size at the scale, or an error; a
// 4:2:0 picture it gives encodes (EncodeYCbCr) to a JPEG of the same size
// that image/jpeg decodes.
func FuzzDecodeScaled(f *testing.F) {
	f.Add(restartFile())
	f.Add(encodeTest(testFrame{w: 17, h: 9, comps: layout(17, 9, [2]int{1, 1}), q: 4}))
	f.Add(encodeTest(testFrame{w: 40, h: 24, comps: layout(40, 24, [2]int{4, 4}, [2]int{1, 1}, [2]int{1, 1}), separate: true, restart: 3, q: 4}))
	f.Add(encodeTest(testFrame{w: 24, h: 16, comps: layout(24, 16, [2]int{1, 1}, [2]int{2, 2}, [2]int{2, 1}), q: 4}))
	f.Add(encodeQ(f, fixture.WirePhoto(48, 32), 85))
	for _, p := range []string{"goexif/exif/samples/f6-exif.jpg", "exiftool/ExifTool.jpg"} {
		if b, err := os.ReadFile(filepath.Join(corpusDir, p)); err == nil && len(b) < 64<<10 {
			f.Add(b)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		// A header may claim up to MaxPixels; keep the fuzzer's pictures
		// small so that it tries many.
		cfg, cfgErr := jpeg.DecodeConfig(bytes.NewReader(data))
		if cfgErr == nil && cfg.Width*cfg.Height > fuzzMaxPixels {
			return
		}
		for _, d := range []int{2, 8} {
			m, err := Decode(bytes.NewReader(data), d)
			if err != nil {
				if m != nil {
					t.Fatalf("a picture and an error: %v", err)
				}
				var fe FormatError
				if !errors.As(err, &fe) && !errors.Is(err, ErrUnsupported) && err.Error() == "" {
					t.Fatalf("an empty error")
				}
				continue
			}
			b := m.Bounds()
			if b.Min != (image.Point{}) || b.Dx() < 1 || b.Dy() < 1 {
				t.Fatalf("bounds %v", b)
			}
			if cfgErr == nil && b.Size() != image.Pt((cfg.Width+d-1)/d, (cfg.Height+d-1)/d) {
				t.Fatalf("1/%d of %dx%d: %v", d, cfg.Width, cfg.Height, b.Size())
			}
			// Every pixel is readable: the planes cover the bounds.
			_ = m.At(b.Max.X-1, b.Max.Y-1)
			if y, ok := m.(*image.YCbCr); ok {
				_ = y.YCbCrAt(b.Max.X-1, b.Max.Y-1)
				if y.SubsampleRatio == image.YCbCrSubsampleRatio420 {
					enc, err := EncodeYCbCr(y, 75)
					if err != nil {
						t.Fatalf("encoding the 4:2:0 %v: %v", b, err)
					}
					back, err := jpeg.Decode(bytes.NewReader(enc))
					if err != nil || back.Bounds() != b {
						t.Fatalf("the encoded %v decodes to %v, %v", b, back, err)
					}
				}
			}
		}
	})
}
