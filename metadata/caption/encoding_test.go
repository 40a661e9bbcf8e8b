package caption

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"io"
	"strings"
	"testing"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/captag/captag/metadata"
)

// Real captions whose names and words Windows-1252 can hold, from
// testdata/realworld/captions.jsonl:
//
//   - rw-061, EFE via elconfidencial.com (https://www.elconfidencial.com/multimedia/album/dia-en-24-fotos/2024-03-21/fotos-dia-prisiones-pogacar-fed_3852526/);
//   - rw-064, EFE via lavozdegalicia.es (http://www.lavozdegalicia.es/album/sociedad/2015/04/17/imagenes-dia/01101429301672357543336.htm);
//   - rw-085, AP/Keystone-SDA via tdg.ch (https://www.tdg.ch/on-va-faire-pression-jusquau-bout-pour-obtenir-quelque-chose-717315107439):
//     its ’ is 0x92 in Windows-1252, one of the 27 bytes that differ from Latin-1.
var encodingCaptions = []struct {
	file, caption string
	creator       string
}{
	{"IMG_0061.jpg", "El esloveno Tadej Pogacar (UAE Team Emirates) gana la tercera etapa de la Volta Ciclista a Cataluña, la segunda seguida en su cuenta particular, tras cruzar la meta en solitario en la estación de esquí de Port Ainé, un puerto de categoría especial a 1.960 metros de altitud. Foto: EFE/Quique García.", "Quique García"},
	{"IMG_0064.jpg", "El presidente del Comité Olímpico brasileño (COB), Carlos Arthur Nuzman, durante el lanzamiento de las monedas conmemorativas de los Juegos Olímpicos de Río. Marcelo Sayão | EFE", "Marcelo Sayão"},
	{"IMG_0085.jpg", "Ce 7 mars 2023 à Paris, la préfecture a compté 81’000 manifestants, à peine plus que le 19 janvier (80’000). AP Photo/Aurelien Morissard/keystone-sda.ch", "Aurelien Morissard"},
}

// encodeAs writes the UTF-8 string s in enc, with a byte order mark when
// bom is set.
func encodeAs(t *testing.T, s string, enc Encoding, bom bool) []byte {
	t.Helper()
	var out []byte
	switch enc {
	case EncodingUTF8:
		if bom {
			out = append(out, utf8BOM...)
		}
		return append(out, s...)
	case EncodingUTF16LE, EncodingUTF16BE:
		if bom {
			s = "\uFEFF" + s
		}
		for _, u := range utf16.Encode([]rune(s)) {
			if enc == EncodingUTF16LE {
				out = append(out, byte(u), byte(u>>8))
			} else {
				out = append(out, byte(u>>8), byte(u))
			}
		}
		return out
	case EncodingWindows1252:
		for _, r := range s {
			switch {
			case r < 0x80 || (0xA0 <= r && r < 0x100):
				out = append(out, byte(r))
			default:
				b, ok := cp1252Bytes[r]
				if !ok {
					t.Fatalf("%q is not in Windows-1252", r)
				}
				out = append(out, b)
			}
		}
		return out
	}
	t.Fatalf("no encoder for %s", enc)
	return nil
}

var cp1252Bytes = func() map[rune]byte {
	m := map[rune]byte{}
	for c := 0x80; c < 0xA0; c++ {
		m[metadata.Windows1252Rune(byte(c))] = byte(c)
	}
	return m
}()

// captionFiles are the captions as one file of each format.
func captionFiles(t *testing.T) map[string]string {
	var text, jsonl strings.Builder
	var csvb bytes.Buffer
	w := csv.NewWriter(&csvb)
	w.UseCRLF = true // as Excel saves it
	w.Write([]string{"file", "caption", "creator"})
	var arr []map[string]string
	for _, c := range encodingCaptions {
		text.WriteString(c.file + "\n" + c.caption + "\n\n")
		w.Write([]string{c.file, c.caption, c.creator})
		obj := map[string]string{"file": c.file, "caption": c.caption, "creator": c.creator}
		arr = append(arr, obj)
		b, _ := json.Marshal(obj)
		jsonl.Write(append(b, '\n'))
	}
	w.Flush()
	ja, _ := json.MarshalIndent(arr, "", "  ")
	// JSON's own escaper writes non-ASCII as is (no \u escapes): the
	// encoding test needs the raw characters.
	return map[string]string{"c.txt": text.String(), "c.csv": csvb.String(), "c.json": string(ja), "c.jsonl": jsonl.String()}
}

