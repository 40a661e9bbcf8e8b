// Package iim is the one parser of Photoshop image resource blocks
// (Adobe Photoshop File Formats Specification, "Image Resource Blocks")
// and of IPTC-IIM datasets (IIM 4.2) in captag: the metadata reader
// decodes the values it returns, and the embedder (sidecar/embed) keeps
// their bytes and offsets to rewrite a block.
//
// It reads one resource or one dataset at a time from a []byte and checks
// every length before use; what a caller refuses, warns about, skips or
// caps, and in what words, is the caller's. It imports no captag package.
//
// The path is not internal because sidecar/embed imports it; it is not an
// API for programs outside the module.
package iim

import (
	"encoding/binary"
	"fmt"
)

// Photoshop resource and IIM constants.
const (
	SigPhotoshop   = "8BIM"    // the signature whose resources captag reads and writes
	ResourceIPTC   = 0x0404    // IPTC-NAA record: the IIM block
	ResourceDigest = 0x0425    // IPTC digest: the MD5 of the IIM block
	Tag            = 0x1C      // every IIM dataset starts with it
	HeaderLen      = 5         // tag, record, dataset, u16 length
	MaxExtLenSize  = 4         // bytes of an extended length field accepted
	resourceHeader = 4 + 2 + 1 // signature, id, the name's length byte
)

// Kind is what made a resource or a dataset unreadable.
type Kind int

const (
	// ShortHeader: fewer bytes than a header at Offset (Have of them).
	ShortHeader Kind = iota + 1
	// BadSignature: the resource at Offset has a signature (Found) that is
	// none of 8BIM and the others seen in the wild (PHUT, AgHg, DCSR, MeSa).
	BadSignature
	// NoSize: resource ID at Offset has no room for its 4-byte size.
	NoSize
	// ShortData: resource ID or dataset Rec:Num at Offset says Size bytes,
	// Have follow.
	ShortData
	// NotTag: the byte at Offset is Found, not the dataset tag 0x1C.
	NotTag
	// BadExtLength: dataset Rec:Num at Offset has an extended length
	// whose field is Size bytes long, not 1 to MaxExtLenSize of those
	// left.
	BadExtLength
)

// Error is a resource or dataset that could not be read. Offset is where
// it starts in the block given.
type Error struct {
	Kind     Kind
	Offset   int
	ID       uint16 // the resource's id
	Rec, Num uint8  // the dataset's record and number
	Found    []byte // the signature (BadSignature) or byte (NotTag)
	Size     uint64 // the size said (ShortData), the length field's size (BadExtLength)
	Have     int    // the bytes there are
}

func (e *Error) Error() string {
	var s string
	switch e.Kind {
	case ShortHeader:
		s = fmt.Sprintf("expected a header, found %d bytes", e.Have)
	case BadSignature:
		s = fmt.Sprintf("expected a Photoshop image resource signature (8BIM), found % x", e.Found)
	case NoSize:
		s = fmt.Sprintf("Photoshop image resource %04X: expected a size, found the end of the data", e.ID)
	case ShortData:
		s = fmt.Sprintf("expected %d bytes, found %d", e.Size, e.Have)
	case NotTag:
		s = fmt.Sprintf("expected an IIM dataset tag 1C, found % x", e.Found)
	case BadExtLength:
		s = fmt.Sprintf("IIM dataset %d:%02d: expected an extended length of 1 to %d bytes, found %d", e.Rec, e.Num, MaxExtLenSize, e.Size)
	}
	return fmt.Sprintf("iim: %s (offset %d)", s, e.Offset)
}

// Resource is one Photoshop image resource at b[Start:End].
type Resource struct {
	Sig    string
	ID     uint16
	Name   []byte // the Pascal name with its length byte and padding
	Data   []byte
	Start  int // the signature
	DataAt int // Data's offset
	End    int // after Data and its pad byte (when b holds it)
}

// knownSignature returns b as 8BIM or one of the other resource
// signatures seen in the wild (exiftool Photoshop.pm), walked over but
// never read: a constant, so that nothing is allocated. false when it is
// none of them.
func knownSignature(b []byte) (string, bool) {
	switch string(b) {
	case SigPhotoshop:
		return SigPhotoshop, true
	case "PHUT":
		return "PHUT", true
	case "AgHg":
		return "AgHg", true
	case "DCSR":
		return "DCSR", true
	case "MeSa":
		return "MeSa", true
	}
	return "", false
}

