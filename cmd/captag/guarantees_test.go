package main

import (
	"context"
	"encoding/csv"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/captag/captag/metadata"
	"github.com/captag/captag/sidecar"
)

// The tests of what README.md's "What write guarantees" promises about
// concurrent edits, read-only sidecars, long names, killed runs and the
// read limit.

const guaranteeCaption = "ALEPPO, SYRIA - DECEMBER 19: Syrians wait near buses in Aleppo on December 19, 2016. ( Aref Watad - Anadolu Agency )"

// oneImage makes a folder with one sample JPEG named name and a CSV
// caption file naming it; it returns the folder and the caption file.
func oneImage(t *testing.T, name string) (dir, captions string) {
	t.Helper()
	dir = t.TempDir()
	img, err := os.ReadFile(filepath.Join("..", "..", "testdata", "aleppo", "aleppo-02.jpg"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name), img, 0o644); err != nil {
		t.Fatal(err)
	}
	captions = filepath.Join(t.TempDir(), "captions.csv")
	f, err := os.Create(captions)
	if err != nil {
		t.Fatal(err)
	}
	w := csv.NewWriter(f)
	w.Write([]string{"file", "caption"})
	w.Write([]string{name, guaranteeCaption})
	w.Flush()
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	return dir, captions
}

// ratedSidecar is a sidecar as an editor leaves it, rated stars.
func ratedSidecar(stars string) string {
	return `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">` +
		`<rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmp:Rating="` + stars + `"/>` +
		`</rdf:RDF></x:xmpmeta>`
}

