package report

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/captag/captag/metadata"
	"github.com/captag/captag/metadata/desk"
)

// Output is a report written to a file: to a temporary file in the
// same folder, renamed over Path when complete, so that a reader never
// sees half a report and a failed run leaves the old one. Path is never a
// file the run reads (refuse): one of Inputs, one the job lists, a
// picture, a sidecar or another file captag knows by its first bytes.
// With Path "" the report goes to Out as it is written (a caller's
// standard output), and Check, Start and Close have nothing to do.
type Output struct {
	Path string
	Out  io.Writer
	// Inputs are the run's files known before the job (the caption
	// file, an aliases file); Start gives the job's.
	Inputs []Input
	// BeforeReplace, when set, runs once the report is complete in its
	// temporary file, just before it replaces Path (a test makes Path a
	// file the run reads meanwhile).
	BeforeReplace func(path string)

	job *desk.Job
	tmp *os.File
}

// Input is a file the run reads that is not the job's: how the
// message names it, and its path ("" for standard input, then Info).
type Input struct {
	What, Path string
	Info       os.FileInfo
}

// PathError is why a report may not go to (or be made beside) Path.
// Its message does not name Path: the caller names it, as its user gave
// it.
type PathError struct {
	Path string
	msg  string
}

func (e *PathError) Error() string { return e.msg }

// WriteError is a report that could not be finished in Path.
type WriteError struct {
	Path string
	Err  error
}

func (e *WriteError) Error() string {
	return fmt.Sprintf("writing the report to %s: %v", e.Path, e.Err)
}

func (e *WriteError) Unwrap() error { return e.Err }

// Check says why the report must not go to Path as it is now (before the
// job: only Inputs are known), or nil. Nothing is created.
func (r *Output) Check() error {
	if r.Path == "" {
		return nil
	}
	return r.refuse(false)
}

// Start creates the temporary file, once the job has listed its files:
// Path must be none of them. Nothing is written before. With Path "" it
// returns Out.
func (r *Output) Start(job *desk.Job) (io.Writer, error) {
	if r.Path == "" {
		return r.Out, nil
	}
	r.job = job
	if err := r.refuse(true); err != nil {
		return nil, err
	}
	tmp, err := os.CreateTemp(filepath.Dir(r.Path), "."+filepath.Base(r.Path)+".*.tmp")
	if err != nil {
		return nil, &PathError{r.Path, fmt.Sprintf("cannot create a temporary file beside it: %v", err)}
	}
	r.tmp = tmp
	return tmp, nil
}

// knownFile names the format of the file at path when captag knows it
// (metadata.Sniff: a picture, a raw file, an XMP sidecar, a video…), ""
// when it does not or cannot read it: a report never replaces a known
// file.
func knownFile(path string) string {
	f, err := os.Open(path)
	if err != nil {
		return ""
	}
	defer f.Close()
	head := make([]byte, metadata.SniffLen)
	n, _ := io.ReadFull(f, head)
	if format := metadata.Sniff(head[:n]); format != "unknown" {
		return format
	}
	return ""
}

