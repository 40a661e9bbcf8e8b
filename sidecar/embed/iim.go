package embed

import (
	"bytes"
	"crypto/md5"
	"fmt"
	"unicode/utf8"

	"github.com/captag/captag/metadata"
	"github.com/captag/captag/metadata/field"
	"github.com/captag/captag/metadata/iim"
	"github.com/captag/captag/sidecar"
)

// Photoshop image resources (Adobe Photoshop File Formats Specification,
// "Image Resource Blocks") and IPTC-IIM datasets (IIM 4.2), read and
// written with package iim.
const (
	irbSig            = iim.SigPhotoshop
	irbResourceIPTC   = iim.ResourceIPTC
	irbResourceDigest = iim.ResourceDigest
	maxResources      = 4096
	maxDatasets       = 8192
)

// utf8Marker is dataset 1:90 announcing UTF-8 (ISO 2022 ESC % G).
var utf8Marker = []byte{0x1B, 0x25, 0x47}

// resource is one Photoshop image resource: raw is its whole block (with
// the padding of its data); data its data.
type resource struct {
	sig  string
	id   uint16
	name []byte // Pascal name with its length byte and padding
	data []byte
	raw  []byte
	at   int // the file offset of data
}

// parseIRB walks the Photoshop image resources of an APP13 payload (after
// "Photoshop 3.0\0"; off is its offset in the file) with package iim.
// Zero bytes after the last resource are padding.
func parseIRB(b []byte, off int) ([]resource, error) {
	var out []resource
	pos := 0
	for pos < len(b) {
		if allZero(b[pos:]) {
			break
		}
		if len(out) == maxResources {
			return nil, refuse(off+pos, "expected at most %d Photoshop image resources, found more", maxResources)
		}
		r, err := iim.ResourceAt(b, pos)
		if err != nil {
			e := err.(*iim.Error)
			switch e.Kind {
			case iim.ShortHeader:
				return nil, refuse(off+pos, "expected a Photoshop image resource header, found %d bytes", e.Have)
			case iim.BadSignature:
				return nil, refuse(off+pos, "expected a Photoshop image resource signature (8BIM), found % x", e.Found)
			case iim.NoSize:
				return nil, refuse(off+pos, "Photoshop image resource %04X: expected a size, found the end of the segment", e.ID)
			}
			// iim.ShortData
			return nil, refuse(off+pos, "Photoshop image resource %04X: expected %d bytes, found %d", e.ID, e.Size, e.Have)
		}
		out = append(out, resource{sig: r.Sig, id: r.ID, name: r.Name, data: r.Data, raw: b[r.Start:r.End], at: off + r.DataAt})
		pos = r.End
	}
	return out, nil
}

func allZero(b []byte) bool {
	for _, c := range b {
		if c != 0 {
			return false
		}
	}
	return true
}

// dataset is one IIM dataset; raw is its whole encoding as found.
type dataset struct {
	rec, num uint8
	value    []byte
	raw      []byte
	at       int // the offset of value, as parseIIM was given it
}

// parseIIM walks an IIM block (off is its offset in the file) with
// package iim. Zero bytes after the last dataset are padding and dropped.
func parseIIM(b []byte, off int) ([]dataset, error) {
	var out []dataset
	for pos := 0; pos < len(b); {
		d, err := iim.DatasetAt(b, pos)
		var e *iim.Error
		if err != nil {
			e = err.(*iim.Error)
		}
		if e != nil && e.Kind == iim.NotTag {
			if allZero(b[pos:]) {
				break
			}
			return nil, refuse(off+pos, "expected an IIM dataset tag 1C, found %02X", b[pos])
		}
		if len(out) == maxDatasets {
			return nil, refuse(off+pos, "expected at most %d IIM datasets, found %s", maxDatasets, countDatasets(b, maxDatasets))
		}
		if e != nil {
			switch e.Kind {
			case iim.ShortHeader:
				return nil, refuse(off+pos, "expected an IIM dataset header, found %d bytes", e.Have)
			case iim.BadExtLength:
				return nil, refuse(off+pos, "IIM dataset %d:%02d: expected an extended length of 1 to %d bytes, found %d", e.Rec, e.Num, iim.MaxExtLenSize, e.Size)
			}
			// iim.ShortData
			return nil, refuse(off+pos, "IIM dataset %d:%02d: expected %d bytes, found %d", e.Rec, e.Num, e.Size, e.Have)
		}
		out = append(out, dataset{rec: d.Rec, num: d.Num, value: d.Value, raw: b[d.Start:d.End], at: off + d.ValueAt})
		pos = d.End
	}
	return out, nil
}

