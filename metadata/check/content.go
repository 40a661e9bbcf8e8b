package check

import (
	"fmt"
	"slices"
	"strings"

	"github.com/captag/captag/metadata"
	"github.com/captag/captag/metadata/date"
	"github.com/captag/captag/metadata/names"
)

// recSig is the signature of a record: its text (a substring of the
// record's, not a copy: a hundred thousand captions are not held twice),
// or, for a record without text, its date, creators and agency. The
// matcher keeps each record's as a number (recSigs), 4 bytes instead of 32.
type recSig struct{ text, key string }

// prepareContent computes the matching keys of records and images.
func (m *matcher) prepareContent() {
	n := m.recs.Len()
	m.recHasDay = make([]bool, n)
	m.recCreatorID, m.recCreatorLists = make([]int32, n), nil
	needMD := false
	folded := map[listID]int32{}
	for r := range n {
		d := m.recs.Date(r)
		_, m.recHasDay[r] = dayOf(d)
		if m.recHasDay[r] && d.Year == 0 {
			needMD = true
		}
		m.recCreatorID[r] = m.foldCreatorsOnce(folded, m.recs.Creators(r)) // name order free: "Šimánek Vít" meets "Vít Šimánek"
	}
	m.recSig = m.recSigs()
	m.prepareImages(needMD)
}

// recSigs numbers the records' signatures: equal numbers, equal
// signatures.
func (m *matcher) recSigs() []int32 {
	ids := make([]int32, m.recs.Len())
	seen := make(map[recSig]int32, m.recs.Len())
	for r := range m.recs.Len() {
		var sig recSig
		if t := strings.TrimSpace(m.recs.Text(r)); t != "" {
			sig = recSig{text: t}
		} else {
			sig = recSig{key: fmt.Sprintf("%v|%s|%s", m.recs.Date(r), strings.Join(m.recCreatorsOf(r), ";"), metadata.FoldName(m.recs.Agency(r)))}
		}
		id, ok := seen[sig]
		if !ok {
			id = int32(len(seen))
			seen[sig] = id
		}
		ids[r] = id
	}
	return ids
}

// prepareImages lays out the days of the images in imgOrder in one list
// (with their year-unknown forms when needMD), and marks those images
// prepared: on a hundred thousand images, a slice of days and a creator
// list each cost the match's peak some eight megabytes.
func (m *matcher) prepareImages(needMD bool) {
	m.imgPrepared = make([]bool, len(m.imgs))
	most := 0
	for _, i := range m.imgOrder {
		m.imgPrepared[i] = true
		most += int(m.imgs[i].nDays)
	}
	if needMD {
		most *= 2
	}
	m.imgDayAt = make([]int32, len(m.imgs)+1)
	list := make([]date.Day, 0, most)
	for i := range m.imgs {
		if m.imgPrepared[i] {
			k, at := &m.imgs[i], len(list)
			for _, p := range k.days[:k.nDays] {
				list = appendDayFrom(list, at, unpackDay(p))
				if needMD {
					list = appendDayFrom(list, at, date.DayOf(0, unpackDay(p).Month, unpackDay(p).Day))
				}
			}
		}
		m.imgDayAt[i+1] = int32(len(list))
	}
	m.imgDayList = list
}

// imgDaysOf returns image i's distinct day-precision store dates (and
// their year-unknown forms when a caption has no year); nil for an image
// not prepared. The caller must not append to it.
func (m *matcher) imgDaysOf(i int) []date.Day {
	a, b := m.imgDayAt[i], m.imgDayAt[i+1]
	if a == b {
		return nil
	}
	return m.imgDayList[a:b:b]
}

// imgCreatorsOf returns the folded creators of image i, nil for an image
// not prepared.
func (m *matcher) imgCreatorsOf(i int) []string {
	if !m.imgPrepared[i] {
		return nil
	}
	return m.imgs[i].creators
}

// listID names one list of strings in memory: caption.Parse shares one
// creator list between the records that repeat it.
type listID struct {
	first *string
	n     int
}

