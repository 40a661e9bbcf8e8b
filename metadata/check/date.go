package check

import (
	"fmt"
	"strings"
	"time"

	"github.com/captag/captag/metadata"
	"github.com/captag/captag/metadata/caption"
	"github.com/captag/captag/metadata/date"
)

// inferSlackDays is how many days a caption date may fall after the
// capture date when InferYear picks a year: a camera clock in another zone
// can put a picture taken just after midnight on the previous day.
const inferSlackDays = 1

// recordDay returns the record's calendar date when it is a valid day
// (the year may be 0, unknown): what matching by date needs.
func recordDay(r *caption.Record) (date.Day, bool) { return dayOf(r.Date) }

// dayOf is recordDay of a record whose Date is d.
func dayOf(d date.Day) (date.Day, bool) { return d, d.Precision == date.PrecDay && d.Valid() }

// storeDay returns the calendar date a store states, as stated (its own
// local date; the offset is never applied), when it is known to the day.
func storeDay(d date.Date) (date.Day, bool) {
	if !validStoreDay(d) {
		return date.Day{}, false
	}
	return d.Calendar(), true
}

// stores returns the image's stores in the order EXIF, IPTC, XMP,
// sidecar, like metadata.Image.Stores, in a slice the compiler can keep
// on the caller's stack.
func stores(img *metadata.Image) []*metadata.Store {
	all := [4]*metadata.Store{img.EXIF, img.IPTC, img.XMP, img.Sidecar}
	n := 0
	for _, s := range all {
		if s != nil {
			all[n] = s
			n++
		}
	}
	return all[:n:n]
}

// InferYear returns rec with its Date's year taken from the image's date
// (metadata.Image.CaptureDate) and DateInferred set, when rec has a month
// and day but no year. Of the capture year and the
// years either side it picks the one that puts the caption date closest
// to, and not after (by more than a day), the capture date, so that a
// "DECEMBER 31" caption on a picture taken 2017-01-01 gets 2016. A record
// that has a year, has no date, or whose image has no date comes back
// unchanged.
func InferYear(rec caption.Record, img *metadata.Image) caption.Record {
	cd, ok := img.CaptureDate()
	return inferYear(rec, cd, ok)
}

// inferYear is InferYear with the capture date cd (ok false: none).
func inferYear(rec caption.Record, cd date.Date, ok bool) caption.Record {
	rd, ok1 := recordDay(&rec)
	if ok1 && rec.TwoDigitYear && ok {
		return settleCentury(rec, cd.Year)
	}
	if !ok1 || rd.YearKnown() {
		return rec
	}
	if !ok || cd.Year < 1 || cd.Year > 9999 {
		return rec
	}
	if cd.Precision == date.PrecYear {
		if date.DayOf(cd.Year, rd.Month, rd.Day).Valid() {
			rec.Date.Year, rec.DateInferred = cd.Year, true
		}
		return rec
	}
	if cd.Month < 1 || cd.Month > 12 {
		return rec
	}
	cday := cd.Day
	if cd.Precision == date.PrecMonth || cday < 1 || cday > date.DaysIn(cd.Year, cd.Month) {
		cday = date.DaysIn(cd.Year, cd.Month)
	}
	capture := date.DayNumber(cd.Year, cd.Month, cday)
	best, bestDist := 0, int64(0)
	for y := cd.Year - 1; y <= cd.Year+1; y++ {
		c := date.DayOf(y, rd.Month, rd.Day)
		if y < 1 || !c.Valid() {
			continue
		}
		before := capture - c.Number() // > 0: caption before capture
		if before < -inferSlackDays {
			continue
		}
		dist := before
		if dist < 0 {
			dist = -dist
		}
		if best == 0 || dist < bestDist {
			best, bestDist = y, dist
		}
	}
	if best != 0 {
		rec.Date.Year, rec.DateInferred = best, true
	}
	return rec
}

