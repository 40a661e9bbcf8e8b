package caption

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/captag/captag/metadata"
	"github.com/captag/captag/metadata/date"
)

// column is one of the known columns (CSV) or keys (JSON).
type column int

const (
	colFile column = iota
	colCaption
	colHeadline
	colTitle
	colKeywords
	colCity
	colRegion
	colCountry
	colCountryCode
	colDate
	colCreator
	colAgency
	colSource
	colCopyright
	colInstructions
	colJobID
	colSublocation
	colEvent
	colPersons
	colUsageTerms
	// colCreatorWritten and colAgencyWritten are captag's own JSON keys
	// creators_as_written and agency_as_written, read back as the written
	// forms of the creators and the agency they name.
	colCreatorWritten
	colAgencyWritten
	// colUnused: a column captag knows and does not use (By-lineTitle,
	// TimeCreated, CaptionWriter, and the keys of captag's own
	// JSON output that are derived, not input). It is skipped silently; a
	// column captag does not know is skipped with a note (Result.Notes).
	colUnused
	numColumns
)

// alias is what a column name means: its column and its rank. When a row
// has several columns for one field (an exiftool export has IIM
// Caption-Abstract, XMP Description and EXIF ImageDescription), the value
// of the lowest rank wins, then the first in the row.
type alias struct {
	col  column
	rank int8
}