// maxFoldedLists caps the lists foldCreatorsOnce remembers: records that share
// no list (a program's own) cost no more than a small table.
const maxFoldedLists = 4096

// foldCreatorsOnce numbers names.MatchSet of list in m.recCreatorLists,
// folded once per list in memory (seen holds the lists folded so far, at
// most maxFoldedLists): the records of one photographer share one folded
// list instead of a copy each, and each holds its number (recCreatorsOf).
// An empty list is -1.
func (m *matcher) foldCreatorsOnce(seen map[listID]int32, list []string) int32 {
	if len(list) == 0 {
		return -1
	}
	id := listID{&list[0], len(list)}
	if n, ok := seen[id]; ok {
		return n
	}
	n := int32(len(m.recCreatorLists))
	m.recCreatorLists = append(m.recCreatorLists, names.MatchSet(list))
	if len(seen) < maxFoldedLists {
		seen[id] = n
	}
	return n
}

// recCreatorsOf returns the folded creators of record r; nil when it
// names none.
func (m *matcher) recCreatorsOf(r int) []string {
	if n := m.recCreatorID[r]; n >= 0 {
		return m.recCreatorLists[n]
	}
	return nil
}

func containsKey(list []string, k string) bool {
	for _, x := range list {
		if x == k {
			return true
		}
	}
	return false
}

// appendDayFrom appends k to list unless list[at:] holds it.
func appendDayFrom(list []date.Day, at int, k date.Day) []date.Day {
	if slices.Contains(list[at:], k) {
		return list
	}
	return append(list, k)
}

type dcKey struct {
	d date.Day
	c string
}

// byContent is the auto strategy when records do not all name files:
// text first, then date and creator, then creator only and date only
// while that is clear.
func (m *matcher) byContent() {
	m.prepareContent()
	haveText := false
	for _, i := range m.imgOrder {
		haveText = haveText || len(m.imgs[i].texts) > 0
	}
	if haveText {
		m.imgScore = make([]float32, len(m.imgs))
		m.byText()
	}
	m.byDateCreator()

	creatorKeys := func(r int) []string { return m.recCreatorsOf(r) }
	imgCreatorKeys := func(i int) []string { return m.imgCreatorsOf(i) }
	dateKeys := func(r int) []date.Day {
		if !m.recHasDay[r] {
			return nil
		}
		return []date.Day{m.recs.Date(r)}
	}
	imgDateKeys := func(i int) []date.Day { return m.imgDaysOf(i) }
	for pass := 0; pass < maxRelaxPasses; pass++ {
		if !relax(m, creatorKeys, imgCreatorKeys, ByCreator, m.datesDisagree) && !relax(m, dateKeys, imgDateKeys, ByDate, m.creatorsDisagree) {
			break
		}
	}
}

// datesDisagree reports whether record r and image i both have days and
// none is the same: contrary evidence against a pair by creator.
func (m *matcher) datesDisagree(r, i int) bool {
	return m.recHasDay[r] && len(m.imgDaysOf(i)) > 0 && !slices.Contains(m.imgDaysOf(i), m.recs.Date(r))
}

// creatorsDisagree reports whether record r and image i both name
// photographers and share none: contrary evidence against a pair by date.
func (m *matcher) creatorsDisagree(r, i int) bool {
	return len(m.recCreatorsOf(r)) > 0 && len(m.imgCreatorsOf(i)) > 0 && !m.shareCreator(r, i)
}

// byDateCreator pairs the records and images whose day and creator agree,
// group by group (decide).
func (m *matcher) byDateCreator() {
	g := m.dateCreatorGroups()
	for id := range g.day {
		a, b := g.recAt[id], g.recAt[id+1]
		rs := liveOnly(g.recs[a:b:b], m.recUsed)
		a, b = g.imgAt[id], g.imgAt[id+1]
		is := liveOnly(g.imgs[a:b:b], m.imgUsed)
		if len(rs) == 0 || len(is) == 0 {
			continue
		}
		if m.interchangeable(rs) {
			for j := 0; j < len(rs) && j < len(is); j++ {
				m.pair(rs[j], is[j], ByDateCreator)
			}
			continue
		}
		m.orderGroup(rs, is, ByDateCreator, g.days.list[g.day[id]])
	}
}

