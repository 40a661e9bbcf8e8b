package desk

import (
	"context"
	"strings"

	"github.com/captag/captag/metadata"
	"github.com/captag/captag/metadata/caption"
	"github.com/captag/captag/metadata/check"
	"github.com/captag/captag/metadata/field"
	"github.com/captag/captag/sidecar"
)

// What a report needs to hand its verdict to exiftool: which pairs captag
// write would write (a gate hands another tool only those), the sidecar
// check read for an image, and a store's values by exiftool's -G1 names.

// Writable reports, by image path, the pairs of the check that captag
// write (with sidecar.NameBase and accept, as Write) would write: the
// pairs Write does not leave alone before it reads the image again (a
// caption the file refuses, a sidecar two pictures would share, a name
// outside the folder, a caption chosen by order among captions that fit
// alike, a partial pair). The decision is Write's own (writeTasks).
func (r *CheckReport) Writable(accept ...check.Method) map[string]bool {
	out := map[string]bool{}
	if r == nil || r.job == nil {
		return out
	}
	for _, t := range r.job.writeTasks(sidecar.NameBase, accept, &WriteReport{}) {
		if t.Status != Skipped {
			out[t.Image] = true
		}
	}
	return out
}

// SidecarPaths returns, by image path, the sidecar check read as the
// image's sidecar store (the first found, as readSidecarStore reads);
// images without one are left out.
func (r *CheckReport) SidecarPaths() map[string]string {
	out := map[string]string{}
	if r == nil || r.job == nil {
		return out
	}
	j := r.job
	for i, k := range j.keys {
		if i < len(j.dirs) {
			if found := sidecarsOf(k.Path, j.dirs[i]); len(found) > 0 {
				out[k.Path] = found[0]
			}
		}
	}
	return out
}

// Tag is one value of a store by its exiftool -G1 name
// ("IPTC:By-line"): several Values for a list.
type Tag struct {
	Name   string
	Values []string
}

// TagName is the exiftool -G1 name of field f in a store of kind k
// ("IFD0:Artist", "IPTC:Credit", "XMP-dc:Creator"); a sidecar's XMP
// property is prefixed "Sidecar:" ("Sidecar:XMP-dc:Creator") so that it
// stands apart from the image's own XMP in one row. "" when the store
// has no such property.
func TagName(k metadata.StoreKind, f field.ID) string {
	switch k {
	case metadata.StoreEXIF:
		return f.ExiftoolEXIF()
	case metadata.StoreIPTC:
		return f.ExiftoolIIM()
	case metadata.StoreXMP:
		return f.ExiftoolXMP()
	case metadata.StoreSidecar:
		if n := f.ExiftoolXMP(); n != "" {
			return "Sidecar:" + n
		}
	}
	return ""
}

// StoreTags returns the values s holds, by exiftool -G1 name (TagName),
// in the field table's order: the date as captag reads it (IIM's date and
// time as one value under IPTC:DateCreated), lists item by item. nil for
// a nil store.
func StoreTags(s *metadata.Store) []Tag {
	if s == nil {
		return nil
	}
	var out []Tag
	for _, f := range field.IDs() {
		name := TagName(s.Kind, f)
		var vs []string
		switch {
		case name == "":
			continue
		case f == field.DateCreated:
			if !s.Date.IsZero() {
				vs = []string{s.Date.String()}
			}
		case f == field.Creator && s.Kind != metadata.StoreEXIF: // EXIF Artist is one string
			vs = s.Creators
		case f == field.Keywords:
			vs = s.Keywords
		case metadata.Keeps(f):
			if v := s.Text(f); v != "" {
				vs = []string{v}
			}
		}
		if len(vs) > 0 {
			out = append(out, Tag{Name: name, Values: vs})
		}
	}
	if n := TagName(s.Kind, field.PairedBy); n != "" && s.Mark.PairedBy != "" {
		out = append(out, Tag{Name: n, Values: []string{s.Mark.PairedBy}})
	}
	return out
}

