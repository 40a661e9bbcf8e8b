// Package embed writes a caption into a JPEG itself — IPTC-IIM in the
// Photoshop APP13 segment and XMP in APP1 — without changing anything
// else in the file: every other segment is copied byte for byte, and the
// scan (SOS … EOI, the pixels) is copied and compared with the original's
// before the new bytes are returned.
//
// The XMP is merged exactly as a sidecar is (sidecar.Merge: other
// properties kept), and the IIM datasets take the merged XMP's values, so
// both stores say the same. A JPEG captag does not fully understand is
// never rewritten: JPEG returns a *RefusedError saying why.
package embed

import (
	"bytes"
	"errors"
	"fmt"
	"strings"

	"github.com/captag/captag/metadata"
	"github.com/captag/captag/metadata/caption"
	"github.com/captag/captag/metadata/date"
	"github.com/captag/captag/metadata/field"
	"github.com/captag/captag/metadata/xmp"
	"github.com/captag/captag/sidecar"
)

// Options tune JPEG.
type Options struct {
	// Sidecar is the mapping's options (KeepExisting, CaptionWriter,
	// Toolkit), as for a sidecar.
	Sidecar sidecar.Options
	// Padding is the white space put into a rewritten XMP packet so that
	// a later edit fits in place; 0 means DefaultPadding.
	Padding int
	// EXIF also writes IFD0 ImageDescription, Artist (the creators joined
	// with "; ", as MWG says) and Copyright into the file's EXIF segment
	// (off by default: EXIF is the camera's). A file without EXIF gets
	// none; that is a warning.
	EXIF bool

	// parsedExtended, when set (by this package's tests), is called each
	// time the embedder parses a file's ExtendedXMP itself, the read's
	// parse of it not being at hand (see extendedHas).
	parsedExtended func()
}

// Result is what JPEG did.
type Result struct {
	// Data is the new file; the input itself when nothing changed.
	Data    []byte
	Changed bool
	// IIM, XMP and EXIF name the fields whose value changed, per store:
	// "2:120 Caption-Abstract", "1:90 Coded Character Set",
	// "dc:description", "IFD0 Artist", …
	IIM, XMP, EXIF []string
	// Warnings are what a user must hear: an IIM value cut at its byte
	// limit (naming the field and the cut), text converted from Latin-1.
	Warnings []string
}

// RefusedError is a JPEG that captag leaves as it is, and why.
type RefusedError struct {
	Path   string // set by File
	Offset int64  // where in the file, when it is one place
	Reason string
}

func (e *RefusedError) Error() string {
	name := "the JPEG"
	if e.Path != "" {
		name = e.Path
	}
	return fmt.Sprintf("embed: %s left alone: %s (offset %d)", name, e.Reason, e.Offset)
}

// JPEG returns orig with the caption rec embedded: the XMP packet merged
// as sidecar.Merge merges a sidecar and written with padding, and the IIM
// block (UTF-8, 1:90 ESC % G) with the datasets of the mapping set from
// the merged XMP (a Credit, Source or date that already says the same
// kept as it is, see iimEditFrom) and the IPTC digest (0x0425) set to its
// MD5. Where the
// file had no current digest, the IIM values Adobe's readers showed and
// the XMP lacks are copied into the XMP first (listed with its changes),
// or, when one cannot be, no digest is written (a warning says so): see
// reconcileIIM. img is what metadata.Read said of orig (nil: JPEG reads
// it); its capture time goes into the date (see sidecar.DateCreated).
//
// Keywords are the union of both stores' and the caption's, in both (see
// unionKeywords); an MPF index is kept true (see patchMPF).
//
// Refused (*RefusedError, orig untouched): a file that is not a JPEG with
// one frame and a scan ending in EOI; data after EOI (except padding —
// all 0x00 or all 0xFF bytes — and the images of an MPF file whose index
// captag reads);
// segments in an order or of a form captag does not know; two XMP
// packets, a header that is a near miss of the EXIF, XMP, ExtendedXMP or
// Photoshop one (see nearSignature); more keywords than
// metadata.MaxListItems; the Photoshop
// resources split over several APP13 segments or not readable, an IIM
// under an older APP13 header (Photoshop 2.5's, or none), an IIM or XMP
// kept only inside the EXIF; a stale IPTC digest over IIM and XMP values
// that disagree (see staleDigestConflict); an IIM
// block in a character set other than UTF-8 or Latin-1; ExtendedXMP that
// is inconsistent or holds captag's properties; a segment that would
// grow past 64 KiB; an XMP packet sidecar.Merge refuses (its
// *sidecar.MergeError wrapped).
func JPEG(orig []byte, rec caption.Record, img *metadata.Image, opt Options) (Result, error) {
	var ext *metadata.ExtendedXMP
	if img == nil {
		var err error
		img, ext, err = readImage(orig, "")
		if err != nil {
			if _, lerr := parseLayout(orig); lerr != nil {
				return Result{}, lerr // what the file is not, first
			}
			return Result{}, refuse(0, "expected a JPEG captag reads, found: %v", err)
		}
	}
	return embedJPEG(orig, rec, img, ext, opt, nil)
}

