//go:build unix

package sidecar

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestOpenForReadingSpecialFiles: a named pipe, a folder, or a link to
// one, named like a sidecar, is refused with what it is, before it is
// opened: opening a FIFO that has no writer would wait for one, and
// captag check would never end (it did: a FIFO beside an image hung the
// whole run). A dangling link is refused with follow too.
func TestOpenForReadingSpecialFiles(t *testing.T) {
	dir := t.TempDir()
	if err := syscall.Mkfifo(filepath.Join(dir, "pipe.xmp"), 0o644); err != nil {
		t.Skip("no named pipes here:", err)
	}
	if err := os.Mkdir(filepath.Join(dir, "folder.xmp"), 0o755); err != nil {
		t.Fatal(err)
	}
	for link, target := range map[string]string{"topipe.xmp": "pipe.xmp", "dangling.xmp": "nothing.xmp"} {
		if err := os.Symlink(target, filepath.Join(dir, link)); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct {
		name   string
		follow bool
		reason string
	}{
		{"pipe.xmp", false, "not a regular file but a named pipe"},
		{"topipe.xmp", false, "not a regular file but a named pipe"},
		{"topipe.xmp", true, "not a regular file but a named pipe"},
		{"folder.xmp", false, "not a regular file but a folder"},
		{"dangling.xmp", true, "a symbolic link that leads nowhere"},
	}
	for _, tt := range tests {
		f, err := OpenForReading(filepath.Join(dir, tt.name), tt.follow)
		if f != nil {
			f.Close()
		}
		var re *RefusedError
		if !errors.As(err, &re) || !strings.HasPrefix(re.Reason, tt.reason) {
			t.Errorf("OpenForReading(%s, follow=%v): err = %v, want a *RefusedError: %s", tt.name, tt.follow, err, tt.reason)
		}
	}
}
