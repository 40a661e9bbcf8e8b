package embed

import (
	"bytes"
	"crypto/md5"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"unicode/utf16"

	"github.com/captag/captag/metadata"
	"github.com/captag/captag/metadata/date"
	"github.com/captag/captag/metadata/fixture"
	"github.com/captag/captag/metadata/xmp"
	"github.com/captag/captag/sidecar"
)

// Red-team regressions: inputs on which embed did harm (each test names
// what went wrong before its fix), and the odd-but-valid JPEG forms other
// tools write, which embed must take without moving anything else.

// rtSegs splits a JPEG into its marker segments before SOS (marker,
// payload) and the scan; rtJoin puts them back, with fill before each
// marker.
func rtSegs(t *testing.T, b []byte) (segs []fixture.Segment, scan []byte) {
	t.Helper()
	raw, scan := testSegments(t, b)
	for _, r := range raw {
		i := 0
		for r[i+1] == 0xFF {
			i++
		}
		segs = append(segs, fixture.Segment{Marker: r[i+1], Payload: r[i+4:]})
	}
	return segs, scan
}

func rtJoin(segs []fixture.Segment, scan []byte, fill string) []byte {
	out := []byte{0xFF, 0xD8}
	for _, s := range segs {
		out = append(out, fill...)
		out = append(out, 0xFF, s.Marker, byte((len(s.Payload)+2)>>8), byte(len(s.Payload)+2))
		out = append(out, s.Payload...)
	}
	return append(append(out, fill...), scan...)
}

// rtIndex is the index of the first segment with marker m whose payload
// starts with sig.
func rtIndex(segs []fixture.Segment, m byte, sig string) int {
	for i, s := range segs {
		if s.Marker == m && bytes.HasPrefix(s.Payload, []byte(sig)) {
			return i
		}
	}
	return -1
}

// irbResource is one Photoshop image resource with a Pascal name.
func irbResource(id uint16, name string, data []byte, pad bool) []byte {
	out := append([]byte(irbSig), byte(id>>8), byte(id), byte(len(name)))
	out = append(out, name...)
	if (len(name)+1)%2 == 1 {
		out = append(out, 0)
	}
	out = binary.BigEndian.AppendUint32(out, uint32(len(data)))
	out = append(out, data...)
	if pad && len(data)%2 == 1 {
		out = append(out, 0)
	}
	return out
}

func TestStaleDigest(t *testing.T) {
	// Before the fix: a file whose IIM another program (exiv2, an old
	// Photo Mechanic) changed after the XMP — stale 0x0425 — got a current
	// digest, and readers that follow the MWG rules (Photoshop,
	// Lightroom, `exiftool -use MWG`) switched from the IIM's newer
	// Sub-location "NewSub" to the XMP's older "OldSub": an edit lost
	// without a word. Seen with exiftool 12.57 on a copy of
	// adobe-xmp-toolkit-sdk/BlueSquare.jpg edited by exiv2 0.27.6.
	build := func(iimSub, xmpSub string) []byte {
		fi, fx := wire, wire
		fi.Sublocation, fx.Sublocation = iimSub, xmpSub
		m := fixture.IIMFields(fi)
		m.Digest = fixture.DigestStale
		return fixture.JPEG(fixture.Spec{IIM: &m, XMP: fixture.XMPPacket(fx, fixture.XMPDate(fx))})
	}
	t.Run("the stores disagree on a field captag does not write: refused", func(t *testing.T) {
		_, err := JPEG(build("NewSub", "OldSub"), aleppo(), nil, Options{})
		var re *RefusedError
		if !errors.As(err, &re) || !strings.Contains(re.Reason, "Sub-location") || !strings.Contains(re.Reason, "NewSub") {
			t.Fatalf("expected a refusal naming Sub-location and its IIM value, found %v", err)
		}
	})
	t.Run("IIM keywords the XMP lacks: carried into both stores", func(t *testing.T) {
		// Before the first fix: exiv2 had replaced the IIM keyword "XMP"
		// by "k1" and added "k2" (BlueSquare.jpg again); after embedding,
		// MWG readers showed the XMP's list, without k1 and k2. That fix
		// refused the file; since issue 20 (item 2) the union of both
		// stores' keywords goes to both, and the digest is current.
		fi := wire
		fi.Keywords = []string{"War", "k1"}
		m := fixture.IIMFields(fi)
		m.Digest = fixture.DigestStale
		res, err := JPEG(fixture.JPEG(fixture.Spec{IIM: &m, XMP: fixture.XMPPacket(wire, fixture.XMPDate(wire))}), aleppo(), nil, Options{})
		if err != nil {
			t.Fatal(err)
		}
		im := read(t, res.Data)
		for _, k := range []string{"War", "archive", "k1", "war", "evacuation"} {
			if !containsFold(im.IPTC.Keywords, k) || !containsFold(im.XMP.Keywords, k) {
				t.Errorf("keyword %q: IIM %q, XMP %q", k, im.IPTC.Keywords, im.XMP.Keywords)
			}
		}
		iim, digest := testIIM(t, res.Data)
		if sum := md5.Sum(iim); !bytes.Equal(digest, sum[:]) {
			t.Errorf("digest %x, want the MD5 of the new IIM %x", digest, sum)
		}
	})
	t.Run("they agree: embedded, the digest made current", func(t *testing.T) {
		res, err := JPEG(build("Old Town", "Old Town"), aleppo(), nil, Options{})
		if err != nil {
			t.Fatal(err)
		}
		iim, digest := testIIM(t, res.Data)
		if sum := md5.Sum(iim); !bytes.Equal(digest, sum[:]) {
			t.Errorf("digest %x, want the MD5 of the new IIM %x", digest, sum)
		}
		if im := read(t, res.Data); im.IPTC.Sublocation != "Old Town" || im.XMP.Sublocation != "Old Town" {
			t.Errorf("sub-location IIM %q XMP %q", im.IPTC.Sublocation, im.XMP.Sublocation)
		}
	})
	t.Run("a current digest with different values is not this case", func(t *testing.T) {
		fi, fx := wire, wire
		fi.Sublocation, fx.Sublocation = "A", "B"
		m := fixture.IIMFields(fi)
		m.Digest = fixture.DigestCurrent
		if _, err := JPEG(fixture.JPEG(fixture.Spec{IIM: &m, XMP: fixture.XMPPacket(fx, fixture.XMPDate(fx))}), aleppo(), nil, Options{}); err != nil {
			t.Fatalf("refused: %v", err)
		}
	})
}

