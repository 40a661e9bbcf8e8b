package metadata

import (
	"strings"
	"unicode/utf8"
)

// NFC composes the Latin letters of s that are written decomposed, a
// letter followed by combining marks (as macOS file systems and some Mac
// programs store names: "Mu\u0308ller.jpg"), into the precomposed letters
// Unicode's NFC gives ("Müller.jpg"), so that a file name typed or
// exported elsewhere compares equal to the same name read from the disk.
// It covers the compositions into Latin letters (U+00C0–U+024F,
// U+1E00–U+1EFF, marks in canonical order, as NFD writes them); other
// text is returned unchanged, and s itself when it has no combining mark
// or is not valid UTF-8 (whose bytes are kept as they are).
func NFC(s string) string {
	if !hasCombining(s) || !utf8.ValidString(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	last, have := rune(0), false // the letter written last, not yet flushed
	for _, r := range s {
		if have {
			if c, ok := nfcPairs[[2]rune{last, r}]; ok {
				last = c
				continue
			}
			b.WriteRune(last)
		}
		last, have = r, true
	}
	if have {
		b.WriteRune(last)
	}
	return b.String()
}

// hasCombining reports whether s holds a combining diacritical mark
// (U+0300–U+036F, two bytes in UTF-8 starting 0xCC or 0xCD).
func hasCombining(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c == 0xCC || c == 0xCD {
			if r, _ := utf8.DecodeRuneInString(s[i:]); r >= 0x300 && r <= 0x36F {
				return true
			}
		}
	}
	return false
}
