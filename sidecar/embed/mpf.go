package embed

import (
	"encoding/binary"
	"math"

	"github.com/captag/captag/metadata/tiffifd"
)

// The Multi-Picture Format index (CIPA DC-007): an APP2 "MPF\0" segment
// holding a TIFF header and the MP Index IFD, whose MPEntry (0xB002) lists
// each image: attribute, size, offset, two dependent entries (16 bytes).
// The first image, the primary, has offset 0 and the size of the whole
// JPEG from SOI to its EOI; the others' offsets count from the MPF TIFF
// header and point after that EOI.
const (
	tagMPEntry     = 0xB002
	mpEntrySize    = 16
	maxMPFEntries  = 256
	mpfTIFFHeader  = len(sigMPF) // the TIFF header's offset in the payload
	mpfMinTIFFData = 8 + 2
)

// mpfIndex is the MPEntry array of an MPF payload: where in the payload
// its first entry is, how many entries, and the byte order.
type mpfIndex struct {
	order binary.ByteOrder
	at, n int
}

// readMPF finds the MPEntry array of the APP2 payload p (signature
// included), or says what is wrong with it.
func readMPF(p []byte) (mpfIndex, string) {
	if len(p) < mpfTIFFHeader+mpfMinTIFFData {
		return mpfIndex{}, "expected an MPF TIFF header and index, found a short segment"
	}
	t := p[mpfTIFFHeader:]
	h, err := tiffifd.ParseHeader(t)
	if err != nil || h.Magic != tiffifd.MagicTIFF {
		return mpfIndex{}, "expected an MPF TIFF header (II*\\0 or MM\\0*), found another"
	}
	order := h.Order
	o := int64(h.IFD0)
	if o < 8 || o > int64(len(t))-2 {
		return mpfIndex{}, "expected the MP Index IFD inside the MPF segment, found its offset past it"
	}
	d, err := tiffReader(t, order).ReadIFD(o)
	if err != nil {
		return mpfIndex{}, "expected the MP Index IFD's entries inside the MPF segment, found them cut"
	}
	for _, e := range d.Entries {
		if e.Tag != tagMPEntry {
			continue
		}
		cnt := int64(e.Count)
		if e.Type != tiffifd.Undefined || cnt%mpEntrySize != 0 || cnt == 0 || cnt/mpEntrySize > maxMPFEntries {
			return mpfIndex{}, "expected MPEntry as UNDEFINED data of 16 bytes per image, found another form"
		}
		off := int64(e.ValueOffset(order))
		if cnt <= 4 || off < 8 || off > int64(len(t)) || cnt > int64(len(t))-off {
			return mpfIndex{}, "expected the MPEntry data inside the MPF segment, found it outside"
		}
		return mpfIndex{order: order, at: mpfTIFFHeader + int(off), n: int(cnt / mpEntrySize)}, ""
	}
	return mpfIndex{}, "expected an MPEntry (0xB002) in the MP Index IFD, found none"
}

// primarySize is the size the first MP entry of p gives, the primary
// image's; ok is false when that entry is not the primary's (offset 0).
func (idx mpfIndex) primarySize(p []byte) (size int64, ok bool) {
	e := p[idx.at : idx.at+mpEntrySize]
	return int64(idx.order.Uint32(e[4:])), idx.order.Uint32(e[8:]) == 0
}

// patchMPF patches out (the new file, built from orig laid out as l) so
// that its MPF index is true again where the rewrite moved things: the
// primary image's size set to its new length, and every other image's
// offset (from the MPF TIFF header) moved by what the images after EOI
// moved relative to that header. It reports whether it changed a byte. An
// index that cannot be read, or whose first entry does not give the
// primary's size in orig, is left as it was when no image follows EOI;
// else it is a *RefusedError, as is an image it cannot place (one that
// starts inside the primary image while the two move apart).
func patchMPF(orig []byte, l *layout, out []byte) (changed bool, err error) {
	if l.mpf < 0 {
		return false, nil
	}
	old := l.segs[l.mpf]
	trailer := l.scanEnd < len(orig) && !padAfterEOI(orig[l.scanEnd:])
	idx, problem := readMPF(old.data(orig))
	switch {
	case problem != "" && !trailer:
		return false, nil // no images after EOI: nothing of them to keep
	case problem != "":
		return false, refuse(old.start, "MPF segment: %s; the images after EOI could not be kept where it says", problem)
	}
	if size, ok := idx.primarySize(old.data(orig)); !ok || size != int64(l.scanEnd) {
		// The index does not describe this file (a truncated copy's
		// says the whole original's size): it is left as it was when
		// no image follows EOI, else refused.
		if !trailer {
			return false, nil
		}
		return false, refuse(old.start, "MPF segment: expected the primary image's MP entry to give its size, %d bytes, found %d; the images after EOI could not be kept where it says", l.scanEnd, size)
	}
	nl, err := parseLayout(out)
	if err != nil || nl.mpf < 0 {
		return false, ErrScanChanged
	}
	now := nl.segs[nl.mpf]
	oldTIFF, newTIFF := int64(old.payload+mpfTIFFHeader), int64(now.payload+mpfTIFFHeader)
	oldEnd, newEnd := int64(l.scanEnd), int64(nl.scanEnd)
	p := out[now.payload:now.end]
	o := idx.order
	for i := 0; i < idx.n; i++ {
		e := p[idx.at+i*mpEntrySize : idx.at+(i+1)*mpEntrySize]
		off := int64(o.Uint32(e[8:]))
		switch {
		case i == 0: // the primary image
			if newEnd != oldEnd {
				if newEnd > math.MaxUint32 {
					return false, refuse(old.start, "MPF segment: expected the primary image to stay under 4 GiB, found %d bytes", newEnd)
				}
				o.PutUint32(e[4:], uint32(newEnd))
				changed = true
			}
			continue
		case off == 0:
			continue // no image stored
		}
		moved := (newEnd - oldEnd) - (newTIFF - oldTIFF)
		if moved == 0 {
			continue
		}
		if oldTIFF+off < oldEnd {
			return false, refuse(old.start, "MPF segment: expected image %d after the primary image's EOI (%d), found it at %d", i+1, oldEnd, oldTIFF+off)
		}
		if off+moved < 0 || off+moved > math.MaxUint32 {
			return false, refuse(old.start, "MPF segment: expected image %d's new offset to fit 32 bits, found %d", i+1, off+moved)
		}
		o.PutUint32(e[8:], uint32(off+moved))
		changed = true
	}
	return changed, nil
}