func TestHardLink(t *testing.T) {
	// Before the fix: a JPEG with a second name (a desk's "selects"
	// folder hard-linked to the originals) was replaced by rename; the
	// other name silently kept the old caption.
	dir := t.TempDir()
	orig := fixture.JPEG(fixture.All(wire))
	p := filepath.Join(dir, "a.jpg")
	if err := os.WriteFile(p, orig, 0o644); err != nil {
		t.Fatal(err)
	}
	q := filepath.Join(dir, "selects-a.jpg")
	if err := os.Link(p, q); err != nil {
		t.Skipf("no hard links here: %v", err)
	}
	fi, _ := os.Lstat(p)
	if linkCount(fi) != 2 {
		t.Skip("the platform does not report link counts")
	}
	for _, dry := range []bool{true, false} {
		_, err := File(p, aleppo(), FileOptions{DryRun: dry})
		var re *sidecar.RefusedError // sidecar.Update's OneName rule
		if !errors.As(err, &re) || !strings.Contains(re.Reason, "hard links") {
			t.Fatalf("dry run %v: expected a refusal naming the hard links, found %v", dry, err)
		}
	}
	for _, f := range []string{p, q} {
		if b, _ := os.ReadFile(f); !bytes.Equal(b, orig) {
			t.Errorf("%s changed", f)
		}
	}
	if a, _ := os.Lstat(p); !os.SameFile(a, fi) {
		t.Error("the file was replaced")
	}
}

func TestGroupKept(t *testing.T) {
	// Before the fix: the new file got the process's group, so a JPEG of
	// a desk's shared group (mode 664) left the group after embedding.
	gid := -1
	if os.Geteuid() == 0 {
		gid = 65534
	} else if gs, err := os.Getgroups(); err == nil {
		for _, g := range gs {
			if g != os.Getegid() {
				gid = g
				break
			}
		}
	}
	if gid < 0 {
		t.Skip("no second group to give the file")
	}
	p := filepath.Join(t.TempDir(), "a.jpg")
	if err := os.WriteFile(p, fixture.JPEG(fixture.All(wire)), 0o664); err != nil {
		t.Fatal(err)
	}
	if err := os.Chown(p, -1, gid); err != nil {
		t.Skipf("cannot give the file group %d: %v", gid, err)
	}
	if err := os.Chmod(p, 0o664); err != nil {
		t.Fatal(err)
	}
	res, err := File(p, aleppo(), FileOptions{})
	if err != nil || res.Outcome != sidecar.Updated {
		t.Fatalf("File: %v, outcome %v", err, res.Outcome)
	}
	fi, err := os.Lstat(p)
	if err != nil {
		t.Fatal(err)
	}
	if st, ok := fi.Sys().(*syscall.Stat_t); !ok || int(st.Gid) != gid || fi.Mode().Perm() != 0o664 {
		t.Errorf("after embedding: group %v mode %v, want group %d mode 664", fi.Sys(), fi.Mode().Perm(), gid)
	}
}

