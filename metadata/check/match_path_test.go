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
		base   bool   // paired by the base-name rule (--by name only)
	}{
		{"../evil/IMG_1.jpg", "", `file name leaves the folder: "../evil/IMG_1.jpg"`, false},
		{`..\IMG_1.jpg`, "", "file name leaves the folder", false},
		{"photos/../IMG_1.jpg", "", "file name leaves the folder", false},
		// An absolute path or another folder (an export made elsewhere)
		// pairs by base name with --by name only.
		{"/etc/IMG_1.jpg", "photos/IMG_1.jpg", `file name leaves the folder: "/etc/IMG_1.jpg"; photos/IMG_1.jpg has its base name`, true},
		{`C:\photos\IMG_1.jpg`, "photos/IMG_1.jpg", "file name leaves the folder", true},
		{"other/IMG_1.jpg", "photos/IMG_1.jpg", `no image is named "other/IMG_1.jpg"; photos/IMG_1.jpg has its base name`, true},
		{"PHOTOS/img_1", "photos/IMG_1.jpg", "", false},
		{"./photos/IMG_1.jpg", "photos/IMG_1.jpg", "", false},
		{"day2/IMG_2.jpg", `shoot\Day2\IMG_2.JPG`, "", false},
		{"shoot/day2/IMG_2", `shoot\Day2\IMG_2.JPG`, "", false},
		{"b/IMG_3.jpg", "photos/ab/IMG_3.jpg", "no image is named", true}, // "ab" is not "b": whole components
		{"photos/b/IMG_6.jpg", "x/photos/b/IMG_6.jpg", "", false},
		{"IMG_5.jpg", "photos/b/IMG_5.jpg", "", false},
		{"wire/IMG_9.jpg", "", `no image is named "wire/IMG_9.jpg"`, false},
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
				wantBy := ByName
				if tt.base {
					wantBy = ByBaseName
				}
				if len(p.Pairs) != 1 || imgs[p.Pairs[0].Image].Path != tt.want || p.Pairs[0].By != wantBy {
					t.Fatalf("pairs %v, want %q with %s by %s", render(recs, imgs, p), tt.file, tt.want, wantBy)
				}
			case len(p.Pairs) != 0:
				t.Fatalf("%q matched %s, want it unmatched", tt.file, imgs[p.Pairs[0].Image].Path)
			case len(p.UnmatchedRecords) != 1 || !strings.Contains(p.UnmatchedRecords[0].Reason, tt.reason):
				t.Fatalf("unmatched records %+v, want one whose reason contains %q", p.UnmatchedRecords, tt.reason)
			}
			if !tt.base {
				return
			}
			// --by auto pairs nothing by base name: the record stays
			// unmatched, says why, and the plan keeps the hint.
			p, err = Match(recs, imgs, StrategyAuto)
			if err != nil {
				t.Fatal(err)
			}
			if len(p.Pairs) != 0 || len(p.UnmatchedRecords) != 1 || !strings.Contains(p.UnmatchedRecords[0].Reason, tt.reason) {
				t.Fatalf("auto: pairs %v, unmatched %+v; want it unmatched with %q", render(recs, imgs, p), p.UnmatchedRecords, tt.reason)
			}
			if p.UnmatchedRecords[0].Code != ReasonBaseName {
				t.Errorf("auto: reason code %d, want ReasonBaseName", p.UnmatchedRecords[0].Code)
			}
			if len(p.BaseNameOnly) != 1 || imgs[p.BaseNameOnly[0].Image].Path != tt.want {
				t.Errorf("auto: base-name hints %+v, want one for %s", p.BaseNameOnly, tt.want)
			}
		})
	}
}

