// Package tiffifd is the one reader of TIFF structures in captag: the
// header (byte order, magic, first IFD), one IFD at a time (a capped entry
// count, the entries, the next-IFD pointer), the size of each entry type,
// and the value of an entry, inline or at its offset. The metadata reader
// (TIFF-based files, CR3's CMT blocks), the embedder (sidecar/embed, over
// the TIFF data of an EXIF APP1 segment) and the thumbnailer
// (metadata/sheet, EXIF IFD1 and MPF) all read IFDs with it.
//
// It reads through an io.ReaderAt with bounded reads: a file, a section of
// one, or a []byte through bytes.NewReader, never copying more than one
// IFD's entries or one value. Every offset is checked against the size of
// the structure before it is read, without overflow. It reports what it
// finds as an *Error with a Kind; what is refused, warned about or skipped,
// and in what words, is the caller's.
//
// The path is not internal because sidecar/embed and metadata/sheet import
// it too; it is not an API for programs outside the module.
package tiffifd

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
)

// Header magics (the 16-bit word after the byte-order mark) and header
// sizes.
const (
	MagicTIFF    = 42     // TIFF 6.0, DNG, most raw formats, EXIF
	MagicBigTIFF = 43     // BigTIFF: 8-byte counts and offsets
	MagicORF     = 0x4F52 // Olympus ORF: "RO" little-endian, "OR" big-endian
	MagicORFS    = 0x5352 // Olympus ORF: "RS"
	MagicRW2     = 0x55   // Panasonic RW2

	HeaderLen    = 8  // classic header: order, magic, IFD0 offset
	BigHeaderLen = 16 // BigTIFF header: order, magic, offset size, 0, IFD0 offset
)

// MaxEntries caps the entries of one IFD that ReadIFD reads (12 or 20
// bytes each); a Reader's Cap may ask for fewer.
const MaxEntries = 4096

// Entry types (TIFF 6.0, with the IFD type of TIFF Technical Note 1 and
// BigTIFF's 8-byte integers).
const (
	Byte      = 1
	ASCII     = 2
	Short     = 3
	Long      = 4
	Rational  = 5
	SByte     = 6
	Undefined = 7
	SShort    = 8
	SLong     = 9
	SRational = 10
	Float     = 11
	Double    = 12
	IFDType   = 13
	Long8     = 16
	SLong8    = 17
	IFD8      = 18
)

// TypeSize is the size of one value of a classic TIFF type (1–13); 0 for
// any other, BigTIFF's 8-byte types among them.
func TypeSize(typ uint16) uint64 {
	switch typ {
	case Byte, ASCII, SByte, Undefined:
		return 1
	case Short, SShort:
		return 2
	case Long, SLong, Float, IFDType:
		return 4
	case Rational, SRational, Double:
		return 8
	}
	return 0
}

// BigTypeSize is TypeSize with BigTIFF's LONG8, SLONG8 and IFD8.
func BigTypeSize(typ uint16) uint64 {
	switch typ {
	case Long8, SLong8, IFD8:
		return 8
	}
	return TypeSize(typ)
}

// Order reads a byte-order mark ("II" or "MM").
func Order(b []byte) (binary.ByteOrder, bool) {
	if len(b) < 2 {
		return nil, false
	}
	switch string(b[:2]) {
	case "II":
		return binary.LittleEndian, true
	case "MM":
		return binary.BigEndian, true
	}
	return nil, false
}

// Header is a TIFF header.
type Header struct {
	Order binary.ByteOrder
	Magic uint16 // one of the Magic constants
	Big   bool   // BigTIFF (MagicBigTIFF)
	IFD0  uint64 // the first IFD's offset as written (not checked)
}

// Kind is what an *Error found.
type Kind int

const (
	// ShortHeader: fewer bytes than a header needs (Found of Limit).
	ShortHeader Kind = iota + 1
	// BadOrder: no byte-order mark at Offset 0.
	BadOrder
	// BadMagic: Found is a magic this package does not know.
	BadMagic
	// BadOffsetSize: a BigTIFF header gives an offset size Found, not 8.
	BadOffsetSize
	// CountPastEnd: the IFD at Offset has no room for its entry count.
	CountPastEnd
	// TooManyEntries: the IFD at Offset has Found entries, more than Limit.
	TooManyEntries
	// EntriesPastEnd: the Found entries of the IFD at Offset run past the
	// end of the structure.
	EntriesPastEnd
	// BadType: the entry Tag has a type of unknown size or a zero count.
	BadType
	// ValueTooLarge: the value of entry Tag is Found bytes, more than Limit.
	ValueTooLarge
	// ValuePastEnd: the Found bytes of entry Tag at Offset run past the
	// end of the structure.
	ValuePastEnd
)

