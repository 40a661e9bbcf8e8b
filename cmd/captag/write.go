package main

import (
	"context"
	"time"

	"github.com/captag/captag/metadata/desk"
	"github.com/captag/captag/metadata/desk/report"
	"github.com/captag/captag/sidecar"
	"github.com/spf13/pflag"
)

// writeFlags are the options of captag write; the typed ones go straight
// into opts.
type writeFlags struct {
	job    jobFlags
	opts   desk.WriteOptions
	naming string
	format string
	accept []string
}

func (wf *writeFlags) add(fs *pflag.FlagSet) {
	wf.job.add(fs)
	newEnum(fs, &wf.naming, "sidecar-name", "", "base", []string{"base", "ext"},
		"sidecar names: base (IMG_1.xmp) or ext (IMG_1.jpg.xmp)")
	fs.BoolVarP(&wf.opts.DryRun, "dry-run", "n", false, "report what would be created or updated, and write nothing")
	fs.BoolVar(&wf.opts.Sidecar.KeepExisting, "keep-existing", false, "leave a property that already has a value in the sidecar")
	fs.StringVar(&wf.opts.Sidecar.CaptionWriter, "caption-writer", "", "put `NAME` in photoshop:CaptionWriter (who wrote the caption)")
	newEnum(fs, &wf.format, "format", "", "text", report.FormatNames(report.Formats((*desk.WriteReport)(nil))), "report format")
	fs.BoolVar(&wf.opts.Embed, "embed", false, "also write the caption into each JPEG (IIM and XMP; the pixels never change)")
	fs.BoolVar(&wf.opts.NoSidecar, "no-sidecar", false, "with --embed: no sidecar for the JPEGs the caption goes into")
	fs.BoolVar(&wf.opts.EmbedEXIF, "embed-exif", false, "with --embed: also EXIF ImageDescription, Artist and Copyright")
	fs.BoolVar(&wf.opts.KeepModTime, "keep-mtime", false, "with --embed: keep each JPEG's modification time")
	fs.StringVar(&wf.job.aliases, "aliases", "", "with --embed: extra agency names from `FILE` for the copyright rule, as captag check --aliases")
	fs.StringVar(&wf.job.template, "template", "", "merge the metadata template (stationery pad) `FILE.xmp` into every sidecar and embed; the caption's own fields win")
	fs.StringSliceVar(&wf.accept, "accept", nil, "also write partial pairs by `creator,date` alone (marked in the report); without it they are left alone")
}

// options completes wf.opts from the flags that need a word checked. A
// non-zero code means the job cannot go on: the error is already on
// stderr.
func (wf *writeFlags) options(e *env) int {
	o := &wf.opts
	var err error
	if o.Naming, err = sidecar.ParseNaming(wf.naming); err != nil {
		e.errorf("write: %v", err)
		return exitCannotRun
	}
	for _, f := range []struct {
		set  bool
		name string
	}{{o.NoSidecar, "--no-sidecar"}, {o.EmbedEXIF, "--embed-exif"}, {o.KeepModTime, "--keep-mtime"}, {wf.job.aliases != "", "--aliases"}} {
		if f.set && !o.Embed {
			e.errorf("write: %s works only with --embed", f.name)
			e.hintf("'captag write --help' shows the options")
			return exitCannotRun
		}
	}
	if o.Accept, err = desk.ParseAccept(wf.accept); err != nil {
		e.errorf("write: --accept: %v", err)
		return exitCannotRun
	}
	if o.Sidecar.Template, err = desk.LoadTemplate(wf.job.template); err != nil {
		e.errorf("write: %v", err)
		return exitCannotRun
	}
	// -j N given: N images written at a time too; otherwise desk writes
	// more than it reads (fsyncs overlap).
	o.Writers = max(0, wf.job.scan.opts.Workers)
	o.Sidecar.Toolkit = "captag"
	return exitOK
}

func (wf *writeFlags) run(ctx context.Context, e *env, args []string) int {
	if code := wf.options(e); code != exitOK {
		return code
	}
	r, code := openJob(ctx, e, "write", &wf.job, args, "")
	if code != exitOK {
		return code
	}
	opts := wf.opts
	opts.Now, opts.Aliases = time.Now(), wf.job.al
	rep, err := r.job.Write(ctx, opts)
	if rep == nil {
		return r.started(err)
	}
	r.finish()
	r.notes()
	for _, t := range rep.RemovedTemps {
		e.warnf("%s", report.RemovedTempNote(t))
	}
	for _, err := range rep.TempErrors {
		e.warnf("%v", err)
	}

	if code := r.report(ctx, rep, report.Options{Format: report.Format(wf.format)}, exitOK); code != exitOK {
		return code
	}
	if ctx.Err() != nil {
		return exitInterrupted
	}
	e.notes("write: ", report.WriteNotes(rep), wf.job.scan.quiet)
	return exitCode(rep.Outcome())
}
