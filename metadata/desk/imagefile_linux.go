//go:build linux

package desk

import (
	"errors"
	"io"
	"os"
	"syscall"
)

// openImage is openImageFile through the system calls themselves: one
// open, fstat, pread and close per file, where an os.File also asks the
// poller to take the descriptor (refused for a regular file: one more
// call) and allocates the File and its poll state. A file that is not
// regular goes to openImageFile, for its error. Errors read as os.File's.
func openImage(path string) (imageFile, int64, error) {
	var fd int
	for {
		var err error
		fd, err = syscall.Open(path, syscall.O_RDONLY|syscall.O_NONBLOCK|syscall.O_CLOEXEC, 0)
		if err == nil {
			break
		}
		if err != syscall.EINTR {
			return nil, 0, &os.PathError{Op: "open", Path: path, Err: err}
		}
	}
	var st syscall.Stat_t
	if err := syscall.Fstat(fd, &st); err != nil {
		syscall.Close(fd)
		return nil, 0, &os.PathError{Op: "stat", Path: path, Err: err}
	}
	if st.Mode&syscall.S_IFMT != syscall.S_IFREG {
		syscall.Close(fd)
		return openImageFile(path)
	}
	return &fdFile{fd: fd, path: path}, st.Size, nil
}

// fdFile is a file descriptor read with pread, as os.File.ReadAt reads.
type fdFile struct {
	fd   int
	path string
}

func (f *fdFile) ReadAt(b []byte, off int64) (n int, err error) {
	if off < 0 {
		return 0, &os.PathError{Op: "readat", Path: f.path, Err: errors.New("negative offset")}
	}
	for len(b) > 0 {
		m, err := syscall.Pread(f.fd, b, off)
		if err == syscall.EINTR {
			continue
		}
		if err != nil {
			return n, &os.PathError{Op: "read", Path: f.path, Err: err}
		}
		if m == 0 {
			return n, io.EOF
		}
		n += m
		b = b[m:]
		off += int64(m)
	}
	return n, nil
}

func (f *fdFile) Close() error {
	if err := syscall.Close(f.fd); err != nil {
		return &os.PathError{Op: "close", Path: f.path, Err: err}
	}
	return nil
}
