package main

import (
	"os"

	"github.com/captag/captag/metadata/check"
)

// loadAliases reads the --aliases file of the command verb (match, check,
// write) over the built-in table into j.al, the one table the caption
// parser, the comparison and the copyright rule get, or leaves j.al nil
// (the built-in table) without one; it says what went wrong on stderr and
// returns false when the file cannot be read or used.
func (j *jobFlags) loadAliases(e *env, verb string) bool {
	if j.aliases == "" {
		return true
	}
	f, err := os.Open(j.aliases)
	if err != nil {
		e.errorf("%s: cannot read the aliases file: %v", verb, err)
		return false
	}
	j.al, err = check.LoadAliases(f, check.DefaultAliases())
	f.Close()
	if err != nil {
		e.errorf("%s: %v", j.aliases, err)
		e.hintf("one agency per line, its names separated by \"=\", for example: AA = Anadolu Agency = Anadolu Ajansi")
	}
	return err == nil
}
