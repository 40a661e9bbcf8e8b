package xmp

import (
	"bytes"
	"strconv"
	"strings"
	"unicode/utf8"
)

// This file holds the XML tokenizer Parse uses: a scanner over the UTF-8
// bytes of a packet, for the XML that XMP is written in. It checks what
// encoding/xml's strict mode checks (names, quoting, the five predefined
// entities and character references, UTF-8, characters XML forbids,
// matching end tags at the tree level) at a fraction of its cost, and
// refuses document type declarations: XMP has none, and refusing them
// rules out entity tricks. FuzzTokenizer checks it against encoding/xml.

type tokKind uint8

const (
	tokStart tokKind = iota + 1 // start tag (tok.selfClose for <a/>)
	tokEnd                      // end tag
	tokText                     // character data, entities decoded
	tokEOF                      // end of input
)

type rawAttr struct{ prefix, local, value string }

type rawTok struct {
	kind          tokKind
	prefix, local string
	attrs         []rawAttr // valid until the next call
	selfClose     bool
	text          []byte // tokText only; valid until the next call
	off           int64  // byte offset of the token
}

// tokenSource yields the tokens of one document.
type tokenSource interface {
	next() (*rawTok, error) // the token is valid until the next call
}

type scanner struct {
	src   []byte
	pos   int
	buf   []byte            // decoded text
	names map[string]string // interned names
	// recent is a direct-mapped cache in front of names: most names of a
	// packet repeat (every end tag, every rdf:li), and a hit costs a few
	// byte compares instead of a map lookup.
	recent [256]string
	attrs  []rawAttr
	// pendingEnd is the end token of a self-closing start tag, next
	// when hasPending is set.
	pendingEnd rawTok
	hasPending bool
	tok        rawTok // the token next returns
	// open holds the names of the start tags not yet ended, so that an end
	// tag naming the innermost one is read without name and intern.
	open [][2]string
}

// reset starts s on a new document, keeping its buffers and the names it
// interned.
func (s *scanner) reset(src []byte) {
	s.src, s.pos = src, 0
	s.buf, s.attrs, s.open = s.buf[:0], s.attrs[:0], s.open[:0]
	s.hasPending = false
	if s.names == nil {
		s.names = make(map[string]string, 32)
	}
}

func (s *scanner) errorf(msg string) error {
	line := 1 + bytes.Count(s.src[:min(s.pos, len(s.src))], []byte{'\n'})
	return &SyntaxError{Line: line, Msg: msg}
}

// internedAttr reports whether the values of attribute prefix:local are
// interned like names: a few distinct values that every packet repeats
// (xml:lang="x-default", rdf:parseType="Resource", the toolkit's name).
func internedAttr(prefix, local string) bool {
	switch prefix {
	case "xml":
		return local == "lang"
	case "rdf":
		return local == "parseType"
	case "x":
		return local == "xmptk"
	}
	return false
}

func (s *scanner) intern(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	slot := &s.recent[(uint(len(b))*31+uint(b[0])*7+uint(b[len(b)-1])*3+uint(b[len(b)/2]))&0xFF]
	if *slot == string(b) {
		return *slot
	}
	v, ok := s.names[string(b)]
	if !ok {
		v = string(b)
		s.names[v] = v
	}
	*slot = v
	return v
}

