package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"text/tabwriter"
	"unicode/utf8"

	"github.com/captag/captag/metadata"
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
	prog := newProgress(e, sf, "read")
	sc := &scanner{flags: sf, sidecars: true, prog: prog}
	jobs, walkErrs := sc.walk(ctx, args)
	if ctx.Err() != nil {
		prog.finish()
		return exitInterrupted
	}
	// A path that could not be walked is reported in its place among the
	// files, after a file of the same path.
	items := make([]inspectItem, 0, len(jobs)+len(walkErrs))
	for _, j := range jobs {
		items = append(items, inspectItem{job: j})
	}
	for _, we := range walkErrs {
		items = append(items, inspectItem{job: fileJob{path: we.path, explicit: true}, walkErr: we.err})
	}
	sort.SliceStable(items, func(i, j int) bool { return items[i].job.path < items[j].job.path })

	// Each file is read and its report encoded in a worker; the image is
	// dropped there, and the encoded reports are written in path order as
	// they come.
	asJSON := format == "json"
	out := e.stdout
	if !asJSON {
		out = termWriter(out)
	}
	b := bufio.NewWriter(out)
	p := palette{e.useColour()}
	code := exitOK
	var nread, nunsupported, nfailed int
	if asJSON && len(items) == 0 {
		b.WriteString("[]")
	}
	var encErr error
	done := forEachOrdered(ctx, len(items), sf.jobs, func(rd *metadata.Reader, i int) inspected {
		f := scanned{path: items[i].job.path, explicit: true, err: items[i].walkErr}
		if f.err == nil {
			f = sc.read(rd, items[i].job)
		}
		out := inspected{failed: f.err != nil && (f.explicit || !f.unsupported())}
		switch {
		case f.err == nil:
			out.kind = fileRead
		case f.unsupported():
			out.kind = fileUnsupported
		default:
			out.kind = fileFailed
		}
		if asJSON {
			out.b, out.err = json.MarshalIndent(newInspectJSON(f), "  ", "  ")
		} else {
			var tb bytes.Buffer
			writeInspectFile(&tb, p, f)
			out.b = tb.Bytes()
		}
		return out
	}, func(i int, r inspected) {
		prog.did()
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
	prog.finish()
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
		fmt.Fprintf(b, "%s: %d read, %d unsupported, %d could not be read\n", plural(len(items), "file"), nread, nunsupported, nfailed)
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

// inspectItem is one path to report: a file to read, or a path that could
// not be walked.
type inspectItem struct {
	job     fileJob
	walkErr error
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

// inspectJSON is one file in `captag inspect --format json`.
type inspectJSON struct {
	Path     string          `json:"path"`
	Format   string          `json:"format"`
	EXIF     *metadata.Store `json:"exif,omitempty"` // Store's JSON: the keys with values
	IPTC     *metadata.Store `json:"iptc,omitempty"`
	XMP      *metadata.Store `json:"xmp,omitempty"`
	Sidecar  *metadata.Store `json:"sidecar,omitempty"`
	Warnings []string        `json:"warnings"`
	Error    string          `json:"error,omitempty"`

	PathBytes []byte `json:"path_bytes,omitempty"` // the path's bytes (base64) when they are not UTF-8 (rawName)
}

func newInspectJSON(f scanned) inspectJSON {
	j := inspectJSON{Path: f.path, PathBytes: rawName(f.path), Warnings: []string{}}
	if f.err != nil {
		j.Error = f.err.Error()
		if ue, ok := f.err.(*metadata.UnsupportedError); ok {
			j.Format = ue.Format
		}
		return j
	}
	im := f.img
	j.Format = im.Format
	j.EXIF, j.IPTC, j.XMP, j.Sidecar = im.EXIF, im.IPTC, im.XMP, im.Sidecar
	for _, w := range im.Warnings {
		j.Warnings = append(j.Warnings, w.Message)
	}
	j.Warnings = collapseRepeats(j.Warnings)
	return j
}

// inspectRows are the rows of the text table, in order.
var inspectRows = []struct {
	name string
	get  func(*metadata.Store) string
}{
	{"date", func(s *metadata.Store) string {
		if s.Date.IsZero() {
			return ""
		}
		return s.Date.String()
	}},
	{"creators", func(s *metadata.Store) string { return strings.Join(s.Creators, "; ") }},
	{"credit", func(s *metadata.Store) string { return s.Credit }},
	{"source", func(s *metadata.Store) string { return s.Source }},
	{"copyright", func(s *metadata.Store) string { return s.Copyright }},
	{"description", func(s *metadata.Store) string { return s.Description }},
	{"headline", func(s *metadata.Store) string { return s.Headline }},
	{"title", func(s *metadata.Store) string { return s.Title }},
	{"keywords", func(s *metadata.Store) string { return strings.Join(s.Keywords, ", ") }},
	{"city", func(s *metadata.Store) string { return s.City }},
	{"sublocation", func(s *metadata.Store) string { return s.Sublocation }},
	{"region", func(s *metadata.Store) string { return s.Region }},
	{"country", func(s *metadata.Store) string { return s.Country }},
	{"country code", func(s *metadata.Store) string { return s.CountryCode }},
	{"charset", func(s *metadata.Store) string { return s.Charset }},
}

// maxCellRunes caps a cell of the text table; the JSON has the whole text.
const maxCellRunes = 40

func cell(s string) string {
	s = termSafe(strings.Join(strings.Fields(s), " "))
	if utf8.RuneCountInString(s) <= maxCellRunes {
		return s
	}
	r := []rune(s)
	return string(r[:maxCellRunes-1]) + "…"
}

// writeInspectFile writes one file's block of the text report: a header
// line, then a table with a row per field and a column per store, then
// warnings.
func writeInspectFile(b *bytes.Buffer, p palette, f scanned) {
	if f.err != nil {
		if f.unsupported() {
			fmt.Fprintf(b, "%s  %s\n", p.bold(termSafe(f.path)), p.yellow(termSafe(f.err.Error())))
		} else {
			fmt.Fprintf(b, "%s  %s\n", p.bold(termSafe(f.path)), p.red("error: "+termSafe(f.err.Error())))
		}
		return
	}
	im := f.img
	fmt.Fprintf(b, "%s  %s\n", p.bold(termSafe(f.path)), im.Format)
	stores := im.Stores()
	if len(stores) == 0 {
		b.WriteString("  no metadata stores\n")
	} else {
		tw := tabwriter.NewWriter(b, 0, 0, 2, ' ', 0)
		fmt.Fprint(tw, "  ")
		for _, s := range stores {
			fmt.Fprintf(tw, "\t%s", s.Kind)
		}
		fmt.Fprintln(tw)
		for _, row := range inspectRows {
			vals := make([]string, len(stores))
			has := false
			for i, s := range stores {
				vals[i] = cell(row.get(s))
				has = has || vals[i] != ""
			}
			if !has {
				continue
			}
			fmt.Fprintf(tw, "  %s", row.name)
			for _, v := range vals {
				if v == "" {
					v = "-"
				}
				fmt.Fprintf(tw, "\t%s", v)
			}
			fmt.Fprintln(tw)
		}
		tw.Flush()
	}
	msgs := make([]string, len(im.Warnings))
	for i, wn := range im.Warnings {
		msgs[i] = wn.Message
	}
	for _, m := range collapseRepeats(msgs) {
		fmt.Fprintf(b, "  %s %s\n", p.yellow("warning:"), termSafe(m))
	}
}
