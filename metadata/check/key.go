package check

import (
	"cmp"
	"math"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/captag/captag/metadata"
	"github.com/captag/captag/metadata/caption"
	"github.com/captag/captag/metadata/date"
	"github.com/captag/captag/metadata/names"
)

// maxKeyStores is how many stores an image has at most (EXIF, IPTC, XMP,
// sidecar), so a Key holds its per-store values in fixed arrays.
const maxKeyStores = 4

// Key is what Match needs of one image, and nothing more: its path, its
// capture date, the calendar days its stores state, the folded union of
// their creators and a fingerprint of each description. A program that
// reads a hundred thousand images keeps one Key per image (128 bytes and
// the path, and a fingerprint of up to 300 bytes per distinct description,
// 48 once KeyInterner.KnowCaptions found it a caption's) instead of the
// whole Image, matches on the keys, and reads each image again when it
// compares it.
//
// The zero Key stands for a nil image: Match never pairs it.
type Key struct {
	Path string

	creators []string             // names.MatchSet of the people every store names (names.PersonsOf), in store order
	frac     string               // the capture date's fraction digits as written
	texts    []textPrint          // one per distinct description, in store order; nil when none
	days     [maxKeyStores]uint32 // packDay of each distinct day-precision store date, in store order

	// The capture date (metadata.Image.CaptureDate): wall-clock fields as stated.
	year, month, dayOf, hour, minute, second int16

	prec    date.Precision
	nDays   uint8
	hasDate bool // the image has a dated store
	valid   bool // false for the zero Key (a nil image)
	// own says that a caption captag wrote (its sidecar, or its XMP
	// embedded in the image) was left out of the key.
	own bool
	// rare holds what few images have, nil when the image has none of
	// it: a hundred thousand keys do not each carry its 40 bytes.
	rare *keyRare
}

// keyRare is what a Key holds of few images.
type keyRare struct {
	// snippet is the start of the first description, for the reason of
	// an image whose own caption is in no record.
	snippet string
	// unread are the image's file findings for what could not be read
	// (unreadFindings): an image left unmatched reports them too.
	unread []Finding
}

// Unread returns the warnings for the stores of the image that could not
// be read, or were read in part, and for a file cut short (the findings
// Compare ends with): a gate reports them for an image it could not pair
// as for one it did. nil when every store was read.
func (k *Key) Unread() []Finding {
	if k.rare == nil {
		return nil
	}
	return k.rare.unread
}

// snippet is the start of the image's first description, for the reason
// of an image whose own caption is in no record; "" when it has none.
func (k *Key) snippet() string {
	if k.rare == nil {
		return ""
	}
	return k.rare.snippet
}

// setRare sets k's snippet and unread findings, keeping rare nil while
// both are empty.
func (k *Key) setRare(snippet string, unread []Finding) {
	if snippet == "" && len(unread) == 0 {
		k.rare = nil
		return
	}
	k.rare = &keyRare{snippet: snippet, unread: unread}
}

// Dated reports whether the image has a dated store.
func (k *Key) Dated() bool { return k.hasDate }

// NamesCreator reports whether a store of the image names a creator.
func (k *Key) NamesCreator() bool { return len(k.creators) > 0 }

// Own reports whether the image carries a caption captag wrote (a marked
// sidecar or embedded XMP), which Match did not take as evidence.
func (k *Key) Own() bool { return k.own }

// RecordHasDay reports whether a caption gives a valid day to match on.
func RecordHasDay(r *caption.Record) bool {
	_, ok := recordDay(r)
	return ok
}

// snippetMax is how much of an image's own caption a reason quotes.
const snippetMax = 48

// snippetOf is the start of a description on one line, cut at a word
// boundary near snippetMax bytes with "…".
func snippetOf(desc string) string {
	s := strings.Join(strings.Fields(desc), " ")
	if len(s) <= snippetMax {
		return strings.Clone(s)
	}
	cut := snippetMax
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	if i := strings.LastIndexByte(s[:cut], ' '); i > snippetMax/2 {
		cut = i
	}
	return strings.Clone(s[:cut]) + " …"
}

// ownCaption is the description captag embedded in img (its XMP marked as
// captag's, unchanged since), or "".
func ownCaption(img *metadata.Image) string {
	if img.XMP.Written() {
		return img.XMP.Description
	}
	return ""
}

