package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

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

// imageMagic are the first bytes of the files captag reads as images (and
// of other pictures): -o refuses to replace such a file.
var imageMagic = [][]byte{
	{0xFF, 0xD8, 0xFF},             // JPEG
	[]byte("\x89PNG\r\n\x1a\n"),    // PNG
	[]byte("II*\x00"),              // TIFF, DNG, most raw files
	[]byte("MM\x00*"),              // TIFF big-endian
	[]byte("IIRO"), []byte("IIRS"), // Olympus ORF
	[]byte("IIU\x00"),  // Panasonic RW2
	[]byte("FUJIFILM"), // RAF
	[]byte("GIF8"),
	[]byte("8BPS"), // PSD
}

// looksLikeImage reports whether the file at path starts as a picture
// does (RIFF WebP, ISO-BMFF HEIC/AVIF included).
func looksLikeImage(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	head := make([]byte, 12)
	n, _ := io.ReadFull(f, head)
	head = head[:n]
	for _, m := range imageMagic {
		if bytes.HasPrefix(head, m) {
			return true
		}
	}
	return len(head) == 12 && (string(head[:4]) == "RIFF" && string(head[8:12]) == "WEBP" || string(head[4:8]) == "ftyp")
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
		case looksLikeImage(path):
			return nil, fmt.Errorf("%s: -o %s: expected a report file, found a picture; captag never writes over an image", name, path)
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