func writeFile(t *testing.T, path, s string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestWriteConcurrentEdit (another program rewrites the sidecar between
// the read and the rename) is desk's: the hook that acts as the editor is
// not part of desk's API.

// TestWriteLeavesProtectedSidecars: a read-only sidecar, or one owned by
// another user, is left alone and reported (exit 1), not replaced.
func TestWriteLeavesProtectedSidecars(t *testing.T) {
	tests := []struct {
		name   string
		setup  func(t *testing.T, sc string) string
		report string
	}{
		{"read-only", func(t *testing.T, sc string) string {
			return "" // mode 0444 below
		}, "read-only"},
		{"another user's", func(t *testing.T, sc string) string {
			if runtime.GOOS == "windows" || os.Geteuid() != 0 {
				return "only root can give a file to another user"
			}
			if err := os.Chown(sc, 65534, 65534); err != nil {
				t.Fatal(err)
			}
			if err := os.Chmod(sc, 0o644); err != nil {
				t.Fatal(err)
			}
			return ""
		}, "owned by another user"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir, caps := oneImage(t, "IMG_0001.jpg")
			sc := filepath.Join(dir, "IMG_0001.xmp")
			writeFile(t, sc, ratedSidecar("3"))
			if err := os.Chmod(sc, 0o444); err != nil {
				t.Fatal(err)
			}
			if skip := tt.setup(t, sc); skip != "" {
				t.Skip(skip)
			}
			before, _ := os.Stat(sc)
			e, out, errb := testEnv(false, false, nil)
			code := runEnv(context.Background(), e, []string{"write", "--captions", caps, "--by", "name", dir})
			if code != exitProblems {
				t.Fatalf("exit %d, want %d; stdout:\n%s\nstderr:\n%s", code, exitProblems, out, errb)
			}
			if !strings.Contains(out.String(), "left alone") || !strings.Contains(out.String(), tt.report) {
				t.Errorf("the report does not say the sidecar is %s and left alone:\n%s", tt.report, out)
			}
			after, _ := os.Stat(sc)
			if !os.SameFile(before, after) || before.Mode() != after.Mode() || !after.ModTime().Equal(before.ModTime()) {
				t.Error("the sidecar was replaced")
			}
			if b, _ := os.ReadFile(sc); string(b) != ratedSidecar("3") {
				t.Errorf("the sidecar changed:\n%s", b)
			}
		})
	}
}

// TestWriteLongNames: an image whose sidecar name has 255 bytes, the most
// a file system allows, gets its sidecar.
func TestWriteLongNames(t *testing.T) {
	for _, stem := range []string{strings.Repeat("a", 251), strings.Repeat("é", 125)} {
		dir, caps := oneImage(t, stem+".jpg")
		e, out, errb := testEnv(false, false, nil)
		code := runEnv(context.Background(), e, []string{"write", "--captions", caps, "--by", "name", dir})
		if code != exitOK {
			t.Fatalf("%d-byte sidecar name: exit %d, want 0; stdout:\n%s\nstderr:\n%s", len(stem)+4, code, out, errb)
		}
		if _, err := os.Stat(filepath.Join(dir, stem+".xmp")); err != nil {
			t.Errorf("%d-byte sidecar name: %v", len(stem)+4, err)
		}
	}
}

// TestWriteRemovesStaleTemps: a temporary file a killed write left (older
// than an hour) is removed by the next write, which says so; a young one
// (a write may be under way) is kept; check warns about what is there.
func TestWriteRemovesStaleTemps(t *testing.T) {
	dir, caps := oneImage(t, "IMG_0001.jpg")
	stale := filepath.Join(dir, ".IMG_0001.xmp.0a1b2c3d4e5f"+sidecar.TempSuffix)
	young := filepath.Join(dir, ".IMG_0001.xmp.abcdefabcdef"+sidecar.TempSuffix)
	writeFile(t, stale, "<x:xmpmeta")
	writeFile(t, young, "<x:xmpmeta")
	old := time.Now().Add(-2 * sidecar.StaleTempAge)
	if err := os.Chtimes(stale, old, old); err != nil {
		t.Fatal(err)
	}

	e, out, errb := testEnv(false, false, nil)
	if code := runEnv(context.Background(), e, []string{"write", "--captions", caps, "--by", "name", dir}); code != exitOK {
		t.Fatalf("write: exit %d; stdout:\n%s\nstderr:\n%s", code, out, errb)
	}
	if _, err := os.Lstat(stale); err == nil {
		t.Errorf("the stale temporary file is still there")
	}
	if !strings.Contains(errb.String(), "removed "+stale) {
		t.Errorf("write does not say it removed the stale file:\n%s", errb)
	}
	if _, err := os.Lstat(young); err != nil {
		t.Errorf("the young temporary file (a write may be running) was removed: %v", err)
	}

	e, out, errb = testEnv(false, false, nil)
	runEnv(context.Background(), e, []string{"check", "--captions", caps, "--by", "name", dir})
	if !strings.Contains(errb.String(), "warning: "+young+" is a temporary file of the sidecar IMG_0001.xmp from a captag write") {
		t.Errorf("check does not warn about %s:\nstdout:\n%s\nstderr:\n%s", young, out, errb)
	}
}

// TestWriteNeverOutgrowsReadLimit: a sidecar under captag's read limit
// whose merged form would be over it is left alone and reported; it is
// not written as a file captag itself would then refuse to read.
func TestWriteNeverOutgrowsReadLimit(t *testing.T) {
	dir, caps := oneImage(t, "IMG_0001.jpg")
	sc := filepath.Join(dir, "IMG_0001.xmp")
	// ">" may stand unescaped in XML text; captag writes it "&gt;".
	big := strings.Repeat("a>b", 5<<20/3)
	doc := `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">` +
		`<rdf:Description rdf:about="" xmlns:my="http://example.com/my/"><my:A>` + big + `</my:A><my:B>` + big +
		`</my:B></rdf:Description></rdf:RDF></x:xmpmeta>`
	writeFile(t, sc, doc)
	e, out, errb := testEnv(false, false, nil)
	code := runEnv(context.Background(), e, []string{"write", "--captions", caps, "--by", "name", dir})
	if code != exitProblems {
		t.Fatalf("exit %d, want %d; stdout:\n%s\nstderr:\n%s", code, exitProblems, out, errb)
	}
	if !strings.Contains(out.String(), "left alone") || !strings.Contains(out.String(), "more than the") {
		t.Errorf("the report does not say the merged sidecar would be too large:\n%s", out)
	}
	fi, err := os.Stat(sc)
	if err != nil || fi.Size() != int64(len(doc)) || fi.Size() > metadata.MaxSidecarSize {
		t.Errorf("the sidecar is now %v bytes (%v), want it as it was (%d)", fi.Size(), err, len(doc))
	}
}

// TestSidecarLinkOutsideNotFollowed: inspect and check do not read a
// sidecar that is a symbolic link out of the image's folder, unless
// --follow; inspect says why.
func TestSidecarLinkOutsideNotFollowed(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("symbolic links need privileges on Windows")
	}
	dir, caps := oneImage(t, "IMG_0001.jpg")
	secret := filepath.Join(t.TempDir(), "secret.xmp")
	writeFile(t, secret, `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">`+
		`<rdf:Description rdf:about="" xmlns:photoshop="http://ns.adobe.com/photoshop/1.0/" photoshop:City="SECRETCITY" photoshop:DateCreated="2001-02-03"/></rdf:RDF></x:xmpmeta>`)
	if err := os.Symlink(secret, filepath.Join(dir, "IMG_0001.xmp")); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		args   []string
		code   int
		read   bool   // the report shows what the link's target says
		marker string // what shows it
	}{
		{[]string{"inspect", dir}, exitOK, false, "SECRETCITY"},
		{[]string{"inspect", "--follow", dir}, exitOK, true, "SECRETCITY"},
		{[]string{"check", "--captions", caps, "--by", "name", "--ships", "both", dir}, exitOK, false, "2001-02-03"},
		{[]string{"check", "--captions", caps, "--by", "name", "--ships", "both", "--follow", dir}, exitProblems, true, "2001-02-03"},
	}
	for _, tt := range tests {
		e, out, errb := testEnv(false, false, nil)
		code := runEnv(context.Background(), e, tt.args)
		if code != tt.code || strings.Contains(out.String(), tt.marker) != tt.read {
			t.Errorf("%v: exit %d, read the link's target %v; want exit %d, %v\nstdout:\n%s\nstderr:\n%s",
				tt.args, code, strings.Contains(out.String(), tt.marker), tt.code, tt.read, out, errb)
		}
		if tt.args[0] == "inspect" && !tt.read && !strings.Contains(out.String(), "not followed") {
			t.Errorf("inspect does not say the sidecar link was not followed:\n%s", out)
		}
	}
}
