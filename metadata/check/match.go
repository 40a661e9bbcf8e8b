package check

import (
	"fmt"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/captag/captag/metadata"
	"github.com/captag/captag/metadata/caption"
	"github.com/captag/captag/metadata/date"
)

// maxRelaxPasses bounds how often the creator-only and date-only steps of
// content matching repeat; each pass that pairs something can make another
// group clear, and real folders settle in two or three passes.
const maxRelaxPasses = 16

// Strategy says how Match pairs records with images.
type Strategy string

const (
	StrategyAuto  Strategy = "auto"  // name when every record names a file, else content
	StrategyName  Strategy = "name"  // records name their files
	StrategyOrder Strategy = "order" // i-th record ↔ i-th image by capture time
)

// ParseStrategy parses a --by value (case-insensitive; "" is auto).
func ParseStrategy(s string) (Strategy, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "", "auto":
		return StrategyAuto, nil
	case "name":
		return StrategyName, nil
	case "order":
		return StrategyOrder, nil
	}
	return "", fmt.Errorf("check: expected a matching strategy auto, name or order, found %q", s)
}

// Method says how a Pair was made.
type Method string

const (
	ByName        Method = "name"         // the record names the file
	ByBaseName    Method = "base name"    // --by name: the record's path names another folder, its base name one image
	ByText        Method = "text"         // the image carries the caption's text
	ByOrder       Method = "order"        // position (--by order), or order among different captions that fit alike (Pair.Group)
	ByDateCreator Method = "date+creator" // date and creator agree
	ByCreator     Method = "creator"      // only the creator agrees
	ByDate        Method = "date"         // only the date agrees
)

// Pair is one record matched to one image, by indexes into Match's input
// slices. The files of one picture (SamePicture) each have a pair with the
// picture's record.
type Pair struct {
	Record, Image int
	By            Method
	// Group is the group of different captions that fit alike which the
	// pair was chosen in by order (By "order"); nil otherwise. The pairs
	// of one group share it.
	Group *Group
	// Rank is the pair's place in its Group: the Rank-th image in capture
	// time took the Rank-th caption of the group read in Group.Direction.
	Rank int32
	// Text is how close the image's text is to the caption's (Jaccard
	// similarity of word pairs, 1 for the same or a cut text) when By is
	// "text".
	Text float32
}

// Group is a set of captions that fit a set of images alike: the same day
// and creator ("date+creator"), or the same day and images that name no
// creator ("date"), with captions that are not all the same text. Which
// caption goes with which image is chosen by order: the k-th image in
// capture time takes the k-th caption of the group read oldest first.
type Group struct {
	By       Method   // what the captions and images share
	Captions int      // captions in the group
	Texts    int      // different texts among them
	Images   int      // images in the group
	Creators []string // as the group's first caption writes them
	Day      string   // "2016-12-19"
	// Direction is how the caption file was read: newest-first (its order
	// reversed) or oldest-first. Unknown: the group was paired in file
	// order only because its captions share date, creators and credit,
	// so that the check's verdict does not depend on the choice
	// (MatchOptions.SameVerdict).
	Direction Direction
	// SameVerdict says that the group's captions share date, creators and
	// credit: Compare gives each image the same verdict whichever of them
	// it gets.
	SameVerdict bool
}

// Label is the group as a report names it: "Aref Watad, 2016-12-19".
func (g *Group) Label() string {
	who := strings.Join(g.Creators, ", ")
	if who == "" {
		return g.Day
	}
	return who + ", " + g.Day
}

// Unmatched is a record or an image (index into Match's input) that could
// not be paired, and why: Reason in words, Code for a caller that says
// what would pair it (ReasonOther when nothing it sets would).
type Unmatched struct {
	Index  int
	Reason string
	Code   ReasonCode
}

// Plan is the result of Match. Pairs are sorted by image path;
// UnmatchedRecords by record line, UnmatchedImages by path.
type Plan struct {
	Pairs            []Pair
	UnmatchedRecords []Unmatched
	UnmatchedImages  []Unmatched
	// BaseNameOnly are, with --by auto, the unmatched records whose file
	// name names no image but whose base name names exactly one (an
	// export's "wire/IMG_1.jpg" against "photos/IMG_1.jpg"), each with that
	// image (By is ByBaseName): --by name would pair them. Sorted by record
	// line.
	BaseNameOnly []Pair
	// SameFile are the images that several records name (a caption sent
	// again as a correction), by the first record's line: see SameFile.
	SameFile []SameFile

	// CaptionOrder is which way the caption file was taken to run: given
	// (MatchOptions.CaptionOrder, CaptionOrderGiven) or detected
	// (from the dates of its records), CaptionOrderWhy says from what.
	CaptionOrder      Direction
	CaptionOrderGiven bool
	CaptionOrderWhy   string
}

