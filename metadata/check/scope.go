package check

import "strings"

// ImageNames is a set of images by name, to tell whether a record's file
// name could name one of them: its base name, else its stem, compared as
// Match compares them (case-insensitively, either side's extension
// optional), whatever folder either is in.
type ImageNames struct {
	byBase, byStem map[string]bool
}

// NewImageNames indexes the images at paths.
func NewImageNames(paths []string) *ImageNames {
	n := &ImageNames{byBase: make(map[string]bool, len(paths)), byStem: make(map[string]bool, len(paths))}
	for _, p := range paths {
		base := baseNameOf(p)
		if base == "" {
			continue
		}
		n.byBase[base] = true
		n.byStem[stem(base)] = true
	}
	return n
}

// Names reports whether file (a record's File) could name one of the
// images; a name with a ".." component names none.
func (n *ImageNames) Names(file string) bool {
	base := baseNameOf(strings.TrimSpace(file))
	if base == "" {
		return false
	}
	return n.byBase[base] || n.byStem[base] || n.byStem[stem(base)]
}
