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
// Messages on stderr go through report.SafeWriter: a file name or value in them
// cannot send the terminal control sequences.
//
// Only this package reads the environment or asks whether a stream is a
// terminal; the libraries never do.

import (
	"fmt"
	"io"

	"github.com/captag/captag/metadata/desk"
	"github.com/captag/captag/metadata/desk/report"
)

// env is what a command may know about the process it runs in. Tests
// build one with fake terminals and environment.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	getenv         func(string) string
	isTerminal     func(io.Writer) bool
	// args are the command's arguments as given (flags and all), for the
	// header of an HTML report.
	args []string

	// progressed, when set (by tests), hears each desk.Progress of a
	// job first: a test interrupts a run at a known point.
	progressed func(desk.Progress)
	// beforeReport, when set (by tests), runs once the -o report is
	// complete in its temporary file, just before it replaces the -o
	// path: a test makes that path a file the run reads meanwhile.
	beforeReport func(path string)
}

func (e *env) errorf(format string, args ...any) {
	fmt.Fprintf(report.SafeWriter(e.stderr), "captag: error: "+format+"\n", args...)
}

func (e *env) warnf(format string, args ...any) {
	fmt.Fprintf(report.SafeWriter(e.stderr), "captag: warning: "+format+"\n", args...)
}

func (e *env) hintf(format string, args ...any) {
	fmt.Fprintf(report.SafeWriter(e.stderr), "captag: hint: "+format+"\n", args...)
}

// useColour reports whether the report on stdout may carry ANSI colours:
// stdout is a terminal, NO_COLOR (https://no-color.org) is unset or empty
// and TERM is not "dumb".
func (e *env) useColour() bool {
	return e.isTerminal(e.stdout) && e.getenv("NO_COLOR") == "" && e.getenv("TERM") != "dumb"
}

// tuner is what tunes the collector in a job (desk.Options.Tune):
// desk.TuneMemoryLimit, or nil when GOMEMLIMIT or GOGC is set, a setting
// of the user's that captag leaves alone.
func (e *env) tuner() func() {
	if e.getenv("GOMEMLIMIT") != "" || e.getenv("GOGC") != "" {
		return nil
	}
	return desk.TuneMemoryLimit
}

// notes says a run's notes on stderr: the errors after prefix, then (not
// with quiet) the warnings and hints, and after the last note of a code
// the hint captag has for it (noteWords).
func (e *env) notes(prefix string, notes []report.Note, quiet bool) {
	for i, n := range notes {
		w := noteWords[n.Code]
		switch {
		case n.Level == report.LevelError:
			e.errorf("%s%s%s", prefix, n.Text, w.suffix)
		case quiet:
			continue
		case n.Text == "":
		case n.Level == report.LevelWarning:
			e.warnf("%s%s", n.Text, w.suffix)
		default:
			e.hintf("%s%s", n.Text, w.suffix)
		}
		if w.hint != "" && !quiet && (i+1 == len(notes) || notes[i+1].Code != n.Code) {
			e.hintf("%s", w.hint)
		}
	}
}
