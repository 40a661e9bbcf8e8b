package xmp

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// stdSource yields tokens from encoding/xml's strict decoder: the
// reference the scanner is checked against.
type stdSource struct {
	dec     *xml.Decoder
	pending *rawTok
}

func newStdSource(b []byte) *stdSource {
	dec := xml.NewDecoder(bytes.NewReader(b))
	dec.CharsetReader = func(label string, r io.Reader) (io.Reader, error) {
		if acceptedEncoding(label) {
			return r, nil
		}
		return nil, fmt.Errorf("encoding %q", label)
	}
	return &stdSource{dec: dec}
}

func (s *stdSource) next() (*rawTok, error) {
	for {
		off := s.dec.InputOffset()
		tok, err := s.dec.RawToken()
		if err == io.EOF {
			return &rawTok{kind: tokEOF}, nil
		}
		if err != nil {
			return nil, &SyntaxError{Msg: err.Error(), Err: err}
		}
		switch t := tok.(type) {
		case xml.StartElement:
			rt := rawTok{kind: tokStart, prefix: t.Name.Space, local: t.Name.Local, off: off}
			for _, a := range t.Attr {
				rt.attrs = append(rt.attrs, rawAttr{a.Name.Space, a.Name.Local, a.Value})
			}
			return &rt, nil
		case xml.EndElement:
			return &rawTok{kind: tokEnd, prefix: t.Name.Space, local: t.Name.Local, off: off}, nil
		case xml.CharData:
			return &rawTok{kind: tokText, text: t, off: off}, nil
		}
	}
}

// parseWith is Parse with another token source.
func parseWith(b []byte, src func([]byte) tokenSource) (*Doc, error) {
	text, err := toUTF8(b)
	if err != nil {
		return nil, err
	}
	root, prefixes, err := readTree(src(text))
	if err != nil {
		return nil, err
	}
	d := &Doc{Prefixes: prefixes}
	if err := d.fromRoot(root); err != nil {
		return nil, err
	}
	return d, nil
}

// compareParsers parses b with the scanner and with encoding/xml: both
// must refuse it or give equal Docs. The scanner may refuse what
// encoding/xml accepts only for a document type declaration (XMP has
// none) and names outside encoding/xml's older character tables.
func compareParsers(t *testing.T, b []byte) {
	t.Helper()
	if len(b) > MaxInput {
		return
	}
	mine, errMine := Parse(b)
	std, errStd := parseWith(b, func(text []byte) tokenSource { return newStdSource(text) })
	var se *SyntaxError
	switch {
	case errMine == nil && errStd == nil:
		if !reflect.DeepEqual(mine, std) {
			t.Fatalf("scanner and encoding/xml disagree on %q:\n scanner %s\n std     %s", b, dump(mine.Props), dump(std.Props))
		}
	case errMine != nil && errStd != nil:
	case errMine != nil:
		if errors.As(errMine, &se) && strings.Contains(se.Msg, "document type declaration") {
			return
		}
		t.Fatalf("scanner refuses what encoding/xml accepts: %v\n%q", errMine, b)
	default:
		if errors.As(errStd, &se) && strings.Contains(se.Msg, "invalid XML name") {
			return
		}
		var le *LimitError
		if errors.As(errStd, &le) {
			return
		}
		t.Fatalf("scanner accepts what encoding/xml refuses (%v):\n%q", errStd, b)
	}
}

func TestScannerMatchesEncodingXML(t *testing.T) {
	inputs := [][]byte{
		[]byte(wrap(`<rdf:Description ex:a="1&amp;&#x41;&#66;" ex:b='q"q'><ex:c>x<![CDATA[<&>]]>y<!-- c -->z</ex:c></rdf:Description>`)),
		[]byte("<?xml version=\"1.0\" encoding='UTF-8' ?>\r\n" + wrap("<rdf:Description><ex:d>a\r\nb\rc</ex:d></rdf:Description>")),
		[]byte(wrap(`<rdf:Description><ex:e>&bogus;</ex:e></rdf:Description>`)),
		[]byte(wrap(`<rdf:Description><ex:e>&#0;</ex:e></rdf:Description>`)),
		[]byte(wrap(`<rdf:Description><ex:e>&#xD800;</ex:e></rdf:Description>`)),
		[]byte(wrap(`<rdf:Description ex:a="<"/>`)),
		[]byte(wrap(`<rdf:Description ex:a=1/>`)),
		[]byte(wrap(`<rdf:Description ex:a/>`)),
		[]byte(wrap(`<rdf:Description><!-- a -- b --></rdf:Description>`)),
		[]byte(wrap(`<rdf:Description ></rdf:Description >`)),
		[]byte(wrap("<rdf:Description><ex:f>\x01</ex:f></rdf:Description>")),
		[]byte(wrap("<rdf:Description><ex:f>\xc3</ex:f></rdf:Description>")),
		[]byte(`<?xml version="1.1"?>` + wrap(`<rdf:Description/>`)),
	}
	files, _ := filepath.Glob("testdata/*.xmp")
	corpus, _ := filepath.Glob(filepath.Join(corpusDir, "*", "*.xmp"))
	for _, f := range append(files, corpus...) {
		if b, err := os.ReadFile(f); err == nil {
			inputs = append(inputs, b)
		}
	}
	for i, in := range inputs {
		t.Run(fmt.Sprint(i), func(t *testing.T) { compareParsers(t, in) })
	}
}

// FuzzTokenizer checks the scanner against encoding/xml on arbitrary
// input.
func FuzzTokenizer(f *testing.F) {
	fixtures, _ := filepath.Glob("testdata/*.xmp")
	for _, p := range fixtures {
		if b, err := os.ReadFile(p); err == nil {
			f.Add(b)
		}
	}
	f.Add([]byte(wrap(`<rdf:Description ex:a="1&amp;&#x41;" ex:b='q"q'><ex:c>x<![CDATA[<&>]]>y<!-- c -->z&#13;</ex:c></rdf:Description>`)))
	f.Add([]byte("<?xml version=\"1.0\" encoding=\"UTF-16\"?>\r\n" + wrap("<rdf:Description><ex:d>a\r\nb\rc</ex:d></rdf:Description>")))
	f.Fuzz(func(t *testing.T, b []byte) { compareParsers(t, b) })
}

// BenchmarkParse and BenchmarkParseEncodingXML parse the same sidecars
// with the scanner and with encoding/xml, for comparison.
func BenchmarkParse(b *testing.B) { benchParse(b, Parse) }

func BenchmarkParseEncodingXML(b *testing.B) {
	benchParse(b, func(p []byte) (*Doc, error) {
		return parseWith(p, func(text []byte) tokenSource { return newStdSource(text) })
	})
}

func benchParse(b *testing.B, parse func([]byte) (*Doc, error)) {
	for _, name := range []string{"exiftool-element.xmp", "lightroom.xmp"} {
		in, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			b.Fatal(err)
		}
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(in)))
			for b.Loop() {
				if _, err := parse(in); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
