package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/captag/captag/metadata/desk"
	"github.com/spf13/pflag"
)

// outputFlags are check's and match's -o and --thumbs.
type outputFlags struct {
	output string
	thumbs bool
}

func (o *outputFlags) add(fs *pflag.FlagSet) {
	fs.StringVarP(&o.output, "output", "o", "", "write the report to `FILE` instead of standard output (written to a temporary file beside it, then renamed; never over an image or another file the run reads)")
	fs.BoolVar(&o.thumbs, "thumbs", true, "with --format html, a thumbnail on each card (--thumbs=false for a text-only page)")
}

// commandLine is the command that made a report, for its header: the
// words as given, quoted where a shell would need it.
func commandLine(name string, args []string) string {
	words := []string{"captag", name}
	for _, a := range args {
		if a == "" || strings.ContainsAny(a, " \t\n'\"\\$`!*?[]{}()<>|&;#~") {
			a = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
		}
		words = append(words, a)
	}
	return strings.Join(words, " ")
}

// reportWriter is where a report goes: stdout, or the -o file
// (desk.ReportFile: written beside it and renamed over it when complete,
// never over a file the run reads).
type reportWriter struct {
	w    io.Writer
	name string           // the command, for the messages
	file *desk.ReportFile // nil for stdout
}

// openReport says where the report goes: nothing is created yet (start
// does it). A -o path that is a folder, a special file, or one of files
// is refused.
func openReport(e *env, name, path string, files ...desk.ReportInput) (*reportWriter, error) {
	if path == "" || path == "-" {
		return &reportWriter{w: e.stdout, name: name}, nil
	}
	r := &reportWriter{name: name, file: &desk.ReportFile{Path: path, Inputs: files, BeforeReplace: e.beforeReport}}
	if err := r.file.Check(); err != nil {
		return nil, r.wrap(err)
	}
	return r, nil
}

// captionInputs are the files the caption flags make the run read: the
// caption file, or standard input when it is a file (captag check -c -
// -o captions.txt < captions.txt would replace the captions).
func captionInputs(e *env, jf *jobFlags) []desk.ReportInput {
	if jf.captions != "-" {
		return []desk.ReportInput{{What: "the caption file " + jf.captions, Path: jf.captions}}
	}
	if f, ok := e.stdin.(*os.File); ok {
		if st, err := f.Stat(); err == nil && st.Mode().IsRegular() {
			return []desk.ReportInput{{What: "the caption file read from standard input", Info: st}}
		}
	}
	return nil
}

// start creates the -o file's temporary file, once the job has listed
// its files: the -o path must be none of them.
func (r *reportWriter) start(job *desk.Job) error {
	if r.file == nil {
		return nil
	}
	w, err := r.file.Start(job)
	if err != nil {
		return r.wrap(err)
	}
	r.w = w
	return nil
}

// close puts the report in place when ok, or removes it (desk.ReportFile.Close).
func (r *reportWriter) close(ok bool) error {
	if r.file == nil {
		return nil
	}
	return r.wrap(r.file.Close(ok))
}

// wrap words an error of the -o file as the user gave it: "check: -o
// PATH: ...".
func (r *reportWriter) wrap(err error) error {
	var pe *desk.ReportPathError
	switch {
	case err == nil:
		return nil
	case errors.As(err, &pe):
		return fmt.Errorf("%s: -o %s: %v", r.name, pe.Path, err)
	}
	return fmt.Errorf("%s: %v", r.name, err)
}
