package main

import (
	"context"
	"errors"
	"fmt"

	"github.com/captag/captag/metadata/caption"
	"github.com/captag/captag/metadata/desk"
	"github.com/captag/captag/metadata/desk/report"
	"github.com/spf13/pflag"
)

// captionInputFormats are the values of --input-format.
var captionInputFormats = []string{"auto", "text", "csv", "json", "jsonl", "newsml"}

// captionEncodings are the values of --encoding.
var captionEncodings = func() []string {
	out := make([]string, len(caption.Encodings))
	for i, e := range caption.Encodings {
		out[i] = string(e)
	}
	return out
}()

// captionFlags are the flags every command that reads a caption file has.
type captionFlags struct {
	inputFormat string
	encoding    string
	year        int
}

func (c *captionFlags) add(fs *pflag.FlagSet) {
	newEnum(fs, &c.inputFormat, "input-format", "", "auto", captionInputFormats,
		"caption file format; auto picks it from the extension (.txt, .csv, .json, .jsonl), else from the content")
	newEnum(fs, &c.encoding, "encoding", "", "auto", captionEncodings,
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

// loadCaptions reads one caption file (desk.LoadCaptions). The error,
// when there is one, already names the file. The file's notes (columns it
// skipped, the encoding it guessed) are on stderr, once per file
// (report.CaptionNotes).
func loadCaptions(ctx context.Context, e *env, src desk.CaptionSource) ([]caption.Record, error) {
	res, err := desk.LoadCaptions(ctx, src)
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	e.notes("", report.CaptionNotes(captionName(src.Path), src.Encoding, res), false)
	return res.Records, err
}

// captionFileError words an error from loadCaptions for the user.
func captionFileError(err error) error {
	var pe *caption.ParseError
	if errors.As(err, &pe) {
		return err
	}
	return fmt.Errorf("cannot read the caption file: %w", err)
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
	code := exitOK
	rep := &report.CaptionsReport{}
	for _, path := range args {
		if ctx.Err() != nil {
			return exitInterrupted
		}
		recs, err := loadCaptions(ctx, e, csf.cf.source(e, path))
		if ctx.Err() != nil {
			return exitInterrupted
		}
		if err != nil {
			e.errorf("%v", captionFileError(err))
			code = exitCannotRun
		}
		rep.Files = append(rep.Files, report.CaptionFile{Name: path, Records: recs})
	}
	o := report.Options{Format: report.Format(csf.format), Text: report.TextOptions{Colour: e.useColour()}}
	if err := report.Render(ctx, e.stdout, rep, o); err != nil {
		e.errorf("captions: writing the report: %v", err)
		return exitCannotRun
	}
	return max(code, exitCode(rep.Outcome())) // a file that could not be read outweighs a bad record
}
