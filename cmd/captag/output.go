package main

import (
	"errors"
	"fmt"

	"github.com/captag/captag/metadata/desk/report"
	"github.com/spf13/pflag"
)

// outputFlags are check's and match's -o and --thumbs.
type outputFlags struct {
	output string
	thumbs bool
}

func (o *outputFlags) add(fs *pflag.FlagSet) {
	fs.StringVarP(&o.output, "output", "o", "", "write the report to `FILE` instead of standard output (written to a temporary file beside it, then renamed; never over an image or another file the run reads)")
	fs.BoolVar(&o.thumbs, "thumbs", true, "with --format html, a thumbnail on each card (--thumbs=false for a text-only page)")
}

// openReport says where the report of the command name goes: stdout, or
// the -o file at path (report.Output: written beside it and renamed
// over it when complete, never over a file the run reads, such as
// inputs). Nothing is created yet: a path that is a folder, a special
// file or one of inputs is refused.
func openReport(e *env, name, path string, inputs ...report.Input) (*report.Output, error) {
	if path == "-" {
		path = ""
	}
	rf := &report.Output{Path: path, Out: e.stdout, Inputs: inputs, BeforeReplace: e.beforeReport}
	return rf, reportErr(name, rf.Check())
}

// reportErr words an error of the -o file as the user gave it: "check: -o
// PATH: ...".
func reportErr(name string, err error) error {
	var pe *report.PathError
	switch {
	case err == nil:
		return nil
	case errors.As(err, &pe):
		return fmt.Errorf("%s: -o %s: %v", name, pe.Path, err)
	}
	return fmt.Errorf("%s: %v", name, err)
}
