package check

import (
	"bytes"
	"strings"
	"testing"

	"github.com/captag/captag/metadata"
	"github.com/captag/captag/metadata/caption"
	"github.com/captag/captag/metadata/fixture"
)

// readFixture reads a fixture JPEG as captag reads a file.
func readFixture(t *testing.T, name string, spec fixture.Spec) *metadata.Image {
	t.Helper()
	data := fixture.JPEG(spec)
	im, err := metadata.Read(bytes.NewReader(data), int64(len(data)), name)
	if err != nil {
		t.Fatalf("metadata.Read(%s): %v", name, err)
	}
	return im
}

// A camera's Artist written as a credit ("Photo: NICOLAS MAETERLINCK /
// BELGA") names the photographer Nicolas Maeterlinck to matching as to the
// comparison: one answer, from names.Persons. Before, matching knew the
// image by the key of the whole value and left it unmatched (the image
// "names another photographer"), while the comparison read the name in it.
func TestArtistCreditChainMatchesAndAgrees(t *testing.T) {
	recs := []caption.Record{
		caption.ParseText("BRUSSELS, BELGIUM - MARCH 22: People gather at the Place de la Bourse in Brussels on March 22, 2016. (Photo: NICOLAS MAETERLINCK / BELGA)", 0),
		caption.ParseText("BRUSSELS, BELGIUM - MARCH 22: Soldiers patrol the Grand Place in Brussels on March 22, 2016. (Photo: DIRK WAEM / BELGA)", 0),
	}
	for i, want := range []string{"Nicolas Maeterlinck", "Dirk Waem"} {
		if strings.Join(recs[i].Creators, ";") != want || recs[i].Agency != "Belga" {
			t.Fatalf("caption %d: creators %q, agency %q; want %s, Belga", i, recs[i].Creators, recs[i].Agency, want)
		}
	}
	imgs := []*metadata.Image{
		readFixture(t, "waem.jpg", fixture.Spec{EXIF: &fixture.EXIF{DateTimeOriginal: "2016:03:22 11:05:00", Artist: "Photo: DIRK WAEM / BELGA"}}),
		readFixture(t, "maeterlinck.jpg", fixture.Spec{EXIF: &fixture.EXIF{DateTimeOriginal: "2016:03:22 14:05:00", Artist: "Photo: NICOLAS MAETERLINCK / BELGA"}}),
	}
	plan, err := Match(recs, imgs, StrategyAuto)
	if err != nil {
		t.Fatal(err)
	}
	if len(plan.Pairs) != 2 {
		t.Fatalf("plan = %+v; want two pairs", plan)
	}
	for _, p := range plan.Pairs {
		if p.By != ByDateCreator || p.Record != 1-p.Image {
			t.Errorf("pair %+v; want caption %d with image %d by date+creator", p, 1-p.Image, p.Image)
		}
		for _, f := range Compare(recs[p.Record], imgs[p.Image], ByDateCreator, Options{}) {
			if f.Field == FieldCreator {
				t.Errorf("%s: creator finding %q; the Artist names the caption's photographer", imgs[p.Image].Path, f.Message)
			}
		}
	}
}

// A photographer named like an agency's acronym ("SEDAT SUNA": SUNA is the
// Sudan News Agency) in an EXIF Copyright is a person's name, not a credit
// of that agency: a clean EPA picture has no credit error. An acronym
// standing alone in the Copyright still names its agency.
func TestCopyrightPersonNamedLikeAnAgency(t *testing.T) {
	rec := caption.ParseText("ISTANBUL, TURKEY - JULY 16: People wave flags on Taksim Square in Istanbul on July 16, 2016. (EPA-EFE/SEDAT SUNA)", 0)
	if strings.Join(rec.Creators, ";") != "Sedat Suna" || rec.Agency != "EPA" {
		t.Fatalf("caption: creators %q, agency %q; want Sedat Suna, EPA", rec.Creators, rec.Agency)
	}
	clean := func(copyright string) *metadata.Image {
		f := fixture.Fields{Date: "20160716", Creators: []string{"SEDAT SUNA"}, Credit: "EPA", Source: "EPA", Copyright: copyright}
		spec := fixture.All(f)
		spec.EXIF.Copyright = copyright
		return readFixture(t, "epa.jpg", spec)
	}
	for _, c := range []string{"SEDAT SUNA", "© SEDAT SUNA", "EPA-EFE/SEDAT SUNA", "Copyright 2016 Sedat Suna"} {
		for _, f := range Compare(rec, clean(c), ByDateCreator, Options{}) {
			if f.Field == FieldCredit {
				t.Errorf("Copyright %q: credit finding %q; it names the photographer, no agency", c, f.Message)
			}
		}
	}
	// The acronym alone, or beside the year, is the agency.
	for _, c := range []string{"SUNA", "© 2016 SUNA", "SEDAT SUNA/SUNA"} {
		found := false
		for _, f := range Compare(rec, clean(c), ByDateCreator, Options{}) {
			found = found || f.Field == FieldCredit && f.Severity == metadata.SeverityError && strings.Contains(f.Message, "SUNA")
		}
		if !found {
			t.Errorf("Copyright %q: no credit error; it names SUNA, not the caption's EPA", c)
		}
	}
}

// One list of role words (names.Role) for the caption parser, the credit
// check and the creator check: a store Credit "STR" (a stringer) names no
// agency, a By-line "Contributor" no person, as the caption parser drops
// both from a credit. Before, the check had lists of its own, without
// them, and made errors of both.
func TestRoleWordsInStores(t *testing.T) {
	r := rec(1, "x", 2016, 12, 19, "Reuters", "Omar Sanadiki")
	im := img("a.jpg", at(2016, 12, 19, 10, 0), "Contributor")
	im.IPTC.Credit = "STR"
	var credit, creator *Finding
	fs := Compare(r, im, ByDate, Options{})
	for i, f := range fs {
		switch f.Field {
		case FieldCredit:
			credit = &fs[i]
		case FieldCreator:
			creator = &fs[i]
		}
	}
	if credit == nil || credit.Severity != metadata.SeverityWarning || !strings.Contains(credit.Message, "which names no agency") {
		t.Errorf("Credit STR: %+v; want a warning that it names no agency", credit)
	}
	if creator == nil || creator.Severity != metadata.SeverityWarning || !strings.Contains(creator.Message, "which names no person") {
		t.Errorf("creator Contributor: %+v; want a warning that it names no person", creator)
	}
}

// A store that credits the caption's photographer inside a chain
// ("Andrea Comas/Foo Press") agrees with a store that gives the name
// alone: no creator finding, and the stores do not disagree.
func TestCreatorInChainBesidePlainName(t *testing.T) {
	r := rec(1, "x", 2016, 12, 19, "Reuters", "Andrea Comas")
	im := img("a.jpg", at(2016, 12, 19, 10, 0), "Andrea Comas")
	im.EXIF.Creators = []string{"Andrea Comas/Foo Press"}
	im.IPTC.Credit = "Reuters"
	for _, f := range Compare(r, im, ByDateCreator, Options{}) {
		if f.Field == FieldCreator {
			t.Errorf("creator finding %q", f.Message)
		}
	}
}