// columnAliases maps column names, folded by headerKey (lower case, group
// prefix such as "XMP-dc:" removed, no spaces or punctuation), to columns:
//
//   - captag's documented names and the keys of its own JSON output
//     (file, caption, creator, agency, job_id, …);
//   - exiftool's tag names, as `exiftool -csv` and `exiftool -j` write
//     them with or without -G/-G1 group prefixes (IPTC:, XMP-dc:,
//     XMP-photoshop:, XMP-iptcCore:, EXIF:, IFD0:, ExifIFD:, Composite:),
//     verified with exiftool 12.57 (see table_test.go for the headers);
//   - the IPTC field labels that desk tools show and export as column
//     headers: Photo Mechanic's Metadata (IPTC) Template ("Caption",
//     "Photographer", "Copyright Notice", "Date Created", "State",
//     "Country Code", "Transmission Reference", …;
//     https://docs.camerabits.com/support/solutions/articles/48001252621-metadata-iptc-template-map,
//     and exiftool's test image t/images/PhotoMechanic.jpg, in
//     ../shared/corpora/exiftool, written by Photo Mechanic with each
//     field holding its label: By-line "Photographer", Credit "Credit",
//     Source "Source", CopyrightNotice "Copyright", ObjectName "Object
//     Name", Province-State "State", Writer-Editor "Writers",
//     TransmissionReference "Trans ref")
//     and the IPTC Core labels ("Creator", "Credit Line", "Description
//     Writer", "Job Identifier", "Province/State", …;
//     https://photometadata.org/META-Resources-Field-Guide-to-Metadata,
//     https://www.iptc.org/std/photometadata/specification/IPTC-PhotoMetadata).
var columnAliases = map[string]alias{
	// Ranks: a name only XMP has 0, only IIM has 1, only EXIF has 2, so
	// that an export without group prefixes prefers XMP (whole, Unicode)
	// to IIM (cut at 32 bytes for By-line and Credit, 64 for a date) and
	// both to EXIF (ASCII), as the -G/-G1 group order does (exportColumn).
	// captag's own names and Photo Mechanic's labels are rank 0.

	// The image's file: exiftool's SourceFile is the path it read,
	// FileName only the base name.
	"file": {colFile, 0}, "sourcefile": {colFile, 0}, "filename": {colFile, 1}, "imagefilename": {colFile, 1},

	// The caption: XMP dc:description, IIM Caption-Abstract, then EXIF
	// ImageDescription, often a short ASCII copy.
	"caption": {colCaption, 0}, "text": {colCaption, 0}, "description": {colCaption, 0},
	"captiondescription": {colCaption, 0}, "descriptioncaption": {colCaption, 0},
	"captionabstract": {colCaption, 1}, "imagedescription": {colCaption, 2},

	"headline": {colHeadline, 0},
	"title":    {colTitle, 0}, "documenttitle": {colTitle, 0}, "objectname": {colTitle, 1},
	"keywords": {colKeywords, 0}, "subject": {colKeywords, 0},

	"city":   {colCity, 0},
	"region": {colRegion, 0}, "state": {colRegion, 0}, "stateprovince": {colRegion, 0}, "province": {colRegion, 0},
	"provincestate": {colRegion, 1},
	"country":       {colCountry, 0}, "countryname": {colCountry, 0}, "countryprimarylocationname": {colCountry, 1},
	"countrycode": {colCountryCode, 0}, "isocountrycode": {colCountryCode, 0}, "countryprimarylocationcode": {colCountryCode, 1},

	// The date: XMP/IIM DateCreated is the date of the picture's content
	// (the group decides between them); EXIF DateTimeOriginal and
	// exiftool's composites of either follow.
	"date": {colDate, 0}, "datecreated": {colDate, 0},
	"datetimecreated": {colDate, 2}, "datetimeoriginal": {colDate, 2}, "subsecdatetimeoriginal": {colDate, 2},

	// The photographer: XMP dc:creator, Photo Mechanic's "Photographer",
	// IIM By-line, EXIF Artist.
	"creator": {colCreator, 0}, "creators": {colCreator, 0}, "photographer": {colCreator, 0}, "author": {colCreator, 0},
	"byline": {colCreator, 1}, "artist": {colCreator, 2},

	"agency": {colAgency, 0}, "credit": {colAgency, 0}, "creditline": {colAgency, 0},
	"creatorsaswritten": {colCreatorWritten, 0}, "agencyaswritten": {colAgencyWritten, 0},
	"source": {colSource, 0},

	// XMP dc:rights, IIM CopyrightNotice, EXIF Copyright.
	"rights": {colCopyright, 0}, "copyrightnotice": {colCopyright, 1}, "copyright": {colCopyright, 2},

	"instructions": {colInstructions, 0}, "specialinstructions": {colInstructions, 1},
	"jobid": {colJobID, 0}, "jobidentifier": {colJobID, 0}, "transmissionreference": {colJobID, 0}, "transref": {colJobID, 0},
	"originaltransmissionreference": {colJobID, 1},

	// XMP Iptc4xmpCore:Location (exiftool's Location), IIM Sub-location;
	// Iptc4xmpExt:Event, PersonInImage (Photo Mechanic's and IPTC's
	// "Person Shown"), xmpRights:UsageTerms ("Rights Usage Terms").
	"location": {colSublocation, 0}, "sublocation": {colSublocation, 1},
	"event": {colEvent, 0}, "eventname": {colEvent, 0},
	"personinimage": {colPersons, 0}, "personshown": {colPersons, 0}, "personsshown": {colPersons, 0},
	"usageterms": {colUsageTerms, 0}, "rightsusageterms": {colUsageTerms, 0},

	// Known, not used.
	"bylinetitle": {colUnused, 0}, "photographerstitle": {colUnused, 0}, "creatorsjobtitle": {colUnused, 0},
	"authorsposition": {colUnused, 0}, "captionwriter": {colUnused, 0}, "writereditor": {colUnused, 0},
	"descriptionwriter": {colUnused, 0}, "writers": {colUnused, 0}, "descriptionwriters": {colUnused, 0}, "timecreated": {colUnused, 0},
	"line": {colUnused, 0}, "dateinferred": {colUnused, 0}, "dateline": {colUnused, 0}, "problems": {colUnused, 0},
	"agencies": {colUnused, 0}, "archive": {colUnused, 0}, "undated": {colUnused, 0},
	"datespan": {colUnused, 0}, // captag's own date_span, read back
}

// headerKey folds a column name for columnAliases: a byte order mark and
// a group prefix ("IPTC:", "XMP-dc:") removed, lower case, and only
// letters and digits kept ("By-line" → "byline", "Copyright Notice" →
// "copyrightnotice", "job_id" → "jobid", "Photographer's Title" →
// "photographerstitle").
func headerKey(name string) string {
	name = strings.TrimPrefix(strings.TrimSpace(name), "\uFEFF")
	if i := strings.LastIndexByte(name, ':'); i >= 0 {
		name = name[i+1:]
	}
	folded := true // already lower-case letters and digits: no copy
	for i := 0; i < len(name) && folded; i++ {
		c := name[i]
		folded = 'a' <= c && c <= 'z' || '0' <= c && c <= '9'
	}
	if folded {
		return name
	}
	var b strings.Builder
	b.Grow(len(name))
	for _, r := range name {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(unicode.ToLower(r))
		}
	}
	return b.String()
}

func columnOf(name string) (alias, bool) {
	a, ok := columnAliases[headerKey(name)]
	return a, ok
}