// countDatasets is how many datasets the IIM block b holds ("8193"), for
// a message; "more" when its headers cannot be walked to the end. Only the
// headers are read.
func countDatasets(b []byte, atLeast int) string {
	n := 0
	for pos := 0; pos < len(b); n++ {
		d, err := iim.DatasetAt(b, pos)
		if err != nil {
			break
		}
		pos = d.End
	}
	if n <= atLeast {
		return "more"
	}
	return fmt.Sprint(n)
}

// iimWrites reports whether captag writes record-2 dataset num: the
// dataset of one of its properties (sidecar.Owns), or the time of its
// date. Its byte limit is the field table's; a dataset captag does not
// write is carried as it is, whatever its length.
func iimWrites(num uint8) (field.ID, bool) {
	f := field.ByDataset(2, num)
	return f, f == field.TimeCreated || f != field.None && sidecar.Owns(f)
}

// iimLimit is the byte limit of record-2 dataset num when captag writes
// it, else 0.
func iimLimit(num uint8) int {
	if f, ok := iimWrites(num); ok {
		return f.Limit()
	}
	return 0
}

// iimFieldName is "2:120 Caption-Abstract".
func iimFieldName(num uint8) string {
	return field.ByDataset(2, num).IIMRef()
}

// binaryDataset reports whether record-2 dataset num holds binary data,
// never text to convert.
func binaryDataset(num uint8) bool {
	switch num {
	case 0, 125, 150, 200, 201, 202:
		return true
	}
	return false
}

// iimEdit is what captag sets in the IIM block: for each dataset number
// the values (several for Keywords and By-line); an empty list removes
// the dataset.
type iimEdit map[uint8][]string

// cut shortens v to at most limit bytes at a character boundary.
func cut(v string, limit int) string {
	if len(v) <= limit {
		return v
	}
	i := limit
	for i > 0 && !utf8.RuneStart(v[i]) {
		i--
	}
	return v[:i]
}

// rebuildIIM returns the IIM block old (nil when there is none) with the
// datasets of edit set, in UTF-8 with the 1:90 marker: other datasets are
// kept in order, text in another character set is converted. It returns
// the names of the datasets whose value changed, and warnings for values
// cut at their IIM limit.
func rebuildIIM(old []byte, off int, edit iimEdit) (block []byte, changed, warns []string, err error) {
	sets, err := parseIIM(old, off)
	if err != nil {
		return nil, nil, nil, err
	}
	cs, warns, err := iimCharsetOf(sets, off)
	if err != nil {
		return nil, nil, nil, err
	}
	if cs.convert {
		before := make([]int, len(sets))
		for i, d := range sets {
			before[i] = len(d.value)
		}
		if n := toUTF8(sets, cs.marked); n > 0 {
			warns = append(warns, fmt.Sprintf("iptc: %d IIM values converted from Latin-1 (Windows-1252) to UTF-8", n))
		}
		// A value captag carries (it does not set it) that fitted its
		// dataset in Latin-1 and would not in UTF-8: written so, readers
		// flag it as too long; cut, text is lost. The file is left alone.
		// A field only a template sets is carried as it is when not set,
		// as before templates.
		for i, d := range sets {
			f, known := iimWrites(d.num)
			if _, set := edit[d.num]; d.rec != 2 || set || !known || sidecar.TemplateOnly(f) || before[i] > f.Limit() || len(d.value) <= f.Limit() {
				continue
			}
			return nil, nil, nil, refuse(off, "expected the IIM's Latin-1 values to fit their datasets once converted to UTF-8, found %s of %d bytes that would be %d, over the %d the IIM allows; converting would make it too long and cutting it would lose text", iimFieldName(d.num), before[i], len(d.value), f.Limit())
		}
	}
	want, cuts := wantedIIM(edit)
	warns = append(warns, cuts...)
	oldVals, hasRecord2 := oldIIMValues(sets, want)
	wr := iimWriter{want: want, oldVals: oldVals, hasRecord2: hasRecord2, done: map[uint8]bool{}}
	return wr.write(sets), iimChanges(want, oldVals, cs), warns, nil
}

