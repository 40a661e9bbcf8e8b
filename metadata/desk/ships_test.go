package desk

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/captag/captag/metadata/check"
	"github.com/captag/captag/metadata/fixture"
)

// TestShipsJudgesWhatTravels: a gate judges the stores that travel with
// the picture (issue 19). A JPEG whose EXIF, IIM and XMP name no
// photographer fails check by default (its sidecar does not ship) however
// its sidecar names one, and the finding says where the name was found;
// with Ships both, the sidecar counts. A sidecar that cannot be read is
// nothing to report when it does not ship, and a file warning when it
// does.
func TestShipsJudgesWhatTravels(t *testing.T) {
	t.Parallel()
	// aleppo line 19 (Anadolu Agency, 2016-12-19, Ahmed Al Ahmed).
	const text = "ALEPPO, SYRIA - DECEMBER 19 : Civilians arrive at Rashedeen town of Aleppo, Syria on December 19, 2016. ( Ahmed Al Ahmed - Anadolu Agency )"
	sidecarXMP := `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">` +
		`<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator><rdf:Seq><rdf:li>Ahmed Al Ahmed</rdf:li></rdf:Seq></dc:creator></rdf:Description></rdf:RDF></x:xmpmeta>`
	plant := func(t *testing.T, sidecar string) (dir, caps string) {
		dir = t.TempDir()
		img := fixture.JPEG(fixture.All(fixture.Fields{Date: "20161219", Time: "141500+0300", Credit: "Anadolu Agency"}))
		if err := fixture.WriteFile(filepath.Join(dir, "a.jpg"), img); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "a.xmp"), []byte(sidecar), 0o644); err != nil {
			t.Fatal(err)
		}
		caps = filepath.Join(t.TempDir(), "captions.csv")
		if err := os.WriteFile(caps, []byte("file,caption\na.jpg,\""+text+"\"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		return dir, caps
	}
	findings := func(t *testing.T, dir, caps string, ships Ships) []check.Finding {
		job, err := Open(context.Background(), Options{Roots: []string{dir}, Captions: CaptionSource{Path: caps}})
		if err != nil {
			t.Fatal(err)
		}
		rep, err := job.Check(context.Background(), CheckOptions{Ships: ships})
		if err != nil {
			t.Fatal(err)
		}
		if rep.Len() != 1 {
			t.Fatalf("%d results, want 1", rep.Len())
		}
		return rep.Result(0).Findings
	}
	of := func(fs []check.Finding, field check.Field) *check.Finding {
		for i := range fs {
			if fs[i].Field == field {
				return &fs[i]
			}
		}
		return nil
	}

	dir, caps := plant(t, sidecarXMP)
	for _, ships := range []Ships{ShipsDefault, ShipsEmbedded} {
		f := of(findings(t, dir, caps, ships), check.FieldCreator)
		if f == nil || f.Severity != "error" || !strings.Contains(f.Message, "only its sidecar beside a.jpg names Ahmed Al Ahmed, and that store does not ship with the image") {
			t.Errorf("ships %q: creator finding %+v, want an error saying only the sidecar names Ahmed Al Ahmed", ships, f)
		}
	}
	if f := of(findings(t, dir, caps, ShipsBoth), check.FieldCreator); f != nil {
		t.Errorf("ships both: creator finding %+v, want none (the sidecar names the caption's photographer)", f)
	}

	dir, caps = plant(t, "<x:xmpmeta")
	if f := of(findings(t, dir, caps, ShipsDefault), check.FieldFile); f != nil {
		t.Errorf("a broken sidecar that does not ship: file finding %+v, want none", f)
	}
	if f := of(findings(t, dir, caps, ShipsBoth), check.FieldFile); f == nil || !strings.Contains(f.Message, "sidecar") {
		t.Errorf("a broken sidecar that ships: file finding %+v, want a warning naming the sidecar", f)
	}
}
