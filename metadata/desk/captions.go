package desk

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/captag/captag/metadata/caption"
	"github.com/captag/captag/metadata/check"
)

// CaptionSource is where a job's captions come from: a file, or a reader
// (standard input, an upload).
type CaptionSource struct {
	// Path is the caption file; it is not read when Reader is set.
	Path string
	// Reader is the caption text, read to its end.
	Reader io.Reader
	// Name names the source in the records' errors and in the notes;
	// Path when empty.
	Name string
	// Format and Encoding are caption.Options': empty or "auto" detects
	// them.
	Format   caption.Format
	Encoding caption.Encoding
	// Year is used for captions that state no year; 0 leaves it to the
	// caption body, else to the paired image (check.InferYear).
	Year int
	// Aliases are the agencies the credits may name beyond the built-in
	// table (caption.Options.Aliases); give the table the check compares
	// with, so that parsing and comparing know the same agencies. nil is
	// the built-in table.
	Aliases *check.Aliases
}

// LoadCaptions parses the caption source. The result's Notes (columns
// skipped, the encoding guessed) are the file's, once each; the records
// are those parsed before an error too. An error names the file: a
// *caption.ParseError when the text is not a caption file, else the I/O
// error. A cancelled ctx stops it at once, even while a read blocks (a
// terminal or a pipe that never sends anything; that read is left to end
// with the process): the error is then ctx's.
func LoadCaptions(ctx context.Context, src CaptionSource) (caption.Result, error) {
	return loadCaptions(ctx, src, false)
}

// LoadCaptionStore is LoadCaptions with the records in the result's Store
// (caption.Options.Compact), as a job keeps them.
func LoadCaptionStore(ctx context.Context, src CaptionSource) (caption.Result, error) {
	return loadCaptions(ctx, src, true)
}

func loadCaptions(ctx context.Context, src CaptionSource, compact bool) (caption.Result, error) {
	r, name := src.Reader, src.Name
	if name == "" {
		name = src.Path
	}
	if r == nil {
		if src.Path == "" {
			return caption.Result{}, errors.New("desk: expected a caption file or reader, found neither")
		}
		f, err := os.Open(src.Path)
		if err != nil {
			return caption.Result{}, err
		}
		defer f.Close()
		if st, err := f.Stat(); err == nil && st.IsDir() {
			return caption.Result{}, fmt.Errorf("%s: expected a caption file, found a folder", src.Path)
		}
		r = f
	}
	opt := caption.Options{Format: src.Format, Encoding: src.Encoding, Year: src.Year, Name: name, Aliases: src.Aliases, Compact: compact}
	type parsed struct {
		res caption.Result
		err error
	}
	done := make(chan parsed, 1)
	go func() {
		res, err := caption.ParseFileContext(ctx, r, opt)
		done <- parsed{res, err}
	}()
	select {
	case p := <-done:
		return p.res, p.err
	case <-ctx.Done():
		return caption.Result{}, ctx.Err()
	}
}
