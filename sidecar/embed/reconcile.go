package embed

import (
	"bytes"
	"crypto/md5"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/captag/captag/metadata"
	"github.com/captag/captag/metadata/field"
	"github.com/captag/captag/metadata/xmp"
)

// How readers that follow Adobe's XMP Toolkit (Photoshop, Bridge,
// Lightroom; its ReconcileIPTC.cpp, Import2WayIPTC) use the IPTC digest
// (0x0425): a current digest means "the XMP says it all" and the IIM is
// ignored — and dropped from the file at their next save; a missing
// digest makes them take from the IIM what the XMP lacks; a stale one,
// what the IIM changed since. The Metadata Working Group's rules
// (exiftool's MWG tags) are the same for a stale digest. Embedding writes
// a current digest, so what those readers took from the IIM must be in
// the XMP first, or the digest left out.

// digestState says whether the Photoshop resources hold an IPTC digest
// and whether it is the MD5 of the IIM block iim.
func digestState(res []resource, iim []byte) (present, current bool) {
	sum := md5.Sum(iim)
	for _, r := range res {
		if r.sig == irbSig && r.id == irbResourceDigest {
			present = true
			current = bytes.Equal(r.data, sum[:])
		}
	}
	return present, current
}

// staleOrder are the fields staleDigestConflict compares, in the order it
// names the first that disagrees: every one-value field a Store keeps, and
// the creators (keywords aside).
var staleOrder = [...]field.ID{
	field.Description, field.Creator, field.Credit, field.Source, field.Copyright,
	field.Headline, field.Title, field.City, field.Sublocation, field.Region,
	field.Country, field.CountryCode,
}

// dsNum is the record-2 dataset number of field f.
func dsNum(f field.ID) uint8 { return f.IIM().Number }

// staleDigestConflict refuses a file whose IPTC digest is stale —
// another program changed the IIM after the XMP was written — when the
// IIM and the XMP disagree on a field captag does not set: such readers
// show the IIM's value now and would show the XMP's older one once the
// digest is current (keywords the XMP lacks are not refused: see
// unionKeywords). A dataset in
// kept (one that already says what captag would write, left as it is)
// counts as set: both values say the same.
func staleDigestConflict(res []resource, oldIIM []byte, edit iimEdit, kept map[uint8]bool, img *metadata.Image, off int) error {
	if img == nil || img.IPTC == nil || img.XMP == nil {
		return nil
	}
	if present, current := digestState(res, oldIIM); !present || current {
		return nil
	}
	for _, f := range staleOrder {
		num := dsNum(f)
		iv, xv := img.IPTC.Text(f), img.XMP.Text(f)
		if _, set := edit[num]; set || kept[num] || iv == "" || xv == "" || sameText(iv) == sameText(xv) {
			continue
		}
		return refuse(off, "expected the IIM and the XMP to agree where the IPTC digest is stale (another program edited the IIM after the XMP), found IIM %s %q and XMP %q; captag does not write that field, and a current digest would make readers switch to the XMP's value", f.IIMRef(), iv, xv)
	}
	return nil // keywords: unionKeywords puts them all in both stores
}

// unionKeywords makes the keywords of both stores their union: the merged
// XMP doc's dc:subject (the file's and the caption's) with the IIM's own
// that it lacks added after them, in the IIM's order. It returns whether
// doc changed. When the IIM then lacks one of them, or edit already sets
// 2:25, edit[25] is the union, followed by the IIM keywords that are not
// valid text (kept in the IIM as they were, never in the XMP). A keyword
// cut at the IIM's 64 bytes counts as the one it was cut from, and case
// does not count. More keywords than metadata.MaxListItems (what a read
// keeps) is a *RefusedError: some would be lost.
func unionKeywords(doc *xmp.Doc, bt blockText, edit iimEdit, off int) (added bool, err error) {
	kw := field.Keywords.XMP()
	n := prop(doc, kw.NS, kw.Name)
	union := texts(n)
	// A keyword of the IIM the XMP holds without the characters XML
	// forbids: the union keeps the IIM's bytes, so the IIM is written as
	// it was and a second run finds both stores as the first left them.
	for i, u := range union {
		for _, k := range bt.keywords {
			if k != u && xmp.Clean(k) == u {
				union[i] = k
				break
			}
		}
	}
	var missing []string
	for _, k := range bt.keywords {
		if !hasKeyword(union, k) {
			union = append(union, k)
			missing = append(missing, k)
		}
	}
	if total := len(union) + len(bt.rawKeywords); total > metadata.MaxListItems {
		return false, refuse(off, "expected at most %d keywords in the IIM, the XMP and the caption together, found %d; captag would lose some", metadata.MaxListItems, total)
	}
	if len(missing) > 0 {
		switch {
		case n != nil && (n.Kind == xmp.KindBag || n.Kind == xmp.KindSeq):
			for _, k := range missing {
				n.Items = append(n.Items, &xmp.Node{Kind: xmp.KindSimple, Value: k})
			}
		default:
			doc.Set(field.Keywords.Node(union...))
		}
		added = true
	}
	inIIM := true
	for _, k := range union {
		if !hasKeyword(bt.keywords, k) && !hasKeyword(bt.keywords, cut(k, field.Keywords.Limit())) {
			inIIM = false
			break
		}
	}
	if _, set := edit[dsNum(field.Keywords)]; set || !inIIM {
		if len(union) > 0 || len(bt.rawKeywords) > 0 {
			edit[dsNum(field.Keywords)] = append(union, bt.rawKeywords...)
		}
	}
	return added, nil
}

