package metadata

import (
	"bytes"
	"compress/flate"
	"compress/gzip"
	"compress/zlib"
	"encoding/binary"
	"fmt"
	"io"
	"strings"
)

// HEIF (HEIC, AVIF and other ISO/IEC 23008-12 files): the file-level meta
// box lists items in iinf, places them in iloc (in the file or in idat), and
// links them in iref. EXIF is the item of type "Exif" (annex A.2.1: a 32-bit
// offset to the TIFF header, then the TIFF bytes), XMP the item of type
// "mime" with content type "application/rdf+xml". When several items of a
// kind exist, the one that describes (cdsc) the primary item is read.

// heifItem is an Exif or XMP item found in iinf.
type heifItem struct {
	id       uint32
	kind     StoreKind // StoreEXIF or StoreXMP
	encoding string    // content_encoding of an XMP item
	primary  bool      // a cdsc reference says it describes the primary item
}

// heifLoc is where an item's data lies.
type heifLoc struct {
	method  uint16 // construction method: 0 file, 1 idat, 2 item
	dataRef uint16
	extents [][2]uint64 // offset (base added), length
}

func scanHEIF(s *source, sc *bmffScan) {
	if len(s.head) >= 12 {
		sc.format = heifFormat(s.head)
	}
	var meta *box
	sc.each(s, 0, s.size, 0, func(b box) bool {
		if b.typ == "meta" {
			m := b
			meta = &m
			return false
		}
		return true
	})
	if meta == nil {
		return
	}
	sc.heifMeta(s, *meta)
}

// heifFormat names a HEIF file from its ftyp brands: HEVC-coded "heic",
// AV1-coded "avif", any other "heif".
func heifFormat(head []byte) string {
	size := int64(binary.BigEndian.Uint32(head))
	if size < 16 || size > int64(len(head)) {
		size = min(int64(len(head)), 16)
	}
	brands := []string{string(head[8:12])}
	for i := int64(16); i+4 <= size; i += 4 {
		brands = append(brands, string(head[i:i+4]))
	}
	for _, b := range brands {
		switch b {
		case "heic", "heix", "heim", "heis", "hevc", "hevx":
			return "heic"
		case "avif", "avis":
			return "avif"
		}
	}
	return "heif"
}

// heifMeta reads the items of a meta box.
func (sc *bmffScan) heifMeta(s *source, meta box) {
	start := meta.body + 4 // a FullBox: version and flags
	if h, err := s.peek(meta.body, 8); err == nil && string(h[4:8]) == "hdlr" {
		start = meta.body // QuickTime writes meta as a plain box
	}
	var iinf, iloc, iref, idat, pitm *box
	sc.each(s, start, meta.end, 1, func(b box) bool {
		bb := b
		switch b.typ {
		case "iinf":
			iinf = &bb
		case "iloc":
			iloc = &bb
		case "iref":
			iref = &bb
		case "idat":
			idat = &bb
		case "pitm":
			pitm = &bb
		}
		return true
	})
	if iinf == nil {
		return
	}
	items := sc.heifItems(s, *iinf)
	if len(items) == 0 {
		return
	}
	if iloc == nil {
		sc.warn(WarnGeneral, "", "meta box at offset %d: expected an iloc box placing its %d Exif and XMP items, found none", meta.off, len(items))
		return
	}
	if pitm != nil && iref != nil {
		if p, ok := sc.heifPrimary(s, *pitm); ok {
			sc.heifRefs(s, *iref, p, items)
		}
	}
	locs := sc.heifLocations(s, *iloc, items)
	for _, kind := range []StoreKind{StoreEXIF, StoreXMP} {
		it, n := pickItem(items, kind)
		if n == 0 {
			continue
		}
		if n > 1 {
			sc.warn(WarnGeneral, kind, "expected one %s item, found %d; reading item %d", kind, n, it.id)
		}
		loc, ok := locs[it.id]
		if !ok {
			sc.warn(WarnGeneral, kind, "item %d (%s): expected a location in iloc, found none", it.id, kind)
			continue
		}
		p := sc.itemData(s, it, loc, idat)
		if p == nil {
			continue
		}
		where := fmt.Sprintf("item %d", it.id)
		if kind == StoreEXIF {
			sc.setEXIF(p, "Exif "+where)
			continue
		}
		if it.encoding != "" {
			if p = sc.decodeContent(p, it.encoding, where); p == nil {
				continue
			}
		}
		sc.setXMP(p, "XMP "+where)
	}
}

