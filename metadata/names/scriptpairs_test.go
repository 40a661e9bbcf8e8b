package names

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/captag/captag/metadata"
)

// testdata/scriptpairs.tsv holds real pairs of one person's name in a
// non-Latin script and in Latin letters, as publishers wrote them, each
// cited (its header says how it was gathered: before AcrossScripts ever
// met it). Each pair must not be called another name (an error on a clean
// picture whose camera writes the photographer in Latin letters), and
// should be called the same; each name against the Latin name of another
// person of the same script should not be called the same, and should be
// called another. The figures are printed; the bounds are the first
// contact's (see the README).

// scriptPair is one row of scriptpairs.tsv.
type scriptPair struct {
	script, native, latin, lang string
}

func readScriptPairs(t *testing.T) []scriptPair {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "scriptpairs.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	var out []scriptPair
	for n, line := range strings.Split(string(data), "\n") {
		if strings.HasPrefix(line, "#") || strings.TrimSpace(line) == "" {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) != 6 {
			t.Fatalf("scriptpairs.tsv:%d: %d columns, expected 6", n+1, len(f))
		}
		out = append(out, scriptPair{f[0], f[1], f[2], f[3]})
	}
	return out
}

// Bounds of the real pairs: the first contact's figures (AcrossScripts of
// commit 4603135, run once on the file as gathered, nothing tuned on it
// since): of 100 real pairs 91 called the same, 9 not judged, none called
// another name; of 100 strangers (each native name against the next
// other person's Latin name of its script) 42 called another name, 56 not
// judged, 2 called the same (two Korean names of a common surname and
// like given names). A bound may be tightened, never loosened.
const (
	maxPairsCalledOther   = 0 // a real pair called another name: a false error on a clean picture
	minPairsCalledSame    = 91
	maxStrangersSame      = 2
	minStrangersCalledOff = 42
)

func TestAcrossScriptsOnRealPairs(t *testing.T) {
	pairs := readScriptPairs(t)
	if len(pairs) < 100 {
		t.Fatalf("%d pairs, expected at least 100", len(pairs))
	}
	var same, unknown, other int
	for _, p := range pairs {
		switch v, _, reads := AcrossScripts([]string{p.native}, []string{p.latin}); v {
		case ScriptsSame:
			same++
		case ScriptsDiffer:
			other++
			t.Logf("called another: %s %q / %q (read as %q)", p.script, p.native, p.latin, reads)
		default:
			unknown++
			t.Logf("not judged: %s %q / %q", p.script, p.native, p.latin)
		}
	}
	// Strangers: each native name against the Latin name of the next
	// pair of its script that is another person (another Latin surname).
	var sSame, sUnknown, sOther int
	for i, p := range pairs {
		for k := 1; k < len(pairs); k++ {
			q := pairs[(i+k)%len(pairs)]
			if q.script != p.script || samePerson(p, q) {
				continue
			}
			switch v, _, _ := AcrossScripts([]string{p.native}, []string{q.latin}); v {
			case ScriptsSame:
				sSame++
				t.Logf("stranger called the same: %s %q / %q", p.script, p.native, q.latin)
			case ScriptsDiffer:
				sOther++
			default:
				sUnknown++
			}
			break
		}
	}
	t.Logf("%d real pairs: %d called the same, %d not judged, %d called another name", len(pairs), same, unknown, other)
	t.Logf("%d strangers: %d called another name, %d not judged, %d called the same", sSame+sUnknown+sOther, sOther, sUnknown, sSame)
	if other > maxPairsCalledOther || same < minPairsCalledSame {
		t.Errorf("real pairs: %d called another name (at most %d), %d the same (at least %d)", other, maxPairsCalledOther, same, minPairsCalledSame)
	}
	if sSame > maxStrangersSame || sOther < minStrangersCalledOff {
		t.Errorf("strangers: %d called the same (at most %d), %d another name (at least %d)", sSame, maxStrangersSame, sOther, minStrangersCalledOff)
	}
}

// samePerson reports whether rows p and q may name one person: their
// native names share a word, or their Latin names share a word of three
// letters or more, accents and case aside (the file names some people
// twice on purpose, in two spellings: "Koo Bohnchang", "Koo Bon-chang").
func samePerson(p, q scriptPair) bool {
	share := func(a, b string, min int) bool {
		for _, x := range strings.Fields(strings.ReplaceAll(a, "-", " ")) {
			for _, y := range strings.Fields(strings.ReplaceAll(b, "-", " ")) {
				if fx := metadata.FoldName(x); len(fx) >= min && fx == metadata.FoldName(y) {
					return true
				}
			}
		}
		return false
	}
	return share(p.native, q.native, 1) || share(p.latin, q.latin, 3) || sharePrefix(p.latin, q.latin)
}

// sharePrefix reports whether two Latin names have words that begin with
// the same five letters: one surname in two transliterations
// ("Maloletka", "Malolietka").
func sharePrefix(a, b string) bool {
	for _, x := range strings.Fields(metadata.FoldWords(a)) {
		for _, y := range strings.Fields(metadata.FoldWords(b)) {
			if len(x) >= 5 && len(y) >= 5 && x[:5] == y[:5] {
				return true
			}
		}
	}
	return false
}
