package check

import (
	"encoding/json"

	"github.com/captag/captag/metadata"
)

// Tag is the exiftool -G1 name of the value's property, the name a desk
// that runs exiftool knows it by: "ExifIFD:DateTimeOriginal",
// "IPTC:Credit", "XMP-dc:Creator" (a sidecar's property has the XMP name
// it has in the sidecar file); "" for PropOther.
func (v Value) Tag() string {
	if v.Prop <= PropOther || int(v.Prop) > propCount {
		return ""
	}
	f := propFields[v.Prop-1]
	switch v.Store {
	case metadata.StoreEXIF:
		return f.ExiftoolEXIF()
	case metadata.StoreIPTC:
		return f.ExiftoolIIM()
	case metadata.StoreXMP, metadata.StoreSidecar:
		return f.ExiftoolXMP()
	}
	return ""
}

// MarshalJSON writes {"store", "property", "tag", "got"}: the tag (Tag)
// beside captag's label, left out when there is none.
func (v Value) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		Store    metadata.StoreKind `json:"store"`
		Property string             `json:"property"`
		Tag      string             `json:"tag,omitempty"`
		Got      string             `json:"got"`
	}{v.Store, v.Property, v.Tag(), v.Got})
}
