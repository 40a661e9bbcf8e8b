package sheet

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"io"
	"runtime"
	"strings"
	"testing"
)

func pngChunk(typ string, data []byte) []byte {
	b := binary.BigEndian.AppendUint32(nil, uint32(len(data)))
	b = append(append(b, typ...), data...)
	return binary.BigEndian.AppendUint32(b, crc32.ChecksumIEEE(b[4:]))
}

// bigPNG is a w×h 16-bit RGB PNG, a gradient that compresses to a few
// hundred kilobytes, streamed to w.
func bigPNG(w io.Writer, width, height int) {
	ihdr := binary.BigEndian.AppendUint32(nil, uint32(width))
	ihdr = binary.BigEndian.AppendUint32(ihdr, uint32(height))
	ihdr = append(ihdr, 16, 2, 0, 0, 0)
	w.Write([]byte("\x89PNG\r\n\x1a\n"))
	w.Write(pngChunk("IHDR", ihdr))
	var z bytes.Buffer
	zw, _ := zlib.NewWriterLevel(&z, zlib.BestSpeed)
	row := make([]byte, 1+6*width)
	for y := range height {
		for x := range width {
			binary.BigEndian.PutUint16(row[1+6*x:], uint16(y*65535/height))
			binary.BigEndian.PutUint16(row[3+6*x:], uint16(x*65535/width))
			binary.BigEndian.PutUint16(row[5+6*x:], 0x8000)
		}
		zw.Write(row)
	}
	zw.Close()
	for d := z.Bytes(); len(d) > 0; {
		k := min(len(d), 1<<16)
		w.Write(pngChunk("IDAT", d[:k]))
		d = d[k:]
	}
	w.Write(pngChunk("IEND", nil))
}

type holdRecorder struct{ held []int64 }

func (h *holdRecorder) Hold(n int64) func() { h.held = append(h.held, n); return func() {} }

// TestRedTeam14SheetMemory: issue 20 item 14. The contact sheet's
// thumbnail of a 381 KB 49-megapixel 16-bit PNG peaked at 448 MB: image/png
// decoded it whole (8 bytes a pixel). Now the PNG is read row by row into
// a small picture: the thumbnail of a 4000×3000 16-bit PNG (96 MB decoded
// whole) allocates under 24 MiB in all and holds from the budget under
// 4 MiB, not the whole picture's cost, and shows the picture (its
// corners keep the gradient's colours). An interlaced PNG that large gets
// a placeholder that says why, before a pixel is decoded.
func TestRedTeam14SheetMemory(t *testing.T) {
	const w, h = 4000, 3000
	var file bytes.Buffer
	bigPNG(&file, w, h)
	// Only the header of the interlaced one is read.
	ihdr := append(binary.BigEndian.AppendUint32(binary.BigEndian.AppendUint32(nil, 7000), 7000), 16, 2, 0, 0, 1)
	var interlaced bytes.Buffer
	interlaced.WriteString("\x89PNG\r\n\x1a\n")
	interlaced.Write(pngChunk("IHDR", ihdr))
	interlaced.Write(pngChunk("IDAT", []byte{0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01}))
	interlaced.Write(pngChunk("IEND", nil))

	for _, c := range []struct {
		name      string
		b         []byte
		maxAlloc  uint64
		wantError string // a placeholder's reason, or "" for a thumbnail
	}{
		// compress/flate makes its tables anew for each deflate block,
		// about 12 MB of garbage here: what is held at once is the budget's
		// figure, checked below.
		{"4000×3000 16-bit", file.Bytes(), 24 << 20, ""},
		{"7000×7000 16-bit interlaced", interlaced.Bytes(), 4 << 20, "interlaced png of 7000×7000 pixels: decoding it whole takes 467 MB"},
	} {
		t.Run(c.name, func(t *testing.T) {
			var budget holdRecorder
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			thumb, from, err := thumbnail(bytes.NewReader(c.b), int64(len(c.b)), ThumbOptions{Budget: &budget})
			runtime.ReadMemStats(&after)
			if got := after.TotalAlloc - before.TotalAlloc; got > c.maxAlloc {
				t.Errorf("the thumbnail allocated %d bytes, want at most %d", got, c.maxAlloc)
			}
			if c.wantError != "" {
				var te *ThumbError
				if !errors.As(err, &te) || !strings.Contains(te.Reason, c.wantError) {
					t.Fatalf("error %v, want a placeholder saying %q", err, c.wantError)
				}
				return
			}
			if err != nil || from != fromMain {
				t.Fatalf("thumbnail from %q: %v", from, err)
			}
			const maxHeld = 4 << 20
			if len(budget.held) != 1 || budget.held[0] > maxHeld {
				t.Errorf("held %v of the budget, want one hold of at most %d bytes", budget.held, maxHeld)
			}
			m := decodeThumb(t, thumb)
			if b := m.Bounds(); b.Dx() != DefaultMaxSide || b.Dy() != DefaultMaxSide*h/w {
				t.Fatalf("thumbnail of %v, want %d×%d", b, DefaultMaxSide, DefaultMaxSide*h/w)
			}
			// Top left: red 0, green 0; bottom right: both near full.
			r0, g0, _, _ := m.At(2, 2).RGBA()
			r1, g1, _, _ := m.At(m.Bounds().Dx()-3, m.Bounds().Dy()-3).RGBA()
			if r0 > 0x1000 || g0 > 0x1000 || r1 < 0xe000 || g1 < 0xe000 {
				t.Errorf("corners (%x, %x) and (%x, %x), want the gradient's (0, 0) and (ffff, ffff)", r0, g0, r1, g1)
			}
		})
	}
}