// KeyOf returns the matching key of img; a nil img gives the zero Key.
// The key shares no memory with img (the path excepted), so img can be
// dropped once its key is taken.
func KeyOf(img *metadata.Image) Key {
	if img == nil {
		return Key{}
	}
	k := Key{Path: img.Path, valid: true}
	unread, snippet := unreadFindings(nil, img), ""
	if img.Sidecar.Written() {
		// captag's own sidecar: the pair is made as if it were not there
		// (it holds only what an earlier run decided).
		view := *img
		view.Sidecar = nil
		img, k.own = &view, true
	}
	if d, ok := img.CaptureDate(); ok {
		k.hasDate = true
		k.year, k.month, k.dayOf = clamp16(d.Year), clamp16(d.Month), clamp16(d.Day)
		k.hour, k.minute, k.second = clamp16(d.Hour), clamp16(d.Minute), clamp16(d.Second)
		k.prec = d.Precision
		if d.Precision >= date.PrecFrac && d.Frac != "" {
			k.frac = strings.Clone(d.Frac)
		}
	}
	var creators []string
	// Stores usually repeat one description: fingerprint it once.
	var lastDesc string
	own := ownCaption(img)
	for i, s := range stores(img) {
		if dy, ok := storeDay(s.Date); ok {
			p := packDay(dy)
			dup := false
			for _, x := range k.days[:k.nDays] {
				dup = dup || x == p
			}
			if !dup {
				k.days[k.nDays] = p
				k.nDays++
			}
		}
		creators = append(creators, s.Creators...)
		if i > 0 && s.Description == lastDesc {
			continue
		}
		lastDesc = s.Description
		if own != "" && s.Description == own {
			// A caption captag embedded is not evidence either.
			k.own = true
			continue
		}
		if p, ok := newTextPrint(s.Description); ok {
			dup := false
			for _, x := range k.texts {
				dup = dup || x.hash == p.hash
			}
			if !dup {
				k.texts = append(k.texts, p)
				if snippet == "" {
					snippet = snippetOf(s.Description)
				}
			}
		}
	}
	// The people the stores name, read by the credit grammar ("Photo:
	// NICOLAS MAETERLINCK / BELGA" is Nicolas Maeterlinck), as Compare
	// reads them.
	k.creators = names.MatchSet(names.PersonsOf(creators)) // fresh strings: nothing points into img
	k.setRare(snippet, unread)
	return k
}

// KeyInterner shares one creator list among the keys whose images name the
// same photographers, so that a hundred thousand keys hold a few dozen
// lists, and, told the captions (KnowCaptions), drops from each key what
// Match will not read. It is not safe for concurrent use.
type KeyInterner struct {
	sets map[string][]string
	// recs are the records KnowCaptions was told, until hashCaptions.
	recs *caption.Store
	// texts are the descHash of every caption text, ascending, once
	// hashCaptions ran; nil before. recHash is each record's, in
	// record order, and recText the text it is of (MatchOptions.Interned).
	texts   []uint64
	recHash []uint64
	recText []string
}

// NewKeyInterner returns an empty interner.
func NewKeyInterner() *KeyInterner { return &KeyInterner{sets: map[string][]string{}} }

// KnowCaptions tells the interner the captions its keys will be matched
// with. From then on Intern drops the sketch of a description that folds
// as one of their texts does, and the snippet of an image whose every
// description does: Match pairs such a text by its fingerprint alone (the
// first tier), and quotes a snippet only for a caption in no record. On
// the fixture set of a hundred thousand wire photos that is about 370 of
// the 560 bytes a key held. ExplainKeys measures every text against every
// caption: keys it is to explain must be interned without KnowCaptions.
func (in *KeyInterner) KnowCaptions(recs []caption.Record) {
	if in.recs = nil; recs != nil {
		in.recs = caption.StoreOf(recs)
	}
}

// KnowStore is KnowCaptions with the records of a caption.Store.
func (in *KeyInterner) KnowStore(recs *caption.Store) { in.recs = recs }

// hashCaptions fingerprints the texts of the records KnowCaptions was
// told, once, when the first key with a description is interned: a folder
// whose pictures carry none costs nothing.
func (in *KeyInterner) hashCaptions() {
	recs := in.recs
	in.recs = nil
	in.recHash, in.recText = make([]uint64, recs.Len()), make([]string, recs.Len())
	in.texts = make([]uint64, 0, recs.Len())
	for i := range recs.Len() {
		h := descHash(recs.Text(i))
		in.recHash[i], in.recText[i] = h, recs.Text(i)
		if h != 0 {
			in.texts = append(in.texts, h)
		}
	}
	slices.Sort(in.texts)
	in.texts = slices.Compact(in.texts)
}

