package sidecar

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/captag/captag/metadata/xmp"
)

// attrSidecars are sidecars other tools wrote in attribute form (simple
// properties as attributes of rdf:Description, struct fields as attributes
// of rdf:li or of the struct's element): corpus files, by path under
// ../shared/corpora (the tool is the packet's x:xmptk / CreatorTool), and
// this package's Lightroom-style fixture.
var attrSidecars = []struct {
	path, tool string
	corpus     bool
}{
	{"testdata/in-lightroom.xmp", "Lightroom Classic 9 (fixture)", false},
	{"evanoberholster-imagemeta/XMP.xmp", "Adobe XMP Core 5.6 (Lightroom/Camera Raw settings)", true},
	{"exiftool/XMP.xmp", "Photoshop CS2, XMP toolkit 3.1.1", true},
	{"exiv2/BlueSquare.xmp", "Photoshop CS2, XMP toolkit 3.1.2", true},
	{"frameright-php-image-metadata-parser/all.XMP", "XMP Core 5.1.2", true},
	{"metadata-extractor-images/xmp/APhotoManager-exmaple.xmp", "Adobe XMP Core 5.1.0-jc003", true},
	{"metadata-extractor-images/xmp/digikam-example.xmp", "digiKam 5.4.0 (exiv2)", true},
	{"exiv2/issue_1959_poc.xmp", "exiv2 (60 KB)", true},
}

// TestMergeKeepsAttributeForm is issue 11's closing note: a sidecar
// another tool wrote in attribute form is merged, not regenerated in
// element form. For each sidecar: every value read as an attribute is an
// attribute after the merge (captag's replacements of such values too);
// re-encoding the packet unchanged grows it by at most 5 % (element form
// grew a Lightroom sidecar by about 28 %); the merge is idempotent; and
// exiftool reads every property it read before, but captag's, with the
// same value after it.
func TestMergeKeepsAttributeForm(t *testing.T) {
	dir := t.TempDir()
	_, exiftoolErr := exec.LookPath("exiftool")
	var pairs [][2]string
	var names []string
	for i, sc := range attrSidecars {
		path := sc.path
		if sc.corpus {
			path = filepath.Join(corpusDir(t), sc.path)
		}
		in, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		d, err := xmp.Parse(in)
		if err != nil {
			t.Fatalf("%s: %v", sc.path, err)
		}
		attrsIn := countAttr(d.Props)
		if attrsIn == 0 {
			t.Errorf("%s: no value read in attribute form; the table wants attribute-form sidecars", sc.path)
			continue
		}
		// Form alone: the packet written back unchanged.
		again := xmp.Encode(d)
		clearAttr(d.Props)
		elemForm := xmp.Encode(d)
		if growth := pct(len(again), len(in)); growth > 5 {
			t.Errorf("%s: re-encoded unchanged, %d → %d bytes (%+.1f %%); want at most +5 %%", sc.path, len(in), len(again), growth)
		}

		out, changed, err := Merge(in, csvRecord(), aleppoImage(), testOptions)
		if err != nil || len(changed) == 0 {
			t.Fatalf("%s: Merge changed %q, err %v", sc.path, changed, err)
		}
		d2, err := xmp.Parse(out)
		if err != nil {
			t.Fatalf("%s: merged output: %v", sc.path, err)
		}
		seen := map[[2]string]int{}
		for _, p := range mustParse(t, in).Props {
			seen[[2]string{p.NS, p.Name}]++
		}
		for _, p := range mustParse(t, in).Props {
			if !p.AsAttr || seen[[2]string{p.NS, p.Name}] > 1 {
				continue
			}
			if q := d2.Get(p.NS, p.Name); q == nil || !q.AsAttr {
				t.Errorf("%s: %s was an attribute, is not one after the merge", sc.path, qname(p.NS, p.Name))
			}
		}
		if attrsOut := countAttr(d2.Props); attrsOut < attrsIn {
			t.Errorf("%s: %d values in attribute form before the merge, %d after", sc.path, attrsIn, attrsOut)
		}
		clearAttr(d2.Props)
		mergedElem := xmp.Encode(d2)
		if len(out) >= len(mergedElem) {
			t.Errorf("%s: merged %d bytes, not less than the %d of element form", sc.path, len(out), len(mergedElem))
		}
		if second, ch, err := Merge(out, csvRecord(), aleppoImage(), testOptions); err != nil || ch != nil || !bytes.Equal(second, out) {
			t.Errorf("%s: re-merging the output changed %q (err %v)", sc.path, ch, err)
		}
		t.Logf("%-58s %3d attrs  unchanged: %6d → %6d (%+5.1f %%; element form %6d, %+5.1f %%)  merged: %6d (%+5.1f %%; element form %6d, %+5.1f %%)",
			sc.path, attrsIn, len(in), len(again), pct(len(again), len(in)), len(elemForm), pct(len(elemForm), len(in)),
			len(out), pct(len(out), len(in)), len(mergedElem), pct(len(mergedElem), len(in)))

		if exiftoolErr == nil {
			before := filepath.Join(dir, fmt.Sprintf("before%02d.xmp", i))
			after := filepath.Join(dir, fmt.Sprintf("after%02d.xmp", i))
			if err := os.WriteFile(before, in, 0o644); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(after, out, 0o644); err != nil {
				t.Fatal(err)
			}
			pairs = append(pairs, [2]string{before, after})
			names = append(names, sc.path)
		}
	}
	if len(pairs) == 0 {
		return
	}
	var args []string
	for _, p := range pairs {
		args = append(args, p[0], p[1])
	}
	r := exiftoolRead(t, args...) // one run: exiftool starts slowly
	for i := range pairs {
		b, a := r[2*i], r[2*i+1]
		if lost := lostByExiftool(b, a); len(lost) > 0 {
			t.Errorf("%s: exiftool reads these differently after the merge:\n%s", names[i], strings.Join(lost, "\n"))
		}
		if len(b) < 10 {
			t.Errorf("%s: exiftool read only %d tags before the merge", names[i], len(b))
		}
	}
}