// ownNames are captag's own column names that name no exiftool tag that
// captag reads. In an exiftool export (one with a SourceFile column) a tag
// of such a name is another thing: a Pentax maker note or XMP dc:date
// "Date" (seen in ../shared/corpora: exiftool/ExifTool.jpg has a
// MediaJukebox "Date" of 2013 beside its IIM DateCreated of 2004), a PNG
// "Text". There they are skipped as unknown.
var ownNames = map[string]bool{
	"file": true, "caption": true, "text": true, "date": true, "creators": true, "agency": true, "region": true, "jobid": true,
}

// exportColumn is columnOf for a column of a file that is an exiftool
// export when export is set. The rank it returns also orders the group of
// a -G/-G1 prefix: among columns of one rank, XMP wins over IPTC (IIM
// cuts By-line and Credit at 32 bytes: "NASA, ESA, Michael Wong (Space T"
// against the whole XMP credit in a file of ../shared/corpora), IPTC over
// EXIF, and these over any other group (a second IIM record "IPTC2:", a
// maker note).
func exportColumn(name string, export bool) (alias, bool) {
	k := headerKey(name)
	if export && ownNames[k] {
		return alias{}, false
	}
	a, ok := columnAliases[k]
	if !ok {
		return a, false
	}
	a.rank = a.rank*groupRanks + groupRank(name)
	return a, true
}

// groupRanks is the number of group ranks (see groupRank).
const groupRanks = 5

// groupRank orders a column's group prefix: none 0, XMP 1, IPTC 2, EXIF 3,
// any other 4.
func groupRank(name string) int8 {
	g, _, ok := strings.Cut(strings.TrimSpace(strings.TrimPrefix(name, "\uFEFF")), ":")
	if !ok {
		return 0
	}
	switch g = strings.ToLower(g); {
	case g == "xmp" || strings.HasPrefix(g, "xmp-"):
		return 1
	case g == "iptc":
		return 2
	case g == "exif" || g == "ifd0" || g == "exififd":
		return 3
	}
	return 4
}

func isSourceFile(name string) bool { return headerKey(name) == "sourcefile" }

// maxNotedColumns is how many ignored column names a note lists.
const maxNotedColumns = 12

// ignoredNote is the file-level note for the columns (or JSON keys: what)
// captag does not know, in the order given; "" when there are none.
// exiftool's own file and system columns (File:FileSize, System:Directory,
// ExifToolVersion, Composite:ImageSize, …: every full export has them) are
// counted, not named, so the note names what the user may have meant.
func ignoredNote(names []string, what string) string {
	if len(names) == 0 {
		return ""
	}
	var named []string
	system := 0
	for _, n := range names {
		if isExiftoolSystem(n) {
			system++
		} else {
			named = append(named, n)
		}
	}
	var parts []string
	if len(named) > 0 {
		shown := named
		if len(shown) > maxNotedColumns {
			shown = shown[:maxNotedColumns]
		}
		p := strings.Join(shown, ", ")
		if len(named) > len(shown) {
			p += fmt.Sprintf(" and %d more", len(named)-len(shown))
		}
		parts = append(parts, p)
	}
	if system > 0 {
		parts = append(parts, fmt.Sprintf("%d of exiftool's file and system %s", system, what))
	}
	n := what
	if len(names) == 1 {
		n = strings.TrimSuffix(what, "s")
	}
	return fmt.Sprintf("ignored %d %s that captag does not use: %s", len(names), n, strings.Join(parts, "; "))
}

// exiftoolSystemGroups are the exiftool groups (-G and -G1 names) of tags
// about the file and the tool rather than the picture.
var exiftoolSystemGroups = map[string]bool{"file": true, "system": true, "exiftool": true, "composite": true}

// exiftoolSystemTags are those tags as plain `exiftool -csv` and `-j`
// name them (observed with exiftool 12.57 on JPEGs).
var exiftoolSystemTags = map[string]bool{
	"exiftoolversion": true, "directory": true, "filesize": true, "filemodifydate": true, "fileaccessdate": true,
	"fileinodechangedate": true, "filepermissions": true, "filetype": true, "filetypeextension": true,
	"mimetype": true, "exifbyteorder": true, "imagewidth": true, "imageheight": true, "encodingprocess": true,
	"bitspersample": true, "colorcomponents": true, "ycbcrsubsampling": true, "imagesize": true,
	"megapixels": true, "currentiptcdigest": true, "warning": true, "error": true,
}

func isExiftoolSystem(name string) bool {
	if g, _, ok := strings.Cut(name, ":"); ok {
		return exiftoolSystemGroups[strings.ToLower(g)]
	}
	return exiftoolSystemTags[headerKey(name)]
}

