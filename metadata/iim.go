package metadata

import (
	"bytes"
	"crypto/md5"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/captag/captag/metadata/date"
	"github.com/captag/captag/metadata/field"
	"github.com/captag/captag/metadata/iim"
)

// Photoshop image resource blocks (Adobe Photoshop File Formats
// Specification, "Image Resource Blocks"): signature, u16 id, Pascal name
// padded to even, u32 size, data padded to even. Each resource and IIM
// dataset is read by package iim.
// Walked with package iim.
const (
	irbMaxResources = 4096    // resources walked before giving up
	irbMaxIIMBlocks = 16      // IPTC-NAA resources read from one file
	iimMaxDatasets  = 8192    // datasets walked before giving up
	iimMaxValue     = 1 << 20 // a value longer than this is refused (IIM allows 2000 bytes for a caption)
)

// MaxListItems is how many keywords or creators a read keeps of one
// store (IIM 2:25 and 2:80, XMP dc:subject and dc:creator): many times
// what a real file carries (stock agencies send a few dozen keywords),
// and what a Photoshop APP13 segment of 64 KiB holds of keywords of a
// dozen bytes. More is a warning naming the count; embedding refuses such
// a file rather than drop any.
const MaxListItems = 4096

// photoshopResources walks Photoshop image resource blocks and returns
// the data of every IPTC-NAA resource (0x0404), in order, and of the first
// IPTC digest (0x0425), nil when absent. A TIFF reader that finds the IIM
// block in tag 33723 can take the digest from the IRB of tag 34377 with it.
func photoshopResources(b []byte) (iims iimBlocks, digest []byte, warns []Warning) {
	warn := func(code WarningCode, format string, args ...any) {
		warns = append(warns, Warning{Code: code, Store: StoreIPTC, Message: "iptc: " + fmt.Sprintf(format, args...)})
	}
	pos := 0
	for n := 0; pos < len(b); n++ {
		if n == irbMaxResources {
			warn(WarnGeneral, "expected at most %d Photoshop image resources, found more; the rest are skipped", irbMaxResources)
			break
		}
		if allZero(b[pos:]) {
			break // padding after the last resource
		}
		r, err := iim.ResourceAt(b, pos)
		if err != nil {
			e := err.(*iim.Error)
			switch e.Kind {
			case iim.ShortHeader:
				warn(WarnTruncated, "expected a Photoshop image resource header at offset %d, found %d bytes", pos, e.Have)
			case iim.BadSignature:
				warn(WarnGeneral, "expected a Photoshop image resource signature (8BIM) at offset %d, found % x; the rest is skipped", pos, e.Found)
			case iim.NoSize:
				warn(WarnTruncated, "expected Photoshop image resource 0x%04x at offset %d to have a size, found the end of the data", e.ID, pos)
			default: // iim.ShortData
				warn(WarnTruncated, "expected Photoshop image resource 0x%04x of %d bytes, found %d", e.ID, e.Size, e.Have)
			}
			break
		}
		if r.Sig == iim.SigPhotoshop { // the others are walked over, never read
			data := r.Data
			switch r.ID {
			case iim.ResourceIPTC:
				switch {
				case iims.len() < irbMaxIIMBlocks:
					iims.add(data)
				case !iims.capped:
					iims.capped = true
					warn(WarnGeneral, "expected at most %d IPTC-NAA resources (0x0404), found more; the rest are skipped", irbMaxIIMBlocks)
				}
			case iim.ResourceDigest:
				if digest == nil {
					digest = data
				}
			}
		}
		pos = r.End
	}
	return iims, digest, warns
}

// iimBlocks are the IPTC-NAA blocks found in Photoshop resources, in
// order. The first is kept apart so that the usual single block costs no
// allocation.
type iimBlocks struct {
	first  []byte
	rest   [][]byte
	n      int
	capped bool // more than irbMaxIIMBlocks were found
}

func (b *iimBlocks) add(d []byte) {
	if b.n == 0 {
		b.first = d
	} else {
		b.rest = append(b.rest, d)
	}
	b.n++
}