// settleCentury gives rec, whose year the caption wrote with two digits
// (caption.Record.TwoDigitYear: "4/XI/17", "26MAR24"), the century that
// puts it nearest the capture year cy, with DateInferred set when that
// changes it: the parser's century is POSIX %y's guess, the image's year
// is evidence ("4/XI/17" on a picture dated 1917 is 1917, not 2017).
func settleCentury(rec caption.Record, cy int) caption.Record {
	if cy < 1 || cy > 9999 {
		return rec
	}
	y := cy - cy%100 + rec.Date.Year%100
	switch {
	case y-cy > 50:
		y -= 100
	case cy-y > 50:
		y += 100
	}
	if y == rec.Date.Year || y < 1 || y > 9999 || !date.DayOf(y, rec.Date.Month, rec.Date.Day).Valid() {
		return rec
	}
	rec.Date.Year, rec.DateInferred = y, true
	return rec
}

// Time zones. A caption's date is the scene's calendar date; a store's
// date is compared as the store states it, in its own offset, with these
// exceptions for a time stamped in UTC (+00:00 or Z), which many tools
// and some agencies write whatever the scene's zone:
//
//   - When another store of the image states a local offset (non-zero, or
//     EXIF's, the camera's zone, for an IIM or XMP time) for about the same
//     moment, within sceneWindow, the UTC time is compared in that offset:
//     IIM 2020-07-22T06:20:12+00:00 beside EXIF 2020-07-21T23:35:40-07:00
//     is 23:20:12 on July 21 at the scene; so is an EXIF +00:00 (a camera
//     set to UTC) beside IIM at -07:00.
//   - Else an EXIF +00:00 is the camera's clock at the scene (London in
//     winter) and is compared as stated.
//   - Else, when a store without an offset states a clock that is the UTC
//     time plus an offset in use (within offsetSlack), the UTC store is
//     compared in that offset: EXIF 2018-12-11 20:35:12 beside IIM
//     2018-12-12 01:35:12+00:00 is -05:00, December 11 (Reuters' files);
//     a clock equal to the UTC time is +00:00, as stated.
//   - Otherwise, a UTC date one day off the caption's whose time some real
//     offset (-12:00 to +14:00) would put on the caption's day is a
//     warning that says so, not an error. When the caption names the
//     scene's country (its dateline, or a "City, Country" in its text:
//     places.go), only that country's offsets count: none of them giving
//     the caption's day is an error, all of them giving it is no finding.
//
// A UTC store with a local offset elsewhere but more than sceneWindow
// away falls to the later rules: two times that far apart may not be one
// moment. A "UTC" time that is nearer another store's wall clock than its
// moment (IIM 23:30:00+00:00 beside EXIF 23:30:00+01:00) is that wall clock
// labelled +00:00, as some agencies' files have it (a Getty Images file
// with IIM TimeCreated 16:47:42+00:00 and EXIF 16:47:42 for an afternoon
// match in Pasadena, metadata-extractor-images "jpg/Issue 122.jpg"), and
// is compared as stated; so is a time of exactly midnight Z (a date). Stores
// disagree with each other when their dates differ, except two stores with
// offsets and times whose instants are within sceneWindow.
const (
	sceneWindow    = 2 * 3600 // seconds
	minOffsetMin   = -12 * 60 // the westernmost offset in use
	maxOffsetMin   = 14 * 60  // the easternmost
	secondsPerDay  = 86400
	maxDatedStores = 4 // EXIF, IPTC, XMP, sidecar
	// midnightWindow: a store time this close to midnight on the day next to
	// the caption's is said in the message ("00:07, 7 minutes after
	// midnight"), also when it is beyond the day grace.
	midnightWindow = 3 * time.Hour
)

// utcTime reports whether d is a time stamped +00:00 or Z. Midnight
// exactly (Getty Images' XMP "2002-01-19T00:00:00.000Z") is a date stamped
// with a time, not a moment.
func utcTime(d date.Date) bool {
	return d.HasOffset && d.OffsetMinutes == 0 && d.Precision >= date.PrecMinute &&
		d.Hour|d.Minute|d.Second != 0
}

// utcStamped reports whether store s states a UTC time that a tool may
// have converted from the scene's clock: IIM, XMP or sidecar. EXIF's
// offset is the camera's own zone (OffsetTimeOriginal), so an EXIF
// +00:00 is the scene's clock (London in winter) unless another store
// gives a local offset for that moment.
func utcStamped(s *metadata.Store) bool {
	return s.Kind != metadata.StoreEXIF && utcTime(s.Date)
}

