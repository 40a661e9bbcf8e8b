package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestAliasesReachCaptions: the --aliases file is the table the caption
// parser reads the credits with too (desk.CaptionSource.Aliases), not only
// the one check compares and the copyright rule reads. With
// "Morgenpost Bild = MoBi", a caption credited "(Photo: MoBi)" has the
// agency Morgenpost Bild and no photographer: match shows none, check
// does not compare MoBi as a creator, and write puts the agency in the sidecar; without the file
// MoBi is read as a photographer.
func TestAliasesReachCaptions(t *testing.T) {
	const caption = "file,caption\naleppo-16.jpg,\"ALEPPO, SYRIA - DECEMBER 20: Civilians wait for their evacuation at Amerriye region of Aleppo, Syria on December 20, 2016. (Photo: MoBi)\"\n"
	tests := []struct {
		name    string
		args    []string // after the command, before the folder
		aliases bool
		want    string // in the report (check) or the sidecar (write)
		not     string // nowhere in it
	}{
		// Read with the table MoBi is no photographer: the creator is not
		// checked, and the credit is compared as Morgenpost Bild's.
		{"match with aliases", []string{"match"}, true, "line 2 (2016-12-20;", "MoBi;"},
		{"match without", []string{"match"}, false, "line 2 (MoBi; 2016-12-20;", "Morgenpost Bild"},
		{"check with aliases", []string{"check"}, true, "credit: caption credits Morgenpost Bild;", "caption names MoBi"},
		{"check without", []string{"check"}, false, "", "Morgenpost Bild"},
		{"write with aliases", []string{"write", "--embed"}, true, "Morgenpost Bild", "<rdf:li>MoBi</rdf:li>"},
		{"write without", []string{"write", "--embed"}, false, "<rdf:li>MoBi</rdf:li>", "Morgenpost Bild"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			img := filepath.Join(dir, "pics", "aleppo-16.jpg")
			if err := os.MkdirAll(filepath.Dir(img), 0o755); err != nil {
				t.Fatal(err)
			}
			b, err := os.ReadFile(filepath.Join("..", "..", "testdata", "aleppo", "aleppo-16.jpg"))
			if err != nil {
				t.Fatal(err)
			}
			writeFile(t, img, string(b))
			writeFile(t, filepath.Join(dir, "c.csv"), caption)
			writeFile(t, filepath.Join(dir, "al.txt"), "Morgenpost Bild = MoBi\n")
			args := append(tt.args, "-c", filepath.Join(dir, "c.csv"))
			if tt.aliases {
				args = append(args, "--aliases", filepath.Join(dir, "al.txt"))
			}
			e, out, errb := testEnv(false, false, nil)
			code := runEnv(context.Background(), e, append(args, filepath.Dir(img)))
			got := out.String()
			if tt.args[0] == "write" {
				x, err := os.ReadFile(filepath.Join(dir, "pics", "aleppo-16.xmp"))
				if err != nil {
					t.Fatalf("exit %d, no sidecar: %v\n%s", code, err, errb)
				}
				got = string(x)
			}
			if !strings.Contains(got, tt.want) || strings.Contains(got, tt.not) {
				t.Errorf("exit %d: want %q and not %q in:\n%s\n%s", code, tt.want, tt.not, got, errb)
			}
		})
	}
}