// TestMatchBaseName: the base-name rule pairs only a unique base name,
// never takes an image that another record names exactly, and tells the
// image's side too.
func TestMatchBaseName(t *testing.T) {
	imgs := []*metadata.Image{{Path: "photos/IMG_1.jpg"}, {Path: "a/IMG_2.jpg"}, {Path: "b/IMG_2.jpg"}, {Path: "photos/IMG_3.jpg"}}
	recs := []caption.Record{
		{Line: 2, File: "wire/IMG_1.jpg"},   // base name, but line 3 names it exactly
		{Line: 3, File: "photos/IMG_1.jpg"}, // exact
		{Line: 4, File: "wire/IMG_2.jpg"},   // two images have the base name
		{Line: 5, File: "wire/IMG_3.jpg"},   // base name
	}
	p, err := Match(recs, imgs, StrategyName)
	if err != nil {
		t.Fatal(err)
	}
	got := render(recs, imgs, p)
	want := []string{"photos/IMG_1.jpg <- 3 by name", "photos/IMG_3.jpg <- 5 by base name", "record 2 unmatched", "record 4 unmatched",
		"image a/IMG_2.jpg unmatched", "image b/IMG_2.jpg unmatched"}
	if !slices.Equal(got, want) {
		t.Fatalf("plan %q, want %q", got, want)
	}
	reasons := map[int]string{}
	for _, u := range p.UnmatchedRecords {
		reasons[recs[u.Index].Line] = u.Reason
	}
	for line, sub := range map[int]string{
		2: `no image is named "wire/IMG_1.jpg"; photos/IMG_1.jpg has its base name but is already matched to the caption at line 3`,
		4: `no image is named "wire/IMG_2.jpg"; 2 images have its base name (a/IMG_2.jpg, b/IMG_2.jpg): not guessed`,
	} {
		if reasons[line] != sub {
			t.Errorf("line %d reason %q, want %q", line, reasons[line], sub)
		}
	}

	p, err = Match(recs, imgs, StrategyAuto)
	if err != nil {
		t.Fatal(err)
	}
	if len(p.BaseNameOnly) != 1 || recs[p.BaseNameOnly[0].Record].Line != 5 {
		t.Fatalf("auto: base-name hints %+v, want line 5 only", p.BaseNameOnly)
	}
	for _, u := range p.UnmatchedImages {
		if imgs[u.Index].Path == "photos/IMG_3.jpg" && (u.Reason != `the caption at line 5 names "wire/IMG_3.jpg", in another folder` || u.Code != ReasonBaseName) {
			t.Errorf("auto: image reason %q (code %d)", u.Reason, u.Code)
		}
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

// A Mac writes file names decomposed (NFD) and a caption file typed on
// any other machine composed (NFC): the two are one name, and a caption
// pairs with its picture whichever form each side holds. A name that
// only looks alike once accents are dropped ("Muller") stays another.
func TestMatchNameNFDAndNFC(t *testing.T) {
	imgs := []*metadata.Image{
		{Path: "desk/Mu\u0308ller.jpg"}, {Path: "desk/Sa\u0303o Paulo 3.jpg"}, {Path: "desk/Dvořák.jpg"},
	}
	tests := []struct{ file, want string }{
		{"Müller.jpg", "desk/Mu\u0308ller.jpg"},
		{"desk/MÜLLER.JPG", "desk/Mu\u0308ller.jpg"},
		{"São Paulo 3.jpg", "desk/Sa\u0303o Paulo 3.jpg"},
		{"Dvor\u030ca\u0301k.jpg", "desk/Dvořák.jpg"},
		{"Muller.jpg", ""},
	}
	for _, tt := range tests {
		recs := []caption.Record{{Line: 1, File: tt.file}}
		p, err := Match(recs, imgs, StrategyName)
		if err != nil {
			t.Fatal(err)
		}
		got := ""
		if len(p.Pairs) == 1 {
			got = imgs[p.Pairs[0].Image].Path
		}
		if got != tt.want {
			t.Errorf("%+q paired with %+q, want %+q", tt.file, got, tt.want)
		}
	}
}
