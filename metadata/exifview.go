package metadata

import (
	"bytes"
	"encoding/binary"
)

// This file holds goexif's reading of a payload without damage, as the
// guard's walk sees it, so that goexif need not decode the payload a second
// time (it copies every value of every IFD: two thirds of a wire JPEG's
// allocations). The view is used only when the walk can tell for sure what
// goexif would read: every entry of every IFD walked of a type goexif knows
// (1-12) with at least one value, the Exif, GPS and Interop pointers SHORT
// or LONG, one Exif pointer in IFD0, and no sub-IFD named twice. goexif
// then decodes every IFD without error and keeps, per tag, the last entry
// of IFD0 overridden by the last of the Exif IFD, as a string when it is
// ASCII. FuzzGoexifView checks the view against goexif.

// The tags goexif's reading gives captag, as indexes of goexifView.vals.
const (
	gxDescription = iota
	gxArtist
	gxCopyright
	gxDateTimeOriginal
	gxSubSecTimeOriginal
	gxCount
)

// goexifView is what goexif would read from a payload the guard walked.
type goexifView struct {
	vals         [gxCount][]byte // ASCII values as goexif keeps them; nil when absent or not ASCII
	unsure       bool            // the walk cannot tell what goexif reads
	exifPointers int             // Exif IFD pointers in IFD0
}

// gxIndex maps a tag to its index in goexifView.vals, or -1.
func gxIndex(tag uint16) int {
	switch tag {
	case tagImageDescription:
		return gxDescription
	case tagArtist:
		return gxArtist
	case tagCopyright:
		return gxCopyright
	case tagDateTimeOriginal:
		return gxDateTimeOriginal
	case tagSubSecTimeOriginal:
		return gxSubSecTimeOriginal
	}
	return -1
}

// entry records entry e (at offset at of p) of an IFD the guard walked
// and checked: whether goexif would decode it as the walk does, and its
// value when goexif keeps it (IFD0 and the Exif IFD).
func (v *goexifView) entry(e ifdEntry, order binary.ByteOrder, p []byte, at uint64, kind ifdKind, ifd0 bool) {
	if e.typ < 1 || e.typ > 12 || e.count == 0 {
		v.unsure = true
		return
	}
	switch e.tag {
	case tagExifIFD, tagGPSIFD, tagInteropIFD:
		if e.typ != 3 && e.typ != 4 {
			v.unsure = true
		}
		if e.tag == tagExifIFD && ifd0 {
			v.exifPointers++
		}
	}
	if !ifd0 && kind != ifdExif {
		return
	}
	i := gxIndex(e.tag)
	if i < 0 {
		return
	}
	v.vals[i] = nil
	if e.typ == 2 {
		b := entryBytes(e, order, p, at)
		if n := bytes.IndexByte(b, 0); n >= 0 {
			b = b[:n]
		}
		v.vals[i] = b
	}
}

// sure reports whether the view is goexif's reading.
func (v *goexifView) sure() bool { return !v.unsure && v.exifPointers <= 1 }

// viewValues returns the EXIF values goexifValues would return for the payload.
func (x *exifExtra) viewValues() exifValues {
	g := &x.view
	v := exifValues{
		dateTimeOriginal:   string(g.vals[gxDateTimeOriginal]),
		subSecTimeOriginal: string(g.vals[gxSubSecTimeOriginal]),
		artist:             string(g.vals[gxArtist]),
		copyright:          string(g.vals[gxCopyright]),
		description:        string(g.vals[gxDescription]),
		offsetTimeOriginal: asciiValue(x.offsetTimeOriginal),
	}
	if v.copyright != "" && x.copyright != nil && bytes.HasPrefix(x.copyright, g.vals[gxCopyright]) {
		v.copyright = string(x.copyright)
	}
	return v
}