// dcGroups are the free records and images of each (day, creator) key,
// in key order: group id's records are recs[recAt[id]:recAt[id+1]], its
// images imgs[imgAt[id]:imgAt[id+1]], its day days.list[day[id]].
type dcGroups struct {
	day          []int32
	days         dcNumbers[date.Day]
	recAt, imgAt []int32
	recs, imgs   []int
}

// dcNumbers numbers the distinct days or creators of the (day, creator)
// keys, so that a key is two small numbers in a uint64 instead of a date.Day
// and a string: on a hundred thousand captions the table of keys was the
// match's largest.
type dcNumbers[T comparable] struct {
	ids  map[T]uint32
	list []T
}

// id returns v's number, giving it the next one when add is set; ok is
// false for a value not numbered.
func (n *dcNumbers[T]) id(v T, add bool) (id uint32, ok bool) {
	if id, ok := n.ids[v]; ok || !add {
		return id, ok
	}
	if n.ids == nil {
		n.ids = map[T]uint32{}
	}
	id = uint32(len(n.list))
	n.ids[v] = id
	n.list = append(n.list, v)
	return id, true
}

// dcKeys are the (day, creator) keys of the groups, numbered.
type dcKeys struct {
	days     dcNumbers[date.Day]
	creators dcNumbers[string]
	ids      map[uint64]int32 // day number << 32 | creator number → group
}

// key returns the key of day d and creator c, numbering them when add is
// set; ok is false when either has no number.
func (x *dcKeys) key(d date.Day, c string, add bool) (uint64, bool) {
	di, ok := x.days.id(d, add)
	if !ok {
		return 0, false
	}
	ci, ok := x.creators.id(c, add)
	return uint64(di)<<32 | uint64(ci), ok
}

// group returns the group of day d and creator c, and whether there is one.
func (x *dcKeys) group(d date.Day, c string) (int32, bool) {
	k, ok := x.key(d, c, false)
	if !ok {
		return 0, false
	}
	id, ok := x.ids[k]
	return id, ok
}

// dateCreatorGroups groups the free records and images by day and
// creator.
func (m *matcher) dateCreatorGroups() dcGroups {
	// The groups are laid out flat (each group's records, then its images,
	// in two arrays indexed by offsets) rather than as a map of slices: on
	// a hundred thousand captions that is tens of thousands of groups, and
	// the match is the run's peak of memory.
	keys := dcKeys{ids: map[uint64]int32{}}
	var day []int32
	var nRecs, nImgs []int32
	for _, r := range m.recOrder {
		if m.recUsed[r] || !m.recHasDay[r] {
			continue
		}
		for _, c := range m.recCreatorsOf(r) {
			k, _ := keys.key(m.recs.Date(r), c, true)
			id, ok := keys.ids[k]
			if !ok {
				id = int32(len(day))
				keys.ids[k] = id
				day = append(day, int32(k>>32))
				nRecs, nImgs = append(nRecs, 0), append(nImgs, 0)
			}
			nRecs[id]++
		}
	}
	if len(day) == 0 {
		return dcGroups{}
	}
	for _, i := range m.imgOrder {
		if m.imgUsed[i] {
			continue
		}
		for _, d := range m.imgDaysOf(i) {
			for _, c := range m.imgCreatorsOf(i) {
				if id, ok := keys.group(d, c); ok {
					nImgs[id]++
				}
			}
		}
	}
	recAt, imgAt := offsets(nRecs), offsets(nImgs)
	recs, imgs := make([]int, recAt[len(day)]), make([]int, imgAt[len(day)])
	fill := func(at []int32, n []int32, flat []int, id int32, x int) {
		flat[at[id]+n[id]] = x
		n[id]++
	}
	clear(nRecs)
	clear(nImgs)
	for _, r := range m.recOrder {
		if m.recUsed[r] || !m.recHasDay[r] {
			continue
		}
		for _, c := range m.recCreatorsOf(r) {
			id, _ := keys.group(m.recs.Date(r), c)
			fill(recAt, nRecs, recs, id, r)
		}
	}
	for _, i := range m.imgOrder {
		if m.imgUsed[i] {
			continue
		}
		for _, d := range m.imgDaysOf(i) {
			for _, c := range m.imgCreatorsOf(i) {
				if id, ok := keys.group(d, c); ok {
					fill(imgAt, nImgs, imgs, id, i)
				}
			}
		}
	}
	return dcGroups{day: day, days: keys.days, recAt: recAt, imgAt: imgAt, recs: recs, imgs: imgs}
}

