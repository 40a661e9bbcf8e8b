package metadata

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/rwcarlsen/goexif/exif"

	"github.com/captag/captag/metadata/date"
)

// All use of goexif is in this file. Rules kept here:
//   - goexif only ever sees the TIFF bytes captag cut out of an APP1 segment,
//     and only after guardEXIF walked them (see exifguard.go);
//   - no maker-note parsers are registered; JpegThumbnail, String,
//     MarshalJSON and DateTime are never called (they drop UTF-8 or use the
//     host time zone); values come from Get + StringVal;
//   - a panic inside goexif becomes an error for that file;
//   - when goexif fails on a guarded payload (one tag of an unknown type
//     makes it drop a whole IFD), the values come from captag's walker.
//
// TIFF-family files do not go through goexif: its tiff.Decode reads the
// whole input into memory (raw files are megabytes, their IFDs often sit at
// the end), so a payload for it would be the whole file. tiff.go reads the
// same six tags with captag's own bounded IFD walker instead, and both paths
// meet in exifStore.

// exifValues are the raw EXIF values captag reads, as bytes up to the first
// NUL (Copyright: the whole value, NUL-separated parts and all).
type exifValues struct {
	dateTimeOriginal   string
	subSecTimeOriginal string
	offsetTimeOriginal string
	artist             string
	copyright          string
	description        string
}

// decodeEXIF reads the EXIF store from the TIFF bytes p of an APP1 Exif
// segment. A payload whose TIFF header or IFD0 fails the guard is refused:
// no EXIF store, a WarnEXIFRefused warning. Damage in any other IFD or in
// one entry (see exifguard.go) costs that IFD or entry only: a
// WarnEXIFDamaged warning names it, and the values of IFD0 and the Exif
// IFD come from the guard's own walk, goexif not being given the payload.
// A payload without damage goes to goexif; when goexif still cannot decode
// it (it gives up on a whole IFD for one tag of an unknown type or zero
// count, which real cameras write) the guard's values are used, with a
// warning naming goexif's complaint.
func decodeEXIF(p []byte) (*Store, []Warning) {
	extra, problems, err := guardEXIF(p)
	if err != nil {
		return nil, []Warning{{Code: WarnEXIFRefused, Store: StoreEXIF, Message: err.Error()}}
	}
	var warns []Warning
	var v exifValues
	if len(problems) > 0 {
		warns = damageWarnings(problems)
		v = extra.values()
	} else if extra.view.sure() {
		v = extra.viewValues()
	} else if v, err = goexifValues(p, extra); err != nil {
		v = extra.values()
		warns = append(warns, Warning{Code: WarnGeneral, Store: StoreEXIF,
			Message: fmt.Sprintf("exif: goexif could not decode the payload (%s); values read with captag's IFD walker", err)})
	}
	st, w := exifStore(v)
	return st, append(warns, w...)
}

// damageWarnings turns the guard's problems into one WarnEXIFDamaged
// warning per IFD: the first problem of each, with a count of the others.
func damageWarnings(problems []guardProblem) []Warning {
	type group struct {
		first string
		more  int
		aside bool // every problem of the group lies aside (see checkedPart)
	}
	var groups []group
	index := map[string]int{}
	for _, pr := range problems {
		if i, ok := index[pr.IFD]; ok && pr.IFD != "" {
			groups[i].more++
			groups[i].aside = groups[i].aside && !checkedPart(pr)
			continue
		}
		index[pr.IFD] = len(groups)
		groups = append(groups, group{first: pr.Error(), aside: !checkedPart(pr)})
	}
	warns := make([]Warning, 0, len(groups))
	for i, g := range groups {
		msg := g.first
		if g.more > 0 {
			msg += fmt.Sprintf(" (and %d more damaged tags there)", g.more)
		}
		if i == len(groups)-1 {
			msg += "; the rest of the EXIF is read"
		}
		code := WarnEXIFDamaged
		if g.aside {
			code = WarnEXIFDamagedAside
		}
		warns = append(warns, Warning{Code: code, Store: StoreEXIF, Message: msg})
	}
	return warns
}

// checkedPart reports whether a guard problem may have cost a value captag
// checks: damage to IFD0 or the Exif IFD as a whole, to one of their
// entries that hold the date, creator, copyright or caption (or point to
// the Exif IFD), or a problem not tied to one IFD (a budget over all of
// them). Damage elsewhere — IFD1 and its thumbnail, the GPS and Interop
// IFDs, an Exif IFD of IFD1, another entry — leaves those values read.
func checkedPart(pr guardProblem) bool {
	switch pr.IFD {
	case "":
		return true
	case "IFD0", "Exif IFD":
		if !pr.Entry {
			return true
		}
		switch pr.Tag {
		case tagImageDescription, tagArtist, tagCopyright, tagExifIFD,
			tagDateTimeOriginal, tagOffsetTimeOriginal, tagSubSecTimeOriginal:
			return true
		}
	}
	return false
}

