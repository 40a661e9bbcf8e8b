package metadata

import (
	"encoding/binary"
	"fmt"
	"math"
	"strings"

	"github.com/captag/captag/metadata/tiffifd"
)

// tiffFile reads IFDs of a TIFF-based file through its source with
// tiffifd, every offset and size checked against the file size and the
// caps, and words what tiffifd reports as this package's messages. A
// BigTIFF (header magic 43) has 8-byte counts and offsets and 20-byte
// entries.
type tiffFile struct {
	*tiffifd.Reader
}

// newTIFFFile returns a tiffFile over s with the byte order and the
// header kind of its TIFF header.
func newTIFFFile(s *source, order binary.ByteOrder, big bool) *tiffFile {
	r := tiffifd.NewReader(s, 0, s.size, tiffifd.Header{Order: order, Big: big})
	r.Cap = maxIFDEntries
	return &tiffFile{r}
}

// tiffCause is what a failed read of tiffifd met: the source's error,
// or the end of the file.
func tiffCause(e *tiffifd.Error) error {
	if e.Err != nil {
		return e.Err
	}
	return errTruncated
}

// readIFD returns the entries of the IFD at off and the next IFD offset
// (0 when the file ends before it).
func (t *tiffFile) readIFD(off int64) ([]tiffifd.Entry, uint64, error) {
	d, err := t.ReadIFD(off)
	if err != nil {
		e := err.(*tiffifd.Error)
		switch e.Kind {
		case tiffifd.TooManyEntries:
			return nil, 0, fmt.Errorf("IFD at offset %d: expected at most %d entries, found %d", off, maxIFDEntries, e.Found)
		case tiffifd.EntriesPastEnd:
			return nil, 0, fmt.Errorf("IFD at offset %d: %d entries %w", off, e.Found, tiffCause(e))
		}
		return nil, 0, fmt.Errorf("IFD at offset %d: entry count %w", off, tiffCause(e))
	}
	return d.Entries, d.Next, nil
}

// value returns the bytes of an entry's value, refusing values over limit.
func (t *tiffFile) value(e *tiffifd.Entry, limit int64) ([]byte, error) {
	b, err := t.Value(e, limit)
	if err != nil {
		te := err.(*tiffifd.Error)
		switch te.Kind {
		case tiffifd.BadType:
			return nil, fmt.Errorf("tag 0x%04x: expected a known type and a count, found type %d count %d", e.Tag, e.Type, e.Count)
		case tiffifd.ValueTooLarge:
			return nil, fmt.Errorf("tag 0x%04x: expected at most %d bytes, found %d", e.Tag, limit, te.Found)
		}
		return nil, fmt.Errorf("tag 0x%04x: %d bytes at offset %d %w", e.Tag, te.Found, e.ValueOffset(t.Order), tiffCause(te))
	}
	return b, nil
}

// pointer returns the first value of an integer entry (an IFD offset).
func (t *tiffFile) pointer(e *tiffifd.Entry) (int64, bool) {
	switch e.Type {
	case tiffifd.Short, tiffifd.Long, tiffifd.IFDType, tiffifd.Long8, tiffifd.IFD8:
	default:
		return 0, false
	}
	b, err := t.value(e, 64)
	if err != nil {
		return 0, false
	}
	v, ok := t.Uint(e.Type, b)
	if !ok || v > math.MaxInt64 {
		return 0, false
	}
	return int64(v), true
}

// tiffHeaderError words what tiffifd found wrong with a TIFF header.
func tiffHeaderError(err error) *FormatError {
	e := err.(*tiffifd.Error)
	switch {
	case e.Kind == tiffifd.ShortHeader && e.Limit == tiffifd.HeaderLen:
		return &FormatError{Offset: 0, Msg: fmt.Sprintf("expected an %d-byte TIFF header, found %d bytes", e.Limit, e.Found)}
	case e.Kind == tiffifd.ShortHeader:
		return &FormatError{Offset: 0, Msg: fmt.Sprintf("expected a %d-byte BigTIFF header, found %d bytes", e.Limit, e.Found)}
	case e.Kind == tiffifd.BadOffsetSize:
		return &FormatError{Offset: 4, Msg: fmt.Sprintf("expected a BigTIFF offset size of 8, found %d", e.Found)}
	}
	return &FormatError{Offset: e.Offset, Msg: e.Error()}
}

// tiffScan is what the IFD walk found in a TIFF-based file.
type tiffScan struct {
	format               string
	exif                 exifValues
	photoshop, iptc, xmp []byte
	warns                []Warning
}

