package main

import (
	"context"

	"github.com/captag/captag/metadata/desk"
	"github.com/captag/captag/metadata/desk/report"
	"github.com/spf13/pflag"
)

// inspectFlags are the options of captag inspect.
type inspectFlags struct {
	format string
	sf     scanFlags
}

func (inf *inspectFlags) add(fs *pflag.FlagSet) {
	newEnum(fs, &inf.format, "format", "", "text", report.FormatNames(report.Formats((*report.InspectReport)(nil))), "report format")
	inf.sf.add(fs)
}

func (inf *inspectFlags) run(ctx context.Context, e *env, args []string) int {
	if len(args) == 0 {
		e.errorf("inspect: expected at least one file or folder")
		e.hintf("run 'captag inspect PATH', for example 'captag inspect photos/'")
		return exitCannotRun
	}
	if err := inf.sf.validate(); err != nil {
		e.errorf("inspect: %v", err)
		return exitCannotRun
	}
	// Each file is read and its report encoded in a worker; the image is
	// dropped there, and the encoded reports are written in path order as
	// they come (desk.InspectReport).
	o := report.Options{Format: report.Format(inf.format), Text: report.TextOptions{Colour: e.useColour()}}
	rep, err := report.NewInspectReport(e.stdout, o)
	if err != nil {
		e.errorf("inspect: %v", err)
		return exitCannotRun
	}
	f := &follower{e: e, name: "inspect", args: args, scan: &inf.sf}
	opts := inf.sf.opts
	opts.Roots, opts.Progress = args, f.progress
	desk.Inspect(ctx, opts, rep.Encode, rep.Add)
	f.finish()
	interrupted := ctx.Err() != nil
	err = rep.End(interrupted)
	switch {
	case interrupted:
		return exitInterrupted
	case err != nil:
		e.errorf("inspect: writing the report: %v", err)
		return exitCannotRun
	}
	return exitCode(rep.Outcome())
}
