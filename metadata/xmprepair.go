package metadata

import (
	"errors"
	"fmt"
	"unicode/utf8"

	"github.com/captag/captag/metadata/xmp"
)

// parseRepairing parses an XMP packet; when it is not well-formed XML and
// holds C0 control characters, which XML forbids (exifr's broken1.jpg: a
// run of NULs between two properties), or bytes that are not UTF-8
// (exiv2's issue_1713_poc.xmp: inside a property name), it parses a copy
// with each control as a space and each such byte as U+FFFD, which XML
// allows in names too (exiftool reads such a packet too, with '?'). A
// damaged packet then costs only what the damage touches, and the warning
// says what was repaired. The original error is returned when the copy
// does not parse either.
func parseRepairing(parse func([]byte) (*xmp.Doc, error), kind StoreKind, packet []byte) (*xmp.Doc, []Warning, error) {
	doc, err := parse(packet)
	if err == nil {
		return doc, nil, nil
	}
	return repairPacket(parse, kind, packet, err)
}

// repairPacket is parseRepairing's second try, apart so that a packet
// that parses allocates nothing for it (errors.As's target escapes).
func repairPacket(parse func([]byte) (*xmp.Doc, error), kind StoreKind, packet []byte, err error) (*xmp.Doc, []Warning, error) {
	var se *xmp.SyntaxError
	if !errors.As(err, &se) {
		return nil, nil, err
	}
	fixed := make([]byte, 0, len(packet))
	controls, bad, first := 0, 0, -1
	for i := 0; i < len(packet); {
		c := packet[i]
		r, size := utf8.DecodeRune(packet[i:])
		switch {
		case isForbiddenControl(c):
			fixed = append(fixed, ' ')
			controls++
		case r == utf8.RuneError && size == 1:
			fixed = utf8.AppendRune(fixed, utf8.RuneError)
			bad++
		default:
			fixed = append(fixed, packet[i:i+size]...)
			i += size
			continue
		}
		if first < 0 {
			first = i
		}
		i++
	}
	if first < 0 {
		return nil, nil, err
	}
	doc, err2 := parse(fixed)
	if err2 != nil {
		return nil, nil, err
	}
	return doc, []Warning{{Code: WarnGeneral, Store: kind, Message: fmt.Sprintf(
		"xmp: expected well-formed XML, found %d control characters XML forbids and %d bytes that are not UTF-8 (the first at byte %d); read with each control as a space and each such byte as U+FFFD", controls, bad, first)}}, nil
}

// isForbiddenControl reports a C0 control character other than tab, line
// feed and carriage return: XML 1.0 allows none of them, even escaped.
func isForbiddenControl(c byte) bool { return c < 0x20 && c != '\t' && c != '\n' && c != '\r' }