func (b *iimBlocks) len() int { return b.n }

func (b *iimBlocks) at(i int) []byte {
	if i == 0 {
		return b.first
	}
	return b.rest[i-1]
}

func allZero(b []byte) bool {
	for _, c := range b {
		if c != 0 {
			return false
		}
	}
	return true
}

// readPhotoshopIRB reads Photoshop image resource blocks (the APP13 payload
// after its "Photoshop 3.0\x00" header, all APP13 segments joined, or TIFF
// tag 34377), finds every IPTC-NAA block 0x0404 and the IPTC digest 0x0425,
// and returns the IPTC store (nil when absent) and warnings.
//
// Several IPTC blocks (several APP13 segments, or one written by each of
// several programs) are merged in order as exiftool reads them: a field
// takes the value of the first block that has it, later blocks fill only
// what earlier ones lack (a list such as By-line or Keywords is taken whole
// from the first block that has one), and a later block that says
// something else is a warning. The digest is checked against the first
// block, as Photoshop computes it and exiftool checks it.
func readPhotoshopIRB(b []byte) (*Store, []Warning) {
	iims, digest, warns := photoshopResources(b)
	if iims.len() == 0 {
		return nil, warns
	}
	st, w := readIIM(iims.at(0), digest)
	warns = append(warns, w...)
	for i := 1; i < iims.len(); i++ {
		next, w := readIIM(iims.at(i), nil)
		for _, x := range w {
			x.Message = fmt.Sprintf("iptc: block %d of %d: %s", i+1, iims.len(), strings.TrimPrefix(x.Message, "iptc: "))
			warns = append(warns, x)
		}
		st, warns = mergeIIMBlock(st, next, i+1, warns)
	}
	return st, warns
}

// iimMergeOrder is the order in which mergeIIMBlock compares the fields
// of two blocks (and so the order of its warnings): every field a Store
// keeps, and the date.
var iimMergeOrder = [...]field.ID{
	field.Creator, field.DateCreated, field.Credit, field.Source, field.Copyright,
	field.Description, field.Headline, field.Title, field.Keywords,
	field.City, field.Sublocation, field.Region, field.Country, field.CountryCode,
}

// mergeIIMBlock adds block n's store to the stores of the blocks before
// it (st, nil when none had a value): see readPhotoshopIRB.
func mergeIIMBlock(st, next *Store, n int, warns []Warning) (*Store, []Warning) {
	if next == nil {
		return st, warns
	}
	if st == nil {
		return next, warns
	}
	disagree := func(name, had, got string) {
		warns = append(warns, Warning{Code: WarnGeneral, Store: StoreIPTC, Message: fmt.Sprintf(
			"iptc: expected IPTC block %d to agree with the blocks before it, found %s %q where they have %q; the first is read", n, name, got, had)})
	}
	text := func(name string, dst *string, src string) {
		switch {
		case src == "":
		case *dst == "":
			*dst = src
		case *dst != src:
			disagree(name, *dst, src)
		}
	}
	list := func(name string, dst *[]string, src []string) {
		a, b := strings.Join(*dst, "; "), strings.Join(src, "; ")
		switch {
		case len(src) == 0:
		case len(*dst) == 0:
			*dst = src
		case a != b:
			disagree(name, a, b)
		}
	}
	for _, f := range iimMergeOrder {
		switch {
		case f == field.DateCreated:
			switch {
			case next.Date.IsZero():
			case st.Date.IsZero():
				st.Date = next.Date
			case st.Date != next.Date:
				disagree(f.IIMRef(), st.Date.String(), next.Date.String())
			}
		case st.listOf(f) != nil:
			list(f.IIMRef(), st.listOf(f), *next.listOf(f))
		default:
			text(f.IIMRef(), st.textOf(f), *next.textOf(f))
		}
	}
	if st.Charset == "" {
		st.Charset = next.Charset
	}
	return st, warns
}

// iimDataset is one dataset as found, value not yet decoded.
type iimDataset struct {
	record, number uint8
	value          []byte
	at             int // offset of value in the block
}

