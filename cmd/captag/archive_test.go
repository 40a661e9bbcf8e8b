package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/captag/captag/metadata/fixture"
)

// archivePic is one picture of a test archive and what its stores say.
type archivePic struct {
	name, date, creator, credit string
}

// archiveFolder is one folder of a test archive: its pictures, and the
// captions of its caption file (nil: the folder has none).
type archiveFolder struct {
	dir      string
	pics     []archivePic
	captions []string // photographer and day of month, "Aref Watad 19"
}

// makeArchive writes the folders under root with metadata/fixture: each
// picture a JPEG whose EXIF, IIM and XMP say its date, photographer and
// credit; each caption a wire caption of that photographer and day.
func makeArchive(t *testing.T, root string, folders []archiveFolder) {
	t.Helper()
	for _, f := range folders {
		dir := filepath.Join(root, f.dir)
		for _, p := range f.pics {
			data := []byte{}
			if p.date != "" {
				data = fixture.JPEG(fixture.All(fixture.Fields{Date: p.date, Time: "140500+0300", Creators: []string{p.creator}, Credit: p.credit, Source: p.credit}))
			}
			if err := fixture.WriteFile(filepath.Join(dir, p.name), data); err != nil {
				t.Fatal(err)
			}
		}
		if f.captions == nil {
			continue
		}
		var b strings.Builder
		for _, c := range f.captions {
			i := strings.LastIndex(c, " ")
			who, day := c[:i], c[i+1:]
			fmt.Fprintf(&b, "ALEPPO, SYRIA - DECEMBER %s: Civilians wait to be evacuated in Aleppo, Syria on December %s, 2016. ( %s - Anadolu Agency )\n\n", day, day, who)
		}
		if err := fixture.WriteFile(filepath.Join(dir, "captions.txt"), []byte(b.String())); err != nil {
			t.Fatal(err)
		}
	}
}

// archiveRun runs captag with args and returns its exit code, stdout
// and stderr.
func archiveRun(args ...string) (int, string, string) {
	e, out, errb := testEnv(false, false, nil)
	code := runEnv(context.Background(), e, args)
	return code, out.String(), errb.String()
}

