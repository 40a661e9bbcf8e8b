package caption

import (
	"strings"

	"github.com/captag/captag/metadata/names"
)

// maxSlashLabelWords bounds the words of a label written with a slash.
const maxSlashLabelWords = 2

// slashLabelLines gives caption with a credit label that opens a line and
// is written with a slash and a space for its colon read as the label:
// "PHOTO/ Ciiru Waweru Waithaka Facebook" is "PHOTO: …" (a Kenyan news
// site, fc5b-075 of firstcontact5-tune.jsonl). The label's word must be
// one of names' label table (names.LabelWord); a chain glued to its
// slash ("Photo/AP") is left as it is.
func slashLabelLines(caption string) string {
	if !strings.Contains(caption, "/ ") {
		return caption
	}
	lines := strings.Split(caption, "\n")
	changed := false
	for k, line := range lines {
		word, rest, ok := strings.Cut(line, "/ ")
		word = strings.TrimSpace(word)
		if !ok || word == "" || len(strings.Fields(word)) > maxSlashLabelWords || !names.LabelWord(word) {
			continue
		}
		lines[k], changed = word+": "+rest, true
	}
	if !changed {
		return caption
	}
	return strings.Join(lines, "\n")
}