// TestMergeReplacesAttributeInForm: captag's value replacing one written
// as an attribute is an attribute, where the old one stood; a new
// property of captag's is an element.
func TestMergeReplacesAttributeInForm(t *testing.T) {
	in := []byte(`<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">` +
		`<rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmlns:photoshop="http://ns.adobe.com/photoshop/1.0/"` +
		` xmp:Rating="3" photoshop:City="Damascus" photoshop:Credit="Anadolu Agency"/></rdf:RDF></x:xmpmeta>`)
	out, changed, err := Merge(in, csvRecord(), aleppoImage(), testOptions)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(changed, "photoshop:City") || slices.Contains(changed, "photoshop:Credit") {
		t.Fatalf("changed %q, want photoshop:City and not photoshop:Credit (the same value)", changed)
	}
	s := string(out)
	for _, want := range []string{
		"\n    xmp:Rating=\"3\"\n    photoshop:City=\"Aleppo\"\n    photoshop:Credit=\"Anadolu Agency\">",
		"<photoshop:Country>Syria</photoshop:Country>",
	} {
		if !strings.Contains(s, want) {
			t.Errorf("merged sidecar lacks %q:\n%s", want, s)
		}
	}
}

func mustParse(t *testing.T, b []byte) *xmp.Doc {
	t.Helper()
	d, err := xmp.Parse(b)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// clearAttr puts every node under ns in element form.
func clearAttr(ns []*xmp.Node) {
	for _, n := range ns {
		n.AsAttr = false
		clearAttr(n.Fields)
		clearAttr(n.Items)
		clearAttr(n.Quals)
	}
}

// countAttr counts the nodes under ns read in attribute form.
func countAttr(ns []*xmp.Node) int {
	c := 0
	for _, n := range ns {
		if n.AsAttr {
			c++
		}
		c += countAttr(n.Fields) + countAttr(n.Items) + countAttr(n.Quals)
	}
	return c
}

func pct(a, b int) float64 { return 100 * float64(a-b) / float64(b) }
