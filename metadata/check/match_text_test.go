package check

import (
	"fmt"
	"os"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/captag/captag/metadata"
	"github.com/captag/captag/metadata/caption"
	"github.com/captag/captag/metadata/date"
	"github.com/captag/captag/metadata/field"
)

// Sibling captions of one series, from the sample (testdata/aleppo-2016-
// captions.txt, Anadolu Agency, December 2016): the same sentence at two
// places of Aleppo, and the same scene with and without a clause.
const (
	sibRashideen = "ALEPPO, SYRIA - DECEMBER 19: Syrians try to get warm as they wait to be evacuated from the east part of Aleppo that had been under siege by Assad Regime forces and its supporter foreign terrorist groups at a crossing point at Rashideen town of Aleppo in Syria on December 19, 2016. ( Aref Watad - Anadolu Agency )"
	sibAmiriyah  = "ALEPPO, SYRIA - DECEMBER 19 : Syrians try to get warm as they wait to be evacuated from the east part of Aleppo that had been under siege by Assad Regime forces and its supporter foreign terrorist groups at a crossing point at Amiriyah district of Aleppo in Syria on December 19, 2016. ( Jawad Al Rifai - Anadolu Agency )"
	sibWait      = "ALEPPO, SYRIA - DECEMBER 19: Syrians wait to be evacuated from the east part of Aleppo that had been under siege by Assad Regime forces and its supporter foreign terrorist groups at a crossing point at Rashideen town of Aleppo in Syria on December 19, 2016. ( Aref Watad - Anadolu Agency )"
)

func simOf(a, b string) float64 {
	return similarity(sketchWords(metadata.FoldWords(a)), sketchWords(metadata.FoldWords(b)))
}

// TestTextSimilarityThreshold pins the measure and its threshold: the
// Jaccard similarity of the sets of word pairs, at least textSimilar
// (0.75) to pair, the best ahead of the next by textMargin (0.05).
func TestTextSimilarityThreshold(t *testing.T) {
	if textSimilar != 0.75 || textMargin != 0.05 || textSketchK != 64 {
		t.Fatalf("threshold %.2f, margin %.2f, k %d: the cases below are computed for 0.75, 0.05, 64", textSimilar, textMargin, textSketchK)
	}
	// 40 words; w(i) is the i-th.
	words := make([]string, 40)
	for i := range words {
		words[i] = fmt.Sprintf("w%02d", i)
	}
	text := func(edit func([]string) []string) string {
		return strings.Join(edit(slices.Clone(words)), " ")
	}
	base := text(func(w []string) []string { return w })
	tests := []struct {
		name string
		a, b string
		want float64 // exact: texts of fewer than 65 word pairs
		pass bool    // at or above the threshold
	}{
		{"the same words", base, base, 1, true},
		{"case, quotes, spacing and punctuation do not count", `“Syrians” wait,  at the ‘crossing’ point.`, `"SYRIANS" WAIT at the 'crossing' point`, 1, true},
		{"one word changed of 40: 37 of 41 pairs", base, text(func(w []string) []string { w[20] = "x"; return w }), 37.0 / 41, true},
		{"three words changed of 40, far apart: 33 of 45", base, text(func(w []string) []string { w[5], w[20], w[35] = "x", "y", "z"; return w }), 33.0 / 45, false},
		{"two words changed of 40, far apart: 35 of 43", base, text(func(w []string) []string { w[10], w[30] = "x", "y"; return w }), 35.0 / 43, true},
		{"a clause of 4 words added to 40: 38 of 44", base, text(func(w []string) []string { return slices.Insert(w, 20, "a", "b", "c", "d") }), 38.0 / 44, true},
		{"a clause of 8 words added to 40: 38 of 48", base, text(func(w []string) []string { return slices.Insert(w, 20, "a", "b", "c", "d", "e", "f", "g", "h") }), 38.0 / 48, true},
		{"a clause of 10 words added to 40: 38 of 50", base, text(func(w []string) []string {
			return slices.Insert(w, 20, "a", "b", "c", "d", "e", "f", "g", "h", "i", "j")
		}), 38.0 / 50, true},
		{"a clause of 12 words added to 40: 38 of 52", base, text(func(w []string) []string {
			return slices.Insert(w, 20, "a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l")
		}), 38.0 / 52, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := simOf(tc.a, tc.b)
			if d := got - tc.want; d > 1e-9 || d < -1e-9 {
				t.Errorf("similarity %.4f, want %.4f", got, tc.want)
			}
			if pass := got >= textSimilar; pass != tc.pass {
				t.Errorf("similarity %.4f pairs = %v, want %v (threshold %.2f)", got, pass, tc.pass, textSimilar)
			}
		})
	}
	// Sibling captions of one series are close, which is why exact and cut
	// texts are decided first and a similar text must beat the next
	// caption by a margin.
	for _, sib := range [][2]string{{sibRashideen, sibAmiriyah}, {sibRashideen, sibWait}} {
		if s := simOf(sib[0], sib[1]); s < 0.6 || s > 0.95 {
			t.Errorf("siblings %.40q / %.40q: similarity %.2f, want between 0.6 and 0.95", sib[0], sib[1], s)
		}
	}
}

