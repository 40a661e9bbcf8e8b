package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"time"
)

// job is one run of a tool: lanes run in parallel, the commands of a lane
// one after the other (exiv2 over chunks of the file list). Only the
// commands are timed; preparing the job (fresh folders) and checking its
// output are not.
type job struct {
	lanes [][]*exec.Cmd
	// accept says which exit codes mean the tool did its job (captag check
	// exits 1 when it has findings); nil means 0 only.
	accept func(code int) bool
	// check reads the output of a run and returns sanity notes.
	check func() ([]string, error)
	// stdout and stderr of every command, closed after the run.
	stdout, stderr *os.File
	// names of the commands' programs; and the launcher's output files when
	// the commands run through it.
	names    []string
	rssFiles []string
}

// outcome is what one run measured.
type outcome struct {
	Elapsed time.Duration
	PeakKiB int64 // the largest ru_maxrss of any command; 0 unless measured through the launcher
	// CPU is the user and system time of every command (with the
	// children each waited for), so that CPU per file shows beside the
	// wall time, which other jobs on a shared machine stretch.
	CPU time.Duration
}

// run starts every lane at once, waits for all and returns the wall time.
// The first failing command (an exit code accept refuses, or a start
// error) makes the run fail, with the end of its stderr in the error.
func (j *job) run(ctx context.Context) (outcome, error) {
	var (
		wg   sync.WaitGroup
		mu   sync.Mutex
		errs []error
		o    outcome
	)
	start := time.Now()
	for _, lane := range j.lanes {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for _, cmd := range lane {
				if ctx.Err() != nil {
					return
				}
				err := cmd.Run()
				if ps := cmd.ProcessState; ps != nil {
					mu.Lock()
					o.CPU += ps.UserTime() + ps.SystemTime()
					mu.Unlock()
				}
				var exitErr *exec.ExitError
				if errors.As(err, &exitErr) && j.accept != nil && j.accept(exitErr.ExitCode()) {
					err = nil
				}
				if err != nil {
					mu.Lock()
					errs = append(errs, fmt.Errorf("%s: %w", j.name(cmd), err))
					mu.Unlock()
					return
				}
			}
		}()
	}
	wg.Wait()
	o.Elapsed = time.Since(start)
	if err := ctx.Err(); err != nil {
		return o, err
	}
	if len(errs) > 0 {
		return o, fmt.Errorf("%w%s", errors.Join(errs...), j.stderrTail())
	}
	for _, path := range j.rssFiles {
		kib, err := readRSS(path)
		if err != nil {
			return o, err
		}
		o.PeakKiB = max(o.PeakKiB, kib)
	}
	return o, nil
}

// name returns the program name of one of j's commands (they all run the
// same program).
func (j *job) name(cmd *exec.Cmd) string {
	if len(j.names) > 0 {
		return j.names[0]
	}
	return filepath.Base(cmd.Path)
}

// stderrTail returns ": " and the last lines the commands wrote to stderr,
// or "".
func (j *job) stderrTail() string {
	if j.stderr == nil {
		return ""
	}
	b, err := os.ReadFile(j.stderr.Name())
	if err != nil || len(b) == 0 {
		return ""
	}
	return ": " + tail(string(b), 3)
}

// close closes the job's output files.
func (j *job) close() {
	for _, f := range []*os.File{j.stdout, j.stderr} {
		if f != nil {
			f.Close()
		}
	}
}

// finish closes the outputs and runs check when want is set.
func (j *job) finish(want bool) ([]string, error) {
	j.close()
	var notes []string
	var err error
	if want && j.check != nil {
		notes, err = j.check()
	}
	return notes, err
}
