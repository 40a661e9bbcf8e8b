package main

import (
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"strconv"
	"strings"
	"syscall"
)

// Why a launcher: Go starts children with vfork, and on exec Linux folds
// the high-water RSS of the memory the child shared with its parent into
// the child's ru_maxrss. A child started by the bench (whose own peak grows
// with the corpus it generates) would report at least the bench's peak.
// So peak memory is measured through `captag-bench rss OUT CMD ARGS...`:
// a fresh, small process that resets its own high-water mark, runs the
// command, and writes the command's ru_maxrss (KiB) to OUT. The remaining
// floor (the launcher's own few MB) is measured and printed with the
// machine facts. The launcher adds a process start, so it is used in the
// untimed warm-up and -mem runs only, never in timed rounds.

// launchMain is the `rss OUT CMD [ARGS...]` subcommand. It exits with the
// command's exit code (125 when the command was killed, 127 when it could
// not start).
func launchMain(args []string, stderr io.Writer) int {
	if len(args) < 2 {
		fmt.Fprintln(stderr, "usage: captag-bench rss OUTFILE COMMAND [ARGS...]")
		return 2
	}
	// Best effort (Linux ≥ 4.0): reset this process's peak RSS to its
	// current RSS.
	os.WriteFile("/proc/self/clear_refs", []byte("5"), 0)
	cmd := exec.Command(args[1], args[2:]...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	if err := cmd.Start(); err != nil {
		fmt.Fprintln(stderr, "captag-bench rss:", err)
		return 127
	}
	go func() {
		for s := range sigs {
			cmd.Process.Signal(s)
		}
	}()
	cmd.Wait()
	if err := os.WriteFile(args[0], []byte(strconv.FormatInt(maxRSSKiB(cmd.ProcessState), 10)+"\n"), 0o644); err != nil {
		fmt.Fprintln(stderr, "captag-bench rss:", err)
		return 127
	}
	if code := cmd.ProcessState.ExitCode(); code >= 0 {
		return code
	}
	return 125
}

// readRSS reads what the launcher wrote.
func readRSS(path string) (int64, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return 0, err
	}
	v, err := strconv.ParseInt(strings.TrimSpace(string(b)), 10, 64)
	if err != nil {
		return 0, fmt.Errorf("rss: expected a number of KiB in %s, found %q", path, b)
	}
	return v, nil
}