func (s *scanner) next() (*rawTok, error) {
	if s.hasPending {
		s.hasPending = false
		return &s.pendingEnd, nil
	}
	for {
		if s.pos >= len(s.src) {
			s.tok = rawTok{kind: tokEOF, off: int64(s.pos)}
			return &s.tok, nil
		}
		start := s.pos
		if s.src[s.pos] != '<' {
			text, err := s.text()
			if err != nil {
				return nil, err
			}
			s.tok = rawTok{kind: tokText, text: text, off: int64(start)}
			return &s.tok, nil
		}
		rest := s.src[s.pos:]
		if len(rest) > 1 && rest[1] != '!' && rest[1] != '?' && rest[1] != '/' {
			return s.startTag(start) // the common case, without the tests below
		}
		switch {
		case bytes.HasPrefix(rest, []byte("<!--")):
			end := bytes.Index(rest[4:], []byte("--"))
			if end < 0 {
				s.pos = len(s.src)
				return nil, s.errorf("unexpected EOF in a comment")
			}
			s.pos += 4 + end
			if s.pos+2 >= len(s.src) || s.src[s.pos+2] != '>' {
				return nil, s.errorf(`invalid sequence "--" not allowed in comments`)
			}
			s.pos += 3
		case bytes.HasPrefix(rest, []byte("<![CDATA[")):
			end := bytes.Index(rest[9:], []byte("]]>"))
			if end < 0 {
				s.pos = len(s.src)
				return nil, s.errorf("unexpected EOF in CDATA section")
			}
			raw := rest[9 : 9+end]
			s.buf = s.buf[:0]
			if err := s.appendChars(raw); err != nil {
				return nil, err
			}
			s.pos += 9 + end + 3
			s.tok = rawTok{kind: tokText, text: s.buf, off: int64(start)}
			return &s.tok, nil
		case bytes.HasPrefix(rest, []byte("<!")):
			return nil, s.errorf("a document type declaration (XMP has none)")
		case bytes.HasPrefix(rest, []byte("<?")):
			if err := s.procInst(); err != nil {
				return nil, err
			}
		case bytes.HasPrefix(rest, []byte("</")):
			s.pos += 2
			prefix, local, ok := s.openName()
			if !ok {
				var err error
				if prefix, local, err = s.name(); err != nil {
					return nil, err
				}
			}
			s.space()
			if s.pos >= len(s.src) {
				return nil, s.errorf("unexpected EOF")
			}
			if s.src[s.pos] != '>' {
				return nil, s.errorf("invalid characters between </" + joinName(prefix, local) + " and >")
			}
			s.pos++
			s.tok = rawTok{kind: tokEnd, prefix: prefix, local: local, off: int64(start)}
			return &s.tok, nil
		default:
			return s.startTag(start)
		}
	}
}

func joinName(prefix, local string) string {
	if prefix == "" {
		return local
	}
	return prefix + ":" + local
}

func (s *scanner) space() {
	for s.pos < len(s.src) {
		switch s.src[s.pos] {
		case ' ', '\t', '\n', '\r':
			s.pos++
		default:
			return
		}
	}
}

// openName pops the innermost open start tag's name and, when the bytes
// at s.pos spell exactly that name, reads past them and returns it: what
// name would return, without the scan and the interning. ok is false
// otherwise, and s.pos is unchanged.
func (s *scanner) openName() (prefix, local string, ok bool) {
	n := len(s.open)
	if n == 0 {
		return "", "", false
	}
	o := s.open[n-1]
	s.open = s.open[:n-1]
	rest := s.src[s.pos:]
	prefix, local = o[0], o[1]
	size := len(local)
	if prefix != "" {
		size += len(prefix) + 1
		if len(rest) < size || string(rest[:len(prefix)]) != prefix || rest[len(prefix)] != ':' {
			return "", "", false
		}
	}
	if len(rest) < size || string(rest[size-len(local):size]) != local {
		return "", "", false
	}
	if size < len(rest) && (rest[size] >= utf8.RuneSelf || asciiNameChar[rest[size]]) {
		return "", "", false // the name in the file runs on
	}
	s.pos += size
	return prefix, local, true
}

// asciiNameChar marks the ASCII bytes an XML name may hold.
var asciiNameChar = func() (t [utf8.RuneSelf]bool) {
	for c := range t {
		t[c] = c == ':' || c == '_' || c == '-' || c == '.' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
	}
	return t
}()

// name reads an XML name and splits it at its first colon the way
// encoding/xml does (a leading or trailing colon leaves it unsplit).
func (s *scanner) name() (prefix, local string, err error) {
	start, src := s.pos, s.src
	pos, colon := start, -1
	for pos < len(src) {
		c := src[pos]
		if c < utf8.RuneSelf {
			if !asciiNameChar[c] {
				break
			}
			if c == ':' && colon < 0 {
				colon = pos - start
			}
			pos++
			continue
		}
		r, size := utf8.DecodeRune(src[pos:])
		if r == utf8.RuneError && size == 1 {
			s.pos = pos
			return "", "", s.errorf("invalid UTF-8")
		}
		if !nameStart(r) && !nameChar(r) {
			break
		}
		pos += size
	}
	s.pos = pos
	b := src[start:pos]
	if len(b) == 0 {
		if pos >= len(src) {
			return "", "", s.errorf("unexpected EOF")
		}
		return "", "", s.errorf("expected a name, found " + strconv.QuoteRune(rune(src[pos])))
	}
	if c := b[0]; c < utf8.RuneSelf {
		if !(c == ':' || c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z') {
			return "", "", s.errorf("invalid XML name: " + string(b))
		}
	} else if r, _ := utf8.DecodeRune(b); !nameStart(r) {
		return "", "", s.errorf("invalid XML name: " + string(b))
	}
	// Split at the first colon, as encoding/xml does (a leading or
	// trailing colon leaves the name unsplit).
	if colon > 0 && colon < len(b)-1 {
		return s.intern(b[:colon]), s.intern(b[colon+1:]), nil
	}
	return "", s.intern(b), nil
}