// offsets turns counts into the start of each group in a flat array, and
// the total at the end.
func offsets(n []int32) []int32 {
	at := make([]int32, len(n)+1)
	for k, c := range n {
		at[k+1] = at[k] + c
	}
	return at
}

// orderGroup pairs a group of different captions that fit its images
// alike by order, when the caption file's direction is known: the k-th
// image in capture time takes the k-th caption read oldest first. When it
// is not known, the group is held with the reason, unless SameVerdict is
// set and the captions share date, creators and credit (then in file
// order, the direction said to be unknown).
func (m *matcher) orderGroup(rs, is []int, by Method, d date.Day) {
	if d.Year == 0 { // a caption without a year: name the day as the images date it
		for _, x := range m.imgDaysOf(is[0]) {
			if x.Year != 0 && x.Month == d.Month && x.Day == d.Day {
				d = x
				break
			}
		}
	}
	g := &Group{By: by, Captions: len(rs), Images: len(is), Creators: m.recs.Creators(rs[0]), Day: d.String(), Direction: m.dir}
	g.Texts = m.distinctTexts(rs)
	g.SameVerdict = m.sameVerdict(rs)
	what := func() string {
		if g.Texts < len(rs) {
			return fmt.Sprintf("%s (%d different texts)", plural(len(rs), "caption"), g.Texts)
		}
		return fmt.Sprintf("%d different captions", len(rs))
	}
	if len(is) > len(rs) && !(m.opt.SameVerdict && g.SameVerdict) {
		// More frames than captions (the agency sent a selection): the
		// k-th caption need not be the k-th frame, whichever way the file
		// runs.
		why := fmt.Sprintf("%s fit %s (%s): with more images than captions, order cannot tell which is which; not guessed", what(), plural(len(is), "image"), g.Label())
		m.hold(rs, is, why, why)
		return
	}
	ordered := rs
	switch m.dir {
	case DirNewestFirst, DirOldestFirst:
		ordered = m.inDirection(rs)
	default:
		if !m.opt.SameVerdict || !g.SameVerdict {
			why := fmt.Sprintf("%s fit %s (%s) and the caption file's order is unknown (%s)", what(), plural(len(is), "image"), g.Label(), m.dirWhy)
			m.holdFor(ReasonOrderUnknown, rs, is, why)
			return
		}
	}
	for k := 0; k < len(ordered) && k < len(is); k++ {
		m.pair(ordered[k], is[k], ByOrder)
		p := &m.pairs[len(m.pairs)-1]
		p.Group, p.Rank = g, int32(k+1)
	}
}

// sameVerdict reports whether records share day, creators and credit, so
// that Compare says the same of an image whichever of them it gets.
func (m *matcher) sameVerdict(rs []int) bool {
	r0 := rs[0]
	for _, r := range rs[1:] {
		if m.recs.Date(r) != m.recs.Date(r0) || m.recHasDay[r] != m.recHasDay[r0] || !slices.Equal(m.recCreatorsOf(r), m.recCreatorsOf(r0)) {
			return false
		}
		if a, b := m.recs.Agency(r), m.recs.Agency(r0); a != b && metadata.FoldName(a) != metadata.FoldName(b) {
			return false
		}
	}
	return true
}

