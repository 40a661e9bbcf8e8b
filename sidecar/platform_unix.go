//go:build unix

package sidecar

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"syscall"
)

// oNoFollow makes open fail on a symbolic link, so that a link planted
// between a check and an open is not followed.
const oNoFollow = syscall.O_NOFOLLOW

// oNonBlock makes open return at once on a named pipe that has no writer
// (it changes nothing for a regular file), so that a FIFO planted in place
// of a sidecar between the type check and the open cannot block a run.
const oNonBlock = syscall.O_NONBLOCK

// lockFile takes an exclusive advisory lock on f, waiting for it. Two
// captag processes that update one sidecar take turns: each holds the lock
// on the file it read from the read to the rename. A file system that
// cannot lock (some network shares) is not an error: the checks before the
// rename still apply.
func lockFile(f *os.File) {
	for {
		err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX)
		if !errors.Is(err, syscall.EINTR) {
			return
		}
	}
}

// refuseOwner returns why captag must not replace the sidecar fi
// describes, or "" when it may: one owned by another user (replacing it
// would make captag's user its owner) or one its owner made read-only.
func refuseOwner(fi fs.FileInfo) string {
	if st, ok := fi.Sys().(*syscall.Stat_t); ok && int(st.Uid) != os.Geteuid() {
		return fmt.Sprintf("owned by another user (uid %d); replacing it would change its owner", st.Uid)
	}
	if fi.Mode().Perm()&0o200 == 0 {
		return "read-only (no write permission for its owner)"
	}
	return ""
}

// ownedByMe reports whether the running user owns the file fi describes.
func ownedByMe(fi fs.FileInfo) bool {
	st, ok := fi.Sys().(*syscall.Stat_t)
	return !ok || int(st.Uid) == os.Geteuid()
}