// MatchOptions tune Match.
type MatchOptions struct {
	// CaptionOrder says which way the caption file runs; "" detects it
	// from the records' dates. With DirUnknown, a group of different
	// captions that fit alike is left unmatched with the reason.
	CaptionOrder Direction
	// SameVerdict pairs, when the direction is unknown, a group of
	// different captions that share date, creators and credit in file
	// order anyway (Group.Direction unknown): whichever caption goes with
	// whichever image, Compare gives the same verdict. For check, never
	// for write.
	SameVerdict bool
	// Strict never pairs against contrary evidence: a caption and an
	// image left alone for a photographer (or a day) whose date (or
	// photographer) disagrees are not paired by the one key; both sides
	// are unmatched, each reason naming the other. For write and match.
	// Without it (check) such a pair is made so that Compare reports the
	// disagreement with both of its readings ("either the camera has the
	// wrong date or this picture has no caption in the file").
	Strict bool
	// Latest pairs an image that several records name with the last of
	// them in the caption file, the others superseded (Plan.SameFile);
	// without it none of them is paired.
	Latest bool
	// Hints are what a reason with that code gets after the library's
	// wording, which names no option: what the caller's user can do about
	// it, in the caller's terms (cmd/captag names its flags: "; say
	// --caption-order"). A code without a hint keeps the wording as it is.
	Hints map[ReasonCode]string
	// Interned, when set, is the KeyInterner that took the image keys,
	// told these very records (KeyInterner.KnowCaptions): the match takes
	// the fingerprints of the records' texts from it instead of folding
	// every text again (on a hundred thousand captions, 39 MB of folded
	// copies), and the interner forgets them. Records changed since are
	// fingerprinted afresh.
	Interned *KeyInterner
}

// MatchError says that a strategy cannot run at all on these inputs.
type MatchError struct {
	Strategy Strategy
	Expected string
	Found    string
}

func (e *MatchError) Error() string {
	return fmt.Sprintf("check: strategy %s expected %s, found %s", e.Strategy, e.Expected, e.Found)
}

// Match pairs records with images by strategy s (see the package
// documentation), detecting the caption file's direction. It fails only
// when s cannot run at all (a *MatchError): StrategyName with a record
// that names no file, StrategyOrder with different counts, or an unknown
// strategy. Everything
// that cannot be paired is in the Plan's unmatched lists with a reason. A
// nil image is never paired.
func Match(recs []caption.Record, imgs []*metadata.Image, s Strategy) (Plan, error) {
	return MatchWith(recs, imgs, s, MatchOptions{})
}

// MatchWith is Match with options.
func MatchWith(recs []caption.Record, imgs []*metadata.Image, s Strategy, opt MatchOptions) (Plan, error) {
	keys := make([]Key, len(imgs))
	for i, im := range imgs {
		keys[i] = KeyOf(im)
	}
	return match(caption.StoreOf(recs), keys, s, opt)
}

// match is Match on the images' keys.
func match(recs *caption.Store, imgs []Key, s Strategy, opt MatchOptions) (Plan, error) {
	hashes := opt.Interned.takeHashes(recs) // before the matcher's own tables
	m := newMatcher(recs, imgs, opt)
	m.recHash = hashes
	switch s {
	case StrategyName:
		for _, r := range m.recOrder {
			if strings.TrimSpace(recs.File(r)) == "" {
				return Plan{}, &MatchError{Strategy: s, Expected: "a file name in every caption",
					Found: fmt.Sprintf("none in the caption at line %d", recs.Line(r))}
			}
		}
		m.byName(true)
	case StrategyOrder:
		m.dropFollowers()
		if recs.Len() != len(m.imgOrder) {
			return Plan{}, &MatchError{Strategy: s, Expected: "as many captions as images",
				Found: fmt.Sprintf("%d captions and %d images", recs.Len(), len(m.imgOrder))}
		}
		for j, r := range m.inDirection(m.recOrder) {
			m.pair(r, m.imgOrder[j], ByOrder)
		}
	case StrategyAuto, "":
		all := recs.Len() > 0
		for i := range recs.Len() {
			if strings.TrimSpace(recs.File(i)) == "" {
				all = false
				break
			}
		}
		if all {
			m.byName(false)
		} else {
			m.dropFollowers()
			m.byContent()
		}
	default:
		return Plan{}, &MatchError{Strategy: s, Expected: "auto, name or order", Found: fmt.Sprintf("%q", string(s))}
	}
	return m.plan(), nil
}

