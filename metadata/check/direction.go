package check

import (
	"fmt"
	"strings"

	"github.com/captag/captag/metadata/caption"
	"github.com/captag/captag/metadata/date"
)

// Direction is which way a caption file runs: wire lists usually run newest
// first, a photographer's own list oldest first.
type Direction string

const (
	DirUnknown     Direction = "unknown"
	DirNewestFirst Direction = "newest-first"
	DirOldestFirst Direction = "oldest-first"
)

// detectDirection says which way a caption file runs, from the records'
// own dates in file order (order holds their indices sorted by Line):
// newest first when every change of day between one dated caption and the
// next goes back in time, oldest first when every one goes forward,
// unknown when they go both ways or there is none (all captions of one
// day: the card of a single shoot). The reason says what it saw. Caption
// records carry no time of day, so a file of one day never tells.
func detectDirection(recs []caption.Record, order []int) (Direction, string) {
	return storeDirection(caption.StoreOf(recs), order)
}

// storeDirection is detectDirection on the records of a caption.Store.
func storeDirection(recs *caption.Store, order []int) (Direction, string) {
	var prev date.Day
	have := false
	older, newer := 0, 0
	for _, r := range order {
		d, ok := dayOf(recs.Date(r))
		if !ok {
			continue
		}
		if have {
			if c := compareDays(prev, d); c > 0 {
				older++
			} else if c < 0 {
				newer++
			}
		}
		prev, have = d, true
	}
	switch {
	case older > 0 && newer == 0:
		return DirNewestFirst, fmt.Sprintf("its dates run from newest to oldest: %s, none forward", plural(older, "change of day"))
	case newer > 0 && older == 0:
		return DirOldestFirst, fmt.Sprintf("its dates run from oldest to newest: %s, none back", plural(newer, "change of day"))
	case older > 0:
		return DirUnknown, fmt.Sprintf("its dates go both ways: %d changes of day back, %d forward", older, newer)
	case have:
		return DirUnknown, "its captions are all of one day and carry no time"
	}
	return DirUnknown, "its captions carry no date"
}

// compareDays orders two days; a day without a year compares on month and
// day only.
func compareDays(a, b date.Day) int {
	if a.Year != 0 && b.Year != 0 && a.Year != b.Year {
		if a.Year < b.Year {
			return -1
		}
		return 1
	}
	switch {
	case a.Month != b.Month:
		if a.Month < b.Month {
			return -1
		}
		return 1
	case a.Day != b.Day:
		if a.Day < b.Day {
			return -1
		}
		return 1
	}
	return 0
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	switch {
	case strings.HasSuffix(what, "change of day"):
		return fmt.Sprintf("%d changes of day", n)
	case strings.HasSuffix(what, "image") || strings.HasSuffix(what, "caption"):
		return fmt.Sprintf("%d %ss", n, what)
	}
	return fmt.Sprintf("%d %s", n, what)
}
