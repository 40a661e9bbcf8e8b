package main

import (
	"context"

	"github.com/captag/captag/metadata/desk"
	"github.com/captag/captag/metadata/desk/report"
	"github.com/spf13/pflag"
)

// mergeFlags are the options of captag merge.
type mergeFlags struct{ format, failOn string }

func (m *mergeFlags) add(fs *pflag.FlagSet) {
	newEnum(fs, &m.format, "format", "", "text", []string{"text", "json", "junit"}, "report format, as check's (html needs the pictures: run check)")
	newEnum(fs, &m.failOn, "fail-on", "", "error", []string{"error", "warning"}, "the lowest severity that makes the exit status 1, as check's")
}

func (m *mergeFlags) run(ctx context.Context, e *env, args []string) int {
	rep, err := desk.MergeFiles(args)
	if err == nil {
		err = report.Render(ctx, e.stdout, rep, report.Options{Format: report.Format(m.format), FailOnWarning: m.failOn == "warning", Text: report.TextOptions{Colour: e.useColour()}})
	}
	if err != nil {
		e.errorf("merge: %v", err)
		return exitCannotRun
	}
	return exitCode(rep.Outcome(m.failOn == "warning"))
}
