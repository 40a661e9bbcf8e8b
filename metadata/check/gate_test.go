package check

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/captag/captag/metadata"
	"github.com/captag/captag/metadata/caption"
	"github.com/captag/captag/metadata/fixture"
	"github.com/captag/captag/metadata/names"
)

// The gate at first contact (issue 22: "a gate that cries wolf gets
// switched off; one that passes what it could not read is worse"). Every
// caption of the real-world corpus, the held-out files too, is compared
// with a clean picture (its annotated truth, and again with each name's
// words reversed) and with three pictures each holding one planted fault:
// a date 9 days off, a photographer nobody in the corpus is, an agency
// the caption does not name. The test prints, per file, how many clean
// pictures got an error, and per planted fault whether check found it (an
// error on that field), said the field was not checked, only warned, or
// was silent. The held-out files print only these totals, never a caption
// (their captions are nobody's tuning data). The bounds below are the
// figures when the test was written, so that a change to the parser or
// the gate that makes either side worse fails here.

// gateFiles are the corpus files and whether each is held out.
var gateFiles = []struct {
	name string
	held bool
}{
	{"captions.jsonl", false}, {"firstcontact-tune.jsonl", false}, {"firstcontact3-tune.jsonl", false},
	{"firstcontact4-tune.jsonl", false}, {"firstcontact5-tune.jsonl", false}, {"firstcontact6-tune.jsonl", false},
	{"firstcontact7-tune.jsonl", false}, {"firstcontact8-tune.jsonl", false}, {"firstcontact9-tune.jsonl", false},
	{"firstcontact10-tune.jsonl", false}, {"firstcontact11-tune.jsonl", false},
	{"heldout.jsonl", true}, {"heldout3.jsonl", true}, {"firstcontact-held.jsonl", true}, {"firstcontact2.jsonl", true},
	{"firstcontact3-held.jsonl", true}, {"firstcontact4-held.jsonl", true}, {"firstcontact5-held.jsonl", true},
	{"firstcontact6-held.jsonl", true}, {"firstcontact7-held.jsonl", true}, {"firstcontact8-held.jsonl", true},
	{"firstcontact9-held.jsonl", true}, {"firstcontact10-held.jsonl", true},
	{"firstcontact11-held.jsonl", true},
}

// plantedCreator is nobody in the corpus.
const plantedCreator = "Halvard Quistgaard-Mbeki"

// plantedAgencies are tried in order: the first the caption does not
// mention is planted.
var plantedAgencies = []string{"Reuters", "Kyodo News", "Xinhua", "EFE"}

// outcome is what check said of one planted fault.
type outcome int

const (
	plantFound     outcome = iota // an error on the planted field
	plantUnchecked                // the field said not checked
	plantWarned                   // only a warning on the field
	plantSilent                   // nothing on the field
	nOutcomes
)

// gateTally counts one file's results.
type gateTally struct {
	clean, cleanErr int
	cleanBy         [3]int            // clean pictures with an error on date, creator, credit
	planted         [3][nOutcomes]int // date, creator, credit
}

func (g *gateTally) String() string {
	s := fmt.Sprintf("clean %d, %d with an error (date %d, creator %d, credit %d)", g.clean, g.cleanErr, g.cleanBy[0], g.cleanBy[1], g.cleanBy[2])
	for i, f := range []string{"date", "creator", "credit"} {
		p := g.planted[i]
		s += fmt.Sprintf("; planted %s %d: found %d, not checked %d, warned %d, silent %d",
			f, p[plantFound]+p[plantUnchecked]+p[plantWarned]+p[plantSilent], p[plantFound], p[plantUnchecked], p[plantWarned], p[plantSilent])
	}
	return s
}

// Bounds: the figures of the whole corpus when the test was written (main
// of stop 37, after the lead's fixes, the date gate of otherdate.go,
// names in other scripts compared through their Latin spelling, and the
// sixteenth tuning step): clean pictures with an error, none of 1,139 in
// the tuning files and 26 of 950 held out; planted faults found, held
// out, 337 of 366 dates, 512 of 709 photographers, 550 of 647 agencies;
// none silent anywhere. On main 1edee40, before the stop: 3 and 33 clean
// pictures with an error; 339 dates, 465 photographers, 548 agencies
// found. The date gate made 7 false errors on held-out clean pictures
// warnings, and 2 planted dates that the caption itself writes too; names
// in other scripts found 47 planted photographers more. A bound may be
// tightened, never loosened. Stop 38: a store that agrees with the
// model's reading of the credit (caption.ModelCredit) where the rules'
// disagrees is a warning; 25 held-out clean pictures with an error.
//
// Stop 38 added the ninth first-contact set (firstcontact9-tune and
// -held, 269 captions). At its first contact (f653476, before any change
// made for it): 4 of its 135 tuning and 3 of its 134 held-out clean
// pictures with an error; held out, all files, 28 clean pictures with an
// error and 379, 561 and 605 planted faults found. tunet9a (the ninth
// set's Latin-script credits) and tunet9b (its other scripts and dates)
// merged: no tuning clean picture with an error, 26 held out; 382, 566
// and 610 planted faults found held out. The credit model learnt from the
// ninth set's tuning half too, on captions tidied as check meets them: 25
// held out. The tenth first-contact set (260 captions, both halves held
// out until a tuning step takes one) at its first contact (d83a252): 3
// clean pictures with an error; held out, all files, 28, and 468, 663 and
// 697 planted faults found. Stop 39 moved the tenth set's tuning half
// (2 clean errors, 46, 38 and 41 planted faults found) from held out to
// tuning, which moves the bounds without making either side worse, and
// read its "EPA-EFE/JEON HEON-KYUN" (its 2 clean errors): tuning 0, held
// out 25, and 422, 625 and 656 planted faults found. Stop 41's tuning
// step on that half: tuning 0, held out 25, and 425, 625 and 659 found.
// The eleventh set (144 captions, both halves held out) at its first
// contact (df25cf7): 3 clean pictures with an error (1 and 2); held out,
// all files, 28, and 454, 659 and 700 planted faults found. Stop 41's
// second tuning step took its tuning half (1 clean error; 13, 17 and 21
// found), which alone would leave 27 and 441, 642 and 679 held out; with
// the step: tuning 0, held out 27, and 442, 646 and 679 found.
const (
	maxTuneCleanErrors = 0
	maxHeldCleanErrors = 27
)

