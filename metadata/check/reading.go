package check

import "github.com/captag/captag/metadata"

// Readings adds to a pair's findings what else they can mean, when the
// pair was made without full agreement: by date only, a creator that
// disagrees may be a wrong credit or a picture this caption file does not
// describe; by creator only, a date that disagrees may be a wrong date or
// such a picture; by text, the date or creator that disagrees is wrong,
// since the image carries the caption's own text. The first finding of
// the field concerned (an error) says it; the others are as Compare made
// them. fs is changed in place and returned.
func Readings(p Pair, fs []Finding) []Finding {
	var field Field
	reading := ""
	switch p.By {
	case ByDate:
		field, reading = FieldCreator, "; either the caption names the wrong photographer or this picture has no caption in the file"
	case ByCreator:
		field, reading = FieldDate, "; either the caption or the camera has the wrong date, or this picture has no caption in the file"
	case ByText:
		reading = " (the image carries this caption's text)"
	default:
		return fs
	}
	for k := range fs {
		f := &fs[k]
		if f.Severity != metadata.SeverityError || f.Message == "" {
			continue
		}
		if field != "" && f.Field == field || field == "" && (f.Field == FieldDate || f.Field == FieldCreator) {
			f.Message += reading
			return fs
		}
	}
	return fs
}
