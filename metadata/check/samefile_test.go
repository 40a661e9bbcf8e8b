package check

import (
	"slices"
	"strings"
	"testing"

	"github.com/captag/captag/metadata"
	"github.com/captag/captag/metadata/caption"
)

// TestMatchSameFile: an agency that corrects a caption sends the row
// again, and the caption file then has two rows naming one image. The
// first row must not win silently (it is the one being corrected): by
// default neither is paired and both lines and the image say why; with
// Latest the last row in the file is paired and the earlier ones are
// superseded, neither paired nor unmatched.
func TestMatchSameFile(t *testing.T) {
	imgs := []*metadata.Image{{Path: "d/IMG_1.jpg"}, {Path: "d/IMG_2.jpg"}}
	tests := []struct {
		name    string
		files   []string // the records' File, on lines 1, 2, 3…
		latest  bool
		want    []string // render's lines
		reason  string   // every unmatched record's reason, when there is one
		sameSet []int    // the lines of Plan.SameFile's one group
	}{
		{name: "two rows, refused", files: []string{"IMG_1.jpg", "IMG_2.jpg", "IMG_1.jpg"},
			want:    []string{"d/IMG_2.jpg <- 2 by name", "record 1 unmatched", "record 3 unmatched", "image d/IMG_1.jpg unmatched"},
			reason:  "caption lines 1 and 3 both name d/IMG_1.jpg (a caption sent again?); neither is used",
			sameSet: []int{1, 3}},
		{name: "two rows, the later wins", files: []string{"IMG_1.jpg", "IMG_2.jpg", "IMG_1.jpg"}, latest: true,
			want:    []string{"d/IMG_1.jpg <- 3 by name", "d/IMG_2.jpg <- 2 by name"},
			sameSet: []int{1, 3}},
		{name: "three rows, refused", files: []string{"IMG_1.jpg", "img_1.JPG", "IMG_2.jpg", "IMG_1"},
			want:    []string{"d/IMG_2.jpg <- 3 by name", "record 1 unmatched", "record 2 unmatched", "record 4 unmatched", "image d/IMG_1.jpg unmatched"},
			reason:  "caption lines 1, 2 and 4 all name d/IMG_1.jpg (a caption sent again?); none is used",
			sameSet: []int{1, 2, 4}},
		{name: "three rows, the last wins", files: []string{"IMG_1.jpg", "IMG_1.jpg", "IMG_2.jpg", "IMG_1.jpg"}, latest: true,
			want:    []string{"d/IMG_1.jpg <- 4 by name", "d/IMG_2.jpg <- 3 by name"},
			sameSet: []int{1, 2, 4}},
		{name: "one row each", files: []string{"IMG_1.jpg", "IMG_2.jpg"}, latest: true,
			want: []string{"d/IMG_1.jpg <- 1 by name", "d/IMG_2.jpg <- 2 by name"}},
	}
	for _, tc := range tests {
		for _, s := range []Strategy{StrategyName, StrategyAuto} {
			t.Run(tc.name+"/"+string(s), func(t *testing.T) {
				var recs []caption.Record
				for i, f := range tc.files {
					recs = append(recs, caption.Record{Line: i + 1, File: f, Text: "caption " + f})
				}
				p, err := MatchWith(recs, imgs, s, MatchOptions{Latest: tc.latest})
				if err != nil {
					t.Fatal(err)
				}
				if got := render(recs, imgs, p); !slices.Equal(got, tc.want) {
					t.Errorf("plan:\n got  %s\n want %s", strings.Join(got, "\n      "), strings.Join(tc.want, "\n      "))
				}
				for _, u := range p.UnmatchedRecords {
					if u.Reason != tc.reason {
						t.Errorf("record %d reason %q, want %q", recs[u.Index].Line, u.Reason, tc.reason)
					}
				}
				for _, u := range p.UnmatchedImages {
					if !strings.HasPrefix(u.Reason, "caption lines ") {
						t.Errorf("image %s reason %q, want it to name the lines", imgs[u.Index].Path, u.Reason)
					}
				}
				var got []int
				if len(p.SameFile) > 1 {
					t.Fatalf("SameFile = %+v, want one group", p.SameFile)
				}
				for _, sf := range p.SameFile {
					if imgs[sf.Image].Path != "d/IMG_1.jpg" || sf.Latest != tc.latest {
						t.Errorf("SameFile = %+v, want d/IMG_1.jpg with Latest %v", sf, tc.latest)
					}
					for _, r := range sf.Records {
						got = append(got, recs[r].Line)
					}
				}
				if !slices.Equal(got, tc.sameSet) {
					t.Errorf("SameFile lines = %v, want %v", got, tc.sameSet)
				}
			})
		}
	}
}

// TestImageNames: a record that names a picture given on the command line
// (any case, with or without its extension, from another folder) is about
// that picture; one that names another file is not.
func TestImageNames(t *testing.T) {
	n := NewImageNames([]string{"photos/IMG_0042.jpg", "raw/DSC_1.NEF"})
	for _, tc := range []struct {
		file string
		want bool
	}{
		{"IMG_0042.jpg", true},
		{"img_0042.JPG", true},
		{"IMG_0042", true},
		{"IMG_0042.tif", true},
		{"wire/IMG_0042.jpg", true},
		{`C:\desk\IMG_0042.jpg`, true},
		{"DSC_1.nef", true},
		{"IMG_0043.jpg", false},
		{"../IMG_0042.jpg", false},
		{"", false},
	} {
		if got := n.Names(tc.file); got != tc.want {
			t.Errorf("Names(%q) = %v, want %v", tc.file, got, tc.want)
		}
	}
}
