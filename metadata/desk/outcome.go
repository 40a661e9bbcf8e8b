package desk

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
