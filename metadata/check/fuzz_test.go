package check

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/captag/captag/metadata"
	"github.com/captag/captag/metadata/caption"
	"github.com/captag/captag/metadata/date"
)

// FuzzCompare feeds Compare store dates (as metadata.ParseDate would give
// them from any text) and store strings from the fuzzer: it must not
// panic, be deterministic, give every finding a message, and make at most
// one finding per field and severity on the caption's date, creator and
// credit, besides the "stores disagree" warning.
func FuzzCompare(f *testing.F) {
	f.Add("2020:07:21 23:35:40|-07:00", "20200722T062012+0000", "2020-07-22T06:35:40Z", "Noah Berger", "AP", "X90024", int64(time.Hour))
	f.Add("2016:12:20 00:07:00|+03:00", "20161220T000700+0300", "2016-12-19", "Frank Buettner", "Getty Images for Tommy Hilfiger", "Getty Images North America", int64(0))
	f.Add("", "", "2016", "STAFF", "Pool/File", "RTR", int64(13*time.Hour))
	f.Fuzz(func(t *testing.T, exifDate, iimDate, xmpDate, creator, credit, source string, grace int64) {
		im := &metadata.Image{Path: "x.jpg", Format: "jpeg"}
		mk := func(kind metadata.StoreKind, d date.Date) *metadata.Store {
			return &metadata.Store{Kind: kind, Date: d, Creators: []string{creator}, Credit: credit, Source: source, Copyright: credit}
		}
		// EXIF "date time" and offset; IIM "date" and "time" split at "T";
		// XMP as it is.
		ed, eo, _ := strings.Cut(exifDate, "|")
		e, _ := date.ParseEXIFDate(ed, "", eo)
		id, it, _ := strings.Cut(iimDate, "T")
		i, _ := date.ParseIIMDate(id, it)
		x, _ := date.ParseXMPDate(xmpDate)
		im.EXIF, im.IPTC, im.XMP = mk(metadata.StoreEXIF, e), mk(metadata.StoreIPTC, i), mk(metadata.StoreXMP, x)
		for _, r := range []caption.Record{
			worldRecord(2020, 7, 21, "Noah Berger", "NHLI", "Getty Images"),
			worldRecord(0, 2, 29, "Frank Büttner", "dpa"),
			{Line: 1, Text: "x", Archive: true, Undated: true},
		} {
			opt := Options{DayGrace: time.Duration(grace)}
			a := Compare(r, im, ByOrder, opt)
			if b := Compare(r, im, ByOrder, opt); fmt.Sprint(a) != fmt.Sprint(b) {
				t.Fatalf("not deterministic:\n%v\n%v", a, b)
			}
			seen := map[string]bool{}
			for _, fd := range a {
				if fd.Message == "" {
					t.Fatalf("finding without a message: %+v", fd)
				}
				if fd.Field == FieldCaption || fd.Field == FieldFile || len(fd.Values) == 0 {
					continue
				}
				k := string(fd.Field) + " " + string(fd.Severity)
				if seen[k] {
					t.Fatalf("two %s findings: %v", k, a)
				}
				seen[k] = true
			}
		}
	})
}