type matcher struct {
	recs *caption.Store
	imgs []Key
	opt  MatchOptions

	recOrder []int // record indexes by (Line, Text, index)
	imgOrder []int // non-nil image indexes by (capture time, path, index); without followers once content or order matching starts

	// recUsed and imgUsed say that a record or image is taken: paired, or
	// held out of every later step (with its reason in recReason,
	// imgReason). recPaired and imgPaired say paired.
	recUsed, imgUsed     []bool
	recPaired, imgPaired []bool
	pairs                []Pair
	recReason            map[int]string // reasons decided while matching
	imgReason            map[int]string
	recCode, imgCode     map[int]ReasonCode // their codes, when not ReasonOther
	baseOnly             []Pair             // see Plan.BaseNameOnly

	// Records that name one image (samefile.go): named maps the image to
	// them when several do (nameAgain); superseded are the records set
	// aside for a later one (MatchOptions.Latest).
	named      map[int][]int
	superseded map[int]bool

	// The caption file's direction.
	dir      Direction
	dirGiven bool
	dirWhy   string

	// Files of one picture: lead[i] is the image that stands for image
	// i's picture in matching (leadOf; nil when there is no picture of
	// several files); files lists the other files of each lead.
	lead  []int32
	files map[int][]int

	// content matching
	recHasDay       []bool     // record has month and day: its Date (recordDay), which the match reads from the record itself
	recCreatorID    []int32    // record → its folded creators in recCreatorLists (recCreatorsOf); -1 for none
	recCreatorLists [][]string // the distinct folded creator lists of the records
	recSig          []int32    // identical captions share a signature (recSigs numbers them)
	imgDayList      []date.Day // every image's days, image by image (imgDaysOf)
	imgDayAt        []int32    // image i's days are imgDayList[imgDayAt[i]:imgDayAt[i+1]]
	imgPrepared     []bool     // image i was in imgOrder when the content keys were made (imgCreatorsOf)
	text            *textIndex // the captions' texts, when some image carries one
	recTextGroup    []int32    // record → text group (text.group), -1 for none
	recHash         []uint64   // record → descHash of its text, 0 when not known (MatchOptions.Interned); nil for none
	imgScore        []float32  // image → how close its text is to the caption it carries (byText)
	// imgForeign[i] says that image i carries a caption text of its own
	// that is in no record (byText): contrary evidence against every
	// record, so it is held out of every later step. Nil when none.
	imgForeign []bool
}

// sortByLine sorts record indexes by (Line, Text, index): the caption
// file's order.
func sortByLine(recs []caption.Record, order []int) { sortStoreByLine(caption.StoreOf(recs), order) }

// sortStoreByLine is sortByLine on the records of a caption.Store.
func sortStoreByLine(recs *caption.Store, order []int) {
	sort.SliceStable(order, func(a, b int) bool {
		if la, lb := recs.Line(order[a]), recs.Line(order[b]); la != lb {
			return la < lb
		}
		if ta, tb := recs.Text(order[a]), recs.Text(order[b]); ta != tb {
			return ta < tb
		}
		return order[a] < order[b]
	})
}

func newMatcher(recs *caption.Store, imgs []Key, opt MatchOptions) *matcher {
	m := &matcher{
		recs: recs, imgs: imgs, opt: opt,
		recUsed: make([]bool, recs.Len()), imgUsed: make([]bool, len(imgs)),
		recPaired: make([]bool, recs.Len()), imgPaired: make([]bool, len(imgs)),
		pairs:     make([]Pair, 0, min(recs.Len(), len(imgs))),
		recReason: map[int]string{}, imgReason: map[int]string{},
		recCode: map[int]ReasonCode{}, imgCode: map[int]ReasonCode{},
	}
	m.recOrder = make([]int, recs.Len())
	for i := range recs.Len() {
		m.recOrder[i] = i
	}
	sortStoreByLine(recs, m.recOrder)
	for i := range imgs {
		if imgs[i].valid {
			m.imgOrder = append(m.imgOrder, i)
		}
	}
	sort.SliceStable(m.imgOrder, func(a, b int) bool {
		ia, ib := m.imgOrder[a], m.imgOrder[b]
		ka, kb := &imgs[ia], &imgs[ib]
		if ka.hasDate != kb.hasDate {
			return ka.hasDate
		}
		if ka.hasDate {
			if c := compareKeyDates(ka, kb); c != 0 {
				return c < 0
			}
		}
		if imgs[ia].Path != imgs[ib].Path {
			return imgs[ia].Path < imgs[ib].Path
		}
		return ia < ib
	})
	if opt.CaptionOrder != "" {
		m.dir, m.dirGiven, m.dirWhy = opt.CaptionOrder, true, "given"
	} else {
		m.dir, m.dirWhy = storeDirection(recs, m.recOrder)
	}
	m.findPictures()
	return m
}

// inDirection returns records in file order read oldest first: reversed
// when the file runs newest first.
func (m *matcher) inDirection(rs []int) []int {
	if m.dir != DirNewestFirst {
		return rs
	}
	out := make([]int, len(rs))
	for k, r := range rs {
		out[len(rs)-1-k] = r
	}
	return out
}

func (m *matcher) pair(r, i int, by Method) {
	m.recUsed[r], m.imgUsed[i] = true, true
	m.recPaired[r], m.imgPaired[i] = true, true
	m.pairs = append(m.pairs, Pair{Record: r, Image: i, By: by})
}

