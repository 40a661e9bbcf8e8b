package metadata

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"strings"
	"unsafe"

	"github.com/captag/captag/metadata/date"
)

// StoreKind names where a value was found: one of the four constants, ""
// for no store, or several of them joined by "/" ("exif/xmp") for
// something that concerns several stores (JoinStoreKinds, Kinds).
type StoreKind string

const (
	StoreEXIF              = StoreKind(date.StoreEXIF) // "exif", as a date error names it
	StoreIPTC              = StoreKind(date.StoreIPTC) // "iptc"
	StoreXMP               = StoreKind(date.StoreXMP)  // "xmp"
	StoreSidecar StoreKind = "sidecar"
)

// JoinStoreKinds returns the StoreKind naming every kind given, in the
// order given, each once: "exif/xmp" for StoreEXIF, StoreXMP. Empty kinds
// are skipped.
func JoinStoreKinds(kinds ...StoreKind) StoreKind {
	var out StoreKind
	for _, k := range kinds {
		out = out.With(k)
	}
	return out
}

// With returns k with s added at the end, unless k already names s (or s
// is empty).
func (k StoreKind) With(s StoreKind) StoreKind {
	switch {
	case s == "" || k.Has(s):
		return k
	case k == "":
		return s
	}
	return k + "/" + s
}

// Has reports whether k is s or, when k names several stores, one of
// them is s.
func (k StoreKind) Has(s StoreKind) bool {
	if s == "" || k == "" {
		return false
	}
	return strings.Contains("/"+string(k)+"/", "/"+string(s)+"/")
}

// Kinds returns the stores k names, in order: one for a single store,
// several for a joined kind ("exif/xmp"), none for "".
func (k StoreKind) Kinds() []StoreKind {
	if k == "" {
		return nil
	}
	parts := strings.Split(string(k), "/")
	out := make([]StoreKind, len(parts))
	for i, p := range parts {
		out[i] = StoreKind(p)
	}
	return out
}

// Severity says whether a problem fails a check (error) or is reported
// without failing it (warning). caption.Problem and check.Finding carry
// one; their JSON is the string.
type Severity string

const (
	SeverityError   Severity = "error"
	SeverityWarning Severity = "warning"
)

// Store is what one metadata store of an image says. Empty fields are
// absent in that store.
type Store struct {
	Kind        StoreKind
	Date        date.Date // capture date (EXIF DateTimeOriginal, IIM 2:55/2:60, photoshop:DateCreated…)
	Creators    []string  // EXIF Artist (split on "; "), IIM 2:80, dc:creator
	Credit      string    // IIM 2:110, photoshop:Credit
	Source      string    // IIM 2:115, photoshop:Source
	Copyright   string    // EXIF Copyright, IIM 2:116, dc:rights
	Description string    // EXIF ImageDescription, IIM 2:120, dc:description
	Headline    string    // IIM 2:105, photoshop:Headline
	Title       string    // IIM 2:05, dc:title
	Keywords    []string  // IIM 2:25, dc:subject
	City        string    // IIM 2:90, photoshop:City
	Sublocation string    // IIM 2:92, Iptc4xmpCore:Location
	Region      string    // IIM 2:95, photoshop:State
	Country     string    // IIM 2:101, photoshop:Country
	CountryCode string    // IIM 2:100, Iptc4xmpCore:CountryCode
	Charset     string    // IIM only: "utf-8", "windows-1252 (assumed)", …
	// Mark is captag's own mark in an XMP store (captag:PairedBy,
	// captag:Caption): captag wrote this store's caption. Zero elsewhere.
	Mark Mark
}

// Mark is what captag records in the XMP it writes: how the caption was
// paired with the image (a matching method: "text", "date+creator",
// "order", "date", …) and the CaptionDigest of the description it wrote.
type Mark struct {
	PairedBy string
	Caption  string
}

// Written reports whether the store's description is one captag wrote and
// nobody has changed since: its mark's digest is that of the description.
// Such a caption is captag's own, never evidence of which picture it
// belongs to.
func (s *Store) Written() bool {
	return s != nil && s.Mark.Caption != "" && s.Description != "" && s.Mark.Caption == CaptionDigest(s.Description)
}

// CaptionDigest is the digest captag:Caption records of a description:
// "sha256:" and the hex SHA-256 of its UTF-8 bytes.
func CaptionDigest(text string) string {
	sum := sha256.Sum256([]byte(text))
	return "sha256:" + hex.EncodeToString(sum[:])
}

