package embed

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/captag/captag/metadata/fixture"
)

// Regressions for the red-team report of issue 20: each test is named
// after the item it answers and fails on the code before its fix.

func TestRedTeam08PaddingCutset(t *testing.T) {
	// Before the fix the padding test trimmed with the cutset "\xFF",
	// which as UTF-8 is invalid and trimmed every invalid byte: these
	// four bytes after EOI were taken for padding and kept, a trailer
	// nothing accounts for.
	base := fixture.JPEG(fixture.All(wire))
	for _, c := range []struct {
		name    string
		trailer []byte
		refused bool
	}{
		{"invalid UTF-8 after EOI refused", []byte("\xfe\x80\x80\xc0"), true},
		{"0xFF then other bytes refused", []byte("\xff\xff\x80"), true},
		{"JUNK refused", []byte("JUNK"), true},
		{"0xFF padding kept", []byte("\xff\xff\xff\xff"), false},
		{"zero padding kept", make([]byte, 4), false},
	} {
		t.Run(c.name, func(t *testing.T) {
			in := append(append([]byte(nil), base...), c.trailer...)
			res, err := JPEG(in, aleppo(), nil, Options{})
			var re *RefusedError
			if c.refused {
				if !errors.As(err, &re) || !strings.Contains(re.Reason, "end at EOI") {
					t.Fatalf("expected a refusal naming the %d bytes after EOI, found %v (changed %v)", len(c.trailer), err, res.Changed)
				}
				return
			}
			if err != nil {
				t.Fatalf("padding refused: %v", err)
			}
			checkUntouched(t, in, res.Data)
		})
	}
}

func TestRedTeam06NearMissSignatures(t *testing.T) {
	// Before the fix a header one or two bytes off a known one was
	// neither read nor refused; exiftool 12.57 still reads these (its
	// Exif test ignores case, its Photoshop and ExtendedXMP headers are
	// regular expressions whose '.' matches any byte, and any APP1 holding
	// "<?xpacket" is XMP), so after an embed readers saw two packets: two
	// dc:description values, IPTC and IPTC2.
	other := fixture.Fields{Description: "another caption", Creators: []string{"Other Name"}}
	packet := fixture.XMPPacket(other, "")
	irb := fixture.IIMFields(other).IRB()
	tiff := fixture.JPEG(fixture.Spec{EXIF: fixture.EXIFFields(other)})
	exifPayload := tiff[bytes.Index(tiff, []byte(sigExif)):]
	exifPayload = exifPayload[:int(tiff[bytes.Index(tiff, []byte(sigExif))-2])<<8|int(tiff[bytes.Index(tiff, []byte(sigExif))-1])-2]
	base := fixture.JPEG(fixture.All(wire))
	segs, scan := rtSegs(t, base)
	for _, c := range []struct {
		name    string
		marker  byte
		payload []byte
		refused string // the signature named, "" when taken
	}{
		{"XMP header with its first byte changed", markerAPP1, []byte("Http://ns.adobe.com/xap/1.0/\x00" + packet), "XMP"},
		{"XMP header with one byte changed", markerAPP1, []byte("hxtp://ns.adobe.com/xap/1.0/\x00" + packet), "XMP"},
		{"XMP header two bytes off, no packet marker", markerAPP1, []byte("Http://ns.adobe.com/xap/1.0/\x01<x:xmpmeta/>"), "XMP"},
		{"ExtendedXMP header one byte off", markerAPP1, []byte("Http://ns.adobe.com/xmp/extension/\x00" + strings.Repeat("0", 40)), "ExtendedXMP"},
		{"EXIF header in lower case", markerAPP1, append([]byte("exif"), exifPayload[4:]...), "EXIF"},
		{"EXIF header after garbage", markerAPP1, append([]byte("\x00\x00"), exifPayload...)[:len(exifPayload)], "EXIF"},
		{"Photoshop header with E1 for the dot", markerAPP13, append([]byte("Photoshop 3\xe10\x00"), irb...), "Photoshop APP13"},
		{"Photoshop header in lower case", markerAPP13, append([]byte("photoshop 3.0\x00"), irb...), "Photoshop APP13"},
		{"FLIR segment taken", markerAPP1, []byte("FLIR\x00\x01\x00\x00<?xpacket"), ""},
		{"Adobe_CM segment taken", markerAPP13, []byte("Adobe_CM\x00\x01"), ""},
		{"unknown APP1 taken", markerAPP1, []byte("QVCI\x00\x00\x00\x00"), ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			in := append([]fixture.Segment{segs[0], {Marker: c.marker, Payload: c.payload}}, segs[1:]...)
			b := rtJoin(in, scan, "")
			at := int64(len(rtJoin(in[:1], nil, "")))
			res, err := JPEG(b, aleppo(), nil, Options{})
			var re *RefusedError
			if c.refused == "" {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				checkUntouched(t, b, res.Data)
				return
			}
			if !errors.As(err, &re) {
				t.Fatalf("expected a refusal, found %v (changed %v)", err, res.Changed)
			}
			if re.Offset != at || !strings.Contains(re.Reason, "expected the "+c.refused+" header") {
				t.Errorf("expected the refusal to name the segment at %d and the %s header, found %v", at, c.refused, err)
			}
		})
	}
}
