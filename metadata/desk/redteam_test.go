package desk

import (
	"context"
	"net"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/captag/captag/metadata"
	"github.com/captag/captag/metadata/check"
)

// TestRedTeam11BrokenFilesStopTheGate is issue 20, item 11: a folder
// with a good JPEG beside files named like images that are not images —
// empty, random bytes, a lone SOI marker, a named pipe, a socket — was
// "1 image … all images agree". Each is now an error finding on its
// file (the gate stops), the pipe is never opened (no hang), a caption
// file and notes are still skipped silently, and with SkipNonImages they
// are skipped and listed by Skipped instead.
func TestRedTeam11BrokenFilesStopTheGate(t *testing.T) {
	t.Parallel()
	dir := copySample(t, "aleppo-05.jpg")
	junk := map[string][]byte{
		"empty.jpg":  {},
		"random.jpg": []byte("\x13\x37 not a picture, just bytes \xfe\xfa\x00\x01"),
		"soi.jpg":    {0xff, 0xd8},
		"IMG_2.CR2":  []byte("%PDF-1.4\n"),
		// Images of types captag does not read: a gate cannot vouch for
		// them either (they were skipped without a word).
		"IMG_3.CRW": []byte("II\x1a\x00\x00\x00HEAPCCDR and the rest of a Canon CRW"),
		"IMG_4.x3f": []byte("FOVb\x00\x00\x02\x00 a Sigma X3F"),
		"notes.txt": []byte("the caption writer's notes\n"),
	}
	for n, b := range junk {
		if err := os.WriteFile(filepath.Join(dir, n), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := syscall.Mkfifo(filepath.Join(dir, "pipe.jpg"), 0o644); err != nil {
		t.Fatal(err)
	}
	// A socket path must be short: bind it from inside the folder.
	l, err := net.ListenUnix("unix", &net.UnixAddr{Name: filepath.Join(dir, "s.png"), Net: "unix"})
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	caps := filepath.Join(t.TempDir(), "captions.csv")
	csv := "file,caption\naleppo-05.jpg,\"ALEPPO, SYRIA - DECEMBER 19: Civilians evacuated from East Aleppo arrive at Rashedeen town on December 19, 2016. ( Aref Watad - Anadolu Agency )\"\n"
	if err := os.WriteFile(caps, []byte(csv), 0o644); err != nil {
		t.Fatal(err)
	}
	want := map[string]string{ // file → what its finding must say it found
		"IMG_2.CR2":  "expected a CR2 image (its name ends in .CR2), found a file of another type (pdf)",
		"IMG_3.CRW":  "expected an image of a type captag reads, found one of type CRW (its name ends in .CRW); nothing in it checked",
		"IMG_4.x3f":  "expected an image of a type captag reads, found one of type X3F (its name ends in .x3f); nothing in it checked",
		"empty.jpg":  "expected a JPEG image (its name ends in .jpg), found an empty file",
		"pipe.jpg":   "expected a JPEG image (its name ends in .jpg), found a named pipe; not opened",
		"random.jpg": "expected a JPEG image (its name ends in .jpg), found 33 bytes that start as no image type captag knows",
		"s.png":      "expected a PNG image (its name ends in .png), found a socket; not opened",
		"soi.jpg":    "expected a JPEG image (its name ends in .jpg), found 2 bytes that start as no image type captag knows",
	}
	ctx := context.Background()
	for _, tc := range []struct {
		name string
		skip bool
	}{{"reported", false}, {"skipped", true}} {
		t.Run(tc.name, func(t *testing.T) {
			job, err := Open(ctx, Options{Roots: []string{dir}, Captions: CaptionSource{Path: caps}, SkipNonImages: tc.skip})
			if err != nil {
				t.Fatal(err)
			}
			rep, err := job.Check(ctx, CheckOptions{})
			if err != nil {
				t.Fatal(err)
			}
			got := map[string]string{}
			for i := range rep.Len() {
				r := rep.Result(i)
				for _, f := range r.Findings {
					if f.Field == check.FieldFile {
						if f.Severity != metadata.SeverityError {
							t.Errorf("%s: %s finding %q, want an error", filepath.Base(r.Image), f.Severity, f.Message)
						}
						got[filepath.Base(r.Image)] = strings.TrimPrefix(strings.TrimPrefix(f.Message, "not an image: "), "the image could not be read: ")
					}
				}
			}
			skipped := map[string]string{}
			for _, f := range job.Skipped() {
				skipped[filepath.Base(f.Path)] = f.Err.Error()
			}
			reported, other := got, skipped
			if tc.skip {
				reported, other = skipped, got
			}
			for n, w := range want {
				if reported[n] != w {
					t.Errorf("%s: %q, want %q", n, reported[n], w)
				}
			}
			if len(reported) != len(want) || len(other) != 0 {
				t.Errorf("reported %v and %v; want the %d files named like images, and nothing else (notes.txt is no image name)", reported, other, len(want))
			}
			errs := rep.Summary.Errors
			if !tc.skip && errs != len(want) || tc.skip && errs != 0 {
				t.Errorf("summary: %d errors, want %d", errs, map[bool]int{false: len(want), true: 0}[tc.skip])
			}
		})
	}
}

// TestRedTeam11CutShortUnmatchedIsSaid: a JPEG cut short reads as an
// image whose stores past the cut were not read. Paired, it had a file
// warning saying so; left unmatched (with AllowUnmatched, a warning too),
// it had only the match warning, so a gate's report hid that it could not
// read the file. Now both say it.
func TestRedTeam11CutShortUnmatchedIsSaid(t *testing.T) {
	t.Parallel()
	dir := copySample(t, "aleppo-05.jpg")
	whole, err := os.ReadFile(filepath.Join(dir, "aleppo-05.jpg"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "cut.jpg"), whole[:40], 0o644); err != nil {
		t.Fatal(err)
	}
	caps := filepath.Join(t.TempDir(), "captions.csv")
	csv := "file,caption\naleppo-05.jpg,\"ALEPPO, SYRIA - DECEMBER 19: Civilians evacuated from East Aleppo arrive at Rashedeen town on December 19, 2016. ( Aref Watad - Anadolu Agency )\"\n"
	if err := os.WriteFile(caps, []byte(csv), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	job, err := Open(ctx, Options{Roots: []string{dir}, Captions: CaptionSource{Path: caps}})
	if err != nil {
		t.Fatal(err)
	}
	rep, err := job.Check(ctx, CheckOptions{AllowUnmatched: true})
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for i := range rep.Len() {
		r := rep.Result(i)
		if filepath.Base(r.Image) != "cut.jpg" {
			continue
		}
		for _, f := range r.Findings {
			found = found || f.Field == check.FieldFile && strings.Contains(f.Message, "not all read")
		}
		if !found {
			t.Errorf("expected the unmatched cut.jpg to have a file finding that it was not all read, found %+v", r.Findings)
		}
	}
	if rep.Summary.Warnings < 2 {
		t.Errorf("expected the summary to count the match and the file warnings, found %+v", rep.Summary)
	}
}