// fields holds one row's explicit values, tidied.
type fields struct {
	v        [numColumns]string
	rank     [numColumns]int8
	lists    [numColumns][]string // from JSON arrays
	repaired bool
	// export says that the row is from an exiftool export (a SourceFile
	// column): an image's metadata as read, where no description is
	// an image without a caption, not a caption lost.
	export bool
	// badDate is the first date cell that is not a whole date: a date
	// column that parses wins over it whatever its rank (XMP allows "2016"
	// where IIM has the day).
	badDate string
}

// better reports whether a value of rank r replaces the one held for c.
func (f *fields) better(c column, r int8) bool {
	return (f.v[c] == "" && len(f.lists[c]) == 0) || r < f.rank[c]
}

func (f *fields) set(a alias, s string) {
	c := a.col
	if !utf8.ValidString(s) {
		s = strings.ToValidUTF8(s, "\uFFFD")
		f.repaired = true
	}
	switch c {
	case colCaption:
		s = strings.TrimSpace(s) // tidied by ParseText, which needs the line breaks
	case colFile:
		// A file name is matched as it is spelled: a control character in
		// it is part of the name ("a.jpg\nb.jpg" is not "a.jpg b.jpg"),
		// and messages show it escaped (metadata.Visible). Only the
		// spaces around it are a cell's padding.
		s = strings.TrimFunc(s, func(r rune) bool { return r == ' ' || r == '\t' || r == '\u00a0' || r == '\uFEFF' })
	default:
		s = tidy(s)
	}
	if s == "" {
		return
	}
	if c == colDate {
		if _, _, _, ok := parseColumnDate(s); !ok {
			if f.badDate == "" {
				f.badDate = s
			}
			return
		}
	}
	if !f.better(c, a.rank) {
		return
	}
	f.v[c], f.lists[c], f.rank[c] = s, nil, a.rank
}

func (f *fields) setList(a alias, list []string) {
	c := a.col
	var out []string
	for _, item := range list {
		if item = tidy(strings.ToValidUTF8(item, "\uFFFD")); item != "" {
			out = append(out, item)
		}
	}
	if len(out) == 0 || !f.better(c, a.rank) {
		return
	}
	f.v[c], f.lists[c], f.rank[c] = "", out, a.rank
}

func (f *fields) empty() bool { return f.emptyBut(colUnused) }

// emptyBut reports whether every column but colUnused and c is empty.
func (f *fields) emptyBut(c column) bool {
	for k := range numColumns {
		if k != colUnused && k != c && (f.v[k] != "" || len(f.lists[k]) > 0) {
			return false
		}
	}
	return true
}

