package caption

import (
	"slices"
	"strings"
	"testing"
)

// The model's guess where no rule reads a credit (guess.go), on real
// captions of the tuning files: it is carried in Record.Guess, never in
// Creators or Agencies, and the record still says no credit was read.
func TestGuessWhereNoRuleReads(t *testing.T) {
	for _, tc := range []struct {
		id, caption        string
		creators, agencies []string // the guess; both nil: none
		among              bool     // creators must be among the guess's, not all of them
	}{
		// firstcontact6-tune.jsonl fc6a-028, https://www.ilgiornale.it/video/interni/mattarella-ai-funerali-stato-giorgio-napolitano-2216458.html.
		// The model learnt at stop 41 offers the source, Quirinale (the
		// presidency), as a second photographer beside the right one: a
		// guess is said, never written, and the photographer is in it.
		{"fc6a-028", "Il Presidente della Repubblica, Sergio Mattarella, ha assistito alle esequie di Stato civili con cerimonia di commemorazione del Presidente emerito della Repubblica, Giorgio Napolitano, nell’Aula di Montecitorio. Le immagini. / Quirinale (Alexander Jakhnagiev)",
			[]string{"Alexander Jakhnagiev"}, nil, true},
		// firstcontact5-tune.jsonl fc5a-091, https://www.angop.ao/en/noticias/lazer-cultura/memorial-agostinho-neto-acolhe-exposicao-fotografica/
		{"fc5a-091", "Republic Square, in Luanda City\nFrancisco Miúdo", []string{"Francisco Miúdo"}, nil, false},
		// firstcontact6-tune.jsonl fc6a-008 (a photographer's initials in a German label)
		{"fc6a-008", "Warum up (Foto: sas)", []string{"sas"}, nil, false},
		// A caption crediting no one gets no guess.
		{"no credit", "Children play in the snow in the park on Monday.", nil, nil, false},
	} {
		r := ParseText(tc.caption, 0)
		if len(r.Creators) > 0 || len(r.Agencies) > 0 || !r.hasCode(ProblemNoCredit) {
			t.Errorf("%s: the rules read %q %q (problems %v); this case is for a caption no rule reads", tc.id, r.Creators, r.Agencies, r.Problems)
			continue
		}
		if tc.creators == nil && tc.agencies == nil {
			if r.Guess != nil {
				t.Errorf("%s: guessed %+v, expected no guess", tc.id, *r.Guess)
			}
			continue
		}
		if tc.among && r.Guess != nil && len(r.Guess.Agencies) == 0 && len(r.Guess.Creators) <= len(tc.creators)+1 && slices.Contains(r.Guess.Creators, tc.creators[0]) {
			continue
		}
		if r.Guess == nil || !slices.Equal(r.Guess.Creators, tc.creators) || !slices.Equal(r.Guess.Agencies, tc.agencies) {
			t.Errorf("%s: guessed %+v, expected creators %q agencies %q", tc.id, r.Guess, tc.creators, tc.agencies)
		}
	}
}

// A caption whose credit a rule reads gets no guess: the reading is the
// caption's.
func TestNoGuessBesideAReading(t *testing.T) {
	r := ParseText(`ALEPPO, SYRIA - DECEMBER 19 : People walk. ( Aref Watad - Anadolu Agency )`, 0)
	if r.Guess != nil {
		t.Errorf("guessed %+v beside the reading %q %q", *r.Guess, r.Creators, r.Agencies)
	}
}

// The guesser never panics, keeps its caps, and guesses only words of
// the caption.
func FuzzGuessCredit(f *testing.F) {
	f.Add("Republic Square, in Luanda City\nFrancisco Miúdo")
	f.Add("(Foto: sas)")
	f.Add(strings.Repeat("A b (C) / D\n", 40))
	f.Add("\xff\xfe(\u200b/")
	f.Fuzz(func(t *testing.T, s string) {
		g := guessCredit(s)
		if g == nil {
			return
		}
		if n := len(g.Creators) + len(g.Agencies); n == 0 || n > guessMaxSpans {
			t.Fatalf("%d names guessed (%+v), expected 1 to %d", n, *g, guessMaxSpans)
		}
		for _, v := range append(slices.Clone(g.Creators), g.Agencies...) {
			if len(v) > guessMaxBytes || !strings.Contains(s, v) {
				t.Fatalf("guessed %q: over %d bytes, or not in the caption %q", v, guessMaxBytes, s)
			}
		}
	})
}

// BenchmarkGuessCredit is the parse of a caption no rule reads a credit
// in (firstcontact6-tune.jsonl fc6a-028), the model's guess included.
func BenchmarkGuessCredit(b *testing.B) {
	const text = "Il Presidente della Repubblica, Sergio Mattarella, ha assistito alle esequie di Stato civili con cerimonia di commemorazione del Presidente emerito della Repubblica, Giorgio Napolitano, nell’Aula di Montecitorio. Le immagini. / Quirinale (Alexander Jakhnagiev)"
	b.ReportAllocs()
	for b.Loop() {
		if r := ParseText(text, 0); r.Guess == nil {
			b.Fatal("no guess")
		}
	}
}
