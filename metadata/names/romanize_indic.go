package names

// The scripts of India written from Brahmi share one layout in Unicode:
// the same letter at the same offset of each 128-code block (Devanagari
// U+0900, Bengali U+0980, Gurmukhi U+0A00, Gujarati U+0A80, Oriya U+0B00,
// Tamil U+0B80, Telugu U+0C00, Kannada U+0C80, Malayalam U+0D00; The
// Unicode Standard, chapter 12, "South and Central Asia-I", which gives
// the ISCII-based layout). One table of offsets spells them all, in the
// Latin letters of Hunterian transliteration as Indian desks write names
// (https://en.wikipedia.org/wiki/Hunterian_transliteration): a consonant
// carries the vowel "a" unless a vowel sign follows (which replaces it)
// or the virama (which silences it), and a name's last consonant is
// spoken without it ("Rajesh", not "Rajesha").

// indicFirst and indicLast bound the blocks of the shared layout.
const (
	indicFirst = 0x0900
	indicLast  = 0x0D7F
)

// indicKind is what an offset of the layout is.
type indicKind uint8

const (
	indicNone      indicKind = iota
	indicVowel               // an independent vowel: spelled as it is
	indicConsonant           // spelled, then its inherent "a"
	indicSign                // a vowel sign: replaces the inherent "a"
	indicVirama              // silences the inherent "a"
	indicMark                // nukta, tippi, addak: nothing of its own
	indicFinal               // anusvara, visarga, a chillu: a sound, no vowel
)

// indicOffsets spells each offset of the layout.
var indicOffsets = [0x80]struct {
	kind indicKind
	sp   string
}{
	0x01: {indicFinal, "n"}, 0x02: {indicFinal, "n"}, 0x03: {indicFinal, "h"},
	0x05: {indicVowel, "a"}, 0x06: {indicVowel, "a"}, 0x07: {indicVowel, "i"}, 0x08: {indicVowel, "i"},
	0x09: {indicVowel, "u"}, 0x0A: {indicVowel, "u"}, 0x0B: {indicVowel, "ri"}, 0x0C: {indicVowel, "li"},
	0x0D: {indicVowel, "e"}, 0x0E: {indicVowel, "e"}, 0x0F: {indicVowel, "e"}, 0x10: {indicVowel, "ai"},
	0x11: {indicVowel, "o"}, 0x12: {indicVowel, "o"}, 0x13: {indicVowel, "o"}, 0x14: {indicVowel, "au"},
	0x15: {indicConsonant, "k"}, 0x16: {indicConsonant, "kh"}, 0x17: {indicConsonant, "g"}, 0x18: {indicConsonant, "gh"},
	0x19: {indicConsonant, "ng"}, 0x1A: {indicConsonant, "ch"}, 0x1B: {indicConsonant, "chh"}, 0x1C: {indicConsonant, "j"},
	0x1D: {indicConsonant, "jh"}, 0x1E: {indicConsonant, "ny"}, 0x1F: {indicConsonant, "t"}, 0x20: {indicConsonant, "th"},
	0x21: {indicConsonant, "d"}, 0x22: {indicConsonant, "dh"}, 0x23: {indicConsonant, "n"}, 0x24: {indicConsonant, "t"},
	0x25: {indicConsonant, "th"}, 0x26: {indicConsonant, "d"}, 0x27: {indicConsonant, "dh"}, 0x28: {indicConsonant, "n"},
	0x29: {indicConsonant, "n"}, 0x2A: {indicConsonant, "p"}, 0x2B: {indicConsonant, "ph"}, 0x2C: {indicConsonant, "b"},
	0x2D: {indicConsonant, "bh"}, 0x2E: {indicConsonant, "m"}, 0x2F: {indicConsonant, "y"}, 0x30: {indicConsonant, "r"},
	0x31: {indicConsonant, "r"}, 0x32: {indicConsonant, "l"}, 0x33: {indicConsonant, "l"}, 0x34: {indicConsonant, "zh"},
	0x35: {indicConsonant, "v"}, 0x36: {indicConsonant, "sh"}, 0x37: {indicConsonant, "sh"}, 0x38: {indicConsonant, "s"},
	0x39: {indicConsonant, "h"},
	0x3C: {indicMark, ""},
	0x3E: {indicSign, "a"}, 0x3F: {indicSign, "i"}, 0x40: {indicSign, "i"}, 0x41: {indicSign, "u"}, 0x42: {indicSign, "u"},
	0x43: {indicSign, "ri"}, 0x44: {indicSign, "ri"}, 0x45: {indicSign, "e"}, 0x46: {indicSign, "e"}, 0x47: {indicSign, "e"},
	0x48: {indicSign, "ai"}, 0x49: {indicSign, "o"}, 0x4A: {indicSign, "o"}, 0x4B: {indicSign, "o"}, 0x4C: {indicSign, "au"},
	0x4D: {indicVirama, ""},
	0x57: {indicSign, "au"}, // Tamil, Malayalam au length mark
	0x58: {indicConsonant, "q"}, 0x59: {indicConsonant, "kh"}, 0x5A: {indicConsonant, "gh"}, 0x5B: {indicConsonant, "z"},
	0x5C: {indicConsonant, "r"}, 0x5D: {indicConsonant, "rh"}, 0x5E: {indicConsonant, "f"}, 0x5F: {indicConsonant, "y"},
	0x60: {indicVowel, "ri"}, 0x62: {indicSign, "li"}, 0x63: {indicSign, "li"},
	0x70: {indicMark, ""}, 0x71: {indicMark, ""}, // Gurmukhi tippi, addak
	0x7A: {indicFinal, "n"}, 0x7B: {indicFinal, "n"}, 0x7C: {indicFinal, "r"}, 0x7D: {indicFinal, "l"},
	0x7E: {indicFinal, "l"}, 0x7F: {indicFinal, "k"}, // Malayalam chillu letters
}

// indicOf returns the kind and spelling of r in the shared layout.
func indicOf(r rune) (indicKind, string) {
	if r < indicFirst || r > indicLast {
		return indicNone, ""
	}
	o := indicOffsets[(r-indicFirst)%0x80]
	return o.kind, o.sp
}