// localFor reports whether store l states a local offset that a UTC time
// of store u may be read in: a non-zero offset, or, for a store other
// than EXIF, EXIF's offset (the camera's zone, +00:00 included).
func localFor(l, u *metadata.Store) bool {
	d := l.Date
	return d.HasOffset && d.Precision >= date.PrecMinute &&
		(d.OffsetMinutes != 0 || l.Kind == metadata.StoreEXIF && u.Kind != metadata.StoreEXIF)
}

// instant is d's moment in seconds since 1970 UTC; d must have a valid
// day, a time and an offset.
func instant(d date.Date) int64 {
	return date.DayNumber(d.Year, d.Month, d.Day)*secondsPerDay +
		int64(d.Hour*3600+d.Minute*60+d.Second) - int64(d.OffsetMinutes)*60
}

// wallClock is d's date and time in seconds as stated, its offset
// ignored.
func wallClock(d date.Date) int64 {
	return date.DayNumber(d.Year, d.Month, d.Day)*secondsPerDay + int64(timeOfDay(d))
}

func abs64(x int64) int64 {
	if x < 0 {
		return -x
	}
	return x
}

// timeOfDay is d's time in seconds after its midnight.
func timeOfDay(d date.Date) int { return d.Hour*3600 + d.Minute*60 + d.Second }

// atOffset returns d, a time with an offset, as the same moment at offset
// off (minutes east of UTC).
func atOffset(d date.Date, off int) date.Date {
	secs := instant(d) + int64(off)*60
	days, tod := secs/secondsPerDay, secs%secondsPerDay
	if tod < 0 {
		days, tod = days-1, tod+secondsPerDay
	}
	e := d
	e.Year, e.Month, e.Day = date.FromDayNumber(days)
	e.Hour, e.Minute, e.Second = int(tod/3600), int(tod/60%60), int(tod%60)
	e.OffsetMinutes = off
	return e
}

// datedStore is one dated store as compareDate sees it.
type datedStore struct {
	s     *metadata.Store
	scene date.Date // the date compared: s.Date, or s.Date moved from UTC to the scene's offset
	moved bool
	told  bool // a finding on the caption's date names this store
}

// validStoreDay reports whether d's calendar fields make a real day.
func validStoreDay(d date.Date) bool {
	return d.Precision >= date.PrecDay && d.Year > 0 && date.DayOf(d.Year, d.Month, d.Day).Valid()
}

// sceneDates fills ds with the image's dated stores, each UTC time moved
// to the local offset of the store closest to it in time (within
// sceneWindow).
func sceneDates(ds *[maxDatedStores]datedStore, stores []*metadata.Store) int {
	n := 0
	for _, s := range stores {
		if s.Date.IsZero() || n == len(ds) {
			continue
		}
		ds[n] = datedStore{s: s, scene: s.Date}
		n++
	}
	for i := 0; i < n; i++ {
		d := ds[i].s.Date
		if !utcTime(d) || !validStoreDay(d) {
			continue
		}
		at := instant(d)
		best, bestGap := -1, int64(0)
		for j := 0; j < n; j++ {
			l := ds[j].s.Date
			if j == i || !localFor(ds[j].s, ds[i].s) || !validStoreDay(l) {
				continue
			}
			gap := abs64(instant(l) - at)
			// A time that is the other store's wall clock labelled +00:00
			// (Getty's IIM TimeCreated often is) is local already: it is
			// nearer the other store's clock than its moment.
			if wall := abs64(wallClock(l) - wallClock(d)); wall < gap {
				continue
			}
			if gap <= sceneWindow && (best < 0 || gap < bestGap) {
				best, bestGap = j, gap
			}
		}
		if best >= 0 {
			ds[i].scene, ds[i].moved = atOffset(d, ds[best].s.Date.OffsetMinutes), true
			continue
		}
		if !utcStamped(ds[i].s) {
			continue // EXIF +00:00 with no other zone: the camera's clock
		}
		// A store without an offset whose clock is the UTC time plus an
		// offset in use (EXIF 20:35:12 beside IIM 01:35:12+00:00 the next
		// day: -05:00) states the scene's clock for the same moment.
		for j := 0; j < n; j++ {
			l := ds[j].s.Date
			if j == i || l.HasOffset || l.Precision < date.PrecMinute || !validStoreDay(l) {
				continue
			}
			if off, ok := realOffset(wallClock(l) - wallClock(d)); ok {
				ds[i].scene, ds[i].moved = atOffset(d, off), true
				break
			}
		}
	}
	return n
}

