package caption

import (
	"math"
	"strconv"
	"strings"
	"unsafe"

	"github.com/captag/captag/metadata/date"
)

// This file is Store: a caption file's records kept for a whole run in a
// form the collector need not look into. A Record is 488 bytes of strings
// and slices, each a pointer the collector follows at every collection,
// and its text a heap object of its own; a job holds a hundred thousand of
// them from the caption parse to the report. A Store keeps each record in
// a fixed-size struct without pointers (stored), its text and other
// unique strings in a few large byte chunks (the arena, referred to by
// offsets), and the strings and lists records repeat (places, agencies,
// photographers, problems) once each in per-store tables referred to by
// number. At gives the Record back, equal to what Append was given.

// Store is a list of caption records, kept compactly; a record once
// appended is never changed. The zero Store is empty and ready for
// Append. Append is for one goroutine at a time, and not while other
// methods run; Len, At and the field accessors may be called from several
// goroutines at once.
//
// A Record that At returns shares its Creators, CreatorsAsWritten,
// Agencies and Problems with other records (and other calls) that have the
// same list: read-only, as Parse's records.
type Store struct {
	recs []stored
	// over are the records whose values do not fit stored's fields (a
	// line or a year past 32 bits, a month or a day past 8), kept whole.
	over []Record
	// rare are the columns most captions leave empty, for the records
	// that have any.
	rare []rareCols

	arena arena
	strs  []string    // interned strings by id; 0 is ""
	lists [][]string  // interned lists by id; 0 is nil, 1 the empty list
	probs [][]Problem // interned problem lists, the same way

	// The tables' indexes, for Append; rebuilt from the tables when nil.
	strID  map[string]uint32
	listID map[string]uint32
	probID map[string]uint32
}

// stored is one record without pointers: its unique strings are spans of
// the arena, the others numbers in the store's tables.
type stored struct {
	text, file                     span
	date, dateline                 storedDay
	line, dateSpan                 int32
	city, region, country          uint32 // strs
	agency, agencyAs               uint32 // strs
	creators, creatorsAs, agencies uint32 // lists
	problems                       uint32 // probs
	rare                           uint32 // 1 + index into rare (or over, with flagOver); 0 for none
	flags                          uint8
}

const (
	flagArchive uint8 = 1 << iota
	flagPictureDate
	flagUndated
	flagDateInferred
	flagTwoDigitYear
	flagGuess // the record has a Guess, in rare
	flagOver  // the record is over[rare]
)

// storedDay is a date.Day in 8 bytes.
type storedDay struct {
	year       int32
	month, day int8
	prec       date.Precision
}

func packDay(d date.Day) (storedDay, bool) {
	s := storedDay{year: int32(d.Year), month: int8(d.Month), day: int8(d.Day), prec: d.Precision}
	return s, int(s.year) == d.Year && int(s.month) == d.Month && int(s.day) == d.Day
}

func (s storedDay) unpack() date.Day {
	return date.Day{Year: int(s.year), Month: int(s.month), Day: int(s.day), Precision: s.prec}
}

// rareCols are the columns of a CSV or JSON import (and a caption's
// headline or job id) that wire captions leave empty.
type rareCols struct {
	headline, title, copyright, instructions, jobID span
	sublocation, event, usageTerms, source          span
	keywords, personsShown                          uint32 // lists
	guessCreators, guessAgencies                    uint32 // lists: Record.Guess
}

// Len is the number of records.
func (s *Store) Len() int {
	if s == nil {
		return 0
	}
	return len(s.recs)
}

