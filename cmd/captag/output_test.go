package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// captag check -c - -o captions.txt < captions.txt: the caption file
// comes in on standard input, and -o would replace it. It is refused as
// the caption file, by identity, and keeps its bytes.
func TestOutputRefusesCaptionsOnStdin(t *testing.T) {
	dir, captions := sampleDir(t)
	before, err := os.ReadFile(captions)
	if err != nil {
		t.Fatal(err)
	}
	for _, cmd := range []string{"check", "match"} {
		f, err := os.Open(captions)
		if err != nil {
			t.Fatal(err)
		}
		var stdout, stderr bytes.Buffer
		code := run(context.Background(), []string{cmd, "-c", "-", "-o", captions, filepath.Join(dir, "aleppo")}, f, &stdout, &stderr)
		f.Close()
		if code != exitCannotRun || !strings.Contains(stderr.String(), "-o "+captions+": expected a report file, found the caption file read from standard input") {
			t.Errorf("%s -c - -o the caption file: exit %d, want %d naming the caption file; stderr:\n%s", cmd, code, exitCannotRun, &stderr)
		}
		if stdout.Len() > 0 {
			t.Errorf("%s: a report on stdout:\n%s", cmd, &stdout)
		}
		if after, _ := os.ReadFile(captions); !bytes.Equal(after, before) {
			t.Fatalf("%s: the caption file was changed", cmd)
		}
	}
}

// The -o path is judged again just before the finished report replaces
// it: a path that was new when the run started but has become a file the
// run reads meanwhile (here a link made while the report was written) is
// refused, the file keeps its bytes and the temporary report is removed.
// A path that stayed new gets the report.
func TestOutputJudgedAgainBeforeRename(t *testing.T) {
	dir, captions := sampleDir(t)
	folder := filepath.Join(dir, "aleppo")
	image := filepath.Join(folder, "aleppo-01.jpg")
	sidecar := filepath.Join(folder, "aleppo-02.xmp")
	if err := os.WriteFile(sidecar, []byte("not XMP"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		become func(path string) error // what the -o path becomes meanwhile; nil: it stays new
		input  string                  // the file it then is
		want   string                  // in the message
	}{
		{"caption file by hard link", func(p string) error { return os.Link(captions, p) }, captions, "found the caption file " + captions + " (the same file under another name)"},
		{"image by hard link", func(p string) error { return os.Link(image, p) }, image, "found " + image + ", which this run reads (the same file under another name)"},
		{"sidecar by symbolic link", func(p string) error { return os.Symlink(sidecar, p) }, sidecar, "found " + sidecar + ", the sidecar of " + filepath.Join(folder, "aleppo-02.jpg") + ", which this run reads"},
		{"stays new", nil, "", ""},
	}
	for _, tt := range tests {
		for _, cmd := range []string{"check", "match"} {
			out := filepath.Join(dir, cmd+"-"+strings.ReplaceAll(tt.name, " ", "-")+".json")
			var before []byte
			if tt.input != "" {
				b, err := os.ReadFile(tt.input)
				if err != nil {
					t.Fatal(err)
				}
				before = b
			}
			var stdout, stderr bytes.Buffer
			e := newEnv(strings.NewReader(""), &stdout, &stderr)
			e.beforeReport = func(path string) {
				if path != out {
					t.Errorf("%s: the report is about to replace %s, want %s", tt.name, path, out)
				}
				if tt.become != nil {
					if err := tt.become(path); err != nil {
						t.Fatal(err)
					}
				}
			}
			code := runEnv(context.Background(), e, []string{cmd, "-c", captions, "--format", "json", "-o", out, folder})
			if left, _ := filepath.Glob(filepath.Join(dir, ".*.tmp")); len(left) > 0 {
				t.Errorf("%s %s: temporary files left: %q", cmd, tt.name, left)
			}
			if tt.become == nil {
				if code != exitProblems {
					t.Errorf("%s %s: exit %d, want %d (the sample's findings); stderr:\n%s", cmd, tt.name, code, exitProblems, &stderr)
				}
				if b, err := os.ReadFile(out); err != nil || !bytes.HasPrefix(b, []byte("{")) {
					t.Errorf("%s %s: no JSON report in %s: %v", cmd, tt.name, out, err)
				}
				continue
			}
			if code != exitCannotRun || !strings.Contains(stderr.String(), cmd+": -o "+out+": expected a report file, "+tt.want) {
				t.Errorf("%s %s: exit %d, want %d with %q; stderr:\n%s", cmd, tt.name, code, exitCannotRun, tt.want, &stderr)
			}
			if after, _ := os.ReadFile(tt.input); !bytes.Equal(after, before) {
				t.Errorf("%s %s: %s was changed", cmd, tt.name, tt.input)
			}
			if err := os.Remove(out); err != nil {
				t.Fatal(err)
			}
		}
	}
}