func (s *scanner) startTag(start int) (*rawTok, error) {
	s.pos++ // <
	prefix, local, err := s.name()
	if err != nil {
		return nil, err
	}
	s.tok = rawTok{kind: tokStart, prefix: prefix, local: local, off: int64(start)}
	t := &s.tok
	s.open = append(s.open, [2]string{prefix, local})
	s.attrs = s.attrs[:0]
	for {
		s.space()
		if s.pos >= len(s.src) {
			return nil, s.errorf("unexpected EOF")
		}
		switch s.src[s.pos] {
		case '>':
			s.pos++
			t.attrs = s.attrs
			return t, nil
		case '/':
			if s.pos+1 >= len(s.src) {
				return nil, s.errorf("unexpected EOF")
			}
			if s.src[s.pos+1] != '>' {
				return nil, s.errorf("expected /> in element")
			}
			s.pos += 2
			t.attrs = s.attrs
			t.selfClose = true
			s.pendingEnd = rawTok{kind: tokEnd, prefix: prefix, local: local, off: int64(s.pos)}
			s.hasPending = true
			s.open = s.open[:len(s.open)-1]
			return t, nil
		}
		ap, al, err := s.name()
		if err != nil {
			return nil, err
		}
		s.space()
		if s.pos >= len(s.src) {
			return nil, s.errorf("unexpected EOF")
		}
		if s.src[s.pos] != '=' {
			return nil, s.errorf("attribute name without = in element")
		}
		s.pos++
		s.space()
		if s.pos >= len(s.src) {
			return nil, s.errorf("unexpected EOF")
		}
		q := s.src[s.pos]
		if q != '"' && q != '\'' {
			return nil, s.errorf("unquoted or missing attribute value in element")
		}
		s.pos++
		end := bytes.IndexByte(s.src[s.pos:], q)
		if end < 0 {
			s.pos = len(s.src)
			return nil, s.errorf("unexpected EOF")
		}
		raw := s.src[s.pos : s.pos+end]
		if bytes.IndexByte(raw, '<') >= 0 {
			s.pos += bytes.IndexByte(raw, '<')
			return nil, s.errorf("unescaped < inside quoted string")
		}
		s.buf = s.buf[:0]
		if err := s.decode(raw); err != nil {
			return nil, err
		}
		s.pos += end + 1
		var v string
		if ap == "xmlns" || ap == "" && al == "xmlns" || internedAttr(ap, al) {
			v = s.intern(s.buf) // namespace URIs (and languages) repeat from packet to packet
		} else {
			v = string(s.buf)
		}
		s.attrs = append(s.attrs, rawAttr{prefix: ap, local: al, value: v})
	}
}

// text reads character data up to the next '<'.
func (s *scanner) text() ([]byte, error) {
	end := bytes.IndexByte(s.src[s.pos:], '<')
	if end < 0 {
		end = len(s.src) - s.pos
	}
	raw := s.src[s.pos : s.pos+end]
	if indentation(raw) {
		// Only spaces, tabs and LFs: nothing to decode or check.
		s.pos += end
		return raw, nil
	}
	if bytes.Contains(raw, []byte("]]>")) {
		return nil, s.errorf("unescaped ]]> not in CDATA section")
	}
	s.buf = s.buf[:0]
	if err := s.decode(raw); err != nil {
		return nil, err
	}
	s.pos += end
	return s.buf, nil
}

// indentation reports whether b holds only spaces, tabs and LFs.
func indentation(b []byte) bool {
	for _, c := range b {
		if c != ' ' && c != '\n' && c != '\t' {
			return false
		}
	}
	return true
}

