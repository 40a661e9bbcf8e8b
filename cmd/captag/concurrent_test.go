package main

import (
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/captag/captag/metadata"
	"github.com/captag/captag/sidecar"
)

// TestTwoWritesLoseNothing runs two real captag write processes at once
// over the same few hundred images, round after round. Each run adds its
// own keyword (dc:subject merges keywords, so both can stand). After each
// round every sidecar must hold both runs' keywords — unless the run whose
// keyword is missing reported a conflict for that very file and exited 1.
// Before captag checked the sidecar before its rename, some sidecars kept
// only one run's keyword though both runs exited 0.
func TestTwoWritesLoseNothing(t *testing.T) {
	if os.Getenv(interopChildEnv) != "" {
		t.Skip("running as a child of another captag test")
	}
	if testing.Short() {
		t.Skip("runs captag write 6 times over 300 images; skipped with -short")
	}
	bin := captagBinary(t)
	dir := t.TempDir()
	const n, rounds = 300, 3
	names := sampleCopies(t, dir, n)
	captions := func(keyword string) string {
		var buf bytes.Buffer
		w := csv.NewWriter(&buf)
		w.Write([]string{"file", "caption", "keywords"})
		for i, name := range names {
			w.Write([]string{name, cardCaption(i), keyword})
		}
		w.Flush()
		p := filepath.Join(t.TempDir(), keyword+".csv")
		if err := os.WriteFile(p, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	type run struct {
		keyword string
		cmd     *exec.Cmd
		stdout  bytes.Buffer
		stderr  bytes.Buffer
	}
	want := map[string][]string{} // sidecar → keywords it must hold (unless a conflict was reported)
	conflicts := 0
	for r := 1; r <= rounds; r++ {
		runs := []*run{{keyword: fmt.Sprintf("alpha%d", r)}, {keyword: fmt.Sprintf("beta%d", r)}}
		for _, rn := range runs {
			rn.cmd = exec.Command(bin, "write", "--captions", captions(rn.keyword), "--by", "name", "-j", "2", dir)
			rn.cmd.Env = append(os.Environ(), interopChildEnv+"=1", "NO_COLOR=1")
			rn.cmd.Stdout, rn.cmd.Stderr = &rn.stdout, &rn.stderr
		}
		for _, rn := range runs {
			if err := rn.cmd.Start(); err != nil {
				t.Fatal(err)
			}
		}
		for _, rn := range runs {
			err := rn.cmd.Wait()
			code := 0
			var ee *exec.ExitError
			if errors.As(err, &ee) {
				code = ee.ExitCode()
			} else if err != nil {
				t.Fatal(err)
			}
			if code != 0 && (code != exitProblems || !strings.Contains(rn.stdout.String(), "changed by another program")) {
				t.Fatalf("round %d, run %s: exit %d without a reported conflict; stdout:\n%s\nstderr:\n%s", r, rn.keyword, code, rn.stdout.String(), rn.stderr.String())
			}
		}
		for _, name := range names {
			sc := sidecar.Path(filepath.Join(dir, name), sidecar.NameBase)
			f, err := os.Open(sc)
			if err != nil {
				t.Fatalf("round %d: %v", r, err)
			}
			st, _, err := metadata.ReadSidecar(f)
			f.Close()
			if err != nil {
				t.Fatalf("round %d: %s does not read back: %v", r, sc, err)
			}
			for _, rn := range runs {
				if reported(rn.stdout.String(), sc) {
					conflicts++
					continue
				}
				want[sc] = append(want[sc], rn.keyword)
			}
			for _, kw := range want[sc] {
				if !slices.Contains(st.Keywords, kw) {
					t.Errorf("round %d: %s lost keyword %q (has %q), and no run reported a conflict for it", r, filepath.Base(sc), kw, st.Keywords)
				}
			}
		}
		if t.Failed() {
			for _, rn := range runs {
				t.Logf("run %s stdout:\n%s", rn.keyword, rn.stdout.String())
			}
			return
		}
	}
	t.Logf("%d rounds of two concurrent writes over %d sidecars: %d conflicts reported, nothing lost", rounds, n, conflicts)
}

// reported says whether a write report names sidecar sc as left alone
// because another program changed it.
func reported(out, sc string) bool {
	for line := range strings.SplitSeq(out, "\n") {
		if strings.Contains(line, "left alone") && strings.Contains(line, " "+sc+" ") && strings.Contains(line, "changed by another program") {
			return true
		}
	}
	return false
}
