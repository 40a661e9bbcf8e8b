package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"

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
			newEnum(fs, &format, "format", "", "text", []string{"text", "json"}, "report format")
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
	// they come.
	asJSON := format == "json"
	out := e.stdout
	if !asJSON {
		out = text.Writer(out)
	}
	b := bufio.NewWriter(out)
	to := desk.TextOptions{Colour: e.useColour()}
	code := exitOK
	var nread, nunsupported, nfailed, nitems int
	var encErr error
	var prog *text.Progress
	opts := desk.Options{Roots: args, Recursive: sf.recursive, Follow: sf.follow, Workers: sf.jobs, Progress: func(pr desk.Progress) {
		if prog == nil {
			prog = newProgress(e, sf, "read")
		}
		if pr.Phase == desk.PhaseList {
			prog.Found(pr.Total)
		} else {
			prog.Set(pr.Done, pr.Total)
			nitems = pr.Total
		}
	}}
	done, _ := desk.Inspect(ctx, opts, func(f desk.File) inspected {
		out := inspected{failed: f.Err != nil && (f.Explicit || !f.Unsupported())}
		switch {
		case f.Err == nil:
			out.kind = fileRead
		case f.Unsupported():
			out.kind = fileUnsupported
		default:
			out.kind = fileFailed
		}
		if asJSON {
			out.b, out.err = json.MarshalIndent(desk.FileReportOf(f), "  ", "  ")
		} else {
			var tb bytes.Buffer
			f.WriteText(&tb, to)
			out.b = tb.Bytes()
		}
		return out
	}, func(i int, r inspected) {
		if r.failed {
			code = exitProblems
		}
		switch r.kind {
		case fileRead:
			nread++
		case fileUnsupported:
			nunsupported++
		default:
			nfailed++
		}
		if r.err != nil && encErr == nil {
			encErr = r.err
		}
		if asJSON {
			// writeJSONArray's layout, written as the items come.
			if i == 0 {
				b.WriteString("[\n")
			} else {
				b.WriteString(",\n")
			}
			b.WriteString("  ")
		}
		b.Write(r.b)
	})
	if asJSON && nitems == 0 && ctx.Err() == nil {
		b.WriteString("[]")
	}
	prog.Finish()
	if asJSON && done > 0 {
		// An interrupted run still leaves a well-formed array of the files
		// done so far.
		b.WriteString("\n]")
	}
	if ctx.Err() != nil {
		if asJSON && done > 0 {
			b.WriteByte('\n')
		}
		b.Flush()
		return exitInterrupted
	}
	var err error
	if asJSON {
		err = b.WriteByte('\n')
	} else {
		fmt.Fprintf(b, "%s: %d read, %d unsupported, %d could not be read\n", desk.Plural(nitems, "file"), nread, nunsupported, nfailed)
	}
	if err == nil {
		err = encErr
	}
	if err2 := b.Flush(); err == nil {
		err = err2
	}
	if err != nil {
		e.errorf("inspect: writing the report: %v", err)
		return exitCannotRun
	}
	return code
}

// fileKind is how reading one file went, for the summary line.
type fileKind uint8

const (
	fileRead fileKind = iota
	fileUnsupported
	fileFailed
)

// inspected is one file's report, encoded by the worker that read it.
type inspected struct {
	b      []byte
	kind   fileKind
	failed bool  // counts against the exit status
	err    error // encoding failed
}
