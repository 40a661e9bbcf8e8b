package caption

import (
	_ "embed"
	"encoding/binary"
	"math"
	"math/bits"
	"unicode"
	"unicode/utf8"

	"github.com/captag/captag/metadata"
	"github.com/captag/captag/metadata/names"
)

// A credit guessed when no rule could read one. The rules of credit.go
// read the credit shapes captag has met; a caption of an agency it has
// not met often has a credit none of them knows, and Parse then reads
// nothing (ProblemNoCredit). guessCredit tags the caption's last words
// with a model learnt from the annotated real captions of the tuning
// files (a structured perceptron: each word is outside a credit, begins
// or continues a photographer, begins or continues an agency; the
// features are the word, its shape, its neighbours, its place from the
// caption's end and whether the label, role and agency tables know it).
// What it tags is a guess, not a reading: Record.Guess carries it,
// nothing writes it, pairs by it or errs on it (see check), and reports
// say it is one. The model is guess.model, made by
// TestGuessModel -update (guess_train_test.go) from the tuning files
// only, the same way every time.

// Guess is a credit guessed by the model where no rule read one.
type Guess struct {
	Creators []string `json:"creators,omitempty"`
	Agencies []string `json:"agencies,omitempty"`
}

//go:embed guess.model
var guessModel []byte

// Limits of the guesser, each a cap on work or memory per caption.
const (
	guessMaxTokens = 60  // the caption's last words tagged; a credit is at its end
	guessMaxFeats  = 40  // features of one word (guessFeatures emits fewer)
	guessMaxSpan   = 6   // words of one guessed name or agency
	guessMaxSpans  = 4   // names and agencies of one guess
	guessMaxBytes  = 120 // bytes of one guessed name or agency
	// guessTailBytes is how much of a caption's end is tokenised: sixty
	// words of the longest scripts fit.
	guessTailBytes = 4096
)

// The labels of a word: outside, the beginning or the inside of a
// photographer (C) or an agency (A).
const (
	labO = iota
	labBC
	labIC
	labBA
	labIA
	nLabels
)

// The model file: a header of 8 bytes (the magic "CTG1" and the scale
// of its weights, a float32, for whoever reads the file: the guesser
// needs only their order) and nLabels*nLabels transition weights, then
// one record per feature, sorted by key: the key and one int16 weight
// per label.
const (
	guessHeader   = 8 + nLabels*nLabels*2
	guessRecBytes = 8 + nLabels*2
)

// gtok is one word or mark of a caption, as byte offsets.
type gtok struct{ s, e int32 }

// guessTokens splits the end of t into words (letters, digits and
// marks, with an inner apostrophe, dot, hyphen or underscore:
// "J.Torregano", "Al-Sayed"; each Han or kana character alone), line
// breaks and single other characters,
// spaces dropped, and keeps the last max of them in dst's array when
// its capacity is max. Only the last guessTailBytes of t are read, from
// the first space there.
func guessTokens(t string, dst []gtok, max int) []gtok {
	dst = dst[:0]
	start := 0
	if len(t) > guessTailBytes {
		start = len(t) - guessTailBytes
		for start < len(t) && t[start] != ' ' && t[start] != '\n' {
			start++
		}
	}
	for i := start; i < len(t); {
		if max > 0 && len(dst) == max {
			copy(dst, dst[1:])
			dst = dst[:max-1]
		}
		r, n := utf8.DecodeRuneInString(t[i:])
		switch {
		case r == '\n':
			dst = append(dst, gtok{int32(i), int32(i + n)})
			i += n
		case unicode.IsSpace(r):
			i += n
		case spacelessRune(r):
			// Han and kana write no spaces between words: each
			// character is a word, so that a name of two or three
			// and the 攝 or 記者 beside it are words of their own.
			dst = append(dst, gtok{int32(i), int32(i + n)})
			i += n
		case wordRune(r):
			j := i + n
			for j < len(t) {
				r2, n2 := utf8.DecodeRuneInString(t[j:])
				if wordRune(r2) && !spacelessRune(r2) {
					j += n2
					continue
				}
				if r2 == '\'' || r2 == '’' || r2 == '.' || r2 == '-' || r2 == '_' {
					if r3, _ := utf8.DecodeRuneInString(t[j+n2:]); j+n2 < len(t) && wordRune(r3) {
						j += n2
						continue
					}
				}
				break
			}
			dst = append(dst, gtok{int32(i), int32(j)})
			i = j
		default:
			dst = append(dst, gtok{int32(i), int32(i + n)})
			i += n
		}
	}
	return dst
}

