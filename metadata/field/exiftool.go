package field

import "strings"

// exiftool's names. A desk that runs exiftool beside captag knows a store
// by its -G1 name ("IPTC:Credit", "XMP-photoshop:Credit",
// "ExifIFD:DateTimeOriginal"): the family-1 group, a colon and the tag.
// These functions derive each from the table's columns (the EXIF tag's
// IFD and name, exiftool's IIM tag name, the XMP property's prefix and
// name); TestExiftoolNames ties them to what the real exiftool prints.

// xmpGroups is exiftool's family-1 group of each namespace prefix the
// table uses ("XMP-" and the group). A namespace exiftool does not know
// (captag's own) is grouped by its prefix, as exiftool does.
var xmpGroups = map[string]string{
	preDC:   "dc",
	prePS:   "photoshop",
	preCore: "iptcCore",
	preExt:  "iptcExt",
}

// ExiftoolEXIF is the -G1 name of the field's EXIF tag ("IFD0:Artist",
// "ExifIFD:DateTimeOriginal"); "" when it has none.
func (id ID) ExiftoolEXIF() string {
	t := id.EXIF()
	if t.Name == "" {
		return ""
	}
	return t.IFD + ":" + t.Name
}

// ExiftoolIIM is the -G1 name of the field's IIM dataset ("IPTC:By-line",
// "IPTC:CopyrightNotice"); "" when it has none.
func (id ID) ExiftoolIIM() string {
	if id.IIMTag() == "" {
		return ""
	}
	return "IPTC:" + id.IIMTag()
}

// ExiftoolXMP is the -G1 name of the field's XMP property
// ("XMP-dc:Creator", "XMP-photoshop:Credit", "XMP-iptcCore:CountryCode");
// "" when it has none. exiftool names a property by its local name with
// the first letter upper-cased.
func (id ID) ExiftoolXMP() string {
	p := id.XMP()
	if p.Name == "" {
		return ""
	}
	return xmpGroup(p.Prefix) + ":" + upperFirst(p.Name)
}

// ExiftoolLocation is the -G1 name exiftool gives the field's member of
// Iptc4xmpExt:LocationCreated, a flattened structure field
// ("XMP-iptcExt:LocationCreatedCity"); "" when the field has no member.
func (id ID) ExiftoolLocation() string {
	m := id.Location()
	if m == "" {
		return ""
	}
	return LocationCreated.ExiftoolXMP() + upperFirst(m)
}

// xmpGroup is exiftool's family-1 group of XMP namespace prefix
// ("XMP-dc").
func xmpGroup(prefix string) string {
	if g, ok := xmpGroups[prefix]; ok {
		return "XMP-" + g
	}
	return "XMP-" + prefix
}

func upperFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