// TestForms: JPEG forms written by other tools that embed takes
// (checked by hand against exiftool 12.57 before these tests: every tag
// outside captag's fields reads the same before and after). Each must
// embed, leave every other segment and the scan byte for byte, read back
// in both stores, and be unchanged by a second run.
func TestForms(t *testing.T) {
	base := fixture.All(wire)
	segs, scan := rtSegs(t, fixture.JPEG(base))
	xi, ai := rtIndex(segs, 0xE1, sigXMP), rtIndex(segs, 0xED, sigPhotoshop)
	ei := rtIndex(segs, 0xE1, sigExif)
	if xi < 0 || ai < 0 || ei < 0 {
		t.Fatal("fixture lacks EXIF, XMP or APP13")
	}
	packet := segs[xi].Payload[len(sigXMP):]
	clone := func() []fixture.Segment { return append([]fixture.Segment(nil), segs...) }
	withPacket := func(p []byte) []byte {
		s := clone()
		s[xi] = fixture.Segment{Marker: 0xE1, Payload: append([]byte(sigXMP), p...)}
		return rtJoin(s, scan, "")
	}
	withIRB := func(before, after []byte) []byte {
		s := clone()
		irb := s[ai].Payload[len(sigPhotoshop):]
		p := append([]byte(sigPhotoshop), before...)
		p = append(append(p, irb...), after...)
		s[ai] = fixture.Segment{Marker: 0xED, Payload: p}
		return rtJoin(s, scan, "")
	}
	utf16be := func(s string) []byte {
		var out []byte
		for _, u := range utf16.Encode([]rune(s)) {
			out = append(out, byte(u>>8), byte(u))
		}
		return out
	}
	i0 := bytes.Index(packet, []byte("<x:xmpmeta"))
	i1 := bytes.LastIndex(packet, []byte("</x:xmpmeta>")) + len("</x:xmpmeta>")
	bigIIM := fixture.IIMFields(wire)
	bigIIM.Datasets = append(bigIIM.Datasets, fixture.Dataset{Record: 2, Number: 118, Value: bytes.Repeat([]byte("c"), 40000)})
	bigIIM.Digest = fixture.DigestCurrent
	repeated := fixture.IIMFields(wire)
	repeated.Datasets = append(repeated.Datasets, fixture.Dataset{Record: 2, Number: 25, Value: []byte("War")}, fixture.Dataset{Record: 2, Number: 92, Value: []byte("Old Town")}, fixture.Dataset{Record: 2, Number: 92, Value: []byte("Souk")})
	bigEndian := base
	bigEndian.BigEndian = true

	cases := []struct {
		name string
		in   []byte
		// keep is bytes a non-captag part of the file holds that must be
		// in the output.
		keep []string
	}{
		{"fill bytes FF FF before every marker", rtJoin(segs, scan, "\xFF\xFF"), nil},
		{"XMP after APP13", func() []byte {
			s := clone()
			x := s[xi]
			s = append(s[:xi], s[xi+1:]...)
			return rtJoin(append(s, x), scan, "")
		}(), nil},
		{"APP13 first, before JFIF-less EXIF", func() []byte {
			s := clone()
			a := s[ai]
			s = append(s[:ai], s[ai+1:]...)
			return rtJoin(append([]fixture.Segment{a}, s...), scan, "")
		}(), nil},
		{"JFIF after EXIF", func() []byte {
			s := clone()
			s = append(s[:ei+1], append([]fixture.Segment{{Marker: 0xE0, Payload: []byte("JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00")}}, s[ei+1:]...)...)
			return rtJoin(s, scan, "")
		}(), []string{"JFIF\x00"}},
		{"COM first", rtJoin(append([]fixture.Segment{{Marker: 0xFE, Payload: []byte("a comment")}}, segs...), scan, ""), []string{"a comment"}},
		{"XMP with a UTF-8 BOM before the packet", withPacket(append([]byte("\xEF\xBB\xBF"), packet...)), nil},
		{"XMP in UTF-16BE", withPacket(utf16be(string(packet))), nil},
		{"read-only packet (end=\"r\")", withPacket(bytes.Replace(packet, []byte(`end="w"`), []byte(`end="r"`), 1)), nil},
		{"XMP packet followed by NULs", withPacket(append(append([]byte(nil), packet...), make([]byte, 64)...)), nil},
		{"XMP without the xpacket wrapper", withPacket(packet[i0:i1]), nil},
		{"8BIM resources with odd and even Pascal names", withIRB(irbResource(0x0BB7, "abc", []byte("path-odd"), true), irbResource(0x03F3, "ab", []byte{1, 2, 3}, true)), []string{"abc", "path-odd"}},
		{"last 8BIM resource odd-sized without its pad byte", withIRB(nil, irbResource(0x0428, "", []byte("abc"), false)), []string{"abc"}},
		{"IIM dataset over 32 KiB (extended length)", fixture.JPEG(fixture.Spec{EXIF: base.EXIF, IIM: &bigIIM, XMP: base.XMP}), []string{strings.Repeat("c", 40000)}},
		{"IIM with repeated datasets", fixture.JPEG(fixture.Spec{EXIF: base.EXIF, IIM: &repeated, XMP: base.XMP}), []string{"Old Town", "Souk"}},
		{"big-endian EXIF", fixture.JPEG(bigEndian), []string{"MM\x00*"}},
	}
	var outs []string
	dir := t.TempDir()
	for i, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			// The EXIF is left alone behind fill bytes: the test's
			// segment walk does not skip an EXIF segment there.
			opt := Options{EXIF: !strings.HasPrefix(c.name, "fill bytes")}
			res, err := JPEG(c.in, aleppo(), nil, opt)
			if err != nil {
				t.Fatalf("refused: %v", err)
			}
			checkUntouchedEXIF(t, c.in, res.Data, opt.EXIF)
			for _, k := range c.keep {
				if !bytes.Contains(res.Data, []byte(k)) {
					t.Errorf("lost %q", k[:min(len(k), 20)])
				}
			}
			im := read(t, res.Data)
			if im.IPTC == nil || im.XMP == nil || im.IPTC.Description != aleppo().Text || im.XMP.Description != aleppo().Text || im.IPTC.Credit != "Anadolu Agency" {
				t.Fatal("the caption does not read back from IIM and XMP")
			}
			again, err := JPEG(res.Data, aleppo(), nil, opt)
			if err != nil || again.Changed {
				t.Errorf("second run: %v, changed %v", err, again.Changed)
			}
			p := filepath.Join(dir, strings.Repeat("x", i+1)+".jpg")
			if err := os.WriteFile(p, res.Data, 0o644); err != nil {
				t.Fatal(err)
			}
			outs = append(outs, p)
		})
	}
	if _, err := exec.LookPath("exiftool"); err != nil {
		t.Skip("exiftool not on PATH: its reading of the outputs is skipped")
	}
	vals := exiftoolJSON(t, []string{"-G1", "-IPTC:Caption-Abstract", "-XMP-dc:Description", "-IPTC:Credit", "-Photoshop:IPTCDigest", "-File:CurrentIPTCDigest"}, outs)
	for _, p := range outs {
		o := vals[p]
		if str(o["IPTC:Caption-Abstract"]) != aleppo().Text || str(o["XMP-dc:Description"]) != aleppo().Text || str(o["IPTC:Credit"]) != "Anadolu Agency" {
			t.Errorf("%s: exiftool reads caption %q / %q, credit %q", filepath.Base(p), str(o["IPTC:Caption-Abstract"]), str(o["XMP-dc:Description"]), str(o["IPTC:Credit"]))
		}
		b, _ := os.ReadFile(p)
		iim, _ := testIIM(t, b)
		sum := md5.Sum(iim)
		if d := str(o["Photoshop:IPTCDigest"]); !strings.EqualFold(d, hex.EncodeToString(sum[:])) || d != str(o["File:CurrentIPTCDigest"]) {
			t.Errorf("%s: exiftool digest %q, current %q", filepath.Base(p), d, str(o["File:CurrentIPTCDigest"]))
		}
	}
}

