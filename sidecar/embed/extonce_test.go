package embed

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/captag/captag/metadata"
	"github.com/captag/captag/metadata/fixture"
	"github.com/captag/captag/sidecar"
)

// TestExtendedXMPParsedOnce: the ExtendedXMP of a JPEG is parsed once,
// by the read, and the embedder's check takes what that parse found
// (issue 24): JPEG reading the file itself and File parse it no second
// time, and refuse or embed exactly as the embedder's own parse of it
// does (JPEG given an Image read apart, which carries no parse of it).
func TestExtendedXMPParsedOnce(t *testing.T) {
	packet := func(attrs, body string) string {
		return `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">` +
			`<rdf:Description rdf:about="" xmlns:crs="http://ns.adobe.com/camera-raw-settings/1.0/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:photoshop="http://ns.adobe.com/photoshop/1.0/"` +
			attrs + `>` + body + `</rdf:Description></rdf:RDF></x:xmpmeta>`
	}
	var history strings.Builder
	for i := range 2000 {
		fmt.Fprintf(&history, `<rdf:li>saved %d</rdf:li>`, i)
	}
	tests := []struct {
		name, ext string
		refused   string // part of the reason, "" when embedded
	}{
		{name: "other properties", ext: packet(` crs:Exposure="+0.5"`, `<crs:History><rdf:Seq>`+history.String()+`</rdf:Seq></crs:History>`)},
		{name: "a property captag writes, as an attribute", ext: packet(` photoshop:Credit="X"`, ""), refused: "ExtendedXMP holds Credit"},
		{name: "a property captag writes, as an element", ext: packet("", `<dc:description><rdf:Alt><rdf:li xml:lang="x-default">Other</rdf:li></rdf:Alt></dc:description>`), refused: "ExtendedXMP holds description"},
		{name: "a property captag does not read but writes", ext: packet(` photoshop:CaptionWriter="Desk"`, ""), refused: "ExtendedXMP holds CaptionWriter"},
		{name: "spelled in another case: not captag's", ext: packet(` photoshop:credit="X"`, "")},
		{name: "a packet that does not parse", ext: packet("", `<dc:title>x</dc:format>`), refused: "captag can read"},
	}
	opt := Options{Sidecar: sidecar.Options{CaptionWriter: "Desk"}}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := fixture.All(wire)
			s.XMP = fixture.XMPPacketExtended(wire, "", fixture.ExtendedGUID(tc.ext))
			s.ExtendedXMP = tc.ext
			in := fixture.JPEG(s)
			rec := aleppo()
			run := func(img *metadata.Image) (Result, error, int) {
				parses := 0
				o := opt
				o.parsedExtended = func() { parses++ }
				res, err := JPEG(in, rec, img, o)
				return res, err, parses
			}
			alone, err, n := run(read(t, in))
			if n != 1 {
				t.Fatalf("JPEG given an Image read apart parsed the ExtendedXMP %d times, want 1", n)
			}
			checkOutcome(t, alone, err, tc.refused)
			once, onceErr, n := run(nil)
			if n != 0 {
				t.Errorf("JPEG reading the file parsed the ExtendedXMP %d more times after the read, want 0", n)
			}
			if fmt.Sprint(onceErr) != fmt.Sprint(err) || !bytes.Equal(once.Data, alone.Data) {
				t.Errorf("with the read's parse: %v (%d bytes); with the embedder's own: %v (%d bytes)", onceErr, len(once.Data), err, len(alone.Data))
			}

			path := filepath.Join(t.TempDir(), "x.jpg")
			if err := os.WriteFile(path, in, 0o644); err != nil {
				t.Fatal(err)
			}
			parses := 0
			fo := FileOptions{Options: opt}
			fo.parsedExtended = func() { parses++ }
			_, ferr := File(path, rec, fo)
			if parses != 0 {
				t.Errorf("File parsed the ExtendedXMP %d more times after the read, want 0", parses)
			}
			got, rerr := os.ReadFile(path)
			if rerr != nil {
				t.Fatal(rerr)
			}
			want := alone.Data
			if err != nil {
				want = in // refused: the file as it was
			}
			var re *RefusedError
			if (ferr == nil) != (err == nil) || ferr != nil && (!errors.As(ferr, &re) || !strings.Contains(re.Reason, tc.refused)) || !bytes.Equal(got, want) {
				t.Errorf("File: %v, file %d bytes; JPEG: %v, %d bytes", ferr, len(got), err, len(want))
			}
		})
	}
}

// checkOutcome fails t unless err is a refusal whose reason has refused,
// or, with refused "", res is a change.
func checkOutcome(t *testing.T, res Result, err error, refused string) {
	t.Helper()
	var re *RefusedError
	switch {
	case refused != "" && (!errors.As(err, &re) || !strings.Contains(re.Reason, refused)):
		t.Fatalf("expected a refusal mentioning %q, found %v", refused, err)
	case refused == "" && err != nil:
		t.Fatalf("JPEG: %v", err)
	case refused == "" && !res.Changed:
		t.Fatal("expected a change, found none")
	}
}

// FuzzExtendedXMPParsedOnce: on any input, JPEG with the read's parse of
// the ExtendedXMP (JPEG reading the file itself) refuses or embeds
// exactly as with its own parse of it (an Image read apart): the same
// error, the same bytes.
func FuzzExtendedXMPParsedOnce(f *testing.F) {
	for _, s := range fuzzSeeds(f) {
		f.Add(s)
	}
	for _, ext := range []string{
		`<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="" xmlns:photoshop="http://ns.adobe.com/photoshop/1.0/" photoshop:Credit="X"/></rdf:RDF></x:xmpmeta>`,
		`<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>x</dc:format></rdf:Description></rdf:RDF></x:xmpmeta>`,
	} {
		s := fixture.All(wire)
		s.XMP = fixture.XMPPacketExtended(wire, "", fixture.ExtendedGUID(ext))
		s.ExtendedXMP = ext
		f.Add(fixture.JPEG(s))
	}
	rec := aleppo()
	opt := Options{Sidecar: sidecar.Options{CaptionWriter: "Desk"}}
	f.Fuzz(func(t *testing.T, in []byte) {
		once, onceErr := JPEG(in, rec, nil, opt)
		img, err := metadata.Read(bytes.NewReader(in), int64(len(in)), "")
		if err != nil {
			if onceErr == nil {
				t.Fatalf("embedded into a file metadata.Read refuses (%v)", err)
			}
			return
		}
		alone, aloneErr := JPEG(in, rec, img, opt)
		if fmt.Sprint(onceErr) != fmt.Sprint(aloneErr) || !bytes.Equal(once.Data, alone.Data) {
			t.Fatalf("with the read's parse: %v (%d bytes); with the embedder's own: %v (%d bytes)", onceErr, len(once.Data), aloneErr, len(alone.Data))
		}
	})
}