// Error is a structure that could not be read. Err is the read error when a
// read failed inside the structure (or the ByteSource's own error).
type Error struct {
	Kind   Kind
	Offset int64  // in the structure: of the header field, the IFD or the entry
	Tag    uint16 // the entry, for BadType, ValueTooLarge, ValuePastEnd
	Found  uint64
	Limit  uint64
	Err    error
}

func (e *Error) Error() string {
	var s string
	switch e.Kind {
	case ShortHeader:
		s = fmt.Sprintf("expected a %d-byte header, found %d bytes", e.Limit, e.Found)
	case BadOrder:
		s = "expected byte order II or MM, found neither"
	case BadMagic:
		s = fmt.Sprintf("expected a TIFF magic (42, 43, ORF or RW2), found %d", e.Found)
	case BadOffsetSize:
		s = fmt.Sprintf("expected a BigTIFF offset size of 8, found %d", e.Found)
	case CountPastEnd:
		s = "IFD: expected an entry count, found the end of the data"
	case TooManyEntries:
		s = fmt.Sprintf("IFD: expected at most %d entries, found %d", e.Limit, e.Found)
	case EntriesPastEnd:
		s = fmt.Sprintf("IFD: expected %d entries, found the end of the data", e.Found)
	case BadType:
		s = fmt.Sprintf("tag 0x%04x: expected a known type and a count, found neither", e.Tag)
	case ValueTooLarge:
		s = fmt.Sprintf("tag 0x%04x: expected at most %d bytes, found %d", e.Tag, e.Limit, e.Found)
	case ValuePastEnd:
		s = fmt.Sprintf("tag 0x%04x: expected %d bytes, found the end of the data", e.Tag, e.Found)
	}
	if e.Err != nil {
		s += ": " + e.Err.Error()
	}
	return fmt.Sprintf("tiffifd: %s (offset %d)", s, e.Offset)
}

func (e *Error) Unwrap() error { return e.Err }

// ParseHeader reads the header at the start of b (at least HeaderLen bytes,
// BigHeaderLen for a BigTIFF). It checks the byte order, that the magic is
// one of the Magic constants and a BigTIFF's offset size; which magics a
// caller reads, and where it accepts IFD0, are the caller's.
func ParseHeader(b []byte) (Header, error) {
	if len(b) < HeaderLen {
		return Header{}, &Error{Kind: ShortHeader, Found: uint64(len(b)), Limit: HeaderLen}
	}
	order, ok := Order(b)
	if !ok {
		return Header{}, &Error{Kind: BadOrder}
	}
	h := Header{Order: order, Magic: order.Uint16(b[2:]), IFD0: uint64(order.Uint32(b[4:]))}
	switch h.Magic {
	case MagicTIFF, MagicORF, MagicORFS, MagicRW2:
		return h, nil
	case MagicBigTIFF:
	default:
		return Header{}, &Error{Kind: BadMagic, Offset: 2, Found: uint64(h.Magic)}
	}
	if len(b) < BigHeaderLen {
		return Header{}, &Error{Kind: ShortHeader, Found: uint64(len(b)), Limit: BigHeaderLen}
	}
	if sz := order.Uint16(b[4:]); sz != 8 {
		return Header{}, &Error{Kind: BadOffsetSize, Offset: 4, Found: uint64(sz)}
	}
	h.Big, h.IFD0 = true, order.Uint64(b[8:])
	return h, nil
}

// ByteSource is an io.ReaderAt that hands out its bytes itself (from a
// buffer it holds, charging a budget it keeps): a Reader over one asks it
// for the entries and values instead of allocating and reading them. Its
// errors are passed on in Error.Err.
type ByteSource interface {
	io.ReaderAt
	BytesAt(off, n int64) ([]byte, error)
}

// Reader reads the IFDs of a TIFF structure of size bytes at base in r;
// offsets are relative to base, as the structure gives them.
type Reader struct {
	Header
	// Cap caps the entries of one IFD; 0 (or more than MaxEntries) is
	// MaxEntries.
	Cap int
	// Lenient: when an IFD has more entries than the cap or they run past
	// the end of the structure, ReadIFD returns with its error the first
	// entries, those that lie wholly inside and at most the cap.
	Lenient bool
	r       io.ReaderAt
	base    int64
	size    int64
}

// NewReader returns a Reader of the size bytes at base in r, whose header
// h the caller has read (see ParseHeader and New).
func NewReader(r io.ReaderAt, base, size int64, h Header) *Reader {
	return &Reader{Header: h, r: r, base: base, size: size}
}

