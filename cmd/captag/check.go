package main

import (
	"context"
	"time"

	"github.com/captag/captag/metadata/check"
	"github.com/captag/captag/metadata/desk"
	"github.com/captag/captag/metadata/desk/report"
	"github.com/spf13/pflag"
)

// checkFlags are the options of captag check; the typed ones go straight
// into opts.
type checkFlags struct {
	job          jobFlags
	opts         desk.CheckOptions
	format, fix  string
	fixDates     bool
	failOn       string
	allowMissing []string
	ships        string
	out          outputFlags
}

func (cf *checkFlags) add(fs *pflag.FlagSet) {
	cf.job.add(fs)
	newEnum(fs, &cf.format, "format", "", "text", report.FormatNames(report.Formats((*desk.CheckReport)(nil))), "report format: text for people, json and junit for programs, html for a contact sheet to look at (one self-contained page, a card per picture with its thumbnail)")
	newEnum(fs, &cf.fix, "fix", "", "", report.FixTools(), "instead of the report, write a fix file for `TOOL`: exiftool, an argument file (exiftool -@ FILE) setting each store a finding names to the caption's value, on pairs known by evidence")
	fs.BoolVar(&cf.fixDates, "fix-exif-date", false, "with --fix, also set EXIF DateTimeOriginal (left alone otherwise, and listed in the file)")
	newEnum(fs, &cf.failOn, "fail-on", "", "error", []string{"error", "warning"}, "the lowest severity that makes the exit status 1")
	fs.StringSliceVar(&cf.allowMissing, "allow-missing", nil, "`FIELDS` (date, creator) that may be missing from every store: a warning instead of an error")
	fs.BoolVar(&cf.opts.AllowUnmatched, "allow-unmatched", false, "unmatched captions and images are warnings, not errors")
	fs.StringVar(&cf.job.aliases, "aliases", "", "extra agency names from `FILE`: one agency per line, its names separated by \"=\" (AA = Anadolu Agency = Anadolu Ajansi)")
	cf.out.add(fs)
	newEnum(fs, &cf.ships, "ships", "", "auto", []string{"auto", "embedded", "sidecar", "both"}, "the stores that travel with each image and are checked: embedded (inside the file), sidecar, both, or auto (embedded; a raw file's sidecar too)")
	fs.DurationVar(&cf.opts.DayGrace, "day-grace", time.Hour, "a store time up to `DURATION` after the midnight that ends the caption's day (or before the one that starts it) is a warning, not an error; 0 for none, at most 12h")
}

// options completes cf.opts from the flags that need a word checked. A
// non-zero code means the job cannot go on: the error is already on
// stderr.
func (cf *checkFlags) options(e *env) int {
	o := &cf.opts
	if err := o.AllowMissing(cf.allowMissing); err != nil {
		e.errorf("check: --allow-missing: %v", err)
		return exitCannotRun
	}
	if o.DayGrace < 0 || o.DayGrace > check.MaxDayGrace {
		e.errorf("check: --day-grace: expected a duration from 0 to 12h, found %s", o.DayGrace)
		e.hintf("for example --day-grace 30m, or --day-grace 0 to make every other day an error")
		return exitCannotRun
	}
	if (cf.fix != "" && cf.format != "text") || (cf.fixDates && cf.fix == "") {
		e.errorf("check: --fix writes a fix file instead of the report, and --fix-exif-date goes with it: expected --fix alone, found --fix %q --format %s", cf.fix, cf.format)
		return exitCannotRun
	}
	o.Ships = desk.ShipsDefault
	if cf.ships != "auto" {
		o.Ships = desk.Ships(cf.ships)
	}
	return exitOK
}

func (cf *checkFlags) run(ctx context.Context, e *env, args []string) int {
	if code := cf.options(e); code != exitOK {
		return code
	}
	r, code := openJob(ctx, e, "check", &cf.job, args, cf.out.output)
	if code != exitOK {
		return code
	}
	defer r.rf.Close(false)     // nothing once the report is in place
	cf.opts.Aliases = cf.job.al // nil: the built-in table
	rep, err := r.job.Check(ctx, cf.opts)
	if code := r.started(err); code != exitOK {
		return code
	}
	for _, t := range rep.Temps {
		e.warnf("%s", report.TempNote(t))
	}
	return r.report(ctx, rep, report.Options{Format: report.Format(cf.format), FailOnWarning: cf.failOn == "warning", Fix: report.FixOptions{Tool: cf.fix, EXIFDates: cf.fixDates},
		Sheet: report.SheetOptions{Command: report.CommandLine("check", e.args), Thumbs: cf.out.thumbs}}, exitCode(rep.Outcome(cf.failOn == "warning")))
}
