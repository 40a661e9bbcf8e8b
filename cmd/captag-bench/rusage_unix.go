//go:build unix

package main

import (
	"os"
	"runtime"
	"syscall"
)

// maxRSSKiB returns the child's peak resident set size in KiB (ru_maxrss is
// KiB on Linux and the BSDs, bytes on macOS), 0 when unknown.
func maxRSSKiB(ps *os.ProcessState) int64 {
	if ps == nil {
		return 0
	}
	ru, ok := ps.SysUsage().(*syscall.Rusage)
	if !ok {
		return 0
	}
	if runtime.GOOS == "darwin" || runtime.GOOS == "ios" {
		return int64(ru.Maxrss) / 1024
	}
	return int64(ru.Maxrss)
}

// flushDirtyPages writes the dirty page cache out before a timed run, so that
// no tool pays (through fsync and journal commits) for what the previous
// tool left unwritten.
func flushDirtyPages() { syscall.Sync() }
