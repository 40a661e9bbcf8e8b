package sidecar

// Interop tests: exiftool and exiv2 read the sidecars captag writes with the
// values captag meant, and a merge loses nothing they could read before.
// They skip when the tools are not installed (CI installs them: Debian
// packages libimage-exiftool-perl and exiv2).

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
)

func needTool(t *testing.T, name string) string {
	t.Helper()
	p, err := exec.LookPath(name)
	if err != nil {
		t.Skipf("%s not on PATH: interop check skipped (CI installs it)", name)
	}
	return p
}

// exiftoolRead returns exiftool's reading (-j -G1 -struct -XMP:all) of
// each file, keyed by file, without SourceFile.
func exiftoolRead(t *testing.T, files ...string) []map[string]any {
	t.Helper()
	tool := needTool(t, "exiftool")
	args := append([]string{"-j", "-G1", "-struct", "-XMP:all", "-ExifTool:Warning", "-ExifTool:Error"}, files...)
	cmd := exec.Command(tool, args...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("exiftool %s: %v\n%s", strings.Join(files, " "), err, stderr.Bytes())
	}
	var res []map[string]any
	if err := json.Unmarshal(out, &res); err != nil {
		t.Fatalf("exiftool output is not JSON: %v\n%s", err, out)
	}
	if len(res) != len(files) {
		t.Fatalf("exiftool read %d of %d files", len(res), len(files))
	}
	for _, m := range res {
		delete(m, "SourceFile")
	}
	return res
}

var exiv2Line = regexp.MustCompile(`^(\S+)\s+(\S+)\s+(\d+)\s+(.*)$`)

// exiv2Read returns exiv2's reading (-px) of a file: key → value. exiv2
// must exit 0 and print no warning.
func exiv2Read(t *testing.T, file string) map[string]string {
	t.Helper()
	tool := needTool(t, "exiv2")
	cmd := exec.Command(tool, "-px", file)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil || stderr.Len() > 0 {
		t.Fatalf("exiv2 -px %s: %v\n%s", file, err, stderr.Bytes())
	}
	m := map[string]string{}
	for _, line := range strings.Split(strings.TrimRight(string(out), "\n"), "\n") {
		if f := exiv2Line.FindStringSubmatch(line); f != nil {
			m[f[1]] = f[4]
		}
	}
	return m
}

func asJSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// TestInteropGolden writes the golden cases and reads them with exiftool
// and exiv2.
func TestInteropGolden(t *testing.T) {
	needTool(t, "exiftool")
	needTool(t, "exiv2")
	for _, tc := range goldenCases {
		t.Run(tc.name, func(t *testing.T) {
			var in []byte
			if tc.input != "" {
				in = readTestdata(t, tc.input)
			}
			rec := tc.rec()
			out, _, err := Merge(in, rec, aleppoImage(), testOptions)
			if err != nil {
				t.Fatal(err)
			}
			path := filepath.Join(t.TempDir(), "IMG_0001.xmp")
			if err := WriteAtomic(path, out); err != nil {
				t.Fatal(err)
			}

			got := exiftoolRead(t, path)[0]
			if tc.input != "" {
				// Nothing exiftool read in the input is lost but captag's own.
				before := filepath.Join(filepath.Dir(path), "before.xmp")
				if err := os.WriteFile(before, in, 0o644); err != nil {
					t.Fatal(err)
				}
				if lost := lostByExiftool(exiftoolRead(t, before)[0], got); len(lost) > 0 {
					t.Errorf("exiftool reads these differently after the merge:\n%s", strings.Join(lost, "\n"))
				}
			}
			want := map[string]any{
				"XMP-x:XMPToolkit":          "captag",
				"XMP-dc:Description":        aleppoText,
				"XMP-dc:Creator":            []any{"Aref Watad"},
				"XMP-photoshop:Credit":      "Anadolu Agency",
				"XMP-photoshop:Source":      "Anadolu Agency",
				"XMP-photoshop:City":        "Aleppo",
				"XMP-photoshop:Country":     "Syria",
				"XMP-iptcCore:CountryCode":  "SYR",
				"XMP-photoshop:DateCreated": "2016:12:19 14:05:00+03:00",
			}
			loc := map[string]any{"City": "Aleppo", "CountryName": "Syria", "CountryCode": "SYR"}
			if rec.Region != "" {
				want["XMP-photoshop:State"] = rec.Region
				loc["ProvinceState"] = rec.Region
			}
			if rec.Headline != "" {
				want["XMP-photoshop:Headline"] = rec.Headline
				want["XMP-dc:Title"] = rec.Title
				want["XMP-dc:Rights"] = rec.Copyright
				want["XMP-photoshop:Instructions"] = rec.Instructions
				want["XMP-photoshop:TransmissionReference"] = rec.JobID
				want["XMP-photoshop:CaptionWriter"] = "desk"
			}
			for k, v := range tc.kept {
				want[k] = v
			}
			for k, v := range want {
				if asJSON(got[k]) != asJSON(v) {
					t.Errorf("exiftool %s = %s, want %s", k, asJSON(got[k]), asJSON(v))
				}
			}
			for _, k := range []string{"ExifTool:Warning", "ExifTool:Error"} {
				if v, ok := got[k]; ok {
					t.Errorf("exiftool %s: %v", k, v)
				}
			}
			// LocationCreated: one Location with captag's fields (others
			// that were there may stay).
			locs, _ := got["XMP-iptcExt:LocationCreated"].([]any)
			if len(locs) != 1 {
				t.Fatalf("exiftool LocationCreated = %s, want one Location", asJSON(got["XMP-iptcExt:LocationCreated"]))
			}
			first, _ := locs[0].(map[string]any)
			for k, v := range loc {
				if asJSON(first[k]) != asJSON(v) {
					t.Errorf("exiftool LocationCreated.%s = %s, want %s", k, asJSON(first[k]), asJSON(v))
				}
			}
			if rec.Keywords != nil {
				subj, _ := got["XMP-dc:Subject"].([]any)
				have := map[string]bool{}
				for _, s := range subj {
					have[fmt.Sprint(s)] = true
				}
				for _, k := range rec.Keywords {
					if !have[k] {
						t.Errorf("exiftool Subject %s lacks keyword %q", asJSON(subj), k)
					}
				}
			}

			x := exiv2Read(t, path)
			wantX := map[string]string{
				"Xmp.dc.description":                                     `lang="x-default" ` + aleppoText,
				"Xmp.dc.creator":                                         "Aref Watad",
				"Xmp.photoshop.Credit":                                   "Anadolu Agency",
				"Xmp.photoshop.Source":                                   "Anadolu Agency",
				"Xmp.photoshop.City":                                     "Aleppo",
				"Xmp.photoshop.Country":                                  "Syria",
				"Xmp.iptc.CountryCode":                                   "SYR",
				"Xmp.photoshop.DateCreated":                              "2016-12-19T14:05:00+03:00",
				"Xmp.iptcExt.LocationCreated[1]/Iptc4xmpExt:City":        "Aleppo",
				"Xmp.iptcExt.LocationCreated[1]/Iptc4xmpExt:CountryName": "Syria",
				"Xmp.iptcExt.LocationCreated[1]/Iptc4xmpExt:CountryCode": "SYR",
			}
			if v, ok := tc.kept["XMP-photoshop:Credit"]; ok {
				wantX["Xmp.photoshop.Credit"] = v.(string)
			}
			if rec.Region != "" {
				wantX["Xmp.photoshop.State"] = rec.Region
				wantX["Xmp.iptcExt.LocationCreated[1]/Iptc4xmpExt:ProvinceState"] = rec.Region
			}
			for k, v := range wantX {
				if k == "Xmp.dc.description" {
					// exiv2 lists every language; x-default comes first.
					if !strings.HasPrefix(x[k], v) {
						t.Errorf("exiv2 %s = %q, want it to start with %q", k, x[k], v)
					}
					continue
				}
				if x[k] != v {
					t.Errorf("exiv2 %s = %q, want %q", k, x[k], v)
				}
			}
		})
	}
}

// ownedExiftool are the exiftool tags (-G1) of captag's properties.
var ownedExiftool = map[string]bool{
	"XMP-x:XMPToolkit":   true, // captag serialises the packet
	"XMP-dc:Description": true, "XMP-dc:Creator": true, "XMP-dc:Title": true,
	"XMP-dc:Subject": true, "XMP-dc:Rights": true,
	"XMP-photoshop:Credit": true, "XMP-photoshop:Source": true, "XMP-photoshop:DateCreated": true,
	"XMP-photoshop:City": true, "XMP-photoshop:State": true, "XMP-photoshop:Country": true,
	"XMP-photoshop:Headline": true, "XMP-photoshop:Instructions": true,
	"XMP-photoshop:TransmissionReference": true, "XMP-photoshop:CaptionWriter": true,
	"XMP-iptcCore:CountryCode": true, "XMP-iptcExt:LocationCreated": true,
}

