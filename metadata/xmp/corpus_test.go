package xmp

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// corpusDir is ../shared/corpora beside the repository (the repository
// root is two levels above this package).
var corpusDir = filepath.Join("..", "..", "..", "shared", "corpora")

// requireCorpus skips the test when the corpus is absent, except when CI
// is set (.ci/run sets CI=true and checks the folder first): there it
// fails, so that CI cannot pass without having read the corpus.
func requireCorpus(tb testing.TB) {
	tb.Helper()
	if _, err := os.Stat(filepath.Join(corpusDir, "INDEX.tsv")); err != nil {
		if os.Getenv("CI") != "" {
			tb.Fatalf("corpus %s absent (%v): CI needs ../shared/corpora beside the repository", corpusDir, err)
		}
		tb.Skipf("corpus %s absent (%v): skipping", corpusDir, err)
	}
}

// refused lists the corpus .xmp files Parse must refuse, with the reason.
// Everything else must parse.
var refused = map[string]string{
	"exiftool/XMP2.xmp":                       "RDF graph with rdf:nodeID references (f-spot), not an XMP tree",
	"exiftool/XMP3.xmp":                       "RDF graph with rdf:nodeID references (the file says itself it is not XMP)",
	"exiv2/exiv2-bug1108.xmp":                 "an exiv2 .exv container (binary EXIF), not an XMP text file",
	"exiv2/coverage_xmpsidecar_isXmpType.xmp": "truncated: an xpacket start and nothing else",
	"exiv2/issue_851_poc.xmp":                 "NUL bytes inside the xpacket PI and namespace URI (exiv2 PoC)",
	"exiv2/issue_1713_poc.xmp":                "a corrupted byte inside an element name (exiv2 PoC)",
	"exiv2/issue_1821_poc.xmp":                "garbage bytes inside an xmlns attribute name (exiv2 PoC)",
	"exiv2/issue_1901_poc1.xmp":               `xmlns:x="" makes x:xmpmeta unqualified (exiv2 PoC)`,
	"exiv2/issue_1901_poc2.xmp":               `xmlns:x="" makes x:xmpmeta unqualified (exiv2 PoC)`,
	"exiv2/issue_1901_poc3.xmp":               `xmlns:x="" makes x:xmpmeta unqualified (exiv2 PoC)`,
	"exiv2/issue_1901_poc4.xmp":               `xmlns:x="" makes x:xmpmeta unqualified (exiv2 PoC)`,
	"exiv2/issue_1954_poc.xmp":                `xmlns:x="" makes x:xmpmeta unqualified (exiv2 PoC)`,
}

// exiftoolExtra lists files where exiftool reads more from Encode's output
// than from the original, with the reason. (Every tag exiftool reads from
// an original must come back equal from every file.)
var exiftoolExtra = map[string]string{
	"exiv2/xmpsdk.xmp": "starts with spaces and a bare rdf:RDF, which exiftool does not recognise as XMP; Encode adds the wrapper",
}

// embeddedRefused lists the embedded packets of corpus images (as exiftool
// extracts them) that Parse must refuse; all are malformed on purpose.
var embeddedRefused = map[string]string{
	"XMP2_xmp.xmp":                          "rdf:nodeID graph",
	"XMP3_xmp.xmp":                          "rdf:nodeID graph",
	"coverage_xmp_doctype_exv.xmp":          "DOCTYPE with an external entity and <foo> instead of rdf:RDF (exiv2 XXE test)",
	"exiv2-bug1026_jpg.xmp":                 "broken tag: expected /> in element",
	"issue_1713_poc_xmp.xmp":                "corrupted element name",
	"issue_1819_poc_exv.xmp":                "invalid UTF-8",
	"issue_1901_poc1_xmp.xmp":               "x:xmpmeta bound to a junk namespace",
	"issue_1901_poc2_xmp.xmp":               "x:xmpmeta bound to a junk namespace",
	"issue_1901_poc3_xmp.xmp":               "x:xmpmeta bound to a junk namespace",
	"issue_1901_poc4_xmp.xmp":               "x:xmpmeta bound to a junk namespace",
	"issue_1954_poc_xmp.xmp":                "x:xmpmeta bound to a junk namespace",
	"issue_851_poc_xmp.xmp":                 "NUL bytes",
	"issue_ghsa_v5g7_46xf_h728_poc_exv.xmp": "invalid UTF-8",
	"pbar-ani-invalid-XMP_gif.xmp":          "invalid UTF-8",
}

