package report

import (
	"fmt"
	"time"

	"github.com/captag/captag/metadata/desk"
)

// Verb is how a status line says that the files of the phase are done,
// as in "12/40 files read": "read" (PhaseList and PhaseRead), "checked",
// "done" (written), "on the page"; "" for PhaseMatch, which counts none.
func Verb(p desk.Phase) string {
	switch p {
	case desk.PhaseList, desk.PhaseRead:
		return "read"
	case desk.PhaseCheck:
		return "checked"
	case desk.PhaseWrite:
		return "done"
	case desk.PhaseSheet:
		return "on the page"
	}
	return ""
}

// StatusLine is the status line of a phase of verb (Verb) at p,
// elapsed after the phase began: "120/4000 files read, 85/s, 46s left".
// While listing (the folders are still being listed) the total is "so
// far" ("120/300+") and no time left is given; the rate, once half a
// second has gone by.
func StatusLine(verb string, p desk.Progress, listing bool, elapsed time.Duration) string {
	line := fmt.Sprintf("%d/%d files %s", p.Done, p.Total, verb)
	if listing {
		line = fmt.Sprintf("%d/%d+ files %s", p.Done, p.Total, verb)
	}
	if s := elapsed.Seconds(); s > 0.5 && p.Done > 0 {
		rate := float64(p.Done) / s
		line += fmt.Sprintf(", %.0f/s", rate)
		if !listing && p.Total > p.Done {
			line += fmt.Sprintf(", %s left", time.Duration(float64(p.Total-p.Done)/rate*float64(time.Second)).Round(time.Second))
		}
	}
	return line
}