// iimCharset is the character set of an IIM block's text.
type iimCharset struct {
	marker  []byte // the 1:90 value found
	marked  bool   // the block has a 1:90 dataset
	convert bool   // its text is Latin-1, to be converted to UTF-8
}

// iimCharsetOf returns the character set of the text of sets: UTF-8 or
// Latin-1 by its 1:90 dataset, or without one Latin-1 when the record-2
// text is neither ASCII nor valid UTF-8; a warning when unmarked text is
// valid UTF-8 (kept so), and a *RefusedError for another marked
// character set.
func iimCharsetOf(sets []dataset, off int) (cs iimCharset, warns []string, err error) {
	for _, d := range sets {
		if d.rec == 1 && d.num == 90 {
			cs.marker, cs.marked = d.value, true
			break
		}
	}
	switch {
	case cs.marked && bytes.Equal(cs.marker, utf8Marker):
	case cs.marked && (string(cs.marker) == "\x1b-A" || string(cs.marker) == "\x1b.A" || string(cs.marker) == "\x1b%A"):
		cs.convert = true
	case cs.marked:
		return cs, nil, refuse(off, "expected the IIM 1:90 character set to be UTF-8 or Latin-1, found % x; the text cannot be converted", cs.marker)
	default:
		ascii, valid := true, true
		for _, d := range sets {
			if d.rec != 2 || binaryDataset(d.num) {
				continue
			}
			for _, c := range d.value {
				if c >= 0x80 {
					ascii = false
				}
			}
			valid = valid && utf8.Valid(d.value)
		}
		if !ascii && !valid {
			cs.convert = true
		}
		if !ascii && valid {
			warns = append(warns, "iptc: the IIM text had no 1:90 character set and is valid UTF-8; it is kept as UTF-8 and marked so")
		}
	}
	return cs, warns, nil
}

// toUTF8 converts the non-ASCII record-2 text values of sets from Latin-1
// (read as Windows-1252, its superset, as captag reads it) to UTF-8, in
// place, and returns how many it converted. In an unmarked block a value
// that is valid UTF-8 is left: it is UTF-8 already.
func toUTF8(sets []dataset, marked bool) int {
	n := 0
	for i, d := range sets {
		if d.rec != 2 || binaryDataset(d.num) || isASCII(d.value) {
			continue
		}
		if !marked && utf8.Valid(d.value) {
			// Unmarked text mixing Latin-1 and UTF-8 (exiv2's
			// exiv2-bug501.jpg: "K\xc3\xa5lltorp" beside
			// "G\xf6teborg"): a non-ASCII value that is valid UTF-8
			// is UTF-8, not Latin-1 to be encoded twice.
			continue
		}
		v := metadata.AppendWindows1252(nil, d.value)
		sets[i].value = v
		sets[i].raw = iim.AppendDataset(nil, d.rec, d.num, v)
		n++
	}
	return n
}