// HeapSize estimates the bytes of heap s holds.
func (s *Store) HeapSize() int {
	if s == nil {
		return 0
	}
	const str, slice = int(unsafe.Sizeof("")), int(unsafe.Sizeof([]string(nil)))
	n := cap(s.recs)*int(unsafe.Sizeof(stored{})) + cap(s.rare)*int(unsafe.Sizeof(rareCols{})) + cap(s.over)*int(unsafe.Sizeof(Record{}))
	for i := range s.over {
		n += len(s.over[i].Text) // the rest is rare
	}
	n += s.arena.cur.Cap()
	for _, c := range s.arena.chunks[:max(0, len(s.arena.chunks)-1)] {
		n += len(c)
	}
	for _, v := range s.strs {
		n += str + len(v)
	}
	for _, l := range s.lists {
		n += slice + len(l)*str
	}
	for _, ps := range s.probs {
		n += slice + len(ps)*int(unsafe.Sizeof(Problem{}))
		for _, p := range ps {
			n += len(p.Message)
		}
	}
	return n
}

// StoreOf returns a Store of recs, in their order.
func StoreOf(recs []Record) *Store {
	s := &Store{recs: make([]stored, 0, len(recs))}
	for i := range recs {
		s.Append(&recs[i])
	}
	s.Seal()
	return s
}

// Seal drops what only Append needs (the indexes of the tables); a later
// Append rebuilds them.
func (s *Store) Seal() { s.strID, s.listID, s.probID = nil, nil, nil }

// Records returns every record, in order, as a slice of its own.
func (s *Store) Records() []Record {
	out := make([]Record, s.Len())
	for i := range out {
		out[i] = s.At(i)
	}
	return out
}

// Append adds r at the end.
func (s *Store) Append(r *Record) {
	st, ok := s.pack(r)
	if !ok {
		s.over = append(s.over, *r)
		st = stored{flags: flagOver, rare: uint32(len(s.over) - 1)}
	}
	s.recs = append(s.recs, st)
}

// pack returns r as a stored record, false when a value does not fit.
func (s *Store) pack(r *Record) (stored, bool) {
	d, ok1 := packDay(r.Date)
	dl, ok2 := packDay(r.DatelineDate)
	if !ok1 || !ok2 || r.Line < math.MinInt32 || r.Line > math.MaxInt32 || r.DateSpan < math.MinInt32 || r.DateSpan > math.MaxInt32 {
		return stored{}, false
	}
	st := stored{
		text: s.arena.add(r.Text), file: s.arena.add(r.File), date: d, dateline: dl,
		line: int32(r.Line), dateSpan: int32(r.DateSpan),
		city: s.str(r.City), region: s.str(r.Region), country: s.str(r.Country),
		agency: s.str(r.Agency), agencyAs: s.str(r.AgencyAsWritten),
		creators: s.list(r.Creators), creatorsAs: s.list(r.CreatorsAsWritten), agencies: s.list(r.Agencies),
		problems: s.problems(r.Problems),
	}
	for _, f := range [...]struct {
		on  bool
		bit uint8
	}{{r.Archive, flagArchive}, {r.PictureDate, flagPictureDate}, {r.Undated, flagUndated}, {r.DateInferred, flagDateInferred},
		{r.TwoDigitYear, flagTwoDigitYear}} {
		if f.on {
			st.flags |= f.bit
		}
	}
	if r.Headline != "" || r.Title != "" || r.Copyright != "" || r.Instructions != "" || r.JobID != "" || r.Sublocation != "" ||
		r.Event != "" || r.UsageTerms != "" || r.Source != "" || r.Keywords != nil || r.PersonsShown != nil || r.Guess != nil {
		a := &s.arena
		s.rare = append(s.rare, rareCols{
			headline: a.add(r.Headline), title: a.add(r.Title), copyright: a.add(r.Copyright), instructions: a.add(r.Instructions),
			jobID: a.add(r.JobID), sublocation: a.add(r.Sublocation), event: a.add(r.Event), usageTerms: a.add(r.UsageTerms),
			source: a.add(r.Source), keywords: s.list(r.Keywords), personsShown: s.list(r.PersonsShown),
		})
		st.rare = uint32(len(s.rare))
		if g := r.Guess; g != nil {
			st.flags |= flagGuess
			c := &s.rare[len(s.rare)-1]
			c.guessCreators, c.guessAgencies = s.list(g.Creators), s.list(g.Agencies)
		}
	}
	return st, true
}

