package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/captag/captag/metadata"
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

// reportWriter is where a report goes: stdout, or the -o file, written to
// a temporary file in the same folder and renamed over it when complete,
// so that a reader never sees half a report and a failed run leaves the
// old one. The -o file is never one the run reads (refuse).
type reportWriter struct {
	w    io.Writer
	name string   // the command, for the messages
	path string   // "" for stdout
	tmp  *os.File // the temporary file, with path
	// files are the run's inputs known before the job (the caption file,
	// the aliases file); job gives the others once it has listed them.
	files []reportInput
	job   *desk.Job
	// before is the env's beforeReport.
	before func(path string)
}

// reportInput is a file the run reads that is not the job's: how the
// message names it, and its path ("" for standard input, then info).
type reportInput struct {
	what, path string
	info       os.FileInfo
}

// knownFile names the format of the file at path when captag knows it
// (metadata.Sniff: a picture, a raw file, an XMP sidecar, a video…), ""
// when it does not or cannot read it: -o never replaces a known file.
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

// openReport says where the report goes: nothing is created yet (start
// does it). A -o path that is a folder, a special file, or one of files
// is refused.
func openReport(e *env, name, path string, files ...reportInput) (*reportWriter, error) {
	if path == "" || path == "-" {
		return &reportWriter{w: e.stdout, name: name}, nil
	}
	r := &reportWriter{name: name, path: path, files: files, before: e.beforeReport}
	if err := r.refuse(false); err != nil {
		return nil, err
	}
	return r, nil
}

// captionInputs are the files the caption flags make the run read: the
// caption file, or standard input when it is a file (captag check -c -
// -o captions.txt < captions.txt would replace the captions).
func captionInputs(e *env, jf *jobFlags) []reportInput {
	if jf.captions != "-" {
		return []reportInput{{what: "the caption file " + jf.captions, path: jf.captions}}
	}
	if f, ok := e.stdin.(*os.File); ok {
		if st, err := f.Stat(); err == nil && st.Mode().IsRegular() {
			return []reportInput{{what: "the caption file read from standard input", info: st}}
		}
	}
	return nil
}

// start creates the temporary file, once the job has listed its files:
// the -o path must be none of them. Nothing is written before.
func (r *reportWriter) start(job *desk.Job) error {
	if r.path == "" {
		return nil
	}
	r.job = job
	if err := r.refuse(true); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(r.path), "."+filepath.Base(r.path)+".*.tmp")
	if err != nil {
		return fmt.Errorf("%s: -o %s: cannot create a temporary file beside it: %v", r.name, r.path, err)
	}
	r.w, r.tmp = tmp, tmp
	return nil
}

// refuse says why the report must not go to the -o path as it is now, or
// nil when it may: a folder or special file; a file the run reads (by
// identity, os.SameFile: another spelling of its path, a hard or symbolic
// link to it are the same file); with sniff, a file captag knows by its
// first bytes. A file found in a folder and not read yet counts only
// when captag knows it (or, for a sidecar, its picture) by its first
// bytes: the run skips a file it does not know (a report an earlier run
// wrote into the folder it checks). It is the one place -o is judged,
// before the job, once it has listed its files, and just before the
// report replaces the file.
func (r *reportWriter) refuse(sniff bool) error {
	st, err := os.Stat(r.path)
	switch {
	case errors.Is(err, os.ErrNotExist):
		return nil
	case err != nil:
		return fmt.Errorf("%s: -o %s: %v", r.name, r.path, err)
	case !st.Mode().IsRegular():
		return fmt.Errorf("%s: -o %s: expected a new or regular file, found %s", r.name, r.path, describeMode(st.Mode()))
	}
	refused := func(what, path string) error {
		if path != "" && filepath.Clean(path) != filepath.Clean(r.path) {
			what += " (the same file under another name)"
		}
		return fmt.Errorf("%s: -o %s: expected a report file, found %s; captag never writes a report over a file it reads", r.name, r.path, what)
	}
	for _, in := range r.files {
		if in.info != nil && os.SameFile(st, in.info) || in.path != "" && sameFile(st, in.path) {
			return refused(in.what, in.path)
		}
	}
	format := ""
	if sniff {
		format = knownFile(r.path)
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
			case in.Explicit:
				what = in.Path + ", named on the command line"
			}
			return refused(what, in.Path)
		}
	}
	switch format {
	case "":
	case "xmp", "exv":
		return fmt.Errorf("%s: -o %s: expected a report file, found a metadata sidecar (%s); captag never writes a report over one", r.name, r.path, format)
	case "pdf", "avi", "wav", "mov", "mp4", "m4a":
		return fmt.Errorf("%s: -o %s: expected a report file, found a %s file; captag never writes a report over a file it recognises", r.name, r.path, format)
	default:
		return fmt.Errorf("%s: -o %s: expected a report file, found a picture (%s); captag never writes over an image", r.name, r.path, format)
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

// close finishes the report: with -o, the temporary file is synced and,
// when ok and the -o path has not become a file the run reads meanwhile
// (refuse, again), renamed over it; else it is removed.
func (r *reportWriter) close(ok bool) error {
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
		err = fmt.Errorf("%s: writing the report to %s: %v", r.name, r.path, err)
	} else if ok {
		if r.before != nil {
			r.before(r.path)
		}
		err = r.refuse(true)
	}
	if !ok || err != nil {
		os.Remove(tmp)
		return err
	}
	if err := os.Rename(tmp, r.path); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("%s: writing the report to %s: %v", r.name, r.path, err)
	}
	return nil
}
