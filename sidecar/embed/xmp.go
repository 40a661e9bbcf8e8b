package embed

import (
	"bytes"
	"crypto/md5"
	"encoding/hex"
	"strings"

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
// returns nil when the file has none and the packet names none.
func extendedXMP(b []byte, l *layout, doc *xmp.Doc, owned []*xmp.Node) error {
	guid := ""
	if n := prop(doc, xmp.NSxmpNote, "HasExtendedXMP"); n != nil && n.Kind == xmp.KindSimple {
		guid = n.Value
	}
	type chunk struct {
		full, off uint32
		data      []byte
	}
	var chunks []chunk
	at := 0
	for _, s := range l.segs {
		if s.marker != markerAPP1 || !s.has(b, sigExtendedXMP) {
			continue
		}
		p := s.data(b)[len(sigExtendedXMP):]
		if len(p) < 40 {
			return refuse(s.start, "ExtendedXMP segment: expected a 40-byte chunk header, found %d bytes", len(p))
		}
		if string(p[:32]) != guid {
			return refuse(s.start, "ExtendedXMP segment: expected the GUID %q the main packet names, found %q", guid, p[:32])
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
		return nil
	case len(chunks) == 0:
		return refuse(0, "expected the ExtendedXMP the main packet names (GUID %s), found none", guid)
	}
	// In the order written, without gaps: the form every writer uses.
	var full []byte
	for _, c := range chunks {
		if c.full != chunks[0].full || int(c.off) != len(full) || uint64(len(full))+uint64(len(c.data)) > uint64(c.full) {
			return refuse(at, "expected ExtendedXMP chunks in order and without gaps, found a chunk at %d of %d (%d bytes assembled)", c.off, c.full, len(full))
		}
		full = append(full, c.data...)
	}
	if uint32(len(full)) != chunks[0].full {
		return refuse(at, "expected %d bytes of ExtendedXMP, found %d", chunks[0].full, len(full))
	}
	sum := md5.Sum(full)
	if !strings.EqualFold(hex.EncodeToString(sum[:]), guid) {
		return refuse(at, "expected the MD5 of the ExtendedXMP to be its GUID %s, found %X", guid, sum)
	}
	// Only captag's properties are looked for: read without the whole
	// tree (ParseProps refuses what Parse refuses, with its error).
	ext, err := xmp.ParseProps(full, func(ns, name string) bool { return ownedProp(owned, ns, name) })
	if err != nil {
		return refuse(at, "expected an ExtendedXMP packet captag can read, found: %v", err)
	}
	for _, o := range owned {
		if prop(ext, o.NS, o.Name) != nil {
			return refuse(at, "the ExtendedXMP holds %s, which captag writes into the main packet; readers would disagree", o.Name)
		}
	}
	return nil
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