// At returns record i.
func (s *Store) At(i int) Record {
	st := &s.recs[i]
	if st.flags&flagOver != 0 {
		return s.over[st.rare]
	}
	r := Record{
		Line: int(st.line), Text: s.arena.get(st.text),
		City: s.strs0(st.city), Region: s.strs0(st.region), Country: s.strs0(st.country),
		Date: st.date.unpack(), DateSpan: int(st.dateSpan), DatelineDate: st.dateline.unpack(),
		Creators: s.list0(st.creators), CreatorsAsWritten: s.list0(st.creatorsAs),
		Agency: s.strs0(st.agency), Agencies: s.list0(st.agencies), AgencyAsWritten: s.strs0(st.agencyAs),
		Archive: st.flags&flagArchive != 0, PictureDate: st.flags&flagPictureDate != 0,
		Undated: st.flags&flagUndated != 0, DateInferred: st.flags&flagDateInferred != 0,
		TwoDigitYear: st.flags&flagTwoDigitYear != 0,
		File:         s.arena.get(st.file), Problems: s.probs0(st.problems),
	}
	if st.rare > 0 {
		c, a := &s.rare[st.rare-1], &s.arena
		r.Headline, r.Title, r.Copyright, r.Instructions = a.get(c.headline), a.get(c.title), a.get(c.copyright), a.get(c.instructions)
		r.JobID, r.Sublocation, r.Event, r.UsageTerms, r.Source = a.get(c.jobID), a.get(c.sublocation), a.get(c.event), a.get(c.usageTerms), a.get(c.source)
		r.Keywords, r.PersonsShown = s.copyList(c.keywords), s.copyList(c.personsShown)
		if st.flags&flagGuess != 0 {
			r.Guess = &Guess{Creators: s.copyList(c.guessCreators), Agencies: s.copyList(c.guessAgencies)}
		}
	}
	return r
}

// Line is record i's Line.
func (s *Store) Line(i int) int {
	if st := &s.recs[i]; st.flags&flagOver == 0 {
		return int(st.line)
	}
	return s.over[s.recs[i].rare].Line
}

// Text is record i's Text.
func (s *Store) Text(i int) string {
	if st := &s.recs[i]; st.flags&flagOver == 0 {
		return s.arena.get(st.text)
	}
	return s.over[s.recs[i].rare].Text
}

// File is record i's File.
func (s *Store) File(i int) string {
	if st := &s.recs[i]; st.flags&flagOver == 0 {
		return s.arena.get(st.file)
	}
	return s.over[s.recs[i].rare].File
}

// Date is record i's Date.
func (s *Store) Date(i int) date.Day {
	if st := &s.recs[i]; st.flags&flagOver == 0 {
		return st.date.unpack()
	}
	return s.over[s.recs[i].rare].Date
}

// Creators is record i's Creators (read-only).
func (s *Store) Creators(i int) []string {
	if st := &s.recs[i]; st.flags&flagOver == 0 {
		return s.list0(st.creators)
	}
	return s.over[s.recs[i].rare].Creators
}

// Agency is record i's Agency.
func (s *Store) Agency(i int) string {
	if st := &s.recs[i]; st.flags&flagOver == 0 {
		return s.strs0(st.agency)
	}
	return s.over[s.recs[i].rare].Agency
}

func (s *Store) strs0(id uint32) string {
	if id == 0 {
		return ""
	}
	return s.strs[id]
}

func (s *Store) list0(id uint32) []string {
	if id == 0 {
		return nil
	}
	return s.lists[id]
}

// copyList is list id in a slice of its own: Keywords and PersonsShown
// are not documented read-only.
func (s *Store) copyList(id uint32) []string {
	if id == 0 {
		return nil
	}
	return append([]string{}, s.lists[id]...)
}

func (s *Store) probs0(id uint32) []Problem {
	if id == 0 {
		return nil
	}
	return s.probs[id]
}

