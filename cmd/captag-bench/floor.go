package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"sync"
)

// floorReadSize is how much of each file the floor reads: more than the
// metadata of any file in the corpus. floorSmallRead is the floor16 row's:
// captag's first read of a file (metadata's headSize), the floor that
// issue 24 sets cold check against.
const (
	floorReadSize  = 64 << 10
	floorSmallRead = 16 << 10
)

// floorStats is what the floor read.
type floorStats struct {
	Files int
	Bytes int64
}

// runFloor is the physical floor of any metadata tool: list dir, then with
// GOMAXPROCS workers open every regular file, read its first size bytes
// (floorReadSize or floorSmallRead), close it. It is run as a child process
// (`captag-bench floor DIR [BYTES]`) so that it is timed and measured the
// same way as the tools.
func runFloor(dir string) (floorStats, error) { return runFloorRead(dir, floorReadSize) }

// runFloorRead is runFloor reading size bytes of each file.
func runFloorRead(dir string, size int) (floorStats, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return floorStats{}, err
	}
	names := make(chan string, 256)
	var (
		mu    sync.Mutex
		total floorStats
		errs  []error
		wg    sync.WaitGroup
	)
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			buf := make([]byte, size)
			var st floorStats
			var werrs []error
			for name := range names {
				n, err := readHead(filepath.Join(dir, name), buf)
				if err != nil {
					werrs = append(werrs, err)
					continue
				}
				st.Files++
				st.Bytes += int64(n)
			}
			mu.Lock()
			total.Files += st.Files
			total.Bytes += st.Bytes
			errs = append(errs, werrs...)
			mu.Unlock()
		}()
	}
	for _, e := range entries {
		if e.Type().IsRegular() {
			names <- e.Name()
		}
	}
	close(names)
	wg.Wait()
	return total, errors.Join(errs...)
}

func readHead(path string, buf []byte) (int, error) {
	f, err := os.Open(path)
	if err != nil {
		return 0, err
	}
	n, err := io.ReadFull(f, buf)
	if errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) {
		err = nil
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return n, err
}

// floorMain is the `floor DIR [BYTES]` subcommand (BYTES is floorReadSize
// or floorSmallRead).
func floorMain(args []string, stdout, stderr io.Writer) int {
	size := floorReadSize
	if len(args) == 2 {
		for _, n := range []int{floorReadSize, floorSmallRead} {
			if args[1] == strconv.Itoa(n) {
				size, args = n, args[:1]
				break
			}
		}
	}
	if len(args) != 1 {
		fmt.Fprintf(stderr, "usage: captag-bench floor DIR [%d|%d]\n", floorReadSize, floorSmallRead)
		return 2
	}
	st, err := runFloorRead(args[0], size)
	fmt.Fprintf(stdout, "%d files %d bytes\n", st.Files, st.Bytes)
	if err != nil {
		fmt.Fprintln(stderr, "captag-bench floor:", err)
		return 1
	}
	return 0
}