// TestParseEncodings: a caption file saved as UTF-16 (with or without a
// byte order mark) or Windows-1252 reads as the same records as the UTF-8
// one, in every format; the names arrive intact, no record holds U+FFFD,
// and a guessed encoding is named in a note.
func TestParseEncodings(t *testing.T) {
	cases := []struct {
		name     string
		enc      Encoding
		bom      bool
		given    Encoding // Options.Encoding
		wantNote string   // "" for none
	}{
		{"utf-8", EncodingUTF8, false, "", ""},
		{"utf-8 with bom", EncodingUTF8, true, "", ""},
		{"utf-16le with bom", EncodingUTF16LE, true, "", ""},
		{"utf-16be with bom", EncodingUTF16BE, true, "", ""},
		{"utf-16le without bom", EncodingUTF16LE, false, "", "read as UTF-16LE: the file has no byte order mark"},
		{"utf-16be without bom", EncodingUTF16BE, false, "", "read as UTF-16BE: the file has no byte order mark"},
		{"windows-1252", EncodingWindows1252, false, "", "read as Windows-1252: the file is not UTF-8 (line "},
		{"windows-1252 given", EncodingWindows1252, false, EncodingWindows1252, ""},
		{"utf-16le given", EncodingUTF16LE, false, EncodingUTF16LE, ""},
		{"utf-16 given, big-endian with bom", EncodingUTF16BE, true, EncodingUTF16, ""},
	}
	for fname, content := range captionFiles(t) {
		for _, tc := range cases {
			t.Run(fname+"/"+tc.name, func(t *testing.T) {
				in := encodeAs(t, content, tc.enc, tc.bom)
				res, err := ParseFile(bytes.NewReader(in), Options{Name: fname, Encoding: tc.given})
				if err != nil {
					t.Fatalf("ParseFile: %v", err)
				}
				if len(res.Records) != len(encodingCaptions) {
					t.Fatalf("%d records, want %d", len(res.Records), len(encodingCaptions))
				}
				for i, r := range res.Records {
					c := encodingCaptions[i]
					if r.Text != c.caption || r.File != c.file || len(r.Creators) != 1 || r.Creators[0] != c.creator {
						t.Errorf("record %d: file %q creators %q text %q; want %q %q %q", i, r.File, r.Creators, r.Text, c.file, c.creator, c.caption)
					}
					if f := r.ReplacementField(); f != "" {
						t.Errorf("record %d holds U+FFFD in its %s", i, f)
					}
					for _, p := range r.Problems {
						if strings.Contains(p.Message, "UTF") || strings.Contains(p.Message, "U+FFFD") {
							t.Errorf("record %d: problem %q", i, p.Message)
						}
					}
				}
				var notes []string
				for _, n := range res.Notes {
					if strings.HasPrefix(n, "read as") {
						notes = append(notes, n)
					}
				}
				switch {
				case tc.wantNote == "" && len(notes) > 0:
					t.Errorf("notes %q, want none about the encoding", notes)
				case tc.wantNote != "" && (len(notes) != 1 || !strings.HasPrefix(notes[0], tc.wantNote)):
					t.Errorf("notes %q, want one starting %q", notes, tc.wantNote)
				}
			})
		}
	}
}

// TestParseEncodingMixed: a UTF-8 file with a stray byte that is not UTF-8
// stays UTF-8 (read as Windows-1252 its names would turn into "GarcÃ­a",
// which nothing could tell from a name); the stray byte reads as U+FFFD,
// its record says so, and the note names the line.
func TestParseEncodingMixed(t *testing.T) {
	c := encodingCaptions
	in := c[0].file + "\n" + c[0].caption + "\n\n" + c[1].file + "\n" + strings.Replace(c[1].caption, "Sayão", "Say\xe3o", 1) + "\n"
	res, err := ParseFile(strings.NewReader(in), Options{Name: "m.txt"})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Records) != 2 || res.Records[0].Creators[0] != "Quique García" {
		t.Fatalf("records %+v", res.Records)
	}
	r := res.Records[1]
	if r.ReplacementField() != "text" || !strings.Contains(r.Text, "Say\uFFFD") {
		t.Errorf("record 2: text %q, field %q; want U+FFFD in the text", r.Text, r.ReplacementField())
	}
	warned := false
	for _, p := range r.Problems {
		warned = warned || strings.Contains(p.Message, "U+FFFD")
	}
	if !warned {
		t.Errorf("record 2 problems %+v, want a warning about U+FFFD", r.Problems)
	}
	if len(res.Notes) != 1 || !strings.Contains(res.Notes[0], "line 5 has the byte 0xE3, which is not UTF-8") {
		t.Errorf("notes %q", res.Notes)
	}
}

