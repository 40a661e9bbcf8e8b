package main

import (
	"os"

	"github.com/captag/captag/metadata/check"
)

// loadAliases reads the --aliases file of the command verb ("check",
// "write") over the built-in table, the one loader both commands use, or
// returns nil when path is empty; it says what went wrong on stderr and
// returns exitCannotRun when the file cannot be read or used.
func loadAliases(e *env, verb, path string) (*check.Aliases, int) {
	if path == "" {
		return nil, exitOK
	}
	f, err := os.Open(path)
	if err != nil {
		e.errorf("%s: cannot read the aliases file: %v", verb, err)
		return nil, exitCannotRun
	}
	al, err := check.LoadAliases(f, check.DefaultAliases())
	f.Close()
	if err != nil {
		e.errorf("%s: %v", path, err)
		e.hintf("one agency per line, its names separated by \"=\", for example: AA = Anadolu Agency = Anadolu Ajansi")
		return nil, exitCannotRun
	}
	return al, exitOK
}