// textImage is an image whose IPTC (and XMP) store carries desc.
func textImage(path string, date date.Date, desc string, creators ...string) *metadata.Image {
	im := img(path, date, creators...)
	im.IPTC.Description = desc
	im.XMP = &metadata.Store{Kind: metadata.StoreXMP, Date: date, Creators: creators, Credit: "Anadolu Agency", Description: desc}
	return im
}

// TestTextTolerance: an image carries its caption's text after a tool
// tidied it, cut it at IIM's 2,000 bytes or a desk edited a word; it goes
// with that caption, by text, even when the caption file lists a sibling
// that is almost the same, and never when two captions fit alike.
func TestTextTolerance(t *testing.T) {
	long := "ALEPPO, SYRIA - DECEMBER 19: " + strings.Repeat("Civilians evacuated from East Aleppo arrive at Rashedeen town with a convoy of buses and ambulances. ", 25) + "( Aref Watad - Anadolu Agency )"
	longSib := strings.Replace(long, "ALEPPO, SYRIA - DECEMBER 19: ", "ALEPPO, SYRIA - DECEMBER 19: Evacuated ", 1)
	if len(long) <= field.Description.Limit() {
		t.Fatalf("the long caption has %d bytes, want more than %d", len(long), field.Description.Limit())
	}
	cut := long[:field.Description.Limit()-1] // cut inside a word, as IIM writers do
	tests := []struct {
		name string
		recs []string // caption texts, lines 1, 3, 5…
		desc string   // what the image carries
		want string   // "line N by text", or "unmatched: reason substring"
	}{
		{"the same text", []string{sibRashideen, sibAmiriyah, sibWait}, sibWait, "line 5 by text"},
		{"spacing, case and quotes tidied", []string{sibRashideen, sibWait}, strings.ToUpper(strings.ReplaceAll(sibWait, " ", "  ")), "line 3 by text"},
		{"cut at 2,000 bytes inside a word", []string{longSib, long}, cut, "line 3 by text"},
		{"a word corrected", []string{sibRashideen, sibAmiriyah, sibWait}, strings.Replace(sibAmiriyah, "Amiriyah", "Amiriya", 1), "line 3 by text"},
		// The image's own caption is in no record: contrary evidence, so
		// not paired by date and creator either (issue 19).
		{"an old caption of no line: not paired", []string{sibRashideen}, "An unrelated caption from another shoot entirely, by somebody else.",
			`unmatched: it carries its own caption "An unrelated caption from another shoot …", which is in no record of the caption file; the only unmatched caption dated 2016-12-19 (line 1) names Aref Watad; not paired by date or photographer alone`},
		{"fits two captions alike: held", []string{
			strings.Replace(sibRashideen, "Rashideen town", "Rashideen town A", 1),
			strings.Replace(sibRashideen, "Rashideen town", "Rashideen town B", 1),
		}, sibRashideen, "unmatched: its text fits the captions at lines 1 and 3 alike"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var recs []caption.Record
			for k, text := range tc.recs {
				recs = append(recs, rec(1+2*k, text, 2016, 12, 19, "Anadolu Agency", "Aref Watad"))
			}
			im := textImage("x/IMG_1.jpg", at(2016, 12, 19, 10, 0), tc.desc, "Aref Watad")
			p, err := Match(recs, []*metadata.Image{im}, StrategyAuto)
			if err != nil {
				t.Fatal(err)
			}
			var got string
			switch {
			case len(p.Pairs) == 1:
				got = fmt.Sprintf("line %d by %s", recs[p.Pairs[0].Record].Line, p.Pairs[0].By)
			case len(p.UnmatchedImages) == 1:
				got = "unmatched: " + p.UnmatchedImages[0].Reason
			}
			if !strings.HasPrefix(got, tc.want) {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

// TestTextFirstDesk is the embedded-text folder of issue 10: every image
// carries its caption (IIM Caption-Abstract, XMP dc:description), the
// file names and the caption file's order say nothing, and planted faults
// (wrong day, wrong photographer, other agency, an extra image that carries
// a copy of another image's caption, a missing image, a sidecar that
// disagrees with the embedded data) are each reported on the right image
// and field. Every pair is by text.
func TestTextFirstDesk(t *testing.T) {
	f, err := os.Open(sampleCaptions)
	if err != nil {
		t.Skipf("sample captions not available (%v); they ship in testdata/", err)
	}
	recs, err := caption.Parse(f, caption.Options{Name: sampleCaptions})
	f.Close()
	if err != nil || len(recs) != 16 {
		t.Fatalf("caption.Parse: %d records, %v; want 16", len(recs), err)
	}
	imgs := sampleImages(recs, true)
	byLine := map[int]*metadata.Image{}
	for k, r := range recs {
		byLine[r.Line] = imgs[k]
	}
	type want struct {
		field Field
		store metadata.StoreKind
	}
	faults := map[string][]want{} // path → errors wanted
	// Wrong day: a frame of Aref Watad's burst (line 11) a day early.
	im := byLine[11]
	for _, s := range im.Stores() {
		s.Date = atOff(2016, 12, 18, 10, 5, 180)
	}
	faults[im.Path] = []want{{FieldDate, "exif/iptc/xmp"}}
	// Wrong photographer: the line 25 frame (the only "Syrians wait").
	im = byLine[25]
	for _, s := range im.Stores() {
		s.Creators = []string{"Karim Haddad"}
	}
	faults[im.Path] = []want{{FieldCreator, "exif/iptc/xmp"}}
	// Another agency: the line 27 frame.
	im = byLine[27]
	im.IPTC.Credit, im.XMP.Credit = "AFP", "AFP"
	faults[im.Path] = []want{{FieldCredit, "iptc/xmp"}}
	// A sidecar that disagrees with the embedded data: the line 1 frame's
	// sidecar says December 21.
	im = byLine[1]
	im.Sidecar = &metadata.Store{Kind: metadata.StoreSidecar, Date: atOff(2016, 12, 21, 10, 0, 180), Description: im.IPTC.Description}
	faults[im.Path] = []want{{FieldDate, "sidecar"}}
	// An extra image that carries a copy of the line 19 frame's caption,
	// by another photographer on another day: the file has one copy of
	// that caption, the real frame (whose date and creator agree) keeps
	// it, and the extra image is left with the reason.
	extra := textImage("aleppo/IMG_EXTRA.jpg", atOff(2016, 12, 17, 8, 0, 180), byLine[19].IPTC.Description, "Lena Marsh")
	imgs = append(imgs, extra)
	// A missing image: drop the line 31 frame.
	missing := byLine[31]
	imgs = slices.DeleteFunc(imgs, func(x *metadata.Image) bool { return x == missing })

	p, err := Match(recs, imgs, StrategyAuto)
	if err != nil {
		t.Fatal(err)
	}
	for _, pr := range p.Pairs {
		if pr.By != ByText {
			t.Errorf("%s paired by %s, want text", imgs[pr.Image].Path, pr.By)
		}
		if recs[pr.Record].Text != imgs[pr.Image].IPTC.Description {
			t.Errorf("%s paired with line %d, not the caption it carries", imgs[pr.Image].Path, recs[pr.Record].Line)
		}
	}
	if len(p.UnmatchedRecords) != 1 || recs[p.UnmatchedRecords[0].Index].Line != 31 {
		t.Errorf("unmatched records %+v, want line 31 only", p.UnmatchedRecords)
	}
	if len(p.UnmatchedImages) != 1 || imgs[p.UnmatchedImages[0].Index] != extra ||
		!strings.Contains(p.UnmatchedImages[0].Reason, "carries the text of the caption at line 19") {
		t.Errorf("unmatched images %+v, want the extra image, which carries line 19's text", p.UnmatchedImages)
	}
	got := map[string][]want{}
	for _, pr := range p.Pairs {
		for _, f := range Readings(pr, Compare(recs[pr.Record], imgs[pr.Image], pr.By, Options{})) {
			if f.Severity == metadata.SeverityError {
				got[imgs[pr.Image].Path] = append(got[imgs[pr.Image].Path], want{f.Field, f.Store})
			}
		}
	}
	render := func(m map[string][]want) []string {
		var out []string
		for path, ws := range m {
			out = append(out, fmt.Sprint(path, ws))
		}
		sort.Strings(out)
		return out
	}
	if g, w := render(got), render(faults); !slices.Equal(g, w) {
		t.Errorf("errors:\n got  %q\n want %q", g, w)
	}
}

// TestTextAgainstDateCreator: an image carries one caption's text, while
// its date and photographer are another caption's. The text decides the
// pair, and the disagreement is a finding that says the image carries the
// caption's text, not a silent choice.
func TestTextAgainstDateCreator(t *testing.T) {
	recs := []caption.Record{
		rec(1, sibRashideen, 2016, 12, 19, "Anadolu Agency", "Aref Watad"),
		rec(3, sibAmiriyah, 2016, 12, 19, "Anadolu Agency", "Jawad Al Rifai"),
	}
	a := textImage("x/a.jpg", at(2016, 12, 19, 10, 0), sibRashideen, "Jawad Al Rifai")
	b := img("x/b.jpg", at(2016, 12, 19, 11, 0), "Aref Watad")
	imgs := []*metadata.Image{a, b}
	p, err := Match(recs, imgs, StrategyAuto)
	if err != nil {
		t.Fatal(err)
	}
	if g := render(recs, imgs, p); !slices.Equal(g, []string{"x/a.jpg <- 1 by text", "x/b.jpg <- 3 by date"}) {
		t.Fatalf("plan %q", g)
	}
	fs := Readings(p.Pairs[0], Compare(recs[0], a, ByText, Options{}))
	if len(fs) == 0 || fs[0].Field != FieldCreator || !strings.HasSuffix(fs[0].Message, "(the image carries this caption's text)") {
		t.Errorf("findings %+v, want a creator error that says the image carries the caption's text", fs)
	}
	fs = Readings(p.Pairs[1], Compare(recs[1], b, ByDate, Options{}))
	if len(fs) == 0 || !strings.Contains(fs[0].Message, "either the caption names the wrong photographer or this picture has no caption in the file") {
		t.Errorf("findings %+v, want the creator error to give both readings", fs)
	}
}

// FuzzTextPrint: any two descriptions give a print without panicking, a
// similarity between 0 and 1, symmetric, and 1 for a text with itself;
// a sketch never holds more than textSketchK hashes, in ascending order.
func FuzzTextPrint(f *testing.F) {
	f.Add(sibRashideen, sibAmiriyah)
	f.Add("", "a")
	f.Add(strings.Repeat("word ", 3000), "word word")
	f.Add("“quoted”  text", `"QUOTED" text`)
	f.Fuzz(func(t *testing.T, a, b string) {
		pa, oka := newTextPrint(a)
		pb, okb := newTextPrint(b)
		for _, p := range []textPrint{pa, pb} {
			if len(p.sketch) > textSketchK || !slices.IsSorted(p.sketch) {
				t.Fatalf("sketch of %d hashes, sorted %v", len(p.sketch), slices.IsSorted(p.sketch))
			}
		}
		if !oka || !okb {
			return
		}
		s, r := similarity(pa.sketch, pb.sketch), similarity(pb.sketch, pa.sketch)
		if s < 0 || s > 1 || s != r {
			t.Fatalf("similarity %v / %v", s, r)
		}
		if similarity(pa.sketch, pa.sketch) != 1 {
			t.Fatalf("a text is not similar to itself")
		}
	})
}