// iimReads reports whether the reader keeps record-2 dataset num: the
// datasets of the fields a Store keeps, and the date and time.
func iimReads(num uint8) (field.ID, bool) {
	f := field.ByDataset(2, num)
	return f, Keeps(f) || f == field.DateCreated || f == field.TimeCreated
}

// readIIM reads a bare IIM stream (0x0404 data, or TIFF tag 33723). digest
// is the 0x0425 value when one was found (nil otherwise).
//
// Text is decoded by the 1:90 coded character set: ESC % G is UTF-8;
// ESC - A, ESC . A and ESC % A are ISO 8859-1 (read as its superset
// Windows-1252, as writers meant). Without a marker, text that is valid
// UTF-8 is read as UTF-8, anything else as Windows-1252, and non-ASCII text
// in either case gets a WarnIIMCharset warning.
func readIIM(b []byte, digest []byte) (*Store, []Warning) {
	var warns []Warning
	warn := func(code WarningCode, format string, args ...any) {
		warns = append(warns, Warning{Code: code, Store: StoreIPTC, Message: "iptc: " + fmt.Sprintf(format, args...)})
	}

	if digest != nil {
		sum := md5.Sum(b)
		if !bytes.Equal(digest, sum[:]) {
			warn(WarnDigestStale, "expected the IPTC digest to match the IIM block, found a stale digest; another program edited the IIM after the XMP was written, so the two may disagree")
		}
	}

	// Walk the datasets first: the charset marker may come late. A wire
	// picture has a dozen; the first ones fit in a buffer on the stack.
	var setsBuf [32]iimDataset
	sets, marker, markerSeen := walkIIM(b, setsBuf[:0], warn)
	dec, charset := iimDecoder(marker, markerSeen, sets, warn)

	st := &Store{Kind: StoreIPTC, Charset: charset}
	date, tm, found := fillIIMStore(st, sets, dec, warn)
	switch {
	case date != "":
		d, err := iimDate(date, tm, warn)
		if err != nil {
			warns = append(warns, Warning{Code: WarnBadDate, Store: StoreIPTC, Message: err.Error()})
		}
		st.Date = d
	case tm != "":
		warn(WarnBadDate, "expected a %s date with the %s time, found only the time %q", field.DateCreated.IIM(), field.TimeCreated.IIM(), tm)
	}
	if !found {
		return nil, warns
	}
	return st, warns
}

// walkIIM walks the datasets of an IIM block and appends to sets those of
// record 2 that captag reads (iimReads), in order; marker is the first
// 1:90 coded character set, markerSeen whether there is one.
func walkIIM(b []byte, sets []iimDataset, warn func(WarningCode, string, ...any)) (_ []iimDataset, marker []byte, markerSeen bool) {
	record2Before := 0
	for pos := 0; pos < len(b); {
		if len(sets) == iimMaxDatasets {
			warn(WarnGeneral, "expected at most %d datasets, found more; the rest are skipped", iimMaxDatasets)
			break
		}
		rec, num, v, next, ok := iimDatasetAt(b, pos, warn)
		if !ok {
			break
		}
		pos = next
		switch {
		case v == nil: // too long, skipped
		case rec == 1 && num == 90:
			if !markerSeen {
				marker, markerSeen = v, true
				if record2Before > 0 {
					warn(WarnIIMCharset, "expected the 1:90 character set before the record 2 datasets, found it after %d of them; other programs may decode the text as Latin-1", record2Before)
				}
			}
		case rec == 2:
			if !markerSeen {
				record2Before++
			}
			if _, ok := iimReads(num); ok {
				sets = append(sets, iimDataset{rec, num, v, next - len(v)})
			}
		}
	}
	return sets, marker, markerSeen
}