// embedJPEG is JPEG with what the read of orig found in its ExtendedXMP
// (ext, nil for nothing: see extendedXMP), building the new file in buf
// when it has the room (see assemble).
func embedJPEG(orig []byte, rec caption.Record, img *metadata.Image, ext *metadata.ExtendedXMP, opt Options, buf []byte) (Result, error) {
	l, err := parseLayout(orig)
	if err != nil {
		return Result{}, err
	}
	padding := opt.Padding
	if padding <= 0 {
		padding = DefaultPadding
	}
	at, err := findSegments(orig, l)
	if err != nil {
		return Result{}, err
	}
	if err := checkEmbeddedInEXIF(orig, l, at); err != nil {
		return Result{}, err
	}
	x, err := mergeXMP(orig, l, at.xmp, rec, img, ext, opt, padding)
	if err != nil {
		return Result{}, err
	}
	var segs newSegments
	var iimChanged, exifChanged, warns []string
	segs.app13, iimChanged, warns, err = planIIM(orig, l, at.app13, &x, rec, img, opt, padding)
	if err != nil {
		return Result{}, err
	}
	segs.xmp = x.payload
	var w []string
	segs.exif, exifChanged, w, err = planEXIF(orig, l, at.exif, &x, img, opt)
	if err != nil {
		return Result{}, err
	}
	warns = append(warns, w...)

	if segs.xmp == nil && segs.app13 == nil && segs.exif == nil {
		return Result{Data: orig, Warnings: warns}, nil
	}
	insertAt := insertPoint(orig, l)
	if err := checkAfterEOI(orig, l); err != nil {
		return Result{}, err
	}
	out := assemble(buf, orig, l, at, segs, insertAt)
	mpfChanged, err := patchMPF(orig, l, out)
	if err != nil {
		return Result{}, err
	}
	if err := checkOutsideEXIF(orig, out, l, at.exif); err != nil {
		return Result{}, err
	}
	if err := verify(orig, l, out, func(i int) bool {
		return i == at.xmp && segs.xmp != nil || i == at.app13 && segs.app13 != nil || i == at.exif && segs.exif != nil || i == l.mpf && mpfChanged
	}); err != nil {
		return Result{}, err
	}
	r := Result{Data: out, Changed: true, Warnings: warns, EXIF: exifChanged}
	if segs.xmp != nil {
		r.XMP = x.changed
	}
	if segs.app13 != nil {
		r.IIM = iimChanged
		if len(r.IIM) == 0 {
			r.IIM = []string{"IPTC digest"}
		}
	}
	return r, nil
}

// segmentIndex is where in layout.segs the segments JPEG rewrites are;
// -1 for one the file does not have.
type segmentIndex struct {
	xmp, app13, exif int
}

// newSegments are the new payloads of the XMP APP1, Photoshop APP13 and
// EXIF APP1 segments (signature included); nil for one left as it is.
type newSegments struct {
	xmp, app13, exif []byte
}