func splitList(s string, seps string) []string {
	var out []string
	for _, p := range strings.FieldsFunc(s, func(r rune) bool { return strings.ContainsRune(seps, r) }) {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// record builds a Record from explicit values: the caption text is parsed,
// then every explicit value wins over what the text says.
func (p *parser) record(line int, f *fields) Record {
	if p.memo == nil {
		p.memo = newCreditMemo()
	}
	w := parseWire(f.v[colCaption], p.al, p.memo)
	var r Record
	w.apply(&r, p.year)
	r.Line = line
	if f.repaired && !w.repaired {
		r.warn(ProblemEncoding, "invalid UTF-8 replaced with U+FFFD")
	}
	str := func(dst *string, c column) {
		if f.v[c] != "" {
			*dst = f.v[c]
		}
	}
	str(&r.File, colFile)
	str(&r.Headline, colHeadline)
	str(&r.Title, colTitle)
	str(&r.City, colCity)
	str(&r.Region, colRegion)
	str(&r.Country, colCountry)
	if f.v[colCountry] == "" && r.Country == "" {
		str(&r.Country, colCountryCode) // only a code: better than nothing
	}
	str(&r.Source, colSource)
	str(&r.Copyright, colCopyright)
	str(&r.Instructions, colInstructions)
	str(&r.JobID, colJobID)
	str(&r.Sublocation, colSublocation)
	str(&r.Event, colEvent)
	str(&r.UsageTerms, colUsageTerms)
	creditColumns(&r, f.v[colAgency])
	listColumns(&r, f)
	dateColumn(&r, f, &w)
	if len(r.Creators) > 0 {
		r.dropCode(ProblemNoCreator)
	}
	if r.Agency != "" {
		r.dropCode(ProblemNoAgency)
	}
	if len(r.Creators) > 0 || r.Agency != "" {
		r.dropCode(ProblemNoCredit)
	}
	if len(r.Creators) == 0 && r.Agency == "" && r.Text != "" && !r.hasCode(ProblemNoCredit) {
		r.warn(ProblemNoCredit, noCreditMsg)
	}
	r.guessUnread()
	if r.Date.IsZero() && r.Text != "" && f.v[colDate] == "" && f.badDate == "" && !r.Undated && !r.hasCode(ProblemNoDate) {
		r.warn(ProblemNoDate, noDateMsg)
	}
	switch {
	case r.Text == "" && r.File != "" && (!f.export || f.emptyBut(colFile)):
		// A row that names its image but gives no caption would write a
		// sidecar without one: an error, so that nothing is written. In
		// an exiftool export such a row is an image without a
		// description, whose other values (a creator) are still wanted.
		r.fail(ProblemNoText, fmt.Sprintf("expected caption text for %s, found none", metadata.Visible(r.File)))
	case r.Text == "":
		r.warn(ProblemNoText, "record has no caption text")
	}
	return r
}

// listColumns sets r's creators (and their written forms) and keywords
// from the row's list columns.
func listColumns(r *Record, f *fields) {
	// Creators split on ";" only: a name may hold a comma ("NASA, ESA,
	// Michael Wong (…, Baltimore, MD)" is one IIM By-line of a real file),
	// so exiftool's CSV list join ", " is ambiguous; `exiftool -csv -sep
	// "; "` keeps a list's items apart, and -j writes them as an array.
	if l := f.lists[colCreator]; len(l) > 0 {
		r.Creators, r.CreatorsAsWritten = l, l
	} else if f.v[colCreator] != "" {
		r.Creators = splitList(f.v[colCreator], ";")
		r.CreatorsAsWritten = r.Creators
	}
	// captag's own output read back: the written forms it printed, where
	// they name the same people and agency (Record.WrittenCreators).
	if l := f.lists[colCreatorWritten]; len(l) == len(r.Creators) && len(l) > 0 {
		r.CreatorsAsWritten = l
	} else if l := splitList(f.v[colCreatorWritten], ";"); len(l) == len(r.Creators) && len(l) > 0 {
		r.CreatorsAsWritten = l
	}
	if v := f.v[colAgencyWritten]; v != "" && SameAgency(v, r.Agency) {
		r.AgencyAsWritten = v
	}
	if l := f.lists[colPersons]; len(l) > 0 {
		r.PersonsShown = l
	} else if f.v[colPersons] != "" {
		r.PersonsShown = splitList(f.v[colPersons], ";") // a name may hold a comma, as a creator's
	}
	if l := f.lists[colKeywords]; len(l) > 0 {
		r.Keywords = l
	} else if f.v[colKeywords] != "" {
		r.Keywords = splitList(f.v[colKeywords], ";,")
	}
}

// dateColumn sets r's date from the row's date column, which wins over
// the caption's (with a warning when they differ); a date column that
// does not parse is an error, one of a year or a month a warning.
func dateColumn(r *Record, f *fields, w *wire) {
	if d := f.badDate; d != "" && f.v[colDate] == "" {
		if partialDate(d) {
			// XMP allows a date of a year or a month; the caption text
			// may still give the day.
			r.warn(ProblemDateColumn, fmt.Sprintf("date column gives only %q, not a day; the date is read from the caption", d))
		} else {
			r.fail(ProblemDateColumn, fmt.Sprintf("expected date as YYYY-MM-DD, YYYY:MM:DD, YYYYMMDD or \"YYYY:MM:DD hh:mm:ss\", found %q", d))
		}
	}
	if d := f.v[colDate]; d != "" {
		y, m, dd, _ := parseColumnDate(d) // set only when it parses
		if w.bMonth != 0 && w.bYear != 0 && (w.bYear != y || w.bMonth != m || w.bDay != dd) {
			r.warn(ProblemDateMismatch, fmt.Sprintf("date column says %s but the caption says %s; using the date column",
				mdy(y, m, dd), mdy(w.bYear, w.bMonth, w.bDay)))
		}
		r.Date = date.Day{}
		if m != 0 {
			r.Date = date.DayOf(y, m, dd)
		}
		r.dropCode(ProblemNoDate)
	}
}

// blankRow reports whether every field of a CSV row is empty or spaces.
func blankRow(row []string) bool {
	for _, v := range row {
		if strings.TrimSpace(v) != "" {
			return false
		}
	}
	return true
}

// creditColumns settles the agencies from the Credit and Source columns:
// the Credit column is the agency, and the caption's own chain follows it
// (each is a correct credit); a Source that names an agency not in the
// chain yet is added to it (Credit "AFP", Source "Getty Images"), and is
// the agency when nothing else names one. A Source that is an agency's
// code (Reuters' "X90024") adds that agency's name.
func creditColumns(r *Record, credit string) {
	if credit != "" && credit != r.Agency {
		chain := []string{credit}
		for _, a := range r.Agencies {
			if !SameAgency(a, credit) {
				chain = append(chain, a)
			}
		}
		r.Agency, r.Agencies = credit, chain
	}
	if credit != "" {
		r.AgencyAsWritten = credit // the column as spelled, over the text's
	}
	src := r.Source
	if src == "" {
		return
	}
	name := src
	if _, ok := LookupAgency(src); !ok {
		a, ok := SourceCode(src)
		if !ok {
			return
		}
		name = a.Name
	}
	for _, a := range r.Agencies {
		if SameAgency(a, name) {
			return
		}
	}
	if r.Agency == "" {
		r.Agency, r.AgencyAsWritten = name, name
		if len(r.Agencies) > 0 {
			r.Agencies = append([]string{name}, r.Agencies...)
			return
		}
	}
	if len(r.Agencies) == 0 && r.Agency != name {
		r.Agencies = []string{r.Agency}
	}
	r.Agencies = append(slices.Clip(r.Agencies), name)
}

// SameAgency reports whether a and b name one agency: the same words
// (metadata.FoldName: "REUTERS" and "Reuters"), or two spellings of one
// agency of the built-in table ("EPA-EFE" and "EPA", "Getty Images North
// America" and "Getty Images"). Whole values are compared; a chain
// ("AFP/Getty Images") is not split.
func SameAgency(a, b string) bool {
	ka, kb := metadata.FoldName(a), metadata.FoldName(b)
	if ka == "" || kb == "" {
		return false
	}
	if ka == kb {
		return true
	}
	x, ok1 := LookupAgency(a)
	y, ok2 := LookupAgency(b)
	return ok1 && ok2 && x == y
}

// dropCode removes the problems of code c (an explicit column gave what
// the caption text lacked).
func (r *Record) dropCode(c ProblemCode) {
	r.Problems = slices.DeleteFunc(r.Problems, func(p Problem) bool { return p.Code == c })
}

func (r *Record) hasCode(c ProblemCode) bool {
	return slices.ContainsFunc(r.Problems, func(p Problem) bool { return p.Code == c })
}

// partialDate reports whether s is a year or a year and month as XMP
// allows them: YYYY, YYYY-MM, YYYY:MM.
func partialDate(s string) bool {
	switch len(s) {
	case 4:
		return allDigits(s)
	case 7:
		return allDigits(s[:4]) && (s[4] == '-' || s[4] == ':') && allDigits(s[5:])
	}
	return false
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// parseColumnDate accepts YYYY-MM-DD, YYYY:MM:DD (exiftool's form of IIM
// DateCreated), "YYYY:MM:DD hh:mm:ss" and ISO 8601 with a time (anything
// after a space or 'T' is the time and is ignored), and IIM's own
// YYYYMMDD.
func parseColumnDate(s string) (y, m, d int, ok bool) {
	if len(s) == 8 && allDigits(s) {
		s = s[0:4] + "-" + s[4:6] + "-" + s[6:8]
	}
	if len(s) < 10 || (len(s) > 10 && s[10] != ' ' && s[10] != 'T') {
		return 0, 0, 0, false
	}
	sep := s[4]
	if (sep != '-' && sep != ':') || s[7] != sep {
		return 0, 0, 0, false
	}
	var n [3]int
	for i, part := range []string{s[0:4], s[5:7], s[8:10]} {
		if !allDigits(part) {
			return 0, 0, 0, false
		}
		for _, c := range []byte(part) {
			n[i] = n[i]*10 + int(c-'0')
		}
	}
	if n[0] < 1 || !validDay(n[1], n[2]) {
		return 0, 0, 0, false
	}
	return n[0], n[1], n[2], true
}

// csv reads a CSV file whose first row names the columns. A row that
// cannot be kept (csvReader: too many fields, a field or the row too
// long) is a record with an error on its line, and the rows after it are
// read; only a quote that is never closed ends the file.
func (p *parser) csv(br *bufio.Reader) ([]Record, error) {
	cr := newCSVReader(br, p.comma)
	hr, err := cr.next()
	if err == io.EOF {
		return nil, nil
	}
	if err != nil {
		return nil, p.readErr(err)
	}
	if hr.skip != skipNone {
		what, unclosed := rowOver(hr)
		return nil, &ParseError{File: p.name, Line: hr.line, Msg: "expected a CSV header row, found one with " + what + unclosed + " (not CSV?)"}
	}
	header, headerLine := hr.fields, hr.line
	cols := make([]alias, len(header))
	var ignored []string
	export := slices.ContainsFunc(header, isSourceFile)
	for i, h := range header {
		a, ok := exportColumn(h, export)
		if !ok {
			a = alias{col: colUnused}
			ignored = append(ignored, columnName(h))
		}
		cols[i] = a
	}
	if n := ignoredNote(ignored, "columns"); n != "" {
		p.notes = append(p.notes, n)
	}
	var recs []Record
	for {
		row, err := cr.next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return recs, p.readErr(err)
		}
		if row.skip != skipNone {
			r := Record{Line: row.line}
			r.fail(ProblemTooLong, rowTrouble(row))
			recs = append(recs, r)
			continue
		}
		line := row.line
		f := fields{export: export}
		for i, v := range row.fields {
			if i < len(cols) {
				f.set(cols[i], v)
			}
		}
		if f.empty() && (len(row.fields) <= len(cols) || blankRow(row.fields)) {
			// A row of only commas and spaces (a spreadsheet's empty
			// rows, however wide) is no record.
			continue
		}
		r := p.record(line, &f)
		if len(row.fields) != len(cols) {
			r.dropCode(ProblemNoText) // the missing fields say why
			r.fail(ProblemSyntax, fmt.Sprintf("expected %d fields as in the header on line %d, found %d", len(cols), headerLine, len(row.fields)))
		}
		if row.unclosed {
			// The rows after the quote went into the field: never write it.
			r.fail(ProblemSyntax, fmt.Sprintf("expected the quote that opens a field on line %d to be closed, found the end of the file (line %d): the field holds every line after it", row.openLine, row.lastLine))
		}
		recs = append(recs, r)
	}
	return recs, nil
}

// rowTrouble says why row was skipped: "row at line 3 has 1,000,000
// fields, more than the 4,096 captag reads; skipped".
func rowTrouble(row csvRow) string {
	what, rest := rowOver(row)
	if rest == "" {
		rest = "; skipped"
	}
	return fmt.Sprintf("row at line %d has %s%s", row.line, what, rest)
}

// rowOver says what in row is over the caps ("1,000,000 fields, more
// than the 4,096 captag reads"), and, when its last field is a quote never
// closed, that the rest of the file went into it.
func rowOver(row csvRow) (what, unclosed string) {
	switch row.skip {
	case skipManyFields:
		what = fmt.Sprintf("%s fields, more than the %s captag reads", thousands(int64(row.nfields)), thousands(MaxCSVFields))
	case skipLongField:
		at := ""
		if row.longTo != row.longFrom {
			// A quoted field over many lines: most often a quote left
			// open, closed by a later row's.
			at = fmt.Sprintf(" (lines %d to %d)", row.longFrom, row.longTo)
		}
		what = fmt.Sprintf("a field of %s bytes%s, more than the %s captag reads of one field", thousands(row.longest), at, thousands(MaxCSVFieldBytes))
	default:
		what = fmt.Sprintf("%s bytes in its fields, more than the %s captag reads of one row", thousands(row.bytes), thousands(MaxRecordBytes))
	}
	if row.unclosed {
		// Nothing closes it: the rest of the file went into that field.
		unclosed = fmt.Sprintf("; its quote opened on line %d is never closed, so the rest of the file (to line %d) is that field, and is skipped", row.openLine, row.lastLine)
	}
	return what, unclosed
}

// jsonl reads JSON Lines: one object per non-blank line.
func (p *parser) jsonl(br *bufio.Reader) ([]Record, error) {
	lr := &lineReader{br: br}
	var recs []Record
	for {
		line, long, ok, err := lr.next()
		if err != nil {
			return recs, p.readErr(err)
		}
		if !ok {
			break
		}
		if long {
			r := Record{Line: lr.line}
			r.fail(ProblemTooLong, fmt.Sprintf("record longer than %d bytes (%d bytes on one line); skipped", MaxRecordBytes, lr.size))
			recs = append(recs, r)
			p.nonObjects++
			continue
		}
		if isBlank(line) {
			continue
		}
		recs = append(recs, p.object(lr.line, bytes.TrimSpace(line)))
		if len(recs) == maxLeadingBadLines && p.nonObjects == len(recs) {
			// Not JSON Lines at all (`yes`, a text file read as JSON
			// Lines): stop, rather than keep a record per line of an
			// input that may never end.
			return nil, &ParseError{File: p.name, Line: recs[0].Line,
				Msg: fmt.Sprintf("expected JSON Lines caption records, found %d lines in a row that are not JSON objects (line %d: %s); stopped",
					len(recs), recs[0].Line, recs[0].Problems[0].Message)}
		}
	}
	return recs, nil
}

// maxLeadingBadLines is how many lines (values) that are not JSON objects
// a JSON Lines file (a JSON array) may start with before it is taken for
// something else.
const maxLeadingBadLines = 100

// object turns one JSON object into a Record.
func (p *parser) object(line int, raw []byte) Record {
	if len(raw) > MaxRecordBytes {
		r := Record{Line: line}
		r.fail(ProblemTooLong, fmt.Sprintf("record longer than %d bytes; skipped", MaxRecordBytes))
		return r
	}
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(raw, &obj); err != nil || obj == nil {
		r := Record{Line: line}
		msg := "null"
		if err != nil {
			msg = err.Error()
		}
		r.fail(ProblemSyntax, "expected a JSON object of caption fields, found "+msg)
		p.nonObjects++
		return r
	}
	var f fields
	var bad []string
	keys := make([]string, 0, len(obj))
	for k := range obj {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	export := slices.ContainsFunc(keys, isSourceFile)
	f.export = export
	for _, k := range keys {
		v := obj[k]
		a, ok := exportColumn(k, export)
		if !ok {
			p.ignoreKey(k)
			continue
		}
		if a.col == colUnused {
			continue
		}
		if msg := setJSON(&f, a, v); msg != "" {
			bad = append(bad, fmt.Sprintf("expected %s for key %q, found %s", msg, k, abbreviate(string(v), 40)))
		}
	}
	r := p.record(line, &f)
	slices.Sort(bad)
	for _, b := range bad {
		r.fail(ProblemSyntax, b)
	}
	return r
}

// setJSON sets one JSON value of column a: a string; a number or a
// boolean as written (exiftool -j writes ObjectName 4321 and
// OriginalTransmissionReference 12345 as numbers); an array of these (a
// list for creators and keywords, else its items joined with "; "); an
// object of language alternatives (exiftool -struct) by its "x-default".
// It returns what was expected when v is none of these.
func setJSON(f *fields, a alias, v json.RawMessage) string {
	if s, ok := jsonScalar(v); ok {
		f.set(a, s)
		return ""
	}
	var list []json.RawMessage
	if json.Unmarshal(v, &list) == nil {
		items := make([]string, 0, len(list))
		for _, item := range list {
			s, ok := jsonScalar(item)
			if !ok {
				return "a string or a list of strings"
			}
			items = append(items, s)
		}
		if a.col == colCreator || a.col == colCreatorWritten || a.col == colKeywords || a.col == colPersons {
			f.setList(a, items)
		} else {
			f.set(a, strings.Join(items, "; "))
		}
		return ""
	}
	var alt map[string]json.RawMessage
	if json.Unmarshal(v, &alt) == nil {
		if d, ok := alt["x-default"]; ok {
			if s, ok := jsonScalar(d); ok {
				f.set(a, s)
				return ""
			}
		}
		return "a string or an object with an \"x-default\" string"
	}
	return "a string"
}

// jsonScalar returns a JSON string's text, a number or boolean as
// written, and "" for null.
func jsonScalar(v json.RawMessage) (string, bool) {
	v = bytes.TrimSpace(v)
	if len(v) == 0 {
		return "", false
	}
	switch c := v[0]; {
	case c == '"':
		var s string
		if json.Unmarshal(v, &s) != nil {
			return "", false
		}
		return s, true
	case string(v) == "null":
		return "", true
	case string(v) == "true" || string(v) == "false":
		return string(v), true
	case c == '-' || ('0' <= c && c <= '9'):
		var n json.Number
		if json.Unmarshal(v, &n) != nil {
			return "", false
		}
		return n.String(), true
	}
	return "", false
}

// columnName is a column's name for a note.
func columnName(h string) string {
	h = strings.TrimSpace(strings.TrimPrefix(h, "\uFEFF"))
	if h == "" || len(h) > 64 || !utf8.ValidString(h) {
		return strconv.Quote(abbreviate(h, 64))
	}
	return h
}

// ignoreKey records a JSON key captag does not use, once per file, for
// the file's note.
func (p *parser) ignoreKey(k string) {
	if p.ignoredKeys == nil {
		p.ignoredKeys = map[string]bool{}
	}
	if !p.ignoredKeys[k] && len(p.ignoredKeys) < maxIgnoredKeys {
		p.ignoredKeys[k] = true
	}
}

// maxIgnoredKeys caps the distinct ignored JSON keys kept for the note.
const maxIgnoredKeys = 1024

func abbreviate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
}