// str returns the id of v in strs, adding it.
func (s *Store) str(v string) uint32 {
	if v == "" {
		return 0
	}
	if s.strID == nil {
		s.strID = make(map[string]uint32, len(s.strs))
		for id, x := range s.strs {
			s.strID[x] = uint32(id)
		}
		if len(s.strs) == 0 {
			s.strs = append(s.strs, "")
		}
	}
	if id, ok := s.strID[v]; ok {
		return id
	}
	v = strings.Clone(v) // not the caller's text, which may be larger
	id := uint32(len(s.strs))
	s.strs = append(s.strs, v)
	s.strID[v] = id
	return id
}

// list returns the id of l in lists, adding it: 0 for nil, 1 for empty.
func (s *Store) list(l []string) uint32 {
	return intern(&s.lists, &s.listID, l, listKey, func(v string) string { return s.strs0(s.str(v)) })
}

// intern returns the id of l in the table *tab, indexed by *ids under
// key(l), adding a copy of l (each item through clone) when there is
// none: 0 for nil, 1 for empty. A nil index is rebuilt from the table.
func intern[T any](tab *[][]T, ids *map[string]uint32, l []T, key func([]T) string, clone func(T) T) uint32 {
	if l == nil {
		return 0
	}
	if *ids == nil {
		*ids = make(map[string]uint32, len(*tab))
		for id, x := range (*tab)[min(2, len(*tab)):] {
			(*ids)[key(x)] = uint32(id + 2)
		}
		if len(*tab) == 0 {
			*tab = append(*tab, nil, []T{})
		}
	}
	if len(l) == 0 {
		return 1
	}
	k := key(l)
	if id, ok := (*ids)[k]; ok {
		return id
	}
	c := make([]T, len(l))
	for j, v := range l {
		c[j] = clone(v)
	}
	id := uint32(len(*tab))
	*tab = append(*tab, c)
	(*ids)[k] = id
	return id
}

// listKey is the map key of a list of strings: each one's length, then
// its bytes, so that no two lists share one.
func listKey(l []string) string {
	var b strings.Builder
	for _, v := range l {
		b.WriteString(strconv.Itoa(len(v)))
		b.WriteByte(':')
		b.WriteString(v)
	}
	return b.String()
}

// problems returns the id of ps in probs, adding it: 0 for nil, 1 for
// empty.
func (s *Store) problems(ps []Problem) uint32 {
	return intern(&s.probs, &s.probID, ps, problemKey, func(p Problem) Problem {
		return Problem{Severity: p.Severity, Code: ProblemCode(s.strs0(s.str(string(p.Code)))), Message: strings.Clone(p.Message)}
	})
}

func problemKey(ps []Problem) string {
	l := make([]string, 0, 3*len(ps))
	for _, p := range ps {
		l = append(l, string(p.Severity), string(p.Code), p.Message)
	}
	return listKey(l)
}

// span is a string of the arena: length n at offset off of chunk c.
type span struct{ c, off, n uint32 }

// The arena's chunks: the first is arenaFirst bytes, each next one twice
// the one before, up to arenaMax; a string longer than that has a chunk
// of its own.
const (
	arenaFirst = 4 << 10
	arenaMax   = 1 << 20
)

// arena keeps strings in a few large chunks. A chunk is written once, at
// its end, and never changed, so the strings At gives stay valid.
type arena struct {
	chunks []string // the chunks so far; the last is cur's contents
	cur    strings.Builder
}

func (a *arena) add(v string) span {
	if v == "" {
		return span{}
	}
	if len(a.chunks) == 0 || a.cur.Len()+len(v) > a.cur.Cap() {
		size := arenaFirst
		if c := a.cur.Cap(); c > 0 {
			size = min(arenaMax, 2*c)
		}
		a.cur = strings.Builder{}
		a.cur.Grow(max(size, len(v)))
		a.chunks = append(a.chunks, "")
	}
	off := a.cur.Len()
	a.cur.WriteString(v)
	a.chunks[len(a.chunks)-1] = a.cur.String()
	return span{c: uint32(len(a.chunks) - 1), off: uint32(off), n: uint32(len(v))}
}

func (a *arena) get(sp span) string {
	if sp.n == 0 {
		return ""
	}
	return a.chunks[sp.c][sp.off : sp.off+sp.n]
}