// findSegments returns where the XMP, Photoshop APP13 and EXIF segments
// are (the first EXIF segment, the one readers take), or a *RefusedError
// for a second XMP or Photoshop segment, a header that is a near miss of
// one of theirs (see nearSignature: XMP under a non-standard header), or
// an IIM under an older APP13 header.
func findSegments(orig []byte, l *layout) (segmentIndex, error) {
	at := segmentIndex{xmp: -1, app13: -1, exif: -1}
	for i, s := range l.segs {
		if sig, ok := nearSignature(s.marker, s.data(orig)); ok {
			p := s.data(orig)
			return at, refuse(s.start, "expected the %s header %q or another segment, found %q, which exiftool or another reader may still take for one (two packets once captag writes its own)", sigName[sig], sig, p[:min(len(p), len(sig)+4)])
		}
		switch {
		case s.marker == markerAPP1 && s.has(orig, sigExif):
			if at.exif < 0 {
				at.exif = i // the one readers take
			}
		case s.marker == markerAPP1 && s.has(orig, sigXMP):
			if at.xmp >= 0 {
				return at, refuse(s.start, "expected one XMP segment, found another")
			}
			at.xmp = i
		case s.marker == markerAPP13 && (s.has(orig, "Adobe_Photoshop") || s.has(orig, "\x1c")):
			// Photoshop 2.5's header, or bare IIM: readers take the IIM
			// there over a new "Photoshop 3.0" segment's.
			return at, refuse(s.start, "expected the IIM under the \"Photoshop 3.0\" APP13 header, found an APP13 segment starting %q, which readers would take over captag's", s.data(orig)[:min(len(s.data(orig)), 20)])
		case s.marker == markerAPP13 && s.has(orig, sigPhotoshop):
			if at.app13 >= 0 {
				return at, refuse(s.start, "expected the Photoshop resources in one APP13 segment, found them split over several")
			}
			at.app13 = i
		}
	}
	return at, nil
}

// checkEmbeddedInEXIF returns a *RefusedError when the file keeps its IIM
// or XMP only inside the EXIF (IFD0 tags 0x83BB, 0x02BC): readers show
// that block when the file has no APP13 or XMP segment, and a new segment
// would hide it. nil otherwise.
func checkEmbeddedInEXIF(orig []byte, l *layout, at segmentIndex) error {
	if at.exif < 0 {
		return nil
	}
	s := l.segs[at.exif]
	for _, c := range []struct {
		tag     uint16
		missing bool
		what    string
	}{{0x83BB, at.app13 < 0, "IIM"}, {0x02BC, at.xmp < 0, "XMP"}} {
		if c.missing && ifd0Has(s.data(orig), c.tag) {
			return refuse(s.start, "expected the %s in its own segment, found it only inside the EXIF (IFD0 tag %04X), which readers show and a new segment would hide", c.what, c.tag)
		}
	}
	return nil
}

// xmpPlan is the XMP half of a rewrite: the packet found, the merged one
// and what it changed, and the new APP1 payload.
type xmpPlan struct {
	old     []byte // the packet in the file, nil when it has none
	merged  []byte // the merged packet, unpadded
	changed []string
	doc     *xmp.Doc    // merged, parsed back
	owned   []*xmp.Node // captag's properties for this record
	at      int         // the XMP segment's index, -1 when none
	payload []byte      // the new APP1 payload, nil when unchanged
}

// mergeXMP merges the file's XMP packet (segment xmpAt, -1 for none) as
// sidecar.Merge merges a sidecar and returns the plan, with the new APP1
// payload (padded) when the packet changed or the file had none. The
// errors are *RefusedError: a packet Merge refuses, a merged packet that
// does not read back or fit one segment, ExtendedXMP extendedXMP refuses.
func mergeXMP(orig []byte, l *layout, xmpAt int, rec caption.Record, img *metadata.Image, ext *metadata.ExtendedXMP, opt Options, padding int) (xmpPlan, error) {
	x := xmpPlan{at: xmpAt}
	if xmpAt >= 0 {
		x.old = l.segs[xmpAt].data(orig)[len(sigXMP):]
	}
	var err error
	x.merged, x.changed, err = sidecar.Merge(x.old, rec, img, opt.Sidecar)
	if err != nil {
		return x, &RefusedError{Reason: "the XMP packet: " + err.Error(), Offset: int64(segStart(l, xmpAt))}
	}
	x.doc, err = xmp.Parse(x.merged)
	if err != nil {
		return x, refuse(segStart(l, xmpAt), "expected the merged XMP to read back, found: %v", err)
	}
	x.owned = sidecar.Properties(rec, img, opt.Sidecar)
	if err := extendedXMP(orig, l, x.doc, x.owned, ext, opt.parsedExtended); err != nil {
		return x, err
	}
	if len(x.changed) > 0 || xmpAt < 0 {
		if err := x.pack(l, padding); err != nil {
			return x, err
		}
	}
	return x, nil
}