// New reads the header of the size bytes at base in r and returns a Reader
// of them.
func New(r io.ReaderAt, base, size int64) (*Reader, error) {
	var b [BigHeaderLen]byte
	n := min(int64(len(b)), max(size, 0))
	got, err := r.ReadAt(b[:n], base)
	if int64(got) < n {
		if err == nil || errors.Is(err, io.EOF) {
			err = nil
		}
		return nil, &Error{Kind: ShortHeader, Found: uint64(got), Limit: HeaderLen, Err: err}
	}
	h, err := ParseHeader(b[:n])
	if err != nil {
		return nil, err
	}
	return NewReader(r, base, size, h), nil
}

// inside reports whether the n bytes at off lie inside the structure.
func (t *Reader) inside(off, n int64) bool {
	return off >= 0 && n >= 0 && off <= t.size && n <= t.size-off
}

// errShort is a read that ended before the bytes it was asked for.
var errShort = errors.New("short read")

// bytes returns the n bytes at off, which lie inside the structure; buf
// is used when it is large enough and r is not a ByteSource.
func (t *Reader) bytes(off, n int64, buf []byte) ([]byte, error) {
	if s, ok := t.r.(ByteSource); ok {
		return s.BytesAt(t.base+off, n)
	}
	var b []byte
	if n <= int64(len(buf)) {
		b = buf[:n]
	} else {
		b = make([]byte, n)
	}
	got, err := t.r.ReadAt(b, t.base+off)
	if int64(got) < n {
		if err == nil || errors.Is(err, io.EOF) {
			err = errShort
		}
		return nil, err
	}
	return b, nil
}

// Entry is one IFD entry: 12 bytes in a classic TIFF (a 4-byte value
// field), 20 in a BigTIFF (an 8-byte field).
type Entry struct {
	Tag, Type uint16
	Count     uint64
	Field     [8]byte // the value itself when it fits (see Inline), else its offset
	FieldLen  int     // 4 or 8
	At        int64   // the entry's offset in the structure
}

// Size is the value's size in bytes (BigTypeSize × Count): 0 for a type of
// unknown size; one that overflows 64 bits is the largest size, which
// every limit refuses.
func (e Entry) Size() uint64 {
	ts := BigTypeSize(e.Type)
	if ts != 0 && e.Count > ^uint64(0)/ts {
		return ^uint64(0)
	}
	return ts * e.Count
}

// Inline reports whether the value lies in the entry's field.
func (e Entry) Inline() bool { return e.Size() <= uint64(e.FieldLen) }

// ValueOffset is the field read as an offset (meaningful when the value is
// not inline).
func (e Entry) ValueOffset(order binary.ByteOrder) uint64 {
	if e.FieldLen == 8 {
		return order.Uint64(e.Field[:])
	}
	return uint64(order.Uint32(e.Field[:4]))
}

// IFD is one IFD: its entries and the offset of the next one.
type IFD struct {
	Offset  int64
	Entries []Entry
	// Next is the next-IFD offset; HasNext is false when the structure
	// ends before it (Next is then 0).
	Next    uint64
	HasNext bool
}

func layout(big bool) (countLen, entryLen, nextLen int64) {
	if big {
		return 8, 20, 8
	}
	return 2, 12, 4
}

// ReadIFD reads the IFD at off: a *Error of Kind CountPastEnd,
// TooManyEntries or EntriesPastEnd when it cannot. With Lenient, the
// IFD of a TooManyEntries or EntriesPastEnd error holds its first entries
// (see Lenient). An offset inside the header is read like any
// other: refusing it is the caller's.
func (t *Reader) ReadIFD(off int64) (IFD, error) {
	countLen, entryLen, nextLen := layout(t.Big)
	var buf [8]byte
	if !t.inside(off, countLen) {
		return IFD{}, &Error{Kind: CountPastEnd, Offset: off}
	}
	b, err := t.bytes(off, countLen, buf[:])
	if err != nil {
		return IFD{}, &Error{Kind: CountPastEnd, Offset: off, Err: err}
	}
	var n uint64
	if t.Big {
		n = t.Order.Uint64(b)
	} else {
		n = uint64(t.Order.Uint16(b))
	}
	limit := MaxEntries
	if t.Cap > 0 && t.Cap < MaxEntries {
		limit = t.Cap
	}
	at := off + countLen
	var bad *Error
	switch {
	case n > uint64(limit):
		bad = &Error{Kind: TooManyEntries, Offset: off, Found: n, Limit: uint64(limit)}
	case !t.inside(at, entryLen*int64(n)):
		bad = &Error{Kind: EntriesPastEnd, Offset: off, Found: n}
	}
	if bad != nil {
		if !t.Lenient {
			return IFD{}, bad
		}
		d, err := t.entries(off, at, min(int64(min(n, uint64(limit))), (t.size-at)/entryLen))
		if err == nil {
			err = bad
		}
		return d, err
	}
	d, err := t.entries(off, at, int64(n))
	if err != nil {
		return IFD{}, err
	}
	at += entryLen * int64(n)
	if t.inside(at, nextLen) {
		if nb, err := t.bytes(at, nextLen, buf[:]); err == nil {
			d.HasNext = true
			if t.Big {
				d.Next = t.Order.Uint64(nb)
			} else {
				d.Next = uint64(t.Order.Uint32(nb))
			}
		}
	}
	return d, nil
}

