//go:build linux

package main

import (
	"errors"
	"os"
	"path/filepath"

	"golang.org/x/sys/unix"
)

// evict drops c's images from the page cache (posix_fadvise DONTNEED on
// each, which a clean page obeys at once), so that the next run reads them
// from the disk: -cold. It touches only the corpus's own files, not the
// machine's whole cache (drop_caches), which other jobs share.
func evict(c *corpus) error {
	var errs []error
	for _, name := range c.Files {
		f, err := os.Open(filepath.Join(c.Dir, name))
		if err != nil {
			errs = append(errs, err)
			continue
		}
		if err := unix.Fadvise(int(f.Fd()), 0, 0, unix.FADV_DONTNEED); err != nil {
			errs = append(errs, err)
		}
		f.Close()
	}
	return errors.Join(errs...)
}