// rawFormats are the Image.Format names of camera raw files: their
// pictures are edited through an XMP sidecar, never inside the file, so a
// raw file's sidecar travels with it.
var rawFormats = map[string]bool{"cr2": true, "cr3": true, "nef": true, "arw": true, "orf": true, "rw2": true, "pef": true, "raf": true}

// IsRaw reports whether an Image.Format is a camera raw format (CR2, CR3,
// NEF, ARW, ORF, RW2, PEF, RAF; DNG carries its metadata inside and is not
// counted).
func IsRaw(format string) bool { return rawFormats[format] }

// Image is everything read from one image file.
type Image struct {
	Path   string // as given by the caller; metadata never opens it
	Format string // what the content is: "jpeg", "tiff", "dng", "cr2", "nef", "arw", "pef", "orf", "rw2", "bigtiff", "png", "webp", "psd", "psb", "gif", "raf", "xmp", "heic", "heif", "avif", "cr3", "jxl", "jp2", "jpx", "jpm", "j2c", "jxr", "exv", "exif"
	EXIF   *Store // nil when the file has no such store
	IPTC   *Store
	XMP    *Store
	// Sidecar is filled by the caller from ReadSidecar when a sidecar file
	// exists beside the image.
	Sidecar *Store
	// Issues found while reading: unusable dates, stale IPTC digest,
	// charset guesses, refused EXIF payloads… Reading goes on after each.
	Warnings []Warning
}

// ExtendedXMP is the ExtendedXMP packet of a JPEG as its read assembled
// it (the chunks of the GUID the main packet names, covering the full
// length, their MD5 the GUID) and what its one parse found: Err, the
// parse's error (xmp.ParseProps', the same whatever the properties
// wanted), or the names of its top-level properties that the caller of
// Reader.ReadExtended wanted, in the packet's order.
type ExtendedXMP struct {
	Packet []byte
	Props  []PropName
	Err    error
}

// PropName is the name of an XMP property: its namespace URI and its
// local name.
type PropName struct{ NS, Name string }

// Has reports whether the packet has the top-level property ns:name
// among those wanted.
func (e *ExtendedXMP) Has(ns, name string) bool {
	for _, p := range e.Props {
		if p.NS == ns && p.Name == name {
			return true
		}
	}
	return false
}

// WarningCode classifies a Warning so that checks can act on it without
// parsing its text.
type WarningCode string

const (
	WarnGeneral     WarningCode = "general"
	WarnBadDate     WarningCode = "bad-date"          // unusable date, counted as absent
	WarnDigestStale WarningCode = "iptc-digest-stale" // 0x0425 differs from the MD5 of the IIM block
	WarnIIMCharset  WarningCode = "iptc-charset"      // non-ASCII IIM without ESC % G
	WarnEXIFRefused WarningCode = "exif-refused"      // payload failed the guard, not decoded
	WarnEXIFDamaged WarningCode = "exif-damaged"      // one IFD or entry skipped, the rest of the EXIF read
	// WarnEXIFDamagedAside: damage only where captag reads nothing it
	// checks (IFD1 and its thumbnail, the GPS and Interop IFDs, an IFD0 or
	// Exif IFD entry other than the date, creator, copyright and caption
	// tags): the EXIF's checked values were all read.
	WarnEXIFDamagedAside WarningCode = "exif-damaged-aside"
	WarnExtendedXMP      WarningCode = "extended-xmp" // ExtendedXMP chunks missing or mismatched
	WarnTruncated        WarningCode = "truncated"    // a structure runs past the end of the file
	WarnUnsupportedPart  WarningCode = "unsupported"  // something valid that captag does not read
)

// Warning is a problem found while reading that did not stop the read.
type Warning struct {
	Code    WarningCode
	Store   StoreKind // empty when it concerns the container
	Message string    // "iptc: expected … found …"
}

func (w Warning) String() string { return w.Message }

// Stores returns the stores the image has, in the fixed order EXIF, IPTC,
// XMP, sidecar.
func (im *Image) Stores() []*Store {
	out := make([]*Store, 0, 4)
	for _, s := range []*Store{im.EXIF, im.IPTC, im.XMP, im.Sidecar} {
		if s != nil {
			out = append(out, s)
		}
	}
	return out
}

