package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"text/tabwriter"

	"github.com/captag/captag/metadata"
	"github.com/captag/captag/metadata/caption"
	"github.com/spf13/pflag"
)

// captionInputFormats are the values of --input-format.
var captionInputFormats = []string{"auto", "text", "csv", "json", "jsonl"}

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

// loadCaptions reads one caption file; "-" is standard input. The error,
// when there is one, already names the file. The file's notes (columns it
// skipped, the encoding it guessed) are warnings on stderr, once per file.
// A cancelled ctx (Ctrl-C, SIGTERM) stops it at once, even when a read
// blocks (a terminal or a pipe that never sends anything): the error is
// then ctx's.
func loadCaptions(ctx context.Context, e *env, path string, c *captionFlags) ([]caption.Record, error) {
	var r io.Reader
	name := path
	if path == "-" {
		r, name = e.stdin, "stdin"
	} else {
		f, err := os.Open(path)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		if st, err := f.Stat(); err == nil && st.IsDir() {
			return nil, fmt.Errorf("%s: expected a caption file, found a folder", path)
		}
		r = f
	}
	opt := caption.Options{Format: caption.Format(c.inputFormat), Encoding: caption.Encoding(c.encoding), Year: c.year, Name: name}
	type parsed struct {
		res caption.Result
		err error
	}
	done := make(chan parsed, 1)
	go func() {
		res, err := caption.ParseFileContext(ctx, r, opt)
		done <- parsed{res, err}
	}()
	var p parsed
	select {
	case p = <-done:
	case <-ctx.Done():
		// The parser stops at its next read; a read that blocks is left
		// to the process's end.
		return nil, ctx.Err()
	}
	for _, n := range p.res.Notes {
		e.warnf("%s: %s", name, n) // once per file, never per record
	}
	if guessed, lost := encodingTrouble(p.res); guessed || lost {
		if c.encoding == string(caption.EncodingAuto) {
			e.hintf("if captag guessed the encoding of %s wrong, say it with --encoding (windows-1252, utf-8, utf-16, …)", name)
		} else {
			e.hintf("records of %s hold U+FFFD: the file may not be %s; say its encoding with --encoding", name, c.encoding)
		}
	}
	return p.res.Records, p.err
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
	type fileRecs struct {
		name string
		recs []caption.Record
	}
	var files []fileRecs
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
		files = append(files, fileRecs{path, recs})
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
	p := palette{e.useColour()}
	b := bufio.NewWriter(termWriter(e.stdout))
	defer b.Flush()
	tw := tabwriter.NewWriter(b, 0, 0, 2, ' ', 0)
	var nrec, nerr, nwarn int
	for _, f := range files {
		for _, r := range f.recs {
			nrec++
			writeRecordText(tw, p, f.name, r)
			for _, pr := range r.Problems {
				if pr.Severity == metadata.SeverityError {
					nerr++
				} else {
					nwarn++
				}
			}
		}
	}
	tw.Flush()
	fmt.Fprintf(b, "%s, %s, %s\n", plural(nrec, "record"), plural(nerr, "error"), plural(nwarn, "warning"))
	return code
}

// writeRecordText writes one record as a line for people:
// "FILE:LINE  DATE  PLACE  CREATORS / AGENCY", then its problems. The
// columns are tab-separated for a tabwriter.
func writeRecordText(b io.Writer, p palette, file string, r caption.Record) {
	date := r.Date()
	switch {
	case date == "" && r.Dateline() != "":
		date = "????-" + r.Dateline()
	case date == "":
		date = "no date"
	case r.DateInferred:
		date += " (year inferred)"
	}
	place := joinNonEmpty(", ", r.City, r.Region, r.Country)
	if place == "" {
		place = "no place"
	}
	agencies := r.Agency
	if len(r.Agencies) > 1 {
		agencies = strings.Join(r.Agencies, " / ") // the whole chain: "NHLI / Getty Images"
	}
	credit := joinNonEmpty(" / ", strings.Join(r.Creators, ", "), agencies)
	if credit == "" {
		credit = "no credit"
	}
	fmt.Fprintf(b, "%s\t%s\t%s\t%s", p.bold(fmt.Sprintf("%s:%d", termSafe(file), r.Line)), termSafe(date), termSafe(place), termSafe(credit))
	if r.File != "" {
		fmt.Fprintf(b, "\tfile %s", termSafe(r.File))
	}
	fmt.Fprintln(b)
	for _, pr := range r.Problems {
		sev := string(pr.Severity)
		if pr.Severity == metadata.SeverityError {
			sev = p.red(sev)
		} else {
			sev = p.yellow(sev)
		}
		fmt.Fprintf(b, "    %s: %s\n", sev, termSafe(pr.Message))
	}
}

func joinNonEmpty(sep string, parts ...string) string {
	var out []string
	for _, s := range parts {
		if s != "" {
			out = append(out, s)
		}
	}
	return strings.Join(out, sep)
}

// plural writes "1 record", "2 records".
func plural(n int, word string) string {
	if n == 1 {
		return fmt.Sprintf("%d %s", n, word)
	}
	return fmt.Sprintf("%d %ss", n, word)
}