// pickItem returns the item of kind to read and how many there are: the
// first that describes the primary item, else the first.
func pickItem(items []heifItem, kind StoreKind) (heifItem, int) {
	var first, prim *heifItem
	n := 0
	for i := range items {
		it := &items[i]
		if it.kind != kind {
			continue
		}
		n++
		if first == nil {
			first = it
		}
		if it.primary && prim == nil {
			prim = it
		}
	}
	switch {
	case prim != nil:
		return *prim, n
	case first != nil:
		return *first, n
	}
	return heifItem{}, 0
}

// heifItems reads iinf and returns its Exif and XMP items.
func (sc *bmffScan) heifItems(s *source, iinf box) []heifItem {
	v, body, ok := fullBox(s, iinf)
	if !ok {
		sc.warn(WarnGeneral, "", "iinf box at offset %d: expected a version and flags, found %d bytes", iinf.off, iinf.size())
		return nil
	}
	countLen := int64(2)
	if v > 0 {
		countLen = 4
	}
	var items []heifItem
	sc.each(s, body+countLen, iinf.end, 2, func(b box) bool {
		if b.typ != "infe" {
			return true
		}
		if b.size() > maxItemTable {
			sc.warn(WarnGeneral, "", "infe box at offset %d: expected at most %d bytes, found %d; it is skipped", b.off, maxItemTable, b.size())
			return true
		}
		p, err := s.bytesAt(b.body, b.size())
		if err != nil {
			sc.warn(WarnTruncated, "", "infe box at offset %d: %v", b.off, err)
			return false
		}
		if it, ok := parseInfe(p); ok {
			items = append(items, it)
		}
		return true
	})
	return items
}

// parseInfe reads an ItemInfoEntry (versions 2 and 3 name the item type;
// versions 0 and 1 cannot hold Exif or XMP items) and returns it when it is
// an Exif or XMP item.
func parseInfe(p []byte) (heifItem, bool) {
	r := &be{b: p}
	v := r.uint(1)
	r.uint(3)
	if v < 2 {
		return heifItem{}, false
	}
	idLen := 2
	if v >= 3 {
		idLen = 4
	}
	it := heifItem{id: uint32(r.uint(idLen))}
	r.uint(2) // protection index
	if r.bad || len(r.b) < 4 {
		return heifItem{}, false
	}
	typ := string(r.b[:4])
	r.b = r.b[4:]
	r.cstring() // name
	switch typ {
	case "Exif":
		it.kind = StoreEXIF
	case "mime":
		ct := strings.TrimSpace(r.cstring())
		if !strings.EqualFold(ct, "application/rdf+xml") {
			return heifItem{}, false
		}
		it.kind = StoreXMP
		it.encoding = strings.TrimSpace(r.cstring())
	default:
		return heifItem{}, false
	}
	return it, !r.bad
}

// heifPrimary reads the primary item id from pitm.
func (sc *bmffScan) heifPrimary(s *source, pitm box) (uint32, bool) {
	v, body, ok := fullBox(s, pitm)
	if !ok {
		return 0, false
	}
	n := 2
	if v > 0 {
		n = 4
	}
	if pitm.end-body < int64(n) {
		return 0, false
	}
	b, err := s.peek(body, n)
	if err != nil {
		return 0, false
	}
	return uint32((&be{b: b}).uint(n)), true
}