// spacelessRune reports whether r is a Han or kana character, a word
// of its own to the guesser (Thai, spaceless too, is read a run a word).
func spacelessRune(r rune) bool {
	if r < 0x2E80 {
		return false
	}
	switch names.RuneScript(r) {
	case "Han", "Hiragana", "Katakana":
		return true
	}
	return false
}

func wordRune(r rune) bool {
	return unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.IsMark(r)
}

// guessModelOK reports whether m is a model file guessCredit can read.
func guessModelOK(m []byte) bool {
	return len(m) >= guessHeader && string(m[:4]) == "CTG1" && (len(m)-guessHeader)%guessRecBytes == 0
}

// modelWeights adds to w the weights of feature key k in model m (none
// when m does not have it). The keys are sorted hashes, spread evenly:
// the search starts where k would be, and narrows from a window around
// it (guessWindow) before it halves the whole.
func modelWeights(m []byte, k uint64, w *[nLabels]float64) {
	recs := m[guessHeader:]
	n := len(recs) / guessRecBytes
	key := func(i int) uint64 { return binary.LittleEndian.Uint64(recs[i*guessRecBytes:]) }
	lo, hi := 0, n
	if hi64, _ := bits.Mul64(k, uint64(n)); n > 2*guessWindow {
		g := int(hi64) // where k would be among n keys spread evenly
		if a := max(0, g-guessWindow); key(a) <= k {
			lo = a
		}
		if b := min(n, g+guessWindow); b < n && key(b) > k {
			hi = b
		}
	}
	for lo < hi {
		mid := int(uint(lo+hi) >> 1)
		switch mk := key(mid); {
		case mk == k:
			p := recs[mid*guessRecBytes+8:]
			for l := range w {
				w[l] += float64(int16(binary.LittleEndian.Uint16(p[2*l:])))
			}
			return
		case mk < k:
			lo = mid + 1
		default:
			hi = mid
		}
	}
}

// guessWindow is how far from where its key would be the search first
// looks for a feature: hashes spread evenly put nearly all within it.
const guessWindow = 128

// guessTrans are the weights of label b after label a, a row per a
// and one more, nLabels, for the first word (which starts as after labO).
type guessTrans [nLabels + 1][nLabels]float64

// modelTrans reads the transition weights of model m.
func modelTrans(m []byte) *guessTrans {
	var tr guessTrans
	for a := 0; a < nLabels; a++ {
		for b := 0; b < nLabels; b++ {
			tr[a][b] = float64(int16(binary.LittleEndian.Uint16(m[8+2*(a*nLabels+b):])))
		}
	}
	tr[nLabels] = tr[labO]
	return &tr
}

// allowedAfter reports whether label b may follow label a: an inside
// label only continues its own kind.
func allowedAfter(a, b int) bool {
	switch b {
	case labIC:
		return a == labBC || a == labIC
	case labIA:
		return a == labBA || a == labIA
	}
	return true
}

// guessMinMargin is how far, in the model's units, the best tagging
// must beat tagging every word outside a credit for a guess to be made.
const guessMinMargin = 0

// guessUnread sets r.Guess when no credit of r was read (its
// ProblemNoCredit) and it has a text to guess from.
func (r *Record) guessUnread() {
	if r.Text != "" && r.hasCode(ProblemNoCredit) {
		r.Guess = guessCredit(r.Text)
	}
}

// guessCredit returns the credit the model finds at the end of t, or nil.
func guessCredit(t string) *Guess { return guessWith(guessModel, t) }

// ModelCredit returns the credit the model finds at the end of t, a
// caption as Record.Text writes it (the model learnt on text tidied so),
// whatever the rules read there (nil: it finds none): a
// second, independent reading, for check to ask when a store disagrees
// with the rules' reading. Like Record.Guess it is a guess; it costs
// some tens of microseconds.
func ModelCredit(t string) *Guess { return guessCredit(t) }

