package metadata

import (
	"bytes"
	"testing"

	"github.com/captag/captag/metadata/xmp"
)

// cutWith runs b through a textCutter that keeps limit bytes of a run,
// written in pieces of step bytes.
func cutWith(b []byte, limit, step int) []byte {
	var out bytes.Buffer
	c := newTextCutter(&out)
	c.limit = limit
	for len(b) > 0 {
		k := min(step, len(b))
		c.Write(b[:k])
		b = b[k:]
	}
	return out.Bytes()
}

// sameCut reports whether value got (from a cut packet) reads as want
// (from the whole) for a reader that keeps keep bytes of a value.
func sameCut(got, want string, keep int) bool {
	return got == want || len(got) > keep && len(want) > keep && got[:keep] == want[:keep]
}

func sameNodes(t *testing.T, got, want []*xmp.Node, keep int, where string) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%s: %d nodes, want %d", where, len(got), len(want))
	}
	for i := range got {
		g, w := got[i], want[i]
		if g.NS != w.NS || g.Name != w.Name || g.Kind != w.Kind || !sameCut(g.Value, w.Value, keep) {
			t.Fatalf("%s: node %d: %s %s %v %.40q, want %s %s %v %.40q", where, i, g.NS, g.Name, g.Kind, g.Value, w.NS, w.Name, w.Kind, w.Value)
		}
		sameNodes(t, g.Items, w.Items, keep, where+"/items")
		sameNodes(t, g.Fields, w.Fields, keep, where+"/fields")
	}
}

// FuzzTextCutter: whatever the bytes and wherever the writes split them, a
// packet that parses still parses once cut, with the same properties, and
// every value reads the same to a reader that keeps limit-4 bytes of a
// value (as a Store keeps maxStoreValue of cutKeep): the cutter never
// breaks a tag, a comment, an entity or a character.
func FuzzTextCutter(f *testing.F) {
	f.Add([]byte(longPacket("a short caption")), uint8(8), uint8(3))
	f.Add([]byte(longPacket("x&amp;y&#233;z\r\nétè <![CDATA[a]]]b]]>")), uint8(6), uint8(1))
	f.Add([]byte(`<?xpacket begin='>'?>`+longPacket("<!-- '\"> -->long long long value")), uint8(5), uint8(7))
	f.Fuzz(func(t *testing.T, packet []byte, limit, step uint8) {
		keep := int(limit%32) + 4
		whole, err := xmp.Parse(packet)
		if err != nil {
			return
		}
		cut := cutWith(packet, keep+4, int(step)+1)
		got, err := xmp.Parse(cut)
		if err != nil {
			t.Fatalf("whole packet parses, cut one does not: %v\n%q", err, cut)
		}
		sameNodes(t, got.Props, whole.Props, keep, "props")
	})
}
