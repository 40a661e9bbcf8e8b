package main

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

// TestContainerScripts runs testdata/containers/*.txtar: the commands on a
// folder mixing the containers captag reads besides JPEG and TIFF. The
// script command "container FORMAT SRC.jpg DST" makes them from a sample
// JPEG (testdata/aleppo), moving its EXIF, IPTC and XMP into a PNG, WebP,
// PSD, GIF, RAF, BigTIFF or standalone XMP file as each format carries
// them (images are made by the test, never kept in the repository).
//
// The script command "corpus SRC DST" copies a real file of
// ../shared/corpora (HEIC, AVIF, CR3, JPEG XL, JPEG 2000 …, which the test
// cannot make) into the script's folder. The condition [corpus] holds when
// the corpus is there, and always when CI is set, so that CI fails rather
// than skips without it.
func TestContainerScripts(t *testing.T) {
	corpus, err := filepath.Abs(filepath.Join("..", "..", "..", "shared", "corpora"))
	if err != nil {
		t.Fatal(err)
	}
	testscript.Run(t, testscript.Params{
		Dir:                 "testdata/containers",
		RequireExplicitExec: true,
		Setup: func(e *testscript.Env) error {
			return copySamples(e.WorkDir)
		},
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			"container": cmdContainer,
			"corpus":    cmdCorpus(corpus),
		},
		Condition: func(cond string) (bool, error) {
			if cond != "corpus" {
				return false, fmt.Errorf("unknown condition %q", cond)
			}
			_, err := os.Stat(corpus)
			return err == nil || os.Getenv("CI") != "", nil
		},
	})
}

func cmdCorpus(dir string) func(ts *testscript.TestScript, neg bool, args []string) {
	return func(ts *testscript.TestScript, neg bool, args []string) {
		if neg || len(args) != 2 {
			ts.Fatalf("usage: corpus SRC DST")
		}
		b, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(args[0])))
		ts.Check(err)
		ts.Check(os.WriteFile(ts.MkAbs(args[1]), b, 0o644))
	}
}

func cmdContainer(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 3 {
		ts.Fatalf("usage: container png|webp|psd|gif|raf|bigtiff|xmp SRC.jpg DST")
	}
	src, err := os.ReadFile(ts.MkAbs(args[1]))
	ts.Check(err)
	st, err := jpegStores(src)
	ts.Check(err)
	var out []byte
	switch args[0] {
	case "png":
		out = st.png()
	case "webp":
		out = st.webp()
	case "psd":
		out = st.psd()
	case "gif":
		out = st.gif()
	case "raf":
		out = raf(src)
	case "bigtiff":
		out = st.bigTIFF()
	case "xmp":
		out = st.xmp
	default:
		ts.Fatalf("container: unknown format %q", args[0])
	}
	ts.Check(os.WriteFile(ts.MkAbs(args[2]), out, 0o644))
}

// stores are the metadata payloads of a JPEG: EXIF's TIFF bytes, the XMP
// packet and the Photoshop image resources.
type stores struct {
	exif, xmp, irb []byte
}

func jpegStores(b []byte) (*stores, error) {
	st := &stores{}
	pos := 2
	for pos+4 <= len(b) && b[pos] == 0xFF {
		m := b[pos+1]
		n := int(binary.BigEndian.Uint16(b[pos+2:]))
		if m == 0xDA || pos+2+n > len(b) {
			break
		}
		p := b[pos+4 : pos+2+n]
		switch {
		case m == 0xE1 && bytes.HasPrefix(p, []byte("Exif\x00\x00")):
			st.exif = p[6:]
		case m == 0xE1 && bytes.HasPrefix(p, []byte("http://ns.adobe.com/xap/1.0/\x00")):
			st.xmp = p[len("http://ns.adobe.com/xap/1.0/\x00"):]
		case m == 0xED && bytes.HasPrefix(p, []byte("Photoshop 3.0\x00")):
			st.irb = append(st.irb, p[len("Photoshop 3.0\x00"):]...)
		}
		pos += 2 + n
	}
	if st.exif == nil || st.xmp == nil || st.irb == nil {
		return nil, fmt.Errorf("container: expected EXIF, XMP and IPTC in the JPEG")
	}
	return st, nil
}

func pngChunk(typ string, data []byte) []byte {
	b := binary.BigEndian.AppendUint32(nil, uint32(len(data)))
	b = append(b, typ...)
	b = append(b, data...)
	return binary.BigEndian.AppendUint32(b, crc32.ChecksumIEEE(b[4:]))
}

func deflate(b []byte) []byte {
	var out bytes.Buffer
	w := zlib.NewWriter(&out)
	w.Write(b)
	w.Close()
	return out.Bytes()
}

