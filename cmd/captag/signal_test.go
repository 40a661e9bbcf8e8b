package main

import (
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/captag/captag/metadata"
	"github.com/captag/captag/sidecar"
)

// TestSignalStopsWrite sends a real SIGINT to a captag write process in the
// middle of a large folder: it must exit 130, say what it did, leave no
// temporary file, and every sidecar on disk must be whole.
func TestSignalStopsWrite(t *testing.T) {
	if os.Getenv(interopChildEnv) != "" {
		t.Skip("running as a child of another captag test")
	}
	if testing.Short() {
		t.Skip("builds a folder of 3,000 images; skipped with -short")
	}
	bin := captagBinary(t)
	dir := t.TempDir()
	const n = 3000
	var buf bytes.Buffer
	w := csv.NewWriter(&buf)
	w.Write([]string{"file", "caption"})
	for i, name := range sampleCopies(t, dir, n) {
		w.Write([]string{name, cardCaption(i)})
	}
	w.Flush()
	caps := filepath.Join(t.TempDir(), "captions.csv")
	if err := os.WriteFile(caps, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}

	cmd := exec.Command(bin, "write", "--captions", caps, "--by", "name", "-j", "1", dir)
	cmd.Env = append(os.Environ(), interopChildEnv+"=1", "NO_COLOR=1")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// Wait for the first sidecar, then interrupt.
	deadline := time.Now().Add(60 * time.Second)
	for {
		m, _ := filepath.Glob(filepath.Join(dir, "*.xmp"))
		if len(m) > 0 {
			break
		}
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			cmd.Wait()
			t.Fatalf("no sidecar appeared within a minute; stderr:\n%s", stderr.String())
		}
		time.Sleep(time.Millisecond)
	}
	if err := cmd.Process.Signal(syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	err := cmd.Wait()
	code := 0
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	if code == 0 {
		t.Skip("captag write finished all sidecars before the signal arrived")
	}
	if code != exitInterrupted {
		t.Fatalf("exit code %d, want %d; stderr:\n%s", code, exitInterrupted, stderr.String())
	}
	if !strings.Contains(stderr.String(), "interrupted") {
		t.Errorf("stderr does not say the run was interrupted:\n%s", stderr.String())
	}
	if !strings.Contains(stdout.String(), "interrupted") {
		t.Errorf("the report does not say what was done before the interrupt:\n%s", stdout.String())
	}
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	written := 0
	for _, ent := range ents {
		name := ent.Name()
		if sidecar.IsTemp(name) {
			t.Errorf("temporary file %s left behind", name)
		}
		if !strings.HasSuffix(name, ".xmp") {
			continue
		}
		written++
		f, err := os.Open(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		st, _, err := metadata.ReadSidecar(f)
		f.Close()
		if err != nil || !strings.HasPrefix(st.Description, "ALEPPO, SYRIA") {
			t.Errorf("sidecar %s is not whole after the interrupt: err %v", name, err)
		}
	}
	if written == 0 || written == n {
		t.Errorf("%d sidecars written, want some but not all of %d", written, n)
	}
	t.Logf("interrupted after %d of %d sidecars", written, n)
}

// sampleCopies fills dir with n copies of the sample's aleppo-02.jpg named
// IMG_0000.jpg, IMG_0001.jpg … and returns their names.
func sampleCopies(t *testing.T, dir string, n int) []string {
	t.Helper()
	img, err := os.ReadFile(filepath.Join("..", "..", "testdata", "aleppo", "aleppo-02.jpg"))
	if err != nil {
		t.Fatal(err)
	}
	names := make([]string, n)
	for i := range n {
		names[i] = fmt.Sprintf("IMG_%04d.jpg", i)
		if err := os.WriteFile(filepath.Join(dir, names[i]), img, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return names
}

// cardCaption is the i-th caption of a card of copies (sampleCopies).
func cardCaption(i int) string {
	return fmt.Sprintf("ALEPPO, SYRIA - DECEMBER 19: Picture %d of the evacuation on December 19, 2016. ( Aref Watad - Anadolu Agency )", i)
}
