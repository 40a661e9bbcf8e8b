package main

import (
	"embed"
	"fmt"
	"io"
	"strings"

	"github.com/captag/captag/metadata"
	"github.com/spf13/pflag"
)

// The help's prose lives in help/*.txt: help/captag.txt is 'captag
// --help' ({commands} stands for the list of commands), help/NAME.txt is
// a command's description, its "Examples:" and its "EXIT STATUS"; the
// options between the description and the examples are the flags' own
// (flagUsages). README.md's CLI reference says the same: change both.
//
//go:embed help/*.txt
var helpFiles embed.FS

// helpText is the help file of name, the values it names in braces
// filled in from where they are decided.
func helpText(name string) string {
	b, err := helpFiles.ReadFile("help/" + name + ".txt")
	if err != nil {
		panic("captag: expected the help file help/" + name + ".txt, found none")
	}
	return strings.ReplaceAll(string(b), "{sidecar-limit}", fmt.Sprintf("%d MiB", metadata.MaxSidecarSize>>20))
}

func writeMainUsage(w io.Writer) {
	var list strings.Builder
	for _, c := range commands() {
		fmt.Fprintf(&list, "  %-10s %s\n", c.name, c.summary)
	}
	io.WriteString(w, strings.Replace(helpText("captag"), "{commands}\n", list.String(), 1))
}

func writeCommandHelp(w io.Writer, c *command, fs *pflag.FlagSet) {
	about, rest, _ := strings.Cut(helpText(c.name), "\nExamples:\n")
	examples, exits, _ := strings.Cut(rest, "\nEXIT STATUS\n")
	var b strings.Builder
	fmt.Fprintf(&b, "Usage: %s\n\n%s\n", c.usage, strings.TrimRight(about, "\n"))
	if u := flagUsages(fs); u != "" {
		fmt.Fprintf(&b, "\nOptions:\n%s", u)
	}
	fmt.Fprintf(&b, "\nExamples:\n%s\n", strings.TrimRight(examples, "\n"))
	fmt.Fprintf(&b, "\nEXIT STATUS\n%s\n", strings.TrimRight(exits, "\n"))
	io.WriteString(w, b.String())
}
