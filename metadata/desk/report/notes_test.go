package report

import (
	"context"
	"os"
	"testing"

	"github.com/captag/captag/metadata/desk"
)

// TestWriteNotes: without the caption file's direction the sample's groups
// chosen by order are not written, and the write's notes say each; a job's
// notes name the caption file as given.
func TestWriteNotes(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS(sampleDir)); err != nil {
		t.Fatal(err)
	}
	job, err := desk.Open(ctx, desk.Options{Roots: []string{dir}, Captions: desk.CaptionSource{Path: sampleCaptions}})
	if err != nil {
		t.Fatal(err)
	}
	w, err := job.Write(ctx, desk.WriteOptions{DryRun: true})
	if err != nil {
		t.Fatal(err)
	}
	n := NotesOfWrite(w)
	want := "8 captions (3 different texts) fit 7 images alike (Aref Watad, 2016-12-19) and were matched by order"
	if n.Collision || n.Partial != 0 || len(n.Guessed) != 2 || n.Guessed[0] != want {
		t.Errorf("write notes %+v, want two groups guessed, the first %q", n, want)
	}
	if jn := JobNotes(job, "c.txt"); len(jn.Errors)+len(jn.Warnings)+len(jn.Hints) != 0 {
		t.Errorf("job notes %+v, want none on the sample", jn)
	}
}
