package metadata

import "io"

// textCutter is what a compressed XMP packet (a PNG iTXt or zTXt chunk) is
// inflated into: it passes the XML on as it comes but keeps of each run of
// character data, CDATA section or attribute value only about its first
// maxStoreValue bytes, so that a packet holding a 15 MiB dc:description
// costs a few kilobytes to keep instead of 15 MiB (and the packet is never
// held whole). Names, namespace declarations (xmlns, xmlns:*: a namespace
// cut could become another's), comments and processing instructions pass
// whole, so the cut packet still parses and the properties after a long
// value are still read: a cut is not a malformed packet.
//
// A run is cut once it holds cutKeep bytes as they will read (an entity
// or character reference counts one, a CR none: XML turns CR LF into LF),
// never inside an entity or a UTF-8 sequence. A value read from a cut run
// is then longer than maxStoreValue and a Store keeps its first
// maxStoreValue bytes, exactly what it keeps of the whole value: the
// Store read from the cut packet is the one read from the whole, but for
// the warning, which cannot give the value's length (see xmpStoreCut).
// A UTF-16 packet (XMP allows one, PNG's are UTF-8) passes whole.
type textCutter struct {
	out   io.Writer // where the kept bytes go
	limit int       // bytes kept of a run: cutKeep (a test sets less)

	state   cutState
	started bool // the first byte was seen (UTF-16 is told from it)
	raw     bool // a UTF-16 packet: everything passes
	quote   byte // the quote that opened the attribute value (cutAttr, cutNSAttr)
	name    [6]byte
	nameLen int  // bytes of the last name read in a tag (its first 6 in name)
	sep     bool // cutTag: the last byte was white space or '=': a name starts next
	cdata   bool // cutBang: the opener is "<![" (else "<!-")
	match   int  // bytes of a terminator or of a "<!" opener matched
	kept    int  // bytes of the current run counted as they read
	entity  int  // bytes of an open entity reference, -1 outside one
	over    int  // bytes kept past cutKeep to end an entity or a rune
	dropped bool // the rest of the current run is not kept

	cuts int // runs cut
}

// cutKeep is how many bytes, as they read, textCutter keeps of a run: a
// value cut there is over maxStoreValue, with room for the "]]" of a
// CDATA section's end, counted before it is known to be one.
const cutKeep = maxStoreValue + 4

// cutMaxEntity bounds the bytes kept past cutKeep to end an entity
// reference ("&#x10FFFF;" has 10): a longer one is malformed anyway.
const cutMaxEntity = 16

type cutState uint8

const (
	cutText    cutState = iota // character data
	cutLT                      // after '<'
	cutBang                    // after "<!", matching "--" or "[CDATA["
	cutTag                     // inside a tag, outside quotes
	cutAttr                    // inside a quoted attribute value
	cutNSAttr                  // inside a namespace declaration's value
	cutComment                 // inside <!-- -->
	cutCDATA                   // inside <![CDATA[ ]]>
	cutPI                      // inside <? ?>
)

const cdataOpen = "[CDATA["

func newTextCutter(out io.Writer) *textCutter {
	return &textCutter{out: out, limit: cutKeep, entity: -1}
}

