//go:build unix && !linux

package sidecar

import "syscall"

// ctimeOf is not compared on these systems (their stat structures name
// it differently); the mode, owner, group and links still are.
func ctimeOf(*syscall.Stat_t) (sec, nsec int64) { return 0, 0 }
