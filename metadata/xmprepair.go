package metadata

import (
	"errors"
	"fmt"

	"github.com/captag/captag/metadata/xmp"
)

// parseRepairing parses an XMP packet; when it is not well-formed XML and
// holds C0 control characters, which XML forbids (exifr's broken1.jpg: a
// run of NULs between two properties), it parses a copy with each of them
// as a space. A damaged packet then costs only what the damage touches,
// as exiftool reads it, and the warning says what was repaired. The
// original error is returned when the copy does not parse either.
func parseRepairing(parse func([]byte) (*xmp.Doc, error), kind StoreKind, packet []byte) (*xmp.Doc, []Warning, error) {
	doc, err := parse(packet)
	if err == nil {
		return doc, nil, nil
	}
	return repairControls(parse, kind, packet, err)
}

// repairControls is parseRepairing's second try, apart so that a packet
// that parses allocates nothing for it (errors.As's target escapes).
func repairControls(parse func([]byte) (*xmp.Doc, error), kind StoreKind, packet []byte, err error) (*xmp.Doc, []Warning, error) {
	var se *xmp.SyntaxError
	if !errors.As(err, &se) {
		return nil, nil, err
	}
	n, first := 0, -1
	for i, c := range packet {
		if isForbiddenControl(c) {
			if first < 0 {
				first = i
			}
			n++
		}
	}
	if n == 0 {
		return nil, nil, err
	}
	fixed := make([]byte, len(packet))
	for i, c := range packet {
		if isForbiddenControl(c) {
			c = ' '
		}
		fixed[i] = c
	}
	doc2, err2 := parse(fixed)
	if err2 != nil {
		return nil, nil, err
	}
	return doc2, []Warning{{Code: WarnGeneral, Store: kind, Message: fmt.Sprintf(
		"xmp: expected well-formed XML, found %d control characters XML forbids (the first at byte %d); read with each as a space", n, first)}}, nil
}

// isForbiddenControl reports a C0 control character other than tab, line
// feed and carriage return: XML 1.0 allows none of them, even escaped.
func isForbiddenControl(c byte) bool { return c < 0x20 && c != '\t' && c != '\n' && c != '\r' }
