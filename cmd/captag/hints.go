package main

import "github.com/captag/captag/metadata/check"

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
