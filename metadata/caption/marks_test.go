package caption

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// lastEndScan is markSet.lastEnd as strings.LastIndex per mark gives it.
func lastEndScan(s string, marks []string) int {
	i := -1
	for _, m := range marks {
		if j := strings.LastIndex(s, m); j >= 0 && j+len(m) > i {
			i = j + len(m)
		}
	}
	return i
}

// The one scan from the end finds the end of the last mark, as one
// strings.LastIndex per mark did, on texts made of marks, their bytes and
// other runes in any order, and on the Japanese papers' credits.
func TestMarkSetLastEnd(t *testing.T) {
	sets := [][]string{
		{"。", "，", ",", "）", ")", "；", "/", "=", "＝", "、"},
		{" / ", "). ", "/"},
		{"ab", "b", "bab"},
	}
	texts := []string{"", "=", "…=広島市で2025年7月22日午後6時12分、NAME撮影", "…(9月6日、皇居・宮殿)=NAME撮影", "新华社发（记者 陈思汗 摄）", "\xef\xbc", "\xbc\x8c"}
	pieces := []string{"a", "b", " ", "撮", "\xef", "\xbc", "\x8c", "\x89", "、", "，", "=", "/", ")", ".", "ab", "。"}
	rng := rand.New(rand.NewPCG(24, 1))
	for range 3000 {
		var b strings.Builder
		for n := rng.IntN(12); n > 0; n-- {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		texts = append(texts, b.String())
	}
	for _, marks := range sets {
		m := newMarkSet(marks...)
		for _, s := range texts {
			if got, want := m.lastEnd(s), lastEndScan(s, marks); got != want {
				t.Fatalf("lastEnd(%q) over %q = %d, want %d", s, marks, got, want)
			}
		}
	}
}

// lastIndex finds what strings.LastIndex finds, for the separators it is
// asked for and others, on texts made of their pieces.
func TestLastIndex(t *testing.T) {
	seps := []string{" / ", "). ", "==", "（", "【", " ", "  ", "", "a", "aa", "aba", " a "}
	pieces := []string{"a", "b", " ", "/", ")", ".", "=", "（", "【", "\xe3", "\xef", "\xbc", "\x80", "撮"}
	texts := []string{"", " ", "==", "(AP Photo/Dar Yasin). July 29, 2011", "REUTERS/Ahmad Masood / X90061"}
	rng := rand.New(rand.NewPCG(24, 3))
	for range 5000 {
		var b strings.Builder
		for n := rng.IntN(14); n > 0; n-- {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		texts = append(texts, b.String())
	}
	for _, sep := range seps {
		for _, s := range texts {
			if got, want := lastIndex(s, sep), strings.LastIndex(s, sep); got != want {
				t.Fatalf("lastIndex(%q, %q) = %d, want %d", s, sep, got, want)
			}
		}
	}
}