// realOffsets are the UTC offsets in use, in minutes east of UTC (IANA
// time zone database, 2024): whole hours from -12 to +14 and the
// half and three-quarter hours of India, Iran, Afghanistan, Nepal,
// Myanmar, Newfoundland, the Marquesas, parts of Australia and the
// Chatham Islands.
var realOffsets = [...]int{
	-720, -660, -600, -570, -540, -480, -420, -360, -300, -240, -210, -180, -120, -60,
	0, 60, 120, 180, 210, 240, 270, 300, 330, 345, 360, 390, 420, 480, 525, 540, 570,
	600, 630, 660, 720, 765, 780, 825, 840,
}

// offsetSlack is how far (seconds) a clock difference may be from an
// offset in use and still be read as that offset: the two stores' times
// may have been taken a moment apart.
const offsetSlack = 120

// realOffset reports whether secs, the difference between a local clock
// and a UTC time, is an offset in use, and which (minutes).
func realOffset(secs int64) (int, bool) {
	for _, o := range realOffsets {
		if d := secs - int64(o)*60; d >= -offsetSlack && d <= offsetSlack {
			return o, true
		}
	}
	return 0, false
}

// spanString words a number of seconds near midnight: "7 minutes",
// "1 hour 5 minutes", "less than a minute".
func spanString(secs int) string {
	m := secs / 60
	h, m := m/60, m%60
	var parts []string
	switch {
	case h == 1:
		parts = append(parts, "1 hour")
	case h > 1:
		parts = append(parts, fmt.Sprintf("%d hours", h))
	}
	switch {
	case m == 1:
		parts = append(parts, "1 minute")
	case m > 1:
		parts = append(parts, fmt.Sprintf("%d minutes", m))
	}
	if len(parts) == 0 {
		return "less than a minute"
	}
	return strings.Join(parts, " ")
}

// utcExplains returns, for a UTC store time d whose day is one off the
// caption's day rd, the offsets (minutes east of UTC, lo <= hi) that would
// put d on rd, and false when no offset in use would.
func utcExplains(rd date.Day, d date.Date) (lo, hi int, ok bool) {
	diff := date.DayNumber(d.Year, d.Month, d.Day) - rd.Number()
	tod := timeOfDay(d)
	switch diff {
	case 1: // the day before at the scene: tod + off < 0
		hi = -(tod/60 + 1)
		return minOffsetMin, hi, hi >= minOffsetMin
	case -1: // the day after at the scene: tod + off >= a day
		lo = (secondsPerDay - tod + 59) / 60
		return lo, maxOffsetMin, lo <= maxOffsetMin
	}
	return 0, 0, false
}

