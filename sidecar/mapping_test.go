package sidecar

import (
	"reflect"
	"strings"
	"testing"

	"github.com/captag/captag/metadata"
	"github.com/captag/captag/metadata/caption"
	"github.com/captag/captag/metadata/date"
	"github.com/captag/captag/metadata/xmp"
)

// flat renders nodes as "qname=value" lines for table tests: arrays as
// [a|b], language alternatives as {lang:text}, structs as (Field:v,…).
func flat(nodes []*xmp.Node) []string {
	var out []string
	for _, n := range nodes {
		out = append(out, qname(n.NS, n.Name)+"="+flatValue(n))
	}
	return out
}

func flatValue(n *xmp.Node) string {
	switch n.Kind {
	case xmp.KindSimple:
		return n.Value
	case xmp.KindStruct:
		var fs []string
		for _, f := range n.Fields {
			fs = append(fs, f.Name+":"+flatValue(f))
		}
		return "(" + strings.Join(fs, ",") + ")"
	case xmp.KindAlt:
		var is []string
		for _, it := range n.Items {
			is = append(is, it.Lang+":"+flatValue(it))
		}
		return "{" + strings.Join(is, "|") + "}"
	default:
		var is []string
		for _, it := range n.Items {
			is = append(is, flatValue(it))
		}
		return "[" + strings.Join(is, "|") + "]"
	}
}

func TestProperties(t *testing.T) {
	tests := []struct {
		name string
		rec  caption.Record
		img  *metadata.Image
		opt  Options
		want []string
	}{
		{
			name: "wire text caption",
			rec:  textRecord(),
			img:  aleppoImage(),
			want: []string{
				"dc:description={x-default:" + aleppoText + "}",
				"dc:creator=[Aref Watad]",
				"photoshop:Credit=Anadolu Agency",
				"photoshop:Source=Anadolu Agency",
				"photoshop:DateCreated=2016-12-19T14:05:00+03:00",
				"photoshop:City=Aleppo",
				"photoshop:Country=Syria",
				"Iptc4xmpCore:CountryCode=SYR",
				"Iptc4xmpExt:LocationCreated=[(City:Aleppo,CountryName:Syria,CountryCode:SYR)]",
			},
		},
		{
			name: "CSV record with every column, in captag's fixed order",
			rec:  csvRecord(),
			img:  aleppoImage(),
			opt:  Options{CaptionWriter: "desk"},
			want: []string{
				"dc:description={x-default:" + aleppoText + "}",
				"dc:creator=[Aref Watad]",
				"photoshop:Credit=Anadolu Agency",
				"photoshop:Source=Anadolu Agency",
				"photoshop:DateCreated=2016-12-19T14:05:00+03:00",
				"photoshop:City=Aleppo",
				"photoshop:State=Aleppo Governorate",
				"photoshop:Country=Syria",
				"Iptc4xmpCore:CountryCode=SYR",
				"Iptc4xmpExt:LocationCreated=[(City:Aleppo,ProvinceState:Aleppo Governorate,CountryName:Syria,CountryCode:SYR)]",
				"photoshop:Headline=Evacuation of Aleppo continues",
				"dc:title={x-default:SYRIA-CONFLICT-ALEPPO}",
				"dc:subject=[Syria|Aleppo|evacuation|Zürich test ü]",
				"dc:rights={x-default:2016 Anadolu Agency}",
				"photoshop:Instructions=NO SALES",
				"photoshop:TransmissionReference=AA-20161219-1",
				"photoshop:CaptionWriter=desk",
			},
		},
		{
			name: "empty values are left out; an unknown country gets no code",
			rec: caption.Record{
				Text: "  ", City: "Springfield", Country: "Freedonia",
				Creators: []string{"", " Jane Roe ", "Jane Roe"}, Keywords: []string{""},
			},
			want: []string{
				"dc:creator=[Jane Roe]",
				"photoshop:City=Springfield",
				"photoshop:Country=Freedonia",
				"Iptc4xmpExt:LocationCreated=[(City:Springfield,CountryName:Freedonia)]",
			},
		},
		{
			name: "text is cleaned for XML",
			rec:  caption.Record{Text: "line one\r\nline\x1b two\rend\x00", Agency: "A\xffB"},
			want: []string{
				"dc:description={x-default:line one\nline two\nend}",
				"photoshop:Credit=A\uFFFDB",
				"photoshop:Source=A\uFFFDB",
			},
		},
		{
			name: "nothing at all",
			rec:  caption.Record{},
			want: nil,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := flat(Properties(tt.rec, tt.img, tt.opt))
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("Properties:\n got  %q\n want %q", got, tt.want)
			}
		})
	}
}

