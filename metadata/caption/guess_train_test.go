package caption

import (
	"bytes"
	"encoding/binary"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/captag/captag/metadata"
)

// The credit guesser's model (guess.go) is learnt here from the tuning
// files of the real-world corpus, and only from them: the held-out files
// judge it. TestGuessModel checks that guess.model is what these files
// make, and with -update writes it.

// guessTuneFiles are the files the model learns from.
var guessTuneFiles = []string{
	"captions.jsonl", "firstcontact-tune.jsonl", "firstcontact3-tune.jsonl", "firstcontact4-tune.jsonl",
	"firstcontact5-tune.jsonl", "firstcontact6-tune.jsonl", "firstcontact7-tune.jsonl", "firstcontact8-tune.jsonl",
	"firstcontact9-tune.jsonl", "firstcontact10-tune.jsonl", "firstcontact11-tune.jsonl",
}

// Training settings: passes over the examples, the seed of their order,
// and how often a feature must occur to be kept in the model.
const (
	guessEpochs   = 10
	guessSeed     = 20261204
	guessMinCount = 2
)

// guessExample is one caption's words, their features and their labels.
type guessExample struct {
	feats [][]uint64
	labs  []int
}

// foldedTokens returns the indices of tk whose words fold to something
// (metadata.FoldName) and those folds.
func foldedTokens(t string, tk []gtok) ([]int, []string) {
	var idx []int
	var f []string
	for i, k := range tk {
		if s := metadata.FoldName(t[k.s:k.e]); s != "" {
			idx = append(idx, i)
			f = append(f, s)
		}
	}
	return idx, f
}

// labelCaption labels the words of c's caption by its annotated
// photographers and agencies, each found as its folded words, the last
// time they occur; false when one is not found among the words tagged.
func labelCaption(c realCaption, tk []gtok) ([]int, bool) {
	labs := make([]int, len(tk))
	idx, f := foldedTokens(c.Caption, tk)
	for _, set := range []struct {
		names []string
		b     int
	}{{c.Creators, labBC}, {c.Agencies, labBA}} {
		for _, n := range set.names {
			var nb [64]gtok
			_, nf := foldedTokens(n, guessTokens(n, nb[:0], len(nb)))
			if len(nf) == 0 {
				continue
			}
			if !markLast(labs, idx, f, nf, set.b) {
				return nil, false
			}
		}
	}
	return labs, true
}

// markLast labels the last free run of folded words f (at word indices
// idx) equal to nf with b, then b+1.
func markLast(labs, idx []int, f, nf []string, b int) bool {
	for i := len(f) - len(nf); i >= 0; i-- {
		if !slices.Equal(f[i:i+len(nf)], nf) {
			continue
		}
		from, to := idx[i], idx[i+len(nf)-1]
		if slices.ContainsFunc(labs[from:to+1], func(l int) bool { return l != labO }) {
			continue
		}
		labs[from] = b
		for j := from + 1; j <= to; j++ {
			labs[j] = b + 1
		}
		return true
	}
	return false
}

// guessExamples returns the labelled examples of the captions of files.
func guessExamples(t *testing.T, files []string) []guessExample {
	var out []guessExample
	for _, name := range files {
		for _, c := range readRealworld(t, name) {
			// The model meets a caption as Record.Text writes it
			// (tidied: one space for each run of spaces and line
			// breaks), in Parse and in check alike; it learns so.
			c.Caption = tidy(c.Caption)
			var tb [guessMaxTokens]gtok
			tk := guessTokens(c.Caption, tb[:0], guessMaxTokens)
			labs, ok := labelCaption(c, tk)
			if !ok || len(tk) == 0 {
				continue
			}
			ex := guessExample{labs: labs}
			fl := tokenFlags(c.Caption, tk, nil)
			for i := range tk {
				ex.feats = append(ex.feats, guessFeatures(c.Caption, tk, fl, i, nil))
			}
			out = append(out, ex)
		}
	}
	return out
}

// perceptron is an averaged structured perceptron in whole numbers (so
// that it learns the same weights on every machine): w the weights, u
// the updates weighted by when they were made, c the examples seen.
type perceptron struct {
	w, u   map[uint64]*[nLabels]int64
	tw, tu [nLabels + 1][nLabels]int64
	c      int64
}

func (p *perceptron) add(k uint64, l int, v int64) {
	if p.w[k] == nil {
		p.w[k], p.u[k] = new([nLabels]int64), new([nLabels]int64)
	}
	p.w[k][l] += v
	p.u[k][l] += p.c * v
}