func TestTrailers(t *testing.T) {
	// Before the fix: a camera's padding after EOI (60 zero bytes in
	// exiv2/smiley1.jpg, one 0xFF in metadata-extractor-images' "HP
	// PhotoSmart 735.jpg") made the file refused, though nothing points
	// into it. An IIM trailer (Photo Mechanic, FotoStation) must still be
	// refused: a reader would see two captions.
	base := fixture.JPEG(fixture.All(wire))
	pmTrailer := append([]byte(nil), fixture.IIMFields(fixture.Fields{Description: "trailer caption"}).IIMBytes()...)
	for _, c := range []struct {
		name    string
		trailer []byte
		refused bool
	}{
		{"zero padding kept", make([]byte, 60), false},
		{"one 0xFF kept", []byte{0xFF}, false},
		{"0xFF padding kept", bytes.Repeat([]byte{0xFF}, 100), false},
		{"an IIM trailer refused", pmTrailer, true},
		{"zeros then data refused", append(make([]byte, 10), 1), true},
	} {
		t.Run(c.name, func(t *testing.T) {
			in := append(append([]byte(nil), base...), c.trailer...)
			res, err := JPEG(in, aleppo(), nil, Options{})
			var re *RefusedError
			if c.refused {
				if !errors.As(err, &re) || !strings.Contains(re.Reason, "end at EOI") {
					t.Fatalf("expected a refusal naming the data after EOI, found %v", err)
				}
				return
			}
			if err != nil {
				t.Fatalf("refused: %v", err)
			}
			checkUntouched(t, in, res.Data)
			if !bytes.HasSuffix(res.Data, append([]byte{0xFF, 0xD9}, c.trailer...)) {
				t.Error("the padding after EOI was not kept as it was")
			}
			if again, err := JPEG(res.Data, aleppo(), nil, Options{}); err != nil || again.Changed {
				t.Errorf("second run: %v, changed %v", err, again.Changed)
			}
		})
	}
}

// sharedEXIF is a JPEG whose IFD0 Copyright points at the very bytes of
// its Artist (a writer that stores equal strings once), with room for
// captag's values in place; with a maker-note-like tag when unmovable
// (then the EXIF cannot be extended).
func sharedEXIF(t *testing.T) []byte {
	t.Helper()
	old := "A long old name, kept by the camera"
	b := fixture.JPEG(fixture.Spec{EXIF: &fixture.EXIF{Artist: old, Copyright: old, ImageDescription: "An old caption long enough to hold the new one: " + strings.Repeat("x", 200), DateTimeOriginal: "2016:12:19 14:05:00"}, XMP: fixture.XMPPacket(wire, fixture.XMPDate(wire))})
	segs, scan := rtSegs(t, b)
	ei := rtIndex(segs, 0xE1, sigExif)
	p := append([]byte(nil), segs[ei].Payload...)
	tt := p[6:]
	order := binary.LittleEndian
	ifd := int(order.Uint32(tt[4:]))
	n := int(order.Uint16(tt[ifd:]))
	var artistOff []byte
	for i := 0; i < n; i++ {
		if e := tt[ifd+2+12*i : ifd+14+12*i]; order.Uint16(e) == tagArtist {
			artistOff = append([]byte(nil), e[8:12]...)
		}
	}
	for i := 0; i < n; i++ {
		if e := tt[ifd+2+12*i : ifd+14+12*i]; order.Uint16(e) == tagCopyright {
			copy(e[8:12], artistOff)
		}
	}
	segs[ei].Payload = p
	return rtJoin(segs, scan, "")
}