// heifRefs marks the items that have a cdsc reference to the primary item.
func (sc *bmffScan) heifRefs(s *source, iref box, primary uint32, items []heifItem) {
	v, body, ok := fullBox(s, iref)
	if !ok {
		return
	}
	idLen := 2
	if v > 0 {
		idLen = 4
	}
	sc.each(s, body, iref.end, 2, func(b box) bool {
		if b.typ != "cdsc" {
			return true
		}
		if b.size() > maxItemTable {
			return true
		}
		p, err := s.bytesAt(b.body, b.size())
		if err != nil {
			return false
		}
		r := &be{b: p}
		from := uint32(r.uint(idLen))
		n := int(r.uint(2))
		for i := 0; i < n && !r.bad; i++ {
			if uint32(r.uint(idLen)) == primary && !r.bad {
				for j := range items {
					if items[j].id == from {
						items[j].primary = true
					}
				}
			}
		}
		return true
	})
}

// heifLocations reads iloc and returns the locations of the wanted items.
// Every count is checked against the bytes left before the entries are
// read, so a forged count costs nothing.
func (sc *bmffScan) heifLocations(s *source, iloc box, items []heifItem) map[uint32]heifLoc {
	if iloc.size() > maxItemTable {
		sc.warn(WarnGeneral, "", "iloc box at offset %d: expected at most %d bytes, found %d; its items are not read", iloc.off, maxItemTable, iloc.size())
		return nil
	}
	p, err := s.bytesAt(iloc.body, iloc.size())
	if err != nil {
		sc.warn(WarnTruncated, "", "iloc box at offset %d: %v", iloc.off, err)
		return nil
	}
	bad := func(msg string, args ...any) map[uint32]heifLoc {
		sc.warn(WarnGeneral, "", "iloc box at offset %d: "+msg, append([]any{iloc.off}, args...)...)
		return nil
	}
	r := &be{b: p}
	v := int(r.uint(1))
	r.uint(3)
	if v > 2 {
		return bad("expected version 0, 1 or 2, found %d", v)
	}
	sz := r.uint(2)
	offSize, lenSize := int(sz>>12&0xf), int(sz>>8&0xf)
	baseSize, idxSize := int(sz>>4&0xf), int(sz&0xf)
	if v == 0 {
		idxSize = 0
	}
	for _, n := range []int{offSize, lenSize, baseSize, idxSize} {
		if n != 0 && n != 4 && n != 8 {
			return bad("expected field sizes of 0, 4 or 8 bytes, found %d", n)
		}
	}
	idLen := 2
	if v == 2 {
		idLen = 4
	}
	count := r.uint(idLen)
	want := map[uint32]bool{}
	for _, it := range items {
		want[it.id] = true
	}
	out := map[uint32]heifLoc{}
	for i := uint64(0); i < count; i++ {
		id := uint32(r.uint(idLen))
		var loc heifLoc
		if v >= 1 {
			loc.method = uint16(r.uint(2) & 0xf)
		}
		loc.dataRef = uint16(r.uint(2))
		base := r.uint(baseSize)
		n := int(r.uint(2))
		if r.bad {
			return bad("expected %d item entries, found the end of the box after %d", count, i)
		}
		per := idxSize + offSize + lenSize
		if n*per > len(r.b) {
			return bad("item %d: expected %d extents of %d bytes, found %d bytes", id, n, per, len(r.b))
		}
		keep := want[id]
		if keep && n > maxItemExtents {
			sc.warn(WarnGeneral, "", "item %d: expected at most %d extents, found %d; it is not read", id, maxItemExtents, n)
			keep = false
		}
		for j := 0; j < n; j++ {
			r.uint(idxSize)
			off, ln := r.uint(offSize), r.uint(lenSize)
			if keep {
				loc.extents = append(loc.extents, [2]uint64{base + off, ln})
			}
		}
		if keep {
			if _, dup := out[id]; !dup {
				out[id] = loc
			}
		}
	}
	return out
}

