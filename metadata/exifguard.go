package metadata

import (
	"encoding/binary"
	"fmt"
)

// This file holds captag's own walk over an EXIF payload (the TIFF bytes cut
// out of an APP1 segment) that runs before goexif sees it. goexif computes
// count × type size in uint32 and then allocates count elements: a RATIONAL
// with count 0x20000001 passes its size check as 8 bytes and asks for ~77 GB,
// a fatal error recover cannot catch. Its IFD chain loop check only catches
// an IFD pointing at itself. So every IFD goexif may decode (the IFD0, IFD1…
// chain and every IFD named by an Exif, GPS or Interop pointer in any of
// them, which covers the ones goexif picks) is walked here first, in 64-bit
// arithmetic: entry counts capped, every value inside the payload, IFD
// offsets inside the payload, no IFD visited twice in the chain.

// goexif copies every value it decodes and expands numeric ones to 8-24
// bytes per element, so besides each value lying inside the payload the sum
// over all entries is capped: overlapping values could otherwise make a
// 64 KiB payload cost gigabytes.
const (
	maxEXIFValueBytes = 1 << 20   // sum of value sizes over every IFD walked
	maxEXIFElements   = 128 << 10 // sum of numeric element counts
)

// TIFF tags captag reads.
const (
	tagImageDescription   = 0x010E
	tagMake               = 0x010F
	tagArtist             = 0x013B
	tagXMP                = 0x02BC
	tagCopyright          = 0x8298
	tagIPTC               = 0x83BB
	tagPhotoshop          = 0x8649
	tagExifIFD            = 0x8769
	tagGPSIFD             = 0x8825
	tagDateTimeOriginal   = 0x9003
	tagOffsetTimeOriginal = 0x9011
	tagSubSecTimeOriginal = 0x9291
	tagInteropIFD         = 0xA005
	tagDNGVersion         = 0xC612
)

// ifdEntry is one 12-byte IFD entry.
type ifdEntry struct {
	tag, typ uint16
	count    uint32
	field    [4]byte // the value itself when it fits, else its offset
}

func parseEntry(b []byte, order binary.ByteOrder) ifdEntry {
	e := ifdEntry{tag: order.Uint16(b), typ: order.Uint16(b[2:]), count: order.Uint32(b[4:])}
	copy(e.field[:], b[8:12])
	return e
}

// typeSize is the size of one element of a TIFF type, 0 when unknown.
func typeSize(typ uint16) uint64 {
	switch typ {
	case 1, 2, 6, 7: // BYTE, ASCII, SBYTE, UNDEFINED
		return 1
	case 3, 8: // SHORT, SSHORT
		return 2
	case 4, 9, 11, 13: // LONG, SLONG, FLOAT, IFD
		return 4
	case 5, 10, 12: // RATIONAL, SRATIONAL, DOUBLE
		return 8
	}
	return 0
}

// size is the value size in 64-bit arithmetic: it cannot overflow.
func (e ifdEntry) size() uint64 { return typeSize(e.typ) * uint64(e.count) }

// inline reports whether the value lies in the entry's 4-byte field.
func (e ifdEntry) inline() bool { return e.size() <= 4 }

func (e ifdEntry) offset(order binary.ByteOrder) uint32 { return fieldUint32(order, e.field) }

// fieldUint32 reads a 4-byte field in the order of the payload. It calls
// the concrete byte orders (byteOrder gives only these two), so that an
// ifdEntry does not escape to the heap through the interface.
func fieldUint32(order binary.ByteOrder, f [4]byte) uint32 {
	if order == binary.BigEndian {
		return binary.BigEndian.Uint32(f[:])
	}
	return binary.LittleEndian.Uint32(f[:])
}

// firstInt returns the first value of an integer-typed entry.
func (e ifdEntry) firstInt(order binary.ByteOrder, p []byte) (uint32, bool) {
	if e.count == 0 {
		return 0, false
	}
	if e.inline() {
		switch e.typ {
		case 1, 6:
			return uint32(e.field[0]), true
		case 3, 8:
			if order == binary.BigEndian {
				return uint32(binary.BigEndian.Uint16(e.field[:2])), true
			}
			return uint32(binary.LittleEndian.Uint16(e.field[:2])), true
		case 4, 9, 13:
			return fieldUint32(order, e.field), true
		}
		return 0, false
	}
	off := uint64(e.offset(order))
	if off+4 > uint64(len(p)) {
		return 0, false
	}
	b := p[off:]
	switch e.typ {
	case 1, 6:
		return uint32(b[0]), true
	case 3, 8:
		return uint32(order.Uint16(b)), true
	case 4, 9, 13:
		return order.Uint32(b), true
	}
	return 0, false
}

// guardError says why an EXIF payload was refused.
type guardError struct {
	Offset uint64 // inside the payload
	Msg    string
}

func (e *guardError) Error() string {
	return fmt.Sprintf("exif: payload refused at offset %d: %s", e.Offset, e.Msg)
}

// exifExtra holds what captag reads itself from a payload the guard walked:
// values goexif does not name (OffsetTimeOriginal) or cuts short
// (Copyright after its first NUL).
type exifExtra struct {
	order              binary.ByteOrder
	offsetTimeOriginal []byte
	copyright          []byte
}

