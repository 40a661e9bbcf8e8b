package main

import (
	"context"

	"github.com/captag/captag/metadata/desk"
	"github.com/captag/captag/metadata/desk/report"
	"github.com/spf13/pflag"
)

// matchFlags are the options of captag match.
type matchFlags struct {
	jf      jobFlags
	format  string
	explain bool
	out     outputFlags
}

func (mf *matchFlags) add(fs *pflag.FlagSet) {
	mf.jf.add(fs)
	newEnum(fs, &mf.format, "format", "", "text", report.FormatNames(report.Formats((*desk.MatchReport)(nil))), "report format: text for people, json for programs, html for a contact sheet to look at (a card per picture with its thumbnail and caption)")
	mf.out.add(fs)
	fs.BoolVar(&mf.explain, "explain", false, "show, per image, the captions considered and why the chosen one won")
	fs.StringVar(&mf.jf.aliases, "aliases", "", "extra agency names from `FILE`, as captag check --aliases: the credits are read with them, so that the pairing is check's")
}

func (mf *matchFlags) run(ctx context.Context, e *env, args []string) int {
	r, code := openJob(ctx, e, "match", &mf.jf, args, mf.out.output)
	if code != exitOK {
		return code
	}
	defer r.rf.Close(false) // nothing once the report is in place
	out, err := r.job.Match(ctx, desk.MatchOptions{Explain: mf.explain})
	if code := r.started(err); code != exitOK {
		return code
	}
	return r.report(ctx, out, report.Options{Format: report.Format(mf.format),
		Sheet: report.SheetOptions{Command: report.CommandLine("match", e.args), Thumbs: mf.out.thumbs}}, exitCode(out.Outcome()))
}