// TestParseUTF16Broken: an unpaired surrogate and an odd last byte read as
// U+FFFD, with a note and a warning on the record; a JSON string holding
// U+FFFD is warned as well.
func TestParseUTF16Broken(t *testing.T) {
	in := encodeAs(t, "ALEPPO, SYRIA - DECEMBER 19: x. ( Aref Watad - Anadolu Agency )\n\nsecond X", EncodingUTF16LE, true)
	i := bytes.LastIndex(in, []byte{'X', 0})
	in[i], in[i+1] = 0x00, 0xD8 // a high surrogate alone
	in = append(in, 'y')        // an odd last byte
	res, err := ParseFile(bytes.NewReader(in), Options{Name: "u.txt"})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Records) != 2 || res.Records[0].ReplacementField() != "" || res.Records[1].Text != "second \uFFFD\uFFFD" {
		t.Fatalf("records %+v", res.Records)
	}
	if ps := res.Records[1].Problems; len(ps) == 0 || !strings.Contains(ps[len(ps)-1].Message, "U+FFFD in the text") {
		t.Errorf("problems %+v", ps)
	}
	if len(res.Notes) != 1 || !strings.Contains(res.Notes[0], "UTF-16LE: 2 UTF-16 code units") {
		t.Errorf("notes %q", res.Notes)
	}

	js := `{"file": "a.jpg", "caption": "x", "creator": "Jos\ufffd"}` + "\n"
	recs, err := Parse(strings.NewReader(js), Options{Name: "a.jsonl"})
	if err != nil || len(recs) != 1 || recs[0].ReplacementField() != "creators" {
		t.Fatalf("%v %+v", err, recs)
	}
	if ps := recs[0].Problems; len(ps) == 0 || ps[len(ps)-1].Message != "U+FFFD in the creators, in place of a character the file's encoding could not give" {
		t.Errorf("problems %+v", ps)
	}
}

// TestParseEncodingErrors: an unknown encoding, a UTF-32 file.
func TestParseEncodingErrors(t *testing.T) {
	_, err := Parse(strings.NewReader("x"), Options{Name: "a.txt", Encoding: "latin9"})
	if err == nil || !strings.Contains(err.Error(), `expected encoding auto, utf-8, utf-16, utf-16le, utf-16be, windows-1252 or iso-8859-1, found "latin9"`) {
		t.Errorf("unknown encoding: %v", err)
	}
	_, err = Parse(bytes.NewReader([]byte{0xFF, 0xFE, 0, 0, 'x', 0, 0, 0}), Options{Name: "a.txt"})
	if err == nil || !strings.Contains(err.Error(), "found a UTF-32 byte order mark") {
		t.Errorf("utf-32: %v", err)
	}
}

// TestParseBinaryAfterText: a file that starts as text and turns into
// binary data stops after TextCheckBytes with an error that says so, not
// at the end of the input (an endless device never ends).
func TestParseBinaryAfterText(t *testing.T) {
	caption := "ALEPPO, SYRIA - DECEMBER 19: x. ( Aref Watad - Anadolu Agency )"
	heads := map[Format]string{
		FormatText:  strings.Repeat(caption+"\n\n", 100),
		FormatCSV:   "file,caption\n" + strings.Repeat("a.jpg,"+caption+"\n", 100),
		FormatJSONL: strings.Repeat(`{"caption": "`+caption+`"}`+"\n", 100),
	}
	for format, head := range heads {
		src := &countingReader{r: io.MultiReader(strings.NewReader(head), zeros{})}
		_, err := Parse(src, Options{Name: "z", Format: format})
		var pe *ParseError
		if !errors.As(err, &pe) || !strings.Contains(err.Error(), "expected caption text, found binary data: ") {
			t.Errorf("%s: err %v, want binary data", format, err)
		}
		if src.n > 2*TextCheckBytes {
			t.Errorf("%s: read %d bytes before stopping, want about %d", format, src.n, TextCheckBytes)
		}
	}
}

// TestParseLongLineNotBinary: a text file of one line of 3 MB is not
// "binary data": its record says how long it is.
func TestParseLongLineNotBinary(t *testing.T) {
	in := strings.Repeat("A caption without end ", 3_000_000/22)
	recs, err := Parse(strings.NewReader(in), Options{Name: "long.txt"})
	if err != nil {
		t.Fatalf("err %v, want one record with an error", err)
	}
	if msgs := errorMessages(recs[0]); len(recs) != 1 || len(msgs) != 1 ||
		msgs[0] != "record longer than 1048576 bytes (2999986 bytes on one line); skipped" {
		t.Errorf("records %+v", recs)
	}
}

type zeros struct{}

func (zeros) Read(b []byte) (int, error) { clear(b); return len(b), nil }

type countingReader struct {
	r io.Reader
	n int64
}

func (c *countingReader) Read(b []byte) (int, error) {
	n, err := c.r.Read(b)
	c.n += int64(n)
	return n, err
}

// endless is `yes`: prefix, then pattern without end. It cancels its
// context after cancelAt bytes, as a signal would arrive while the input
// is read.
type endless struct {
	prefix, pattern string
	n, cancelAt     int64
	cancel          func()
}

