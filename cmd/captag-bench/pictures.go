package main

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"image"
	"image/jpeg"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/captag/captag/metadata/fixture"
)

// This file gives the fixture pictures real pixels (-pixels) and an EXIF
// thumbnail (-thumb), for the contact sheet's rows: a thumbnail made from
// the picture costs a decode of every pixel and a scale, one taken from
// the EXIF IFD1 a header read. The metadata stays what the fixture
// generator wrote, byte for byte, so that check finds the same.

// parsePixels reads -pixels: "" (the fixture's 8×8), or WxH.
func parsePixels(s string) (image.Point, error) {
	if s == "" {
		return image.Point{}, nil
	}
	w, h, ok := strings.Cut(strings.ToLower(s), "x")
	x, errW := strconv.Atoi(w)
	y, errH := strconv.Atoi(h)
	if !ok || errW != nil || errH != nil || x < 1 || y < 1 || x > 20000 || y > 20000 || x*y > 50_000_000 {
		return image.Point{}, fmt.Errorf("-pixels: expected WIDTHxHEIGHT of at most 50 megapixels (e.g. 1024x683), found %q", s)
	}
	return image.Point{x, y}, nil
}

// encode encodes m as image/jpeg does at quality q.
func encode(m image.Image, q int) ([]byte, error) {
	var b bytes.Buffer
	err := jpeg.Encode(&b, m, &jpeg.Options{Quality: q})
	return b.Bytes(), err
}

// metadataEnd is where a fixture JPEG's metadata ends: after SOI and the
// APPn and COM segments that follow it, at the first table or frame.
func metadataEnd(b []byte) (int, error) {
	pos := 2
	for pos+4 <= len(b) && b[pos] == 0xFF && (b[pos+1] >= 0xE0 && b[pos+1] <= 0xEF || b[pos+1] == 0xFE) {
		pos += 2 + int(binary.BigEndian.Uint16(b[pos+2:]))
	}
	if len(b) < 4 || b[0] != 0xFF || b[1] != 0xD8 || pos+2 > len(b) || b[pos] != 0xFF {
		return 0, fmt.Errorf("expected a JPEG whose metadata segments follow SOI, found %d bytes", len(b))
	}
	return pos, nil
}

// rewrite applies f to every image of c.
func rewrite(c *corpus, f func(b []byte) ([]byte, error)) error {
	for _, name := range c.Files {
		path := filepath.Join(c.Dir, name)
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		out, err := f(b)
		if err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
		if err := os.WriteFile(path, out, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// repixelCorpus gives every image of c the pixels of one w×h photo (its
// metadata segments kept, the fixture's 8×8 tables and scan replaced).
func repixelCorpus(c *corpus, size image.Point) error {
	body, err := encode(fixture.WirePhoto(size.X, size.Y), 85)
	if err != nil {
		return err
	}
	err = rewrite(c, func(b []byte) ([]byte, error) {
		end, err := metadataEnd(b)
		if err != nil {
			return nil, err
		}
		return append(b[:end:end], body[2:]...), nil
	})
	if err == nil {
		c.Facts += fmt.Sprintf("; pixels %d×%d (4:2:0, quality 85, %d bytes of tables and scan)", size.X, size.Y, len(body)-2)
	}
	return err
}

// thumbCorpus adds to every image's EXIF an IFD1 with a 160×120 JPEG
// thumbnail (upright, a few KB: the contact sheet shows such a one as it
// is).
func thumbCorpus(c *corpus) error {
	thumb, err := encode(fixture.WirePhoto(160, 120), 75)
	if err != nil {
		return err
	}
	err = rewrite(c, func(b []byte) ([]byte, error) { return withIFD1(b, thumb) })
	if err == nil {
		c.Facts += fmt.Sprintf("; then an EXIF IFD1 thumbnail of 160×120 (%d bytes) added to each", len(thumb))
	}
	return err
}

// withIFD1 returns the JPEG b with an IFD1 holding thumb appended to the
// TIFF structure of its EXIF APP1 and linked from IFD0.
func withIFD1(b, thumb []byte) ([]byte, error) {
	end, err := metadataEnd(b)
	if err != nil {
		return nil, err
	}
	for pos := 2; pos < end; pos += 2 + int(binary.BigEndian.Uint16(b[pos+2:])) {
		n := int(binary.BigEndian.Uint16(b[pos+2:]))
		payload := b[pos+4 : pos+2+n]
		if b[pos+1] != 0xE1 || !bytes.HasPrefix(payload, []byte("Exif\x00\x00")) {
			continue
		}
		tiff, err := appendIFD1(payload[6:], thumb)
		if err != nil {
			return nil, err
		}
		if 2+6+len(tiff) > 0xFFFF {
			return nil, fmt.Errorf("expected the EXIF APP1 with its thumbnail to fit a segment, found %d bytes", 2+6+len(tiff))
		}
		out := append([]byte{}, b[:pos]...)
		out = append(out, 0xFF, 0xE1, byte((8+len(tiff))>>8), byte(8+len(tiff)))
		out = append(out, "Exif\x00\x00"...)
		out = append(out, tiff...)
		return append(out, b[pos+2+n:]...), nil
	}
	return nil, fmt.Errorf("expected an EXIF APP1 to add the thumbnail to, found none")
}

// appendIFD1 returns the TIFF structure t with an IFD1 (Compression 6,
// JPEGInterchangeFormat and its length) and thumb after it, linked from
// IFD0, which must have no next IFD.
func appendIFD1(t, thumb []byte) ([]byte, error) {
	var order interface {
		binary.ByteOrder
		binary.AppendByteOrder
	} = binary.LittleEndian
	if len(t) >= 2 && t[0] == 'M' {
		order = binary.BigEndian
	}
	if len(t) < 8 {
		return nil, fmt.Errorf("expected a TIFF header, found %d bytes", len(t))
	}
	ifd0 := int(order.Uint32(t[4:]))
	if ifd0+2 > len(t) {
		return nil, fmt.Errorf("expected IFD0 inside the TIFF structure, found it at %d of %d", ifd0, len(t))
	}
	next := ifd0 + 2 + 12*int(order.Uint16(t[ifd0:]))
	if next+4 > len(t) || order.Uint32(t[next:]) != 0 {
		return nil, fmt.Errorf("expected IFD0 with no next IFD")
	}
	out := append([]byte{}, t...)
	if len(out)%2 == 1 {
		out = append(out, 0)
	}
	at := len(out)
	order.PutUint32(out[next:], uint32(at))
	entry := func(tag, typ uint16, v uint32) {
		var e [12]byte
		order.PutUint16(e[0:], tag)
		order.PutUint16(e[2:], typ)
		order.PutUint32(e[4:], 1)
		if typ == 3 {
			order.PutUint16(e[8:], uint16(v))
		} else {
			order.PutUint32(e[8:], v)
		}
		out = append(out, e[:]...)
	}
	out = order.AppendUint16(out, 3)
	entry(0x0103, 3, 6) // Compression: JPEG
	entry(0x0201, 4, uint32(at+2+3*12+4))
	entry(0x0202, 4, uint32(len(thumb)))
	out = order.AppendUint32(out, 0)
	return append(out, thumb...), nil
}