// wantedIIM returns the values of edit to write, each cut at its
// dataset's byte limit, and a warning for each value cut.
func wantedIIM(edit iimEdit) (want map[uint8][][]byte, warns []string) {
	want = make(map[uint8][][]byte, len(edit))
	for n := range 256 { // in dataset order: the warnings come out the same every run
		num := uint8(n)
		vs, ok := edit[num]
		if !ok {
			continue
		}
		lim := iimLimit(num)
		list := make([][]byte, 0, len(vs))
		for _, v := range vs {
			if c := cut(v, lim); c != v {
				warns = append(warns, fmt.Sprintf("iptc: %s: expected at most %d bytes, found %d; cut to %q (the full text is in XMP)", iimFieldName(num), lim, len(v), c))
				v = c
			}
			list = append(list, []byte(v))
		}
		want[num] = list
	}
	return want, warns
}

// oldIIMValues returns the values sets holds for the datasets of want
// (trailing NULs and spaces trimmed), for the list of changes, and
// whether sets has any record-2 dataset.
func oldIIMValues(sets []dataset, want map[uint8][][]byte) (oldVals map[uint8][][]byte, hasRecord2 bool) {
	oldVals = map[uint8][][]byte{}
	for _, d := range sets {
		if d.rec == 2 {
			hasRecord2 = true
			if _, ok := want[d.num]; ok {
				oldVals[d.num] = append(oldVals[d.num], bytes.TrimRight(d.value, "\x00 "))
			}
		}
	}
	return oldVals, hasRecord2
}

// iimWriter writes the new IIM block: the 1:90 UTF-8 marker once, the
// record-2 version when the block had no record 2, and each wanted
// dataset once, where the old one was or in number order among the
// others.
type iimWriter struct {
	out            []byte
	want, oldVals  map[uint8][][]byte
	hasRecord2     bool
	markerDone     bool
	record2Started bool
	done           map[uint8]bool
}

// write returns the block: the datasets of sets in order, record 1's
// marker and the wanted record-2 datasets put in their places, and the
// wanted datasets the block lacked after the others.
func (w *iimWriter) write(sets []dataset) []byte {
	for _, d := range sets {
		switch {
		case d.rec == 1 && d.num == 90:
			continue // written once, in its place
		case d.rec == 1 && d.num < 90:
		case d.rec == 1:
			w.putMarker()
		case d.rec == 2:
			w.startRecord2()
			if d.num != 0 {
				w.putMissing(int(d.num))
			}
			if _, ok := w.want[d.num]; ok {
				w.putWanted(d.num)
				continue
			}
		default:
			w.startRecord2()
			w.putMissing(256)
		}
		w.out = append(w.out, d.raw...)
	}
	w.startRecord2()
	w.putMissing(256)
	return w.out
}

// putMarker writes 1:90 (UTF-8) unless it is written.
func (w *iimWriter) putMarker() {
	if !w.markerDone {
		w.out = iim.AppendDataset(w.out, 1, 90, utf8Marker)
		w.markerDone = true
	}
}

// putWanted writes the wanted values of dataset num unless they are
// written.
func (w *iimWriter) putWanted(num uint8) {
	if w.done[num] {
		return
	}
	w.done[num] = true
	for _, v := range w.want[num] {
		w.out = iim.AppendDataset(w.out, 2, num, v)
	}
}

// putMissing writes the wanted datasets below num that the block did
// not have, so they land in number order.
func (w *iimWriter) putMissing(below int) {
	for n := 0; n < below && n < 256; n++ {
		if _, ok := w.want[uint8(n)]; ok && !w.done[uint8(n)] && w.oldVals[uint8(n)] == nil {
			w.putWanted(uint8(n))
		}
	}
}

// startRecord2 writes, the first time, the marker and (for a block that
// had no record 2) dataset 2:00 Record Version 4.
func (w *iimWriter) startRecord2() {
	if w.record2Started {
		return
	}
	w.putMarker()
	w.record2Started = true
	if !w.hasRecord2 {
		w.out = iim.AppendDataset(w.out, 2, 0, []byte{0, 4}) // Record Version 4
	}
}

// iimChanges returns the names of the datasets whose value changes
// (sorted), led by "1:90 Coded Character Set" when the block was not
// marked UTF-8.
func iimChanges(want, oldVals map[uint8][][]byte, cs iimCharset) []string {
	var changed []string
	for num, vs := range want {
		if !equalValues(oldVals[num], vs) {
			changed = append(changed, iimFieldName(num))
		}
	}
	sortStrings(changed)
	if !cs.marked || !bytes.Equal(cs.marker, utf8Marker) {
		changed = append([]string{"1:90 Coded Character Set"}, changed...)
	}
	return changed
}

