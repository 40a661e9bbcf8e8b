package sidecar

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"sync"
)

// This file reads files whole and compares them with bytes in memory, as
// Update's last looks and embed's read-back of its temporary file do, in
// chunks: a camera JPEG of 5 MB is read once into a buffer of its size
// (not grown by doubling), and compared without another copy or a hash
// (issue 24: three SHA-256 passes and two grown reads were most of the
// CPU of embedding into such a file).

// compareChunk is what a comparison reads at a time.
const compareChunk = 256 << 10

// MaxReused is the largest buffer kept for the next file by Update's
// ReuseRead (and embed.File's buffer of the new file): a camera JPEG is a
// few MB; a larger file's buffer is left to the collector, so that no
// more than a few such buffers outlive their file.
const MaxReused = 32 << 20

// reused holds the read buffers (*[]byte) of the Updates made with
// ReuseRead, for the next one: a 5 MB file read into memory the process
// already has, instead of fresh pages the system must map and zero
// (issue 24: a fifth of the CPU of embedding into a camera JPEG).
var reused sync.Pool

// ReusedBuffer returns an empty buffer of at least n bytes of room that
// an earlier file's read or build used (Reuse gave it back), or nil when
// there is none (or n is over MaxReused). Its bytes are not cleared.
func ReusedBuffer(n int64) []byte {
	if n > MaxReused {
		return nil
	}
	p, _ := reused.Get().(*[]byte)
	if p == nil || int64(cap(*p)) < n {
		return nil // a smaller one is left to the collector
	}
	return (*p)[:0]
}

// Reuse gives b, which nothing holds any more, back for a later file's
// read or build (ReusedBuffer); a buffer over MaxReused is left to the
// collector.
func Reuse(b []byte) {
	if cap(b) > 0 && cap(b) <= MaxReused+1 {
		b = b[:0]
		reused.Put(&b)
	}
}

// readSized reads r to its end, at most limit+1 bytes, into a buffer of
// size+1 bytes first (size is what the file says it holds): one
// allocation when the file holds what it says.
func readSized(r io.Reader, size, limit int64) ([]byte, error) {
	return readSizedInto(nil, r, size, limit)
}

// readSizedInto is readSized into buf (its bytes overwritten) when it has
// the room, else into a new buffer.
func readSizedInto(buf []byte, r io.Reader, size, limit int64) ([]byte, error) {
	want := min(max(size, 0), limit) + 1
	b := buf[:0]
	if int64(cap(b)) < want {
		b = make([]byte, 0, want)
	}
	r = io.LimitReader(r, limit+1)
	for {
		n, err := r.Read(b[len(b):cap(b)])
		b = b[:len(b)+n]
		if errors.Is(err, io.EOF) {
			return b, nil
		}
		if err != nil {
			return b, err
		}
		if len(b) == cap(b) {
			b = append(b, 0)[:len(b)] // more than it said: grow
		}
	}
}

// sameAs reports whether r holds exactly want, reading at most
// len(want)+1 bytes.
func sameAs(r io.Reader, want []byte) bool {
	buf := make([]byte, min(compareChunk, len(want)+1))
	for {
		n, err := io.ReadFull(r, buf[:min(len(buf), len(want)+1)])
		if n > len(want) || !bytes.Equal(buf[:n], want[:n]) {
			return false
		}
		want = want[n:]
		switch {
		case errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF):
			return len(want) == 0
		case err != nil:
			return false
		}
	}
}

// SameRegular reports whether the file at path, opened the way Update
// opens what it replaces (no symbolic link followed, no named pipe waited
// on, a regular file only), holds exactly want: embed.File's check of the
// temporary file it wrote.
func SameRegular(path string, want []byte) (bool, error) {
	f, fi, err := openNoFollow(path)
	if err != nil {
		return false, err
	}
	defer f.Close()
	if !fi.Mode().IsRegular() {
		return false, fmt.Errorf("sidecar: expected a regular file at %s, found %s", path, FileKind(fi.Mode()))
	}
	return fi.Size() == int64(len(want)) && sameAs(f, want), nil
}
