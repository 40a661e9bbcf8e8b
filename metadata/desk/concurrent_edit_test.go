package desk

import (
	"context"
	"encoding/csv"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/captag/captag/metadata"
)

// TestWriteConcurrentEdit: another program rewrites the sidecar between
// the read and the rename (beforeReplace runs at exactly that moment).
// Once: Write merges again, both changes are in the sidecar and a note
// says so. Every time: Write gives up, the other program's version stays
// and the result is left alone with the reason.
func TestWriteConcurrentEdit(t *testing.T) {
	t.Parallel() // the editor is the options' beforeReplace, not package state
	const text = "ALEPPO, SYRIA - DECEMBER 19: Syrians wait near buses in Aleppo on December 19, 2016. ( Aref Watad - Anadolu Agency )"
	rated := func(stars string) string {
		return `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">` +
			`<rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmp:Rating="` + stars + `"/>` +
			`</rdf:RDF></x:xmpmeta>`
	}
	write := func(t *testing.T, path, s string) {
		t.Helper()
		if err := os.WriteFile(path, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct {
		name      string
		everyTime bool
		status    WriteStatus
		said      string // in a note, or in Err when left alone
		stars     string
		caption   bool
	}{
		{"changed once", false, Updated, "merged again", "5", true},
		{"changed every time", true, Skipped, "changed by another program", "7", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			dir := copySample(t, "aleppo-02.jpg")
			img := filepath.Join(dir, "IMG_0001.jpg")
			if err := os.Rename(filepath.Join(dir, "aleppo-02.jpg"), img); err != nil {
				t.Fatal(err)
			}
			caps := filepath.Join(t.TempDir(), "captions.csv")
			var b strings.Builder
			w := csv.NewWriter(&b)
			w.Write([]string{"file", "caption"})
			w.Write([]string{"IMG_0001.jpg", text})
			w.Flush()
			write(t, caps, b.String())
			sc := filepath.Join(dir, "IMG_0001.xmp")
			write(t, sc, rated("3"))

			ctx := context.Background()
			job, err := Open(ctx, Options{Roots: []string{dir}, Captions: CaptionSource{Path: caps}})
			if err != nil {
				t.Fatal(err)
			}
			opts := WriteOptions{beforeReplace: func(path string, round int) {
				if path != sc || (round > 1 && !tt.everyTime) {
					return
				}
				// The editor's way: a new file renamed over the old.
				stars := "5"
				if tt.everyTime {
					stars = string(rune('4' + round))
				}
				write(t, sc+".new", rated(stars))
				if err := os.Rename(sc+".new", sc); err != nil {
					t.Fatal(err)
				}
			}}
			rep, err := job.Write(ctx, opts)
			if err != nil {
				t.Fatal(err)
			}
			if len(rep.Results) != 1 {
				t.Fatalf("%d results, want 1", len(rep.Results))
			}
			r := rep.Results[0]
			said := strings.Join(r.Notes, "; ")
			if r.Err != nil {
				said += r.Err.Error()
			}
			if r.Status != tt.status || !strings.Contains(said, tt.said) {
				t.Errorf("status %s, said %q; want %s saying %q", r.Status, said, tt.status, tt.said)
			}
			got, err := os.ReadFile(sc)
			if err != nil {
				t.Fatal(err)
			}
			st, _, err := metadata.ReadSidecar(strings.NewReader(string(got)))
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(string(got), `Rating>`+tt.stars+`<`) && !strings.Contains(string(got), `Rating="`+tt.stars+`"`) {
				t.Errorf("the other program's rating %s is lost:\n%s", tt.stars, got)
			}
			if has := strings.HasPrefix(st.Description, "ALEPPO"); has != tt.caption {
				t.Errorf("caption in the sidecar: %v, want %v", has, tt.caption)
			}
		})
	}
}