func equalValues(a, b [][]byte) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !bytes.Equal(a[i], b[i]) {
			return false
		}
	}
	return true
}

func sortStrings(s []string) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j] < s[j-1]; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}

func isASCII(b []byte) bool {
	for _, c := range b {
		if c >= 0x80 {
			return false
		}
	}
	return true
}

// rebuildIRB returns the Photoshop resources of an APP13 payload (nil: a
// new one) with the IIM block replaced by block and the IPTC digest set to
// its MD5 (without digest: no digest resource at all), every other
// resource kept in order.
func rebuildIRB(res []resource, block []byte, digest bool) []byte {
	sum := md5.Sum(block)
	var out []byte
	hasIIM, hasDigest := false, !digest
	for _, r := range res {
		if r.sig == irbSig && r.id == irbResourceDigest {
			hasDigest = true
		}
	}
	for _, r := range res {
		switch {
		case r.sig == irbSig && r.id == irbResourceIPTC:
			out = iim.AppendResource(out, r.id, r.name, block)
			hasIIM = true
			if !hasDigest {
				out = iim.AppendResource(out, irbResourceDigest, nil, sum[:])
				hasDigest = true
			}
		case r.sig == irbSig && r.id == irbResourceDigest && !digest:
			// Dropped: see reconcileIIM.
		case r.sig == irbSig && r.id == irbResourceDigest:
			out = iim.AppendResource(out, r.id, r.name, sum[:])
		default:
			out = append(out, r.raw...)
			if len(r.raw)%2 == 1 {
				out = append(out, 0) // the last resource of a payload may lack its pad byte
			}
		}
	}
	if !hasIIM {
		out = iim.AppendResource(out, irbResourceIPTC, nil, block)
		if !hasDigest {
			out = iim.AppendResource(out, irbResourceDigest, nil, sum[:])
		}
	}
	return out
}

// blockText is what the reconciliation needs of a file's IIM block: its
// keywords as text, the keywords that are not valid text, and warnings
// for each dataset the block declares UTF-8 (1:90) that is not.
type blockText struct {
	keywords    []string // 2:25 in UTF-8 (converted from Latin-1 where the block is), trimmed, none empty, in order
	rawKeywords []string // 2:25 values declared UTF-8 that are not, as found
	warns       []string
}

// readBlockText reads the IIM block old (nil: none), whose first byte is
// at file offset at. A value declared UTF-8 that is not valid UTF-8 is
// never decoded (no U+FFFD): it is named with the offset of its first
// invalid byte, and reconcileIIM leaves it out of the XMP.
func readBlockText(old []byte, at int) (bt blockText, err error) {
	sets, err := parseIIM(old, at)
	if err != nil {
		return bt, err
	}
	cs, _, err := iimCharsetOf(sets, at)
	if err != nil {
		return bt, err
	}
	if cs.convert {
		toUTF8(sets, cs.marked)
	}
	for _, d := range sets {
		if d.rec != 2 || binaryDataset(d.num) {
			continue
		}
		v := bytes.TrimRight(d.value, "\x00 ")
		if i := metadata.FirstInvalidUTF8(v); i >= 0 {
			bt.warns = append(bt.warns, fmt.Sprintf("iptc: 2:%02d at offset %d: expected UTF-8, as the IIM's 1:90 declares, found the byte %02X, which is not; the value is kept in the IIM as it is and not carried into the XMP", d.num, d.at+i, v[i]))
			if d.num == dsNum(field.Keywords) {
				bt.rawKeywords = append(bt.rawKeywords, string(v))
			}
			continue
		}
		if d.num == dsNum(field.Keywords) && len(v) > 0 {
			bt.keywords = append(bt.keywords, string(v))
		}
	}
	return bt, nil
}
