package embed

// The IFD readers of exif.go before tiffifd, kept to compare the two
// (TestEXIFIFDSameAsOld, FuzzEXIFIFDSameAsOld).

import (
	"encoding/binary"
	"fmt"
)

const (
	oldMaxIFDEntries = 4096
	oldTypeUndefined = 7
)

// oldIFD0 is IFD0 of an EXIF payload as rewriteEXIF reads it.
type oldIFD0 struct {
	t       []byte // the TIFF data
	order   binary.ByteOrder
	o       int64 // IFD0's offset in t
	n       int   // its number of entries
	entries []ifd0Entry
	old     map[uint16][]byte // the value of each tag of set, as found
	place   map[uint16]int64  // where in t that value is, -1 when not ASCII
	found   map[uint16][]byte // the entry of each tag of set
	next    []byte            // the next-IFD offset, 4 bytes
}

// oldReadIFD0 reads IFD0 of an EXIF APP1 payload: its entries other than
// the tags of set (in entries) and, for each tag of set it holds, the
// entry, the ASCII value and where it lies. It returns a warning and no
// IFD0 when a tag of set is there twice (the EXIF is then left out), and
// a *RefusedError when the TIFF header or IFD0 cannot be read.
func oldReadIFD0(payload []byte, segOff int, set map[uint16]string) (*oldIFD0, []string, error) {
	t, order, problem := oldTIFFOf(payload)
	if problem != "" {
		return nil, nil, refuse(segOff, "EXIF segment: %s", problem)
	}
	o := int64(order.Uint32(t[4:]))
	if o < 8 || o > int64(len(t))-2 {
		return nil, nil, refuse(segOff, "EXIF segment: expected IFD0 inside the %d bytes of TIFF data, found it at %d", len(t), o)
	}
	n := int(order.Uint16(t[o:]))
	if n > oldMaxIFDEntries || int64(n)*12+6 > int64(len(t))-o {
		return nil, nil, refuse(segOff, "EXIF segment: IFD0 at %d: expected %d entries and a next-IFD offset inside the data, found %d bytes", o, n, int64(len(t))-o)
	}
	d := &oldIFD0{t: t, order: order, o: o, n: n, old: map[uint16][]byte{}, place: map[uint16]int64{}, found: map[uint16][]byte{}}
	for i := 0; i < n; i++ {
		at := o + 2 + int64(i)*12
		e := t[at : at+12]
		tag := order.Uint16(e)
		if _, ok := set[tag]; ok {
			if d.found[tag] != nil {
				return nil, []string{"exif: IFD0 holds " + exifTagNames[tag] + " twice; EXIF left out"}, nil
			}
			d.found[tag] = e
			d.place[tag] = -1
			typ, cnt := order.Uint16(e[2:]), int64(order.Uint32(e[4:]))
			if typ == typeASCII {
				switch {
				case cnt <= 4:
					d.old[tag], d.place[tag] = e[8:8+cnt], at+8
				default:
					off := int64(order.Uint32(e[8:]))
					if off >= 8 && off <= int64(len(t)) && cnt <= int64(len(t))-off {
						d.old[tag], d.place[tag] = t[off:off+cnt], off
					}
				}
			}
			continue
		}
		d.entries = append(d.entries, ifd0Entry{tag, e})
	}
	d.next = t[o+2+int64(n)*12 : o+2+int64(n)*12+4]
	return d, nil, nil
}

// sharedValues returns the tags of set whose value bytes another IFD0
// entry also points at (a writer that stores equal strings once): such a
// value is not overwritten in place, for the other tag would change with
// it.
func (d *oldIFD0) oldSharedValues() map[uint16]bool {
	t, order, o := d.t, d.order, d.o
	shared := map[uint16]bool{}
	for tag, at := range d.place {
		if at < 0 || len(d.old[tag]) <= 4 {
			continue
		}
		lo, hi := at, at+int64(len(d.old[tag]))
		for i := 0; i < d.n; i++ {
			e := t[o+2+int64(i)*12 : o+14+int64(i)*12]
			typ, cnt := order.Uint16(e[2:]), int64(order.Uint32(e[4:]))
			sz := int64(oldTypeSize(typ)) * cnt
			if order.Uint16(e) == tag || sz <= 4 || cnt > int64(len(t)) {
				continue
			}
			if off := int64(order.Uint32(e[8:])); off < hi && lo < off+sz {
				shared[tag] = true
			}
		}
	}
	return shared
}

// oldTIFFSpan is a range of bytes an IFD entry or an IFD pointer reads,
// from the TIFF header (it may lie past the end of the TIFF data).
type oldTIFFSpan struct {
	off, n int64
	what   string // "the value of the Exif IFD's tag 0x9003", "the GPS IFD"
}

