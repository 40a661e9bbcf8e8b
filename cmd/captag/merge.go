package main

import (
	"context"

	"github.com/captag/captag/metadata/desk"
	"github.com/captag/captag/metadata/desk/report"
	"github.com/spf13/pflag"
)

// mergeFlags are the options of captag merge.
type mergeFlags struct{ format, failOn, output string }

func (m *mergeFlags) add(fs *pflag.FlagSet) {
	newEnum(fs, &m.format, "format", "", "text", []string{"text", "json", "junit"}, "report format, as check's (html needs the pictures: run check)")
	newEnum(fs, &m.failOn, "fail-on", "", "error", []string{"error", "warning"}, "the lowest severity that makes the exit status 1, as check's")
	fs.StringVarP(&m.output, "output", "o", "", "write the merged report to `FILE` instead of standard output (written beside it, then renamed; never over one of the reports merged)")
}

func (m *mergeFlags) run(ctx context.Context, e *env, args []string) int {
	rf, err := openReport(e, "merge", m.output, report.Inputs("the report", args)...)
	var rep *desk.CheckReport
	if err == nil {
		if rep, err = desk.MergeFiles(args); err == nil {
			err = rf.Render(ctx, rep, report.Options{Format: report.Format(m.format), FailOnWarning: m.failOn == "warning", Text: report.TextOptions{Colour: m.output == "" && e.useColour()}})
		}
		err = reportErr("merge", err)
	}
	if err != nil {
		e.errorf("%v", err)
		return exitCannotRun
	}
	return exitCode(rep.Outcome(m.failOn == "warning"))
}
