package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/captag/captag/cmd/captag/internal/text"
	"github.com/captag/captag/metadata/caption"
	"github.com/captag/captag/metadata/desk"
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

// loadCaptions reads one caption file (desk.LoadCaptions); "-" is
// standard input. The error, when there is one, already names the file.
// The file's notes (columns it skipped, the encoding it guessed) are
// warnings on stderr, once per file.
func loadCaptions(ctx context.Context, e *env, path string, c *captionFlags) ([]caption.Record, error) {
	src := desk.CaptionSource{Path: path, Format: caption.Format(c.inputFormat), Encoding: caption.Encoding(c.encoding), Year: c.year}
	if path == "-" {
		src.Reader, src.Name = e.stdin, "stdin"
	}
	res, err := desk.LoadCaptions(ctx, src)
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	name := src.Name
	if name == "" {
		name = path
	}
	for _, n := range res.Notes {
		e.warnf("%s: %s", name, n) // once per file, never per record
	}
	if guessed, lost := encodingTrouble(res); guessed || lost {
		if c.encoding == string(caption.EncodingAuto) {
			e.hintf("if captag guessed the encoding of %s wrong, say it with --encoding (windows-1252, utf-8, utf-16, …)", name)
		} else {
			e.hintf("records of %s hold U+FFFD: the file may not be %s; say its encoding with --encoding", name, c.encoding)
		}
	}
	return res.Records, err
}

// encodingTrouble reports whether the encoding was guessed (a note says
// "read as …") and whether some record lost characters to U+FFFD: then
// --encoding may be what the user needs.
func encodingTrouble(res caption.Result) (guessed, lost bool) {
	for _, n := range res.Notes {
		guessed = guessed || strings.HasPrefix(n, "read as ")
	}
	for _, r := range res.Records {
		lost = lost || r.ReplacementField() != ""
	}
	return guessed, lost
}

// captionFileError words an error from loadCaptions for the user.
func captionFileError(err error) error {
	var pe *caption.ParseError
	if errors.As(err, &pe) {
		return err
	}
	return fmt.Errorf("cannot read the caption file: %w", err)
}

func captionsCommand() *command {
	var (
		format string
		cf     captionFlags
	)
	return &command{
		name:    "captions",
		summary: "parse caption files and print what captag reads in each record",
		usage:   "captag captions [options] FILE...",
		about: `Reads caption files - the agencies' wire text (one caption per paragraph), CSV
with a header row, exiftool's CSV, JSON or JSON Lines - and prints each record:
its first line, date, place, photographers and agency, and any problem found in
it. "-" reads standard input. Use it to see what the other commands will work
with before matching. Files in UTF-8, UTF-16 (Windows' "Unicode text") or
Windows-1252 (a CSV saved by Excel) are read as what they are; a guessed
encoding is named on stderr, and --encoding says it.`,
		example: `  # what does captag read in the wire captions?
  captag captions captions.txt

  # the same as JSON, for scripts
  captag captions --format json captions.txt

  # the captions state no year; they were sent in 2016
  captag captions --year 2016 captions.txt

  # a CSV that a Windows tool saved
  captag captions --encoding windows-1252 captions.csv`,
		exits: `  0    every record parsed without an error-level problem
  1    some record has an error-level problem (the report says which)
  2    a file could not be read, is not a caption file or holds no record
  130  interrupted`,
		setup: func(fs *pflag.FlagSet) func(context.Context, *env, []string) int {
			newEnum(fs, &format, "format", "", "text", []string{"text", "json"}, "report format")
			cf.add(fs)
			return func(ctx context.Context, e *env, args []string) int {
				return runCaptions(ctx, e, args, format, &cf)
			}
		},
	}
}

func runCaptions(ctx context.Context, e *env, args []string, format string, cf *captionFlags) int {
	if len(args) == 0 {
		e.errorf("captions: expected at least one caption file")
		e.hintf("run 'captag captions FILE', for example 'captag captions captions.txt'")
		return exitCannotRun
	}
	if err := cf.validate(); err != nil {
		e.errorf("captions: %v", err)
		return exitCannotRun
	}
	code := exitOK
	all := []caption.Record{}
	var files []desk.CaptionFile
	for _, path := range args {
		if ctx.Err() != nil {
			return exitInterrupted
		}
		recs, err := loadCaptions(ctx, e, path, cf)
		if ctx.Err() != nil {
			return exitInterrupted
		}
		if err != nil {
			e.errorf("%v", captionFileError(err))
			code = exitCannotRun
		}
		for _, r := range recs {
			if r.HasError() && code == exitOK {
				code = exitProblems
			}
		}
		all = append(all, recs...)
		files = append(files, desk.CaptionFile{Name: path, Records: recs})
	}
	if format == "json" {
		b, err := json.MarshalIndent(all, "", "  ")
		if err != nil {
			e.errorf("captions: %v", err)
			return exitCannotRun
		}
		e.stdout.Write(append(b, '\n'))
		return code
	}
	if err := desk.WriteCaptionsText(text.Writer(e.stdout), files, desk.TextOptions{Colour: e.useColour()}); err != nil {
		e.errorf("captions: writing the report: %v", err)
		return exitCannotRun
	}
	return code
}