// lostByExiftool compares exiftool's readings before and after a merge and
// returns the tags that captag does not own whose value changed or went
// missing. A language variant of a captag Lang Alt ("XMP-dc:Description-
// en-GB") may change only when it was a copy of the x-default value.
func lostByExiftool(before, after map[string]any) []string {
	var lost []string
	for k, v := range before {
		if ownedExiftool[k] || k == "ExifTool:Warning" {
			continue
		}
		// "XMP-dc:Description-en-GB": a language of a captag Lang Alt.
		if group, tag, ok := strings.Cut(k, ":"); ok {
			if name, _, ok := strings.Cut(tag, "-"); ok {
				parent := group + ":" + name
				if ownedExiftool[parent] && asJSON(v) == asJSON(before[parent]) {
					continue
				}
			}
		}
		if asJSON(after[k]) != asJSON(v) {
			lost = append(lost, fmt.Sprintf("%s: %s → %s", k, asJSON(v), asJSON(after[k])))
		}
	}
	sort.Strings(lost)
	return lost
}

func TestInteropLightroomKeepsEverything(t *testing.T) {
	needTool(t, "exiftool")
	needTool(t, "exiv2")
	dir := t.TempDir()
	in := readTestdata(t, "in-lightroom.xmp")
	out, _, err := Merge(in, textRecord(), aleppoImage(), testOptions)
	if err != nil {
		t.Fatal(err)
	}
	beforePath, afterPath := filepath.Join(dir, "before.xmp"), filepath.Join(dir, "IMG_0001.xmp")
	if err := os.WriteFile(beforePath, in, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := WriteAtomic(afterPath, out); err != nil {
		t.Fatal(err)
	}
	r := exiftoolRead(t, beforePath, afterPath)
	before, after := r[0], r[1]
	if lost := lostByExiftool(before, after); len(lost) > 0 {
		t.Errorf("exiftool reads these differently after the merge:\n%s", strings.Join(lost, "\n"))
	}
	// The things a Lightroom user would miss, named.
	crs := 0
	for k := range before {
		if strings.HasPrefix(k, "XMP-crs:") {
			crs++
		}
	}
	if crs < 15 {
		t.Fatalf("exiftool read only %d crs: settings from the Lightroom input", crs)
	}
	for _, k := range []string{"XMP-xmp:Rating", "XMP-xmp:Label", "XMP-dc:Subject", "XMP-lr:HierarchicalSubject",
		"XMP-crs:Exposure2012", "XMP-crs:ToneCurvePV2012", "XMP-crs:CropAngle", "XMP-xmpMM:History", "XMP-photoshop:SidecarForExtension"} {
		if before[k] == nil || asJSON(before[k]) != asJSON(after[k]) {
			t.Errorf("%s: before %s, after %s", k, asJSON(before[k]), asJSON(after[k]))
		}
	}

	xb, xa := exiv2Read(t, beforePath), exiv2Read(t, afterPath)
	ownedExiv2 := regexp.MustCompile(`^Xmp\.(dc\.(description|creator|title|subject|rights)|photoshop\.(Credit|Source|DateCreated|City|State|Country|Headline|Instructions|TransmissionReference|CaptionWriter)|iptc\.CountryCode|iptcExt\.LocationCreated)`)
	for k, v := range xb {
		if ownedExiv2.MatchString(k) {
			continue
		}
		if xa[k] != v {
			t.Errorf("exiv2 %s: before %q, after %q", k, v, xa[k])
		}
	}
	if xa["Xmp.xmp.Rating"] != "4" || xa["Xmp.dc.subject"] != "Aleppo, Syria, civil war, Middle East" {
		t.Errorf("exiv2 after the merge: Rating %q, subject %q", xa["Xmp.xmp.Rating"], xa["Xmp.dc.subject"])
	}
}

// corpusDir is ../shared/corpora beside the repository. Without it the
// test skips, except when CI is set (.ci/run sets CI=true and checks the
// folder first): there it fails.
func corpusDir(t *testing.T) string {
	t.Helper()
	dir := filepath.Join("..", "..", "shared", "corpora")
	if _, err := os.Stat(filepath.Join(dir, "INDEX.tsv")); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("corpus folder %s absent (%v): CI needs ../shared/corpora beside the repository", dir, err)
		}
		t.Skipf("corpus folder %s absent: corpus sidecars not merged", dir)
	}
	return dir
}

func corpusSidecars(t *testing.T) []string {
	t.Helper()
	dir := corpusDir(t)
	var files []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && strings.EqualFold(filepath.Ext(p), ".xmp") {
			files = append(files, p)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatalf("expected *.xmp sidecars in the corpus at %s, found none", dir)
	}
	sort.Strings(files)
	return files
}