// guardEXIF walks every IFD of payload p that goexif may decode and returns
// a *guardError for anything that could make goexif allocate beyond the
// payload, loop, or read outside it.
func guardEXIF(p []byte) (*exifExtra, error) {
	if len(p) < 8 {
		return nil, &guardError{0, fmt.Sprintf("expected an 8-byte TIFF header, found %d bytes", len(p))}
	}
	order, ok := byteOrder(p)
	if !ok {
		return nil, &guardError{0, fmt.Sprintf("expected byte order II or MM, found %q", p[:2])}
	}
	if m := order.Uint16(p[2:]); m != 42 {
		return nil, &guardError{2, fmt.Sprintf("expected TIFF magic 42, found %d", m)}
	}
	g := &guard{p: p, order: order, extra: &exifExtra{order: order}}
	// The top-level chain: IFD0, IFD1, …
	off := order.Uint32(p[4:])
	first := true
	for off != 0 {
		if g.visited(off) {
			return nil, &guardError{uint64(off), "IFD chain loops back to an IFD already read"}
		}
		next, err := g.walk(off, first, false)
		if err != nil {
			return nil, err
		}
		first = false
		off = next
	}
	// Sub-IFDs named by pointers found in any IFD walked so far (and in them).
	for i := 0; i < len(g.queue); i++ {
		q := g.queue[i]
		if g.visited(q.off) {
			continue
		}
		if _, err := g.walk(q.off, false, q.exif); err != nil {
			return nil, err
		}
	}
	return g.extra, nil
}

type guard struct {
	bytes, elems uint64 // running sums against maxEXIFValueBytes, maxEXIFElements
	p            []byte
	order        binary.ByteOrder
	extra        *exifExtra
	seen         [maxIFDs]uint32 // offsets of the IFDs walked, seen[:nseen]
	nseen        int
	queue        []subIFD
}

// visited reports whether the IFD at off was walked already.
func (g *guard) visited(off uint32) bool {
	for _, o := range g.seen[:g.nseen] {
		if o == off {
			return true
		}
	}
	return false
}

type subIFD struct {
	off  uint32
	exif bool // named by an Exif IFD pointer
}

// walk checks the IFD at off and returns the offset of the next IFD.
func (g *guard) walk(off uint32, ifd0, exifIFD bool) (uint32, error) {
	if g.nseen >= maxIFDs {
		return 0, &guardError{uint64(off), fmt.Sprintf("expected at most %d IFDs, found more", maxIFDs)}
	}
	g.seen[g.nseen] = off
	g.nseen++
	p, order := g.p, g.order
	o := uint64(off)
	if o < 8 || o+2 > uint64(len(p)) {
		return 0, &guardError{o, fmt.Sprintf("IFD offset outside the %d-byte payload", len(p))}
	}
	n := uint64(order.Uint16(p[o:]))
	if n > maxIFDEntries {
		return 0, &guardError{o, fmt.Sprintf("expected at most %d IFD entries, found %d", maxIFDEntries, n)}
	}
	end := o + 2 + 12*n
	if end+4 > uint64(len(p)) {
		return 0, &guardError{o, fmt.Sprintf("IFD of %d entries runs past the %d-byte payload", n, len(p))}
	}
	for i := uint64(0); i < n; i++ {
		at := o + 2 + 12*i
		e := parseEntry(p[at:at+12], order)
		sz := e.size()
		if sz > 4 {
			vo := uint64(e.offset(order))
			if vo+sz > uint64(len(p)) {
				return 0, &guardError{at, fmt.Sprintf("tag 0x%04x: %d values of type %d (%d bytes) at offset %d run past the %d-byte payload",
					e.tag, e.count, e.typ, sz, vo, len(p))}
			}
		}
		g.bytes += sz
		if e.typ != 2 && e.typ != 7 { // ASCII and UNDEFINED stay bytes
			g.elems += uint64(e.count)
		}
		if g.bytes > maxEXIFValueBytes || g.elems > maxEXIFElements {
			return 0, &guardError{at, fmt.Sprintf("expected at most %d value bytes and %d numeric values in all IFDs, found more by tag 0x%04x", maxEXIFValueBytes, maxEXIFElements, e.tag)}
		}
		switch e.tag {
		case tagExifIFD, tagGPSIFD, tagInteropIFD:
			if v, ok := e.firstInt(order, p); ok {
				g.queue = append(g.queue, subIFD{off: v, exif: e.tag == tagExifIFD})
			}
		case tagOffsetTimeOriginal:
			if exifIFD || (ifd0 && g.extra.offsetTimeOriginal == nil) {
				g.extra.offsetTimeOriginal = entryBytes(e, order, p, at)
			}
		case tagCopyright:
			if ifd0 {
				g.extra.copyright = entryBytes(e, order, p, at)
			}
		}
	}
	return order.Uint32(p[end:]), nil
}

// entryBytes returns the value bytes of an entry the guard has checked;
// at is the entry's offset in p. The slice shares p's memory.
func entryBytes(e ifdEntry, order binary.ByteOrder, p []byte, at uint64) []byte {
	sz := e.size()
	if sz <= 4 {
		return p[at+8 : at+8+sz : at+8+sz] // the value field of the entry
	}
	vo := uint64(e.offset(order))
	return p[vo : vo+sz]
}
