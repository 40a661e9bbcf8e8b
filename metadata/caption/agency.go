package caption

import "github.com/captag/captag/metadata/names"

// Agency is one agency of the built-in table (names.Agency).
type Agency = names.Agency

// LookupAgency returns the agency one of whose spellings is s
// (names.LookupAgency).
func LookupAgency(s string) (*Agency, bool) { return names.LookupAgency(s) }

// SourceCode reports whether s, a whole IIM Source value, is an agency's
// code, and whose (names.SourceCode).
func SourceCode(s string) (*Agency, bool) { return names.SourceCode(s) }

// Agencies returns the built-in table in its order (names.Agencies);
// read-only.
func Agencies() []*Agency { return names.Agencies() }
