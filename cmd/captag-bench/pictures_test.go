package main

import (
	"bytes"
	"fmt"
	"image"
	"image/jpeg"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/captag/captag/metadata"
	"github.com/captag/captag/metadata/sheet"

	"github.com/captag/captag/metadata/fixture"
)

// TestPicturesKeepTheMetadata: -pixels and -thumb give the fixture
// pictures a wire photo's pixels and an EXIF thumbnail, and captag reads
// the same stores from them as before; the contact sheet takes the
// thumbnail from the IFD1 as it is, and decodes the photo otherwise.
func TestPicturesKeepTheMetadata(t *testing.T) {
	dir := t.TempDir()
	c, err := buildFixtureCorpus(filepath.Join(dir, "img"), filepath.Join(dir, "captions.txt"), 3, false)
	if err != nil {
		t.Fatal(err)
	}
	stores := func() map[string]string {
		out := map[string]string{}
		for _, n := range c.Files {
			b, err := os.ReadFile(filepath.Join(c.Dir, n))
			if err != nil {
				t.Fatal(err)
			}
			img, err := metadata.Read(bytes.NewReader(b), int64(len(b)), n)
			if err != nil {
				t.Fatalf("%s: %v", n, err)
			}
			var s []string
			for _, st := range img.Stores() {
				s = append(s, fmt.Sprintf("%+v", *st))
			}
			for _, w := range img.Warnings {
				s = append(s, fmt.Sprintf("warning %+v", w))
			}
			out[n] = strings.Join(s, "\n")
		}
		return out
	}
	before := stores()
	if err := repixelCorpus(c, wirePixels); err != nil {
		t.Fatal(err)
	}
	thumbOf := func(n string) []byte {
		b, err := os.ReadFile(filepath.Join(c.Dir, n))
		if err != nil {
			t.Fatal(err)
		}
		cfg, err := jpeg.DecodeConfig(bytes.NewReader(b))
		if err != nil || cfg.Width != wirePixels.X || cfg.Height != wirePixels.Y {
			t.Fatalf("%s: %dx%d, %v; want %v", n, cfg.Width, cfg.Height, err, wirePixels)
		}
		th, err := sheet.Thumbnail(bytes.NewReader(b), int64(len(b)), sheet.ThumbOptions{})
		if err != nil {
			t.Fatal(err)
		}
		return th
	}
	first := thumbOf(c.Files[0])
	if err := thumbCorpus(c); err != nil {
		t.Fatal(err)
	}
	if got := stores(); !reflect.DeepEqual(got, before) {
		t.Errorf("the stores changed:\n%v\nwant\n%v", got, before)
	}
	want, err := encode(fixture.WirePhoto(160, 120), 75)
	if err != nil {
		t.Fatal(err)
	}
	if got := thumbOf(c.Files[0]); !bytes.Equal(got, want) {
		t.Errorf("the sheet's thumbnail is %d bytes, want the IFD1's %d as they are", len(got), len(want))
	}
	if m, err := jpeg.Decode(bytes.NewReader(first)); err != nil || m.Bounds() != image.Rect(0, 0, 240, 160) {
		t.Errorf("the thumbnail of the photo: %v, %v; want 240×160", m.Bounds(), err)
	}
}

func TestParsePixels(t *testing.T) {
	for in, want := range map[string]image.Point{"": {}, "1024x683": {1024, 683}, "8X8": {8, 8}} {
		if got, err := parsePixels(in); err != nil || got != want {
			t.Errorf("parsePixels(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	for _, in := range []string{"1024", "0x5", "ax5", "20001x1", "10000x10000"} {
		if _, err := parsePixels(in); err == nil {
			t.Errorf("parsePixels(%q): no error", in)
		}
	}
}