func TestSharedEXIFStrings(t *testing.T) {
	// Before the fix: both values were written in place into the one
	// string, and Artist read back "Anadolu Agency" (the Copyright).
	in := sharedEXIF(t)
	im := read(t, in)
	if im.EXIF == nil || im.EXIF.Copyright != im.EXIF.Creators[0] {
		t.Fatalf("fixture: Copyright %q does not share Artist's bytes", im.EXIF.Copyright)
	}
	res, err := JPEG(in, aleppo(), nil, Options{EXIF: true})
	if err != nil {
		t.Fatal(err)
	}
	im = read(t, res.Data)
	// The EXIF can be extended here: each tag gets its own new bytes.
	artist := strings.Join(im.EXIF.Creators, "; ")
	if artist != "Aref Watad" || im.EXIF.Copyright != "Anadolu Agency" {
		t.Errorf("EXIF reads back Artist %q, Copyright %q (warnings %q)", artist, im.EXIF.Copyright, res.Warnings)
	}
	checkUntouchedEXIF(t, in, res.Data, true)
}

func TestIIMOnlyValues(t *testing.T) {
	// Before the fix: an IIM without a current digest (exiv2, FotoStation,
	// old cameras; in the corpus exiftool/IPTC.jpg, metadata-extractor's
	// withIptcPhotoshop6.jpg and 8 more) got a current digest while its
	// Headline, Instructions, Sub-location… were only in the IIM. Adobe's
	// XMP Toolkit (Photoshop, Bridge, Lightroom) ignores the IIM when the
	// digest is current (ReconcileIPTC.cpp, Import2WayIPTC), so those
	// fields vanished there, and were deleted at the next save.
	iimOnly := func(digest fixture.DigestMode, date string) []byte {
		f := wire
		f.Headline, f.Sublocation, f.Title = "Evacuation of Aleppo", "East Aleppo", "aleppo-16"
		m := fixture.IIMFields(f)
		m.Datasets = append(m.Datasets, fixture.Dataset{Record: 2, Number: 40, Value: []byte("embargoed")})
		if date != "" {
			for i, d := range m.Datasets {
				if d.Number == 55 {
					m.Datasets[i].Value = []byte(date)
				}
			}
		}
		m.Digest = digest
		return fixture.JPEG(fixture.Spec{IIM: &m, XMP: fixture.XMPPacket(fixture.Fields{Credit: "AFP"}, "")})
	}
	check := func(t *testing.T, res Result, wantDigest bool) *metadata.Image {
		t.Helper()
		iim, digest := testIIM(t, res.Data)
		sum := md5.Sum(iim)
		if got := bytes.Equal(digest, sum[:]); got != wantDigest || !wantDigest && digest != nil {
			t.Errorf("digest %x, MD5 of the IIM %x; want a current digest: %v", digest, sum, wantDigest)
		}
		return read(t, res.Data)
	}
	for _, d := range []fixture.DigestMode{fixture.DigestNone, fixture.DigestStale} {
		t.Run(fmt.Sprint("digest mode ", d), func(t *testing.T) {
			res, err := JPEG(iimOnly(d, ""), aleppo(), nil, Options{})
			if err != nil {
				t.Fatal(err)
			}
			im := check(t, res, true)
			if im.XMP.Headline != "Evacuation of Aleppo" || im.XMP.Sublocation != "East Aleppo" || im.XMP.Title != "aleppo-16" {
				t.Errorf("XMP headline %q sub-location %q title %q; want the IIM's", im.XMP.Headline, im.XMP.Sublocation, im.XMP.Title)
			}
			doc, err := xmp.Parse(res.Data[bytes.Index(res.Data, []byte("<?xpacket")):])
			if err != nil {
				t.Fatal(err)
			}
			if n := doc.Get(xmp.NSphotoshop, "Instructions"); n == nil || n.Text() != "embargoed" {
				t.Errorf("photoshop:Instructions %v; want the IIM's 2:40", n)
			}
			if !strings.Contains(strings.Join(res.XMP, ","), "photoshop:Headline") {
				t.Errorf("the XMP changes %q do not name photoshop:Headline", res.XMP)
			}
			again, err := JPEG(res.Data, aleppo(), nil, Options{})
			if err != nil || again.Changed {
				t.Errorf("second run: %v, changed %v", err, again.Changed)
			}
		})
	}
	t.Run("a value that cannot go into the XMP: no digest, and a warning", func(t *testing.T) {
		rec := aleppo()
		rec.Date = date.Day{}
		res, err := JPEG(iimOnly(fixture.DigestNone, "2016XX19"), rec, nil, Options{})
		if err != nil {
			t.Fatal(err)
		}
		check(t, res, false)
		if !strings.Contains(strings.Join(res.Warnings, "\n"), "2:55") {
			t.Errorf("warnings %q do not name 2:55", res.Warnings)
		}
		again, err := JPEG(res.Data, rec, nil, Options{})
		if err != nil || again.Changed {
			t.Errorf("second run: %v, changed %v", err, again.Changed)
		}
	})
	t.Run("a current digest: the IIM was ignored before, the XMP is left", func(t *testing.T) {
		res, err := JPEG(iimOnly(fixture.DigestCurrent, ""), aleppo(), nil, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if im := check(t, res, true); im.XMP.Headline != "" {
			t.Errorf("XMP headline %q; the IIM's was not shown before, want none", im.XMP.Headline)
		}
	})
}

func TestMixedCharsetIIM(t *testing.T) {
	// Before the fix: an unmarked IIM mixing Latin-1 and UTF-8 values
	// (exiv2/exiv2-bug501.jpg: 2:90 "G\xf6teborg", 2:92 "K\xc3\xa5lltorp")
	// was converted whole from Latin-1, so the UTF-8 value was encoded
	// twice and marked UTF-8: "KÃ¥lltorp" for good, in the IIM and the XMP.
	m := fixture.IIM{Datasets: []fixture.Dataset{
		{Record: 2, Number: 0, Value: []byte{0, 4}},
		{Record: 2, Number: 92, Value: []byte("K\xc3\xa5lltorp")},
		{Record: 2, Number: 95, Value: []byte("V\xe4stra G\xf6taland")},
	}}
	res, err := JPEG(fixture.JPEG(fixture.Spec{IIM: &m}), aleppo(), nil, Options{})
	if err != nil {
		t.Fatal(err)
	}
	im := read(t, res.Data)
	if im.IPTC.Sublocation != "Kålltorp" || im.IPTC.Region != "Västra Götaland" || im.IPTC.Charset != "utf-8" {
		t.Errorf("IIM sub-location %q region %q charset %q", im.IPTC.Sublocation, im.IPTC.Region, im.IPTC.Charset)
	}
	if im.XMP.Sublocation != "Kålltorp" {
		t.Errorf("XMP sub-location %q", im.XMP.Sublocation)
	}
}

// TestFileLevel: the file step on the cases checked by hand (all
// fine before these tests): a symbolic link and a read-only file are left
// alone, odd bytes in a name are no problem, and nothing is left behind.
func TestFileLevel(t *testing.T) {
	orig := fixture.JPEG(fixture.All(wire))
	outside := t.TempDir()
	target := filepath.Join(outside, "elsewhere.jpg")
	if err := os.WriteFile(target, orig, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name    string
		make    func(dir string) string
		refused string // "" when it must be embedded
	}{
		{"symbolic link to a file in another folder", func(dir string) string {
			p := filepath.Join(dir, "link.jpg")
			if err := os.Symlink(target, p); err != nil {
				t.Skipf("no symbolic links here: %v", err)
			}
			return p
		}, "symbolic link"},
		{"read-only file", func(dir string) string {
			p := filepath.Join(dir, "ro.jpg")
			if err := os.WriteFile(p, orig, 0o444); err != nil {
				t.Fatal(err)
			}
			return p
		}, "read-only"},
		{"newline and invalid UTF-8 in the name", func(dir string) string {
			p := filepath.Join(dir, "new\nline \xff\xfe.jpg")
			if err := os.WriteFile(p, orig, 0o644); err != nil {
				t.Skipf("the file system refuses the name: %v", err)
			}
			return p
		}, ""},
		{"a name of 250 bytes", func(dir string) string {
			p := filepath.Join(dir, strings.Repeat("n", 246)+".jpg")
			if err := os.WriteFile(p, orig, 0o644); err != nil {
				t.Skipf("the file system refuses the name: %v", err)
			}
			return p
		}, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			p := c.make(dir)
			res, err := File(p, aleppo(), FileOptions{})
			b, _ := os.ReadFile(p)
			switch {
			case c.refused != "":
				if err == nil || !strings.Contains(err.Error(), c.refused) {
					t.Errorf("expected a refusal naming %q, found %v", c.refused, err)
				}
				if !bytes.Equal(b, orig) {
					t.Error("the file changed")
				}
			case err != nil || res.Outcome != sidecar.Updated:
				t.Errorf("File: %v, outcome %v", err, res.Outcome)
			default:
				checkUntouched(t, orig, b)
			}
			if tb, _ := os.ReadFile(target); !bytes.Equal(tb, orig) {
				t.Error("the file in the other folder changed")
			}
			ents, _ := os.ReadDir(dir)
			if len(ents) != 1 {
				t.Errorf("the folder holds %d entries, want only the file", len(ents))
			}
		})
	}
}

