package metadata

import "unicode/utf8"

// cp1252High maps the Windows-1252 bytes 0x80-0x9F to Unicode; the other
// bytes are the code points of the same value (Latin-1). The five bytes
// the code page leaves undefined (0x81, 0x8D, 0x8F, 0x90, 0x9D) map to
// the C1 control of the same value, as the WHATWG Encoding Standard's
// index does (https://encoding.spec.whatwg.org/index-windows-1252.txt,
// which also lists the 27 defined ones).
var cp1252High = [32]rune{
	0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, // 80-87
	0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008D, 0x017D, 0x008F, // 88-8F
	0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, // 90-97
	0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178, // 98-9F
}

// Windows1252Rune is the character the Windows-1252 byte c stands for.
// Latin-1 text is read through it too: writers of unmarked IIM and of
// "Latin-1" caption files almost always meant its superset.
func Windows1252Rune(c byte) rune {
	if c >= 0x80 && c < 0xA0 {
		return cp1252High[c-0x80]
	}
	return rune(c)
}

// AppendWindows1252 appends the UTF-8 form of the Windows-1252 text src
// to dst.
func AppendWindows1252(dst, src []byte) []byte {
	for _, c := range src {
		if c < utf8.RuneSelf {
			dst = append(dst, c)
			continue
		}
		dst = utf8.AppendRune(dst, Windows1252Rune(c))
	}
	return dst
}
