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
	members := [...]struct {
		f field.ID
		v *string
	}{
		{field.Description, &s.Description}, {field.Headline, &s.Headline}, {field.Title, &s.Title},
		{field.City, &s.City}, {field.Region, &s.Region}, {field.Country, &s.Country},
		{field.CountryCode, &s.CountryCode}, {field.Sublocation, &s.Sublocation},
		{field.Credit, &s.Credit}, {field.Source, &s.Source}, {field.Copyright, &s.Copyright},
	}
	for _, m := range members {
		if m.f == f {
			return m.v
		}
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
