package check

import (
	"strings"
	"testing"

	"github.com/captag/captag/metadata"
	"github.com/captag/captag/metadata/caption"
)

// doubtCaption is fc-078 of firstcontact-tune.jsonl (ČT24, a Reuters
// picture with a Czech "Zdroj:" (source) label).
const doubtCaption = "Na dálnici u města Gjandža v Ázerbájdžánu byl zachycen vůz muže, který vezl desítky hus na místní trhy\nZdroj: Umit Bektas/Reuters"

// fieldFinding returns the finding of field f at severity sev, or nil.
func fieldFinding(fs []Finding, f Field, sev metadata.Severity) *Finding {
	for i := range fs {
		if fs[i].Field == f && fs[i].Severity == sev {
			return &fs[i]
		}
	}
	return nil
}

// A misread credit is the parser's failure, not the image's (issue 22):
// the record as captag read ČTK's credits before the label words were
// data (the label taken into the creator, the photographer taken for the
// agency: the "Zdroj: Čtk" / "Kamaryt Michal") against a clean
// picture gives warnings that name both readings, no error; the same
// misread record against a planted wrong photographer or agency still
// gives the error; and a reading the parser is sure of is never excused
// by a name elsewhere in the caption's last words.
func TestMisreadCreditIsAWarning(t *testing.T) {
	misread := caption.Record{Text: caption.ParseText(doubtCaption, 0).Text, Creators: []string{"Zdroj: Reuters"}, Agency: "Umit Bektas", Agencies: []string{"Umit Bektas"}}
	store := func(artist, credit string) *metadata.Image {
		im := img("a.jpg", at(2020, 12, 18, 10, 0), artist)
		im.IPTC.Credit = credit
		return im
	}
	fs := Compare(misread, store("Umit Bektas", "Reuters"), ByDateCreator, Options{})
	for _, f := range []Field{FieldCreator, FieldCredit} {
		if e := fieldFinding(fs, f, metadata.SeverityError); e != nil {
			t.Errorf("clean picture, misread caption: %s error %q", f, e.Message)
		}
		w := fieldFinding(fs, f, metadata.SeverityWarning)
		if w == nil || !strings.Contains(w.Message, "may have been misread") {
			t.Errorf("clean picture, misread caption: %s warning %+v; want one that says the credit may be misread", f, w)
			continue
		}
		if !strings.Contains(w.Message, w.Want) || !strings.Contains(w.Message, w.Got) || w.Want == w.Got {
			t.Errorf("%s warning %q does not name both readings (%q, %q)", f, w.Message, w.Want, w.Got)
		}
	}
	fs = Compare(misread, store("Jan Novák", "AFP"), ByDateCreator, Options{})
	for _, f := range []Field{FieldCreator, FieldCredit} {
		if fieldFinding(fs, f, metadata.SeverityError) == nil {
			t.Errorf("planted %s not in the caption, misread caption: no error", f)
		}
	}
	// fc-071: the parser reads Patrik Macek/Pixsell, sure of both; a store
	// naming the woman of the caption's text is wrong.
	sure := caption.ParseText("„Koalicija“, Patrik Macek\n\nKljuč je pogled Ivane Kekin, sve je trajalo dvije sekunde\n\nFoto: Patrik Macek/Pixsell", 0)
	if e := fieldFinding(Compare(sure, store("Ivane Kekin", "Pixsell"), ByDateCreator, Options{}), FieldCreator, metadata.SeverityError); e == nil {
		t.Errorf("a sure reading excused a store naming another person of the caption's words")
	}
}

// Name order (issue 22): a surname-first credit (fc-001, ČTK:
// "ČTK/Šimánek Vít") against a given-name-first camera Artist, with or
// without the accents, is the same person, said in a warning; another
// person in either order is an error.
func TestCreatorNameOrder(t *testing.T) {
	r := caption.ParseText("Na snímku jsou zakladatelka soutěže a její bývalá ředitelka Daniela Mrázková (vlevo) a současná ředitelka Veronika Souralová. ČTK/Šimánek Vít", 0)
	if strings.Join(r.Creators, ";") != "Šimánek Vít" {
		t.Fatalf("creators %q, want Šimánek Vít", r.Creators)
	}
	for _, tc := range []struct {
		artist  string
		wantErr bool
	}{
		{"Vít Šimánek", false}, {"Vit Simanek", false}, {"VÍT ŠIMÁNEK", false}, {"Šimánek Vít", false},
		{"Vít Novák", true}, {"Novák Vít", true}, {"Vít", true},
	} {
		im := img("a.jpg", at(2019, 1, 15, 10, 0), tc.artist)
		im.IPTC.Credit = "ČTK"
		fs := Compare(r, im, ByDateCreator, Options{})
		e := fieldFinding(fs, FieldCreator, metadata.SeverityError)
		if (e != nil) != tc.wantErr {
			t.Errorf("Artist %q: creator error %+v, want error %v", tc.artist, e, tc.wantErr)
		}
		w := fieldFinding(fs, FieldCreator, metadata.SeverityWarning)
		reordered := !tc.wantErr && tc.artist != "Šimánek Vít"
		if reordered && (w == nil || !strings.Contains(w.Message, "the same name in another order")) {
			t.Errorf("Artist %q: warning %+v; want one that says the order differs", tc.artist, w)
		}
	}
}