// TestCorpusMergeKeepsEverything merges a caption into every sidecar of the
// outside corpus: captag's parser must keep every other top-level property
// as it was, and exiftool must read every property captag does not own the
// same before and after. Sidecars Merge refuses (exiv2's fuzzing proofs of
// concept, not XMP) are left alone, which loses nothing.
func TestCorpusMergeKeepsEverything(t *testing.T) {
	files := corpusSidecars(t)
	_, exiftoolErr := exec.LookPath("exiftool")
	dir := t.TempDir()
	merged, refused := 0, 0
	type pair struct{ src, before, after string }
	var pairs []pair
	for i, f := range files {
		in, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		out, changed, err := Merge(in, csvRecord(), aleppoImage(), testOptions)
		var me *MergeError
		if errors.As(err, &me) {
			refused++
			t.Logf("left alone: %s: %v", f, err)
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", f, err)
			continue
		}
		merged++
		if len(changed) == 0 {
			t.Errorf("%s: nothing changed", f)
		}
		assertOthersKept(t, in, out)
		if again, ch, err := Merge(out, csvRecord(), aleppoImage(), testOptions); err != nil || ch != nil || !bytes.Equal(again, out) {
			t.Errorf("%s: re-merging the output changed %q (err %v)", f, ch, err)
		}
		if exiftoolErr != nil {
			continue
		}
		before := filepath.Join(dir, fmt.Sprintf("before%02d.xmp", i))
		after := filepath.Join(dir, fmt.Sprintf("after%02d.xmp", i))
		if err := os.WriteFile(before, in, 0o644); err != nil {
			t.Fatal(err)
		}
		if err := WriteAtomic(after, out); err != nil {
			t.Fatal(err)
		}
		pairs = append(pairs, pair{f, before, after})
	}
	if len(pairs) > 0 {
		// One exiftool run for all files: it starts slowly.
		var args []string
		for _, p := range pairs {
			args = append(args, p.before, p.after)
		}
		r := exiftoolRead(t, args...)
		for i, p := range pairs {
			b, a := r[2*i], r[2*i+1]
			if ex, ok := corpusExceptions[filepath.Base(p.src)]; ok {
				for from, to := range ex.renamed {
					if b[from] == nil || asJSON(b[from]) != asJSON(a[to]) {
						t.Errorf("%s: exiftool %s = %s before, want it as %s after, found %s", p.src, from, asJSON(b[from]), to, asJSON(a[to]))
					}
					delete(b, from)
				}
				t.Logf("%s: %s", p.src, ex.reason)
			}
			if lost := lostByExiftool(b, a); len(lost) > 0 {
				t.Errorf("%s: exiftool reads these differently after the merge:\n%s", p.src, strings.Join(lost, "\n"))
			}
		}
	}
	t.Logf("%d corpus sidecars merged without loss, %d refused and left alone", merged, refused)
	if merged == 0 {
		t.Error("no corpus sidecar could be merged")
	}
}

// corpusExceptions are corpus sidecars whose exiftool reading changes for a
// reason that is not a loss, keyed by base name: renamed maps an exiftool
// tag before the merge to the tag that must hold the same value after it.
var corpusExceptions = map[string]struct {
	reason  string
	renamed map[string]string
}{
	"XMP6.xmp": {
		reason: "two namespaces share the prefix xxxx in the input; the second (http://testtag.com/feline/1.0/) " +
			"is written with the prefix ns1, and exiftool names a group after the prefix it sees (tmp0 before, ns1 after): " +
			"same namespace URI, same value",
		renamed: map[string]string{"XMP-tmp0:Test": "XMP-ns1:Test"},
	},
}

// TestLostByExiftool checks the comparison the interop tests rely on.
func TestLostByExiftool(t *testing.T) {
	before := map[string]any{
		"XMP-xmp:Rating": 4, "XMP-x:XMPToolkit": "Adobe XMP Core",
		"XMP-dc:Description": "old", "XMP-dc:Description-en": "old", "XMP-dc:Description-de": "alt",
		"XMP-crs:Exposure2012": "+0.35",
	}
	after := map[string]any{
		"XMP-x:XMPToolkit":   "captag",
		"XMP-dc:Description": "new", "XMP-dc:Description-en": "new",
		"XMP-crs:Exposure2012": "+0.35",
	}
	got := lostByExiftool(before, after)
	want := []string{`XMP-dc:Description-de: "alt" → null`, `XMP-xmp:Rating: 4 → null`}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("lostByExiftool = %q, want %q", got, want)
	}
}
