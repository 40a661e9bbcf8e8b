package sidecar

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// OpenForReading opens the sidecar at path to read it. A symbolic link
// that leads outside the sidecar's folder (or nowhere) is not followed
// unless follow is set: it is a *RefusedError, so that a planted link
// cannot make captag read, and report on, a file elsewhere. A link inside
// the folder is followed. The file opened must be a regular file: a named
// pipe, a device or a folder is a *RefusedError, found before the open (and
// opened without waiting, in case one replaced the file meanwhile), so that
// a FIFO named like a sidecar cannot stop a run that waits for a writer.
func OpenForReading(path string, follow bool) (*os.File, error) {
	fi, err := os.Lstat(path)
	if err != nil {
		return nil, err
	}
	flag := os.O_RDONLY | oNonBlock
	if fi.Mode()&fs.ModeSymlink != 0 {
		if !follow {
			root, err := filepath.EvalSymlinks(filepath.Dir(path))
			if err != nil {
				return nil, err
			}
			target, err := filepath.EvalSymlinks(path)
			if err != nil {
				return nil, &RefusedError{Path: path, Reason: "a symbolic link that leads nowhere (" + err.Error() + ")"}
			}
			if !within(root, target) {
				return nil, &RefusedError{Path: path, Reason: fmt.Sprintf("a symbolic link to %s, outside its folder; not followed", target)}
			}
		}
		if fi, err = os.Stat(path); err != nil {
			return nil, &RefusedError{Path: path, Reason: "a symbolic link that leads nowhere (" + err.Error() + ")"}
		}
	} else {
		// Not a link at the check: make sure none is planted before the open.
		flag |= oNoFollow
	}
	if !fi.Mode().IsRegular() {
		return nil, &RefusedError{Path: path, Reason: "not a regular file but " + FileKind(fi.Mode())}
	}
	f, err := os.OpenFile(path, flag, 0)
	if err != nil {
		return nil, err
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	if !st.Mode().IsRegular() {
		f.Close()
		return nil, &RefusedError{Path: path, Reason: "not a regular file but " + FileKind(st.Mode())}
	}
	return f, nil
}
