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

// refuseOwner returns why captag must not replace the sidecar fi
// describes: one marked read-only.
func refuseOwner(fi fs.FileInfo) string {
	if fi.Mode().Perm()&0o200 == 0 {
		return "read-only"
	}
	return ""
}

func ownedByMe(fs.FileInfo) bool { return true }
