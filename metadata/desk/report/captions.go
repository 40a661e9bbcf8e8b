package report

import (
	"encoding/json"
	"io"
	"os"
	"strings"

	"github.com/captag/captag/metadata/caption"
	"github.com/captag/captag/metadata/desk"
)

// CaptionsReport is what caption files hold, file by file (captag
// captions): the records as parsed, each with its problems.
type CaptionsReport struct {
	Files []CaptionFile
}

// captionsRender writes the records in format f: the text for people
// (captionsText, through SafeWriter), or the records of every file as one
// JSON array.
func captionsRender(w io.Writer, rep *CaptionsReport, f Format, o TextOptions) error {
	switch f {
	case FormatJSON:
		all := []caption.Record{}
		for _, f := range rep.Files {
			all = append(all, f.Records...)
		}
		b, err := json.MarshalIndent(all, "", "  ")
		if err != nil {
			return err
		}
		_, err = w.Write(append(b, '\n'))
		return err
	case FormatText:
		return captionsText(SafeWriter(w), rep.Files, o)
	}
	return nil // f is one of Formats (Render)
}

// Outcome: OutcomeProblems when a record has an error-level problem.
func (rep *CaptionsReport) Outcome() desk.Outcome {
	for _, f := range rep.Files {
		for _, r := range f.Records {
			if r.HasError() {
				return desk.OutcomeProblems
			}
		}
	}
	return desk.OutcomeClean
}

// CaptionNotes are the notes of the caption file name as loaded with
// encoding (desk.LoadCaptions): its own notes (columns it skipped, the
// encoding it guessed), warnings once per file, never per record; then,
// when the encoding was guessed or a record holds U+FFFD, a hint that the
// file's encoding may need to be said.
func CaptionNotes(name string, encoding caption.Encoding, res caption.Result) []Note {
	var n []Note
	for _, m := range res.Notes {
		n = append(n, Note{LevelWarning, NoteCaptionFile, name + ": " + m})
	}
	switch guessed, lost := encodingDoubt(res); {
	case (guessed || lost) && encoding == caption.EncodingAuto:
		n = append(n, Note{LevelHint, NoteEncodingGuessed, "if captag guessed the encoding of " + name + " wrong"})
	case guessed || lost:
		n = append(n, Note{LevelHint, NoteEncodingLost, "records of " + name + " hold U+FFFD: the file may not be " + string(encoding)})
	}
	return n
}

// encodingDoubt reports whether the caption file's encoding was guessed
// (a note says "read as …") and whether some record lost characters to
// U+FFFD: then the file's encoding may need to be said.
func encodingDoubt(res caption.Result) (guessed, lost bool) {
	for _, n := range res.Notes {
		guessed = guessed || strings.HasPrefix(n, "read as ")
	}
	for _, r := range res.Records {
		lost = lost || r.ReplacementField() != ""
	}
	for i := range res.Store.Len() {
		lost = lost || res.Store.At(i).ReplacementField() != ""
	}
	return guessed, lost
}

// CaptionInputs are the files src makes a run read, for Output.Inputs:
// the caption file, or its Reader when that is a regular file (standard
// input redirected from a file: a report over it would replace the
// captions).
func CaptionInputs(src desk.CaptionSource) []Input {
	if src.Reader == nil {
		return []Input{{What: "the caption file " + src.Path, Path: src.Path}}
	}
	if f, ok := src.Reader.(*os.File); ok {
		if st, err := f.Stat(); err == nil && st.Mode().IsRegular() {
			return []Input{{What: "the caption file read from standard input", Info: st}}
		}
	}
	return nil
}