// hasKeyword reports whether list holds k, or a keyword k is the IIM cut
// of, case aside.
func hasKeyword(list []string, k string) bool {
	lim := field.Keywords.Limit()
	for _, v := range list {
		if strings.EqualFold(v, k) || strings.EqualFold(xmp.Clean(v), xmp.Clean(k)) || len(v) > lim && strings.EqualFold(cut(v, lim), k) {
			return true
		}
	}
	return false
}

// sameIIMValue reports whether IIM dataset num's value v says what one of
// the XMP's values have says: the same text (line ends and case aside), or
// the cut of it at the dataset's byte limit.
func sameIIMValue(num uint8, v string, have []string) bool {
	v = sameText(v)
	lim := iimLimit(num)
	for _, h := range have {
		h = sameText(h)
		if strings.EqualFold(v, h) || lim > 0 && len(h) > lim && strings.EqualFold(cut(h, lim), v) {
			return true
		}
	}
	return false
}

// adobeMapped is the field of record-2 dataset num when Adobe's toolkit
// takes it into XMP (the field table's Adobe column: its kKnownDataSets,
// and the three-way Exif-IIM-XMP set), with its property and form.
func adobeMapped(num uint8) (field.ID, field.Prop, bool) {
	f := field.ByDataset(2, num)
	return f, f.XMP(), f.Row().Adobe
}

// reconcileIIM copies into doc each value of the IIM block iim (UTF-8,
// as rebuildIIM returns it) that Adobe's readers take and doc lacks, and
// returns the properties added ("photoshop:Headline", listed with the
// XMP's changes), whether a digest may be written (a current one makes
// those readers ignore the IIM), and the warnings. No digest is written
// when the two stores would not then say the same: a dataset it cannot
// express ("2:55"), a value that is not valid UTF-8 (never carried into
// the XMP: see readBlockText), or a value the XMP holds differently and
// captag does not set. For a repeated dataset of unordered items (2:12,
// 2:20, 2:25) the IIM's items the XMP lacks are added to its array.
//
// With stale (the file's digest did not match its IIM), a value the XMP
// holds differently is refused: those readers show the IIM's now (unless
// the dataset is in kept: it says what the XMP says, in its own form).
func reconcileIIM(iim []byte, doc *xmp.Doc, stale bool, edit iimEdit, kept map[uint8]bool, off int) (added []string, digest bool, warns []string, err error) {
	sets, err := parseIIM(iim, 0)
	if err != nil {
		return nil, false, nil, err
	}
	vals, order, invalid, time := adobeValues(sets)
	var left, differ []string
	for _, num := range order {
		f, m, _ := adobeMapped(num)
		vs := vals[num]
		if p := prop(doc, m.NS, m.Name); p != nil {
			if _, set := edit[num]; set || kept[num] || f == field.Genre || f == field.DateCreated {
				continue
			}
			have := texts(p)
			if f == field.SubjectCode {
				vs = subjectCodes(vs)
			}
			var lacks []string
			for _, v := range vs {
				if !sameIIMValue(num, v, have) {
					lacks = append(lacks, v)
				}
			}
			switch {
			case len(lacks) == 0:
			case m.Kind == xmp.KindBag && (p.Kind == xmp.KindBag || p.Kind == xmp.KindSeq):
				for _, v := range lacks {
					p.Items = append(p.Items, &xmp.Node{Kind: xmp.KindSimple, Value: v})
				}
				added = append(added, m.QName())
			case stale:
				return nil, false, nil, refuse(off, "expected the IIM and the XMP to agree where the IPTC digest is stale (another program edited the IIM after the XMP), found IIM 2:%02d %q that the XMP's %s lacks (%q); a current digest would make readers drop it", num, lacks[0], m.QName(), have)
			default:
				differ = append(differ, fmt.Sprintf("2:%02d %q (the XMP's %s: %q)", num, lacks[0], m.QName(), have))
			}
			continue
		}
		n, skip := adobeNode(f, m, vs, time)
		if skip {
			continue // Adobe's readers skip it too
		}
		if n == nil {
			left = append(left, fmt.Sprintf("2:%02d", num))
			continue
		}
		doc.Set(n)
		added = append(added, m.QName())
	}
	if len(left) > 0 {
		warns = append(warns, fmt.Sprintf("iptc: %s of the IIM could not be put into the XMP; no IPTC digest written, so that Photoshop, Bridge and Lightroom keep reading the IIM (a current digest makes them ignore it)", strings.Join(left, ", ")))
	}
	if len(differ) > 0 {
		warns = append(warns, fmt.Sprintf("iptc: the IIM and the XMP disagree on %s, which captag does not set; no IPTC digest written, so that Photoshop, Bridge and Lightroom do not stop reading the IIM", strings.Join(differ, ", ")))
	}
	if invalid {
		warns = append(warns, "iptc: no IPTC digest written: the IIM holds a value that is not valid UTF-8 and is not in the XMP, so that Photoshop, Bridge and Lightroom keep reading the IIM")
	}
	return added, len(left) == 0 && len(differ) == 0 && !invalid, warns, nil
}