// iimDatasetAt reads the dataset header at pos: its record, number and
// value, and where the next dataset starts. v is nil for a value longer
// than iimMaxValue (skipped with a warning; any other value, even empty,
// is a non-nil slice of b); ok is false when the walk
// must stop (no tag, a cut or malformed header: warned, except zero
// padding at the end).
func iimDatasetAt(b []byte, pos int, warn func(WarningCode, string, ...any)) (rec, num uint8, v []byte, next int, ok bool) {
	if b[pos] != iim.Tag { // checked here: zero padding ends most blocks, and is no error
		if !allZero(b[pos:]) {
			warn(WarnGeneral, "expected a dataset tag 0x1c at offset %d, found 0x%02x; the rest of the block is skipped", pos, b[pos])
		}
		return 0, 0, nil, 0, false
	}
	d, err := iim.DatasetAt(b, pos)
	if err != nil {
		e := err.(*iim.Error)
		switch e.Kind {
		case iim.ShortHeader:
			warn(WarnTruncated, "expected a dataset header at offset %d, found %d bytes", pos, e.Have)
		case iim.BadExtLength:
			warn(WarnGeneral, "expected an extended length of 1 to %d bytes for dataset %d:%02d, found %d; the rest of the block is skipped", iim.MaxExtLenSize, e.Rec, e.Num, e.Size)
		default: // iim.ShortData
			warn(WarnTruncated, "expected dataset %d:%02d of %d bytes, found %d", e.Rec, e.Num, e.Size, e.Have)
		}
		return 0, 0, nil, 0, false
	}
	if len(d.Value) > iimMaxValue {
		warn(WarnGeneral, "expected dataset %d:%02d of at most %d bytes, found %d; it is skipped", d.Rec, d.Num, iimMaxValue, len(d.Value))
		return d.Rec, d.Num, nil, d.End, true
	}
	return d.Rec, d.Num, d.Value, d.End, true
}

// fillIIMStore decodes the datasets into st: the first of each (every
// keyword and by-line, up to MaxListItems, a warning naming the count
// beyond), warning of repeats. It
// returns the 2:55 date and 2:60 time as written, and whether any dataset
// had a value.
func fillIIMStore(st *Store, sets []iimDataset, dec func([]byte) string, warn func(WarningCode, string, ...any)) (date, tm string, found bool) {
	var seen [256]int
	for _, d := range sets {
		seen[d.number]++
		f := field.ByDataset(2, d.number)
		if !f.Row().Repeatable && seen[d.number] > 1 {
			if seen[d.number] == 2 {
				warn(WarnGeneral, "expected one %s, found more; the first is read", f.IIMRef())
			}
			continue
		}
		v := dec(d.value)
		if v == "" {
			continue
		}
		found = true
		switch f {
		case field.DateCreated:
			date = v
		case field.TimeCreated:
			tm = v
		case field.Description:
			st.Description = normalizeNewlines(v)
		default:
			if l := st.listOf(f); l != nil {
				if len(*l) < MaxListItems {
					*l = append(*l, v)
				}
			} else if t := st.textOf(f); t != nil {
				*t = v
			}
		}
	}
	for _, f := range [...]field.ID{field.Keywords, field.Creator} {
		if num := f.IIM().Number; seen[num] > MaxListItems {
			warn(WarnTruncated, "expected at most %d %s, found %d; the first %d are read", MaxListItems, f.IIMRef(), seen[num], MaxListItems)
		}
	}
	return date, tm, found
}

// iimDate reads the 2:55 date with the 2:60 time. A date written with
// separators is read as CCYYMMDD (as exiftool does), a date whose time is
// unusable is kept without it; each with a warning. An unusable date is
// the zero Date and the error saying why.
func iimDate(dt, tm string, warn func(WarningCode, string, ...any)) (date.Date, error) {
	if c, ok := compactIIMDate(dt); ok {
		warn(WarnGeneral, "expected the %s as CCYYMMDD, found %q; read as %s (as exiftool does)", field.DateCreated.IIMRef(), dt, c)
		dt = c
	}
	d, err := date.ParseIIMDate(dt, tm)
	if err != nil && tm != "" {
		// Keep the calendar date when only the time is unusable.
		if d2, err2 := date.ParseIIMDate(dt, ""); err2 == nil {
			warn(WarnBadDate, "%s; the date is read without the time", strings.TrimPrefix(err.Error(), "iptc: "))
			return d2, nil
		}
	}
	return d, err
}

