package check

import (
	"fmt"

	"github.com/captag/captag/metadata"
)

// noStore is how the findings on a field that no store of the image gives
// say it ("caption names X, no store of the image names a creator …").
const noStore = ", no store of the image "

// unreadStores names the stores that were not read whole ("the sidecar
// and the EXIF were not all read"), "" when every store was.
func unreadStores(img *metadata.Image) string {
	var names []string
	for _, k := range [...]metadata.StoreKind{metadata.StoreEXIF, metadata.StoreIPTC, metadata.StoreXMP, metadata.StoreSidecar} {
		absent := storeOf(img, k) == nil
		for _, w := range img.Warnings {
			if w.Store == k && unread(w.Code, absent) {
				names = append(names, "the "+storeLabel(k))
				break
			}
		}
	}
	for _, w := range img.Warnings {
		if w.Store == "" && (w.Code == metadata.WarnTruncated || w.Code == metadata.WarnUnsupportedPart) {
			names = append(names, "the file")
			break
		}
	}
	switch len(names) {
	case 0:
		return ""
	case 1:
		return names[0] + " was not all read"
	}
	return joinAnd(names) + " were not all read"
}

// unreadFindings appends, for each store of img that could not be read or
// was read only in part, one warning (Field "file", Store that store): what
// a store that was not read says was not checked, and a gate that says
// nothing of it would pass what it could not read. The stores go in the
// order EXIF, IPTC, XMP, sidecar; each finding quotes the store's first
// such warning and counts the others.
//
// A store counts when the image has a warning on it but no store of that
// kind: the store was there and gave nothing that could be checked (a
// refused EXIF payload, an XMP packet that does not parse, a sidecar that
// is a link out of its folder, a named pipe, too big, unreadable or not
// XMP). A store that was read counts when a warning on it says by its code
// that a part was not: damaged EXIF entries, a structure cut short,
// ExtendedXMP missing, a part captag does not read (a second sidecar,
// compressed metadata), a date that could not be used. Last comes one
// warning (Store "") when the file itself was cut short before the end of
// its metadata.
func unreadFindings(out []Finding, img *metadata.Image) []Finding {
	for _, k := range [...]metadata.StoreKind{metadata.StoreEXIF, metadata.StoreIPTC, metadata.StoreXMP, metadata.StoreSidecar} {
		absent := storeOf(img, k) == nil
		first, n := "", 0
		for _, w := range img.Warnings {
			if w.Store != k || !unread(w.Code, absent) {
				continue
			}
			if n == 0 {
				first = w.Message
			}
			n++
		}
		if n == 0 {
			continue
		}
		msg := storeLabel(k) + " not all read, so not all checked: " + first
		if absent && k == metadata.StoreSidecar {
			// Read whole or refused whole: a sidecar that parses is a store.
			msg = "sidecar not read, nothing in it checked: " + first
		}
		if n > 1 {
			msg += fmt.Sprintf(" (and %d more problems)", n-1)
		}
		out = append(out, Finding{Severity: metadata.SeverityWarning, Field: FieldFile, Store: k, Message: msg})
	}
	// The container cut short (a file copied in part): the stores that
	// lay past the cut were not read, and the image may look complete.
	first, n := "", 0
	for _, w := range img.Warnings {
		if w.Store == "" && (w.Code == metadata.WarnTruncated || w.Code == metadata.WarnUnsupportedPart) {
			if n == 0 {
				first = w.Message
			}
			n++
		}
	}
	if n > 0 {
		msg := "file not all read, what the rest holds not checked: " + first
		if n > 1 {
			msg += fmt.Sprintf(" (and %d more problems)", n-1)
		}
		out = append(out, Finding{Severity: metadata.SeverityWarning, Field: FieldFile, Message: msg})
	}
	return out
}

// unread reports whether a warning of this code on a store means that some
// of the store was not read; absent says that the image has no such store,
// so that any warning on it (but the two that are findings of their own)
// says why it could not be read.
func unread(code metadata.WarningCode, absent bool) bool {
	switch code {
	case metadata.WarnDigestStale, metadata.WarnIIMCharset:
		return false // findings of their own, on a store that was read
	case metadata.WarnEXIFRefused, metadata.WarnEXIFDamaged, metadata.WarnTruncated, metadata.WarnExtendedXMP,
		metadata.WarnUnsupportedPart, metadata.WarnBadDate:
		return true
	}
	return absent
}

func storeOf(img *metadata.Image, k metadata.StoreKind) *metadata.Store {
	switch k {
	case metadata.StoreEXIF:
		return img.EXIF
	case metadata.StoreIPTC:
		return img.IPTC
	case metadata.StoreXMP:
		return img.XMP
	case metadata.StoreSidecar:
		return img.Sidecar
	}
	return nil
}

// storeLabel names a store in a sentence.
func storeLabel(k metadata.StoreKind) string {
	switch k {
	case metadata.StoreEXIF:
		return "EXIF"
	case metadata.StoreIPTC:
		return "IPTC-IIM"
	case metadata.StoreXMP:
		return "embedded XMP"
	case metadata.StoreSidecar:
		return "sidecar"
	}
	return string(k)
}

// NoStoreGives reports whether a finding says that no store of the image
// gives its field (the caption names a creator, a date or an agency that
// nothing in the image has).
func NoStoreGives(f Finding) bool {
	return !f.NotChecked && f.Absent
}
