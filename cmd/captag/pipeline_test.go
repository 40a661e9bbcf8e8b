package main

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"testing"
)

// BenchmarkCheckPipeline runs captag check (JSON report) on the sample
// folder copied 25 times: the walk, the key pass, the match, the compare
// pass that reads each image again, and the report.
func BenchmarkCheckPipeline(b *testing.B) {
	src := filepath.Join("..", "..", "testdata", "aleppo")
	ents, err := os.ReadDir(src)
	if err != nil {
		b.Skipf("sample folder not available: %v", err)
	}
	dir := b.TempDir()
	capFile := filepath.Join(dir, "captions.txt")
	caps, err := os.ReadFile(sampleCaptions)
	if err != nil {
		b.Skipf("sample captions not available: %v", err)
	}
	var all []byte
	for k := range 25 {
		sub := filepath.Join(dir, "img", string(rune('a'+k%26))+string(rune('a'+k/26)))
		if err := os.MkdirAll(sub, 0o755); err != nil {
			b.Fatal(err)
		}
		for _, e := range ents {
			data, err := os.ReadFile(filepath.Join(src, e.Name()))
			if err != nil {
				b.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(sub, e.Name()), data, 0o644); err != nil {
				b.Fatal(err)
			}
		}
		all = append(append(all, caps...), "\n\n"...)
	}
	if err := os.WriteFile(capFile, all, 0o644); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		e, _, errb := testEnv(false, false, nil)
		e.stdout = io.Discard
		if code := runEnv(context.Background(), e, []string{"check", "-c", capFile, "--format", "json", "-r", filepath.Join(dir, "img")}); code > exitProblems {
			b.Fatalf("exit %d: %s", code, errb)
		}
	}
}