// mpfJPEG is a two-image MPF file as phones write it: the primary image
// with an APP2 MPF index (offsets from the MPF header) after its metadata
// segments, and a second JPEG after EOI.
func mpfJPEG(t *testing.T, second []byte) []byte {
	t.Helper()
	segs, scan := rtSegs(t, fixture.JPEG(fixture.All(wire)))
	head := rtJoin(segs, nil, "")
	index := func(firstLen, off2 uint32) []byte {
		le := binary.LittleEndian
		p := []byte("MPF\x00II*\x00")
		p = le.AppendUint32(p, 8)
		p = le.AppendUint16(p, 3)
		entry := func(tag, typ uint16, n uint32, v []byte) {
			p = le.AppendUint16(le.AppendUint16(p, tag), typ)
			p = append(le.AppendUint32(p, n), v...)
		}
		entry(0xB000, 7, 4, []byte("0100"))
		entry(0xB001, 4, 1, le.AppendUint32(nil, 2))
		entry(0xB002, 7, 32, le.AppendUint32(nil, 8+2+3*12+4))
		p = le.AppendUint32(p, 0)
		p = le.AppendUint32(le.AppendUint32(le.AppendUint32(p, 0x20030000), firstLen), 0)
		p = append(p, 0, 0, 0, 0)
		p = le.AppendUint32(le.AppendUint32(le.AppendUint32(p, 0x00010001), uint32(len(second))), off2)
		return append(p, 0, 0, 0, 0)
	}
	segLen := 4 + len(index(0, 0))
	firstLen := len(head) + segLen + len(scan)
	mpfAt := len(head) + 4 + 4 // the TIFF header inside the APP2 payload
	p := index(uint32(firstLen), uint32(firstLen-mpfAt))
	out := append(head, 0xFF, 0xE2, byte((len(p)+2)>>8), byte(len(p)+2))
	out = append(append(out, p...), scan...)
	return append(out, second...)
}

