package caption

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/captag/captag/metadata"
)

// Encoding names a caption file's character encoding.
type Encoding string

const (
	// EncodingAuto detects the encoding: a byte order mark (UTF-8,
	// UTF-16LE, UTF-16BE) decides; else text whose every other byte is NUL
	// is UTF-16 without a mark; else UTF-8 when the bytes are UTF-8, else
	// Windows-1252 (what Excel and other Windows desk tools save as "CSV"
	// or "Text"), with a note naming it.
	EncodingAuto        Encoding = "auto"
	EncodingUTF8        Encoding = "utf-8"
	EncodingUTF16       Encoding = "utf-16" // byte order from the mark, else detected, else little-endian
	EncodingUTF16LE     Encoding = "utf-16le"
	EncodingUTF16BE     Encoding = "utf-16be"
	EncodingWindows1252 Encoding = "windows-1252"
	EncodingLatin1      Encoding = "iso-8859-1"
)

// Encodings are the values Options.Encoding accepts ("" is EncodingAuto).
var Encodings = []Encoding{EncodingAuto, EncodingUTF8, EncodingUTF16, EncodingUTF16LE, EncodingUTF16BE, EncodingWindows1252, EncodingLatin1}

// encodingLabel is how notes name an encoding.
var encodingLabel = map[Encoding]string{
	EncodingUTF8: "UTF-8", EncodingUTF16LE: "UTF-16LE", EncodingUTF16BE: "UTF-16BE",
	EncodingWindows1252: "Windows-1252", EncodingLatin1: "ISO-8859-1",
}

const (
	// decodeChunk is how many input bytes the decoder converts at a time.
	decodeChunk = 16 << 10
	// decodeBuffer is the decoder's read buffer; it holds the window that
	// decides between UTF-8 and Windows-1252.
	decodeBuffer = 64 << 10
	// decideWindow is how many bytes from the first non-ASCII byte are
	// looked at to tell UTF-8 from Windows-1252.
	decideWindow = decodeBuffer
	// utf16Sniff is how many bytes are looked at to find UTF-16 without a
	// byte order mark.
	utf16Sniff = 4096
	// TextCheckBytes is how much decoded input must look like text: a file
	// whose first TextCheckBytes hold more than one NUL or control
	// character in 32 is not a caption file, and reading stops there with
	// an error, whatever its size (an endless /dev/zero included).
	TextCheckBytes = 1 << 20
)

var (
	bomUTF16LE = []byte{0xFF, 0xFE}
	bomUTF16BE = []byte{0xFE, 0xFF}
	bomUTF32LE = []byte{0xFF, 0xFE, 0, 0}
	bomUTF32BE = []byte{0, 0, 0xFE, 0xFF}
)

// decoder turns a caption file in any of the Encodings into UTF-8, chunk
// by chunk, so that the parsers below it only ever see UTF-8. It also
// stops the read when the context is done (an endless input is read until
// the user interrupts) and when the first TextCheckBytes are not text.
//
// In UTF-8 (given, or detected) the bytes pass through unchanged: the
// parsers replace invalid sequences with U+FFFD and warn on the record.
type decoder struct {
	ctx  context.Context
	name string
	src  *bufio.Reader
	enc  Encoding // resolved; "" while auto has seen only ASCII
	auto bool     // the encoding is detected, not given

	buf []byte // decoded output
	out []byte // the part of buf not returned yet
	err error  // sticky, returned once out is empty

	// UTF-16 state across chunks: an odd byte, a high surrogate.
	odd     []byte
	high    rune
	invalid int // UTF-16 code units that decode to U+FFFD

	line    int   // newlines in the decoded output so far
	checked int64 // decoded bytes looked at by the text check
	ctl     int64 // NUL and control characters among them

	notes []string
}

