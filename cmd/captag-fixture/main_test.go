package main

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// committed is the sample folder this program made, as committed.
var committed = filepath.Join("..", "..", "testdata", "aleppo")

// TestCommittedSampleIsReproducible regenerates the sample folder and
// compares it byte for byte with the committed one, so the images in
// testdata/aleppo are known to be exactly what this program documents.
func TestCommittedSampleIsReproducible(t *testing.T) {
	dir := t.TempDir()
	if err := generate(dir); err != nil {
		t.Fatal(err)
	}
	want := names(t, committed)
	got := names(t, dir)
	if !slices.Equal(got, want) {
		t.Fatalf("generated files %v, committed files %v; run 'go run ./cmd/captag-fixture -o testdata/aleppo'", got, want)
	}
	for _, n := range want {
		a, err := os.ReadFile(filepath.Join(committed, n))
		if err != nil {
			t.Fatal(err)
		}
		b, err := os.ReadFile(filepath.Join(dir, n))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(a, b) {
			t.Errorf("%s: the committed file (%d bytes) differs from the generated one (%d bytes); run 'go run ./cmd/captag-fixture -o testdata/aleppo'", n, len(a), len(b))
		}
	}
}

// TestPlantedMistakes pins the three deliberate mistakes the README
// promises: one wrong date, one other photographer, one other agency, and
// sixteen images in all.
func TestPlantedMistakes(t *testing.T) {
	if len(pictures) != 16 {
		t.Fatalf("got %d pictures, want 16 (one per sample caption)", len(pictures))
	}
	var planted []string
	for _, p := range pictures {
		if p.planted != "" {
			planted = append(planted, p.name)
		}
	}
	want := []string{"aleppo-01.jpg", "aleppo-12.jpg", "aleppo-16.jpg"}
	if !slices.Equal(planted, want) {
		t.Errorf("planted mistakes in %v, want %v", planted, want)
	}
}

func names(t *testing.T, dir string) []string {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range ents {
		out = append(out, e.Name())
	}
	return out
}
