package sidecar

// sysRenameat2 is the renameat2 system call on linux/amd64.
const sysRenameat2 = 316
