package desk

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/captag/captag/metadata"
	"github.com/captag/captag/metadata/caption"
	"github.com/captag/captag/metadata/check"
	"github.com/captag/captag/metadata/date"
)

// TestEmbedRights: the copyright rule of write --embed. aleppo-16.jpg's
// case (testdata/aleppo: an Anadolu Agency caption, "2016 AFP" in EXIF,
// IIM and XMP) is replaced; a copyright that agrees or names a person is
// kept, as is a caption's own copyright column.
func TestEmbedRights(t *testing.T) {
	t.Parallel()
	const text = "ALEPPO, SYRIA - DECEMBER 20: Civilians wait for their evacuation at Amerriye region of Aleppo, Syria on December 20, 2016. ( Mustafa Sultan - Anadolu Agency )"
	img := func(copyright string, kinds ...metadata.StoreKind) *metadata.Image {
		im := &metadata.Image{Format: "jpeg"}
		for _, k := range kinds {
			s := &metadata.Store{Kind: k, Creators: []string{"Mustafa Sultan"}, Copyright: copyright,
				Date: date.Date{Year: 2016, Month: 12, Day: 20, Precision: date.PrecDay}}
			switch k {
			case metadata.StoreEXIF:
				im.EXIF = s
			case metadata.StoreIPTC:
				s.Credit = "Anadolu Agency"
				im.IPTC = s
			case metadata.StoreXMP:
				s.Credit = "Anadolu Agency"
				im.XMP = s
			}
		}
		return im
	}
	all := []metadata.StoreKind{metadata.StoreEXIF, metadata.StoreIPTC, metadata.StoreXMP}
	for _, tc := range []struct {
		name string
		rec  func(r *caption.Record)
		img  *metadata.Image
		want string
	}{
		{name: "another agency in every store", img: img("2016 AFP", all...), want: "© 2016 Anadolu Agency"},
		{name: "another agency in EXIF only", img: img("AFP", metadata.StoreEXIF), want: "© 2016 Anadolu Agency"},
		{name: "no year in the caption", rec: func(r *caption.Record) { r.Date.Year = 0 }, img: img("AFP", all...), want: "© Anadolu Agency"},
		{name: "the caption's agency", img: img("© 2016 Anadolu Agency", all...), want: ""},
		{name: "a person", img: img("Mustafa Sultan", all...), want: ""},
		{name: "no copyright", img: img("", all...), want: ""},
		{name: "a copyright column", rec: func(r *caption.Record) { r.Copyright = "Desk Ltd" }, img: img("AFP", all...), want: ""},
		{name: "no agency in the caption", rec: func(r *caption.Record) { r.Agency, r.Agencies = "", nil }, img: img("AFP", all...), want: ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rec := caption.ParseText(text, 0)
			if rec.Agency != "Anadolu Agency" || rec.Date.Year != 2016 {
				t.Fatalf("the caption parses as agency %q, year %d; want Anadolu Agency, 2016", rec.Agency, rec.Date.Year)
			}
			if tc.rec != nil {
				tc.rec(&rec)
			}
			if got := embedRights(&rec, tc.img, check.ByDateCreator, nil); got != tc.want {
				t.Errorf("embedRights = %q, want %q", got, tc.want)
			}
		})
	}
}