// minHeldFound are the planted faults found in the held-out files, per
// field (date, creator, credit).
var minHeldFound = [3]int{442, 646, 679}

func TestGateAtFirstContact(t *testing.T) {
	var tune, held gateTally
	for _, gf := range gateFiles {
		var g gateTally
		for _, c := range readTruth(t, gf.name) {
			gateOne(t, &g, c)
		}
		t.Logf("%s: %s", gf.name, &g)
		sum := &tune
		if gf.held {
			sum = &held
		}
		sum.clean += g.clean
		sum.cleanErr += g.cleanErr
		for i := range g.cleanBy {
			sum.cleanBy[i] += g.cleanBy[i]
		}
		for i := range g.planted {
			for o := range g.planted[i] {
				sum.planted[i][o] += g.planted[i][o]
			}
		}
	}
	t.Logf("tuning files: %s", &tune)
	t.Logf("held-out files: %s", &held)
	if tune.cleanErr > maxTuneCleanErrors || held.cleanErr > maxHeldCleanErrors {
		t.Errorf("clean pictures with an error: %d tuning (at most %d), %d held out (at most %d)",
			tune.cleanErr, maxTuneCleanErrors, held.cleanErr, maxHeldCleanErrors)
	}
	for i, f := range []string{"date", "creator", "credit"} {
		if n := tune.planted[i][plantSilent] + held.planted[i][plantSilent]; n > 0 {
			t.Errorf("planted %s: %d pictures with a wrong value got no finding on the field at all", f, n)
		}
		if held.planted[i][plantFound] < minHeldFound[i] {
			t.Errorf("planted %s: %d found in the held-out files, fewer than %d", f, held.planted[i][plantFound], minHeldFound[i])
		}
	}
}

// gateOne compares caption c's parse with its clean picture and with one
// picture per planted fault, and counts the results in g.
func gateOne(t *testing.T, g *gateTally, c truthCaption) {
	t.Helper()
	r := caption.ParseText(c.Caption, 0)
	g.clean++
	if errs := cleanPictureErrors(t, c, r); len(errs) > 0 {
		g.cleanErr++
		for i, fd := range []Field{FieldDate, FieldCreator, FieldCredit} {
			if slices.ContainsFunc(errs, func(e string) bool { return strings.HasPrefix(e, string(fd)+" ") }) {
				g.cleanBy[i]++
			}
		}
	}
	opt := Options{AllowMissingDate: c.Date == "", AllowMissingCreator: len(c.Creators) == 0}
	base := truthFields(c)
	if base.Date != "" {
		f := base
		d, err := time.Parse("20060102", f.Date)
		if err != nil {
			t.Fatalf("%s: date %q: %v", c.ID, c.Date, err)
		}
		f.Date = d.AddDate(0, 0, 9).Format("20060102")
		g.planted[0][plantedOutcome(t, c, r, f, opt, FieldDate)]++
	}
	if len(base.Creators) > 0 {
		f := base
		f.Creators = []string{plantedCreator}
		g.planted[1][plantedOutcome(t, c, r, f, opt, FieldCreator)]++
	}
	if len(c.Agencies) > 0 {
		f := base
		f.Credit = plantedAgency(c)
		f.Source = f.Credit
		g.planted[2][plantedOutcome(t, c, r, f, opt, FieldCredit)]++
	}
}

// plantedOutcome compares r with a picture of f and says what check said
// on field fd.
func plantedOutcome(t *testing.T, c truthCaption, r caption.Record, f fixture.Fields, opt Options, fd Field) outcome {
	t.Helper()
	im := readFixture(t, c.ID+".jpg", fixture.All(f))
	o := plantSilent
	for _, fi := range Compare(r, im, ByDateCreator, opt) {
		if fi.Field != fd {
			continue
		}
		switch {
		case fi.Severity == metadata.SeverityError:
			return plantFound
		case fi.NotChecked:
			o = min(o, plantUnchecked)
		default:
			o = min(o, plantWarned)
		}
	}
	return o
}

// plantedAgency returns the first of plantedAgencies that is none of c's
// agencies (by the table: "Kyodo" is Kyodo News, "ロイター" Reuters) and
// that its caption does not mention.
func plantedAgency(c truthCaption) string {
	low := strings.ToLower(c.Caption)
	for _, a := range plantedAgencies {
		p, _ := names.LookupAgency(a)
		same := strings.Contains(low, strings.ToLower(a))
		for _, ca := range c.Agencies {
			if t, ok := names.LookupAgency(ca); ok && t == p {
				same = true
			}
		}
		if !same {
			return a
		}
	}
	return "Agence Nobody"
}
