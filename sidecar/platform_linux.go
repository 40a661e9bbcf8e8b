package sidecar

import "syscall"

// ctimeOf is the time of the last change to the file's inode (mode,
// owner, links, ACL, extended attributes, or its bytes).
func ctimeOf(st *syscall.Stat_t) (sec, nsec int64) { return st.Ctim.Unix() }
