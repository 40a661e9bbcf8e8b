package desk_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/captag/captag/metadata/check"
	"github.com/captag/captag/metadata/desk"
)

// A desk's upload hook: open the job once, see how the captions pair with
// the pictures (Match), gate the upload on what disagrees (Check), then
// write the captions into sidecars (Write; here into a copy of the
// sample, since write adds files).
func Example() {
	dir, _ := os.MkdirTemp("", "desk-example")
	defer os.RemoveAll(dir)
	os.CopyFS(dir, os.DirFS("../../testdata/aleppo"))
	ctx := context.Background()
	job, err := desk.Open(ctx, desk.Options{Roots: []string{dir}, CaptionOrder: check.DirNewestFirst,
		Captions: desk.CaptionSource{Path: "../../testdata/aleppo-2016-captions.txt"}})
	if err != nil {
		fmt.Println(err)
		return
	}

	plan, _ := job.Match(ctx, desk.MatchOptions{})
	fmt.Printf("%d of %d images matched\n", plan.Summary.Matched, plan.Summary.Images)

	rep, _ := job.Check(ctx, desk.CheckOptions{})
	for i := range rep.Len() {
		for _, f := range rep.Result(i).Findings {
			fmt.Println(filepath.Base(rep.Result(i).Image), f.Field, f.Severity)
		}
	}

	wrote, _ := job.Write(ctx, desk.WriteOptions{})
	s := wrote.Summary()
	fmt.Printf("%d sidecars created, %d left alone\n", s.Sidecars.Created, s.Sidecars.LeftAlone)
	// Output:
	// 14 of 16 images matched
	// aleppo-01.jpg date error
	// aleppo-12.jpg creator error
	// aleppo-16.jpg credit error
	// 14 sidecars created, 0 left alone
}
