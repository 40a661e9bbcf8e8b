package metadata

import (
	"strings"

	"github.com/captag/captag/metadata/field"
)

// The members of a Store that hold the fields of the field table: the one
// place that says which member is which field. The date (field.DateCreated
// and field.TimeCreated) is Store.Date, read and written apart.

// textOf is the member of s holding the one-value field f; nil when a
// Store keeps no such member.
func (s *Store) textOf(f field.ID) *string {
	switch f {
	case field.Description:
		return &s.Description
	case field.Headline:
		return &s.Headline
	case field.Title:
		return &s.Title
	case field.City:
		return &s.City
	case field.Region:
		return &s.Region
	case field.Country:
		return &s.Country
	case field.CountryCode:
		return &s.CountryCode
	case field.Sublocation:
		return &s.Sublocation
	case field.Credit:
		return &s.Credit
	case field.Source:
		return &s.Source
	case field.Copyright:
		return &s.Copyright
	}
	return nil
}

// listOf is the member of s holding the list field f; nil when a Store
// keeps no such member.
func (s *Store) listOf(f field.ID) *[]string {
	switch f {
	case field.Creator:
		return &s.Creators
	case field.Keywords:
		return &s.Keywords
	}
	return nil
}

// Keeps reports whether a Store keeps field f as text or a list (the
// date aside): what a read fills, and what a writer finds in a store.
func Keeps(f field.ID) bool {
	var s Store
	return s.textOf(f) != nil || s.listOf(f) != nil
}

// Text is the store's value of field f: a list joined with "; " (the MWG
// convention for EXIF Artist); "" when it has none or a Store does not
// keep f.
func (s *Store) Text(f field.ID) string {
	if s == nil {
		return ""
	}
	if p := s.textOf(f); p != nil {
		return *p
	}
	if p := s.listOf(f); p != nil {
		return strings.Join(*p, "; ")
	}
	return ""
}
