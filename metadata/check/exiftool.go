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

// UnmarshalJSON reads what MarshalJSON writes, the property (Prop) found
// again from its tag, so that a report read back (a shard's, to merge)
// writes the same bytes; an unknown tag leaves PropOther.
func (v *Value) UnmarshalJSON(b []byte) error {
	var in struct {
		Store    metadata.StoreKind `json:"store"`
		Property string             `json:"property"`
		Tag      string             `json:"tag"`
		Got      string             `json:"got"`
	}
	if err := json.Unmarshal(b, &in); err != nil {
		return err
	}
	*v = Value{Store: in.Store, Property: in.Property, Got: in.Got}
	for p := PropOther + 1; in.Tag != "" && int(p) <= propCount; p++ {
		if (Value{Store: in.Store, Prop: p}).Tag() == in.Tag {
			v.Prop = p
			break
		}
	}
	return nil
}