// adobeValues are the values of the IIM datasets sets that Adobe's
// readers map into XMP, by dataset in the order first met; invalid says
// one was not valid UTF-8 (and left out); time is the 2:60 time.
func adobeValues(sets []dataset) (vals map[uint8][]string, order []uint8, invalid bool, time string) {
	vals = map[uint8][]string{}
	for _, d := range sets {
		if d.rec == 2 && d.num == dsNum(field.TimeCreated) {
			time = strings.TrimSpace(string(d.value))
		}
		if _, _, ok := adobeMapped(d.num); !ok || d.rec != 2 {
			continue
		}
		v := strings.TrimRight(string(d.value), "\x00 ")
		if v == "" {
			continue
		}
		if !utf8.ValidString(v) {
			invalid = true // named by readBlockText
			continue
		}
		if vals[d.num] == nil {
			order = append(order, d.num)
		}
		vals[d.num] = append(vals[d.num], v)
	}
	return vals, order, invalid, time
}

// adobeNode is the XMP node Adobe's readers make of field f's IIM values
// vs (m its property; time the 2:60 time): nil when the values do not
// make one (a date the XMP cannot say), skip when they make none on
// purpose (no subject code in 2:12).
func adobeNode(f field.ID, m field.Prop, vs []string, time string) (n *xmp.Node, skip bool) {
	last := vs[len(vs)-1] // of a repeated single dataset, Adobe keeps the last
	switch {
	case f == field.DateCreated:
		if v, ok := xmpDate(last, time); ok {
			return f.Node(v), false
		}
		return nil, false
	case f == field.Genre:
		v := last
		if i := strings.IndexByte(v, ':'); i >= 0 {
			v = v[i+1:]
		}
		if v != "" {
			return f.Node(v), false
		}
		return nil, false
	case f == field.SubjectCode:
		codes := subjectCodes(vs)
		if len(codes) == 0 {
			return nil, true
		}
		return f.Node(codes...), false
	case m.Kind == xmp.KindSeq || m.Kind == xmp.KindBag:
		return f.Node(vs...), false
	}
	return f.Node(last), false
}

// subjectCodes are the reference numbers of IIM 2:12 Subject Reference
// values ("IPTC:01000000:…" gives "01000000"), as Adobe's readers take
// them into Iptc4xmpCore:SubjectCode; a value without one is skipped, as
// they skip it.
func subjectCodes(vs []string) []string {
	var codes []string
	for _, v := range vs {
		if f := strings.Split(v, ":"); len(f) >= 2 && len(f[1]) == 8 {
			codes = append(codes, f[1])
		}
	}
	return codes
}

// xmpDate turns IIM 2:55 ("20161219", "20161200") and 2:60 ("140500",
// "140500+0300") into an XMP date ("2016-12-19T14:05:00+03:00").
func xmpDate(date, tm string) (string, bool) {
	if len(date) != 8 || strings.Trim(date, "0123456789") != "" {
		return "", false
	}
	y, mo, d := date[:4], date[4:6], date[6:8]
	switch {
	case y == "0000":
		return "", false
	case mo == "00":
		return y, true
	case d == "00":
		return y + "-" + mo, true
	}
	out := y + "-" + mo + "-" + d
	if len(tm) < 6 || strings.Trim(tm[:6], "0123456789") != "" {
		return out, true
	}
	out += "T" + tm[:2] + ":" + tm[2:4] + ":" + tm[4:6]
	if z := tm[6:]; len(z) == 5 && (z[0] == '+' || z[0] == '-') && strings.Trim(z[1:], "0123456789") == "" {
		out += z[:3] + ":" + z[3:]
	}
	return out, true
}

// sameText is text as compared across IIM and XMP: line ends as LF (IIM
// writers use CR, XMP LF) and no white space around.
func sameText(s string) string {
	s = strings.ReplaceAll(s, "\r\n", "\n")
	return strings.TrimSpace(strings.ReplaceAll(s, "\r", "\n"))
}