// scanTIFF walks IFD0 and the Exif IFD of a TIFF-based file and collects
// the EXIF values and the raw IPTC (33723), Photoshop (34377) and XMP (700)
// tag values. EXIF values are read by captag's walker, not goexif (see
// exif.go for why).
func scanTIFF(s *source) (*tiffScan, error) {
	h := s.head
	hd, err := tiffifd.ParseHeader(h)
	if err != nil {
		return nil, tiffHeaderError(err)
	}
	if hd.Big && (hd.IFD0 < tiffifd.BigHeaderLen || hd.IFD0 > uint64(s.size)) {
		return nil, &FormatError{Offset: 8, Msg: fmt.Sprintf("expected an IFD0 offset from %d to the file size %d, found %d", tiffifd.BigHeaderLen, s.size, hd.IFD0)}
	}
	ifd0 := int64(hd.IFD0)
	if ifd0 < tiffifd.HeaderLen {
		return nil, &FormatError{Offset: 4, Msg: fmt.Sprintf("expected an IFD0 offset of at least %d, found %d", tiffifd.HeaderLen, ifd0)}
	}
	t := newTIFFFile(s, hd.Order, hd.Big)
	entries, next, err := t.readIFD(ifd0)
	if err != nil {
		return nil, &FormatError{Offset: ifd0, Msg: "tiff: " + err.Error()}
	}
	r := tiffReading{t: t, sc: &tiffScan{}}
	ifd := r.ifd0(entries)
	if ifd.make == "" && ifd.clues.camera() && next != 0 {
		// Some raw files (Sony's ARW among them) name the Make in IFD1.
		ifd.make = r.ifd1Make(next)
	}
	r.sc.format = tiffFormat(hd.Magic, h, ifd.isDNG, ifd.make, ifd.clues)
	if ifd.hasExif {
		r.exifIFD(ifd.exifPtr)
	}
	return r.sc, nil
}

// tiffReading is one scan of a TIFF structure's IFDs into sc.
type tiffReading struct {
	t  *tiffFile
	sc *tiffScan
}

// ifd0Facts are what IFD0 says beyond the stores: the Exif IFD, and the
// clues to the file's format.
type ifd0Facts struct {
	exifPtr        int64
	hasExif, isDNG bool
	make           string
	clues          rawClues
}

func (r *tiffReading) warn(store StoreKind, err error) {
	r.sc.warns = append(r.sc.warns, Warning{Code: WarnGeneral, Store: store, Message: "tiff: " + err.Error()})
}

// ascii is an ASCII entry's bytes as a string, "" with a warning when they
// cannot be read.
func (r *tiffReading) ascii(e *tiffifd.Entry) string {
	b, err := r.t.value(e, maxTIFFASCIIValue)
	if err != nil {
		r.warn(StoreEXIF, err)
		return ""
	}
	return string(b)
}

// raw is an entry's bytes for store, nil with a warning when they cannot
// be read.
func (r *tiffReading) raw(e *tiffifd.Entry, store StoreKind) []byte {
	b, err := r.t.value(e, maxTIFFStoreValue)
	if err != nil {
		r.warn(store, err)
		return nil
	}
	return b
}

// ifd0 reads IFD0's entries: the EXIF text values, the IPTC, Photoshop
// and XMP blocks, and the facts that name the format.
func (r *tiffReading) ifd0(entries []tiffifd.Entry) (f ifd0Facts) {
	t, sc, v := r.t, r.sc, &r.sc.exif
	for i := range entries {
		e := &entries[i]
		switch e.Tag {
		case tagImageDescription:
			v.description = asciiValue([]byte(r.ascii(e)))
		case tagArtist:
			v.artist = asciiValue([]byte(r.ascii(e)))
		case tagCopyright:
			v.copyright = r.ascii(e)
		case tagDateTimeOriginal:
			v.dateTimeOriginal = asciiValue([]byte(r.ascii(e)))
		case tagMake:
			if b, err := t.value(e, 256); err == nil {
				f.make = asciiValue(b)
			}
		case tagDNGVersion:
			f.isDNG = true
		case tagNewSubfileType, tagPhotometric, tagCompression:
			if v, ok := t.pointer(e); ok {
				f.clues.note(e.Tag, v)
			}
		case tagSubIFDs:
			f.clues.subIFDs = true
		case tagExifIFD:
			f.exifPtr, f.hasExif = t.pointer(e)
		case tagIPTC:
			sc.iptc = r.raw(e, StoreIPTC)
		case tagPhotoshop:
			sc.photoshop = r.raw(e, StoreIPTC)
		case tagXMP:
			sc.xmp = r.raw(e, StoreXMP)
		}
	}
	return f
}

// ifd1Make is the Make that IFD1, at next, names ("" for none).
func (r *tiffReading) ifd1Make(next uint64) string {
	ents, _, err := r.t.readIFD(int64(min(next, uint64(math.MaxInt64))))
	if err != nil {
		return ""
	}
	mk := ""
	for i := range ents {
		if e := &ents[i]; e.Tag == tagMake {
			if b, err := r.t.value(e, 256); err == nil {
				mk = asciiValue(b)
			}
		}
	}
	return mk
}

