package embed

import (
	"bytes"
	"image"
	"image/jpeg"
	"os"
	"path/filepath"
	"testing"

	"github.com/captag/captag/metadata/caption"
	"github.com/captag/captag/metadata/fixture"
	"github.com/captag/captag/sidecar"
)

// wireJPEG is a wire picture as an agency sends it: EXIF, IIM with a
// current digest and XMP (from the fixture package) before the frame and
// scan of a 1600×1067 picture with detail (deterministic noise, so that
// the scan is a few hundred KB as a photograph's is).
func wireJPEG(tb testing.TB) []byte {
	head := fixture.JPEG(fixture.All(wire))
	img := image.NewRGBA(image.Rect(0, 0, 1600, 1067))
	x := uint32(2463534242)
	for i := 0; i < len(img.Pix); i += 4 {
		x ^= x << 13
		x ^= x >> 17
		x ^= x << 5
		img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3] = uint8(x), uint8(x>>8)&0x3F+uint8(i/4%1600/8), 128, 255
	}
	var enc bytes.Buffer
	if err := jpeg.Encode(&enc, img, &jpeg.Options{Quality: 85}); err != nil {
		tb.Fatal(err)
	}
	// The fixture's segments up to its first DQT, then the big picture's.
	dqt := []byte{0xFF, 0xDB}
	b := append(head[:bytes.Index(head, dqt)], enc.Bytes()[bytes.Index(enc.Bytes(), dqt):]...)
	if len(b) < 200<<10 {
		tb.Fatalf("expected a wire-sized JPEG, made %d bytes", len(b))
	}
	return b
}

// BenchmarkEmbedJPEG embeds a caption into a wire JPEG in memory: the
// segment walk, the XMP merge, the IIM rebuild and the scan verification
// (two SHA-256 passes over the scan).
func BenchmarkEmbedJPEG(b *testing.B) {
	in := wireJPEG(b)
	rec := aleppo()
	b.SetBytes(int64(len(in)))
	b.ReportAllocs()
	for b.Loop() {
		res, err := JPEG(in, rec, nil, Options{})
		if err != nil || !res.Changed {
			b.Fatalf("JPEG: %v (changed %v)", err, res.Changed)
		}
	}
}

// BenchmarkEmbedJPEGUnchanged is the second run: nothing to write.
func BenchmarkEmbedJPEGUnchanged(b *testing.B) {
	rec := aleppo()
	res, err := JPEG(wireJPEG(b), rec, nil, Options{})
	if err != nil {
		b.Fatal(err)
	}
	in := res.Data
	b.SetBytes(int64(len(in)))
	b.ReportAllocs()
	for b.Loop() {
		res, err := JPEG(in, rec, nil, Options{})
		if err != nil || res.Changed {
			b.Fatalf("JPEG: %v (changed %v)", err, res.Changed)
		}
	}
}

// BenchmarkEmbedFile is the whole file step on a wire JPEG: read, embed,
// temporary file written and fsynced, its scan hashed, checked, renamed,
// folder fsynced. Two captions alternate so that every run writes.
func BenchmarkEmbedFile(b *testing.B) {
	in := wireJPEG(b)
	p := filepath.Join(b.TempDir(), "wire.jpg")
	if err := os.WriteFile(p, in, 0o644); err != nil {
		b.Fatal(err)
	}
	recs := [2]caption.Record{aleppo(), aleppo()}
	recs[1].Text += " (corrected)"
	b.SetBytes(int64(len(in)))
	i := 0
	for b.Loop() {
		res, err := File(p, recs[i%2], FileOptions{})
		if err != nil || res.Outcome != sidecar.Updated {
			b.Fatalf("File: %v (outcome %v)", err, res.Outcome)
		}
		i++
	}
}

// BenchmarkEmbedFileCamera is BenchmarkEmbedFile on a camera-sized file:
// the wire JPEG's scan grown to 5 MB (bytes without 0xFF before EOI, as
// captag-bench -pad makes them), where the cost is the copies, reads and
// checks of the whole file rather than the metadata.
func BenchmarkEmbedFileCamera(b *testing.B) {
	in := wireJPEG(b)
	fill := bytes.Repeat([]byte{0xA5, 0x5A, 0x3C, 0xC3}, 1<<14)
	big := append([]byte{}, in[:len(in)-2]...)
	for len(big) < 5_000_000-2 {
		big = append(big, fill[:min(len(fill), 5_000_000-2-len(big))]...)
	}
	big = append(big, 0xFF, 0xD9)
	p := filepath.Join(b.TempDir(), "camera.jpg")
	if err := os.WriteFile(p, big, 0o644); err != nil {
		b.Fatal(err)
	}
	recs := [2]caption.Record{aleppo(), aleppo()}
	recs[1].Text += " (corrected)"
	b.SetBytes(int64(len(big)))
	i := 0
	for b.Loop() {
		res, err := File(p, recs[i%2], FileOptions{})
		if err != nil || res.Outcome != sidecar.Updated {
			b.Fatalf("File: %v (outcome %v)", err, res.Outcome)
		}
		i++
	}
}