// takeHashes returns descHash of each record's text as KnowCaptions
// took it (0 for a record whose text changed since: to be hashed
// afresh), or nil when in knows no such records, and forgets what it was
// told, so that the match holds 8 bytes a record of it, not 32. Keys
// interned after it are kept whole.
func (in *KeyInterner) takeHashes(recs *caption.Store) []uint64 {
	if in == nil || in.recHash == nil || len(in.recHash) != recs.Len() {
		if in != nil {
			in.recs = nil
		}
		return nil
	}
	hs := in.recHash
	for r := range recs.Len() {
		if in.recText[r] != recs.Text(r) {
			hs[r] = 0
		}
	}
	in.recs, in.texts, in.recHash, in.recText = nil, nil, nil, nil
	return hs
}

// Intern makes k's creator list the shared copy of an equal list and,
// after KnowCaptions, drops what Match will not read of k's texts.
func (in *KeyInterner) Intern(k *Key) {
	if in.recs != nil && len(k.texts) > 0 {
		in.hashCaptions()
	}
	if in.texts != nil && len(k.texts) > 0 {
		exact := 0
		for j := range k.texts {
			if _, ok := slices.BinarySearch(in.texts, k.texts[j].hash); ok {
				k.texts[j].sketch = nil
				exact++
			}
		}
		if exact == len(k.texts) {
			k.setRare("", k.Unread())
		}
	}
	in.internCreators(k)
}

func (in *KeyInterner) internCreators(k *Key) {
	if len(k.creators) == 0 {
		k.creators = nil
		return
	}
	var id string
	if len(k.creators) == 1 {
		id = k.creators[0]
	} else {
		id = strings.Join(k.creators, "\x00")
	}
	if s, ok := in.sets[id]; ok {
		k.creators = s
		return
	}
	in.sets[id] = k.creators
}

// descHash is the fingerprint under which Match compares an image's
// description with a caption's text: a 64-bit FNV-1a hash of the folded
// words (metadata.FoldWords), never 0; 0 means the text folds to nothing. Two
// different texts share a fingerprint with a chance of about 2⁻⁶⁴ per
// pair, far below one in a lifetime of archives.
func descHash(s string) uint64 { return foldedHash(metadata.FoldWords(s)) }

// foldedHash is descHash of a text already folded.
func foldedHash(f string) uint64 {
	if f == "" {
		return 0
	}
	if v := fnv64a(fnvOffset64, f); v != 0 {
		return v
	}
	return 1
}

// prints returns the fingerprints of the key's descriptions.
func (k *Key) prints() []textPrint { return k.texts }

// SamePicture reports whether two keys are files of one picture: one
// folder, one file name stem (case-insensitive) and one capture time to the
// second or finer, as a camera writes a RAW+JPEG pair (IMG_0001.CR2,
// IMG_0001.JPG) or a Live Photo (IMG_0001.HEIC, IMG_0001.MOV).
func SamePicture(a, b *Key) bool {
	if !a.valid || !b.valid || !a.hasDate || !b.hasDate || a.prec < date.PrecSecond || b.prec < date.PrecSecond {
		return false
	}
	if compareKeyDates(a, b) != 0 || a.Path == b.Path {
		return false
	}
	return pictureStem(a.Path) == pictureStem(b.Path)
}

// nameKey is how a path or file name compares: slashes as "/", Latin
// letters composed (a Mac's decomposed "Mu\u0308ller.jpg" is the
// "Müller.jpg" a caption file names) and lower case.
func nameKey(p string) string { return strings.ToLower(metadata.NFC(slashPath(p))) }

// pictureStem is the folder and the lower-case stem of a path: the name
// that the files of one picture share.
func pictureStem(p string) string {
	p = nameKey(p)
	base := p[strings.LastIndexByte(p, '/')+1:]
	if i := strings.LastIndexByte(base, '.'); i > 0 {
		p = p[:len(p)-len(base)+i]
	}
	return p
}

// packDay packs a valid day (year 0..9999) into 23 bits.
func packDay(d date.Day) uint32 { return uint32(d.Year)<<9 | uint32(d.Month)<<5 | uint32(d.Day) }

func unpackDay(p uint32) date.Day { return date.DayOf(int(p>>9), int(p>>5&0xf), int(p&0x1f)) }

// clamp16 fits a date field into an int16. Dates read by package metadata
// are validated (years 1..9999, months 1..12…), so it never clamps them.
func clamp16(v int) int16 {
	return int16(max(math.MinInt16, min(math.MaxInt16, v)))
}