// oldTIFFWalk is what oldWalkTIFF found.
type oldTIFFWalk struct {
	// broken: the structure cannot be walked to its end (a loop, too many
	// IFDs, an unknown type, an IFD that runs past the data).
	broken bool
	// makerNote: an Exif IFD has a maker note, whose inner offsets
	// captag does not walk.
	makerNote bool
	// outside lists the IFDs and values that lie, wholly or partly, past
	// the end of the TIFF data: a reader takes them from the bytes that
	// follow the segment in the file.
	outside []oldTIFFSpan
}

// oldMaxWalkedIFDs bounds the IFDs oldWalkTIFF visits.
const oldMaxWalkedIFDs = 64

// oldWalkTIFF walks the IFDs reachable from IFD0 of the TIFF data t: IFD0's
// chain (IFD1 and after), the Exif, GPS and Interoperability IFDs, every
// SubIFD (0x014A, each offset of its array), and the thumbnail
// (0x0201/0x0202). It does not follow a pointer past the end of t; it
// lists it.
func oldWalkTIFF(t []byte, order binary.ByteOrder, oldIFD0 int64) oldTIFFWalk {
	const (
		tagExifIFD   = 0x8769
		tagGPSIFD    = 0x8825
		tagInterop   = 0xA005
		tagSubIFDs   = 0x014A
		tagMakerNote = 0x927C
		tagThumbOff  = 0x0201
		tagThumbLen  = 0x0202
		typeLong     = 4
		typeIFD      = 13
	)
	var w oldTIFFWalk
	size := int64(len(t))
	type ifd struct {
		o     int64
		chain bool // in IFD0's chain: its next pointer is followed
		what  string
	}
	todo := []ifd{{oldIFD0, true, "IFD0"}}
	seen := map[int64]bool{}
	for len(todo) > 0 {
		cur := todo[0]
		todo = todo[1:]
		o := cur.o
		if o == 0 && !cur.chain {
			continue // no such IFD, as some writers say it
		}
		if o >= 8 && o > size-2 {
			w.outside = append(w.outside, oldTIFFSpan{o, 2, theIFD(cur.what)})
			continue
		}
		if seen[o] || len(seen) >= oldMaxWalkedIFDs || o < 8 {
			w.broken = true
			continue
		}
		seen[o] = true
		n := int64(order.Uint16(t[o:]))
		if n > oldMaxIFDEntries {
			w.broken = true
			continue
		}
		if n*12+6 > size-o {
			w.outside = append(w.outside, oldTIFFSpan{o, 2 + n*12 + 4, theIFD(cur.what)})
			continue
		}
		var thumbOff, thumbLen int64 = -1, -1
		for i := int64(0); i < n; i++ {
			e := t[o+2+i*12 : o+14+i*12]
			tag, typ, cnt := order.Uint16(e), order.Uint16(e[2:]), int64(order.Uint32(e[4:]))
			what := fmt.Sprintf("the value of %s's tag 0x%04X", theIFD(cur.what), tag)
			if tag == tagMakerNote {
				w.makerNote = true
			}
			if oldTypeSize(typ) == 0 {
				w.broken = true
				continue
			}
			sz := int64(oldTypeSize(typ)) * cnt
			val := e[8:12]
			if sz > 4 {
				off := int64(order.Uint32(e[8:]))
				if off < 8 {
					w.broken = true
					continue
				}
				if off > size || sz > size-off {
					w.outside = append(w.outside, oldTIFFSpan{off, sz, what})
					continue
				}
				val = t[off : off+sz]
			}
			switch tag {
			case tagExifIFD, tagGPSIFD, tagInterop:
				if cnt != 1 || oldTypeSize(typ) != 4 {
					w.broken = true
					continue
				}
				name := map[uint16]string{tagExifIFD: "Exif IFD", tagGPSIFD: "GPS IFD", tagInterop: "Interoperability IFD"}[tag]
				todo = append(todo, ifd{int64(order.Uint32(val)), false, name})
			case tagSubIFDs:
				if typ != typeLong && typ != typeIFD {
					w.broken = true
					continue
				}
				for k := int64(0); k < cnt; k++ {
					todo = append(todo, ifd{int64(order.Uint32(val[k*4:])), false, fmt.Sprintf("SubIFD %d of %s", k, theIFD(cur.what))})
				}
			case tagThumbOff:
				thumbOff = int64(order.Uint32(e[8:]))
			case tagThumbLen:
				thumbLen = int64(order.Uint32(e[8:]))
			}
		}
		switch {
		case thumbOff >= 0 && thumbLen < 0:
			w.broken = true
		case thumbOff >= 0 && (thumbOff > size || thumbLen > size-thumbOff):
			w.outside = append(w.outside, oldTIFFSpan{thumbOff, thumbLen, theIFD(cur.what) + "'s thumbnail"})
		}
		if next := int64(order.Uint32(t[o+2+n*12:])); cur.chain && next != 0 {
			todo = append(todo, ifd{next, true, fmt.Sprintf("IFD%d", len(seen))})
		}
	}
	return w
}