// pack sets x.payload to the XMP signature and x.merged padded (see
// padded), or returns a *RefusedError when the packet does not fit one
// segment.
func (x *xmpPlan) pack(l *layout, padding int) error {
	p := padded(x.merged, len(x.old), padding)
	if p == nil {
		return refuse(segStart(l, x.at), "expected the XMP packet to fit in one segment (%d bytes), found %d bytes after the merge", maxXMPPacket, len(x.merged))
	}
	x.payload = append([]byte(sigXMP), p...)
	return nil
}

// photoshopIIM returns the Photoshop resources of APP13 segment app13At
// (nil when -1), the IIM block among them (nil when none), the offset
// of the segment, for messages, and that of the block; a *RefusedError
// when the resources do not parse or hold two IIM blocks.
func photoshopIIM(orig []byte, l *layout, app13At int) (res []resource, oldIIM []byte, iimOff, iimAt int, err error) {
	if app13At < 0 {
		return nil, nil, 0, 0, nil
	}
	s := l.segs[app13At]
	base := s.payload + len(sigPhotoshop)
	res, err = parseIRB(s.data(orig)[len(sigPhotoshop):], base)
	if err != nil {
		return nil, nil, 0, 0, err
	}
	n := 0
	for _, r := range res {
		if r.sig == irbSig && r.id == irbResourceIPTC {
			if n++; n > 1 {
				return nil, nil, 0, 0, refuse(s.start, "expected one IPTC-NAA resource (0x0404), found several")
			}
			oldIIM = r.data
			iimOff, iimAt = s.start, r.at
		}
	}
	return res, oldIIM, iimOff, iimAt, nil
}

// planIIM returns the new Photoshop APP13 payload (nil when unchanged),
// the IIM fields that changed and the warnings: the mapping's datasets
// set from the merged XMP in x (those that already say the same kept, see
// iimEditFrom), the keywords of both stores made their union (see
// unionKeywords; x repacked when its keywords grew), the digest set or
// (see reconcileIIM) dropped. Where the
// file had no current digest, the IIM values Adobe's readers showed that
// the XMP lacks are added to x (its payload repacked) before the digest
// makes those readers ignore the IIM.
func planIIM(orig []byte, l *layout, app13At int, x *xmpPlan, rec caption.Record, img *metadata.Image, opt Options, padding int) (newAPP13 []byte, changed, warns []string, err error) {
	res, oldIIM, iimOff, iimAt, err := photoshopIIM(orig, l, app13At)
	if err != nil {
		return nil, nil, nil, err
	}
	bt, err := readBlockText(oldIIM, iimAt)
	if err != nil {
		return nil, nil, nil, err
	}
	edit, kept := iimEditFrom(x.doc, x.owned, rec, img, opt.Sidecar)
	added, err := unionKeywords(x.doc, bt, edit, segStart(l, app13At))
	if err != nil {
		return nil, nil, nil, err
	}
	if added {
		x.merged = xmp.Encode(x.doc)
		if kw := field.Keywords.XMP().QName(); !containsFold(x.changed, kw) {
			x.changed = append(x.changed, kw)
		}
		if err := x.pack(l, padding); err != nil {
			return nil, nil, nil, err
		}
	}
	if err := staleDigestConflict(res, oldIIM, edit, kept, img, iimOff); err != nil {
		return nil, nil, nil, err
	}
	iim, changed, warns, err := rebuildIIM(oldIIM, iimAt, edit)
	if err != nil {
		return nil, nil, nil, err
	}
	warns = append(warns, bt.warns...)
	digest := true
	if present, current := digestState(res, oldIIM); app13At >= 0 && !current {
		added, ok, w, err := reconcileIIM(iim, x.doc, present, edit, kept, iimOff)
		if err != nil {
			return nil, nil, nil, err
		}
		warns = append(warns, w...)
		digest = ok
		if len(added) > 0 {
			x.merged = xmp.Encode(x.doc)
			x.changed = append(x.changed, added...)
			if err := x.pack(l, padding); err != nil {
				return nil, nil, nil, err
			}
		}
	}
	irb := rebuildIRB(res, iim, digest)
	if app13At >= 0 && bytes.Equal(irb, l.segs[app13At].data(orig)[len(sigPhotoshop):]) {
		return nil, nil, warns, nil
	}
	newAPP13 = append([]byte(sigPhotoshop), irb...)
	if len(newAPP13) > maxSegmentPayload {
		return nil, nil, nil, refuse(segStart(l, app13At), "expected the Photoshop APP13 segment to fit in 64 KiB, found %d bytes after the rewrite", len(newAPP13))
	}
	return newAPP13, changed, warns, nil
}

