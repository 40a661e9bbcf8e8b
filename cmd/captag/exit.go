package main

import "github.com/captag/captag/metadata/desk"

// Exit codes, listed under EXIT STATUS in every command's help.
const (
	exitOK          = 0   // done, nothing to report
	exitProblems    = 1   // done, but problems were found
	exitCannotRun   = 2   // usage error or unreadable input: the job was not done
	exitInterrupted = 130 // Ctrl-C (SIGINT) or SIGTERM
)

// exitCode is the exit status of a job that ran to its end: what makes
// it exit 1 or 2 is each report's Outcome (desk), this is the one switch
// from that to the codes. What stops a run before its end (usage,
// unreadable input: exitCannotRun; an interrupt: exitInterrupted) is
// decided where it happens.
func exitCode(o desk.Outcome) int {
	switch o {
	case desk.OutcomeClean:
		return exitOK
	case desk.OutcomeProblems:
		return exitProblems
	}
	return exitCannotRun
}