// Write passes p on, cut. It fails only with out's error. It is long
// because it is the cutter's one state machine over the bytes, a case per
// state of a few lines each; split by state, every piece would need the
// position of the bytes kept and not yet written, and the write's error.
func (c *textCutter) Write(p []byte) (int, error) {
	if !c.started && len(p) > 0 {
		c.started = true
		// A UTF-16 packet starts with a byte-order mark or has a NUL in
		// its first two bytes.
		c.raw = p[0] == 0 || p[0] == 0xFE || p[0] == 0xFF || len(p) > 1 && p[1] == 0
	}
	if c.raw {
		return c.out.Write(p)
	}
	start := 0 // p[start:i] is kept and not yet written
	write := func(b []byte) error {
		if len(b) == 0 {
			return nil
		}
		_, err := c.out.Write(b)
		return err
	}
	for i := 0; i < len(p); i++ {
		b := p[i]
		switch c.state {
		case cutNSAttr:
			if b == c.quote {
				c.state = cutTag
			}
		case cutText, cutCDATA, cutAttr:
			if c.endsRun(b) {
				if c.dropped && c.state == cutText && b == '>' {
					// A CDATA section ended while its bytes were
					// dropped: its "]]" may have been dropped too.
					if err := write(p[start:i]); err != nil {
						return i, err
					}
					if err := write([]byte("]]")); err != nil {
						return i, err
					}
					start = i
				}
				c.endRun()
				continue
			}
			if !c.dropped && c.keep(b) {
				continue
			}
			c.dropped = true
			if err := write(p[start:i]); err != nil {
				return i, err
			}
			start = i + 1
		case cutLT:
			c.sep = true
			switch b {
			case '!':
				c.state, c.match = cutBang, 0
			case '?':
				c.state, c.match = cutPI, 0
			default:
				c.state = cutTag
				c.tagByte(b)
			}
		case cutBang:
			if c.match == 0 {
				c.cdata = b == '['
			}
			want := "--"
			if c.cdata {
				want = cdataOpen
			}
			switch {
			case b != want[c.match]:
				// A declaration (which the parser refuses): read as a
				// tag.
				c.state = cutTag
				c.tagByte(b)
			case c.match+1 == len(want) && c.cdata:
				c.state, c.match, c.kept = cutCDATA, 0, 0
			case c.match+1 == len(want):
				c.state, c.match = cutComment, 0
			default:
				c.match++
			}
		case cutTag:
			c.tagByte(b)
		case cutComment:
			if c.match = terminator(c.match, b, "-->"); c.match == 3 {
				c.state, c.match = cutText, 0
			}
		case cutPI:
			if c.match = terminator(c.match, b, "?>"); c.match == 2 {
				c.state, c.match = cutText, 0
			}
		}
	}
	return len(p), write(p[start:])
}

// keep counts b, a byte of the current run, and reports whether it is
// kept: it is until the run holds c.limit bytes, and then while it ends an
// entity reference or a UTF-8 sequence.
func (c *textCutter) keep(b byte) bool {
	if c.kept >= c.limit {
		switch {
		case c.entity >= 0 && c.over < cutMaxEntity:
		case b >= 0x80 && b < 0xC0 && c.over < 4: // a UTF-8 continuation byte
		default:
			return false
		}
		c.over++
	}
	switch {
	case c.entity >= 0:
		if b == ';' {
			c.entity = -1
		}
	case b == '&' && c.state != cutCDATA:
		c.entity = 0
		c.kept++
	case b == '\r':
	default:
		c.kept++
	}
	return true
}

// tagByte reads one byte inside a tag, outside quotes.
func (c *textCutter) tagByte(b byte) {
	switch b {
	case '"', '\'':
		c.state, c.quote = cutAttr, b
		if n := c.nameLen; n == 5 && string(c.name[:5]) == "xmlns" || n > 5 && string(c.name[:6]) == "xmlns:" {
			c.state = cutNSAttr
		}
		c.endRun()
	case '>':
		c.state = cutText
		c.endRun()
	case ' ', '\t', '\n', '\r', '=':
		c.sep = true
	default:
		if c.sep {
			c.nameLen, c.sep = 0, false
		}
		if c.nameLen < len(c.name) {
			c.name[c.nameLen] = b
		}
		c.nameLen++
	}
}

// terminator continues the match of end (some bytes alike and '>': "-->",
// "?>", "]]>") by b.
func terminator(match int, b byte, end string) int {
	switch {
	case b == end[match]:
		return match + 1
	case b == end[0]:
		// "]]]>" still ends a CDATA section: the last bytes count.
		return max(match, 1)
	}
	return 0
}

// endsRun reports whether b ends the current run and, if so, moves to the
// state after it: '<' ends text, the opening quote an attribute value,
// "]]>" a CDATA section (its bytes are the run's until the '>').
func (c *textCutter) endsRun(b byte) bool {
	switch c.state {
	case cutAttr:
		if b == c.quote {
			c.state = cutTag
			return true
		}
	case cutText:
		if b == '<' {
			c.state = cutLT
			return true
		}
	case cutCDATA:
		if c.match = terminator(c.match, b, "]]>"); c.match == 3 {
			c.state, c.match = cutText, 0
			return true
		}
	}
	return false
}

// endRun starts a new run.
func (c *textCutter) endRun() {
	if c.dropped {
		c.cuts++
	}
	c.kept, c.entity, c.over, c.dropped = 0, -1, 0, false
}