func compareDate(out []Finding, rec *caption.Record, stores []*metadata.Store, note string, opt Options) []Finding {
	var ds [maxDatedStores]datedStore
	nd := sceneDates(&ds, stores)
	// The caption's date at its precision: a day (its year perhaps
	// unknown), or a month, a year or a decade a program gave.
	rd := rec.Date
	switch {
	case rec.Undated:
		out = append(out, notChecked(FieldDate, "the caption says the picture is undated", ""))
		return storesDisagreeOnDate(out, ds[:nd])
	case !rd.Valid():
		out = append(out, notChecked(FieldDate, "no date read in the caption", ""))
		return storesDisagreeOnDate(out, ds[:nd])
	}
	want := spanWant(rec, rd)
	if nd == 0 {
		sev := metadata.SeverityError
		if opt.AllowMissingDate {
			sev = metadata.SeverityWarning
		}
		return append(out, Finding{Severity: sev, Field: FieldDate, Want: want,
			Message: fmt.Sprintf("caption says %s"+noStore+"has a date (%s, %s, %s)", want, property(metadata.StoreEXIF, "date"), property(metadata.StoreIPTC, "date"), property(metadata.StoreXMP, "date")), Absent: true})
	}
	j := dateJudge{rec: rec, rd: rd, want: want, grace: min(opt.DayGrace, MaxDayGrace)}
	j.window = max(midnightWindow, j.grace)
	archive := rec.Archive && !rec.PictureDate
	anyLocal := false
	for _, d := range ds[:nd] {
		anyLocal = anyLocal || d.s.Date.HasOffset && d.s.Date.Precision >= date.PrecMinute && (d.s.Date.OffsetMinutes != 0 || d.s.Kind == metadata.StoreEXIF)
	}
	var dis [maxDatedStores]disagreement
	var utcRange [maxDatedStores][2]int // offsets that explain a UTC disagreement
	n := 0
	for i := range ds[:nd] {
		d := &ds[i]
		if spanAgrees(rec, rd, d.scene.Calendar()) {
			continue
		}
		x, utc, agrees := j.judge(d)
		if d.told = !agrees; agrees {
			continue
		}
		if archive {
			x.sev = metadata.SeverityWarning
		}
		if x.sev == metadata.SeverityError && j.alsoWritten(d.scene.Calendar()) {
			x.sev, x.note = metadata.SeverityWarning, x.note+alsoWrittenNote
		}
		dis[n], utcRange[n] = x, utc
		n++
	}
	j.utcNotes(dis[:n], utcRange[:n], anyLocal)
	tail := ""
	if rec.DateInferred {
		tail = "; the caption's year was inferred from the image"
	}
	if archive {
		tail += "; file picture: the caption's date may be the story's, not the picture's"
	}
	out = grouped(out, FieldDate, "says", want, dis[:n], tail+note)
	return storesDisagreeOnDate(out, ds[:nd])
}

// dateJudge is the comparison of one caption's date with the stores'.
type dateJudge struct {
	rec           *caption.Record
	rd            date.Day // the caption's date
	want          string   // rd as the findings give it
	grace, window time.Duration
	// The place the caption names, read only for a UTC time off by a day.
	placeLo, placeHi   int
	place              string
	placeOK, placeDone bool
	// The other dates the caption writes, read only for a disagreement.
	others     []date.Day
	othersDone bool
}

// judge words the disagreement of store date d with the caption's day:
// a time just past or before midnight, within the grace, or a time in UTC
// that the scene's offset may explain (utc: those offsets). agrees is
// true when every offset of the place the caption names puts the UTC
// time on the caption's day.
func (j *dateJudge) judge(d *datedStore) (x disagreement, utc [2]int, agrees bool) {
	rd, grace := j.rd, j.grace
	x = disagreement{sev: metadata.SeverityError, store: d.s.Kind, prop: property(d.s.Kind, "date"),
		got: d.s.Date.String(), show: d.scene.Calendar().String(), verb: "says", stated: d.s.Date.String()}
	if d.moved && d.scene.OffsetMinutes != d.s.Date.OffsetMinutes {
		x.note = fmt.Sprintf(", %s at the scene's %s", d.scene.Clock(), date.OffsetString(d.scene.OffsetMinutes))
	}
	midnight := d.scene.Hour|d.scene.Minute|d.scene.Second == 0 // a date stamped with a time
	if !rd.YearKnown() || rd.Precision != date.PrecDay || !validStoreDay(d.scene) || d.scene.Precision < date.PrecMinute || midnight {
		return x, utc, false
	}
	diff := date.DayNumber(d.scene.Year, d.scene.Month, d.scene.Day) - rd.Number()
	tod := timeOfDay(d.scene)
	if utcStamped(d.s) && !d.moved {
		lo, hi, ok := utcExplains(rd, d.s.Date)
		if !j.placeDone {
			j.placeLo, j.placeHi, j.place, j.placeOK = sceneOffsets(j.rec)
			j.placeDone = true
		}
		if j.placeOK {
			// Only the offsets of the place the caption names.
			lo, hi = max(lo, j.placeLo), min(hi, j.placeHi)
			ok = ok && lo <= hi
			if ok && lo == j.placeLo && hi == j.placeHi {
				return x, utc, true // every offset of the place puts it on the caption's day
			}
			if !ok {
				x.note = fmt.Sprintf(", a time in UTC: not %s at any offset of %s (%s to %s)", j.want, j.place, date.OffsetString(j.placeLo), date.OffsetString(j.placeHi))
				return x, utc, false
			}
		}
		if ok {
			// The note is written by utcNotes, once for all UTC stores of
			// the same day, with the offsets that explain them all.
			x.sev, x.key = metadata.SeverityWarning, "utc\x00"+x.show
			return x, [2]int{lo, hi}, false
		}
	}
	switch {
	case diff == 1 && time.Duration(tod)*time.Second < j.window:
		x.note += fmt.Sprintf(", %s, %s after midnight", d.scene.Clock()[:5], spanString(tod))
		if grace > 0 && time.Duration(tod)*time.Second <= grace {
			x.sev = metadata.SeverityWarning
			x.note += fmt.Sprintf(" (within the %s day grace)", graceString(grace))
		}
	case diff == -1 && time.Duration(secondsPerDay-tod)*time.Second <= j.window:
		x.note += fmt.Sprintf(", %s, %s before midnight", d.scene.Clock()[:5], spanString(secondsPerDay-tod))
		if grace > 0 && time.Duration(secondsPerDay-tod)*time.Second <= grace {
			x.sev = metadata.SeverityWarning
			x.note += fmt.Sprintf(" (within the %s day grace)", graceString(grace))
		}
	}
	return x, utc, false
}