func (e *endless) Read(b []byte) (int, error) {
	for i := range b {
		if k := e.n + int64(i); k < int64(len(e.prefix)) {
			b[i] = e.prefix[k]
		} else {
			b[i] = e.pattern[(k-int64(len(e.prefix)))%int64(len(e.pattern))]
		}
	}
	e.n += int64(len(b))
	if e.n >= e.cancelAt && e.cancel != nil {
		e.cancel()
		e.cancel = nil
	}
	return len(b), nil
}

// TestParseContextEndless: an endless input in each format (`yes`, a JSON
// array that never ends, blank JSON Lines) stops soon after the context
// is cancelled, with an error that wraps the context's.
func TestParseContextEndless(t *testing.T) {
	inputs := []struct {
		format          Format
		prefix, pattern string
	}{
		{FormatAuto, "", "y\n"},
		{FormatText, "", "y\n"},
		{FormatCSV, "", "y\n"},
		{FormatCSV, "file,caption\n", ","},
		{FormatJSON, "[", " \n"},
		{FormatJSONL, "", " \n"},
	}
	for _, in := range inputs {
		ctx, cancel := context.WithCancel(context.Background())
		src := &endless{prefix: in.prefix, pattern: in.pattern, cancelAt: MaxRecordBytes / 2, cancel: cancel}
		_, err := ParseFileContext(ctx, src, Options{Name: "stdin", Format: in.format})
		cancel()
		if !errors.Is(err, context.Canceled) {
			t.Errorf("%s %q: err %v, want context.Canceled", in.format, in.pattern, err)
			continue
		}
		if over := src.n - src.cancelAt; over > 2*decodeBuffer {
			t.Errorf("%s %q: read %d bytes after the cancel", in.format, in.pattern, over)
		}
		if !strings.Contains(err.Error(), "found the read interrupted") {
			t.Errorf("%s %q: err %v", in.format, in.pattern, err)
		}
	}
}

// FuzzDecode: the decoder never panics, gives valid UTF-8 for every
// encoding but UTF-8 (which passes through), and the UTF-16 it decodes
// has as many characters as the input has code points.
func FuzzDecode(f *testing.F) {
	f.Add([]byte("\xff\xfeA\x00\x00\xd8"), "auto")
	f.Add([]byte("caf\xe9 \x92x\x92"), "auto")
	f.Add([]byte("A\x00B\x00\n\x00"), "auto")
	f.Add([]byte("\x00A\x00B"), "utf-16")
	f.Add([]byte("\xef\xbb\xbfx\xc3"), "utf-8")
	f.Add([]byte("\x80\x81\x9f"), "windows-1252")
	f.Fuzz(func(t *testing.T, in []byte, enc string) {
		d, err := newDecoder(context.Background(), bytes.NewReader(in), "f", Encoding(enc))
		if err != nil {
			return
		}
		out, err := io.ReadAll(io.LimitReader(d, 4*int64(len(in))+16))
		var pe *ParseError
		if err != nil && !errors.As(err, &pe) {
			t.Fatalf("error %v is not a *ParseError", err)
		}
		if d.enc != EncodingUTF8 && d.enc != "" && !utf8.Valid(out) {
			t.Errorf("%s output %q is not UTF-8", d.enc, out)
		}
		if len(out) > 3*len(in) {
			t.Errorf("%d bytes out of %d in", len(out), len(in))
		}
	})
}

// readCP1251Runs reads again only words wholly in Latin-1's upper half,
// of three letters or more, and keeps everything else byte for byte.
func TestReadCP1251Runs(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"Âàëåðèé Øàðèôóëèí/ÒÀÑÑ", "Валерий Шарифулин/ТАСС"}, // g11b-031's credit
		{"Êàçàõñòàí. Àëìà-Àòà.", "Казахстан. Алма-Ата."},
		{"À Paris, LÉON était là. ÉTÉ", "À Paris, LÉON était là. ÉTÉ"}, // French: left alone
		{"Photo: Jean Dupont/AFP", "Photo: Jean Dupont/AFP"},
		{"", ""},
	} {
		if got := readCP1251Runs(tc.in); got != tc.want {
			t.Errorf("readCP1251Runs(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func FuzzReadCP1251Runs(f *testing.F) {
	f.Add("Âàëåðèé Øàðèôóëèí/ÒÀÑÑ")
	f.Add("À Paris, LÉON était là.")
	f.Fuzz(func(t *testing.T, s string) {
		if !utf8.ValidString(s) {
			return
		}
		got := readCP1251Runs(s)
		if !utf8.ValidString(got) || utf8.RuneCountInString(got) != utf8.RuneCountInString(s) {
			t.Errorf("readCP1251Runs(%q) = %q: not one rune for each", s, got)
		}
	})
}