// refuse says why the report must not go to Path as it is now, or
// nil when it may: a folder or special file; a file the run reads (by
// identity, os.SameFile: another spelling of its path, a hard or symbolic
// link to it are the same file); with sniff, a file captag knows by its
// first bytes. A file found in a folder and not read yet counts only
// when captag knows it (or, for a sidecar, its picture) by its first
// bytes: the run skips a file it does not know (a report an earlier run
// wrote into the folder it checks). It is the one place Path is judged,
// before the job, once it has listed its files, and just before the
// report replaces the file.
func (r *Output) refuse(sniff bool) error {
	st, err := os.Stat(r.Path)
	switch {
	case errors.Is(err, os.ErrNotExist):
		return nil
	case err != nil:
		return &PathError{r.Path, err.Error()}
	case !st.Mode().IsRegular():
		return &PathError{r.Path, "expected a new or regular file, found " + describeMode(st.Mode())}
	}
	refused := func(what, path string) error {
		if path != "" && filepath.Clean(path) != filepath.Clean(r.Path) {
			what += " (the same file under another name)"
		}
		return &PathError{r.Path, "expected a report file, found " + what + "; captag never writes a report over a file it reads"}
	}
	for _, in := range r.Inputs {
		if in.Info != nil && os.SameFile(st, in.Info) || in.Path != "" && sameFile(st, in.Path) {
			return refused(in.What, in.Path)
		}
	}
	format := ""
	if sniff {
		format = knownFile(r.Path)
	}
	if r.job != nil {
		for in := range r.job.Inputs() {
			if in.Unread && in.SidecarOf == "" && format == "" || !sameFile(st, in.Path) {
				continue
			}
			if in.Unread && in.SidecarOf != "" && knownFile(in.SidecarOf) == "" {
				continue // the sidecar of a file the run will skip
			}
			what := in.Path + ", which this run reads"
			switch {
			case in.SidecarOf != "":
				what = in.Path + ", the sidecar of " + in.SidecarOf + ", which this run reads"
			case in.CaptionFile:
				what = in.Path + ", its folder's caption file, which this run reads"
			case in.Explicit:
				what = in.Path + ", named on the command line"
			}
			return refused(what, in.Path)
		}
	}
	switch format {
	case "":
	case "xmp", "exv":
		return &PathError{r.Path, "expected a report file, found a metadata sidecar (" + format + "); captag never writes a report over one"}
	case "pdf", "avi", "wav", "mov", "mp4", "m4a":
		return &PathError{r.Path, "expected a report file, found a " + format + " file; captag never writes a report over a file it recognises"}
	default:
		return &PathError{r.Path, "expected a report file, found a picture (" + format + "); captag never writes over an image"}
	}
	return nil
}

// sameFile reports whether path names the file st describes: the same
// device and inode, whatever the path's spelling or the links to it.
func sameFile(st os.FileInfo, path string) bool {
	other, err := os.Stat(path)
	return err == nil && os.SameFile(st, other)
}

func describeMode(m os.FileMode) string {
	if m.IsDir() {
		return "a folder"
	}
	return "a special file (" + m.Type().String() + ")"
}

// Close finishes the report: the temporary file is synced and, when ok
// and Path has not become a file the run reads meanwhile (refuse,
// again), renamed over it; else it is removed. A second Close does
// nothing.
func (r *Output) Close(ok bool) error {
	if r.tmp == nil {
		return nil
	}
	tmp := r.tmp.Name()
	err := r.tmp.Chmod(0o644)
	if err == nil && ok {
		err = r.tmp.Sync()
	}
	if cerr := r.tmp.Close(); err == nil {
		err = cerr
	}
	r.tmp = nil // closed: a second close does nothing
	if err != nil {
		err = &WriteError{r.Path, err}
	} else if ok {
		if r.BeforeReplace != nil {
			r.BeforeReplace(r.Path)
		}
		err = r.refuse(true)
	}
	if !ok || err != nil {
		os.Remove(tmp)
		return err
	}
	if err := os.Rename(tmp, r.Path); err != nil {
		os.Remove(tmp)
		return &WriteError{r.Path, err}
	}
	return nil
}

// Render writes rep (Render with o) to the report's place when the run
// reads no picture (captag merge): its temporary file is made (Start
// with no job), the report written and, when all of it was, put in
// place (Close); on any error nothing is left at Path.
func (r *Output) Render(ctx context.Context, rep any, o Options) error {
	w, err := r.Start(nil)
	if err == nil {
		err = Render(ctx, w, rep, o)
	}
	if cerr := r.Close(err == nil); err == nil {
		err = cerr
	}
	return err
}

// Inputs are the files at paths as inputs of a run (What: what, then the
// path), which no report may replace.
func Inputs(what string, paths []string) []Input {
	in := make([]Input, len(paths))
	for i, p := range paths {
		in[i] = Input{What: what + " " + p, Path: p}
	}
	return in
}
