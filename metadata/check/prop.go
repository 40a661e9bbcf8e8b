package check

import "github.com/captag/captag/metadata"

// Prop is which compared property a Value is, whatever its store calls it
// (Value.Property is the report's label: "IIM CopyrightNotice").
type Prop int

const (
	PropOther     Prop = iota
	PropDate           // EXIF DateTimeOriginal, IIM DateCreated, photoshop:DateCreated
	PropCreator        // EXIF Artist, IIM By-line, dc:creator
	PropCredit         // IIM Credit, photoshop:Credit
	PropSource         // IIM Source, photoshop:Source
	PropCopyright      // EXIF Copyright, IIM CopyrightNotice, dc:rights
)

// propOf is the Prop of the property label a store of kind k gives
// (property's inverse).
func propOf(k metadata.StoreKind, label string) Prop {
	for i, name := range propNames {
		if property(k, name) == label {
			return Prop(i + 1)
		}
	}
	return PropOther
}