// ResourceAt reads the resource that starts at pos in b (pos < len(b)).
func ResourceAt(b []byte, pos int) (Resource, error) {
	if len(b)-pos < resourceHeader {
		return Resource{}, &Error{Kind: ShortHeader, Offset: pos, Have: len(b) - pos}
	}
	sig, ok := knownSignature(b[pos : pos+4])
	if !ok {
		return Resource{}, &Error{Kind: BadSignature, Offset: pos, Found: b[pos : pos+4]}
	}
	id := binary.BigEndian.Uint16(b[pos+4:])
	nl := int(b[pos+6])
	p := pos + resourceHeader + nl
	if nl%2 == 0 {
		p++ // the name with its length byte is padded to even
	}
	if p > len(b)-4 {
		return Resource{}, &Error{Kind: NoSize, Offset: pos, ID: id}
	}
	size := uint64(binary.BigEndian.Uint32(b[p:]))
	if size > uint64(len(b)-p-4) {
		return Resource{}, &Error{Kind: ShortData, Offset: pos, ID: id, Size: size, Have: len(b) - p - 4}
	}
	end := p + 4 + int(size)
	r := Resource{Sig: sig, ID: id, Name: b[pos+6 : p], Data: b[p+4 : end], Start: pos, DataAt: p + 4}
	if size%2 == 1 && end < len(b) {
		end++
	}
	r.End = end
	return r, nil
}

// AppendResource appends an 8BIM resource with the given name (as in
// Resource.Name; nil for an empty name) and data.
func AppendResource(out []byte, id uint16, name, data []byte) []byte {
	out = append(out, SigPhotoshop...)
	out = binary.BigEndian.AppendUint16(out, id)
	if len(name) == 0 {
		name = []byte{0, 0}
	}
	out = append(out, name...)
	out = binary.BigEndian.AppendUint32(out, uint32(len(data)))
	out = append(out, data...)
	if len(data)%2 == 1 {
		out = append(out, 0)
	}
	return out
}

// Dataset is one IIM dataset at b[Start:End].
type Dataset struct {
	Rec, Num uint8
	Value    []byte
	Start    int // the tag
	ValueAt  int // Value's offset
	End      int
}

// DatasetAt reads the dataset that starts at pos in b (pos < len(b)): a
// 2-byte length or, with its top bit set, an extended length whose low
// 15 bits give the size of the length field that follows (IIM 4.2
// §1.5.2).
func DatasetAt(b []byte, pos int) (Dataset, error) {
	if b[pos] != Tag {
		return Dataset{}, &Error{Kind: NotTag, Offset: pos, Found: b[pos : pos+1]}
	}
	if len(b)-pos < HeaderLen {
		return Dataset{}, &Error{Kind: ShortHeader, Offset: pos, Have: len(b) - pos}
	}
	rec, num := b[pos+1], b[pos+2]
	size := uint64(binary.BigEndian.Uint16(b[pos+3:]))
	p := pos + HeaderLen
	if size&0x8000 != 0 {
		n := int(size & 0x7FFF)
		if n == 0 || n > MaxExtLenSize || n > len(b)-p {
			return Dataset{}, &Error{Kind: BadExtLength, Offset: pos, Rec: rec, Num: num, Size: uint64(n), Have: len(b) - p}
		}
		size = 0
		for _, c := range b[p : p+n] {
			size = size<<8 | uint64(c)
		}
		p += n
	}
	if size > uint64(len(b)-p) {
		return Dataset{}, &Error{Kind: ShortData, Offset: pos, Rec: rec, Num: num, Size: size, Have: len(b) - p}
	}
	end := p + int(size)
	return Dataset{Rec: rec, Num: num, Value: b[p:end], Start: pos, ValueAt: p, End: end}, nil
}

// maxShortLength is the longest value a 2-byte dataset length holds.
const maxShortLength = 0x7FFF

// AppendDataset appends dataset rec:num with value v: a 2-byte length up
// to 0x7FFF bytes, a 4-byte extended length beyond.
func AppendDataset(out []byte, rec, num uint8, v []byte) []byte {
	out = append(out, Tag, rec, num)
	if len(v) <= maxShortLength {
		return append(binary.BigEndian.AppendUint16(out, uint16(len(v))), v...)
	}
	out = binary.BigEndian.AppendUint16(out, 0x8000|MaxExtLenSize)
	return append(binary.BigEndian.AppendUint32(out, uint32(len(v))), v...)
}