// entries reads the n entries at at of the IFD at off.
func (t *Reader) entries(off, at, n int64) (IFD, error) {
	_, entryLen, _ := layout(t.Big)
	b, err := t.bytes(at, entryLen*n, nil)
	if err != nil {
		return IFD{}, &Error{Kind: EntriesPastEnd, Offset: off, Found: uint64(n), Err: err}
	}
	d := IFD{Offset: off, Entries: make([]Entry, n)}
	for i := range d.Entries {
		eb := b[entryLen*int64(i):]
		e := &d.Entries[i]
		e.Tag, e.Type, e.At = t.Order.Uint16(eb), t.Order.Uint16(eb[2:]), at+entryLen*int64(i)
		if t.Big {
			e.Count, e.FieldLen = t.Order.Uint64(eb[4:]), 8
			copy(e.Field[:], eb[12:20])
		} else {
			e.Count, e.FieldLen = uint64(t.Order.Uint32(eb[4:])), 4
			copy(e.Field[:4], eb[8:12])
		}
	}
	return d, nil
}

// Value returns the bytes of e's value: its field when inline, else the
// bytes at its offset, refusing a value over limit bytes (ValueTooLarge),
// of a type of unknown size or a zero count (BadType), or past the end of
// the structure (ValuePastEnd). An inline value shares e's memory; others
// are read fresh, or are the ByteSource's.
func (t *Reader) Value(e *Entry, limit int64) ([]byte, error) {
	sz := e.Size()
	if sz == 0 {
		return nil, &Error{Kind: BadType, Offset: e.At, Tag: e.Tag}
	}
	if sz <= uint64(e.FieldLen) {
		return e.Field[:sz], nil
	}
	if limit < 0 || sz > uint64(limit) {
		return nil, &Error{Kind: ValueTooLarge, Offset: e.At, Tag: e.Tag, Found: sz, Limit: uint64(max(limit, 0))}
	}
	off := e.ValueOffset(t.Order)
	if off > uint64(t.size) || !t.inside(int64(off), int64(sz)) {
		return nil, &Error{Kind: ValuePastEnd, Offset: e.At, Tag: e.Tag, Found: sz}
	}
	b, err := t.bytes(int64(off), int64(sz), nil)
	if err != nil {
		return nil, &Error{Kind: ValuePastEnd, Offset: e.At, Tag: e.Tag, Found: sz, Err: err}
	}
	return b, nil
}

// Uint reads the first value in b of an unsigned integer type (BYTE, SHORT,
// LONG, IFD, LONG8, IFD8); false for another type or too few bytes.
func (h Header) Uint(typ uint16, b []byte) (uint64, bool) {
	switch typ {
	case Byte:
		if len(b) >= 1 {
			return uint64(b[0]), true
		}
	case Short:
		if len(b) >= 2 {
			return uint64(h.Order.Uint16(b)), true
		}
	case Long, IFDType:
		if len(b) >= 4 {
			return uint64(h.Order.Uint32(b)), true
		}
	case Long8, IFD8:
		if len(b) >= 8 {
			return h.Order.Uint64(b), true
		}
	}
	return 0, false
}

// Visited guards a walk over IFDs that point at each other against loops
// and against too many IFDs. The zero Visited allows none: see NewVisited.
type Visited struct {
	seen []int64
	max  int
}

// NewVisited returns a Visited that allows max IFDs.
func NewVisited(max int) *Visited { return &Visited{max: max} }

// Visit records the IFD at off; false when it was visited already (a loop)
// or max IFDs were.
func (v *Visited) Visit(off int64) bool {
	if len(v.seen) >= v.max {
		return false
	}
	for _, o := range v.seen {
		if o == off {
			return false
		}
	}
	v.seen = append(v.seen, off)
	return true
}

// Len is the number of IFDs visited.
func (v *Visited) Len() int { return len(v.seen) }