func newDecoder(ctx context.Context, r io.Reader, name string, enc Encoding) (*decoder, error) {
	if ctx == nil {
		ctx = context.Background()
	}
	d := &decoder{ctx: ctx, name: name, src: bufio.NewReaderSize(r, decodeBuffer)}
	switch enc {
	case "", EncodingAuto:
		d.auto = true
	case EncodingUTF8, EncodingUTF16, EncodingUTF16LE, EncodingUTF16BE, EncodingWindows1252, EncodingLatin1:
		d.enc = enc
	default:
		return nil, &ParseError{File: name, Msg: fmt.Sprintf("expected encoding %s, found %q", encodingList(), string(enc))}
	}
	if err := d.start(); err != nil {
		return nil, err
	}
	return d, nil
}

func encodingList() string {
	names := make([]string, len(Encodings))
	for i, e := range Encodings {
		names[i] = string(e)
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

// start reads the byte order mark and, for auto, looks for UTF-16
// without one.
func (d *decoder) start() error {
	head, err := d.src.Peek(utf16Sniff)
	if err != nil && err != io.EOF && err != bufio.ErrBufferFull {
		return d.readErr(err)
	}
	bom := func(b []byte) bool {
		if bytes.HasPrefix(head, b) {
			d.src.Discard(len(b))
			return true
		}
		return false
	}
	switch d.enc {
	case EncodingUTF8:
		bom(utf8BOM)
		return nil
	case EncodingUTF16:
		switch {
		case bom(bomUTF16LE):
			d.enc = EncodingUTF16LE
		case bom(bomUTF16BE):
			d.enc = EncodingUTF16BE
		case utf16Order(head) == EncodingUTF16BE:
			d.enc = EncodingUTF16BE
		default:
			d.enc = EncodingUTF16LE // Windows' "Unicode"
		}
		return nil
	case EncodingUTF16LE:
		bom(bomUTF16LE)
		return nil
	case EncodingUTF16BE:
		bom(bomUTF16BE)
		return nil
	case EncodingWindows1252, EncodingLatin1:
		return nil
	}
	// auto
	switch {
	case bytes.HasPrefix(head, bomUTF32LE) || bytes.HasPrefix(head, bomUTF32BE):
		return &ParseError{File: d.name, Msg: "expected UTF-8, UTF-16 or Windows-1252 text, found a UTF-32 byte order mark; save the file as UTF-8"}
	case bom(utf8BOM):
		d.enc = EncodingUTF8
	case bom(bomUTF16LE):
		d.enc = EncodingUTF16LE
	case bom(bomUTF16BE):
		d.enc = EncodingUTF16BE
	default:
		if e := utf16Order(head); e != "" {
			d.enc = e
			d.notes = append(d.notes, fmt.Sprintf("read as %s: the file has no byte order mark, but every other byte is NUL as in %s text", encodingLabel[e], encodingLabel[e]))
		}
	}
	return nil
}

// utf16Order reports whether head looks like UTF-16 text without a byte
// order mark, and which: most characters of a caption (ASCII letters,
// digits, spaces, punctuation) have a NUL high byte, so one byte of each
// pair is NUL in a quarter or more of the pairs, the other almost never,
// and the pairs decode to text (no NUL, no unpaired surrogate, few
// control characters). "" when it does not.
func utf16Order(head []byte) Encoding {
	pairs := len(head) / 2
	if pairs == 0 {
		return ""
	}
	zEven, zOdd := 0, 0
	for i := 0; i+1 < len(head); i += 2 {
		if head[i] == 0 {
			zEven++
		}
		if head[i+1] == 0 {
			zOdd++
		}
	}
	var enc Encoding
	switch {
	case zOdd*4 >= pairs && zEven*16 <= zOdd:
		enc = EncodingUTF16LE
	case zEven*4 >= pairs && zOdd*16 <= zEven:
		enc = EncodingUTF16BE
	default:
		return ""
	}
	ctl, units := 0, 0
	var high rune
	for i := 0; i+1 < len(head); i += 2 {
		u := rune(head[i]) | rune(head[i+1])<<8
		if enc == EncodingUTF16BE {
			u = rune(head[i])<<8 | rune(head[i+1])
		}
		units++
		switch {
		case u == 0:
			return ""
		case 0xD800 <= u && u < 0xDC00:
			if high != 0 {
				return ""
			}
			high = u
			continue
		case 0xDC00 <= u && u < 0xE000:
			if high == 0 {
				return ""
			}
		case high != 0:
			return ""
		case u < ' ' && u != '\t' && u != '\n' && u != '\r':
			ctl++
		}
		high = 0
	}
	if ctl*32 > units {
		return ""
	}
	return enc
}

// Read returns decoded UTF-8.
func (d *decoder) Read(p []byte) (int, error) {
	for len(d.out) == 0 {
		if d.err != nil {
			return 0, d.err
		}
		if err := d.ctx.Err(); err != nil {
			d.err = &ParseError{File: d.name, Line: d.line + 1, Msg: "expected to read the whole caption file, found the read interrupted", Err: err}
			return 0, d.err
		}
		d.fill()
	}
	n := copy(p, d.out)
	d.out = d.out[n:]
	return n, nil
}

// fill decodes the next chunk into d.out, or sets d.err.
func (d *decoder) fill() {
	if d.src.Buffered() == 0 {
		if _, err := d.src.Peek(1); err != nil {
			d.finish(err)
			return
		}
	}
	chunk, _ := d.src.Peek(min(d.src.Buffered(), decodeChunk))
	d.buf = d.buf[:0]
	switch d.enc {
	case "":
		i := 0
		for i < len(chunk) && chunk[i] < utf8.RuneSelf {
			i++
		}
		if i == 0 {
			d.decide()
			return // the next fill decodes in the chosen encoding
		}
		d.buf = append(d.buf, chunk[:i]...)
		d.src.Discard(i)
	case EncodingUTF8:
		d.buf = append(d.buf, chunk...)
		d.src.Discard(len(chunk))
	case EncodingWindows1252, EncodingLatin1:
		for _, c := range chunk {
			switch {
			case c < 0x80:
				d.buf = append(d.buf, c)
			case c < 0xA0 && d.enc == EncodingWindows1252:
				d.buf = utf8.AppendRune(d.buf, metadata.Windows1252Rune(c))
			default:
				d.buf = utf8.AppendRune(d.buf, rune(c))
			}
		}
		d.src.Discard(len(chunk))
	case EncodingUTF16LE, EncodingUTF16BE:
		d.utf16(chunk)
		d.src.Discard(len(chunk))
	}
	d.emit()
}

// utf16 decodes chunk, with the odd byte and high surrogate left from the
// one before.
func (d *decoder) utf16(chunk []byte) {
	if len(d.odd) == 1 && len(chunk) > 0 {
		d.unit(d.odd[0], chunk[0])
		d.odd, chunk = d.odd[:0], chunk[1:]
	}
	for len(chunk) >= 2 {
		d.unit(chunk[0], chunk[1])
		chunk = chunk[2:]
	}
	if len(chunk) == 1 {
		d.odd = append(d.odd[:0], chunk[0])
	}
}

func (d *decoder) unit(a, b byte) {
	u := rune(a) | rune(b)<<8
	if d.enc == EncodingUTF16BE {
		u = rune(a)<<8 | rune(b)
	}
	switch {
	case 0xD800 <= u && u < 0xDC00:
		if d.high != 0 {
			d.bad()
		}
		d.high = u
		return
	case 0xDC00 <= u && u < 0xE000:
		if d.high == 0 {
			d.bad()
			return
		}
		u = 0x10000 + (d.high-0xD800)<<10 + (u - 0xDC00)
	case d.high != 0:
		d.bad()
	}
	d.high = 0
	d.buf = utf8.AppendRune(d.buf, u)
}

// bad writes U+FFFD for a UTF-16 code unit that is not a character (an
// unpaired surrogate, an odd last byte).
func (d *decoder) bad() {
	d.invalid++
	d.high = 0
	d.buf = utf8.AppendRune(d.buf, utf8.RuneError)
}

// finish ends the input: what UTF-16 left over, then the error.
func (d *decoder) finish(err error) {
	d.buf = d.buf[:0]
	if d.high != 0 {
		d.bad()
	}
	if len(d.odd) > 0 {
		d.odd = d.odd[:0]
		d.bad()
	}
	if d.invalid > 0 {
		d.notes = append(d.notes, fmt.Sprintf("%s: %d UTF-16 code units that are not characters (an unpaired surrogate or an odd last byte) read as U+FFFD",
			encodingLabel[d.enc], d.invalid))
		d.invalid = 0
	}
	if err == io.EOF {
		d.err = io.EOF
	} else {
		d.err = d.readErr(err)
	}
	d.emit()
}

// emit makes buf the output, after the text check and the line count.
func (d *decoder) emit() {
	d.out = d.buf
	if d.checked < TextCheckBytes {
		part := d.out[:min(int64(len(d.out)), TextCheckBytes-d.checked)]
		for _, c := range part {
			if c < ' ' && c != '\t' && c != '\n' && c != '\r' {
				d.ctl++
			}
		}
		d.checked += int64(len(part))
		if d.checked >= TextCheckBytes && d.ctl*32 > d.checked {
			d.out, d.err = nil, d.notText()
			return
		}
	}
	d.line += bytes.Count(d.out, []byte("\n"))
}

func (d *decoder) notText() error {
	return &ParseError{File: d.name, Msg: fmt.Sprintf("expected caption text, found binary data: %d of the first %d bytes are NUL or control characters", d.ctl, d.checked)}
}

func (d *decoder) readErr(err error) error {
	return &ParseError{File: d.name, Msg: "expected a readable caption file, found a read error: " + err.Error(), Err: err}
}

// decide settles auto between UTF-8 and Windows-1252 at the first byte
// that is not ASCII (what came before reads the same in both): UTF-8 when
// the window from there is UTF-8; Windows-1252 when it holds no UTF-8
// sequence of two bytes or more at all; else (UTF-8 with some invalid
// bytes) UTF-8, the invalid bytes reading as U+FFFD with a warning on
// their records, since a caption read as Windows-1252 when it was UTF-8
// would come out as plausible nonsense ("JosÃ©") that nothing could tell
// from a name.
func (d *decoder) decide() {
	w, _ := d.src.Peek(decideWindow)
	valid, invalid, first := 0, 0, -1
	for i := 0; i < len(w); {
		if w[i] < utf8.RuneSelf {
			i++
			continue
		}
		r, n := utf8.DecodeRune(w[i:])
		if r == utf8.RuneError && n <= 1 {
			if !utf8.FullRune(w[i:]) && len(w) == decideWindow {
				break // cut by the window
			}
			if first < 0 {
				first = i
			}
			invalid++
			i++
			continue
		}
		valid++
		i += n
	}
	line := d.line + 1 + bytes.Count(w[:max(first, 0)], []byte("\n"))
	switch {
	case invalid == 0:
		d.enc = EncodingUTF8
	case valid == 0:
		d.enc = EncodingWindows1252
		d.notes = append(d.notes, fmt.Sprintf("read as Windows-1252: the file is not UTF-8 (line %d has the byte 0x%02X)", line, w[first]))
	default:
		d.enc = EncodingUTF8
		d.notes = append(d.notes, fmt.Sprintf("read as UTF-8, but line %d has the byte 0x%02X, which is not UTF-8: such bytes read as U+FFFD", line, w[first]))
	}
}

// ReplacementField names the first field of r that holds U+FFFD, the
// character that stands for one its file's encoding could not give
// ("text", "creators", …), or "" when none does. A record that holds it
// lost a character: a name or a caption with U+FFFD is not worth writing.
func (r Record) ReplacementField() string {
	has := func(s string) bool { return strings.ContainsRune(s, utf8.RuneError) }
	hasAny := func(l []string) bool {
		for _, s := range l {
			if has(s) {
				return true
			}
		}
		return false
	}
	switch {
	case has(r.Text):
		return "text"
	case hasAny(r.Creators):
		return "creators"
	case has(r.Agency) || hasAny(r.Agencies):
		return "agency"
	case has(r.City) || has(r.Region) || has(r.Country):
		return "place"
	case has(r.File):
		return "file"
	case has(r.Headline):
		return "headline"
	case has(r.Title):
		return "title"
	case hasAny(r.Keywords):
		return "keywords"
	case has(r.Copyright):
		return "copyright"
	case has(r.Instructions):
		return "instructions"
	case has(r.JobID):
		return "job id"
	case has(r.Source):
		return "source"
	}
	return ""
}

// flagReplacements warns on each record that holds U+FFFD and says so in
// no problem yet (the parsers warn when they replace invalid UTF-8; a
// UTF-16 surrogate, a JSON string or a U+FFFD in the file itself do not).
func flagReplacements(recs []Record) {
	for i := range recs {
		flagReplacement(&recs[i])
	}
}

// flagReplacement is flagReplacements of one record.
func flagReplacement(r *Record) {
	f := r.ReplacementField()
	if f == "" {
		return
	}
	said := false
	for _, p := range r.Problems {
		said = said || p.Code == ProblemEncoding
	}
	if !said {
		r.warn(ProblemEncoding, fmt.Sprintf("U+FFFD in the %s, in place of a character the file's encoding could not give", f))
	}
}

// minCP1251Letters is the fewest letters of a word readCP1251Runs reads
// again: fewer could be a word of a Latin-1 language in capitals.
const minCP1251Letters = 3

// readCP1251Runs reads again, as Windows-1251, the words of s written
// wholly in the letters of Latin-1's upper half (U+00C0–U+00FF): Russian
// text whose bytes were once taken for Latin-1, as a TASS caption's
// Russian half was stored, "… Âàëåðèé Øàðèôóëèí/ÒÀÑÑ" for "Валерий
// Шарифулин/ТАСС" (g11b-031 of firstcontact11-tune.jsonl). In
// Windows-1251 those bytes are the Cyrillic letters А to я in order
// (https://www.unicode.org/Public/MAPPINGS/VENDORS/MICSFT/WINDOWS/CP1251.TXT).
// A word with a letter of ASCII, or shorter than minCP1251Letters, is
// left as written: no Latin-1 language writes a word of three letters
// or more with none of them. Only the parser reads the result; the
// record's text is kept as written.
func readCP1251Runs(s string) string {
	if cp1251Word(s, 0) < 0 {
		return s // nearly every caption: no such word, nothing made
	}
	var b strings.Builder
	b.Grow(len(s))
	for from := 0; ; {
		i := cp1251Word(s, from)
		if i < 0 {
			b.WriteString(s[from:])
			return b.String()
		}
		b.WriteString(s[from:i])
		j := i
		for j < len(s) {
			r, n := utf8.DecodeRuneInString(s[j:])
			if !mojibakeLetter(r) {
				break
			}
			b.WriteRune(0x0410 + r - 0xC0)
			j += n
		}
		from = j
	}
}

// cp1251Word returns where the first word of s at or after from starts
// that readCP1251Runs reads again, or -1.
func cp1251Word(s string, from int) int {
	for i := from; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if !mojibakeLetter(r) {
			i += n
			continue
		}
		j, letters := i, 0
		for j < len(s) {
			r2, n2 := utf8.DecodeRuneInString(s[j:])
			if !mojibakeLetter(r2) {
				break
			}
			j += n2
			letters++
		}
		if letters >= minCP1251Letters && !isWordRuneAt(s, j) && (i == 0 || !isWordRuneBefore(s, i)) {
			return i
		}
		i = j
	}
	return -1
}

// mojibakeLetter reports whether r is in Latin-1's upper half of letters
// (U+00C0–U+00FF, × and ÷ too: Windows-1251's Ч and ч).
func mojibakeLetter(r rune) bool { return r >= 0xC0 && r <= 0xFF }

// isWordRuneAt reports whether s holds a letter or digit at i.
func isWordRuneAt(s string, i int) bool {
	if i >= len(s) {
		return false
	}
	r, _ := utf8.DecodeRuneInString(s[i:])
	return unicode.IsLetter(r) || unicode.IsDigit(r)
}

// isWordRuneBefore reports whether s holds a letter or digit just before i.
func isWordRuneBefore(s string, i int) bool {
	r, _ := utf8.DecodeLastRuneInString(s[:i])
	return unicode.IsLetter(r) || unicode.IsDigit(r)
}
