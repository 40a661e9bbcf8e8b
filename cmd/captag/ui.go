package main

// The streams have fixed jobs:
//
//   - stdout carries only the report (text for people, or JSON / JUnit XML
//     for programs), so it can be redirected or piped;
//   - stderr carries "captag: error: …", "captag: warning: …" and
//     "captag: hint: …" lines (lowercase, no final period) and the
//     progress line;
//   - the progress line is drawn only when stderr is a terminal, and
//     colour only when stdout is a terminal and NO_COLOR is unset.
//
// Messages on stderr go through termWriter: a file name or value in them
// cannot send the terminal control sequences.
//
// Only this package reads the environment or asks whether a stream is a
// terminal; the libraries never do.

import (
	"fmt"
	"io"

	"github.com/captag/captag/metadata/desk"
)

// env is what a command may know about the process it runs in. Tests
// build one with fake terminals and environment.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	getenv         func(string) string
	isTerminal     func(io.Writer) bool

	// afterWrite and beforeReplace, when set (by tests), are write's
	// desk.WriteOptions AfterTask and BeforeReplace: a test interrupts a
	// run, or acts as a concurrent editor, at a known point.
	afterWrite    func(desk.WriteResult)
	beforeReplace func(path string, round int)
}

func (e *env) errorf(format string, args ...any) {
	fmt.Fprintf(termWriter(e.stderr), "captag: error: "+format+"\n", args...)
}

func (e *env) warnf(format string, args ...any) {
	fmt.Fprintf(termWriter(e.stderr), "captag: warning: "+format+"\n", args...)
}

func (e *env) hintf(format string, args ...any) {
	fmt.Fprintf(termWriter(e.stderr), "captag: hint: "+format+"\n", args...)
}

// useColour reports whether the report on stdout may carry ANSI colours:
// stdout is a terminal, NO_COLOR (https://no-color.org) is unset or empty
// and TERM is not "dumb".
func (e *env) useColour() bool {
	return e.isTerminal(e.stdout) && e.getenv("NO_COLOR") == "" && e.getenv("TERM") != "dumb"
}

// palette wraps text in ANSI colours, or leaves it alone.
type palette struct{ on bool }

func (p palette) wrap(code, s string) string {
	if !p.on {
		return s
	}
	return "\x1b[" + code + "m" + s + "\x1b[0m"
}

func (p palette) red(s string) string    { return p.wrap("31", s) }
func (p palette) yellow(s string) string { return p.wrap("33", s) }
func (p palette) green(s string) string  { return p.wrap("32", s) }
func (p palette) bold(s string) string   { return p.wrap("1", s) }

// collapseRepeats says each message of msgs once, in the order first met:
// a message repeated n more times ends in " (… and n more like it)", so
// that a crafted file with 4,096 identical warnings gives one line.
func collapseRepeats(msgs []string) []string {
	count := make(map[string]int, len(msgs))
	for _, m := range msgs {
		count[m]++
	}
	if len(count) == len(msgs) {
		return msgs
	}
	out := make([]string, 0, len(count))
	for _, m := range msgs {
		switch n := count[m]; {
		case n == 0:
			continue // said already
		case n > 1:
			out = append(out, fmt.Sprintf("%s (… and %s more like it)", m, thousands(n-1)))
		default:
			out = append(out, m)
		}
		count[m] = 0
	}
	return out
}

// thousands writes n with a comma between groups of three digits: 4,094.
func thousands(n int) string {
	s := fmt.Sprint(n)
	if n < 0 {
		return "-" + thousands(-n)
	}
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
