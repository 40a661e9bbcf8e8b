package check

import (
	"strings"

	"github.com/captag/captag/metadata"
	"github.com/captag/captag/metadata/caption"
	"github.com/captag/captag/metadata/names"
)

// A UTC time one day off the caption's can be judged better when the
// caption says where the picture was taken: London's offsets are +00:00
// and +01:00, so 13:42 UTC on December 10 is December 10 there, and a
// caption of December 11 is wrong; Washington's are -10:00 (Hawaii) to
// -04:00, so 01:35 UTC on December 12 is December 11 everywhere in the
// country, and a caption of December 11 is right.

// sceneOffsets returns the range of offsets (minutes east of UTC) of the
// place the caption names: its dateline country, else every country a
// "City, Country" in its text names ("… in London, Britain, December 11",
// "Washington, U.S."), their ranges joined; place says which. ok is false
// when the caption names no country captag knows.
func sceneOffsets(rec *caption.Record) (lo, hi int, place string, ok bool) {
	if c, found := names.SceneCountry(rec.Country); found && rec.Country != "" {
		return c.Lo, c.Hi, c.Name, true
	}
	text := rec.Text
	for i := strings.IndexByte(text, ','); i >= 0; {
		rest := text[i+1:]
		if len(rest) > 64 {
			rest = rest[:64]
		}
		words := strings.Fields(metadata.FoldWords(rest))
		for n := min(len(words), names.MaxCountryWords); n >= 1; n-- {
			name := strings.Join(words[:n], " ")
			if c, found := names.SceneCountry(name); found {
				if !ok {
					lo, hi, ok = c.Lo, c.Hi, true
					place = c.Name
				} else if !strings.Contains(", "+place+", ", ", "+c.Name+", ") {
					lo, hi = min(lo, c.Lo), max(hi, c.Hi)
					place += ", " + c.Name
				}
				break
			}
		}
		j := strings.IndexByte(text[i+1:], ',')
		if j < 0 {
			break
		}
		i += 1 + j
	}
	return lo, hi, place, ok
}
