//go:build !unix

package sidecar

import (
	"io/fs"
	"os"
)

const oNoFollow = 0

const oNonBlock = 0

// lockFile does nothing where flock is not available: the checks before
// the rename still apply.
func lockFile(*os.File) {}

// lockState is what an attempt to lock a file without waiting found.
type lockState int

const (
	lockTaken   lockState = iota // the lock was free and is now held
	lockHeld                     // another open file holds it: a live process
	lockUnknown                  // the file system cannot lock
)

// tryLock cannot tell here.
func tryLock(*os.File) lockState { return lockUnknown }

func isLinkErr(error) bool { return false }

// refuseOwner returns why captag must not replace the sidecar fi
// describes: one marked read-only.
func refuseOwner(fi fs.FileInfo) string {
	if fi.Mode().Perm()&0o200 == 0 {
		return "read-only"
	}
	return ""
}

func ownedByMe(fs.FileInfo) bool { return true }

func linkCount(fs.FileInfo) uint64 { return 1 }

func groupOf(fs.FileInfo) int { return -1 }

// guard holds nothing here: the mode is compared on its own.
type guard struct{}

func guardOf(fs.FileInfo) guard { return guard{} }

func (g guard) withoutCtime() guard { return g }