func TestMPF(t *testing.T) {
	// Checked fine: a phone's MPF file keeps its second image where the
	// MPF index says, read by exiftool (its MPImage offsets are relative
	// to the MPF header, which moves with the image when a segment before
	// it grows).
	if _, err := exec.LookPath("exiftool"); err != nil {
		t.Skip("exiftool not on PATH")
	}
	second := fixture.JPEG(fixture.Spec{Width: 16, Height: 16})
	in := mpfJPEG(t, second)
	res, err := JPEG(in, aleppo(), nil, Options{EXIF: true})
	if err != nil {
		t.Fatal(err)
	}
	checkUntouchedEXIF(t, in, res.Data, true)
	dir := t.TempDir()
	for name, b := range map[string][]byte{"before.jpg": in, "after.jpg": res.Data} {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
		got, err := exec.Command("exiftool", "-b", "-PreviewImage", p).Output()
		if err != nil || !bytes.Equal(got, second) {
			t.Errorf("%s: exiftool's MPF second image (%d bytes, %v) is not the one written after EOI (%d bytes)", name, len(got), err, len(second))
		}
	}
}

func TestAfterExiftool(t *testing.T) {
	// Checked fine: a file embedded, then edited by exiftool (which
	// rewrites the XMP and the IIM and sets its own digest), then embedded
	// again: captag's values come back in both stores, the digest is
	// current, exiftool's other edits stay, and a third run changes nothing.
	if _, err := exec.LookPath("exiftool"); err != nil {
		t.Skip("exiftool not on PATH")
	}
	p := filepath.Join(t.TempDir(), "a.jpg")
	if err := os.WriteFile(p, fixture.JPEG(fixture.All(wire)), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := File(p, aleppo(), FileOptions{}); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("exiftool", "-q", "-overwrite_original", "-IPTC:Credit=Reuters", "-XMP-photoshop:Credit=Reuters",
		"-IPTC:Sub-location=Souk", "-XMP-iptcCore:Location=Souk", "-XMP-photoshop:Instructions=embargoed", p).CombinedOutput()
	if err != nil {
		t.Fatalf("exiftool: %v %s", err, out)
	}
	res, err := File(p, aleppo(), FileOptions{})
	if err != nil || res.Outcome != sidecar.Updated {
		t.Fatalf("second embedding: %v, outcome %v", err, res.Outcome)
	}
	b, _ := os.ReadFile(p)
	im := read(t, b)
	if im.IPTC.Credit != "Anadolu Agency" || im.XMP.Credit != "Anadolu Agency" || im.IPTC.Sublocation != "Souk" || im.XMP.Sublocation != "Souk" {
		t.Errorf("credit IIM %q XMP %q, sub-location IIM %q XMP %q", im.IPTC.Credit, im.XMP.Credit, im.IPTC.Sublocation, im.XMP.Sublocation)
	}
	iim, digest := testIIM(t, b)
	if sum := md5.Sum(iim); !bytes.Equal(digest, sum[:]) {
		t.Errorf("digest %x, want %x", digest, sum)
	}
	vals := exiftoolJSON(t, []string{"-G1", "-XMP-photoshop:Instructions", "-IPTC:Credit"}, []string{p})[p]
	if str(vals["XMP-photoshop:Instructions"]) != "embargoed" || str(vals["IPTC:Credit"]) != "Anadolu Agency" {
		t.Errorf("exiftool reads instructions %q, credit %q", str(vals["XMP-photoshop:Instructions"]), str(vals["IPTC:Credit"]))
	}
	if res, err := File(p, aleppo(), FileOptions{}); err != nil || res.Outcome != sidecar.Unchanged {
		t.Errorf("third run: %v, outcome %v", err, res.Outcome)
	}
}

func TestOldPhotoshopAPP13(t *testing.T) {
	// Before the fix: a JPEG whose IIM is in a Photoshop 2.5 APP13
	// ("Adobe_Photoshop2.5:" and 8 more header bytes, which exiftool
	// reads) got a second, "Photoshop 3.0" APP13; exiftool 12.57 then read
	// the old caption as the IPTC (MWG Description too) and called
	// captag's "non-standard IPTC, ignored".
	m := fixture.IIMFields(fixture.Fields{Description: "old PS 2.5 caption"})
	irb := m.IRB()
	base := fixture.JPEG(fixture.Spec{XMP: fixture.XMPPacket(wire, "")})
	segs, scan := rtSegs(t, base)
	for _, payload := range [][]byte{
		append([]byte("Adobe_Photoshop2.5:\x00\x00\x00\x00\x00\x00\x00\x00"), irb...),
		m.IIMBytes(),
	} {
		in := rtJoin(append([]fixture.Segment{{Marker: 0xED, Payload: payload}}, segs...), scan, "")
		_, err := JPEG(in, aleppo(), nil, Options{})
		var re *RefusedError
		if !errors.As(err, &re) || !strings.Contains(re.Reason, "Photoshop 3.0") {
			t.Errorf("APP13 %q…: expected a refusal, found %v", payload[:8], err)
		}
	}
}

// exifWith is an EXIF APP1 payload whose IFD0 holds only the given
// UNDEFINED-typed tags and their data.
func exifWith(tags map[uint16][]byte) []byte {
	le := binary.LittleEndian
	keys := make([]int, 0, len(tags))
	for k := range tags {
		keys = append(keys, int(k))
	}
	sortInts(keys)
	t := le.AppendUint32([]byte("II*\x00"), 8)
	t = le.AppendUint16(t, uint16(len(keys)))
	data := uint32(8 + 2 + 12*len(keys) + 4)
	var tail []byte
	for _, k := range keys {
		v := tags[uint16(k)]
		t = le.AppendUint16(le.AppendUint16(t, uint16(k)), 7)
		t = le.AppendUint32(le.AppendUint32(t, uint32(len(v))), data+uint32(len(tail)))
		tail = append(tail, v...)
	}
	t = append(le.AppendUint32(t, 0), tail...)
	return append([]byte("Exif\x00\x00"), t...)
}

func sortInts(a []int) {
	for i := 1; i < len(a); i++ {
		for j := i; j > 0 && a[j] < a[j-1]; j-- {
			a[j], a[j-1] = a[j-1], a[j]
		}
	}
}

func TestStoresInsideEXIF(t *testing.T) {
	// Before the fix: a JPEG whose only IIM (or XMP) sits inside the EXIF,
	// IFD0 tag 0x83BB (0x02BC), got a new APP13 (APP1 XMP) segment, and
	// exiftool 12.57 then "ignored non-standard IPTC at
	// JPEG-APP1-IFD0-IPTC": the caption and headline it showed were gone.
	iimBlock := fixture.IIMFields(fixture.Fields{Description: "caption in the EXIF"}).IIMBytes()
	packet := []byte(fixture.XMPPacket(fixture.Fields{Headline: "headline in the EXIF"}, ""))
	frame, scan := rtSegs(t, fixture.JPEG(fixture.Spec{}))
	app13 := fixture.IIMFields(wire)
	for _, c := range []struct {
		name    string
		segs    []fixture.Segment
		refused string
	}{
		{"IIM only in the EXIF", []fixture.Segment{{Marker: 0xE1, Payload: exifWith(map[uint16][]byte{0x83BB: iimBlock})}}, "83BB"},
		{"XMP only in the EXIF", []fixture.Segment{{Marker: 0xE1, Payload: exifWith(map[uint16][]byte{0x02BC: packet})}}, "02BC"},
		{"IIM in the EXIF and in APP13: readers take the APP13", []fixture.Segment{
			{Marker: 0xE1, Payload: exifWith(map[uint16][]byte{0x83BB: iimBlock})},
			{Marker: 0xED, Payload: append([]byte(sigPhotoshop), app13.IRB()...)},
		}, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			in := rtJoin(append(append([]fixture.Segment(nil), c.segs...), frame...), scan, "")
			res, err := JPEG(in, aleppo(), nil, Options{})
			var re *RefusedError
			switch {
			case c.refused != "":
				if !errors.As(err, &re) || !strings.Contains(re.Reason, c.refused) {
					t.Errorf("expected a refusal naming %s, found %v", c.refused, err)
				}
			case err != nil:
				t.Errorf("refused: %v", err)
			default:
				checkUntouched(t, in, res.Data)
			}
		})
	}
}