// date returns the capture date of the key as a date.Date (the fields
// that Match and InferYear read).
func (k *Key) date() (date.Date, bool) {
	if !k.hasDate {
		return date.Date{}, false
	}
	return date.Date{
		Year: int(k.year), Month: int(k.month), Day: int(k.dayOf),
		Hour: int(k.hour), Minute: int(k.minute), Second: int(k.second),
		Frac: k.frac, Precision: k.prec,
	}, true
}

// MatchKeysWith is MatchWith on image keys (see KeyOf): the same plan as
// MatchWith on the images the keys were taken from. A zero Key stands for
// a nil image.
func MatchKeysWith(recs []caption.Record, keys []Key, s Strategy, opt MatchOptions) (Plan, error) {
	return match(caption.StoreOf(recs), keys, s, opt)
}

// MatchStore is MatchKeysWith on the records of a caption.Store.
func MatchStore(recs *caption.Store, keys []Key, s Strategy, opt MatchOptions) (Plan, error) {
	return match(recs, keys, s, opt)
}

// InferYearKey is InferYear with the image's capture date taken from its
// key.
func InferYearKey(rec caption.Record, k *Key) caption.Record {
	cd, ok := k.date()
	return inferYear(rec, cd, ok)
}

// compareKeyDates orders two capture dates by their wall-clock fields as
// stated (compareWallClock), then by their fraction digits padded to nine
// (padFrac), without building the padded strings.
func compareKeyDates(a, b *Key) int {
	for _, p := range [6][2]int16{{a.year, b.year}, {a.month, b.month}, {a.dayOf, b.dayOf}, {a.hour, b.hour}, {a.minute, b.minute}, {a.second, b.second}} {
		if p[0] != p[1] {
			if p[0] < p[1] {
				return -1
			}
			return 1
		}
	}
	return comparePaddedFrac(a.frac, b.frac)
}

// comparePaddedFrac compares padFrac's strings of two fractions: each is
// read as if zeros filled it out to nine digits.
func comparePaddedFrac(a, b string) int {
	const width = 9
	at := func(s string, i int) (byte, bool) {
		switch {
		case i < len(s):
			return s[i], true
		case i < width:
			return '0', true
		}
		return 0, false
	}
	for i := 0; ; i++ {
		ca, oka := at(a, i)
		cb, okb := at(b, i)
		switch {
		case !oka && !okb:
			return 0
		case !oka:
			return -1
		case !okb:
			return 1
		case ca != cb:
			if ca < cb {
				return -1
			}
			return 1
		}
	}
}

// CaptionIndex finds the caption whose text an image carries, before
// Match runs: the record whose text a key's description folds as, when
// no other record's does. A program that compares each image as it reads
// it, with the caption Match will most likely pair it with by text, keeps
// the findings instead of the image and need not read the image again
// once the plan agrees (desk's check does). It is read-only, safe for
// concurrent use, and holds 12 bytes per distinct caption text, no
// pointer.
type CaptionIndex struct {
	hashes []uint64 // descHash of each text that one record alone has, ascending
	recs   []int32  // the record of each
}

// CaptionIndex returns the index of the captions KnowCaptions told in,
// fingerprinting them now if no key did yet; the zero index (which finds
// nothing) when in was told none.
func (in *KeyInterner) CaptionIndex() CaptionIndex {
	if in.recs != nil {
		in.hashCaptions()
	}
	type entry struct {
		h   uint64
		rec int32
	}
	es := make([]entry, 0, len(in.recHash))
	for r, h := range in.recHash {
		if h != 0 {
			es = append(es, entry{h, int32(r)})
		}
	}
	slices.SortFunc(es, func(a, b entry) int {
		if a.h != b.h {
			return cmp.Compare(a.h, b.h)
		}
		return cmp.Compare(a.rec, b.rec)
	})
	var x CaptionIndex
	for i := 0; i < len(es); {
		j := i + 1
		for j < len(es) && es[j].h == es[i].h {
			j++
		}
		if j == i+1 { // a text several records share pairs by order, not by text alone
			x.hashes, x.recs = append(x.hashes, es[i].h), append(x.recs, es[i].rec)
		}
		i = j
	}
	return x
}

// Of returns the record whose text the first of k's descriptions that
// one record alone has is, and false when there is none. It is a guess of
// Match's pair, not a pair: the caller checks the plan.
func (x CaptionIndex) Of(k *Key) (int, bool) {
	for _, t := range k.texts {
		if i, ok := slices.BinarySearch(x.hashes, t.hash); ok {
			return int(x.recs[i]), true
		}
	}
	return 0, false
}
