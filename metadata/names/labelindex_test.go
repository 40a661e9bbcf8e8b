package names

import (
	"strings"
	"testing"
	"unicode"
)

// cutLabelsScan is CutLabels as it was before the index: every label tried
// in turn. The index must give the same answers.
func cutLabelsScan(c string) (string, bool) {
	labelled := false
	for again, n := true, 0; again && n < 8; n++ {
		again = false
		for _, l := range labels {
			if hasPrefixFold(c, l) {
				c = strings.TrimSpace(c[len(l):])
				labelled, again = true, true
				break
			}
		}
		if labelled && len(c) > 5 && isDigits(c[:4]) && c[4] == ' ' {
			c = strings.TrimSpace(c[5:])
		}
	}
	return c, labelled
}

// Every label, in its case, in capitals, in title case and behind other
// labels, and texts that start like one, are cut as the whole scan cut them.
func TestCutLabelsIndex(t *testing.T) {
	var texts []string
	for _, l := range labels {
		for _, v := range []string{l, strings.ToUpper(l), strings.ToTitle(l[:1]) + l[1:], strings.ToUpper(l[:1]) + l[1:]} {
			texts = append(texts, v+" Jane Doe", v+"© 2016 AFP", "© "+v+" Reuters", v, v[:len(v)/2])
		}
	}
	texts = append(texts, "", "K", "\u212Aredit: Kelvin", "\u017Fource: long s", "ſource: x", "\xff\xfe", "Photo: Photo by AP",
		"Mandatory Credit: Photo by Jane Doe/Shutterstock", "ÉTÉ", "İmage: dotted", "ǅ: titlecase")
	for _, s := range texts {
		got, gotOK := CutLabels(s)
		want, wantOK := cutLabelsScan(s)
		if got != want || gotOK != wantOK {
			t.Errorf("CutLabels(%q) = %q, %v; the whole scan gives %q, %v", s, got, gotOK, want, wantOK)
		}
	}
}

// foldClass gives every rune of a simple-fold orbit the same class, and
// runes of different orbits different classes.
func TestFoldClass(t *testing.T) {
	for r := rune(0); r <= unicode.MaxRune; r++ {
		c := foldClass(r)
		for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
			if foldClass(f) != c {
				t.Fatalf("foldClass(%U) = %U but foldClass(%U) = %U: one orbit", r, c, f, foldClass(f))
			}
		}
		if foldClass(c) != c || !strings.EqualFold(string(r), string(c)) && r != c && !(r >= 0xD800 && r <= 0xDFFF) {
			t.Fatalf("foldClass(%U) = %U: not of its orbit", r, c)
		}
	}
}

// cutRankScan is CutRank as it was before the index: every rank tried in
// turn. The index must give the same answers.
func cutRankScan(name string) (string, bool) {
	t := strings.TrimSpace(name)
	for _, r := range allRanks {
		if len(t) > len(r) && hasPrefixFold(t, r) {
			rest := strings.TrimSpace(t[len(r):])
			if len(strings.Fields(rest)) >= 2 {
				return rest, true
			}
			return name, false
		}
	}
	return name, false
}

// Every rank, in its case, in capitals and in title case, before a name of
// one and of two words, and names that start like one, are cut as the
// whole scan cut them.
func TestCutRankIndex(t *testing.T) {
	var texts []string
	for _, r := range allRanks {
		for _, v := range []string{r, strings.ToUpper(r), strings.ToUpper(r[:1]) + r[1:]} {
			texts = append(texts, v+"Jane Doe", v+" Jane Doe", v+" Doe", " "+v+"Jane Q. Doe ", v, v[:len(v)/2]+"Jane Doe")
		}
	}
	texts = append(texts, "", "S", "\u212Apl Jane Doe", "\u017Fgt Jane Doe", "Ōfficer Jane Doe", "\xff Jane Doe", "Sgt.Jane Doe")
	for _, s := range texts {
		got, gotOK := CutRank(s)
		want, wantOK := cutRankScan(s)
		if got != want || gotOK != wantOK {
			t.Errorf("CutRank(%q) = %q, %v; the whole scan gives %q, %v", s, got, gotOK, want, wantOK)
		}
	}
}