// decode appends raw text to s.buf with entity and character references
// replaced, line ends normalised and every character checked.
func (s *scanner) decode(raw []byte) error {
	base := s.pos
	for len(raw) > 0 {
		amp := bytes.IndexByte(raw, '&')
		if amp < 0 {
			return s.appendChars(raw)
		}
		if err := s.appendChars(raw[:amp]); err != nil {
			return err
		}
		raw = raw[amp:]
		semi := bytes.IndexByte(raw, ';')
		if semi < 0 || semi > 12 {
			s.pos = base
			return s.errorf("invalid character entity " + string(raw[:min(len(raw), 12)]))
		}
		ent := raw[1:semi]
		switch string(ent) {
		case "amp":
			s.buf = append(s.buf, '&')
		case "lt":
			s.buf = append(s.buf, '<')
		case "gt":
			s.buf = append(s.buf, '>')
		case "apos":
			s.buf = append(s.buf, '\'')
		case "quot":
			s.buf = append(s.buf, '"')
		default:
			r, ok := charRef(ent)
			if !ok {
				s.pos = base
				return s.errorf("invalid character entity &" + string(ent) + ";")
			}
			if !xmlChar(r) && r != '\t' && r != '\n' && r != '\r' {
				s.pos = base
				return s.errorf("illegal character code " + strconv.QuoteRune(r))
			}
			s.buf = utf8.AppendRune(s.buf, r)
		}
		raw = raw[semi+1:]
	}
	return nil
}

// charRef reads the inside of a character reference: "#233" or "#xE9".
// A surrogate code point becomes U+FFFD, as in encoding/xml.
func charRef(ent []byte) (rune, bool) {
	if len(ent) < 2 || ent[0] != '#' {
		return 0, false
	}
	digits, base := ent[1:], 10
	if digits[0] == 'x' {
		digits, base = digits[1:], 16
	}
	if len(digits) == 0 {
		return 0, false
	}
	n, err := strconv.ParseUint(string(digits), base, 64)
	if err != nil || n > utf8.MaxRune {
		return 0, false
	}
	r := rune(n)
	if r >= 0xD800 && r <= 0xDFFF {
		r = utf8.RuneError
	}
	return r, true
}

// appendChars appends literal text, folding CR LF and lone CR to LF and
// refusing bytes that are not UTF-8 and characters XML forbids.
func (s *scanner) appendChars(raw []byte) error {
	for i := 0; i < len(raw); {
		c := raw[i]
		if c >= 0x20 && c < utf8.RuneSelf {
			j := i + 1
			for j < len(raw) && raw[j] >= 0x20 && raw[j] < utf8.RuneSelf {
				j++
			}
			s.buf = append(s.buf, raw[i:j]...)
			i = j
			continue
		}
		switch {
		case c == '\r':
			s.buf = append(s.buf, '\n')
			i++
			if i < len(raw) && raw[i] == '\n' {
				i++
			}
			continue
		case c == '\n' || c == '\t':
			s.buf = append(s.buf, c)
			i++
			continue
		case c < 0x20:
			return s.errorf("illegal character code " + strconv.QuoteRune(rune(c)))
		}
		r, size := utf8.DecodeRune(raw[i:])
		if r == utf8.RuneError && size == 1 {
			return s.errorf("invalid UTF-8")
		}
		if !xmlChar(r) {
			return s.errorf("illegal character code " + strconv.QuoteRune(r))
		}
		s.buf = append(s.buf, raw[i:i+size]...)
		i += size
	}
	return nil
}

// procInst skips a processing instruction, checking the version and
// encoding of an XML declaration.
func (s *scanner) procInst() error {
	s.pos += 2
	_, target, err := s.name()
	if err != nil {
		return err
	}
	end := bytes.Index(s.src[s.pos:], []byte("?>"))
	if end < 0 {
		s.pos = len(s.src)
		return s.errorf("unexpected EOF in a processing instruction")
	}
	raw := s.src[s.pos : s.pos+end]
	s.pos += end + 2
	if target != "xml" {
		return nil
	}
	content := string(raw)
	if v := pseudoAttr(content, "version"); v != "" && v != "1.0" {
		return s.errorf("unsupported version " + strconv.Quote(v) + "; only version 1.0 is supported")
	}
	if enc := pseudoAttr(content, "encoding"); enc != "" && !strings.EqualFold(enc, "utf-8") && !acceptedEncoding(enc) {
		return s.errorf("expected UTF-8 or UTF-16, found encoding " + strconv.Quote(enc))
	}
	return nil
}

// pseudoAttr finds name="value" (or 'value') in an XML declaration. Like
// encoding/xml it wants the quote right after "name=", which is how every
// XMP writer spells it.
func pseudoAttr(s, name string) string {
	key := name + "="
	for {
		i := strings.Index(s, key)
		if i < 0 || i+len(key) >= len(s) {
			return ""
		}
		s = s[i+len(key):]
		if q := s[0]; q == '"' || q == '\'' {
			if j := strings.IndexByte(s[1:], q); j >= 0 {
				return s[1 : 1+j]
			}
			return ""
		}
	}
}
