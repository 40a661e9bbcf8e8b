package metadata

import (
	"encoding/binary"
	"fmt"

	"github.com/captag/captag/metadata/tiffifd"
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
//
// The guard decides per IFD and per entry: a damaged IFD1, GPS, Interop or
// other sub-IFD, or an entry whose value lies outside the payload (a maker
// note, a stray RATIONAL), costs that IFD or that entry only, with a
// warning naming it, as exiftool and exiv2 read such files. Only a damaged
// TIFF header or IFD0 refuses the payload. goexif decodes a payload only
// when the guard found no damage at all; otherwise the values come from the
// guard's own walk of IFD0 and the Exif IFD.

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

// size is the value size in 64-bit arithmetic: it cannot overflow.
func (e ifdEntry) size() uint64 { return tiffifd.TypeSize(e.typ) * uint64(e.count) }

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

// guardProblem is damage the guard found in one IFD or one entry of a
// payload it still reads: that IFD (or entry) is skipped and the others are
// read. A payload with any such problem is not handed to goexif (it would
// decode the damaged part, or give up on the whole Exif IFD); its values
// come from the guard's own walk.
type guardProblem struct {
	IFD    string // "IFD1", "Exif IFD", "Interop IFD", "GPS IFD", …
	Entry  bool   // only one entry is lost, not the IFD
	Tag    uint16 // the entry's tag when Entry
	Offset uint64 // of the IFD or the entry, inside the payload
	Msg    string
}

func (p guardProblem) Error() string {
	if p.IFD == "" {
		return "exif: " + p.Msg
	}
	if p.Entry {
		if n := exifTagNames[p.Tag]; n != "" {
			return fmt.Sprintf("exif: %s tag 0x%04x (%s) at offset %d skipped: %s", p.IFD, p.Tag, n, p.Offset, p.Msg)
		}
		return fmt.Sprintf("exif: %s tag 0x%04x at offset %d skipped: %s", p.IFD, p.Tag, p.Offset, p.Msg)
	}
	return fmt.Sprintf("exif: %s at offset %d skipped: %s", p.IFD, p.Offset, p.Msg)
}

// exifTagNames names, in warnings, the tags captag reads and the ones most
// often found damaged (exiftool's names).
var exifTagNames = map[uint16]string{
	tagImageDescription: "ImageDescription", tagMake: "Make", tagArtist: "Artist", tagCopyright: "Copyright",
	tagDateTimeOriginal: "DateTimeOriginal", tagOffsetTimeOriginal: "OffsetTimeOriginal",
	tagSubSecTimeOriginal: "SubSecTimeOriginal", tagExifIFD: "ExifOffset", tagGPSIFD: "GPSInfo",
	tagInteropIFD: "InteropOffset", 0x927C: "MakerNote", 0x9286: "UserComment", 0x920A: "FocalLength",
	0x0201: "ThumbnailOffset", 0x0202: "ThumbnailLength", 0x0111: "StripOffsets", 0x0117: "StripByteCounts",
	tagXMP: "ApplicationNotes", tagIPTC: "IPTC-NAA", tagPhotoshop: "PhotoshopSettings",
}

// maxGuardProblems caps the problems kept from one payload; the rest are
// counted.
const maxGuardProblems = 64

// exifExtra holds what captag reads itself from a payload the guard
// walked: the six values of IFD0 and of the Exif IFD that IFD0 names.
// goexif's reading is preferred for a payload without damage; these fill
// what goexif does not name (OffsetTimeOriginal) or cuts short (Copyright
// after its first NUL), and are the whole reading when the payload has
// damage or goexif fails on it. Slices share the payload's memory.
type exifExtra struct {
	order              binary.ByteOrder
	offsetTimeOriginal []byte
	copyright          []byte
	artist             []byte
	description        []byte
	dateIFD0           []byte // DateTimeOriginal written in IFD0 (exiftool reads it there)
	dateTimeOriginal   []byte // in the Exif IFD
	subSecTimeOriginal []byte
	view               goexifView // goexif's reading, when the walk can tell it
}

// values returns the EXIF values of the guard's own walk.
func (x *exifExtra) values() exifValues {
	date := x.dateTimeOriginal
	if date == nil {
		date = x.dateIFD0
	}
	return exifValues{
		dateTimeOriginal:   asciiValue(date),
		subSecTimeOriginal: asciiValue(x.subSecTimeOriginal),
		offsetTimeOriginal: asciiValue(x.offsetTimeOriginal),
		artist:             asciiValue(x.artist),
		copyright:          string(x.copyright),
		description:        asciiValue(x.description),
	}
}

// ifdKind says what named an IFD.
type ifdKind uint8

const (
	ifdChain ifdKind = iota // IFD0, IFD1, … (the top-level chain)
	ifdExif                 // the Exif IFD named by IFD0
	ifdSub                  // any other sub-IFD (GPS, Interop, an Exif IFD named elsewhere)
)

// guardEXIF walks every IFD of payload p that goexif may decode. It returns
// a *guardError (the payload is refused) when the TIFF header or IFD0 is
// unusable, and a guardProblem for each other IFD or entry that could make
// goexif allocate beyond the payload, loop, or read outside it: those are
// skipped, and the values of the rest are in the returned exifExtra.
func guardEXIF(p []byte) (*exifExtra, []guardProblem, error) {
	if len(p) < 8 {
		return nil, nil, &guardError{0, fmt.Sprintf("expected an 8-byte TIFF header, found %d bytes", len(p))}
	}
	order, ok := byteOrder(p)
	if !ok {
		return nil, nil, &guardError{0, fmt.Sprintf("expected byte order II or MM, found %q", p[:2])}
	}
	if m := order.Uint16(p[2:]); m != tiffifd.MagicTIFF {
		return nil, nil, &guardError{2, fmt.Sprintf("expected TIFF magic 42, found %d", m)}
	}
	g := &guard{p: p, order: order, extra: &exifExtra{order: order}}
	// The top-level chain: IFD0, IFD1, …
	off := order.Uint32(p[4:])
	if off == 0 {
		return nil, nil, &guardError{4, "expected an IFD0 offset, found 0"}
	}
	for n := 0; off != 0; n++ {
		name := chainName(n)
		if g.visited(off) {
			g.add(guardProblem{Offset: uint64(off), Msg: fmt.Sprintf("expected the IFD chain to end, found it looping back from %s to offset %d, an IFD already read; the chain ends there", chainName(n-1), off)})
			break
		}
		next, perr := g.walk(off, name, ifdChain, n == 0, n)
		if perr != nil {
			if n == 0 {
				return nil, nil, &guardError{perr.Offset, perr.Msg}
			}
			g.add(*perr)
			break
		}
		off = next
	}
	// Sub-IFDs named by pointers found in any IFD walked so far (and in them).
	for i := 0; i < len(g.queue); i++ {
		q := g.queue[i]
		if g.visited(q.off) {
			g.extra.view.unsure = true // goexif would read it again, maybe as another kind
			continue
		}
		if _, perr := g.walk(q.off, q.name(), q.kind, false, 0); perr != nil {
			g.add(*perr)
		}
	}
	if g.dropped > 0 {
		g.problems = append(g.problems, guardProblem{Msg: fmt.Sprintf("%d more damaged IFDs or tags", g.dropped)})
	}
	return g.extra, g.problems, nil
}

// chainName names the n-th IFD of the top-level chain.
func chainName(n int) string {
	switch n {
	case 0:
		return "IFD0"
	case 1:
		return "IFD1"
	}
	return fmt.Sprintf("IFD%d", n)
}

type guard struct {
	bytes, elems uint64 // running sums against maxEXIFValueBytes, maxEXIFElements
	p            []byte
	order        binary.ByteOrder
	extra        *exifExtra
	seen         [maxIFDs]uint32 // offsets of the IFDs walked, seen[:nseen]
	nseen        int
	queue        []subIFD
	problems     []guardProblem
	dropped      int  // problems past maxGuardProblems
	overBudget   bool // the value sums passed their caps (reported once)
}

func (g *guard) add(p guardProblem) {
	if len(g.problems) >= maxGuardProblems {
		g.dropped++
		return
	}
	g.problems = append(g.problems, p)
}

func (g *guard) entryProblem(ifd string, tag uint16, off uint64, format string, args ...any) {
	g.add(guardProblem{IFD: ifd, Entry: true, Tag: tag, Offset: off, Msg: fmt.Sprintf(format, args...)})
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
	tag  uint16 // the pointer tag that named it
	kind ifdKind
	from int8 // n ≥ 1: named in chain IFD n; -1: in IFD0 or the Exif IFD; -2: in another sub-IFD
}

// name names the sub-IFD for messages ("GPS IFD", "Exif IFD of IFD1").
func (q subIFD) name() string {
	base := subIFDName(q.tag)
	switch {
	case q.from == -1:
		return base
	case q.from == -2:
		return base + " of a sub-IFD"
	}
	return base + " of " + chainName(int(q.from))
}

// walk checks the IFD at off and returns the offset of the next IFD. An IFD
// that cannot be read at all is returned as a problem; an entry whose value
// lies outside the payload is recorded as a problem and skipped.
func (g *guard) walk(off uint32, name string, kind ifdKind, ifd0 bool, chain int) (uint32, *guardProblem) {
	fail := func(at uint64, format string, args ...any) (uint32, *guardProblem) {
		return 0, &guardProblem{IFD: name, Offset: at, Msg: fmt.Sprintf(format, args...)}
	}
	if g.nseen >= maxIFDs {
		return fail(uint64(off), "expected at most %d IFDs, found more", maxIFDs)
	}
	g.seen[g.nseen] = off
	g.nseen++
	p, order := g.p, g.order
	o := uint64(off)
	if o < 8 || o+2 > uint64(len(p)) {
		return fail(o, "expected an IFD inside the %d-byte payload, found an offset outside it", len(p))
	}
	n := uint64(order.Uint16(p[o:]))
	if n > maxIFDEntries {
		return fail(o, "expected at most %d IFD entries, found %d", maxIFDEntries, n)
	}
	end := o + 2 + 12*n
	if end+4 > uint64(len(p)) {
		return fail(o, "IFD of %d entries runs past the %d-byte payload", n, len(p))
	}
	for i := uint64(0); i < n; i++ {
		at := o + 2 + 12*i
		e := parseEntry(p[at:at+12], order)
		sz := e.size()
		if sz > 4 {
			vo := uint64(e.offset(order))
			if vo+sz > uint64(len(p)) {
				g.entryProblem(name, e.tag, at, "expected its %d values of type %d (%d bytes) inside the %d-byte payload, found them at offset %d, running past its end",
					e.count, e.typ, sz, len(p), vo)
				continue
			}
			// exiftool's "Suspicious offset": a value inside the TIFF
			// header or over this IFD's own entries is not a value.
			if vo < 8 || vo < end+4 && vo+sz > o {
				g.entryProblem(name, e.tag, at, "expected its %d bytes outside the TIFF header and the IFD's own entries, found them at offset %d, overlapping them", sz, vo)
				continue
			}
		}
		g.bytes += sz
		if e.typ != 2 && e.typ != 7 { // ASCII and UNDEFINED stay bytes
			g.elems += uint64(e.count)
		}
		if !g.overBudget && (g.bytes > maxEXIFValueBytes || g.elems > maxEXIFElements) {
			g.overBudget = true
			g.add(guardProblem{Offset: at, Msg: fmt.Sprintf("expected at most %d value bytes and %d numeric values in all IFDs, found more by %s tag 0x%04x at offset %d (values overlap); goexif is not used",
				maxEXIFValueBytes, maxEXIFElements, name, e.tag, at)})
		}
		g.queueSub(e, kind, ifd0, chain)
		g.extra.view.entry(e, order, p, at, kind, ifd0)
		if ifd0 || kind == ifdExif {
			g.keepValue(e, at, kind, ifd0)
		}
	}
	return order.Uint32(p[end:]), nil
}

// queueSub queues the IFD a pointer entry e (Exif, GPS, Interoperability)
// of an IFD of kind names.
func (g *guard) queueSub(e ifdEntry, kind ifdKind, ifd0 bool, chain int) {
	order, p := g.order, g.p
	switch e.tag {
	case tagExifIFD, tagGPSIFD, tagInteropIFD:
		v, ok := e.firstInt(order, p)
		if !ok {
			return
		}
		sub := subIFD{off: v, tag: e.tag, kind: ifdSub, from: -1}
		switch {
		case e.tag == tagExifIFD && ifd0:
			sub.kind = ifdExif
		case kind == ifdChain && !ifd0:
			sub.from = int8(min(chain, 127))
		case kind == ifdSub && e.tag != tagInteropIFD:
			sub.from = -2
		}
		g.queue = append(g.queue, sub)
	}
}

// keepValue keeps the value of entry e (at offset at) of IFD0 or the
// Exif IFD that the walked reading holds.
func (g *guard) keepValue(e ifdEntry, at uint64, kind ifdKind, ifd0 bool) {
	order, p, x := g.order, g.p, g.extra
	switch e.tag {
	case tagOffsetTimeOriginal:
		if kind == ifdExif || x.offsetTimeOriginal == nil {
			x.offsetTimeOriginal = entryBytes(e, order, p, at)
		}
	case tagSubSecTimeOriginal:
		if kind == ifdExif || x.subSecTimeOriginal == nil {
			x.subSecTimeOriginal = entryBytes(e, order, p, at)
		}
	case tagDateTimeOriginal:
		if kind == ifdExif {
			x.dateTimeOriginal = entryBytes(e, order, p, at)
		} else {
			x.dateIFD0 = entryBytes(e, order, p, at)
		}
	case tagCopyright:
		if ifd0 {
			x.copyright = entryBytes(e, order, p, at)
		}
	case tagArtist:
		if ifd0 {
			x.artist = entryBytes(e, order, p, at)
		}
	case tagImageDescription:
		if ifd0 {
			x.description = entryBytes(e, order, p, at)
		}
	}
}

// subIFDName names the IFD a pointer tag names.
func subIFDName(tag uint16) string {
	switch tag {
	case tagExifIFD:
		return "Exif IFD"
	case tagGPSIFD:
		return "GPS IFD"
	}
	return "Interop IFD"
}

// entryBytes returns the value bytes of an entry the guard has checked;
// at is the entry's offset in p. The slice shares p's memory. Values of a
// type of unknown size are nil.
func entryBytes(e ifdEntry, order binary.ByteOrder, p []byte, at uint64) []byte {
	sz := e.size()
	if sz <= 4 {
		return p[at+8 : at+8+sz : at+8+sz] // the value field of the entry
	}
	vo := uint64(e.offset(order))
	return p[vo : vo+sz]
}
