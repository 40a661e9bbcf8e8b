package main

import "github.com/captag/captag/metadata/desk"

// The exit codes of a job that ran to its end, one function per command
// (match, check, write), so that what makes a run exit 1 or 2 is read in
// one place; what stops a run before its end (usage, unreadable input:
// exitCannotRun; an interrupt: exitInterrupted) is decided where it
// happens. Each command's --help lists these codes in words.

// matchExit: exitProblems when a caption or an image is left unmatched.
func matchExit(out *desk.MatchReport) int {
	if len(out.UnmatchedRecords)+len(out.UnmatchedImages) > 0 {
		return exitProblems
	}
	return exitOK
}

// checkExit: exitProblems on an error finding, or a warning when failOn
// is "warning".
func checkExit(rep *desk.CheckReport, failOn string) int {
	if rep.Summary.Errors > 0 || (failOn == "warning" && rep.Summary.Warnings > 0) {
		return exitProblems
	}
	return exitOK
}

// writeExit: exitCannotRun when a sidecar or an image could not be
// written; else exitProblems when something was left undone (a caption or
// an image unmatched, a file unread, a sidecar left alone, a JPEG refused).
func writeExit(job *desk.Job, rep *desk.WriteReport) int {
	plan := job.Plan()
	undone := len(plan.UnmatchedRecords)+len(plan.UnmatchedImages)+len(job.Unreadable()) > 0
	for _, t := range rep.Results {
		switch {
		case t.Status == desk.Failed, t.Embed != nil && t.Embed.Status == desk.EmbedFailed:
			return exitCannotRun
		case t.Status == desk.Skipped, t.Embed != nil && t.Embed.Status == desk.Refused:
			undone = true
		}
	}
	if undone {
		return exitProblems
	}
	return exitOK
}
