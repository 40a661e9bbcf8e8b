package desk_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/captag/captag/metadata/check"
	"github.com/captag/captag/metadata/desk"
)

// A desk's upload hook: check a folder against its caption file, then
// write the captions into sidecars (here on a copy: write adds files).
func Example() {
	dir, _ := os.MkdirTemp("", "desk-example")
	defer os.RemoveAll(dir)
	os.CopyFS(dir, os.DirFS("../../testdata/aleppo"))
	ctx := context.Background()
	opts := desk.Options{Roots: []string{dir}, CaptionOrder: check.DirNewestFirst,
		Captions: desk.CaptionSource{Path: "../../testdata/aleppo-2016-captions.txt"}}

	job, _ := desk.Open(ctx, opts)
	rep, _ := job.Check(ctx, desk.CheckOptions{})
	for i := range rep.Len() {
		for _, f := range rep.Result(i).Findings {
			fmt.Println(filepath.Base(rep.Result(i).Image), f.Field, f.Severity)
		}
	}
	job, _ = desk.Open(ctx, opts) // a Job runs once
	wrote, _ := job.Write(ctx, desk.WriteOptions{})
	r := wrote.Results[0] // in path order, one per image
	fmt.Println(len(wrote.Results), "results;", filepath.Base(r.Target), r.Status == desk.Created, r.Changed)
	// Output:
	// aleppo-01.jpg date error
	// aleppo-12.jpg creator error
	// aleppo-16.jpg credit error
	// 14 results; aleppo-02.xmp true [dc:description dc:creator photoshop:Credit photoshop:Source photoshop:DateCreated photoshop:City photoshop:Country Iptc4xmpCore:CountryCode Iptc4xmpExt:LocationCreated]
}