// planEXIF returns, with Options.EXIF, the new EXIF APP1 payload (nil when
// unchanged or left out), the IFD0 tags that changed and the warnings: a
// file without EXIF, or with EXIF captag's reading found damaged, is left
// out with a warning. A TIFF structure rewriteEXIF cannot walk is a
// *RefusedError.
func planEXIF(orig []byte, l *layout, exifAt int, x *xmpPlan, img *metadata.Image, opt Options) (newEXIF []byte, changed, warns []string, err error) {
	if !opt.EXIF {
		return nil, nil, nil, nil
	}
	set := exifSetFrom(x.doc, x.owned, img, opt.Sidecar.KeepExisting)
	switch {
	case len(set) == 0:
		return nil, nil, nil, nil
	case exifAt < 0:
		return nil, nil, []string{"exif: the file has no EXIF segment; captag does not create one, so ImageDescription, Artist and Copyright are left out"}, nil
	case exifDamaged(img):
		return nil, nil, []string{"exif: captag's reading of the EXIF found it damaged; ImageDescription, Artist and Copyright are left out"}, nil
	}
	s := l.segs[exifAt]
	return rewriteEXIF(s.data(orig), s.start, set)
}

// insertPoint returns the index in l.segs before which new segments go:
// after the leading APP0/APP1 segments (JFIF, EXIF), before everything
// else.
func insertPoint(orig []byte, l *layout) int {
	insertAt := 0
	for insertAt < len(l.segs) && (l.segs[insertAt].marker == markerAPP0 || l.segs[insertAt].marker == markerAPP1 && !l.segs[insertAt].has(orig, sigExtendedXMP)) {
		insertAt++
	}
	return insertAt
}

// checkAfterEOI returns a *RefusedError when the file has data after EOI
// (other than padding) that the rewrite would move: it is kept only when
// it is an MPF file's images, whose index patchMPF then keeps true. nil
// otherwise.
func checkAfterEOI(orig []byte, l *layout) error {
	if l.scanEnd >= len(orig) || padAfterEOI(orig[l.scanEnd:]) || l.mpf >= 0 {
		return nil
	}
	return refuse(l.scanEnd, "expected the file to end at EOI, found %d more bytes", len(orig)-l.scanEnd)
}

// assemble returns the new file: SOI, the segments of orig with the
// rewritten ones replaced by segs and the new ones (XMP, then APP13, for
// a file that had none) inserted before segment insertAt, then the scan
// of orig as it is; built in buf (its bytes overwritten) when it has the
// room, else in a new buffer.
func assemble(buf, orig []byte, l *layout, at segmentIndex, segs newSegments, insertAt int) []byte {
	out := buf[:0]
	if n := len(orig) + len(segs.xmp) + len(segs.app13) + 64; cap(out) < n {
		out = make([]byte, 0, n)
	}
	out = append(out, orig[:2]...)
	emit := func(m byte, payload []byte) {
		out = append(out, 0xFF, m, byte((len(payload)+2)>>8), byte(len(payload)+2))
		out = append(out, payload...)
	}
	emitInserts := func() {
		if at.xmp < 0 {
			emit(markerAPP1, segs.xmp)
		}
		if at.app13 < 0 {
			emit(markerAPP13, segs.app13)
		}
	}
	for i, s := range l.segs {
		if i == insertAt {
			emitInserts()
		}
		switch {
		case i == at.xmp && segs.xmp != nil:
			emit(markerAPP1, segs.xmp)
		case i == at.app13 && segs.app13 != nil:
			emit(markerAPP13, segs.app13)
		case i == at.exif && segs.exif != nil:
			emit(markerAPP1, segs.exif)
		default:
			out = append(out, orig[s.start:s.end]...)
		}
	}
	if insertAt == len(l.segs) {
		emitInserts()
	}
	return append(out, orig[l.scanStart:]...)
}

// padAfterEOI reports whether the bytes after EOI are all 0x00 or all 0xFF:
// the padding some cameras leave, which nothing points into and which is
// kept as it is at the end of the file.
func padAfterEOI(b []byte) bool {
	return len(b) > 0 && (allZero(b) || allByte(b, 0xFF))
}