// exifIFD reads the date, sub-second and offset of the Exif IFD at ptr.
func (r *tiffReading) exifIFD(ptr int64) {
	sub, _, err := r.t.readIFD(ptr)
	if err != nil {
		r.warn(StoreEXIF, fmt.Errorf("Exif IFD: %w", err))
	}
	v := &r.sc.exif
	for i := range sub {
		switch e := &sub[i]; e.Tag {
		case tagDateTimeOriginal:
			v.dateTimeOriginal = asciiValue([]byte(r.ascii(e)))
		case tagSubSecTimeOriginal:
			v.subSecTimeOriginal = asciiValue([]byte(r.ascii(e)))
		case tagOffsetTimeOriginal:
			v.offsetTimeOriginal = asciiValue([]byte(r.ascii(e)))
		}
	}
}

// readTIFF reads the stores of a TIFF-based file into im. IPTC comes from
// the Photoshop resources (34377) when they hold IIM, since they also carry
// the digest; else from tag 33723.
func readTIFF(s *source, im *Image) error {
	sc, err := scanTIFF(s)
	if err != nil {
		return err
	}
	im.Format = sc.format
	im.Warnings = append(im.Warnings, sc.warns...)
	st, w := exifStore(sc.exif)
	im.EXIF = st
	im.Warnings = append(im.Warnings, w...)
	if sc.photoshop != nil {
		st, w := readPhotoshopIRB(sc.photoshop)
		im.IPTC = st
		im.Warnings = append(im.Warnings, w...)
	}
	if im.IPTC == nil && sc.iptc != nil {
		// The IIM may sit in tag 33723 while tag 34377 holds only the
		// digest (0x0425): check the IIM against that digest.
		var digest []byte
		if sc.photoshop != nil {
			_, digest, _ = photoshopResources(sc.photoshop)
		}
		st, w := readIIM(sc.iptc, digest)
		im.IPTC = st
		im.Warnings = append(im.Warnings, w...)
	}
	if sc.xmp != nil {
		st, w := xmpStoreCharged(s, StoreXMP, sc.xmp, nil, false)
		im.XMP = st
		im.Warnings = append(im.Warnings, w...)
	}
	return nil
}

// TIFF tags that tell a camera raw file from a TIFF picture.
const (
	tagNewSubfileType = 0x00FE
	tagCompression    = 0x0103
	tagPhotometric    = 0x0106
	tagSubIFDs        = 0x014A
)

// rawClues are what IFD0 says about the file's structure: a raw file's
// IFD0 is a reduced-resolution preview with the raw image in a SubIFD
// (NEF, ARW), or the raw image itself (PEF: a color filter array with
// Pentax's compression).
type rawClues struct {
	reduced, cfa, rawCompression, subIFDs bool
}

func (r *rawClues) note(tag uint16, v int64) {
	switch tag {
	case tagNewSubfileType:
		r.reduced = v&1 != 0
	case tagPhotometric:
		r.cfa = v == 32803 || v == 34892 // CFA, LinearRaw
	case tagCompression:
		// Nikon NEF, Sony ARW, Pentax PEF compressions (exiftool's
		// Compression table).
		r.rawCompression = v == 34713 || v == 32767 || v == 65535 || v == 34316
	}
}

// camera reports whether the structure is a camera raw file's rather than
// a picture's: a scanner's or Photoshop's TIFF has one full-resolution
// image in IFD0 and no SubIFDs.
func (r rawClues) camera() bool {
	return r.reduced || r.cfa || r.rawCompression || r.subIFDs
}

// tiffFormat names a TIFF-based file from its header and IFD0. Formats
// with their own header (BigTIFF, ORF, RW2, CR2) and DNG (its DNGVersion)
// are named by that; NEF, ARW and PEF by the Make only when IFD0 has a raw
// file's structure, so that a TIFF from a Nikon scanner or a Photoshop
// TIFF of a Sony picture stays "tiff".
func tiffFormat(magic uint16, h []byte, isDNG bool, mk string, raw rawClues) string {
	switch {
	case magic == tiffifd.MagicBigTIFF:
		return "bigtiff"
	case magic == tiffifd.MagicRW2:
		return "rw2"
	case magic == tiffifd.MagicORF, magic == tiffifd.MagicORFS:
		return "orf"
	case len(h) >= 10 && string(h[8:10]) == "CR":
		return "cr2"
	case isDNG:
		return "dng"
	case !raw.camera():
		return "tiff"
	}
	up := strings.ToUpper(mk)
	switch {
	case strings.HasPrefix(up, "NIKON"):
		return "nef"
	case strings.HasPrefix(up, "SONY"):
		return "arw"
	case strings.HasPrefix(up, "PENTAX"), strings.HasPrefix(up, "RICOH"):
		return "pef"
	}
	return "tiff"
}