// oldTypeSize is the size of one value of a TIFF type; 0 for an unknown type.
func oldTypeSize(typ uint16) int {
	switch typ {
	case 1, 2, 6, 7:
		return 1
	case 3, 8:
		return 2
	case 4, 9, 11, 13:
		return 4
	case 5, 10, 12:
		return 8
	}
	return 0
}

// oldIFD0Has reports whether IFD0 of an EXIF APP1 payload ("Exif\0\0" and
// the TIFF data) has an entry with the tag; false when it cannot be read.
func oldIFD0Has(payload []byte, tag uint16) bool {
	t, order, err := oldTIFFOf(payload)
	if err != "" {
		return false
	}
	o := int64(order.Uint32(t[4:]))
	if o < 8 || o > int64(len(t))-2 {
		return false
	}
	n := int64(order.Uint16(t[o:]))
	for i := int64(0); i < n && o+2+i*12+2 <= int64(len(t)); i++ {
		if order.Uint16(t[o+2+i*12:]) == tag {
			return true
		}
	}
	return false
}

// oldTIFFOf returns the TIFF data of an EXIF APP1 payload ("Exif\0\0", then
// the TIFF header) and its byte order, or what is wrong with it.
func oldTIFFOf(payload []byte) (t []byte, order binary.ByteOrder, problem string) {
	if len(payload) < exifHeader+8 {
		return nil, nil, fmt.Sprintf("expected a TIFF header, found %d bytes", len(payload))
	}
	t = payload[exifHeader:]
	switch string(t[:4]) {
	case "II*\x00":
		return t, binary.LittleEndian, ""
	case "MM\x00*":
		return t, binary.BigEndian, ""
	}
	return nil, nil, fmt.Sprintf("expected a TIFF header (II*\\0 or MM\\0*), found % x", t[:4])
}

// oldReadMPF finds the MPEntry array of the APP2 payload p (signature
// included), or says what is wrong with it.
func oldReadMPF(p []byte) (mpfIndex, string) {
	if len(p) < mpfTIFFHeader+mpfMinTIFFData {
		return mpfIndex{}, "expected an MPF TIFF header and index, found a short segment"
	}
	t := p[mpfTIFFHeader:]
	var order binary.ByteOrder
	switch string(t[:4]) {
	case "II*\x00":
		order = binary.LittleEndian
	case "MM\x00*":
		order = binary.BigEndian
	default:
		return mpfIndex{}, "expected an MPF TIFF header (II*\\0 or MM\\0*), found another"
	}
	o := int64(order.Uint32(t[4:]))
	if o < 8 || o > int64(len(t))-2 {
		return mpfIndex{}, "expected the MP Index IFD inside the MPF segment, found its offset past it"
	}
	n := int64(order.Uint16(t[o:]))
	if n > oldMaxIFDEntries || o+2+n*12 > int64(len(t)) {
		return mpfIndex{}, "expected the MP Index IFD's entries inside the MPF segment, found them cut"
	}
	for i := int64(0); i < n; i++ {
		e := t[o+2+i*12 : o+14+i*12]
		if order.Uint16(e) != tagMPEntry {
			continue
		}
		cnt := int64(order.Uint32(e[4:]))
		if order.Uint16(e[2:]) != oldTypeUndefined || cnt%mpEntrySize != 0 || cnt == 0 || cnt/mpEntrySize > maxMPFEntries {
			return mpfIndex{}, "expected MPEntry as UNDEFINED data of 16 bytes per image, found another form"
		}
		off := int64(order.Uint32(e[8:]))
		if cnt <= 4 || off < 8 || off > int64(len(t)) || cnt > int64(len(t))-off {
			return mpfIndex{}, "expected the MPEntry data inside the MPF segment, found it outside"
		}
		return mpfIndex{order: order, at: mpfTIFFHeader + int(off), n: int(cnt / mpEntrySize)}, ""
	}
	return mpfIndex{}, "expected an MPEntry (0xB002) in the MP Index IFD, found none"
}
