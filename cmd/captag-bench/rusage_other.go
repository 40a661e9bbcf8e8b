//go:build !unix

package main

import "os"

// maxRSSKiB is unknown where there is no rusage.
func maxRSSKiB(*os.ProcessState) int64 { return 0 }

// flushDirtyPages is a no-op where there is no sync(2).
func flushDirtyPages() {}
