package caption

import (
	"bufio"
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/captag/captag/metadata/names"
)

// oracleLastLabel is lastLabel as it was before issue 24's one-pass scan
// (names.LastLabel): one case-blind search of the tail per label, the
// latest whose last place follows a space, "(", "." or the like. Kept as
// the oracle the one pass must agree with (lastIndexFold, which other
// searches still use, is unchanged).
func oracleLastLabel(t string) (int, int) {
	best, n := -1, 0
	from := max(0, len(t)-maxCreditBytes-40)
	for _, l := range names.Labels() {
		i := lastIndexFold(t[from:], l)
		if i < 0 {
			continue
		}
		i += from
		if prev, _ := utf8.DecodeLastRuneInString(t[:i]); i > 0 && !strings.ContainsRune(" (.[。，、）」\"”“»«’", prev) {
			continue
		}
		if i > best {
			best, n = i, len(l)
		}
	}
	return best, n
}

// tuningFiles are the realworld files a test may read (the held-out ones,
// heldout*.jsonl, firstcontact2.jsonl and every *-held.jsonl, are never
// opened here).
var tuningFiles = []string{
	"captions.jsonl",
	"firstcontact-tune.jsonl",
	"firstcontact3-tune.jsonl",
	"firstcontact4-tune.jsonl",
	"firstcontact5-tune.jsonl",
	"firstcontact6-tune.jsonl",
}

// tuningCaptions returns the caption texts of tuningFiles.
func tuningCaptions(t *testing.T) []string {
	t.Helper()
	var out []string
	for _, name := range tuningFiles {
		f, err := os.Open(filepath.Join("testdata", "realworld", name))
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			var row struct {
				Caption string `json:"caption"`
			}
			if err := json.Unmarshal(sc.Bytes(), &row); err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			out = append(out, row.Caption)
		}
		f.Close()
		if err := sc.Err(); err != nil {
			t.Fatal(err)
		}
	}
	return out
}

// cuts returns t and the prefixes of t that a credit reader may ask about:
// those ending before a bracket, a slash or a full stop, and every 97th
// byte.
func cuts(t string) []string {
	out := []string{t}
	for i := 1; i < len(t); i++ {
		if strings.IndexByte("()/.", t[i]) >= 0 || i%97 == 0 {
			out = append(out, t[:i])
		}
	}
	return out
}

// fuzzText builds a string from label words, cut and in random case,
// separators, accented and CJK runes, the Kelvin sign and the long s, and
// invalid bytes.
func fuzzText(rng *rand.Rand, labels []string) string {
	pieces := []string{" ", "(", ".", "\"", "”", "。", "，", "x", "Reuters", "AFP", "/", "K", "ſ", "İ", "é", "Ф", "\xc3", "\xff", "\x08", "@", "  "}
	var b strings.Builder
	for n := rng.IntN(12); n >= 0; n-- {
		if rng.IntN(2) == 0 {
			l := labels[rng.IntN(len(labels))]
			if rng.IntN(4) == 0 {
				l = l[:rng.IntN(len(l)+1)]
			}
			switch rng.IntN(3) {
			case 0:
				l = strings.ToUpper(l)
			case 1:
				l = strings.ToTitle(l)
			}
			b.WriteString(l)
		} else {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		if rng.IntN(5) == 0 {
			b.WriteString(strings.Repeat("prose ", rng.IntN(60)))
		}
	}
	return b.String()
}

func TestLastLabelOnePassAgrees(t *testing.T) {
	check := func(s string) {
		t.Helper()
		gi, gn := lastLabel(s)
		wi, wn := oracleLastLabel(s)
		if gi != wi || gn != wn {
			t.Errorf("lastLabel(%q) = %d, %d, the oracle %d, %d", s, gi, gn, wi, wn)
		}
	}
	captions := tuningCaptions(t)
	if len(captions) < 800 {
		t.Fatalf("read %d captions from the tuning files, expected at least 800", len(captions))
	}
	for _, c := range captions {
		for _, s := range cuts(c) {
			check(s)
		}
	}
	rng := rand.New(rand.NewPCG(24, 1))
	labels := names.Labels()
	for range 5000 {
		check(fuzzText(rng, labels))
	}
}

func FuzzLastLabel(f *testing.F) {
	for _, s := range []string{"(Photo: AP)", "Foto: ddp", "…市場。攝:NAME", "PHOTO BY x photo by y", "\"Foto: x", "Kuva: K", "ſource: x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		gi, gn := lastLabel(s)
		wi, wn := oracleLastLabel(s)
		if gi != wi || gn != wn {
			t.Errorf("lastLabel(%q) = %d, %d, the oracle %d, %d", s, gi, gn, wi, wn)
		}
	})
}

func BenchmarkLastLabel(b *testing.B) {
	const c = "Chicago White Sox pitcher John Garland, left, pours champagne on Freddy Garcia in the locker room after their 4-2 win against the Detroit Tigers in Detroit, Thursday, Sept. 29, 2005. With the win the White Sox clinched their first AL Central title since 2000. (AP Photo/Paul Sancya)"
	b.ReportAllocs()
	for b.Loop() {
		lastLabel(c)
	}
}

func BenchmarkOracleLastLabel(b *testing.B) {
	const c = "Chicago White Sox pitcher John Garland, left, pours champagne on Freddy Garcia in the locker room after their 4-2 win against the Detroit Tigers in Detroit, Thursday, Sept. 29, 2005. With the win the White Sox clinched their first AL Central title since 2000. (AP Photo/Paul Sancya)"
	for b.Loop() {
		oracleLastLabel(c)
	}
}
