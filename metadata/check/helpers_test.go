package check

import (
	"github.com/captag/captag/metadata"
	"github.com/captag/captag/metadata/caption"
	"github.com/captag/captag/metadata/date"
)

// at is a store date to the second without an offset.
func at(y, mo, d, h, mi int) date.Date {
	return date.Date{Year: y, Month: mo, Day: d, Hour: h, Minute: mi, Precision: date.PrecSecond}
}

// atOff is a store date to the second with an offset in minutes.
func atOff(y, mo, d, h, mi, off int) date.Date {
	t := at(y, mo, d, h, mi)
	t.HasOffset, t.OffsetMinutes = true, off
	return t
}

// img builds an image whose EXIF and IPTC stores both hold date and
// creators, the way a camera plus a captioning tool leave a file.
func img(path string, date date.Date, creators ...string) *metadata.Image {
	return &metadata.Image{
		Path:   path,
		Format: "jpeg",
		EXIF:   &metadata.Store{Kind: metadata.StoreEXIF, Date: date, Creators: creators},
		IPTC:   &metadata.Store{Kind: metadata.StoreIPTC, Date: date, Creators: creators, Credit: "Anadolu Agency"},
	}
}

func rec(line int, text string, y, m, d int, agency string, creators ...string) caption.Record {
	return caption.Record{Line: line, Text: text, Date: date.DayOf(y, m, d), Agency: agency, Creators: creators}
}