// allByte reports whether every byte of b is c. (A string cutset such as
// bytes.Trim's is read as UTF-8: "\xFF" is invalid there and would trim
// every byte that is not valid UTF-8.)
func allByte(b []byte, c byte) bool {
	for _, x := range b {
		if x != c {
			return false
		}
	}
	return true
}

func segStart(l *layout, i int) int {
	if i < 0 {
		return 0
	}
	return l.segs[i].start
}

// ErrScanChanged is the verification failing: the scan or an untouched
// segment of the new file differs from the original. It means a bug in
// captag; the new bytes are never used.
var ErrScanChanged = errors.New("embed: expected the scan data and every untouched segment to be copied unchanged, found a difference; nothing written")

// verify walks the new file out and checks, independently of how it was
// built, that its scan (SOS … end of file) is the original's, byte for
// byte (in memory a comparison is exact and cheaper than two hashes; File
// checks that the written file is out, byte for byte), and that every segment not
// rewritten is there, in order, byte for byte.
func verify(orig []byte, l *layout, out []byte, rewritten func(int) bool) error {
	nl, same, err := parseLayoutLike(out, orig, l)
	if err != nil {
		return fmt.Errorf("%w (%v)", ErrScanChanged, err)
	}
	if !same {
		return ErrScanChanged
	}
	j := 0
	for i, s := range l.segs {
		if rewritten(i) {
			continue
		}
		old := orig[s.start:s.end]
		found := false
		for j < len(nl.segs) {
			t := nl.segs[j]
			j++
			if bytes.Equal(out[t.start:t.end], old) {
				found = true
				break
			}
			if t.marker != markerAPP1 && t.marker != markerAPP13 && !(t.marker == markerAPP2 && rewritten(l.mpf)) {
				return ErrScanChanged
			}
		}
		if !found {
			return ErrScanChanged
		}
	}
	return nil
}

// iimEditFrom returns the IIM datasets to set: for each of captag's
// properties in owned (what the mapping writes for this record), the
// value the merged XMP doc now holds (keywords: see unionKeywords). With opt.KeepExisting a dataset that has a value in
// the image's IIM is left. A dataset that already says what would be
// written is left as it is, byte for byte, and returned in kept: a Credit
// or Source that names the record's agency (sidecar.NamesAgency: "Getty
// Images North America" for "Getty Images"), and a Date Created / Time
// Created that states the date (date.Date.States: "093012+0000" for
// the camera's 09:30:12 without an offset).
func iimEditFrom(doc *xmp.Doc, owned []*xmp.Node, rec caption.Record, img *metadata.Image, opt sidecar.Options) (e iimEdit, kept map[uint8]bool) {
	var st *metadata.Store
	if img != nil {
		st = img.IPTC
	}
	keepExisting := opt.KeepExisting
	e, kept = iimEdit{}, map[uint8]bool{}
	set := func(f field.ID, vs []string) {
		old := st.Text(f)
		if keepExisting && old != "" {
			return
		}
		if (f == field.Credit || f == field.Source) && sidecar.NamesAgency(rec, old, f == field.Source, opt) {
			kept[dsNum(f)] = true
			return
		}
		e[dsNum(f)] = vs
	}
	for _, o := range owned {
		vs := texts(prop(doc, o.NS, o.Name))
		if len(vs) == 0 {
			continue
		}
		switch f := field.ByXMP(o.NS, o.Name); {
		case f == field.Keywords:
			e[dsNum(f)] = vs // with the IIM's own: see unionKeywords
		case f == field.DateCreated:
			iimDateEdit(e, kept, vs[0], st, keepExisting)
		case f.IIM().IsZero():
		case !metadata.Keeps(f): // written from the XMP whatever the IIM holds
			e[dsNum(f)] = vs[:1]
		case f.Row().Repeatable: // By-line: every creator
			set(f, vs)
		default:
			set(f, vs[:1])
		}
	}
	return e, kept
}

// iimDateEdit sets in e the 2:55 date and 2:60 time of the XMP date v
// (see iimEditFrom), or marks them kept when the image's IIM st already
// states it.
func iimDateEdit(e iimEdit, kept map[uint8]bool, v string, st *metadata.Store, keepExisting bool) {
	dn, tm := dsNum(field.DateCreated), dsNum(field.TimeCreated)
	if keepExisting && st != nil && !st.Date.IsZero() {
		return
	}
	if w, err := date.ParseXMPDate(v); err == nil && st != nil && st.Date.States(w) {
		kept[dn], kept[tm] = true, true
		return
	}
	d, t, ok := iimDate(v)
	if !ok {
		return
	}
	e[dn] = []string{d}
	switch {
	case t != "":
		e[tm] = []string{t}
	case st != nil && st.Date.Precision >= date.PrecMinute && iimDay(st.Date) == d:
		// The IIM's own time on that day stays.
	default:
		e[tm] = nil
	}
}

