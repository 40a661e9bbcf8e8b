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

// lockState is what an attempt to lock a file without waiting found.
type lockState int

const (
	lockTaken   lockState = iota // the lock was free and is now held
	lockHeld                     // another open file holds it: a live process
	lockUnknown                  // the file system cannot lock
)

// tryLock takes an exclusive advisory lock on f if it is free, without
// waiting, and says what it found.
func tryLock(f *os.File) lockState {
	for {
		err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
		switch {
		case err == nil:
			return lockTaken
		case errors.Is(err, syscall.EINTR):
			continue
		case errors.Is(err, syscall.EWOULDBLOCK):
			return lockHeld
		}
		return lockUnknown
	}
}

// isLinkErr reports whether err is an open with O_NOFOLLOW that met a
// symbolic link.
func isLinkErr(err error) bool { return errors.Is(err, syscall.ELOOP) }

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

// linkCount is the number of names (hard links) of the file fi describes;
// 1 when the platform does not say.
func linkCount(fi fs.FileInfo) uint64 {
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		return uint64(st.Nlink)
	}
	return 1
}

// groupOf is the group id of the file fi describes; -1 when the platform
// does not say.
func groupOf(fi fs.FileInfo) int {
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		return int(st.Gid)
	}
	return -1
}

// guard is what decides whether a replace is safe beyond the bytes: the
// owner, group, number of names and the time of the last change to any
// of them or to the mode (ctime: chmod, chown, link, an ACL or extended
// attribute set).
type guard struct {
	uid, gid            uint32
	nlink               uint64
	ctimeSec, ctimeNsec int64
}

func guardOf(fi fs.FileInfo) guard {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return guard{}
	}
	sec, nsec := ctimeOf(st)
	return guard{uid: st.Uid, gid: st.Gid, nlink: uint64(st.Nlink), ctimeSec: sec, ctimeNsec: nsec}
}

// withoutCtime is g with the inode change time left out (a rename changes
// it).
func (g guard) withoutCtime() guard {
	g.ctimeSec, g.ctimeNsec = 0, 0
	return g
}