// embeddedDiffer lists embedded packets whose exiftool reading differs in
// group names only, with the reason.
var embeddedDiffer = map[string]string{
	"frameright_jpg.xmp": "xmlns declared on property elements: exiftool reads the dates into group XMP plus " +
		"extra …Xmlns tags; from Encode's output it reads the same dates in XMP-xmp",
}

// corpusXMP returns the .xmp files of the corpus (any case), relative to
// corpusDir (requireCorpus: without the corpus the test skips, or fails
// in CI).
func corpusXMP(t *testing.T) []string {
	t.Helper()
	requireCorpus(t)
	var files []string
	err := filepath.WalkDir(corpusDir, func(p string, de os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !de.IsDir() && strings.EqualFold(filepath.Ext(p), ".xmp") {
			rel, _ := filepath.Rel(corpusDir, p)
			files = append(files, filepath.ToSlash(rel))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(files)
	return files
}

// TestCorpusRoundTrip parses every real sidecar of the corpus, encodes it
// and parses the result again: the two trees must be equal. When exiftool
// is on PATH, every XMP tag exiftool reads from the original must read the
// same from Encode's output (XMP-x:XMPToolkit aside).
func TestCorpusRoundTrip(t *testing.T) {
	files := corpusXMP(t)
	tmp := t.TempDir()
	var origs, encs []string
	parsed := 0
	for _, rel := range files {
		b, err := os.ReadFile(filepath.Join(corpusDir, rel))
		if err != nil {
			t.Fatal(err)
		}
		d, err := Parse(b)
		if reason, ok := refused[rel]; ok {
			if err == nil {
				t.Errorf("%s: parsed, but is listed as refused (%s)", rel, reason)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", rel, err)
			continue
		}
		parsed++
		t.Run(rel, func(t *testing.T) { assertRoundTrip(t, d) })
		enc := filepath.Join(tmp, strings.ReplaceAll(rel, "/", "__")+".xmp")
		if err := os.WriteFile(enc, Encode(d), 0o644); err != nil {
			t.Fatal(err)
		}
		origs = append(origs, filepath.Join(corpusDir, rel))
		encs = append(encs, enc)
	}
	t.Logf("%d corpus sidecars: %d parsed and round-tripped, %d refused as listed", len(files), parsed, len(refused))
	if _, err := exec.LookPath("exiftool"); err != nil {
		t.Skip("exiftool not on PATH: skipping the exiftool comparison")
	}
	a, b := exiftoolRead(t, origs), exiftoolRead(t, encs)
	same := 0
	for i, o := range origs {
		rel, _ := filepath.Rel(corpusDir, o)
		if compareTags(t, filepath.ToSlash(rel), a[o], b[encs[i]]) {
			same++
		}
	}
	t.Logf("exiftool reads the same XMP tags from %d of %d re-encoded sidecars", same, len(origs))
}

// TestCorpusEmbeddedExiftool does the same for the XMP packets embedded in
// the corpus images, as exiftool extracts them.
func TestCorpusEmbeddedExiftool(t *testing.T) {
	requireCorpus(t)
	if _, err := exec.LookPath("exiftool"); err != nil {
		t.Skip("exiftool not on PATH: skipping the embedded-packet comparison")
	}
	if testing.Short() {
		t.Skip("-short: skipping the embedded-packet comparison (runs exiftool over the corpus)")
	}
	src, dst := t.TempDir(), t.TempDir()
	out, err := exec.Command("exiftool", "-q", "-q", "-if", "$XMP", "-r", "-b", "-XMP", "-w", src+"/%f_%e.xmp", corpusDir).CombinedOutput()
	if err != nil && len(out) > 0 {
		t.Logf("exiftool: %v: %s", err, out)
	}
	files, _ := filepath.Glob(filepath.Join(src, "*.xmp"))
	if len(files) == 0 {
		t.Fatal("exiftool extracted no XMP packet from the corpus")
	}
	var origs, encs []string
	for _, f := range files {
		name := filepath.Base(f)
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		d, err := Parse(b)
		if _, listed := embeddedRefused[name]; listed {
			if err == nil {
				t.Errorf("%s: parsed, but is listed as refused", name)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		assertRoundTrip(t, d)
		enc := filepath.Join(dst, name)
		if err := os.WriteFile(enc, Encode(d), 0o644); err != nil {
			t.Fatal(err)
		}
		origs, encs = append(origs, f), append(encs, enc)
	}
	a, b := exiftoolRead(t, origs), exiftoolRead(t, encs)
	same := 0
	for i, o := range origs {
		name := filepath.Base(o)
		if reason, listed := embeddedDiffer[name]; listed {
			t.Logf("%s: not compared: %s", name, reason)
			continue
		}
		if compareTags(t, name, a[o], b[encs[i]]) {
			same++
		}
	}
	t.Logf("%d embedded packets: %d refused as listed; exiftool reads the same tags from %d of %d re-encoded", len(files), len(embeddedRefused), same, len(origs))
}

// TestFixturesExiftool checks the hand-made fixtures the same way.
func TestFixturesExiftool(t *testing.T) {
	if _, err := exec.LookPath("exiftool"); err != nil {
		t.Skip("exiftool not on PATH: skipping the exiftool comparison")
	}
	files, _ := filepath.Glob("testdata/*.xmp")
	tmp := t.TempDir()
	var encs []string
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		d, err := Parse(b)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		enc := filepath.Join(tmp, filepath.Base(f))
		if err := os.WriteFile(enc, Encode(d), 0o644); err != nil {
			t.Fatal(err)
		}
		encs = append(encs, enc)
	}
	a, b := exiftoolRead(t, files), exiftoolRead(t, encs)
	for i, f := range files {
		if len(a[f]) < 5 {
			t.Errorf("%s: exiftool read only %d tags from the fixture", f, len(a[f]))
		}
		compareTags(t, f, a[f], b[encs[i]])
	}
}

// exiftoolRead runs exiftool once over files and returns its XMP tags per
// file, without XMP-x:XMPToolkit and SourceFile.
func exiftoolRead(t *testing.T, files []string) map[string]map[string]any {
	t.Helper()
	out := map[string]map[string]any{}
	if len(files) == 0 {
		return out
	}
	args := append([]string{"-j", "-struct", "-G1", "-XMP:all"}, files...)
	raw, err := exec.Command("exiftool", args...).Output()
	if err != nil && len(raw) == 0 {
		t.Fatalf("exiftool: %v", err)
	}
	var list []map[string]any
	if err := json.Unmarshal(raw, &list); err != nil {
		t.Fatalf("exiftool output: %v", err)
	}
	for _, m := range list {
		src, _ := m["SourceFile"].(string)
		delete(m, "SourceFile")
		delete(m, "XMP-x:XMPToolkit")
		out[src] = normaliseGroups(m)
	}
	return out
}

// renamedGroup matches the family-1 groups exiftool names after a
// namespace prefix it invented (tmp0…) or Encode invented (ns1…) for a
// namespace whose input prefix clashed: the name differs, the tags do not.
var renamedGroup = regexp.MustCompile(`^XMP-(tmp|ns)[0-9]+:`)

func normaliseGroups(m map[string]any) map[string]any {
	out := make(map[string]any, len(m))
	for k, v := range m {
		out[renamedGroup.ReplaceAllString(k, "XMP-(renamed):")] = v
	}
	return out
}

// compareTags reports tags of orig that enc lacks or reads differently,
// and tags only enc has unless rel is listed in exiftoolExtra.
func compareTags(t *testing.T, rel string, orig, enc map[string]any) bool {
	t.Helper()
	ok := true
	for k, v := range orig {
		if s, isStr := v.(string); isStr && strings.TrimSpace(s) == "" && enc[k] == "" {
			// An empty struct written with whitespace inside: exiftool
			// reads the whitespace as its value, and "" from Encode's
			// <… rdf:parseType="Resource"/>.
			continue
		}
		if w, found := enc[k]; !found {
			t.Errorf("%s: exiftool reads %s = %v from the original, nothing from Encode's output", rel, k, v)
			ok = false
		} else if !reflect.DeepEqual(v, w) {
			t.Errorf("%s: exiftool reads %s = %v from the original, %v from Encode's output", rel, k, v, w)
			ok = false
		}
	}
	if _, listed := exiftoolExtra[rel]; !listed {
		for k, v := range enc {
			if _, found := orig[k]; !found {
				t.Errorf("%s: exiftool reads %s = %v from Encode's output only", rel, k, v)
				ok = false
			}
		}
	}
	return ok
}