// guessWith is guessCredit with the model file m.
func guessWith(m []byte, t string) *Guess {
	if !guessModelOK(m) {
		return nil
	}
	var tb [guessMaxTokens]gtok
	tk := guessTokens(t, tb[:0], guessMaxTokens)
	if len(tk) == 0 {
		return nil
	}
	var score [guessMaxTokens][nLabels]float64
	var fb [guessMaxFeats]uint64
	var flb [guessMaxTokens]uint8
	fl := tokenFlags(t, tk, flb[:0])
	for i := range tk {
		for _, k := range guessFeatures(t, tk, fl, i, fb[:0]) {
			modelWeights(m, k, &score[i])
		}
	}
	var labs [guessMaxTokens]int
	best, none := viterbi(modelTrans(m), score[:len(tk)], labs[:len(tk)])
	if best-none <= guessMinMargin {
		return nil
	}
	return guessSpans(t, tk, labs[:len(tk)])
}

// viterbi sets labs to the best labelling of the words whose label
// scores are score, and returns its score and that of labelling every
// word outside a credit.
func viterbi(tr *guessTrans, score [][nLabels]float64, labs []int) (best, none float64) {
	n := len(score)
	var dp [guessMaxTokens][nLabels]float64
	var back [guessMaxTokens][nLabels]int8
	for i := 0; i < n; i++ {
		for b := 0; b < nLabels; b++ {
			dp[i][b] = math.Inf(-1)
			if i == 0 {
				if allowedAfter(labO, b) {
					dp[0][b] = score[0][b] + tr[nLabels][b]
				}
				continue
			}
			for a := 0; a < nLabels; a++ {
				if !allowedAfter(a, b) || math.IsInf(dp[i-1][a], -1) {
					continue
				}
				if v := dp[i-1][a] + tr[a][b] + score[i][b]; v > dp[i][b] {
					dp[i][b], back[i][b] = v, int8(a)
				}
			}
		}
		from := labO
		if i == 0 {
			from = nLabels
		}
		none += score[i][labO] + tr[from][labO]
	}
	last := labO
	for b := 0; b < nLabels; b++ {
		if dp[n-1][b] > dp[n-1][last] {
			last = b
		}
	}
	best = dp[n-1][last]
	for i := n - 1; i >= 0; i-- {
		labs[i] = last
		last = int(back[i][last])
	}
	return best, none
}

// guessSpans turns a labelling into a Guess: each run of a photographer
// or an agency, as the caption writes it, once; a "photographer" the
// agency table knows is an agency, one that is a month's name nobody.
// nil when there is none or a run is implausible (too long, a role
// word, one letter).
func guessSpans(t string, tk []gtok, labs []int) *Guess {
	var g Guess
	spans := 0
	for i := 0; i < len(tk); {
		if labs[i] != labBC && labs[i] != labBA {
			i++
			continue
		}
		j := i + 1
		for j < len(tk) && labs[j] == labs[i]+1 {
			j++
		}
		s := t[tk[i].s:tk[j-1].e]
		if j-i > guessMaxSpan || len(s) > guessMaxBytes || utf8.RuneCountInString(s) < 2 || names.NotPerson(s) {
			return nil
		}
		if spans++; spans > guessMaxSpans {
			return nil
		}
		person := labs[i] == labBC
		if _, ag := names.PartAgency(s); ag {
			person = false
		}
		switch {
		case person && j-i == 1:
			if m, _ := monthOf(s); m != 0 {
				break
			}
			fallthrough
		case person:
			g.Creators = appendNew(g.Creators, s)
		default:
			g.Agencies = appendNew(g.Agencies, s)
		}
		i = j
	}
	if len(g.Creators) == 0 && len(g.Agencies) == 0 {
		return nil
	}
	return &g
}

// appendNew appends s to l unless l has it (after metadata.FoldName).
func appendNew(l []string, s string) []string {
	for _, o := range l {
		if metadata.FoldName(o) == metadata.FoldName(s) {
			return l
		}
	}
	return append(l, s)
}
