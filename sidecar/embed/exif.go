package embed

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"sort"
	"strings"

	"github.com/captag/captag/metadata/tiffifd"
)

// IFD0 tags Options.EXIF writes (EXIF 2.32 / TIFF 6.0), all ASCII.
const (
	tagImageDescription = 0x010E
	tagArtist           = 0x013B
	tagCopyright        = 0x8298
	typeASCII           = 2
	exifHeader          = 6 // "Exif\0\0" before the TIFF data
)

var exifTagNames = map[uint16]string{
	tagImageDescription: "IFD0 ImageDescription",
	tagArtist:           "IFD0 Artist",
	tagCopyright:        "IFD0 Copyright",
}

// rewriteEXIF returns the payload of an EXIF APP1 segment (it starts with
// "Exif\0\0", then the TIFF data) with the IFD0 ASCII tags of set given
// those values, and the names of the tags that changed; nil when nothing
// changes. Nothing in the TIFF data moves: IFD0 is written anew after
// the end of the data, its other entries copied as they are (their
// offsets point where they did), and the header points to it. The old
// IFD0 stays where it was, unreferenced. A TIFF structure it cannot walk
// is a *RefusedError.
func rewriteEXIF(payload []byte, segOff int, set map[uint16]string) (_ []byte, changed, warns []string, _ error) {
	d, warns, err := readIFD0(payload, segOff, set)
	if err != nil || warns != nil {
		return nil, nil, warns, err
	}
	shared := d.sharedValues()
	changed, grow := d.plan(set, shared)
	if len(changed) == 0 {
		return nil, nil, nil, nil
	}
	if !grow || !relocatable(d.t, d.order, d.o) {
		return d.writeInPlace(payload, set, shared)
	}
	out, err := d.writeAfter(payload, set, segOff)
	if err != nil {
		return nil, nil, nil, err
	}
	return out, changed, nil, nil
}

// ifd0Entry is one IFD0 entry: its tag and its 12 bytes.
type ifd0Entry struct {
	tag uint16
	raw []byte // 12 bytes
}

// ifd0 is IFD0 of an EXIF payload as rewriteEXIF reads it.
type ifd0 struct {
	t       []byte // the TIFF data
	order   binary.ByteOrder
	o       int64 // IFD0's offset in t
	n       int   // its number of entries
	entries []ifd0Entry
	all     []tiffifd.Entry   // every entry, as read
	old     map[uint16][]byte // the value of each tag of set, as found
	place   map[uint16]int64  // where in t that value is, -1 when not ASCII
	found   map[uint16][]byte // the entry of each tag of set
	next    []byte            // the next-IFD offset, 4 bytes
}

