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
// the folder is followed. The file opened must be a regular file.
func OpenForReading(path string, follow bool) (*os.File, error) {
	fi, err := os.Lstat(path)
	if err != nil {
		return nil, err
	}
	flag := os.O_RDONLY
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
	} else {
		// Not a link at the check: make sure none is planted before the open.
		flag |= oNoFollow
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
