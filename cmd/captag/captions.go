package main

import (
	"context"
	"fmt"

	"github.com/captag/captag/metadata/caption"
	"github.com/captag/captag/metadata/desk"
	"github.com/captag/captag/metadata/desk/report"
	"github.com/spf13/pflag"
)

// captionFlags are the flags every command that reads a caption file has.
type captionFlags struct {
	inputFormat string
	encoding    string
	year        int
}

func (c *captionFlags) add(fs *pflag.FlagSet) {
	newEnum(fs, &c.inputFormat, "input-format", "", "auto", report.CaptionInputFormats(),
		"caption file format; auto picks it from the extension (.txt, .csv, .json, .jsonl), else from the content")
	newEnum(fs, &c.encoding, "encoding", "", "auto", report.CaptionEncodings(),
		"the caption file's character encoding; auto reads a byte order mark, else UTF-16 without one, else UTF-8, else Windows-1252 (what Excel saves), and says which it guessed")
	fs.IntVar(&c.year, "year", 0, "use `YEAR` for captions that do not state one (default: the year in the caption body, else the image's)")
}

func (c *captionFlags) validate() error {
	if c.year != 0 && (c.year < 1800 || c.year > 9999) {
		return fmt.Errorf("--year %d is not a plausible year: expected four digits such as 2016", c.year)
	}
	return nil
}

// source is the caption file at path as the caption flags say to read
// it; "-" is standard input.
func (c *captionFlags) source(e *env, path string) desk.CaptionSource {
	src := desk.CaptionSource{Path: path, Format: caption.Format(c.inputFormat), Encoding: caption.Encoding(c.encoding), Year: c.year}
	if path == "-" {
		src.Reader, src.Name = e.stdin, "stdin"
	}
	return src
}

// loadCaptions reads one caption file (report.LoadCaptionStore), its
// notes on stderr.
func loadCaptions(ctx context.Context, e *env, src desk.CaptionSource) (*caption.Store, error) {
	return report.LoadCaptionStore(ctx, src, captionName(src.Path), func(n []report.Note) { e.notes("", n, false) })
}

// captionsFlags are the options of captag captions.
type captionsFlags struct {
	format string
	cf     captionFlags
}

func (csf *captionsFlags) add(fs *pflag.FlagSet) {
	newEnum(fs, &csf.format, "format", "", "text", []string{"text", "json"}, "report format")
	csf.cf.add(fs)
}

func (csf *captionsFlags) run(ctx context.Context, e *env, args []string) int {
	if len(args) == 0 {
		e.errorf("captions: expected at least one caption file")
		e.hintf("run 'captag captions FILE', for example 'captag captions captions.txt'")
		return exitCannotRun
	}
	if err := csf.cf.validate(); err != nil {
		e.errorf("captions: %v", err)
		return exitCannotRun
	}
	srcs, names := make([]desk.CaptionSource, len(args)), make([]string, len(args))
	for i, path := range args {
		srcs[i], names[i] = csf.cf.source(e, path), captionName(path)
	}
	rep, failed, err := report.LoadCaptionFiles(ctx, srcs, names, func(n []report.Note) { e.notes("", n, false) }, func(err error) { e.errorf("%v", err) })
	if err != nil {
		return exitInterrupted
	}
	code := exitOK
	if failed {
		code = exitCannotRun
	}
	o := report.Options{Format: report.Format(csf.format), Text: report.TextOptions{Colour: e.useColour()}}
	if err := report.Render(ctx, e.stdout, rep, o); err != nil {
		e.errorf("captions: writing the report: %v", err)
		return exitCannotRun
	}
	return max(code, exitCode(rep.Outcome())) // a file that could not be read outweighs a bad record
}