// TestWriteEmbed runs Write with Embed through the API on sample images:
// the JPEGs change, the run is idempotent, NoSidecar writes no sidecar,
// KeepModTime keeps the time, a dry run writes nothing, and NoSidecar
// without Embed is refused.
func TestWriteEmbed(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	names := []string{"aleppo-13.jpg", "aleppo-16.jpg"}
	dir := copySample(t, names...)
	old := time.Date(2017, 1, 2, 3, 4, 5, 0, time.UTC)
	for _, n := range names {
		if err := os.Chtimes(filepath.Join(dir, n), old, old); err != nil {
			t.Fatal(err)
		}
	}
	orig := map[string][]byte{}
	for _, n := range names {
		b, err := os.ReadFile(filepath.Join(dir, n))
		if err != nil {
			t.Fatal(err)
		}
		orig[n] = b
	}
	// The two captions of these images (lines 1 and 7 of the sample
	// caption file).
	lines := strings.Split(readFile(t, sampleCaptions), "\n")
	caps := filepath.Join(t.TempDir(), "captions.txt")
	if err := os.WriteFile(caps, []byte(lines[0]+"\n\n"+lines[6]+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	write := func(opts WriteOptions) ([]WriteResult, error) {
		t.Helper()
		job, err := Open(ctx, Options{Roots: []string{dir}, Captions: CaptionSource{Path: caps}})
		if err != nil {
			t.Fatal(err)
		}
		rep, err := job.Write(ctx, opts)
		if rep == nil {
			return nil, err
		}
		return rep.Results, err
	}
	summary := func(rs []WriteResult) string {
		var s []string
		for _, r := range rs {
			e := "-"
			if r.Embed != nil {
				e = r.Embed.Status.String()
			}
			s = append(s, fmt.Sprintf("%s %v/%s", filepath.Base(r.Image), r.Status, e))
		}
		return strings.Join(s, ", ")
	}

	if _, err := write(WriteOptions{NoSidecar: true}); err == nil {
		t.Errorf("NoSidecar without Embed: no error")
	}

	rs, err := write(WriteOptions{Embed: true, NoSidecar: true, DryRun: true})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := summary(rs), "aleppo-13.jpg no sidecar/embedded, aleppo-16.jpg no sidecar/embedded"; got != want {
		t.Errorf("dry run: %s, want %s", got, want)
	}
	for _, r := range rs {
		if len(r.Embed.IIM) == 0 || len(r.Embed.XMP) == 0 || len(r.Embed.EXIF) != 0 {
			t.Errorf("%s: dry run fields IIM %v, XMP %v, EXIF %v; want IIM and XMP, no EXIF without EmbedEXIF", r.Image, r.Embed.IIM, r.Embed.XMP, r.Embed.EXIF)
		}
		if b, _ := os.ReadFile(r.Image); string(b) != string(orig[filepath.Base(r.Image)]) {
			t.Errorf("%s: a dry run changed the file", r.Image)
		}
	}

	rs, err = write(WriteOptions{Embed: true, NoSidecar: true, EmbedEXIF: true, KeepModTime: true})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := summary(rs), "aleppo-13.jpg no sidecar/embedded, aleppo-16.jpg no sidecar/embedded"; got != want {
		t.Errorf("write: %s, want %s", got, want)
	}
	if r := rs[1]; r.Embed.Rights != "© 2016 Anadolu Agency" {
		t.Errorf("aleppo-16.jpg: Rights %q, want © 2016 Anadolu Agency", r.Embed.Rights)
	}
	after := map[string][]byte{}
	for _, n := range names {
		p := filepath.Join(dir, n)
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		after[n] = b
		if string(b) == string(orig[n]) {
			t.Errorf("%s: not changed", n)
		}
		if fi, err := os.Stat(p); err != nil || !fi.ModTime().Equal(old) {
			t.Errorf("%s: modification time %v, want %v kept", n, fi.ModTime(), old)
		}
		if _, err := os.Stat(strings.TrimSuffix(p, ".jpg") + ".xmp"); err == nil {
			t.Errorf("%s: NoSidecar wrote a sidecar", n)
		}
	}

	rs, err = write(WriteOptions{Embed: true, NoSidecar: true, EmbedEXIF: true})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := summary(rs), "aleppo-13.jpg no sidecar/unchanged, aleppo-16.jpg no sidecar/unchanged"; got != want {
		t.Errorf("second write: %s, want %s", got, want)
	}
	for _, n := range names {
		if b, _ := os.ReadFile(filepath.Join(dir, n)); string(b) != string(after[n]) {
			t.Errorf("%s: the second write changed a byte", n)
		}
	}

	// With sidecars: the sidecar is written, the image left unchanged.
	rs, err = write(WriteOptions{Embed: true, EmbedEXIF: true})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := summary(rs), "aleppo-13.jpg created/unchanged, aleppo-16.jpg created/unchanged"; got != want {
		t.Errorf("write with sidecars: %s, want %s", got, want)
	}
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