// compactIIMDate turns a 2:55 date written with separators ("2015-01-22",
// "2015:01:22", "2015/01/22", "2015.01.22") into the CCYYMMDD form IIM
// prescribes. ok is false for anything else.
func compactIIMDate(s string) (string, bool) {
	s = strings.TrimSpace(s)
	if len(s) != 10 {
		return "", false
	}
	for i := 0; i < len(s); i++ {
		switch i {
		case 4, 7:
			if !strings.ContainsRune("-:./ ", rune(s[i])) {
				return "", false
			}
		default:
			if s[i] < '0' || s[i] > '9' {
				return "", false
			}
		}
	}
	return s[:4] + s[5:7] + s[8:], true
}

// iimDecoder picks how record-2 text is decoded, from the 1:90 marker or,
// without one, from the bytes themselves.
func iimDecoder(marker []byte, markerSeen bool, sets []iimDataset, warn func(WarningCode, string, ...any)) (func([]byte) string, string) {
	if markerSeen {
		switch string(marker) {
		case "\x1b%G":
			for _, d := range sets {
				if i := FirstInvalidUTF8(d.value); i >= 0 {
					warn(WarnIIMCharset, "expected UTF-8 text after the 1:90 UTF-8 marker, found the byte 0x%02x in %s at offset %d of the IIM block; the value is shown with U+FFFD in its place (embedding never writes it so)", d.value[i], field.ByDataset(2, d.number).IIMRef(), d.at+i)
					break
				}
			}
			return decodeUTF8, "utf-8"
		case "\x1b-A", "\x1b.A", "\x1b%A":
			return decodeWindows1252, "iso-8859-1"
		}
		warn(WarnIIMCharset, "expected a known 1:90 character set (ESC %% G for UTF-8), found % x; the text is read as if unmarked", marker)
	}
	ascii, valid := true, true
	for _, d := range sets {
		for _, c := range d.value {
			if c >= 0x80 {
				ascii = false
				break
			}
		}
		valid = valid && utf8.Valid(d.value)
	}
	switch {
	case ascii:
		return decodeUTF8, ""
	case valid:
		warn(WarnIIMCharset, "expected a 1:90 UTF-8 marker before non-ASCII text, found none; read as UTF-8 (the bytes are valid UTF-8)")
		return decodeUTF8, "utf-8 (unmarked)"
	}
	warn(WarnIIMCharset, "expected a 1:90 UTF-8 marker before non-ASCII text, found none; read as Windows-1252")
	return decodeWindows1252, "windows-1252 (assumed)"
}

// trimIIM cuts a value at its first NUL (IIM text has none; writers pad
// with them, and exiftool stops there too) and drops trailing spaces.
func trimIIM(b []byte) []byte {
	if i := bytes.IndexByte(b, 0); i >= 0 {
		b = b[:i]
	}
	return bytes.TrimRight(b, " ")
}

// FirstInvalidUTF8 is the index of the first byte of b that is not part
// of valid UTF-8 (the offset an IIM warning names); -1 when b is valid.
func FirstInvalidUTF8(b []byte) int {
	for i := 0; i < len(b); {
		r, n := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && n <= 1 {
			return i
		}
		i += n
	}
	return -1
}

func decodeUTF8(b []byte) string {
	return strings.ToValidUTF8(string(trimIIM(b)), "\uFFFD")
}

func decodeWindows1252(b []byte) string {
	b = trimIIM(b)
	return string(AppendWindows1252(make([]byte, 0, len(b)+len(b)/2), b))
}

// normalizeNewlines turns CRLF and lone CR into LF.
func normalizeNewlines(s string) string {
	if !strings.Contains(s, "\r") {
		return s
	}
	return strings.ReplaceAll(strings.ReplaceAll(s, "\r\n", "\n"), "\r", "\n")
}
