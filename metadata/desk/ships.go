package desk

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/captag/captag/metadata"
	"github.com/captag/captag/metadata/caption"
	"github.com/captag/captag/metadata/check"
)

// Ships says which of an image's stores travel with it when it is
// uploaded or archived, so that Check judges those and no others: a field
// found only in a store that does not ship is missing for a gate.
type Ships string

const (
	// ShipsDefault: the embedded stores of JPEG, HEIC, PNG, WebP, TIFF,
	// DNG and the other formats that carry their metadata inside; the
	// embedded stores and the sidecar of raw files (CR2, CR3, NEF, ARW,
	// ORF, RW2, PEF, RAF), whose sidecar is how every raw tool carries a
	// caption.
	ShipsDefault  Ships = ""
	ShipsEmbedded Ships = "embedded" // only what is inside the file
	ShipsSidecar  Ships = "sidecar"  // only the sidecar
	ShipsBoth     Ships = "both"     // the file and its sidecar
)

// ships reports which of img's stores ship under s: its embedded stores,
// its sidecar.
func (s Ships) ships(img *metadata.Image) (embedded, sidecar bool) {
	switch s {
	case ShipsEmbedded:
		return true, false
	case ShipsSidecar:
		return false, true
	case ShipsBoth:
		return true, true
	}
	if img.Format == "xmp" {
		return true, true // a sidecar named as the image: it is what ships
	}
	return true, metadata.IsRaw(img.Format)
}

// shipped returns the view of img that Check compares under s (img
// itself when every store ships) and the stores left out. The view keeps
// no warning about a store left out: a sidecar that does not travel with
// the image and could not be read is nothing for the gate to report.
func (s Ships) shipped(img *metadata.Image) (*metadata.Image, []*metadata.Store) {
	emb, side := s.ships(img)
	if emb && (side || img.Sidecar == nil && !slices.ContainsFunc(img.Warnings, func(w metadata.Warning) bool { return w.Store == metadata.StoreSidecar })) {
		return img, nil // the common case: nothing is left out
	}
	ships := func(k metadata.StoreKind) bool {
		switch k {
		case metadata.StoreSidecar:
			return side
		case metadata.StoreEXIF, metadata.StoreIPTC, metadata.StoreXMP:
			return emb
		}
		return true // the file itself
	}
	view := *img
	view.Warnings = nil
	for _, w := range img.Warnings {
		if ships(w.Store) {
			view.Warnings = append(view.Warnings, w)
		}
	}
	var out []*metadata.Store
	for _, st := range img.Stores() {
		if !ships(st.Kind) {
			out = append(out, st)
		}
	}
	if !side {
		view.Sidecar = nil
	}
	if !emb {
		view.EXIF, view.IPTC, view.XMP = nil, nil, nil
	}
	return &view, out
}

// notShipped adds to the findings of a field that no shipping store gives
// what a store left out says of it: "only its sidecar names Emrah Gurel,
// and the sidecar does not ship with the image".
func notShipped(fs []check.Finding, path string, left []*metadata.Store) []check.Finding {
	for k := range fs {
		f := &fs[k]
		if !check.NoStoreGives(*f) {
			continue
		}
		for _, st := range left {
			var what string
			switch f.Field {
			case check.FieldCreator:
				if len(st.Creators) > 0 {
					what = "names " + strings.Join(st.Creators, "; ")
				}
			case check.FieldDate:
				if !st.Date.IsZero() {
					what = "says " + st.Date.String()
				}
			case check.FieldCredit:
				switch {
				case st.Credit != "":
					what = "credits " + st.Credit
				case st.Source != "":
					what = "credits " + st.Source
				}
			}
			if what == "" {
				continue
			}
			where := "its " + string(st.Kind)
			if st.Kind == metadata.StoreSidecar {
				where = "its sidecar"
				if path != "" {
					where = "its sidecar beside " + filepath.Base(path)
				}
			}
			f.Message += fmt.Sprintf("; only %s %s, and that store does not ship with the image", where, what)
			break
		}
	}
	return fs
}

// ownSidecar adds a warning when the image's sidecar holds a caption
// captag wrote (its mark unchanged) that is not the caption paired now:
// an earlier run paired it otherwise, and the sidecar says so until it is
// written again.
func ownSidecar(fs []check.Finding, img *metadata.Image, rec *caption.Record, p check.Pair) []check.Finding {
	sc := img.Sidecar
	if !sc.Written() || metadata.FoldWords(sc.Description) == metadata.FoldWords(rec.Text) {
		return fs
	}
	return append(fs, check.Finding{Severity: metadata.SeverityWarning, Field: check.FieldMatch, Store: metadata.StoreSidecar,
		Message: fmt.Sprintf("the sidecar holds another caption, which captag wrote earlier (paired by %s); the caption paired now is line %d (by %s): write it again to replace it",
			orUnknown(sc.Mark.PairedBy), rec.Line, PairText(p))})
}

func orUnknown(s string) string {
	if s == "" {
		return "an unknown method"
	}
	return s
}