// hold takes records and images out of every later step, unpaired, with a
// reason each (an empty reason leaves that side's reason as it is).
func (m *matcher) hold(rs, is []int, recReason, imgReason string) {
	for _, r := range rs {
		m.recUsed[r] = true
		if recReason != "" {
			m.recReason[r] = recReason
			delete(m.recCode, r)
		}
	}
	for _, i := range is {
		m.imgUsed[i] = true
		if imgReason != "" {
			m.imgReason[i] = imgReason
			delete(m.imgCode, i)
		}
	}
}

// hint is MatchOptions.Hints' for code; "" for ReasonOther.
func (m *matcher) hint(code ReasonCode) string {
	if code == ReasonOther {
		return ""
	}
	return m.opt.Hints[code]
}

// holdFor is hold with one reason for both sides, and its code.
func (m *matcher) holdFor(code ReasonCode, rs, is []int, why string) {
	m.hold(rs, is, why, why)
	for _, r := range rs {
		m.recCode[r] = code
	}
	for _, i := range is {
		m.imgCode[i] = code
	}
}

// freeRecs returns the records of rs not taken yet.
func (m *matcher) freeRecs(rs []int) []int { return liveOnly(rs, m.recUsed) }

// lineOf is record r's line, for messages.
func lineOf(m *matcher, r int) string { return fmt.Sprint(m.recs.Line(r)) }

