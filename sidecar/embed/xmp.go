package embed

import (
	"bytes"
	"crypto/md5"
	"encoding/hex"
	"strings"

	"github.com/captag/captag/metadata"
	"github.com/captag/captag/metadata/field"
	"github.com/captag/captag/metadata/xmp"
)

// DefaultPadding is the white space written inside a new XMP packet, before
// its closing processing instruction, so that a later edit fits in place
// (the XMP specification suggests 2 to 4 KiB).
const DefaultPadding = 2048

// maxXMPPacket is the largest main packet one APP1 segment holds.
const maxXMPPacket = maxSegmentPayload - len(sigXMP)

// pad inserts white space before the packet's closing "<?xpacket end"
// so that the packet is at least size bytes long (lines of 100 bytes).
func pad(packet []byte, size int) []byte {
	n := size - len(packet)
	if n <= 0 {
		return packet
	}
	i := bytes.LastIndex(packet, []byte("<?xpacket end"))
	if i < 0 {
		i = len(packet)
	}
	out := make([]byte, 0, size)
	out = append(out, packet[:i]...)
	for n > 0 {
		k := min(n, 100)
		out = append(out, strings.Repeat(" ", k-1)...)
		out = append(out, '\n')
		n -= k
	}
	return append(out, packet[i:]...)
}

// padded returns the merged packet with padding: to the old packet's size
// when it fits there with some room left (nothing after it moves), else
// with padding bytes. It returns nil when even the bare packet does not
// fit in one segment.
func padded(packet []byte, oldLen, padding int) []byte {
	if len(packet) > maxXMPPacket {
		return nil
	}
	if oldLen > 0 && oldLen <= maxXMPPacket && len(packet)+padding/4 <= oldLen {
		return pad(packet, oldLen)
	}
	return pad(packet, min(len(packet)+padding, maxXMPPacket))
}

// prop finds the top-level property ns:name of d.
func prop(d *xmp.Doc, ns, name string) *xmp.Node {
	for _, p := range d.Props {
		if p.NS == ns && p.Name == name {
			return p
		}
	}
	return nil
}

// texts returns the values a property holds: a simple value, the items
// of an array, or of a language alternative the x-default item (else the
// first).
func texts(n *xmp.Node) []string {
	if n == nil {
		return nil
	}
	switch n.Kind {
	case xmp.KindSimple:
		if n.Value == "" {
			return nil
		}
		return []string{n.Value}
	case xmp.KindAlt:
		for _, it := range n.Items {
			if it.Lang == "x-default" && it.Kind == xmp.KindSimple {
				return []string{it.Value}
			}
		}
		if len(n.Items) > 0 && n.Items[0].Kind == xmp.KindSimple {
			return []string{n.Items[0].Value}
		}
	case xmp.KindSeq, xmp.KindBag:
		var out []string
		for _, it := range n.Items {
			if it.Kind == xmp.KindSimple && it.Value != "" {
				out = append(out, it.Value)
			}
		}
		return out
	}
	return nil
}

// extendedXMP checks the ExtendedXMP segments of a file against the main
// packet doc: the chunks must all carry the GUID doc names, cover the
// full length, have the GUID as MD5, and hold none of the properties
// captag writes (a reader would take them over the main packet's). It
// returns nil when the file has none and the packet names none. found is
// what the read of the file found there (Image.Extended, nil for
// nothing), taken instead of a parse of the packet when it answers (see
// extendedHas); parsed, when set, is called when the packet is parsed
// here.
func extendedXMP(b []byte, l *layout, doc *xmp.Doc, owned []*xmp.Node, found *metadata.ExtendedXMP, parsed func()) error {
	full, at, err := assembleExtended(b, l, doc)
	if full == nil || err != nil {
		return err
	}
	has, err := extendedHas(full, owned, found, parsed)
	if err != nil {
		return refuse(at, "expected an ExtendedXMP packet captag can read, found: %v", err)
	}
	for _, o := range owned {
		if has(o.NS, o.Name) {
			return refuse(at, "the ExtendedXMP holds %s, which captag writes into the main packet; readers would disagree", o.Name)
		}
	}
	return nil
}