func (p *perceptron) tag(ex guessExample, labs []int) {
	score := make([][nLabels]float64, len(ex.feats))
	for i, fs := range ex.feats {
		for _, k := range fs {
			if w := p.w[k]; w != nil {
				for l := range w {
					score[i][l] += float64(w[l])
				}
			}
		}
	}
	var tr guessTrans
	for a := range p.tw {
		for b := range p.tw[a] {
			tr[a][b] = float64(p.tw[a][b])
		}
	}
	viterbi(&tr, score, labs)
}

// train learns from exs, guessEpochs times in a seeded order.
func train(exs []guessExample) *perceptron {
	p := &perceptron{w: map[uint64]*[nLabels]int64{}, u: map[uint64]*[nLabels]int64{}}
	rng := rand.New(rand.NewPCG(guessSeed, guessSeed))
	order := make([]int, len(exs))
	for i := range order {
		order[i] = i
	}
	for e := 0; e < guessEpochs; e++ {
		rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
		for _, x := range order {
			ex := exs[x]
			p.c++
			pred := make([]int, len(ex.labs))
			p.tag(ex, pred)
			if slices.Equal(pred, ex.labs) {
				continue
			}
			for i := range ex.labs {
				g, q := ex.labs[i], pred[i]
				gp, qp := nLabels, nLabels
				if i > 0 {
					gp, qp = ex.labs[i-1], pred[i-1]
				}
				if g == q && gp == qp {
					continue
				}
				for _, k := range ex.feats[i] {
					p.add(k, g, 1)
					p.add(k, q, -1)
				}
				p.tw[gp][g]++
				p.tu[gp][g] += p.c
				p.tw[qp][q]--
				p.tu[qp][q] -= p.c
			}
		}
	}
	return p
}

// modelBytes writes p's averaged weights as a model file: the features
// seen at least guessMinCount times in exs, scaled to int16.
func (p *perceptron) modelBytes(exs []guessExample) []byte {
	count := map[uint64]int{}
	for _, ex := range exs {
		for _, fs := range ex.feats {
			for _, k := range fs {
				count[k]++
			}
		}
	}
	avg := func(w, u int64) float64 { return float64(w) - float64(u)/float64(p.c) }
	maxAbs := 1.0
	for k, w := range p.w {
		for l := range w {
			if count[k] >= guessMinCount {
				maxAbs = math.Max(maxAbs, math.Abs(avg(w[l], p.u[k][l])))
			}
		}
	}
	for a := range p.tw {
		for b := range p.tw[a] {
			maxAbs = math.Max(maxAbs, math.Abs(avg(p.tw[a][b], p.tu[a][b])))
		}
	}
	scale := 32767 / maxAbs
	q := func(v float64) uint16 { return uint16(int16(math.Round(v * scale))) }
	var buf bytes.Buffer
	buf.WriteString("CTG1")
	binary.Write(&buf, binary.LittleEndian, float32(scale))
	for a := 0; a < nLabels; a++ {
		for b := 0; b < nLabels; b++ {
			binary.Write(&buf, binary.LittleEndian, q(avg(p.tw[a][b], p.tu[a][b])))
		}
	}
	var keys []uint64
	for k := range p.w {
		if count[k] >= guessMinCount {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	for _, k := range keys {
		var rec [nLabels]uint16
		zero := true
		for l := range rec {
			rec[l] = q(avg(p.w[k][l], p.u[k][l]))
			zero = zero && rec[l] == 0
		}
		if zero {
			continue
		}
		binary.Write(&buf, binary.LittleEndian, k)
		binary.Write(&buf, binary.LittleEndian, rec)
	}
	return buf.Bytes()
}

func TestGuessModel(t *testing.T) {
	exs := guessExamples(t, guessTuneFiles)
	if len(exs) < 900 {
		t.Fatalf("%d labelled tuning captions, expected at least 900", len(exs))
	}
	m := train(exs).modelBytes(exs)
	if !guessModelOK(m) {
		t.Fatalf("the trained model is not a model file (%d bytes)", len(m))
	}
	if *update {
		if err := os.WriteFile(filepath.Join("guess.model"), m, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if !bytes.Equal(m, guessModel) {
		t.Errorf("guess.model (%d bytes) is not the model the tuning files make (%d bytes); run go test -run TestGuessModel -update", len(guessModel), len(m))
	}
	t.Logf("%d labelled captions, %d features", len(exs), (len(m)-guessHeader)/guessRecBytes)
}
