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
)

// Exit codes, listed under EXIT STATUS in every command's help.
const (
	exitOK          = 0   // done, nothing to report
	exitProblems    = 1   // done, but problems were found
	exitCannotRun   = 2   // usage error or unreadable input: the job was not done
	exitInterrupted = 130 // Ctrl-C (SIGINT) or SIGTERM
)

// command is one subcommand of captag.
type command struct {
	name    string
	summary string // one line, lowercase, for the command list
	usage   string // "captag captions [options] FILE..."
	about   string // paragraphs after the usage line
	example string // example lines, each a shell command with a comment
	exits   string // the EXIT STATUS section
	// setup defines the command's flags on fs and returns the function
	// that runs it with the positional arguments.
	setup func(fs *pflag.FlagSet) func(ctx context.Context, e *env, args []string) int
}

// commands lists the subcommands in the order the help shows them. Only
// commands that do something are listed.
func commands() []*command {
	return []*command{
		checkCommand(),
		matchCommand(),
		writeCommand(),
		inspectCommand(),
		captionsCommand(),
		versionCommand(),
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
func newFlagSet(c *command) (*pflag.FlagSet, func(ctx context.Context, e *env, args []string) int) {
	fs := pflag.NewFlagSet(c.name, pflag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	fs.SortFlags = false
	runner := c.setup(fs)
	fs.BoolP("help", "h", false, "show this help and exit")
	return fs, runner
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
	return runner(ctx, e, fs.Args())
}

// suggestCommand returns the command whose name is closest to name when it
// is a likely typo.
func suggestCommand(name string) string {
	best, bestDist := "", 3
	for _, c := range commands() {
		if d := editDistance(name, c.name); d < bestDist {
			best, bestDist = c.name, d
		}
		if len(name) >= 3 && strings.HasPrefix(c.name, name) {
			return c.name
		}
	}
	return best
}

// editDistance is the Levenshtein distance between two short words.
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

const mainAbout = `captag matches wire-agency captions to photo files, checks that the date and
credit embedded in each image agree with its caption, and writes the captions
into XMP sidecars. It never changes an image file.`

func writeMainUsage(w io.Writer) {
	var b strings.Builder
	b.WriteString(mainAbout)
	b.WriteString("\n\nUsage:\n  captag COMMAND [options] [arguments]\n\nCommands:\n")
	for _, c := range commands() {
		fmt.Fprintf(&b, "  %-10s %s\n", c.name, c.summary)
	}
	b.WriteString(`
Run 'captag help COMMAND' or 'captag COMMAND --help' for a command's options
and examples. 'captag --version' prints the version.

Example:
  # check a folder against its caption file before upload
  captag check --captions captions.txt photos/

EXIT STATUS
  0    done, no problems found
  1    done, problems found (the report says which)
  2    could not run: usage error or unreadable input
  130  interrupted
`)
	io.WriteString(w, b.String())
}

func writeCommandHelp(w io.Writer, c *command, fs *pflag.FlagSet) {
	var b strings.Builder
	fmt.Fprintf(&b, "Usage: %s\n\n%s\n", c.usage, strings.TrimRight(c.about, "\n"))
	if u := flagUsages(fs); u != "" {
		fmt.Fprintf(&b, "\nOptions:\n%s", u)
	}
	if c.example != "" {
		fmt.Fprintf(&b, "\nExamples:\n%s\n", strings.TrimRight(c.example, "\n"))
	}
	fmt.Fprintf(&b, "\nEXIT STATUS\n%s\n", strings.TrimRight(c.exits, "\n"))
	io.WriteString(w, b.String())
}

func versionCommand() *command {
	return &command{
		name:    "version",
		summary: "print captag's version and the Go version it was built with",
		usage:   "captag version",
		about:   "Prints the module version of this build (\"(devel)\" when built from a\nsource tree) and the Go version.",
		example: "  captag version",
		exits:   "  0    always",
		setup: func(fs *pflag.FlagSet) func(context.Context, *env, []string) int {
			return func(_ context.Context, e *env, args []string) int {
				if len(args) > 0 {
					e.errorf("version takes no arguments, got %q", args[0])
					return exitCannotRun
				}
				return runVersion(e)
			}
		},
	}
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
