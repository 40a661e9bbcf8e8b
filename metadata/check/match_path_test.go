package check

import (
	"slices"
	"strings"
	"testing"

	"github.com/captag/captag/metadata"
	"github.com/captag/captag/metadata/caption"
)

// TestMatchNamePaths: a file name with a directory matches only an image
// under that same relative path, and a name that leaves the folder
// matches nothing, so that a caption file cannot point captag at a file
// of the same name elsewhere.
func TestMatchNamePaths(t *testing.T) {
	imgs := []*metadata.Image{
		{Path: "photos/IMG_1.jpg"}, {Path: `shoot\Day2\IMG_2.JPG`}, {Path: "photos/ab/IMG_3.jpg"},
		{Path: "photos/b/IMG_5.jpg"}, {Path: "x/photos/b/IMG_6.jpg"},
	}
	tests := []struct {
		file   string
		want   string // image path, or "" for unmatched
		reason string // substring of the unmatched reason
	}{
		{"../evil/IMG_1.jpg", "", `file name leaves the folder: "../evil/IMG_1.jpg"`},
		{`..\IMG_1.jpg`, "", "file name leaves the folder"},
		{"photos/../IMG_1.jpg", "", "file name leaves the folder"},
		{"/etc/IMG_1.jpg", "", "file name leaves the folder"},
		{`C:\photos\IMG_1.jpg`, "", "file name leaves the folder"},
		{"other/IMG_1.jpg", "", `no image is named "other/IMG_1.jpg"`},
		{"PHOTOS/img_1", "photos/IMG_1.jpg", ""},
		{"./photos/IMG_1.jpg", "photos/IMG_1.jpg", ""},
		{"day2/IMG_2.jpg", `shoot\Day2\IMG_2.JPG`, ""},
		{"shoot/day2/IMG_2", `shoot\Day2\IMG_2.JPG`, ""},
		{"b/IMG_3.jpg", "", "no image is named"}, // "ab" is not "b": whole components
		{"photos/b/IMG_6.jpg", "x/photos/b/IMG_6.jpg", ""},
		{"IMG_5.jpg", "photos/b/IMG_5.jpg", ""},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			recs := []caption.Record{{Line: 1, File: tt.file}}
			p, err := Match(recs, imgs, StrategyName)
			if err != nil {
				t.Fatal(err)
			}
			switch {
			case tt.want != "":
				if len(p.Pairs) != 1 || imgs[p.Pairs[0].Image].Path != tt.want {
					t.Fatalf("pairs %v, want %q with %s", render(recs, imgs, p), tt.file, tt.want)
				}
			case len(p.Pairs) != 0:
				t.Fatalf("%q matched %s, want it unmatched", tt.file, imgs[p.Pairs[0].Image].Path)
			case len(p.UnmatchedRecords) != 1 || !strings.Contains(p.UnmatchedRecords[0].Reason, tt.reason):
				t.Fatalf("unmatched records %+v, want one whose reason contains %q", p.UnmatchedRecords, tt.reason)
			}
		})
	}
}

// TestMatchNameTraversalLeavesImageFree: the image a traversing name
// would have taken stays free for the caption that names it properly.
func TestMatchNameTraversalLeavesImageFree(t *testing.T) {
	imgs := []*metadata.Image{{Path: "photos/IMG_1.jpg"}}
	recs := []caption.Record{{Line: 1, File: "../evil/IMG_1.jpg"}, {Line: 2, File: "IMG_1.jpg"}}
	p, err := Match(recs, imgs, StrategyAuto)
	if err != nil {
		t.Fatal(err)
	}
	got := render(recs, imgs, p)
	want := []string{"photos/IMG_1.jpg <- 2 by name", "record 1 unmatched"}
	if !slices.Equal(got, want) {
		t.Errorf("plan %q, want %q", got, want)
	}
}
