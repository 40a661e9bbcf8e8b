package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"sync"
)

// floorReadSize is how much of each file the floor reads: more than the
// metadata of any file in the corpus.
const floorReadSize = 64 << 10

// floorStats is what the floor read.
type floorStats struct {
	Files int
	Bytes int64
}

// runFloor is the physical floor of any metadata tool: list dir, then with
// GOMAXPROCS workers open every regular file, read its first 64 KiB, close
// it. It is run as a child process (`captag-bench floor DIR`) so that it is
// timed and measured the same way as the tools.
func runFloor(dir string) (floorStats, error) {
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
			buf := make([]byte, floorReadSize)
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

// floorMain is the `floor DIR` subcommand.
func floorMain(args []string, stdout, stderr io.Writer) int {
	if len(args) != 1 {
		fmt.Fprintln(stderr, "usage: captag-bench floor DIR")
		return 2
	}
	st, err := runFloor(args[0])
	fmt.Fprintf(stdout, "%d files %d bytes\n", st.Files, st.Bytes)
	if err != nil {
		fmt.Fprintln(stderr, "captag-bench floor:", err)
		return 1
	}
	return 0
}
