//go:build linux && (amd64 || arm64)

package sidecar

import (
	"syscall"
	"unsafe"
)

const (
	atFDCWD        = -100 // AT_FDCWD
	renameExchange = 1 << 1
)

// exchange swaps the files at a and b in one step (renameat2 with
// RENAME_EXCHANGE, Linux 3.15, most local file systems). It fails with
// errors.ErrUnsupported where the kernel or file system cannot.
func exchange(a, b string) error {
	pa, err := syscall.BytePtrFromString(a)
	if err != nil {
		return err
	}
	pb, err := syscall.BytePtrFromString(b)
	if err != nil {
		return err
	}
	fd := atFDCWD
	_, _, e := syscall.Syscall6(sysRenameat2, uintptr(fd), uintptr(unsafe.Pointer(pa)), uintptr(fd), uintptr(unsafe.Pointer(pb)), renameExchange, 0)
	switch e {
	case 0:
		return nil
	case syscall.ENOSYS, syscall.EINVAL, syscall.EOPNOTSUPP:
		return errUnsupported
	}
	return e
}
