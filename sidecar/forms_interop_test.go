package sidecar

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestInteropFormsKeepValues is issue 11 item 2 read by the real tools: a
// sidecar in each of mergeForms' forms, merged by captag, still shows each
// of the values the case names in `exiftool -X` and `exiv2 -px` when the
// tool showed it before the merge. Skips when the tools are missing.
func TestInteropFormsKeepValues(t *testing.T) {
	exiftool := needTool(t, "exiftool")
	exiv2, _ := exec.LookPath("exiv2")
	dir := t.TempDir()
	rec, img := csvRecord(), aleppoImage()
	var files []string
	for i, tc := range mergeForms {
		// exiv2 takes a file for a sidecar by its <?xpacket?> start.
		in := []byte("<?xpacket begin=\"\uFEFF\" id=\"W5M0MpCehiHzreSzNTczkc9d\"?>\n" + tc.in + "\n<?xpacket end=\"w\"?>\n")
		out, _, err := Merge(in, rec, img, testOptions)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		before := filepath.Join(dir, "before"+string(rune('a'+i))+".xmp")
		after := filepath.Join(dir, "after"+string(rune('a'+i))+".xmp")
		if err := os.WriteFile(before, in, 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(after, out, 0o644); err != nil {
			t.Fatal(err)
		}
		files = append(files, before, after)
	}
	read := func(tool string, args ...string) (string, bool) {
		var stderr bytes.Buffer
		cmd := exec.Command(tool, args...)
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		return string(out), err == nil
	}
	for i, tc := range mergeForms {
		t.Run(tc.name, func(t *testing.T) {
			before, after := files[2*i], files[2*i+1]
			xb, okb := read(exiftool, "-X", "-XMP:all", before)
			xa, oka := read(exiftool, "-X", "-XMP:all", after)
			if !okb || !oka {
				t.Fatalf("exiftool -X failed: before %v, after %v", okb, oka)
			}
			// Every tag exiftool reads that captag does not own reads the
			// same after the merge.
			if r := exiftoolRead(t, before, after); len(r) == 2 {
				if lost := lostByExiftool(r[0], r[1]); len(lost) > 0 {
					t.Errorf("exiftool reads these differently after the merge:\n%s", strings.Join(lost, "\n"))
				}
			}
			var vb, va string
			okvb, okva := false, false
			if exiv2 != "" {
				vb, okvb = read(exiv2, "-px", before)
				va, okva = read(exiv2, "-px", after)
				if okvb && !okva {
					t.Errorf("exiv2 reads the sidecar before the merge, not after:\n%s", va)
				}
			}
			for _, v := range tc.keep {
				switch {
				case !strings.Contains(xb, v):
					t.Logf("exiftool does not show %q before the merge either", v)
				case !strings.Contains(xa, v):
					t.Errorf("exiftool -X shows %q before the merge, not after:\n%s", v, xa)
				}
				switch {
				case exiv2 == "":
				case !strings.Contains(va, v) && okvb && strings.Contains(vb, v):
					t.Errorf("exiv2 -px shows %q before the merge, not after:\n%s", v, va)
				case !strings.Contains(va, v):
					t.Logf("exiv2 -px does not show %q before or after the merge", v)
				case !strings.Contains(vb, v):
					t.Logf("exiv2 -px shows %q only after the merge", v)
				}
			}
		})
	}
}