// readIFD0 reads IFD0 of an EXIF APP1 payload: its entries other than
// the tags of set (in entries) and, for each tag of set it holds, the
// entry, the ASCII value and where it lies. It returns a warning and no
// IFD0 when a tag of set is there twice (the EXIF is then left out), and
// a *RefusedError when the TIFF header or IFD0 cannot be read.
func readIFD0(payload []byte, segOff int, set map[uint16]string) (*ifd0, []string, error) {
	t, order, problem := tiffOf(payload)
	if problem != "" {
		return nil, nil, refuse(segOff, "EXIF segment: %s", problem)
	}
	o := int64(order.Uint32(t[4:]))
	if o < 8 || o > int64(len(t))-2 {
		return nil, nil, refuse(segOff, "EXIF segment: expected IFD0 inside the %d bytes of TIFF data, found it at %d", len(t), o)
	}
	dir, err := tiffReader(t, order).ReadIFD(o)
	if err != nil || !dir.HasNext {
		n := len(dir.Entries)
		if e, ok := err.(*tiffifd.Error); ok {
			n = int(e.Found)
		}
		return nil, nil, refuse(segOff, "EXIF segment: IFD0 at %d: expected %d entries and a next-IFD offset inside the data, found %d bytes", o, n, int64(len(t))-o)
	}
	n := len(dir.Entries)
	d := &ifd0{t: t, order: order, o: o, n: n, all: dir.Entries, old: map[uint16][]byte{}, place: map[uint16]int64{}, found: map[uint16][]byte{}}
	for _, de := range dir.Entries {
		at := de.At
		e := t[at : at+12]
		tag := de.Tag
		if _, ok := set[tag]; ok {
			if d.found[tag] != nil {
				return nil, []string{"exif: IFD0 holds " + exifTagNames[tag] + " twice; EXIF left out"}, nil
			}
			d.found[tag] = e
			d.place[tag] = -1
			typ, cnt := de.Type, int64(de.Count)
			if typ == typeASCII {
				switch {
				case cnt <= 4:
					d.old[tag], d.place[tag] = e[8:8+cnt], at+8
				default:
					off := int64(de.ValueOffset(order))
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

// tiffReader reads the IFDs of the TIFF data t of an EXIF payload.
func tiffReader(t []byte, order binary.ByteOrder) *tiffifd.Reader {
	return tiffifd.NewReader(bytes.NewReader(t), 0, int64(len(t)), tiffifd.Header{Order: order, Magic: tiffifd.MagicTIFF})
}

// sharedValues returns the tags of set whose value bytes another IFD0
// entry also points at (a writer that stores equal strings once): such a
// value is not overwritten in place, for the other tag would change with
// it.
func (d *ifd0) sharedValues() map[uint16]bool {
	t, order := d.t, d.order
	shared := map[uint16]bool{}
	for tag, at := range d.place {
		if at < 0 || len(d.old[tag]) <= 4 {
			continue
		}
		lo, hi := at, at+int64(len(d.old[tag]))
		for _, e := range d.all {
			cnt := int64(e.Count)
			sz := int64(tiffifd.TypeSize(e.Type)) * cnt
			if e.Tag == tag || sz <= 4 || cnt > int64(len(t)) {
				continue
			}
			if off := int64(e.ValueOffset(order)); off < hi && lo < off+sz {
				shared[tag] = true
			}
		}
	}
	return shared
}

// plan compares set with the values found: a tag whose value is already
// there is dropped from set and its entry kept as it is. It returns the
// names of the tags that change (sorted) and whether one of them needs
// more room than its value has (or has none, or shares its bytes).
func (d *ifd0) plan(set map[uint16]string, shared map[uint16]bool) (changed []string, grow bool) {
	for tag, v := range set {
		cur, ok := d.old[tag]
		if ok && string(bytes.TrimRight(cur, "\x00")) == v {
			// Unchanged: its entry stays as it is.
			delete(set, tag)
			d.entries = append(d.entries, ifd0Entry{tag, d.found[tag]})
			continue
		}
		changed = append(changed, exifTagNames[tag])
		if !ok || len(v)+1 > len(cur) || shared[tag] {
			grow = true
		}
	}
	sortStrings(changed)
	return changed, grow
}

// writeInPlace returns payload with each value of set written over the
// old one, NUL-padded to its count, the names of the tags written and
// warnings for those left out: a value with no room, or whose bytes are
// shared (appending data after the end could land where an unread
// pointer, say in a maker note, already points). nil when none is
// written.
func (d *ifd0) writeInPlace(payload []byte, set map[uint16]string, shared map[uint16]bool) (_ []byte, changed, warns []string, _ error) {
	out := append([]byte(nil), payload...)
	for tag, v := range set {
		cur, ok := d.old[tag]
		if shared[tag] {
			warns = append(warns, "exif: "+exifTagNames[tag]+": its bytes are shared with another tag and the EXIF cannot be safely extended (a maker note or data past its end); left out")
			continue
		}
		if !ok || len(v)+1 > len(cur) {
			warns = append(warns, "exif: "+exifTagNames[tag]+": no room for the value in place and the EXIF cannot be safely extended (a maker note or data past its end); left out")
			continue
		}
		at := int64(exifHeader) + d.place[tag]
		copy(out[at:at+int64(len(cur))], make([]byte, len(cur)))
		copy(out[at:], v)
		changed = append(changed, exifTagNames[tag])
	}
	sortStrings(changed)
	sortStrings(warns)
	if len(changed) == 0 {
		return nil, nil, warns, nil
	}
	return out, changed, warns, nil
}

// writeAfter returns payload with a new IFD0 after the end of the data,
// word-aligned, and the values of set after it: the entries of d (other
// tags copied as they are, their offsets pointing where they did) and
// those of set, in tag order; the TIFF header points to it. A payload
// past 64 KiB is a *RefusedError.
func (d *ifd0) writeAfter(payload []byte, set map[uint16]string, segOff int) ([]byte, error) {
	order, entries := d.order, d.entries
	out := append([]byte(nil), payload...)
	if (len(out)-exifHeader)%2 == 1 {
		out = append(out, 0)
	}
	at := int64(len(out) - exifHeader)
	for tag, v := range set {
		var e [12]byte
		order.PutUint16(e[:], tag)
		order.PutUint16(e[2:], typeASCII)
		order.PutUint32(e[4:], uint32(len(v)+1))
		entries = append(entries, ifd0Entry{tag, e[:]})
	}
	sort.SliceStable(entries, func(i, j int) bool { return entries[i].tag < entries[j].tag })
	dataAt := at + 2 + int64(len(entries))*12 + 4
	var data []byte
	var cnt [2]byte
	order.PutUint16(cnt[:], uint16(len(entries)))
	out = append(out, cnt[:]...)
	for _, e := range entries {
		v, ours := set[e.tag]
		if !ours {
			out = append(out, e.raw...)
			continue
		}
		raw := append([]byte(nil), e.raw...)
		val := append([]byte(v), 0)
		if len(val) <= 4 {
			copy(raw[8:12], make([]byte, 4))
			copy(raw[8:], val)
		} else {
			order.PutUint32(raw[8:], uint32(dataAt+int64(len(data))))
			data = append(data, val...)
			if len(data)%2 == 1 {
				data = append(data, 0)
			}
		}
		out = append(out, raw...)
	}
	out = append(out, d.next...)
	out = append(out, data...)
	order.PutUint32(out[exifHeader+4:], uint32(at))
	if len(out) > maxSegmentPayload {
		return nil, refuse(segOff, "expected the EXIF segment to fit in 64 KiB, found %d bytes after the rewrite", len(out))
	}
	return out, nil
}

// relocatable reports whether data can be appended after the end of the
// TIFF data t without landing where something already points: there is
// no maker note (whose inner offsets captag does not walk), and every
// IFD and value reachable from IFD0 lies inside t — IFD1 and the IFDs
// after it (each IFD's next pointer in IFD0's chain), the Exif, GPS and
// Interoperability IFDs, every SubIFD (0x014A, each offset of its array),
// the thumbnail. A pointer past the end of t (a dangling SubIFD, say)
// makes it false: the appended IFD0 would be read there.
func relocatable(t []byte, order binary.ByteOrder, ifd0 int64) bool {
	w := walkTIFF(t, order, ifd0)
	return !w.broken && !w.makerNote && len(w.outside) == 0
}

// tiffSpan is a range of bytes an IFD entry or an IFD pointer reads,
// from the TIFF header (it may lie past the end of the TIFF data).
type tiffSpan struct {
	off, n int64
	what   string // "the value of the Exif IFD's tag 0x9003", "the GPS IFD"
}

// tiffWalk is what walkTIFF found.
type tiffWalk struct {
	// broken: the structure cannot be walked to its end (a loop, too many
	// IFDs, an unknown type, an IFD that runs past the data).
	broken bool
	// makerNote: an Exif IFD has a maker note, whose inner offsets
	// captag does not walk.
	makerNote bool
	// outside lists the IFDs and values that lie, wholly or partly, past
	// the end of the TIFF data: a reader takes them from the bytes that
	// follow the segment in the file.
	outside []tiffSpan
}

// maxWalkedIFDs bounds the IFDs walkTIFF visits.
const maxWalkedIFDs = 64

// walkTIFF walks the IFDs reachable from IFD0 of the TIFF data t: IFD0's
// chain (IFD1 and after), the Exif, GPS and Interoperability IFDs, every
// SubIFD (0x014A, each offset of its array), and the thumbnail
// (0x0201/0x0202). It does not follow a pointer past the end of t; it
// lists it.
func walkTIFF(t []byte, order binary.ByteOrder, ifd0 int64) tiffWalk {
	var w tiffWalk
	size := int64(len(t))
	todo := []walkIFD{{ifd0, true, "IFD0"}}
	r := tiffReader(t, order)
	seen := tiffifd.NewVisited(maxWalkedIFDs)
	for len(todo) > 0 {
		cur := todo[0]
		todo = todo[1:]
		o := cur.o
		if o == 0 && !cur.chain {
			continue // no such IFD, as some writers say it
		}
		if o >= 8 && o > size-2 {
			w.outside = append(w.outside, tiffSpan{o, 2, theIFD(cur.what)})
			continue
		}
		if o < 8 || !seen.Visit(o) {
			w.broken = true
			continue
		}
		d, err := r.ReadIFD(o)
		if e, ok := err.(*tiffifd.Error); ok && e.Kind == tiffifd.TooManyEntries {
			w.broken = true
			continue
		}
		if err != nil || !d.HasNext {
			n := int64(len(d.Entries))
			if e, ok := err.(*tiffifd.Error); ok {
				n = int64(e.Found)
			}
			w.outside = append(w.outside, tiffSpan{o, 2 + n*12 + 4, theIFD(cur.what)})
			continue
		}
		todo = append(todo, w.walkEntries(t, order, cur, d.Entries)...)
		if next := int64(d.Next); cur.chain && next != 0 {
			todo = append(todo, walkIFD{next, true, fmt.Sprintf("IFD%d", seen.Len())})
		}
	}
	return w
}

// The tags walkTIFF follows.
const (
	tagExifIFD   = 0x8769
	tagGPSIFD    = 0x8825
	tagInterop   = 0xA005
	tagSubIFDs   = 0x014A
	tagMakerNote = 0x927C
	tagThumbOff  = 0x0201
	tagThumbLen  = 0x0202
)

// walkIFD is an IFD walkTIFF is to visit.
type walkIFD struct {
	o     int64
	chain bool // in IFD0's chain: its next pointer is followed
	what  string
}

// walkEntries notes in w what the entries of IFD cur point at past the
// end of t or wrongly, and returns the IFDs they point to.
func (w *tiffWalk) walkEntries(t []byte, order binary.ByteOrder, cur walkIFD, entries []tiffifd.Entry) (more []walkIFD) {
	size := int64(len(t))
	var thumbOff, thumbLen int64 = -1, -1
	for i := range entries {
		e := &entries[i]
		tag, typ, cnt := e.Tag, e.Type, int64(e.Count)
		if tag == tagMakerNote {
			w.makerNote = true
		}
		ts := int64(tiffifd.TypeSize(typ))
		if ts == 0 {
			w.broken = true
			continue
		}
		sz := ts * cnt
		val := e.Field[:4]
		if sz > 4 {
			off := int64(e.ValueOffset(order))
			if off < 8 {
				w.broken = true
				continue
			}
			if off > size || sz > size-off {
				w.outside = append(w.outside, tiffSpan{off, sz, fmt.Sprintf("the value of %s's tag 0x%04X", theIFD(cur.what), tag)})
				continue
			}
			val = t[off : off+sz]
		}
		switch tag {
		case tagExifIFD, tagGPSIFD, tagInterop:
			if cnt != 1 || ts != 4 {
				w.broken = true
				continue
			}
			name := map[uint16]string{tagExifIFD: "Exif IFD", tagGPSIFD: "GPS IFD", tagInterop: "Interoperability IFD"}[tag]
			more = append(more, walkIFD{int64(order.Uint32(val)), false, name})
		case tagSubIFDs:
			if typ != tiffifd.Long && typ != tiffifd.IFDType {
				w.broken = true
				continue
			}
			for k := int64(0); k < cnt; k++ {
				more = append(more, walkIFD{int64(order.Uint32(val[k*4:])), false, fmt.Sprintf("SubIFD %d of %s", k, theIFD(cur.what))})
			}
		case tagThumbOff:
			thumbOff = int64(e.ValueOffset(order))
		case tagThumbLen:
			thumbLen = int64(e.ValueOffset(order))
		}
	}
	switch {
	case thumbOff >= 0 && thumbLen < 0:
		w.broken = true
	case thumbOff >= 0 && (thumbOff > size || thumbLen > size-thumbOff):
		w.outside = append(w.outside, tiffSpan{thumbOff, thumbLen, theIFD(cur.what) + "'s thumbnail"})
	}
	return more
}

// theIFD names an IFD in a sentence: "IFD1", "the Exif IFD".
func theIFD(name string) string {
	if strings.HasPrefix(name, "IFD") || strings.HasPrefix(name, "SubIFD") {
		return name
	}
	return "the " + name
}

// maxOutsideRead bounds the bytes past a segment's end compared for one
// pointer there (a count can claim 4 GB).
const maxOutsideRead = 1 << 20

// checkOutsideEXIF returns a *RefusedError when an IFD or value of the
// EXIF at segment exifAt lies past the end of its segment and the bytes
// there differ between orig and out: a reader (exiftool does) takes such
// a value from the bytes that follow the segment in the file, so the
// embed would change what it reads, in a part of the file captag does
// not own. nil when there is no EXIF or nothing it reads changes.
func checkOutsideEXIF(orig, out []byte, l *layout, exifAt int) error {
	if exifAt < 0 {
		return nil
	}
	s := l.segs[exifAt]
	t, order, problem := tiffOf(s.data(orig))
	if problem != "" {
		return nil
	}
	walk := walkTIFF(t, order, int64(order.Uint32(t[4:])))
	if len(walk.outside) == 0 {
		return nil
	}
	// The TIFF header in each file: the EXIF segment moves when a
	// segment before it changes size.
	base := int64(s.payload + exifHeader)
	nl, err := parseLayout(out)
	if err != nil {
		return err
	}
	nbase := int64(-1)
	for _, ns := range nl.segs {
		if ns.marker == markerAPP1 && ns.has(out, sigExif) {
			nbase = int64(ns.payload + exifHeader)
			break
		}
	}
	for _, sp := range walk.outside {
		n := min(sp.n, maxOutsideRead)
		a, b := fileRange(orig, base+sp.off, base+sp.off+n), fileRange(out, nbase+sp.off, nbase+sp.off+n)
		if nbase < 0 || !bytes.Equal(a, b) {
			return refuse(s.start, "expected the EXIF's IFDs and values inside its segment, found %s at bytes %d to %d of TIFF data %d bytes long, past the segment's end; readers take it from the bytes that follow, which embedding would change", sp.what, sp.off, sp.off+sp.n, len(t))
		}
	}
	return nil
}

// fileRange is b[from:to] cut to b's length (nil when from is past it).
func fileRange(b []byte, from, to int64) []byte {
	n := int64(len(b))
	if from >= n {
		return nil
	}
	return b[from:min(to, n)]
}

// ifd0Has reports whether IFD0 of an EXIF APP1 payload ("Exif\0\0" and
// the TIFF data) has an entry with the tag; false when it cannot be read.
func ifd0Has(payload []byte, tag uint16) bool {
	t, order, problem := tiffOf(payload)
	if problem != "" {
		return false
	}
	o := int64(order.Uint32(t[4:]))
	if o < 8 || o > int64(len(t))-2 {
		return false
	}
	r := tiffReader(t, order)
	r.Lenient = true
	d, _ := r.ReadIFD(o)
	for _, e := range d.Entries {
		if e.Tag == tag {
			return true
		}
	}
	return false
}

// tiffOf returns the TIFF data of an EXIF APP1 payload ("Exif\0\0", then
// the TIFF header) and its byte order, or what is wrong with it.
func tiffOf(payload []byte) (t []byte, order binary.ByteOrder, problem string) {
	if len(payload) < exifHeader+8 {
		return nil, nil, fmt.Sprintf("expected a TIFF header, found %d bytes", len(payload))
	}
	t = payload[exifHeader:]
	if h, err := tiffifd.ParseHeader(t); err == nil && h.Magic == tiffifd.MagicTIFF {
		return t, h.Order, ""
	}
	return nil, nil, fmt.Sprintf("expected a TIFF header (II*\\0 or MM\\0*), found % x", t[:4])
}
