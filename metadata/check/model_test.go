package check

import (
	"strings"
	"testing"

	"github.com/captag/captag/metadata"
	"github.com/captag/captag/metadata/caption"
	"github.com/captag/captag/metadata/fixture"
)

// When a store disagrees with the rules' reading of the credit but agrees
// with the model's (caption.ModelCredit), the caption has two readings and
// does not say which is right: a warning that says so, not an error. Real
// captions whose stores carry the credit as the caption writes it:
func TestSecondReadingExcuses(t *testing.T) {
	for _, tc := range []struct {
		id, caption, date, store string
	}{
		// captions.jsonl rw-008, guardian/grid image-loader/test/resources/getty.jpg:
		// the doubled name of the file's own Caption-Abstract, copied into By-line.
		{"rw-008", "Austria's Matthias Mayer attends the men's downhill training of the FIS Alpine Skiing World Cup in Kitzbuehel, Austria, on January 22, 2015.       AFP PHOTO / CHRISTOF STACHECHRISTOF STACHE/AFP/Getty Images",
			"20150122", "CHRISTOF STACHECHRISTOF STACHE"},
		// firstcontact6-tune.jsonl fc6b-070,
		// http://www.kyongbuk.co.kr/news/articleView.html?idxno=700398:
		// "이기동기자", the name with 기자 ("reporter") glued on.
		{"fc6b-070", "막바지 추위가 물러난 가운데 휴일을 맞아 대구시 북구 연경동의 한 개울가를 찾은 모녀가 버들강아지를 만지며 봄기운을 만끽하고 있다. 이기동기자", "", "이기동기자"},
	} {
		r := caption.ParseText(tc.caption, 0)
		im := readFixture(t, tc.id+".jpg", fixture.All(fixture.Fields{Date: tc.date, Creators: []string{tc.store}}))
		var creator []Finding
		for _, f := range Compare(r, im, ByDateCreator, Options{AllowMissingDate: tc.date == ""}) {
			if f.Field == FieldCreator {
				creator = append(creator, f)
			}
		}
		if len(creator) != 1 || creator[0].Severity != metadata.SeverityWarning || !strings.Contains(creator[0].Message, "second reading") {
			t.Errorf("%s: creator findings %+v, expected one warning naming the second reading", tc.id, creator)
		}
	}
}

// A planted photographer nobody's reading names is still an error.
func TestSecondReadingExcusesNobodyElse(t *testing.T) {
	r := caption.ParseText("Austria's Matthias Mayer attends the men's downhill training of the FIS Alpine Skiing World Cup in Kitzbuehel, Austria, on January 22, 2015.       AFP PHOTO / CHRISTOF STACHECHRISTOF STACHE/AFP/Getty Images", 0)
	im := readFixture(t, "planted.jpg", fixture.All(fixture.Fields{Date: "20150122", Creators: []string{plantedCreator}}))
	errs := 0
	for _, f := range Compare(r, im, ByDateCreator, Options{}) {
		if f.Field != FieldCreator {
			continue
		}
		if f.Severity != metadata.SeverityError {
			t.Errorf("planted photographer: %s %s, expected an error", f.Severity, f.Message)
		}
		errs++
	}
	if errs != 1 {
		t.Errorf("planted photographer: %d creator errors, expected 1", errs)
	}
}