// exifDamaged reports whether reading the image's EXIF found it refused
// or damaged: such a payload is not rewritten.
func exifDamaged(img *metadata.Image) bool {
	if img == nil {
		return true
	}
	for _, w := range img.Warnings {
		if w.Code == metadata.WarnEXIFDamaged || w.Code == metadata.WarnEXIFDamagedAside || w.Code == metadata.WarnEXIFRefused {
			return true
		}
	}
	return false
}

// exifSetFrom returns the IFD0 tags to set from the merged XMP doc, for
// captag's properties in owned: ImageDescription, Artist (creators joined
// with "; "), Copyright. With keepExisting a tag the image's EXIF already
// fills is left.
func exifSetFrom(doc *xmp.Doc, owned []*xmp.Node, img *metadata.Image, keepExisting bool) map[uint16]string {
	var st *metadata.Store
	if img != nil {
		st = img.EXIF
	}
	set := map[uint16]string{}
	for _, o := range owned {
		vs := texts(prop(doc, o.NS, o.Name))
		if len(vs) == 0 {
			continue
		}
		f := field.ByXMP(o.NS, o.Name)
		tag := f.EXIF()
		if tag.IFD != "IFD0" || keepExisting && st.Text(f) != "" {
			continue // the date is the camera's, never set
		}
		if f.Row().Repeatable {
			set[tag.Number] = strings.Join(vs, "; ") // Artist: the MWG list
		} else {
			set[tag.Number] = vs[0]
		}
	}
	return set
}

// iimDay is the 2:55 form of d's calendar date.
func iimDay(d date.Date) string {
	day, _ := d.IIM()
	return day
}

func containsFold(list []string, s string) bool {
	for _, v := range list {
		if strings.EqualFold(v, s) {
			return true
		}
	}
	return false
}

// iimDate turns a photoshop:DateCreated value ("2016-12-19",
// "2016-12-19T14:05:00+03:00", "2016-12") into IIM 2:55 ("20161219",
// "20161200") and 2:60 ("140500+0300"; "" without a time). A time without
// an offset is written without one (HHMMSS), which IIM readers accept.
func iimDate(v string) (date, tm string, ok bool) {
	digits := func(s string) bool {
		for i := 0; i < len(s); i++ {
			if s[i] < '0' || s[i] > '9' {
				return false
			}
		}
		return s != ""
	}
	switch {
	case len(v) == 4 && digits(v):
		return v + "0000", "", true
	case len(v) == 7 && v[4] == '-' && digits(v[:4]) && digits(v[5:]):
		return v[:4] + v[5:7] + "00", "", true
	case len(v) < 10 || v[4] != '-' || v[7] != '-' || !digits(v[:4]) || !digits(v[5:7]) || !digits(v[8:10]):
		return "", "", false
	}
	date = v[:4] + v[5:7] + v[8:10]
	if len(v) == 10 {
		return date, "", true
	}
	if v[10] != 'T' || len(v) < 16 || v[13] != ':' || !digits(v[11:13]) || !digits(v[14:16]) {
		return date, "", true
	}
	tm = v[11:13] + v[14:16]
	rest := v[16:]
	if len(rest) >= 3 && rest[0] == ':' && digits(rest[1:3]) {
		tm += rest[1:3]
		rest = rest[3:]
	} else {
		tm += "00"
	}
	if len(rest) > 0 && rest[0] == '.' {
		i := 1
		for i < len(rest) && rest[i] >= '0' && rest[i] <= '9' {
			i++
		}
		rest = rest[i:]
	}
	switch {
	case rest == "Z":
		tm += "+0000"
	case len(rest) == 6 && (rest[0] == '+' || rest[0] == '-') && rest[3] == ':' && digits(rest[1:3]) && digits(rest[4:6]):
		tm += rest[:3] + rest[4:6]
	case rest == "":
	default:
		return date, "", true
	}
	return date, tm, true
}