// distinctTexts counts the different captions among records.
func (m *matcher) distinctTexts(rs []int) int {
	if len(rs) > 32 {
		seen := make(map[int32]bool, len(rs))
		for _, r := range rs {
			seen[m.recSig[r]] = true
		}
		return len(seen)
	}
	n := 0
	for k, r := range rs {
		seen := false
		for _, q := range rs[:k] {
			if m.recSig[q] == m.recSig[r] {
				seen = true
				break
			}
		}
		if !seen {
			n++
		}
	}
	return n
}

// relax groups the free records and images by a key and pairs the clear
// groups: one record and one image, or identical captions and no more
// images than captions. By date, a group of different captions whose
// images name no creator (a camera that writes none) is an order group.
// It reports whether it paired or held anything. Groups are visited in
// record order, so the result is deterministic.
//
// A pair on one key needs no contrary evidence on the other: an image
// whose date or photographer disagrees with the group's captions
// (contrary) is left out of the group, never paired on the key alone.
func relax[K comparable](m *matcher, recKeys func(int) []K, imgKeys func(int) []K, by Method, contrary func(r, i int) bool) bool {
	type group struct{ recs, imgs []int }
	groups := map[K]*group{}
	var order []K
	for _, r := range m.recOrder {
		if m.recUsed[r] {
			continue
		}
		for _, k := range recKeys(r) {
			g := groups[k]
			if g == nil {
				g = &group{}
				groups[k] = g
				order = append(order, k)
			}
			g.recs = append(g.recs, r)
		}
	}
	if len(order) == 0 {
		return false
	}
	for _, i := range m.imgOrder {
		if m.imgUsed[i] {
			continue
		}
		for _, k := range imgKeys(i) {
			if g := groups[k]; g != nil {
				g.imgs = append(g.imgs, i)
			}
		}
	}
	changed := false
	for _, k := range order {
		g := groups[k]
		rs := liveOnly(g.recs, m.recUsed)
		is := liveOnly(g.imgs, m.imgUsed)
		if len(rs) == 0 || len(is) == 0 {
			continue
		}
		if m.opt.Strict && slices.ContainsFunc(is, func(i int) bool { return contrary(rs[0], i) }) {
			is = slices.DeleteFunc(slices.Clone(is), func(i int) bool { return contrary(rs[0], i) })
			if len(is) == 0 {
				continue
			}
		}
		if len(is) <= len(rs) && m.interchangeable(rs) {
			for j := range is {
				m.pair(rs[j], is[j], by)
			}
			changed = true
			continue
		}
		if by == ByDate && !m.interchangeable(rs) && m.noCreators(is) {
			m.orderGroup(rs, is, ByDate, m.recs.Date(rs[0]))
			changed = true
		}
	}
	return changed
}

// noCreators reports whether none of the images names a creator.
func (m *matcher) noCreators(is []int) bool {
	for _, i := range is {
		if len(m.imgCreatorsOf(i)) > 0 {
			return false
		}
	}
	return true
}

// liveOnly returns the indexes of idx not used; idx itself (not a copy)
// when none is, so callers must not append to the result.
func liveOnly(idx []int, used []bool) []int {
	for k, x := range idx {
		if used[x] {
			out := append(make([]int, 0, len(idx)-1), idx[:k]...)
			for _, y := range idx[k+1:] {
				if !used[y] {
					out = append(out, y)
				}
			}
			return out
		}
	}
	return idx
}

// interchangeable reports whether the records are identical captions (a
// burst), so that it does not matter which goes with which image.
func (m *matcher) interchangeable(rs []int) bool {
	for _, r := range rs[1:] {
		if m.recSig[r] != m.recSig[rs[0]] {
			return false
		}
	}
	return true
}
