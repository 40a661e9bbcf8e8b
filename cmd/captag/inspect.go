package main

import (
	"context"

	"github.com/captag/captag/cmd/captag/internal/text"
	"github.com/captag/captag/metadata/desk"
	"github.com/spf13/pflag"
)

func inspectCommand() *command {
	var (
		format string
		sf     scanFlags
	)
	return &command{
		name:    "inspect",
		summary: "show the date, credit and caption stored in images, store by store",
		usage:   "captag inspect [options] PATH...",
		about: `Reads what each image says about itself - the capture date, photographers,
credit, copyright, caption and place - from its EXIF, IPTC-IIM and XMP stores
and from an XMP sidecar beside it (IMG.xmp or IMG.jpg.xmp), each store kept
apart so you can see which one says what. JPEG and TIFF-based files (TIFF, DNG
and most raw formats) are read, recognised by their content, not their name;
only the headers are read and files are opened read-only.

PATH is a file or a folder. Folders give their files (hidden files and
*.xmp sidecars skipped); -r adds the subfolders. Files whose type captag does
not read are listed as unsupported.`,
		example: `  # what do these pictures carry?
  captag inspect photos/

  # the whole archive, as JSON, 8 files at a time
  captag inspect -r -j 8 --format json archive/ > metadata.json`,
		exits: `  0    every file was read (unsupported files found in folders do not count)
  1    some file could not be read: malformed, unreadable, or a file named on
       the command line whose type captag does not read (each says why; the
       others are still reported)
  2    usage error
  130  interrupted`,
		setup: func(fs *pflag.FlagSet) func(context.Context, *env, []string) int {
			newEnum(fs, &format, "format", "", "text", desk.FormatNames(desk.InspectFormats), "report format")
			sf.add(fs)
			return func(ctx context.Context, e *env, args []string) int {
				return runInspect(ctx, e, args, format, sf)
			}
		},
	}
}

func runInspect(ctx context.Context, e *env, args []string, format string, sf scanFlags) int {
	if len(args) == 0 {
		e.errorf("inspect: expected at least one file or folder")
		e.hintf("run 'captag inspect PATH', for example 'captag inspect photos/'")
		return exitCannotRun
	}
	if err := sf.validate(); err != nil {
		e.errorf("inspect: %v", err)
		return exitCannotRun
	}
	// Each file is read and its report encoded in a worker; the image is
	// dropped there, and the encoded reports are written in path order as
	// they come (desk.InspectReport).
	o := desk.RenderOptions{Format: desk.Format(format)}
	rep, err := desk.NewInspectReport(reportOut(e.stdout, &o, e.useColour()), o)
	if err != nil {
		e.errorf("inspect: %v", err)
		return exitCannotRun
	}
	var prog *text.Progress
	opts := desk.Options{Roots: args, Recursive: sf.recursive, Follow: sf.follow, Workers: sf.jobs, Progress: func(pr desk.Progress) {
		if prog == nil {
			prog = newProgress(e, sf, "read")
		}
		if pr.Phase == desk.PhaseList {
			prog.Found(pr.Total)
		} else {
			prog.Set(pr.Done, pr.Total)
		}
	}}
	desk.Inspect(ctx, opts, rep.Encode, rep.Add)
	prog.Finish()
	interrupted := ctx.Err() != nil
	err = rep.End(interrupted)
	switch {
	case interrupted:
		return exitInterrupted
	case err != nil:
		e.errorf("inspect: writing the report: %v", err)
		return exitCannotRun
	case rep.Failed():
		return exitProblems
	}
	return exitOK
}