// utcNotes words the note of each disagreement of a time in UTC that an
// offset may explain, with the offsets that explain every store of the
// same day (utcRange, one per disagreement).
func (j *dateJudge) utcNotes(dis []disagreement, utcRange [][2]int, anyLocal bool) {
	for i := range dis {
		if !strings.HasPrefix(dis[i].key, "utc\x00") {
			continue
		}
		lo, hi := minOffsetMin, maxOffsetMin
		for k := range dis {
			if dis[k].key == dis[i].key {
				lo, hi = max(lo, utcRange[k][0]), min(hi, utcRange[k][1])
			}
		}
		dis[i].note = ", a time in UTC: it may be " + j.want + " at the scene"
		if lo <= hi {
			dis[i].note = fmt.Sprintf(", a time in UTC: it is %s at the scene if the scene's offset is between %s and %s", j.want, date.OffsetString(lo), date.OffsetString(hi))
		}
		if j.placeOK {
			dis[i].note += " (" + j.place + ": " + date.OffsetString(j.placeLo) + " to " + date.OffsetString(j.placeHi) + ")"
		}
		if anyLocal {
			dis[i].note += " (no store gives the scene's offset within 2 hours of it)"
		}
	}
}

// graceString formats a grace as a desk writes it: "1h", "30m", "1h30m".
func graceString(g time.Duration) string {
	s := g.String()
	s = strings.TrimSuffix(s, "0s")
	return strings.TrimSuffix(s, "0m")
}

// storesDisagreeOnDate appends the warning that the stores disagree with
// each other, when two of them do and neither is already in a finding on
// the caption's date (else that finding says it).
func storesDisagreeOnDate(out []Finding, ds []datedStore) []Finding {
	conflict := false
	for a := 0; a < len(ds) && !conflict; a++ {
		for b := a + 1; b < len(ds); b++ {
			if ds[a].told || ds[b].told || !datesConflict(ds[a].scene, ds[b].scene) {
				continue
			}
			x, y := ds[a].s.Date, ds[b].s.Date
			if x.HasOffset && y.HasOffset && x.Precision >= date.PrecMinute && y.Precision >= date.PrecMinute &&
				validStoreDay(x) && validStoreDay(y) {
				gap := instant(x) - instant(y)
				if gap >= -sceneWindow && gap <= sceneWindow {
					continue // one moment, stated in two offsets
				}
			}
			conflict = true
			break
		}
	}
	if !conflict {
		return out
	}
	kinds, parts := make([]metadata.StoreKind, len(ds)), make([]string, len(ds))
	for j, d := range ds {
		kinds[j] = d.s.Kind
		parts[j] = property(d.s.Kind, "date") + " " + d.s.Date.Calendar().String()
	}
	return append(out, Finding{Severity: metadata.SeverityWarning, Field: FieldDate, Store: metadata.JoinStoreKinds(kinds...),
		Message: "the image's stores disagree on the date: " + strings.Join(parts, ", ")})
}
