package jpegscale

import (
	"encoding/binary"
	"fmt"
)

// This file holds the Huffman tables and the bit reader (T.81, Annex C
// and F.2.2).

// lookBits is how many bits the lookahead table takes at once (10 was about
// 5% faster than 9 on the wire photo, 11 slower): most codes
// of photographs are at most 9 bits long, and many of them with the
// magnitude bits that follow.
const lookBits = 10

// A lookahead entry packs, for the next lookBits bits of the stream:
// bits 0–4 how many bits to consume; 5–8 the run (the symbol's high
// nibble); 9–12 the size (its low nibble); bit 13 whether the value's
// magnitude bits are among them; bits 14–20 how far an AC symbol moves
// the coefficient index (run+1 past a coefficient, 16 for ZRL, 64 for
// EOB, so that block's usual path needs no branch on the symbol); bits
// 21–31 the value (signed; at most lookBits−1 magnitude bits fit). Zero
// is a code longer than lookBits.
const (
	lookRunShift  = 5
	lookSizeShift = 9
	lookFull      = 1 << 13
	lookAdvShift  = 14
	lookValShift  = 21
)

// advance is how far AC symbol run r, size s moves the coefficient
// index (F.2.2.2): past the run and the coefficient, 16 zeros for ZRL
// (15/0), to the end for EOB (0/0, and the other x/0, which block takes
// as EOB as well).
func advance(r, s int32) int32 {
	switch {
	case s > 0:
		return r + 1
	case r == 15:
		return 16
	}
	return 64
}

// huffTable is one Huffman table: the lookahead for codes of at most
// lookBits bits, and for longer ones the largest code of each length and
// where its values start (F.2.2.3, Figure F.16).
type huffTable struct {
	look    [1 << lookBits]int32
	maxcode [17]int32 // -1 when no code has that length
	valptr  [17]int32 // index in vals of the first code of that length, minus that code
	vals    [256]uint8
}

// build makes the table from the counts of codes of each length 1–16 and
// the symbols in code order (B.2.4.2), generating the codes as Annex C
// does (Figures C.1 and C.2). It refuses counts that a prefix code cannot
// have and, for a DC table, sizes over 11 (F.1.2.1: 8-bit samples).
func (t *huffTable) build(counts [16]int, vals []byte, dc bool) error {
	if len(vals) > len(t.vals) {
		return FormatError(fmt.Sprintf("expected at most %d Huffman values, found %d", len(t.vals), len(vals)))
	}
	*t = huffTable{}
	copy(t.vals[:], vals)
	code, k := int32(0), 0
	for l := 1; l <= 16; l++ {
		n := counts[l-1]
		t.maxcode[l] = -1
		if n > 0 {
			t.valptr[l] = int32(k) - code
			for range n {
				if code >= 1<<l {
					return FormatError(fmt.Sprintf("expected Huffman counts of a prefix code, found more than %d codes of %d bits", 1<<l, l))
				}
				sym := vals[k]
				if dc && sym > 11 {
					return FormatError(fmt.Sprintf("expected DC sizes of at most 11, found %d", sym))
				}
				if l <= lookBits {
					t.fillLook(code, l, sym, dc)
				}
				code++
				k++
			}
			t.maxcode[l] = code - 1
		}
		code <<= 1
	}
	return nil
}

// fillLook writes the lookahead entries of the code of length l for sym:
// every lookBits-bit prefix that starts with it.
func (t *huffTable) fillLook(code int32, l int, sym byte, dc bool) {
	r, s := int32(sym>>4), int32(sym&15)
	if dc {
		r, s = 0, int32(sym)
	}
	free := lookBits - l
	base := code << free
	for i := range int32(1) << free {
		e := int32(l) | r<<lookRunShift | s<<lookSizeShift
		if int(s) <= free {
			// The magnitude bits follow the code within the lookahead.
			v := (i >> (int32(free) - s)) & (1<<s - 1)
			e = int32(l+int(s)) | r<<lookRunShift | s<<lookSizeShift | lookFull | advance(r, s)<<lookAdvShift | extend(v, s)<<lookValShift
		}
		t.look[base+i] = e
	}
}

// extend turns s magnitude bits v into the value they code (F.2.2.1,
// Figure F.12): below half the range the value is negative.
func extend(v, s int32) int32 {
	if s == 0 {
		return 0
	}
	if v < 1<<(s-1) {
		return v - (1 << s) + 1
	}
	return v
}

