package sidecar

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// TestUpdateReuseReadKeepsEachFilesBytes: with ReuseRead a file is read
// into a buffer an earlier file's read used, and merge still gets exactly
// the file's bytes (a shorter file after a longer one sees none of the
// longer one's), and the file written is what merge made of them.
func TestUpdateReuseReadKeepsEachFilesBytes(t *testing.T) {
	dir := t.TempDir()
	long := bytes.Repeat([]byte("0123456789"), 40<<10)
	files := [][]byte{long, []byte("short"), long[:1000], {}, append(append([]byte{}, long...), "more"...)}
	for i, content := range files {
		p := filepath.Join(dir, fmt.Sprintf("f%d", i))
		if err := os.WriteFile(p, content, 0o644); err != nil {
			t.Fatal(err)
		}
		var got []byte
		merge := func(old []byte) ([]byte, error) {
			got = append([]byte(nil), old...)
			return append(append([]byte(nil), old...), '!'), nil
		}
		// A buffer given back before the read, holding other bytes.
		Reuse(bytes.Repeat([]byte{'x'}, len(long)+100))
		res, err := Update(p, merge, UpdateOptions{ReuseRead: true})
		if err != nil || res.Outcome != Updated {
			t.Fatalf("file %d: %v (outcome %v)", i, err, res.Outcome)
		}
		if !bytes.Equal(got, content) {
			t.Errorf("file %d: merge got %d bytes %.20q…, want the file's %d bytes %.20q…", i, len(got), got, len(content), content)
		}
		now, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if want := append(append([]byte(nil), content...), '!'); !bytes.Equal(now, want) {
			t.Errorf("file %d: written %d bytes, want %d", i, len(now), len(want))
		}
	}
}
