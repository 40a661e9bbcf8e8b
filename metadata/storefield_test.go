package metadata

import (
	"testing"

	"github.com/captag/captag/metadata/field"
)

// The EXIF reader's tag numbers (exifguard.go) are the field table's.
func TestEXIFTagsAreTheTables(t *testing.T) {
	for _, c := range []struct {
		f   field.ID
		tag uint16
	}{
		{field.Description, tagImageDescription},
		{field.Creator, tagArtist},
		{field.Copyright, tagCopyright},
		{field.DateCreated, tagDateTimeOriginal},
	} {
		if got := c.f.EXIF().Number; got != c.tag {
			t.Errorf("%v: the table's EXIF tag is %#04x, the reader's %#04x", c.f, got, c.tag)
		}
		if got := exifTagNames[c.tag]; got != "" && got != c.f.EXIF().Name {
			t.Errorf("%v: the table names tag %#04x %q, the reader %q", c.f, c.tag, c.f.EXIF().Name, got)
		}
	}
}

// Every field a Store keeps has a member, and Text reads it.
func TestStoreText(t *testing.T) {
	s := &Store{Creators: []string{"A", "B"}, Keywords: []string{"k"}, Credit: "AFP", Sublocation: "Old City"}
	for _, c := range []struct {
		f    field.ID
		want string
		kept bool
	}{
		{field.Creator, "A; B", true},
		{field.Keywords, "k", true},
		{field.Credit, "AFP", true},
		{field.Sublocation, "Old City", true},
		{field.Description, "", true},
		{field.Instructions, "", false},
		{field.DateCreated, "", false},
		{field.None, "", false},
	} {
		if got := s.Text(c.f); got != c.want {
			t.Errorf("Text(%v) = %q, want %q", c.f, got, c.want)
		}
		if got := Keeps(c.f); got != c.kept {
			t.Errorf("Keeps(%v) = %v, want %v", c.f, got, c.kept)
		}
	}
	if (*Store)(nil).Text(field.Credit) != "" {
		t.Error("a nil Store has a Credit")
	}
	// Every field the IIM reader keeps reads back by its dataset.
	for _, r := range field.All() {
		if f, ok := iimReads(r.IIM.Number); r.IIM.Record == 2 && ok != (Keeps(r.ID) || r.ID == field.DateCreated || r.ID == field.TimeCreated) || ok && f != r.ID {
			t.Errorf("iimReads(%d) = %v, %v for %v", r.IIM.Number, f, ok, r.ID)
		}
	}
}