// TestShardsMergedAreTheWholeRun is issue 25's done-when for whole
// archives: an archive of several folders, some with faults (a wrong
// date, a wrong credit, an image without a caption, a caption without an
// image, a file named like an image that is none), one without a caption
// file and one of captions only, checked once with
// --captions-per-folder, then as 1, 3 and 7 shards whose reports captag
// merge merges: the merged report is the whole run's (JSON compared
// after parsing) and exits as it did. A clean archive checks both ways
// too (exit 0), and so does --fail-on warning.
func TestShardsMergedAreTheWholeRun(t *testing.T) {
	t.Parallel()
	aa := "Anadolu Agency"
	faulty := []archiveFolder{
		{dir: "wire/day1", pics: []archivePic{{"a.jpg", "20161219", "Aref Watad", aa}, {"b.jpg", "20161219", "Mustafa Sultan", aa}, {"c.jpg", "20161218", "Jawad Al Rifai", aa}},
			captions: []string{"Aref Watad 19", "Mustafa Sultan 19", "Jawad Al Rifai 19"}},
		{dir: "wire/day2", pics: []archivePic{{"a.jpg", "20161218", "Aref Watad", aa}, {"b.jpg", "20161220", "Emrah Gurel", "Reuters"}},
			captions: []string{"Aref Watad 18", "Emrah Gurel 20"}},
		{dir: "wire/day2/late", pics: []archivePic{{"a.jpg", "20161220", "Ahmed Al Ahmed", aa}, {"z.jpg", "20161220", "Andrea Comas", aa}},
			captions: []string{"Ahmed Al Ahmed 20", "Mustafa Sultan 19"}},
		{dir: "sport", pics: []archivePic{{"a.jpg", "20161219", "Aref Watad", aa}, {"b.jpg", "20161219", "Emrah Gurel", aa}}},
		{dir: "sport/finals", pics: []archivePic{{"a.jpg", "20161217", "Emrah Gurel", aa}, {"empty.jpg", "", "", ""}},
			captions: []string{"Emrah Gurel 17"}},
		{dir: "only-captions", captions: []string{"Aref Watad 19"}},
		{dir: "w", pics: []archivePic{{"x.jpg", "20161219", "Aref Watad", aa}}, captions: []string{"Aref Watad 19"}},
		{dir: "w/x", pics: []archivePic{{"y.jpg", "20161219", "Aref Watad", aa}}, captions: []string{"Aref Watad 19"}},
		{dir: ".hidden", pics: []archivePic{{"a.jpg", "20161219", "Aref Watad", aa}}},
	}
	clean := []archiveFolder{faulty[6], faulty[7], {dir: "wire/day1", pics: []archivePic{{"a.jpg", "20161219", "Aref Watad", aa}, {"b.jpg", "20161219", "Mustafa Sultan", aa}},
		captions: []string{"Mustafa Sultan 19", "Aref Watad 19"}}}
	for _, tc := range []struct {
		name    string
		folders []archiveFolder
		flags   []string
		code    int
	}{
		{"faulty", faulty, nil, exitProblems},
		{"clean", clean, nil, exitOK},
		{"faulty allow-unmatched", faulty, []string{"--allow-unmatched", "--fail-on", "warning"}, exitProblems},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			root := filepath.Join(t.TempDir(), "archive")
			makeArchive(t, root, tc.folders)
			check := append([]string{"check", "-q", "-r", "--captions-per-folder", "captions.txt", "--format", "json"}, tc.flags...)
			code, whole, stderr := archiveRun(append(check, root)...)
			if code != tc.code {
				t.Fatalf("the whole run exits %d, want %d; stderr:\n%s", code, tc.code, stderr)
			}
			var want map[string]any
			if err := json.Unmarshal([]byte(whole), &want); err != nil {
				t.Fatal(err)
			}
			wantFolders := len(want["folders"].([]any))
			if tc.name == "faulty" {
				// The faults are there: a folder without its caption file, a
				// file that is no image, a wrong credit; the hidden folder is
				// not read.
				sum := want["summary"].(map[string]any)
				for _, s := range []string{"image not checked: no caption file captions.txt in its folder", "not an image", `"field": "credit"`, `"field": "date"`} {
					if !strings.Contains(whole, s) {
						t.Errorf("the whole run's report lacks %q", s)
					}
				}
				if strings.Contains(whole, ".hidden") || sum["not_images"] != 1.0 || wantFolders != 8 {
					t.Errorf("the whole run: %d folders, summary %v (want 8 folders, 1 not an image, no .hidden)", wantFolders, sum)
				}
			}
			for _, n := range []int{1, 3, 7} {
				var reports []string
				folders := 0
				for k := 1; k <= n; k++ {
					c, out, stderr := archiveRun(append(check, "--shard", fmt.Sprintf("%d/%d", k, n), root)...)
					if c == exitCannotRun {
						t.Fatalf("shard %d/%d: exit %d: %s", k, n, c, stderr)
					}
					var part map[string]any
					if err := json.Unmarshal([]byte(out), &part); err != nil {
						t.Fatal(err)
					}
					folders += len(part["folders"].([]any))
					path := filepath.Join(t.TempDir(), fmt.Sprintf("shard-%d.json", k))
					if err := os.WriteFile(path, []byte(out), 0o644); err != nil {
						t.Fatal(err)
					}
					reports = append(reports, path)
				}
				if folders != wantFolders {
					t.Errorf("N=%d: the shards hold %d folders, the whole run %d", n, folders, wantFolders)
				}
				merge := append([]string{"merge", "--format", "json"}, tc.flags[min(len(tc.flags), 1):]...)
				c, merged, stderr := archiveRun(append(merge, reports...)...)
				if c != tc.code {
					t.Errorf("N=%d: merge exits %d, the whole run %d; stderr:\n%s", n, c, tc.code, stderr)
				}
				var got map[string]any
				if err := json.Unmarshal([]byte(merged), &got); err != nil {
					t.Fatalf("N=%d: %v\n%s", n, err, stderr)
				}
				if !reflect.DeepEqual(got, want) {
					t.Errorf("N=%d: the merged report differs from the whole run's:\nmerged: %s\nwhole:  %s", n, merged, whole)
				}
			}
		})
	}
}

// TestShardOfFolderIsStable: a folder's shard is the FNV-1a hash of its
// path under the root, whatever the root is called or holds besides.
func TestShardOfFolderIsStable(t *testing.T) {
	t.Parallel()
	shardOf := func(root string, folders []archiveFolder) string {
		makeArchive(t, root, folders)
		_, out, _ := archiveRun("check", "-q", "-r", "--captions-per-folder", "captions.txt", "--format", "json", "--shard", "2/3", root)
		var rep struct {
			Folders []struct{ Folder string }
		}
		if err := json.Unmarshal([]byte(out), &rep); err != nil {
			t.Fatal(err)
		}
		var rel []string
		for _, f := range rep.Folders {
			r, _ := filepath.Rel(root, f.Folder)
			rel = append(rel, filepath.ToSlash(r))
		}
		return strings.Join(rel, " ")
	}
	pic := []archivePic{{"a.jpg", "20161219", "Aref Watad", "Anadolu Agency"}}
	var few, more []archiveFolder
	for i := range 12 {
		f := archiveFolder{dir: fmt.Sprintf("f%02d", i), pics: pic, captions: []string{"Aref Watad 19"}}
		few = append(few, f)
		more = append(more, f, archiveFolder{dir: fmt.Sprintf("g%02d", i), pics: pic})
	}
	a := shardOf(filepath.Join(t.TempDir(), "one"), few)
	b := shardOf(filepath.Join(t.TempDir(), "another"), more)
	var bf []string
	for _, d := range strings.Fields(b) {
		if strings.HasPrefix(d, "f") {
			bf = append(bf, d)
		}
	}
	if a == "" || a != strings.Join(bf, " ") {
		t.Errorf("shard 2/3 of 12 folders is %q; with 12 more folders beside them, under another root, its f folders are %q", a, bf)
	}
}