// itemData reads an item's extents (from the file or from idat) and joins
// them, at most maxItemBytes.
func (sc *bmffScan) itemData(s *source, it heifItem, loc heifLoc, idat *box) []byte {
	name := fmt.Sprintf("%s item %d", it.kind, it.id)
	if loc.dataRef != 0 {
		sc.warn(WarnUnsupportedPart, it.kind, "%s: its data is in another file (data reference %d), which captag does not read", name, loc.dataRef)
		return nil
	}
	var lo, hi int64 // the range the extents may address
	switch loc.method {
	case 0:
		lo, hi = 0, s.size
	case 1:
		if idat == nil {
			sc.warn(WarnGeneral, it.kind, "%s: expected an idat box holding its data, found none", name)
			return nil
		}
		lo, hi = idat.body, idat.end
	default:
		sc.warn(WarnUnsupportedPart, it.kind, "%s: construction method %d (data built from other items) is not read", name, loc.method)
		return nil
	}
	if len(loc.extents) == 0 {
		sc.warn(WarnGeneral, it.kind, "%s: expected at least one extent, found none", name)
		return nil
	}
	var total uint64
	type span struct{ off, n int64 }
	spans := make([]span, 0, len(loc.extents))
	for _, e := range loc.extents {
		off, n := e[0], e[1]
		room := uint64(hi - lo)
		if off > room {
			sc.warn(WarnTruncated, it.kind, "%s: extent at offset %d lies past the end of its data (%d bytes)", name, off, room)
			return nil
		}
		if n == 0 { // to the end of the data
			n = room - off
		}
		if n > room-off {
			sc.warn(WarnTruncated, it.kind, "%s: extent of %d bytes at offset %d runs past the end of its data (%d bytes)", name, n, off, room)
			return nil
		}
		if total += n; total > maxItemBytes {
			sc.warn(WarnGeneral, it.kind, "%s: expected at most %d bytes, found more; it is not read", name, maxItemBytes)
			return nil
		}
		spans = append(spans, span{lo + int64(off), int64(n)})
	}
	if len(spans) == 1 {
		return sc.readAt(s, spans[0].off, spans[0].n, name, it.kind, maxItemBytes)
	}
	out := make([]byte, 0, total)
	for _, sp := range spans {
		p := sc.readAt(s, sp.off, sp.n, name, it.kind, maxItemBytes)
		if p == nil {
			return nil
		}
		out = append(out, p...)
	}
	return out
}

// maxDecoded caps what a compressed XMP item may expand to.
const maxDecoded = 16 << 20

// decodeContent undoes an item's HTTP content encoding ("deflate" as
// zlib or raw, "gzip"); other encodings are a warning.
func (sc *bmffScan) decodeContent(p []byte, enc, where string) []byte {
	var r io.Reader
	var err error
	switch strings.ToLower(enc) {
	case "deflate":
		if r, err = zlib.NewReader(bytes.NewReader(p)); err != nil {
			r, err = flate.NewReader(bytes.NewReader(p)), nil
		}
	case "gzip", "x-gzip":
		r, err = gzip.NewReader(bytes.NewReader(p))
	default:
		sc.warn(WarnUnsupportedPart, StoreXMP, "XMP %s: content encoding %q is not one captag decodes (deflate, gzip); it is not read", where, enc)
		return nil
	}
	if err == nil {
		buf := chargedBuffer{src: sc.src}
		_, err = io.Copy(&buf, io.LimitReader(r, maxDecoded+1))
		if buf.over {
			return nil
		}
		out := buf.Bytes()
		if err == nil && len(out) > maxDecoded {
			err = fmt.Errorf("expected at most %d bytes once decoded, found more", maxDecoded)
		}
		if err == nil {
			sc.decoded = true
			return out
		}
	}
	sc.warn(WarnGeneral, StoreXMP, "XMP %s: decoding its %s content: %v", where, enc, err)
	return nil
}