// FlaggedRights is the copyright notice that settles a copyright store
// check flags for naming an agency rec does not credit: rec's own
// (a CSV column) when it has one, else the notice write --embed puts in
// its place (embedRights: "© 2016 Anadolu Agency"); "" when rec names no
// agency.
func FlaggedRights(rec *caption.Record) string {
	switch {
	case rec == nil:
		return ""
	case rec.Copyright != "":
		return rec.Copyright
	case strings.TrimSpace(rec.WrittenAgency()) == "":
		return ""
	}
	return agencyRights(rec)
}

// EachCaption calls fn with every result in path order (as Result(i))
// and, for the pairs captag write would write (Writable), the values write
// writes into that image (CaptionValues of the image read again, or the
// one the job kept: the date carries the image's time when it falls on
// the caption's day) and, in Result.Stores, what its stores say; nil
// for the others. It runs in the job's worker
// pool as Each does; fn returns false to stop. It returns ctx's error
// when it is cancelled before the end.
func (r *CheckReport) EachCaption(ctx context.Context, fn func(res Result, values map[field.ID][]string) bool) error {
	if r.n == 0 {
		return ctx.Err()
	}
	writable := r.Writable()
	index := make(map[string]int, len(r.job.keys))
	for i, k := range r.job.keys {
		index[k.Path] = i
	}
	type item struct {
		res  Result
		vals map[field.ID][]string
	}
	return eachPreview(ctx, r.job, r.n, func(rd *metadata.Reader, i int) (item, bool) {
		res := r.result(i)
		if res.Caption == nil || !writable[res.Image] {
			return item{res: res}, true
		}
		img, err := r.job.image(rd, index[res.Image])
		if err != nil {
			return item{res: res}, true // as Write: it changed or went away since
		}
		res.Stores = storeValues(img)
		return item{res, CaptionValues(res.Caption, img)}, true
	}, func(it item) bool { return fn(it.res, it.vals) })
}

// CaptionValues are the values captag write puts into each field for rec
// and its image (sidecar.Properties, captag's mark left out): the
// creators and agency as the caption writes them, the caption's day as
// the date, with the image's time when its date falls on that day
// (sidecar.DateCreated; a nil img gives the day alone). A member of
// Iptc4xmpExt:LocationCreated holds its field's value
// (field.ID.Location). Empty fields are left out.
func CaptionValues(rec *caption.Record, img *metadata.Image) map[field.ID][]string {
	out := map[field.ID][]string{}
	if rec == nil {
		return out
	}
	if img == nil {
		img = &metadata.Image{}
	}
	for _, n := range sidecar.Properties(*rec, img, sidecar.Options{}) {
		f := field.ByXMP(n.NS, n.Name)
		switch {
		case f == field.None || f == field.LocationCreated:
			continue
		case len(n.Items) > 0 && len(n.Items[0].Fields) == 0:
			var vs []string
			for _, it := range n.Items {
				vs = append(vs, it.Value)
			}
			if n.Items[0].Lang != "" {
				vs = vs[:1] // a language alternative: its one (x-default) value
			}
			out[f] = vs
		case n.Value != "":
			out[f] = []string{n.Value}
		}
	}
	return out
}

// tagsJSON is a file's store values as exiftool -j -G1 gives them: by
// -G1 name, a string or, for a list, an array.
func tagsJSON(im *metadata.Image) map[string]any {
	out := map[string]any{}
	for _, s := range im.Stores() {
		for _, t := range StoreTags(s) {
			list := s.Kind != metadata.StoreEXIF && (t.Name == TagName(s.Kind, field.Creator) || t.Name == TagName(s.Kind, field.Keywords))
			if list {
				out[t.Name] = t.Values
			} else {
				out[t.Name] = t.Values[0]
			}
		}
	}
	if len(out) == 0 {
		return nil
	}
	return out
}
