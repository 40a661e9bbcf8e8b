package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/captag/captag/metadata"
	"github.com/spf13/pflag"
)

// outputFlags are check's and match's -o and --thumbs.
type outputFlags struct {
	output string
	thumbs bool
}

func (o *outputFlags) add(fs *pflag.FlagSet) {
	fs.StringVarP(&o.output, "output", "o", "", "write the report to `FILE` instead of standard output (written to a temporary file beside it, then renamed; never over an image)")
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
// old one.
type reportWriter struct {
	w    io.Writer
	path string   // "" for stdout
	tmp  *os.File // the temporary file, with path
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

// openReport opens where the report goes. A -o path that is a folder, a
// special file or a picture is refused: nothing is written.
func openReport(e *env, name, path string) (*reportWriter, error) {
	if path == "" || path == "-" {
		return &reportWriter{w: e.stdout}, nil
	}
	if st, err := os.Stat(path); err == nil {
		switch {
		case !st.Mode().IsRegular():
			return nil, fmt.Errorf("%s: -o %s: expected a new or regular file, found %s", name, path, describeMode(st.Mode()))
		}
		switch format := knownFile(path); format {
		case "":
		case "xmp", "exv":
			return nil, fmt.Errorf("%s: -o %s: expected a report file, found a metadata sidecar (%s); captag never writes a report over one", name, path, format)
		case "pdf", "avi", "wav", "mov", "mp4", "m4a":
			return nil, fmt.Errorf("%s: -o %s: expected a report file, found a %s file; captag never writes a report over a file it recognises", name, path, format)
		default:
			return nil, fmt.Errorf("%s: -o %s: expected a report file, found a picture (%s); captag never writes over an image", name, path, format)
		}
	} else if !errors.Is(err, os.ErrNotExist) {
		return nil, fmt.Errorf("%s: -o %s: %v", name, path, err)
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return nil, fmt.Errorf("%s: -o %s: cannot create a temporary file beside it: %v", name, path, err)
	}
	return &reportWriter{w: tmp, path: path, tmp: tmp}, nil
}

func describeMode(m os.FileMode) string {
	if m.IsDir() {
		return "a folder"
	}
	return "a special file (" + m.Type().String() + ")"
}

// close finishes the report: with -o, the temporary file is synced and
// renamed over path when ok, else removed.
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
	if !ok || err != nil {
		os.Remove(tmp)
		return err
	}
	if err := os.Rename(tmp, r.path); err != nil {
		os.Remove(tmp)
		return err
	}
	return nil
}
