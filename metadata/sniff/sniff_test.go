package sniff

import (
	"strings"
	"testing"
)

func TestFormat(t *testing.T) {
	tests := []struct{ head, want string }{
		{"\xff\xd8\xff\xe0", "jpeg"},
		{"\xff\xd8\x00", "unknown"},
		{"II*\x00\x08\x00\x00\x00", "tiff"},
		{"MM\x00*", "tiff"},
		{"IIRO", "tiff"},
		{"IIU\x00", "tiff"},
		{"II+\x00", "bigtiff"},
		{PNGSignature, "png"},
		{"\x89PNG", "unknown"},
		{"GIF89a", "gif"},
		{"RIFF\x00\x00\x00\x00WEBPVP8 ", "webp"},
		{"RIFF\x00\x00\x00\x00AVI ", "avi"},
		{"\x00\x00\x00\x18ftypheic", "heic"},
		{"\x00\x00\x00\x18ftypmif1", "heif"},
		{"\x00\x00\x00\x18ftypM4A ", "m4a"},
		{"\x00\x00\x00\x18ftypisom", "mp4"},
		{"\x00\x00\x00\x18ftyp", "unknown"},
		{"FUJIFILMCCD-RAW 0201", "raf"},
		{"\xef\xbb\xbf  <?xpacket begin", "xmp"},
		{"<?xml version=\"1.0\"?>\n<rdf:RDF", "xmp"},
		{"<?xml version=\"1.0\"?>\n<html>", "unknown"},
		{"<?xml version=\"1.0\"?>" + strings.Repeat(" ", Len) + "<rdf:RDF", "unknown"},
		{"", "unknown"},
	}
	for _, tt := range tests {
		if got := Format([]byte(tt.head)); got != tt.want {
			t.Errorf("Format(%q) = %q, want %q", tt.head, got, tt.want)
		}
	}
}

// FuzzFormat: every name Format gives is one it documents, and bytes past
// Len never change a name (callers pass at most Len).
func FuzzFormat(f *testing.F) {
	f.Add([]byte("\xff\xd8\xff"))
	f.Add([]byte("<?xml?><rdf:RDF"))
	f.Add([]byte("\x00\x00\x00\x18ftypheic"))
	names := map[string]bool{}
	for _, n := range strings.Fields("jpeg tiff bigtiff png gif webp avi wav heic heif avif cr3 jxl mov m4a mp4 crw raf psd pdf bmp jpeg2000 exv xmp unknown") {
		names[n] = true
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		got := Format(b)
		if !names[got] {
			t.Fatalf("Format(%q) = %q, not a documented name", b, got)
		}
		if len(b) > Len && Format(b[:Len]) != got && !strings.Contains(string(b[:Len]), "<") {
			t.Fatalf("Format of %d bytes = %q, of the first %d = %q", len(b), got, Len, Format(b[:Len]))
		}
	})
}

// Noun words the formats a caption file or a report path cannot be, and
// keeps quiet on those a text may start like.
func TestNoun(t *testing.T) {
	for format, want := range map[string]string{"jpeg": "a JPEG image", "xmp": "an XMP sidecar", "pdf": "a PDF document", "bmp": "", "unknown": ""} {
		if got, ok := Noun(format); got != want || ok != (want != "") {
			t.Errorf("Noun(%q) = %q, %v; want %q", format, got, ok, want)
		}
	}
	if f := Format([]byte("BMW unveils a car")); f == "bmp" {
		if _, ok := Noun(f); ok {
			t.Error("a text starting BMW is named a BMP file")
		}
	}
}