// slashPath writes a path with / whether it was written with / or \.
func slashPath(p string) string {
	return strings.ReplaceAll(filepath.ToSlash(p), `\`, "/")
}

// relName turns a record's file name into a clean, lower-case,
// slash-separated relative path. It reports false for a name that could
// point outside the folder: an absolute path, a drive or UNC path, or one
// with a ".." component.
func relName(name string) (string, bool) {
	p := slashPath(name)
	if strings.HasPrefix(p, "/") || len(p) >= 2 && p[1] == ':' && ('a' <= p[0]|0x20 && p[0]|0x20 <= 'z') {
		return "", false
	}
	for _, c := range strings.Split(p, "/") {
		if c == ".." {
			return "", false
		}
	}
	p = path.Clean(p)
	if p == "." || p == "" {
		return "", false
	}
	return nameKey(p), true
}

// underDir keeps the images whose folder (in dirs: "/" and the lower-case
// slash path) ends with dir ("/" and a relative lower-case path) on whole
// components.
func underDir(cands []int, dirs map[int]string, dir string) []int {
	var out []int
	for _, i := range cands {
		if strings.HasSuffix(dirs[i], dir) {
			out = append(out, i)
		}
	}
	return out
}

func stem(name string) string {
	return strings.TrimSuffix(name, path.Ext(name))
}

// byName pairs each record with the one image its File names: the whole
// base name, else the stem (either side's extension optional), compared
// case-insensitively. A name with a directory part matches only an image
// whose path ends with that same relative path, on whole components; a
// name that leaves the folder (absolute, or with "..") matches nothing.
//
// Then the base-name rule, for the records left whose name has a folder
// that no image is under (an export's "wire/IMG_1.jpg", or an absolute
// "/Users/desk/wire/IMG_1.jpg"; never a name with ".."): when its base
// name names exactly one image, pairBase (--by name) pairs them
// (ByBaseName); else (--by auto) the record stays unmatched with a reason
// that says so, and the pair is kept in Plan.BaseNameOnly for a hint.
func (m *matcher) byName(pairBase bool) {
	idx := m.nameIndex()
	taker := map[int]int{} // image → record that took it
	var elsewhere []int    // records for the base-name rule
	for _, r := range m.recOrder {
		name := strings.TrimSpace(m.recs.File(r))
		if name == "" {
			m.recReason[r] = "the caption names no file"
			continue
		}
		rel, ok := relName(name)
		if !ok {
			m.recReason[r] = fmt.Sprintf("file name leaves the folder: %q", name)
			if baseNameOf(name) != "" {
				elsewhere = append(elsewhere, r)
			}
			continue
		}
		base := path.Base(rel)
		dir := ""
		if i := strings.LastIndexByte(rel, '/'); i >= 0 {
			dir = "/" + rel[:i]
		}
		cands := idx.candidates(base, dir)
		if len(cands) > 1 && m.onePicture(cands) {
			cands = cands[:1] // the files of one picture: expandPictures pairs the others
		}
		switch {
		case len(cands) == 0:
			m.recReason[r] = fmt.Sprintf("no image is named %q", name)
			if dir != "" {
				elsewhere = append(elsewhere, r)
			}
		case len(cands) > 1:
			m.recReason[r] = fmt.Sprintf("%q names %d images: %s", name, len(cands), m.paths(cands))
			for _, i := range cands {
				if m.imgReason[i] == "" {
					m.imgReason[i] = fmt.Sprintf("the caption at line %d names %d images with this name: %s", m.recs.Line(r), len(cands), m.paths(cands))
				}
			}
		case m.imgUsed[cands[0]]:
			m.nameAgain(r, cands[0], taker[cands[0]])
		default:
			taker[cands[0]] = r
			m.pair(r, cands[0], ByName)
		}
	}
	m.settleSameFile(taker)
	// The base-name rule runs after every exact name has had its image,
	// so that a record naming another folder never takes the image a
	// later record names exactly.
	m.byBaseName(elsewhere, idx, taker, pairBase)
}

// nameIndex holds the images by lower-case base name and stem, and the
// folder of each, for matching the names records give.
type nameIndex struct {
	byBase, byStem map[string][]int
	dirs           map[int]string // "/" + lower-case slash path of the folder
}

// nameIndex indexes the images still in play, in path order.
func (m *matcher) nameIndex() nameIndex {
	idx := nameIndex{byBase: make(map[string][]int, len(m.imgOrder)), byStem: make(map[string][]int, len(m.imgOrder)), dirs: make(map[int]string, len(m.imgOrder))}
	pathOrder := append([]int(nil), m.imgOrder...)
	sort.SliceStable(pathOrder, func(a, b int) bool { return m.imgs[pathOrder[a]].Path < m.imgs[pathOrder[b]].Path })
	for _, i := range pathOrder {
		p := "/" + nameKey(m.imgs[i].Path)
		base := path.Base(p)
		idx.dirs[i] = p[:strings.LastIndexByte(p, '/')]
		idx.byBase[base] = append(idx.byBase[base], i)
		idx.byStem[stem(base)] = append(idx.byStem[stem(base)], i)
	}
	return idx
}

// candidates are the images base names, else as a stem, else by its
// stem; with dir, only those under that relative directory.
func (idx nameIndex) candidates(base, dir string) []int {
	for _, c := range [3][]int{idx.byBase[base], idx.byStem[base], idx.byStem[stem(base)]} {
		if dir != "" {
			c = underDir(c, idx.dirs, dir)
		}
		if len(c) > 0 {
			return c
		}
	}
	return nil
}

// paths lists the paths of the images cands, for a message.
func (m *matcher) paths(cands []int) string {
	ps := make([]string, len(cands))
	for j, i := range cands {
		ps[j] = m.imgs[i].Path
	}
	return strings.Join(ps, ", ")
}

// byBaseName is the base-name rule, run after every exact name has had
// its image, so that a record naming another folder never takes the
// image a later record names exactly: each record of elsewhere pairs
// with the one image of its base name when pairBase, else the pair is
// kept for a hint.
func (m *matcher) byBaseName(elsewhere []int, idx nameIndex, taker map[int]int, pairBase bool) {
	for _, r := range elsewhere {
		name := strings.TrimSpace(m.recs.File(r))
		cands := idx.candidates(baseNameOf(name), "")
		line := m.recs.Line(r)
		switch {
		case len(cands) == 0:
		case len(cands) > 1:
			m.recReason[r] += fmt.Sprintf("; %d images have its base name (%s): not guessed", len(cands), m.paths(cands))
		case m.imgUsed[cands[0]]:
			m.recReason[r] += fmt.Sprintf("; %s has its base name but is already matched to the caption at line %d",
				m.imgs[cands[0]].Path, m.recs.Line(taker[cands[0]]))
		case pairBase:
			taker[cands[0]] = r
			m.pair(r, cands[0], ByBaseName)
		default:
			i := cands[0]
			m.recReason[r] += fmt.Sprintf("; %s has its base name", m.imgs[i].Path)
			m.recCode[r] = ReasonBaseName
			if m.imgReason[i] == "" {
				m.imgReason[i] = fmt.Sprintf("the caption at line %d names %q, in another folder", line, name)
				m.imgCode[i] = ReasonBaseName
			}
			m.baseOnly = append(m.baseOnly, Pair{Record: r, Image: i, By: ByBaseName})
		}
	}
}

// baseNameOf returns the lower-case base name of a record's file name for
// the base-name rule, or "" when it has none or has a ".." component.
func baseNameOf(name string) string {
	p := slashPath(name)
	for _, c := range strings.Split(p, "/") {
		if c == ".." {
			return ""
		}
	}
	if len(p) >= 2 && p[1] == ':' {
		p = p[2:] // a drive letter
	}
	b := path.Base(p)
	if b == "." || b == "/" || b == "" {
		return ""
	}
	return nameKey(b)
}

// recSig is the signature of a record: its text (a substring of the
// plan sorts the pairs and explains what is left.
func (m *matcher) plan() Plan {
	m.expandPictures()
	p := Plan{CaptionOrder: m.dir, CaptionOrderGiven: m.dirGiven, CaptionOrderWhy: m.dirWhy}
	p.Pairs = m.pairs
	// Image indexes are unique among pairs, so the order is total.
	sort.Slice(p.Pairs, func(a, b int) bool {
		ia, ib := p.Pairs[a].Image, p.Pairs[b].Image
		if m.imgs[ia].Path != m.imgs[ib].Path {
			return m.imgs[ia].Path < m.imgs[ib].Path
		}
		return ia < ib
	})
	if p.Pairs == nil {
		p.Pairs = []Pair{}
	}
	for _, bp := range m.baseOnly {
		if !m.recUsed[bp.Record] && !m.imgUsed[bp.Image] {
			p.BaseNameOnly = append(p.BaseNameOnly, bp)
		}
	}
	p.UnmatchedRecords, p.UnmatchedImages = []Unmatched{}, []Unmatched{}
	// The explainer's counts are built only when something is left to
	// explain: on a folder where everything pairs they would be the
	// largest allocation of the whole match.
	var ex *explainer
	explain := func() *explainer {
		if ex == nil {
			ex = m.explainer()
		}
		return ex
	}
	p.SameFile = m.sameFile()
	for _, r := range m.recOrder {
		if !m.recPaired[r] && !m.superseded[r] {
			reason := m.recReason[r]
			if reason == "" {
				reason = explain().record(r)
			}
			p.UnmatchedRecords = append(p.UnmatchedRecords, Unmatched{Index: r, Reason: reason + m.hint(m.recCode[r]), Code: m.recCode[r]})
		}
	}
	var left []int
	for i := range m.imgs {
		if !m.imgPaired[i] {
			left = append(left, i)
		}
	}
	sort.SliceStable(left, func(a, b int) bool { return m.imgPath(left[a]) < m.imgPath(left[b]) })
	for _, i := range left {
		reason, code := m.imgReason[i], m.imgCode[i]
		if l := m.leadOf(i); reason == "" && l != i && m.recHasDay != nil {
			lr := m.imgReason[l]
			if lr == "" {
				lr = explain().image(l)
			}
			reason, code = "one picture with "+m.imgs[l].Path+", which is unmatched: "+lr, m.imgCode[l]
		}
		if reason == "" {
			reason = explain().image(i)
		}
		p.UnmatchedImages = append(p.UnmatchedImages, Unmatched{Index: i, Reason: reason + m.hint(code), Code: code})
	}
	return p
}

func (m *matcher) imgPath(i int) string {
	if !m.imgs[i].valid {
		return ""
	}
	return m.imgs[i].Path
}

// explainer counts what is left by key, to say why something stayed
// unmatched, and keeps the first of each count so that a reason can name
// the one candidate left.
type explainer struct {
	m                       *matcher
	content                 bool
	leftRecByCreator        map[string]int
	leftRecByDay            map[date.Day]int
	leftImgByCreator        map[string]int
	leftImgByDay            map[date.Day]int
	firstRecByCreator       map[string]int
	firstRecByDay           map[date.Day][]int // the first few (maxNamed)
	firstImgByCreator       map[string]int
	firstImgByDay           map[date.Day]int
	allRecByDC, allImgByDCs map[dcKey]int
	sigAll, sigPaired       map[int32]int // identical captions, all and paired
}

func (m *matcher) explainer() *explainer {
	ex := &explainer{m: m, content: m.recHasDay != nil,
		leftRecByCreator: map[string]int{}, leftRecByDay: map[date.Day]int{},
		leftImgByCreator: map[string]int{}, leftImgByDay: map[date.Day]int{},
		firstRecByCreator: map[string]int{}, firstRecByDay: map[date.Day][]int{},
		firstImgByCreator: map[string]int{}, firstImgByDay: map[date.Day]int{},
		allRecByDC: map[dcKey]int{}, allImgByDCs: map[dcKey]int{},
		sigAll: map[int32]int{}, sigPaired: map[int32]int{},
	}
	if !ex.content {
		return ex
	}
	for _, r := range m.recOrder {
		ex.sigAll[m.recSig[r]]++
		if m.recUsed[r] {
			ex.sigPaired[m.recSig[r]]++
		}
		for _, c := range m.recCreatorsOf(r) {
			if !m.recUsed[r] {
				if ex.leftRecByCreator[c] == 0 {
					ex.firstRecByCreator[c] = r
				}
				ex.leftRecByCreator[c]++
			}
			if m.recHasDay[r] {
				ex.allRecByDC[dcKey{m.recs.Date(r), c}]++
			}
		}
		if m.recHasDay[r] && !m.recUsed[r] {
			if ex.leftRecByDay[m.recs.Date(r)] < maxNamed {
				ex.firstRecByDay[m.recs.Date(r)] = append(ex.firstRecByDay[m.recs.Date(r)], r)
			}
			ex.leftRecByDay[m.recs.Date(r)]++
		}
	}
	for _, i := range m.imgOrder {
		left := !m.imgUsed[i] || m.foreign(i)
		for _, c := range m.imgCreatorsOf(i) {
			if left {
				if ex.leftImgByCreator[c] == 0 {
					ex.firstImgByCreator[c] = i
				}
				ex.leftImgByCreator[c]++
			}
			for _, d := range m.imgDaysOf(i) {
				ex.allImgByDCs[dcKey{d, c}]++
			}
		}
		if left {
			for _, d := range m.imgDaysOf(i) {
				if ex.leftImgByDay[d] == 0 {
					ex.firstImgByDay[d] = i
				}
				ex.leftImgByDay[d]++
			}
		}
	}
	return ex
}

// maxNamed is how many candidates a reason names by line.
const maxNamed = 3

// linesOf names records by line and photographer: "lines 9 (Aref Watad)
// and 27 (Jawad Al Rifai)".
func (m *matcher) linesOf(rs []int) string {
	parts := make([]string, len(rs))
	for k, r := range rs {
		parts[k] = fmt.Sprint(m.recs.Line(r))
		if who := strings.Join(m.recs.Creators(r), ", "); who != "" {
			parts[k] += " (" + who + ")"
		}
	}
	return "lines " + joinAnd(parts)
}

// foreign reports whether image i carries a caption of its own that is
// in no record.
func (m *matcher) foreign(i int) bool { return m.imgForeign != nil && m.imgForeign[i] }

// ownText is how a reason quotes an image's own caption.
func (m *matcher) ownText(i int) string {
	return fmt.Sprintf("carries its own caption %q, which is in no record of the caption file", m.imgs[i].snippet())
}

// imageDay is the calendar day of image i's capture date, for reasons.
func (m *matcher) imageDay(i int) string {
	if d, ok := m.imgs[i].date(); ok {
		return date.DayOf(d.Year, d.Month, d.Day).String()
	}
	return "undated"
}

func (ex *explainer) record(r int) string {
	m := ex.m
	rec := m.recs.At(r)
	if !ex.content {
		return "no image is left for it"
	}
	if !m.recHasDay[r] && len(m.recCreatorsOf(r)) == 0 {
		return "the caption has no date and no creator to match on"
	}
	who := strings.Join(rec.Creators, ", ")
	if m.recHasDay[r] {
		for _, c := range m.recCreatorsOf(r) {
			if n := ex.allImgByDCs[dcKey{m.recs.Date(r), c}]; n > 0 {
				why := fmt.Sprintf("more captions than images dated %v by %s (%d images, all taken)", m.recs.Date(r), who, n)
				if ex.leftImgByCreator[c] == 1 {
					i := ex.firstImgByCreator[c]
					if m.foreign(i) {
						why += fmt.Sprintf("; the only unmatched image by %s, %s, %s", who, m.imgs[i].Path, m.ownText(i))
					} else {
						why += fmt.Sprintf("; the only unmatched image by %s, %s, is dated %s", who, m.imgs[i].Path, m.imageDay(i))
					}
				} else if ex.leftImgByCreator[c] == 0 && ex.leftImgByDay[m.recs.Date(r)] == 1 {
					i := ex.firstImgByDay[m.recs.Date(r)]
					if m.foreign(i) {
						why += fmt.Sprintf("; the only unmatched image dated %v, %s, %s", m.recs.Date(r), m.imgs[i].Path, m.ownText(i))
					} else {
						why += fmt.Sprintf("; the only unmatched image dated %v, %s, names another photographer", m.recs.Date(r), m.imgs[i].Path)
					}
				}
				return why
			}
		}
	}
	if n, k := ex.sigAll[m.recSig[r]], ex.sigPaired[m.recSig[r]]; k > 0 {
		return fmt.Sprintf("more captions than images: %d identical captions, %d matched", n, k)
	}
	for _, c := range m.recCreatorsOf(r) {
		n := ex.leftImgByCreator[c]
		switch {
		case n == 0:
			continue
		case n == 1 && m.foreign(ex.firstImgByCreator[c]):
			i := ex.firstImgByCreator[c]
			return fmt.Sprintf("the only unmatched image by %s, %s, %s; not guessed", who, m.imgs[i].Path, m.ownText(i))
		case n == 1 && m.recHasDay[r]:
			i := ex.firstImgByCreator[c]
			return fmt.Sprintf("the only unmatched image by %s, %s, is dated %s, not %v: either the caption or the camera has the wrong date, or the caption's picture is not in the folder; not guessed", who, m.imgs[i].Path, m.imageDay(i), m.recs.Date(r))
		case !m.recHasDay[r]:
			return fmt.Sprintf("%d unmatched images by %s and the caption has no date; not guessed", n, who)
		}
		return fmt.Sprintf("%d unmatched images by %s, none dated %v; not guessed", n, who, m.recs.Date(r))
	}
	if m.recHasDay[r] {
		n := ex.leftImgByDay[m.recs.Date(r)]
		switch {
		case n == 1 && m.foreign(ex.firstImgByDay[m.recs.Date(r)]):
			i := ex.firstImgByDay[m.recs.Date(r)]
			return fmt.Sprintf("the only unmatched image dated %v, %s, %s; not guessed", m.recs.Date(r), m.imgs[i].Path, m.ownText(i))
		case n == 1 && who != "":
			i := ex.firstImgByDay[m.recs.Date(r)]
			return fmt.Sprintf("the only unmatched image dated %v, %s, names another photographer than %s: either the caption names the wrong photographer or its picture is not in the folder; not guessed", m.recs.Date(r), m.imgs[i].Path, who)
		case n > 0:
			return fmt.Sprintf("%d unmatched images dated %v, none by %s: either the caption names the wrong photographer or its picture is not in the folder; not guessed", n, m.recs.Date(r), who)
		}
	}
	switch {
	case !m.recHasDay[r]:
		return fmt.Sprintf("no unmatched image by %s (the caption has no date)", who)
	case len(m.recCreatorsOf(r)) == 0:
		return fmt.Sprintf("no unmatched image dated %v (the caption names no creator)", m.recs.Date(r))
	}
	return fmt.Sprintf("no unmatched image dated %v or by %s", m.recs.Date(r), who)
}

func (ex *explainer) image(i int) string {
	m := ex.m
	if !m.imgs[i].valid {
		return "no image data"
	}
	if !ex.content {
		return "no caption names it"
	}
	if m.foreign(i) {
		return "it " + m.ownText(i) + ex.nearestByDay(i) + "; not paired by date or photographer alone"
	}
	days, creators := m.imgDaysOf(i), m.imgCreatorsOf(i)
	if len(days) == 0 && len(creators) == 0 {
		return "the image has no date and no creator to match on"
	}
	for _, d := range days {
		for _, c := range creators {
			if n := ex.allRecByDC[dcKey{d, c}]; n > 0 {
				why := fmt.Sprintf("more images than captions dated %v by the same creator (%d captions, all taken)", d, n)
				if ex.leftRecByDay[d] > 0 {
					why += ex.nearestByDay(i)
				}
				return why
			}
		}
	}
	for _, c := range creators {
		n := ex.leftRecByCreator[c]
		if n == 1 && len(days) > 0 && m.recHasDay[ex.firstRecByCreator[c]] {
			r := ex.firstRecByCreator[c]
			return fmt.Sprintf("the only unmatched caption by its photographer (line %d, %s) is dated %v, the picture %s: either the caption or the camera has the wrong date, or this picture has no caption in the file; not guessed",
				m.recs.Line(r), strings.Join(m.recs.Creators(r), ", "), m.recs.Date(r), m.imageDay(i))
		}
		if n > 0 {
			return fmt.Sprintf("%d unmatched captions by its creator, none with its date; not guessed", n)
		}
	}
	for _, d := range days {
		n := ex.leftRecByDay[d]
		if n == 1 && len(m.recCreatorsOf(ex.firstRecByDay[d][0])) > 0 {
			r := ex.firstRecByDay[d][0]
			return fmt.Sprintf("the only unmatched caption dated %v (line %d) names %s, and the picture another photographer: either the caption names the wrong photographer or this picture has no caption in the file; not guessed",
				d, m.recs.Line(r), strings.Join(m.recs.Creators(r), ", "))
		}
		if n > 0 {
			named := ""
			if n <= maxNamed {
				named = " (" + m.linesOf(ex.firstRecByDay[d]) + ")"
			}
			return fmt.Sprintf("%d unmatched captions dated %v%s, none by its creator: either a caption names the wrong photographer or this picture has no caption in the file; not guessed", n, d, named)
		}
	}
	return "no unmatched caption has its date or its creator"
}

// nearestByDay names the captions of image i's days that are left, for
// the reason of an image that carries its own caption: "; the only
// unmatched caption dated 2023-02-13 (line 4) names Emrah Gurel".
func (ex *explainer) nearestByDay(i int) string {
	m := ex.m
	for _, d := range m.imgDaysOf(i) {
		switch n := ex.leftRecByDay[d]; {
		case n == 1:
			r := ex.firstRecByDay[d][0]
			who := strings.Join(m.recs.Creators(r), ", ")
			if who == "" {
				return fmt.Sprintf("; the only unmatched caption dated %v is at line %d", d, m.recs.Line(r))
			}
			return fmt.Sprintf("; the only unmatched caption dated %v (line %d) names %s", d, m.recs.Line(r), who)
		case n > maxNamed:
			return fmt.Sprintf("; %d unmatched captions are dated %v", n, d)
		case n > 1:
			return fmt.Sprintf("; %d unmatched captions are dated %v (%s)", n, d, m.linesOf(ex.firstRecByDay[d]))
		}
	}
	return ""
}
