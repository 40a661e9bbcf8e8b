package check

import (
	"github.com/captag/captag/metadata/caption"
	"github.com/captag/captag/metadata/date"
)

// A caption that writes two dates and no words saying which is the
// picture's ("taken on …", a dateline that repeats one) has its date
// chosen by rule, not known: a store that gives the other date may be
// right and the parser wrong. That disagreement is a warning that names
// both readings, not an error (issue 22: a reading the parser is not sure
// of is never an error on the image). The blog post of fc8c-050 and the
// "Fotografiert am: 12.11.1989" field of fc8c-056 (firstcontact8-tune.jsonl)
// are two such captions. A store date the caption never writes stays an
// error.

// alsoWrittenNote is said after such a store's date.
const alsoWrittenNote = ", a date the caption writes too: the parser chose between the caption's dates and may have taken the wrong one"

// alsoWritten reports whether the store's calendar day d is another date
// the caption writes, and the caption's own date was chosen rather than
// known: not dated by words about the picture, not repeated by the
// dateline.
func (j *dateJudge) alsoWritten(d date.Day) bool {
	rec := j.rec
	if rec.PictureDate || rec.DatelineDate.Month == j.rd.Month && rec.DatelineDate.Day == j.rd.Day && rec.DatelineDate.Month != 0 {
		return false
	}
	if !j.othersDone {
		j.others, j.othersDone = caption.OtherDates(rec), true
	}
	for _, o := range j.others {
		if o.Month == d.Month && o.Day == d.Day && (o.Year == 0 || o.Year == d.Year) {
			return true
		}
	}
	return false
}