// CaptureDate is the image's date, the one meaning every package gives
// "the image's date" (check infers a caption's year, pairs and orders by
// it; sidecar takes the time of photoshop:DateCreated from it): the date
// of the first dated store of the image itself, in the order EXIF, IPTC,
// XMP. A sidecar is never asked, even one captag did not mark as its own:
// it may hold what an earlier run wrote, and a date read back from it
// would confirm itself. ok is false when no store has a date, and for a
// nil image.
func (im *Image) CaptureDate() (d date.Date, ok bool) {
	if im == nil {
		return date.Date{}, false
	}
	for _, s := range [...]*Store{im.EXIF, im.IPTC, im.XMP} {
		if s != nil && !s.Date.IsZero() {
			return s.Date, true
		}
	}
	return date.Date{}, false
}

// storeJSON is a Store's JSON: only the keys that have values; the date as
// Date.String writes it. Kind is not in it: the key that holds the store
// ("exif", "iptc"…) says it.
type storeJSON struct {
	Date        string   `json:"date,omitempty"`
	Creators    []string `json:"creators,omitempty"`
	Credit      string   `json:"credit,omitempty"`
	Source      string   `json:"source,omitempty"`
	Copyright   string   `json:"copyright,omitempty"`
	Description string   `json:"description,omitempty"`
	Headline    string   `json:"headline,omitempty"`
	Title       string   `json:"title,omitempty"`
	Keywords    []string `json:"keywords,omitempty"`
	City        string   `json:"city,omitempty"`
	Sublocation string   `json:"sublocation,omitempty"`
	Region      string   `json:"region,omitempty"`
	Country     string   `json:"country,omitempty"`
	CountryCode string   `json:"country_code,omitempty"`
	Charset     string   `json:"charset,omitempty"`
	WrittenBy   string   `json:"captag_paired_by,omitempty"`
}

// MarshalJSON writes the store's fields that have values (captag inspect
// --format json): {"date": "2016-12-19T09:41:05+03:00", "creators":
// ["Aref Watad"], …}. Kind is left out.
func (s Store) MarshalJSON() ([]byte, error) {
	j := storeJSON{
		Creators: s.Creators, Credit: s.Credit, Source: s.Source, Copyright: s.Copyright,
		Description: s.Description, Headline: s.Headline, Title: s.Title, Keywords: s.Keywords,
		City: s.City, Sublocation: s.Sublocation, Region: s.Region, Country: s.Country,
		CountryCode: s.CountryCode, Charset: s.Charset,
	}
	if s.Mark.PairedBy != "" {
		j.WrittenBy = s.Mark.PairedBy
	}
	if !s.Date.IsZero() {
		j.Date = s.Date.String()
	}
	return json.Marshal(j)
}

// HeapSize estimates the bytes of heap the store holds: the struct and
// every string and slice it points to (Kind, one of the constants, is not
// on the heap). A cache of images counts with it
// (captag keeps images read on a first pass while they fit a budget).
func (s *Store) HeapSize() int64 {
	if s == nil {
		return 0
	}
	n := int64(unsafe.Sizeof(*s)) + int64(len(s.Date.Frac)) +
		int64(len(s.Credit)+len(s.Source)+len(s.Copyright)+len(s.Description)+len(s.Headline)+len(s.Title)+
			len(s.City)+len(s.Sublocation)+len(s.Region)+len(s.Country)+len(s.CountryCode)+len(s.Charset)+
			len(s.Mark.PairedBy)+len(s.Mark.Caption))
	n += stringsHeap(s.Creators) + stringsHeap(s.Keywords)
	return n
}

// HeapSize estimates the bytes of heap the image holds: the struct, its
// path and format, its stores (Store.HeapSize) and its warnings (whose
// Code and Store are constants, not on the heap).
func (im *Image) HeapSize() int64 {
	if im == nil {
		return 0
	}
	n := int64(unsafe.Sizeof(*im)) + int64(len(im.Path)+len(im.Format))
	n += im.EXIF.HeapSize() + im.IPTC.HeapSize() + im.XMP.HeapSize() + im.Sidecar.HeapSize()
	for i := range im.Warnings {
		w := &im.Warnings[i]
		n += int64(unsafe.Sizeof(*w)) + int64(len(w.Message))
	}
	return n
}

// stringsHeap is the heap a []string points to: its backing array and the
// bytes of each string.
func stringsHeap(ss []string) int64 {
	n := int64(len(ss)) * int64(unsafe.Sizeof(""))
	for _, s := range ss {
		n += int64(len(s))
	}
	return n
}
