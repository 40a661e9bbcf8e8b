package check

// ReasonCode says which rule left a caption or an image unmatched (or, in
// metadata/desk, a caption unwritten) when something the caller can set
// would change it. The library words each reason without the caller's
// means (Unmatched.Reason); a caller names its own (cmd/captag its flags)
// by the code: a table code → hint, never by reading the wording.
type ReasonCode int

const (
	// ReasonOther is a reason no option changes: the wording is all.
	ReasonOther ReasonCode = iota
	// ReasonOrderUnknown: different captions fit the images alike and
	// the caption file's order is unknown; MatchOptions.CaptionOrder
	// would pair them.
	ReasonOrderUnknown
	// ReasonBaseName: the caption names a file in another folder whose
	// base name names one image; StrategyName pairs them by base name.
	ReasonBaseName
	// ReasonOrderNotGiven: a caption chosen by order among captions that
	// fit alike, not written until the caption file's order is given.
	ReasonOrderNotGiven
	// ReasonReplacementChar: a caption holds U+FFFD where its file's
	// encoding gave no character, not written until the encoding is given
	// or the file fixed.
	ReasonReplacementChar
	// ReasonOrderGiven: the caption file's order was given by the caller
	// (Plan.CaptionOrderGiven), not detected.
	ReasonOrderGiven
	// ReasonStrategyOrder: a pair made by StrategyOrder (the caller chose
	// it), in an explanation (ExplainKeys).
	ReasonStrategyOrder
)