// png: eXIf before IDAT; the XMP in iTXt and the IPTC as ImageMagick's
// "Raw profile type iptc" after it.
func (st *stores) png() []byte {
	b := []byte("\x89PNG\r\n\x1a\n")
	b = append(b, pngChunk("IHDR", []byte{0, 0, 0, 1, 0, 0, 0, 1, 8, 0, 0, 0, 0})...)
	b = append(b, pngChunk("eXIf", st.exif)...)
	b = append(b, pngChunk("IDAT", deflate([]byte{0, 0}))...)
	b = append(b, pngChunk("iTXt", append([]byte("XML:com.adobe.xmp\x00\x00\x00\x00\x00"), st.xmp...))...)
	var hex strings.Builder
	fmt.Fprintf(&hex, "\niptc\n%8d\n", len(st.irb))
	for i, c := range st.irb {
		fmt.Fprintf(&hex, "%02x", c)
		if i%36 == 35 {
			hex.WriteByte('\n')
		}
	}
	b = append(b, pngChunk("zTXt", append([]byte("Raw profile type iptc\x00\x00"), deflate([]byte(hex.String()))...))...)
	return append(b, pngChunk("IEND", nil)...)
}

func riffChunk(fourcc string, data []byte) []byte {
	b := append([]byte(fourcc), binary.LittleEndian.AppendUint32(nil, uint32(len(data)))...)
	b = append(b, data...)
	if len(data)%2 == 1 {
		b = append(b, 0)
	}
	return b
}

// webp: the extended format, EXIF and XMP chunks (WebP has no IPTC).
func (st *stores) webp() []byte {
	body := []byte("WEBP")
	body = append(body, riffChunk("VP8X", []byte{0x0C, 0, 0, 0, 0, 0, 0, 0, 0, 0})...)
	body = append(body, riffChunk("VP8L", []byte{0x2F, 0, 0, 0, 0})...)
	body = append(body, riffChunk("EXIF", st.exif)...)
	body = append(body, riffChunk("XMP ", st.xmp)...)
	return append(append([]byte("RIFF"), binary.LittleEndian.AppendUint32(nil, uint32(len(body)))...), body...)
}

func resource(id uint16, data []byte) []byte {
	b := append([]byte("8BIM"), byte(id>>8), byte(id), 0, 0)
	b = binary.BigEndian.AppendUint32(b, uint32(len(data)))
	b = append(b, data...)
	if len(data)%2 == 1 {
		b = append(b, 0)
	}
	return b
}

// psd: the JPEG's image resources (IIM and digest) plus EXIF (0x0422)
// and XMP (0x0424).
func (st *stores) psd() []byte {
	b := []byte("8BPS\x00\x01\x00\x00\x00\x00\x00\x00\x00\x03\x00\x00\x00\x01\x00\x00\x00\x01\x00\x08\x00\x03")
	b = binary.BigEndian.AppendUint32(b, 0)
	irb := append(append(append([]byte{}, st.irb...), resource(0x0422, st.exif)...), resource(0x0424, st.xmp)...)
	b = binary.BigEndian.AppendUint32(b, uint32(len(irb)))
	b = append(b, irb...)
	b = binary.BigEndian.AppendUint32(b, 0)
	return append(b, 0, 0)
}

// gif: XMP only, in its application extension with the magic trailer.
func (st *stores) gif() []byte {
	b := []byte("GIF89a\x01\x00\x01\x00\x80\x00\x00\x00\x00\x00\xff\xff\xff")
	b = append(b, 0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x4C, 0x01, 0)
	b = append(b, 0x21, 0xFF, 11)
	b = append(b, "XMP DataXMP"...)
	b = append(b, st.xmp...)
	b = append(b, 1)
	for i := 0xFF; i >= 0; i-- {
		b = append(b, byte(i))
	}
	return append(b, 0, 0x3B)
}

// raf: a RAF header whose offset 84 points at the whole JPEG.
func raf(jpeg []byte) []byte {
	b := make([]byte, 0x100)
	copy(b, "FUJIFILMCCD-RAW 0201FF383501X100F")
	binary.BigEndian.PutUint32(b[84:], uint32(len(b)))
	binary.BigEndian.PutUint32(b[88:], uint32(len(jpeg)))
	return append(b, jpeg...)
}

// bigTIFF: IFD0 with the XMP (tag 700) and the Photoshop resources (tag
// 34377), little-endian with 8-byte offsets.
func (st *stores) bigTIFF() []byte {
	le := binary.LittleEndian
	b := []byte("II+\x00\x08\x00\x00\x00")
	b = le.AppendUint64(b, 16)
	vals := uint64(16 + 8 + 2*20 + 8)
	b = le.AppendUint64(b, 2)
	b = le.AppendUint16(b, 700)
	b = le.AppendUint16(b, 1)
	b = le.AppendUint64(b, uint64(len(st.xmp)))
	b = le.AppendUint64(b, vals)
	b = le.AppendUint16(b, 34377)
	b = le.AppendUint16(b, 7)
	b = le.AppendUint64(b, uint64(len(st.irb)))
	b = le.AppendUint64(b, vals+uint64(len(st.xmp)))
	b = le.AppendUint64(b, 0)
	return append(append(b, st.xmp...), st.irb...)
}
