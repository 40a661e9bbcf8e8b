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
	n := WriteNotes(w)
	want := Note{LevelError, NoteGuessed, "not written: 8 captions (3 different texts) fit 7 images alike (Aref Watad, 2016-12-19) and were matched by order"}
	if len(n) != 2 || n[0] != want || n[1].Code != NoteGuessed {
		t.Errorf("write notes %+v, want two groups guessed, the first %+v", n, want)
	}
	if jn := JobNotes(job, "c.txt"); len(jn) != 0 {
		t.Errorf("job notes %+v, want none on the sample", jn)
	}
}

// TestCommandLine: a sheet's header shows the command as a shell would
// take it back, each word quoted only when it must be.
func TestCommandLine(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		args []string
		want string
	}{
		{nil, "captag check"},
		{[]string{"-c", "caps.txt", "photos"}, "captag check -c caps.txt photos"},
		{[]string{"my photos", ""}, "captag check 'my photos' ''"},
		{[]string{"it's"}, `captag check 'it'\''s'`},
		{[]string{"$HOME/*.jpg"}, "captag check '$HOME/*.jpg'"},
	} {
		if got := CommandLine("check", tc.args); got != tc.want {
			t.Errorf("CommandLine(check, %q) = %q, want %q", tc.args, got, tc.want)
		}
	}
}