func TestDateCreated(t *testing.T) {
	day := func(y, m, d int) caption.Record { // a zero month or day: known only that far
		k := date.DayOf(y, m, d)
		switch {
		case m == 0 && d == 0:
			k.Precision = date.PrecYear
		case d == 0:
			k.Precision = date.PrecMonth
		}
		return caption.Record{Date: k}
	}
	exif := func(d date.Date) *metadata.Image { return &metadata.Image{EXIF: &metadata.Store{Date: d}} }
	at := date.Date{Year: 2016, Month: 12, Day: 19, Hour: 14, Minute: 5, Second: 0, Precision: date.PrecSecond}
	withOffset := func(d date.Date, m int) date.Date { d.HasOffset, d.OffsetMinutes = true, m; return d }
	frac := at
	frac.Precision, frac.Frac = date.PrecFrac, "25"
	minute := at
	minute.Precision = date.PrecMinute
	dayOnly := date.Date{Year: 2016, Month: 12, Day: 19, Precision: date.PrecDay}
	otherDay := at
	otherDay.Day = 20
	inferred := day(2016, 0, 0)
	inferred.DateInferred = true
	twoDigit := day(2006, 10, 5) // "05.10.06": the century guessed
	twoDigit.TwoDigitYear = true

	tests := []struct {
		name string
		rec  caption.Record
		img  *metadata.Image
		want string
	}{
		{"same day with offset", day(2016, 12, 19), exif(withOffset(at, 180)), "2016-12-19T14:05:00+03:00"},
		{"negative half-hour offset", day(2016, 12, 19), exif(withOffset(at, -210)), "2016-12-19T14:05:00-03:30"},
		{"UTC offset", day(2016, 12, 19), exif(withOffset(at, 0)), "2016-12-19T14:05:00+00:00"},
		{"no offset is not UTC", day(2016, 12, 19), exif(at), "2016-12-19T14:05:00"},
		{"fraction kept", day(2016, 12, 19), exif(withOffset(frac, 345)), "2016-12-19T14:05:00.25+05:45"},
		{"minute precision", day(2016, 12, 19), exif(minute), "2016-12-19T14:05"},
		{"image has only a day", day(2016, 12, 19), exif(dayOnly), "2016-12-19"},
		{"image on another day", day(2016, 12, 19), exif(withOffset(otherDay, 180)), "2016-12-19"},
		{"no image", day(2016, 12, 19), nil, "2016-12-19"},
		{"image without dates", day(2016, 12, 19), &metadata.Image{EXIF: &metadata.Store{}}, "2016-12-19"},
		{"first store with a date wins", day(2016, 12, 19), &metadata.Image{
			EXIF: &metadata.Store{},
			IPTC: &metadata.Store{Date: withOffset(at, 120)},
			XMP:  &metadata.Store{Date: withOffset(at, 180)},
		}, "2016-12-19T14:05:00+02:00"},
		{"a sidecar's date is not the image's", day(2016, 12, 19), &metadata.Image{Sidecar: &metadata.Store{Date: withOffset(at, 180)}}, "2016-12-19"},
		{"year unknown", day(0, 12, 19), exif(at), ""},
		{"month only", day(2016, 12, 0), nil, "2016-12"},
		{"year only", day(2016, 0, 0), nil, "2016"},
		{"inferred year alone", inferred, nil, ""},
		{"two-digit year, no image date: the century is a guess", twoDigit, nil, ""},
		{"two-digit year, the image dated", twoDigit, exif(dayOnly), "2006-10-05"},
		{"impossible month", day(2016, 13, 1), nil, ""},
	}
	for _, tt := range tests {
		if got := DateCreated(tt.rec, tt.img); got != tt.want {
			t.Errorf("%s: DateCreated = %q, want %q", tt.name, got, tt.want)
		}
	}
}
