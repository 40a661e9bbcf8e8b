package report

import (
	"context"
	"errors"
	"fmt"

	"github.com/captag/captag/metadata/caption"
	"github.com/captag/captag/metadata/desk"
)

// CaptionInputFormats are the caption file formats a caller offers its
// user (caption.Format), "auto" first.
func CaptionInputFormats() []string {
	return []string{"auto", "text", "csv", "json", "jsonl", "newsml"}
}

// CaptionEncodings are the caption file encodings a caller offers
// (caption.Encodings).
func CaptionEncodings() []string {
	out := make([]string, len(caption.Encodings))
	for i, e := range caption.Encodings {
		out[i] = string(e)
	}
	return out
}

// LoadCaptions reads one caption file (desk.LoadCaptions) and tells note
// its notes (CaptionNotes, the file named as name) once. The error, when
// there is one, names the file, worded for the user: a
// *caption.ParseError as it is, any other "cannot read the caption
// file: …"; after a cancelled ctx it is ctx's. A source of neither a
// path nor a reader (a job with a caption file per folder, which loads
// its own) has no records and no error.
func LoadCaptions(ctx context.Context, src desk.CaptionSource, name string, note func([]Note)) ([]caption.Record, error) {
	res, err := loadCaptions(ctx, src, name, note, desk.LoadCaptions)
	return res.Records, err
}

// LoadCaptionStore is LoadCaptions with the records in a caption.Store
// (desk.LoadCaptionStore), as a job keeps them; nil when there are none.
func LoadCaptionStore(ctx context.Context, src desk.CaptionSource, name string, note func([]Note)) (*caption.Store, error) {
	res, err := loadCaptions(ctx, src, name, note, desk.LoadCaptionStore)
	return res.Store, err
}

func loadCaptions(ctx context.Context, src desk.CaptionSource, name string, note func([]Note),
	load func(context.Context, desk.CaptionSource) (caption.Result, error)) (caption.Result, error) {
	if src.Path == "" && src.Reader == nil {
		return caption.Result{}, nil
	}
	res, err := load(ctx, src)
	if ctx.Err() != nil {
		return caption.Result{}, ctx.Err()
	}
	note(CaptionNotes(name, src.Encoding, res))
	var pe *caption.ParseError
	if err != nil && !errors.As(err, &pe) {
		err = fmt.Errorf("cannot read the caption file: %w", err)
	}
	return res, err
}

// LoadCaptionFiles reads each caption file in turn (LoadCaptions) into
// a report (captag captions); names are how messages name them. fail is
// told each file that could not be read, and failed says whether one
// was. A cancelled ctx stops it with ctx's error.
func LoadCaptionFiles(ctx context.Context, srcs []desk.CaptionSource, names []string, note func([]Note), fail func(error)) (rep *CaptionsReport, failed bool, err error) {
	rep = &CaptionsReport{}
	for i, src := range srcs {
		if ctx.Err() != nil {
			return nil, false, ctx.Err()
		}
		recs, err := LoadCaptions(ctx, src, names[i], note)
		if ctx.Err() != nil {
			return nil, false, ctx.Err()
		}
		if err != nil {
			fail(err)
			failed = true
		}
		rep.Files = append(rep.Files, CaptionFile{Name: src.Path, Records: recs})
	}
	return rep, failed, nil
}

// LoadedNotes is a desk.Options.Loaded that tells note the notes of each
// caption file a job loads itself (CaptionNotes).
func LoadedNotes(note func([]Note)) func(desk.CaptionSource, caption.Result) {
	return func(src desk.CaptionSource, res caption.Result) { note(CaptionNotes(src.Path, src.Encoding, res)) }
}