// slow decodes a code longer than lookBits from the top of acc: the
// symbol and the code's length.
func (t *huffTable) slow(acc uint64) (byte, int, error) {
	for l := lookBits + 1; l <= 16; l++ {
		code := int32(acc >> (64 - l))
		if code <= t.maxcode[l] {
			return t.vals[(t.valptr[l]+code)&0xFF], l, nil
		}
	}
	return 0, 0, FormatError("expected a Huffman code, found bits no code of the table starts")
}

// slowTake is slow for block's bit buffer in locals: it takes the code
// from them.
func (t *huffTable) slowTake(acc *uint64, nbits *int) (byte, error) {
	sym, l, err := t.slow(*acc)
	if err == nil {
		*acc <<= uint(l)
		*nbits -= l
	}
	return sym, err
}

// markerHit is what refill feeds once the data has ended: zero bits.
//
// refill tops acc up to more than 56 bits, a byte at a time: 0xFF 0x00 is
// a data byte 0xFF (B.1.1.5); 0xFF then anything else is a marker, which
// ends the data: the 0xFF is put back for nextMarker and zeros are fed
// from then on (counted in pad, so that a scan reading into them is
// caught: the data ended early). The end of the file ends it likewise.
func (d *decoder) refill() {
	if d.nbits <= 32 && !d.hit && d.end-d.pos >= 4 {
		// Four bytes at once when none is 0xFF (the usual case).
		b := d.buf[d.pos : d.pos+4 : d.pos+4]
		x := uint32(b[0])<<24 | uint32(b[1])<<16 | uint32(b[2])<<8 | uint32(b[3])
		if nx := ^x; (nx-0x01010101)&^nx&0x80808080 == 0 {
			d.acc |= uint64(x) << (32 - d.nbits)
			d.nbits += 32
			d.pos += 4
		}
	}
	for d.nbits <= 56 {
		if d.hit {
			d.pad += 8
			d.nbits += 8
			continue
		}
		if d.pos == d.end && !d.fill() {
			d.hit = true
			continue
		}
		b := d.buf[d.pos]
		d.pos++
		if b == 0xFF {
			if d.pos == d.end && !d.fill() {
				d.hit = true
				continue
			}
			if d.buf[d.pos] != 0 {
				d.pos-- // the marker's 0xFF, for nextMarker
				d.hit = true
				continue
			}
			d.pos++
		}
		d.acc |= uint64(b) << (56 - d.nbits)
		d.nbits += 8
	}
}

// refill8 is refill for block's bit buffer in locals (acc, nbits,
// fewer than 32 bits): when the next 8 bytes of the buffer hold no 0xFF
// (no stuffed byte, no marker), as many whole bytes as acc has room for
// are taken from one load; the bits of a byte only partly taken are
// ORed in too, but they are that byte's own, which a later refill ORs
// in at the same place again. Else refill does it a byte at a time.
func (d *decoder) refill8(acc uint64, nbits int) (uint64, int) {
	if acc, nbits, ok := d.load8(acc, nbits); ok {
		return acc, nbits
	}
	return d.refillBytes(acc, nbits)
}

// load8 is refill8's one load, small enough to be inlined in block's
// loop; ok is false when refillBytes must do it. It needs no test of
// d.hit: the data ends at a marker, whose 0xFF is at d.pos, or at the
// file's end, where d.pos is d.end.
func (d *decoder) load8(acc uint64, nbits int) (uint64, int, bool) {
	p := d.pos
	if p+8 > d.end {
		return acc, nbits, false
	}
	x := binary.BigEndian.Uint64(d.buf[p : p+8 : p+8])
	if nx := ^x; (nx-0x0101010101010101)&^nx&0x8080808080808080 != 0 {
		return acc, nbits, false
	}
	d.pos = p + (64-nbits)>>3
	return acc | x>>uint(nbits), nbits + (64-nbits)&^7, true
}

// refillBytes is refill for bits in locals.
func (d *decoder) refillBytes(acc uint64, nbits int) (uint64, int) {
	d.acc, d.nbits = acc, nbits
	d.refill()
	return d.acc, d.nbits
}

// bits takes s (1–16) bits from the top of acc; acc must hold them.
func (d *decoder) bits(s int) int32 {
	v := int32(d.acc >> (64 - s))
	d.acc <<= s
	d.nbits -= s
	return v
}

// resetBits drops what is left of the data before a marker: the fill
// bits of the last byte and the zeros fed after it.
func (d *decoder) resetBits() {
	d.acc, d.nbits, d.pad, d.hit = 0, 0, 0, false
}
