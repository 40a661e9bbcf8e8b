//go:build linux

package desk

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// TestOpenImageAsOSFile checks openImage against openImageFile (os.File):
// the same size, the same bytes and errors from ReadAt at every offset
// that matters, and the same errors for a missing file, a folder and a
// named pipe.
func TestOpenImageAsOSFile(t *testing.T) {
	dir := t.TempDir()
	data := make([]byte, 5000)
	for i := range data {
		data[i] = byte(i * 7)
	}
	file := filepath.Join(dir, "a.jpg")
	if err := os.WriteFile(file, data, 0o644); err != nil {
		t.Fatal(err)
	}
	fifo := filepath.Join(dir, "pipe.jpg")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{file, filepath.Join(dir, "missing.jpg"), dir, fifo} {
		got, gsize, gerr := openImage(path)
		want, wsize, werr := openImageFile(path)
		if fmt.Sprint(gerr) != fmt.Sprint(werr) || gsize != wsize {
			t.Fatalf("%s: openImage: size %d, error %v; os.File: size %d, error %v", path, gsize, gerr, wsize, werr)
		}
		if gerr != nil {
			continue
		}
		for _, c := range []struct {
			off int64
			n   int
		}{{0, 16 << 10}, {0, 100}, {4990, 100}, {5000, 1}, {6000, 10}, {-1, 1}, {100, 0}} {
			gb, wb := make([]byte, c.n), make([]byte, c.n)
			gn, gerr := got.ReadAt(gb, c.off)
			wn, werr := want.ReadAt(wb, c.off)
			if gn != wn || fmt.Sprint(gb) != fmt.Sprint(wb) || fmt.Sprint(gerr) != fmt.Sprint(werr) || errors.Is(gerr, os.ErrClosed) {
				t.Errorf("%s: ReadAt(%d bytes at %d) = %d, %v; os.File: %d, %v", path, c.n, c.off, gn, gerr, wn, werr)
			}
		}
		if err := got.Close(); err != nil {
			t.Error(err)
		}
		want.Close()
	}
}
