package desk

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// Inputs are what a caller writing a report must not write over: before
// the first pass every file listed (those found in a folder marked
// Unread, since a file that is no image will be skipped), after it the
// images read and the named files that could not be; each with its
// existing sidecars, in either naming.
func TestInputs(t *testing.T) {
	t.Parallel()
	dir := copySample(t, "aleppo-01.jpg", "aleppo-02.jpg")
	other := t.TempDir()
	write := func(path, text string) string {
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	base := write(filepath.Join(dir, "aleppo-01.xmp"), "not XMP")
	ext := write(filepath.Join(dir, "aleppo-02.jpg.xmp"), "not XMP")
	report := write(filepath.Join(dir, "report.txt"), "an earlier report")
	notes := write(filepath.Join(other, "notes.txt"), "no image")
	img1, img2 := filepath.Join(dir, "aleppo-01.jpg"), filepath.Join(dir, "aleppo-02.jpg")

	ctx := context.Background()
	caps := write(filepath.Join(other, "captions.txt"), "ALEPPO, SYRIA - DECEMBER 19: One. ( Aref Watad - Anadolu Agency )\n")
	job, err := Open(ctx, Options{Roots: []string{dir, notes}, Captions: CaptionSource{Path: caps}})
	if err != nil {
		t.Fatal(err)
	}
	listed := []Input{
		{Path: img1, Unread: true},
		{Path: base, Unread: true, SidecarOf: img1},
		{Path: img2, Unread: true},
		{Path: ext, Unread: true, SidecarOf: img2},
		{Path: report, Unread: true},
		{Path: notes, Explicit: true},
	}
	if got := slices.Collect(job.Inputs()); !sameInputs(got, listed) {
		t.Errorf("before reading, Inputs are\n%+v\nwant\n%+v", got, listed)
	}
	if _, err := job.Match(ctx, MatchOptions{}); err != nil {
		t.Fatal(err)
	}
	read := []Input{
		{Path: img1},
		{Path: base, SidecarOf: img1},
		{Path: img2},
		{Path: ext, SidecarOf: img2},
		{Path: notes, Explicit: true}, // named, so reported unreadable; report.txt was skipped
	}
	if got := slices.Collect(job.Inputs()); !sameInputs(got, read) {
		t.Errorf("after reading, Inputs are\n%+v\nwant\n%+v", got, read)
	}
}

// sameInputs compares as sets: the order among the roots is the job's.
func sameInputs(got, want []Input) bool {
	key := func(a, b Input) int { return strings.Compare(a.Path, b.Path) }
	got, want = slices.Clone(got), slices.Clone(want)
	slices.SortFunc(got, key)
	slices.SortFunc(want, key)
	return slices.Equal(got, want)
}

// exiv2's metadata-only .exv beside a picture is, like its .xmp sidecar,
// no picture of the folder: listing it would make two pictures of
// IMG_1.jpg and IMG_1.exv, sharing one sidecar. Named on its own, it is
// read.
func TestFolderSkipsEXV(t *testing.T) {
	dir := t.TempDir()
	for _, n := range []string{"IMG_1.jpg", "IMG_1.exv", "IMG_2.EXV", "IMG_1.xmp"} {
		if err := os.WriteFile(filepath.Join(dir, n), []byte("\xff\x01Exiv2\xff\xd9"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	sc := &scanner{}
	files, errs := sc.walk(context.Background(), []string{dir})
	if len(errs) != 0 || len(files) != 1 || filepath.Base(files[0].path) != "IMG_1.jpg" {
		t.Fatalf("walk listed %d files (%v), errors %v; want IMG_1.jpg alone", len(files), files, errs)
	}
	files, _ = sc.walk(context.Background(), []string{filepath.Join(dir, "IMG_1.exv")})
	if len(files) != 1 {
		t.Fatalf("IMG_1.exv named: %d files listed, want it", len(files))
	}
}
