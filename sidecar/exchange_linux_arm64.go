package sidecar

// sysRenameat2 is the renameat2 system call on linux/arm64.
const sysRenameat2 = 276
