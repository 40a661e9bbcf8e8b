package main

import (
	"github.com/captag/captag/metadata/check"
	"github.com/captag/captag/metadata/desk/report"
)

// reasonHints are what captag adds to a reason the library gives with a
// code (desk.Options.Hints): the flag that would change it. The library's
// wording names no flag; this table is the one place that does.
var reasonHints = map[check.ReasonCode]string{
	check.ReasonOrderUnknown:    "; say --caption-order",
	check.ReasonBaseName:        ": use --by name to pair by base name",
	check.ReasonOrderNotGiven:   " without --caption-order",
	check.ReasonReplacementChar: " (say the file's encoding with --encoding, or fix the file)",
	check.ReasonOrderGiven:      "--caption-order",
	check.ReasonStrategyOrder:   " (--by order)",
}

// strategyHints are the next step when the --by strategy cannot work on
// the inputs (a check.MatchError).
var strategyHints = map[check.Strategy]string{
	check.StrategyName:  "every caption must name its file for --by name; try --by auto",
	check.StrategyOrder: "--by order needs one caption per image; try --by auto",
}

// noteWords are what captag says with a note of the code (report.Note):
// a suffix to its line, and a hint once after the last of them.
var noteWords = map[report.NoteCode]struct{ suffix, hint string }{
	report.NoteSameFile:        {hint: "if the later caption is a correction, --latest uses the last caption that names an image and reports the others superseded"},
	report.NoteCollision:       {hint: "different pictures with one name need --sidecar-name ext (IMG_1.CR2.xmp, IMG_1.JPG.xmp)"},
	report.NotePartial:         {hint: "--accept creator,date writes pairs by photographer or date alone too, marked \"accepted\" in the report; check them first with captag match --explain"},
	report.NoteGuessed:         {suffix: "; say --caption-order newest-first or oldest-first if the caption file runs that way"},
	report.NoteEncodingGuessed: {suffix: ", say it with --encoding (windows-1252, utf-8, utf-16, …)"},
	report.NoteEncodingLost:    {suffix: "; say its encoding with --encoding"},
}