func TestStaleDigestOtherFields(t *testing.T) {
	// Before the fix: with a stale digest, an IIM Special Instructions
	// (2:40) changed by another program was silently replaced, for
	// Adobe's readers, by the XMP's older photoshop:Instructions once the
	// digest was current (only the fields of metadata.Store were compared).
	m := fixture.IIMFields(wire)
	m.Datasets = append(m.Datasets, fixture.Dataset{Record: 2, Number: 40, Value: []byte("lifted at 14:00")})
	m.Digest = fixture.DigestStale
	packet := strings.Replace(fixture.XMPPacket(wire, fixture.XMPDate(wire)), "</rdf:Description>",
		"<photoshop:Instructions>embargoed until 14:00</photoshop:Instructions></rdf:Description>", 1)
	_, err := JPEG(fixture.JPEG(fixture.Spec{IIM: &m, XMP: packet}), aleppo(), nil, Options{})
	var re *RefusedError
	if !errors.As(err, &re) || !strings.Contains(re.Reason, "2:40") || !strings.Contains(re.Reason, "lifted") {
		t.Fatalf("expected a refusal naming 2:40 and its IIM value, found %v", err)
	}
	// The same with a current digest: the XMP was what readers showed.
	m.Digest = fixture.DigestCurrent
	if _, err := JPEG(fixture.JPEG(fixture.Spec{IIM: &m, XMP: packet}), aleppo(), nil, Options{}); err != nil {
		t.Fatalf("current digest refused: %v", err)
	}
}

func TestStaleDigestLineEnds(t *testing.T) {
	// Not refused needlessly: with a stale digest, an IIM value that
	// differs from the XMP's only by its line ends (CR in IIM, LF in XMP,
	// as Adobe's toolkit converts them) is the same value.
	m := fixture.IIMFields(wire)
	m.Datasets = append(m.Datasets, fixture.Dataset{Record: 2, Number: 40, Value: []byte("line one\rline two")})
	m.Digest = fixture.DigestStale
	packet := strings.Replace(fixture.XMPPacket(wire, fixture.XMPDate(wire)), "</rdf:Description>",
		"<photoshop:Instructions>line one\nline two</photoshop:Instructions></rdf:Description>", 1)
	if _, err := JPEG(fixture.JPEG(fixture.Spec{IIM: &m, XMP: packet}), aleppo(), nil, Options{}); err != nil {
		t.Fatalf("refused: %v", err)
	}
}
