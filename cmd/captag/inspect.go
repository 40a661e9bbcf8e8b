package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
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
	files, walkErrs := sc.scan(ctx, args)
	prog.finish()
	if ctx.Err() != nil {
		return exitInterrupted
	}
	for _, we := range walkErrs {
		files = append(files, scanned{path: we.path, explicit: true, err: we.err})
	}
	sortScanned(files)

	code := exitOK
	for _, f := range files {
		if f.err != nil && (f.explicit || !f.unsupported()) {
			code = exitProblems
		}
	}
	if format == "json" {
		b := bufio.NewWriter(e.stdout)
		err := writeJSONArray(b, "", len(files), func(i int) any { return newInspectJSON(files[i]) })
		if err == nil {
			err = b.WriteByte('\n')
		}
		if err == nil {
			err = b.Flush()
		}
		if err != nil {
			e.errorf("inspect: writing the report: %v", err)
			return exitCannotRun
		}
		return code
	}
	writeInspectText(e.stdout, palette{e.useColour()}, files)
	return code
}

func sortScanned(files []scanned) {
	sort.SliceStable(files, func(i, j int) bool { return files[i].path < files[j].path })
}

// inspectJSON is one file in `captag inspect --format json`.
type inspectJSON struct {
	Path     string     `json:"path"`
	Format   string     `json:"format"`
	EXIF     *storeJSON `json:"exif,omitempty"`
	IPTC     *storeJSON `json:"iptc,omitempty"`
	XMP      *storeJSON `json:"xmp,omitempty"`
	Sidecar  *storeJSON `json:"sidecar,omitempty"`
	Warnings []string   `json:"warnings"`
	Error    string     `json:"error,omitempty"`
}

// storeJSON is one store: only the keys that have values.
type storeJSON struct {
	Date        string   `json:"date,omitempty"`
	Creators    []string `json:"creators,omitempty"`
	Credit      string   `json:"credit,omitempty"`
	Source      string   `json:"source,omitempty"`
	Copyright   string   `json:"copyright,omitempty"`
	Description string   `json:"description,omitempty"`
	Headline    string   `json:"headline,omitempty"`
	Title       string   `json:"title,omitempty"`
	Keywords    []string `json:"keywords,omitempty"`
	City        string   `json:"city,omitempty"`
	Sublocation string   `json:"sublocation,omitempty"`
	Region      string   `json:"region,omitempty"`
	Country     string   `json:"country,omitempty"`
	CountryCode string   `json:"country_code,omitempty"`
	Charset     string   `json:"charset,omitempty"`
}

func newStoreJSON(s *metadata.Store) *storeJSON {
	if s == nil {
		return nil
	}
	j := &storeJSON{
		Creators: s.Creators, Credit: s.Credit, Source: s.Source, Copyright: s.Copyright,
		Description: s.Description, Headline: s.Headline, Title: s.Title, Keywords: s.Keywords,
		City: s.City, Sublocation: s.Sublocation, Region: s.Region, Country: s.Country,
		CountryCode: s.CountryCode, Charset: s.Charset,
	}
	if !s.Date.IsZero() {
		j.Date = s.Date.String()
	}
	return j
}

func newInspectJSON(f scanned) inspectJSON {
	j := inspectJSON{Path: f.path, Warnings: []string{}}
	if f.err != nil {
		j.Error = f.err.Error()
		if ue, ok := f.err.(*metadata.UnsupportedError); ok {
			j.Format = ue.Format
		}
		return j
	}
	im := f.img
	j.Format = im.Format
	j.EXIF, j.IPTC, j.XMP, j.Sidecar = newStoreJSON(im.EXIF), newStoreJSON(im.IPTC), newStoreJSON(im.XMP), newStoreJSON(im.Sidecar)
	for _, w := range im.Warnings {
		j.Warnings = append(j.Warnings, w.Message)
	}
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
	s = strings.Join(strings.Fields(s), " ")
	if utf8.RuneCountInString(s) <= maxCellRunes {
		return s
	}
	r := []rune(s)
	return string(r[:maxCellRunes-1]) + "…"
}

// writeInspectText writes one block per file: a header line, then a
// table with a row per field and a column per store, then warnings.
func writeInspectText(w io.Writer, p palette, files []scanned) {
	b := bufio.NewWriter(w)
	defer b.Flush()
	var nread, nunsupported, nfailed int
	for _, f := range files {
		if f.err != nil {
			if f.unsupported() {
				nunsupported++
				fmt.Fprintf(b, "%s  %s\n", p.bold(f.path), p.yellow(f.err.Error()))
			} else {
				nfailed++
				fmt.Fprintf(b, "%s  %s\n", p.bold(f.path), p.red("error: "+f.err.Error()))
			}
			continue
		}
		nread++
		im := f.img
		fmt.Fprintf(b, "%s  %s\n", p.bold(f.path), im.Format)
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
		for _, wn := range im.Warnings {
			fmt.Fprintf(b, "  %s %s\n", p.yellow("warning:"), wn.Message)
		}
	}
	fmt.Fprintf(b, "%s: %d read, %d unsupported, %d could not be read\n", plural(len(files), "file"), nread, nunsupported, nfailed)
}
