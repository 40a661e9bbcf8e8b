package desk

import (
	"context"
	"encoding/json"
	"io"
	"os"
	"strings"

	"github.com/captag/captag/metadata/caption"
)

// Outcome is how a run that got to its end went, in the terms of a gate:
// what a caller turns into its exit status (cmd/captag) or its answer.
// What stops a run before its end (options that cannot work, an
// unreadable caption file, a cancelled context) is an error instead.
type Outcome int

const (
	// OutcomeClean: done, nothing to report.
	OutcomeClean Outcome = iota
	// OutcomeProblems: done, but the report names something wrong or
	// left undone.
	OutcomeProblems
	// OutcomeFailed: something could not be done (a sidecar or an image
	// could not be written).
	OutcomeFailed
)

// Outcome: OutcomeProblems when a caption or an image is left unmatched
// (an image that could not be read included).
func (out *MatchReport) Outcome() Outcome {
	if len(out.UnmatchedRecords)+len(out.UnmatchedImages) > 0 {
		return OutcomeProblems
	}
	return OutcomeClean
}

// Outcome: OutcomeProblems on an error finding, or on a warning when
// failOnWarning.
func (rep *CheckReport) Outcome(failOnWarning bool) Outcome {
	if rep.Summary.Errors > 0 || (failOnWarning && rep.Summary.Warnings > 0) {
		return OutcomeProblems
	}
	return OutcomeClean
}

// Outcome: OutcomeFailed when a sidecar or an image could not be written;
// else OutcomeProblems when something was left undone (a caption or an
// image unmatched, a file unread, a sidecar left alone, a JPEG refused).
// A format not embedded and an IIM value cut do not count.
func (rep *WriteReport) Outcome() Outcome {
	plan := rep.job.Plan()
	undone := len(plan.UnmatchedRecords)+len(plan.UnmatchedImages)+len(rep.job.Unreadable()) > 0
	for _, t := range rep.Results {
		switch {
		case t.Status == Failed, t.Embed != nil && t.Embed.Status == EmbedFailed:
			return OutcomeFailed
		case t.Status == Skipped, t.Embed != nil && t.Embed.Status == Refused:
			undone = true
		}
	}
	if undone {
		return OutcomeProblems
	}
	return OutcomeClean
}

// Outcome: OutcomeProblems when a file could not be read (Failed).
func (r *InspectReport) Outcome() Outcome {
	if r.Failed() {
		return OutcomeProblems
	}
	return OutcomeClean
}

// CaptionsReport is what caption files hold, file by file (captag
// captions): the records as parsed, each with its problems.
type CaptionsReport struct {
	Files []CaptionFile
}

var _ Report = (*CaptionsReport)(nil)

// Formats: text, json.
func (rep *CaptionsReport) Formats() []Format { return []Format{FormatText, FormatJSON} }

// Render writes the records in o.Format: the text for people
// (WriteCaptionsText, through SafeWriter), or the records of every file
// as one JSON array.
func (rep *CaptionsReport) Render(_ context.Context, w io.Writer, o RenderOptions) error {
	switch formatOf(rep, o) {
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
		return WriteCaptionsText(SafeWriter(w), rep.Files, o.Text)
	}
	return formatError(rep, o.Format)
}

// Outcome: OutcomeProblems when a record has an error-level problem.
func (rep *CaptionsReport) Outcome() Outcome {
	for _, f := range rep.Files {
		for _, r := range f.Records {
			if r.HasError() {
				return OutcomeProblems
			}
		}
	}
	return OutcomeClean
}

// EncodingDoubt reports whether the caption file's encoding was guessed
// (a note says "read as …") and whether some record lost characters to
// U+FFFD: then the file's encoding may need to be said.
func EncodingDoubt(res caption.Result) (guessed, lost bool) {
	for _, n := range res.Notes {
		guessed = guessed || strings.HasPrefix(n, "read as ")
	}
	for _, r := range res.Records {
		lost = lost || r.ReplacementField() != ""
	}
	return guessed, lost
}

// ReportInputs are the files src makes a run read, for ReportFile.Inputs:
// the caption file, or its Reader when that is a regular file (standard
// input redirected from a file: a report over it would replace the
// captions).
func (src CaptionSource) ReportInputs() []ReportInput {
	if src.Reader == nil {
		return []ReportInput{{What: "the caption file " + src.Path, Path: src.Path}}
	}
	if f, ok := src.Reader.(*os.File); ok {
		if st, err := f.Stat(); err == nil && st.Mode().IsRegular() {
			return []ReportInput{{What: "the caption file read from standard input", Info: st}}
		}
	}
	return nil
}
