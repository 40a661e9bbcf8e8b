package check

import (
	"io"

	"github.com/captag/captag/metadata/names"
)

// Aliases is a table of agency names that mean the same agency
// (names.Aliases: the built-in table and a desk's own file).
type Aliases = names.Aliases

// AliasError is a line of an aliases file that could not be used
// (names.AliasError).
type AliasError = names.AliasError

// DefaultAliases returns the built-in agency table (names.DefaultAliases).
func DefaultAliases() *Aliases { return names.DefaultAliases() }

// LoadAliases reads an aliases table and returns base extended by it
// (names.LoadAliases).
func LoadAliases(r io.Reader, base *Aliases) (*Aliases, error) { return names.LoadAliases(r, base) }
