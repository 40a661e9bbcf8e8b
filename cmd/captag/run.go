package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/debug"
	"strings"

	"github.com/spf13/pflag"
	"golang.org/x/term"

	"github.com/captag/captag/metadata"
)

// command is one subcommand of captag.
type command struct {
	name    string
	summary string // one line, lowercase, for the command list
	usage   string // "captag captions [options] FILE..."; the rest of the help is help/NAME.txt
	flags   func() runner
}

// runner is a command's flags, new for each run: add defines them on fs,
// and run runs the command with them and the positional arguments.
type runner interface {
	add(fs *pflag.FlagSet)
	run(ctx context.Context, e *env, args []string) int
}

// commands lists the subcommands in the order the help shows them. Only
// commands that do something are listed.
func commands() []*command {
	return []*command{
		{name: "check", summary: "check each image's date and credit against its caption",
			usage: "captag check --captions FILE [options] FOLDER|FILE...", flags: func() runner { return &checkFlags{} }},
		{name: "match", summary: "show which caption goes with which image, and what is left over",
			usage: "captag match --captions FILE [options] FOLDER|FILE...", flags: func() runner { return &matchFlags{} }},
		{name: "write", summary: "write each caption into an XMP sidecar beside its image (and with --embed into the JPEG)",
			usage: "captag write --captions FILE [options] FOLDER|FILE...", flags: func() runner { return &writeFlags{} }},
		{name: "merge", summary: "merge the check reports (--format json) of the shards of one run into the report of the whole",
			usage: "captag merge [options] REPORT.json...", flags: func() runner { return &mergeFlags{} }},
		{name: "inspect", summary: "show the date, credit and caption stored in images, store by store",
			usage: "captag inspect [options] PATH...", flags: func() runner { return &inspectFlags{} }},
		{name: "captions", summary: "parse caption files and print what captag reads in each record",
			usage: "captag captions [options] FILE...", flags: func() runner { return &captionsFlags{} }},
		{name: "version", summary: "print captag's version and the Go version it was built with",
			usage: "captag version", flags: func() runner { return versionFlags{} }},
	}
}

func findCommand(name string) *command {
	for _, c := range commands() {
		if c.name == name {
			return c
		}
	}
	return nil
}

// run is the whole program: main only adds the process around it. It
// returns the exit code.
func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return runEnv(ctx, newEnv(stdin, stdout, stderr), args)
}

// newEnv describes the real process: the environment variables and
// whether the streams are terminals.
func newEnv(stdin io.Reader, stdout, stderr io.Writer) *env {
	return &env{
		stdin:      stdin,
		stdout:     stdout,
		stderr:     stderr,
		getenv:     os.Getenv,
		isTerminal: isTerminal,
	}
}

// isTerminal reports whether w is a terminal.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// runEnv dispatches args to a subcommand.
func runEnv(ctx context.Context, e *env, args []string) int {
	if len(args) == 0 {
		writeMainUsage(e.stderr)
		return exitCannotRun
	}
	switch name := args[0]; name {
	case "-h", "--help", "help":
		if name == "help" && len(args) > 1 {
			return runHelp(e, args[1:])
		}
		writeMainUsage(e.stdout)
		return exitOK
	case "--version", "-version":
		return runVersion(e)
	default:
		if strings.HasPrefix(name, "-") {
			e.errorf("unknown option %q before the command", name)
			e.hintf("put options after the command name, as in 'captag check --format json ...'; 'captag --help' lists the commands")
			return exitCannotRun
		}
		c := findCommand(name)
		if c == nil {
			e.errorf("unknown command %q", name)
			if s := suggestCommand(name); s != "" {
				e.hintf("did you mean 'captag %s'? 'captag --help' lists the commands", s)
			} else {
				e.hintf("'captag --help' lists the commands")
			}
			return exitCannotRun
		}
		code := runCommand(ctx, e, c, args[1:])
		if ctx.Err() != nil {
			e.errorf("interrupted")
			return exitInterrupted
		}
		return code
	}
}

// runHelp handles "captag help CMD".
func runHelp(e *env, args []string) int {
	if len(args) > 1 {
		e.errorf("help takes one command name, got %d arguments", len(args))
		e.hintf("run 'captag help COMMAND', for example 'captag help check'")
		return exitCannotRun
	}
	c := findCommand(args[0])
	if c == nil {
		e.errorf("unknown command %q", args[0])
		e.hintf("'captag --help' lists the commands")
		return exitCannotRun
	}
	fs, _ := newFlagSet(c)
	writeCommandHelp(e.stdout, c, fs)
	return exitOK
}

// newFlagSet builds the command's flag set; pflag prints nothing itself.
func newFlagSet(c *command) (*pflag.FlagSet, runner) {
	fs := pflag.NewFlagSet(c.name, pflag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	fs.SortFlags = false
	r := c.flags()
	r.add(fs)
	fs.BoolP("help", "h", false, "show this help and exit")
	return fs, r
}

func runCommand(ctx context.Context, e *env, c *command, args []string) int {
	fs, runner := newFlagSet(c)
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, pflag.ErrHelp) {
			writeCommandHelp(e.stdout, c, fs)
			return exitOK
		}
		e.errorf("%s: %v", c.name, err)
		e.hintf("'captag %s --help' shows the options", c.name)
		return exitCannotRun
	}
	if h, _ := fs.GetBool("help"); h {
		writeCommandHelp(e.stdout, c, fs)
		return exitOK
	}
	e.args = args
	return runner.run(ctx, e, fs.Args())
}

// suggestCommand returns the command whose name is closest to name when it
// is a likely typo.
func suggestCommand(name string) string {
	best, bestDist := "", 3
	for _, c := range commands() {
		if d := metadata.EditDistance(name, c.name); d < bestDist {
			best, bestDist = c.name, d
		}
		if len(name) >= 3 && strings.HasPrefix(c.name, name) {
			return c.name
		}
	}
	return best
}

// versionFlags are captag version's: none.
type versionFlags struct{}

func (versionFlags) add(*pflag.FlagSet) {}

func (versionFlags) run(_ context.Context, e *env, args []string) int {
	if len(args) > 0 {
		e.errorf("version takes no arguments, got %q", args[0])
		return exitCannotRun
	}
	return runVersion(e)
}

func runVersion(e *env) int {
	fmt.Fprintf(e.stdout, "captag %s %s\n", moduleVersion(), runtime.Version())
	return exitOK
}

// moduleVersion is the main module's version as recorded by the Go tool:
// a tag or pseudo-version for "go install …@version", "(devel)" otherwise.
func moduleVersion() string {
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" {
		return bi.Main.Version
	}
	return "(devel)"
}