// goexifValues decodes a guarded payload with goexif and collects the
// values. Any goexif error, even one it calls non-critical (a sub-IFD lost),
// is returned: the Exif IFD holds the date.
func goexifValues(p []byte, extra *exifExtra) (v exifValues, err error) {
	defer func() {
		if r := recover(); r != nil {
			v, err = exifValues{}, fmt.Errorf("panic: %v", r)
		}
	}()
	x, err := exif.Decode(bytes.NewReader(p))
	if err != nil {
		return v, errors.New(firstLine(err.Error()))
	}
	if x == nil {
		return v, errors.New("no result")
	}
	get := func(name exif.FieldName) string {
		t, err := x.Get(name)
		if err != nil {
			return ""
		}
		s, err := t.StringVal()
		if err != nil {
			return ""
		}
		return s
	}
	v = exifValues{
		dateTimeOriginal:   get(exif.DateTimeOriginal),
		subSecTimeOriginal: get(exif.SubSecTimeOriginal),
		artist:             get(exif.Artist),
		copyright:          get(exif.Copyright),
		description:        get(exif.ImageDescription),
		offsetTimeOriginal: asciiValue(extra.offsetTimeOriginal),
	}
	// StringVal stops at the first NUL; EXIF's "photographer\0editor"
	// Copyright keeps its editor part from captag's own walk.
	if v.copyright != "" && extra.copyright != nil && bytes.HasPrefix(extra.copyright, []byte(v.copyright)) {
		v.copyright = string(extra.copyright)
	}
	return v, nil
}

func firstLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

// asciiValue returns an ASCII tag value up to its first NUL.
func asciiValue(b []byte) string {
	if i := bytes.IndexByte(b, 0); i >= 0 {
		b = b[:i]
	}
	return string(b)
}

// exifStore turns raw EXIF values into a Store (nil when none has a value).
//   - Date: DateTimeOriginal + SubSecTimeOriginal + OffsetTimeOriginal; an
//     unusable date is a WarnBadDate warning and counts as absent.
//   - Creators: Artist split on ";" (MWG list; a part in double quotes may
//     hold ";"), each trimmed, empty parts dropped.
//   - Copyright: the NUL-separated photographer and editor parts, each
//     trimmed, empty parts dropped, joined with "\n" (as exiftool and the
//     Adobe XMP SDK show it).
//   - Text is UTF-8 when valid, else read as Windows-1252 (exifText).
func exifStore(v exifValues) (*Store, []Warning) {
	var warns []Warning
	s := &Store{Kind: StoreEXIF}
	if dt := strings.TrimRight(v.dateTimeOriginal, " "); dt != "" {
		d, err := date.ParseEXIFDate(v.dateTimeOriginal, strings.TrimSpace(v.subSecTimeOriginal), strings.TrimSpace(v.offsetTimeOriginal))
		if err != nil {
			warns = append(warns, Warning{Code: WarnBadDate, Store: StoreEXIF,
				Message: err.Error()})
		} else {
			s.Date = d
		}
	}
	s.Creators = splitArtist(exifText(v.artist))
	var parts []string
	for _, p := range strings.Split(v.copyright, "\x00") {
		if p = strings.TrimSpace(exifText(p)); p != "" {
			parts = append(parts, p)
		}
	}
	s.Copyright = strings.Join(parts, "\n")
	s.Description = strings.TrimSpace(exifText(v.description))
	if s.Date.IsZero() && len(s.Creators) == 0 && s.Copyright == "" && s.Description == "" {
		return nil, warns
	}
	return s, warns
}

// exifText decodes an EXIF ASCII value: UTF-8 when valid, else
// Windows-1252, which Windows tools write (0x92 for ’, 0xA9 for ©) and
// whose bytes 0xA0-0xFF are Latin-1's: read as Latin-1, ’ would be the
// control character U+0092.
func exifText(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	return string(AppendWindows1252(make([]byte, 0, 2*len(s)), []byte(s)))
}

// splitArtist splits an MWG creator list "A; B; \"C; D\"".
func splitArtist(s string) []string {
	var out []string
	var cur strings.Builder
	quoted := false
	flush := func() {
		t := strings.TrimSpace(cur.String())
		if len(t) >= 2 && t[0] == '"' && t[len(t)-1] == '"' {
			t = strings.TrimSpace(strings.ReplaceAll(t[1:len(t)-1], `""`, `"`))
		}
		if t != "" {
			out = append(out, t)
		}
		cur.Reset()
	}
	for _, r := range s {
		switch {
		case r == '"':
			quoted = !quoted
			cur.WriteRune(r)
		case r == ';' && !quoted:
			flush()
		default:
			cur.WriteRune(r)
		}
	}
	flush()
	return out
}