// assembleExtended returns the ExtendedXMP of a file, its chunks joined,
// and the offset of its last segment (for messages), or a *RefusedError
// when the chunks do not all carry the GUID the main packet doc names,
// are not in order without gaps, do not cover the full length or do not
// have the GUID as MD5. It returns nil, 0, nil when the file has none
// and the packet names none.
func assembleExtended(b []byte, l *layout, doc *xmp.Doc) (full []byte, at int, err error) {
	guid := ""
	if n := prop(doc, xmp.NSxmpNote, "HasExtendedXMP"); n != nil && n.Kind == xmp.KindSimple {
		guid = n.Value
	}
	type chunk struct {
		full, off uint32
		data      []byte
	}
	var chunks []chunk
	for _, s := range l.segs {
		if s.marker != markerAPP1 || !s.has(b, sigExtendedXMP) {
			continue
		}
		p := s.data(b)[len(sigExtendedXMP):]
		if len(p) < 40 {
			return nil, 0, refuse(s.start, "ExtendedXMP segment: expected a 40-byte chunk header, found %d bytes", len(p))
		}
		if string(p[:32]) != guid {
			return nil, 0, refuse(s.start, "ExtendedXMP segment: expected the GUID %q the main packet names, found %q", guid, p[:32])
		}
		chunks = append(chunks, chunk{
			full: uint32(p[32])<<24 | uint32(p[33])<<16 | uint32(p[34])<<8 | uint32(p[35]),
			off:  uint32(p[36])<<24 | uint32(p[37])<<16 | uint32(p[38])<<8 | uint32(p[39]),
			data: p[40:],
		})
		at = s.start
	}
	switch {
	case guid == "" && len(chunks) == 0:
		return nil, 0, nil
	case len(chunks) == 0:
		return nil, 0, refuse(0, "expected the ExtendedXMP the main packet names (GUID %s), found none", guid)
	}
	// In the order written, without gaps: the form every writer uses.
	full = []byte{} // not nil, even for chunks of nothing
	for _, c := range chunks {
		if c.full != chunks[0].full || int(c.off) != len(full) || uint64(len(full))+uint64(len(c.data)) > uint64(c.full) {
			return nil, 0, refuse(at, "expected ExtendedXMP chunks in order and without gaps, found a chunk at %d of %d (%d bytes assembled)", c.off, c.full, len(full))
		}
		full = append(full, c.data...)
	}
	if uint32(len(full)) != chunks[0].full {
		return nil, 0, refuse(at, "expected %d bytes of ExtendedXMP, found %d", chunks[0].full, len(full))
	}
	sum := md5.Sum(full)
	if !strings.EqualFold(hex.EncodeToString(sum[:]), guid) {
		return nil, 0, refuse(at, "expected the MD5 of the ExtendedXMP to be its GUID %s, found %X", guid, sum)
	}
	return full, at, nil
}

// extendedHas returns whether the ExtendedXMP packet full has a given
// property at its top level, for the properties owned, or the error its
// parse gives (Parse's: ParseProps refuses what Parse refuses, whatever
// it keeps). The read's parse (found) answers when it parsed these very
// bytes and kept every property owned; else the packet is parsed here,
// without the whole tree, for those properties only, and parsed (when
// set) is called.
func extendedHas(full []byte, owned []*xmp.Node, found *metadata.ExtendedXMP, parsed func()) (func(ns, name string) bool, error) {
	if found != nil && bytes.Equal(found.Packet, full) && all(owned, func(o *xmp.Node) bool { return extendedProps(o.NS, o.Name) }) {
		return found.Has, found.Err
	}
	if parsed != nil {
		parsed()
	}
	ext, err := xmp.ParseProps(full, func(ns, name string) bool { return ownedProp(owned, ns, name) })
	if err != nil {
		return nil, err
	}
	return func(ns, name string) bool { return prop(ext, ns, name) != nil }, nil
}

// extendedProps are the properties of a JPEG's ExtendedXMP the embedder's
// read keeps (metadata.ReadOptions.ExtendedProps): the top-level ones of
// the field table, which has every property the mapping writes
// (sidecar.Properties; extendedHas checks it for each).
func extendedProps(ns, name string) bool { return field.ByXMP(ns, name) != field.None }

// all reports whether every item of list satisfies ok.
func all[T any](list []T, ok func(T) bool) bool {
	for _, v := range list {
		if !ok(v) {
			return false
		}
	}
	return true
}

// ownedProp reports whether (ns, name) is one of the properties owned.
func ownedProp(owned []*xmp.Node, ns, name string) bool {
	for _, o := range owned {
		if o.NS == ns && o.Name == name {
			return true
		}
	}
	return false
}
