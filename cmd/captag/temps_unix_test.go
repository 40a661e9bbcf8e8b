//go:build unix

package main

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/captag/captag/sidecar"
)

// TestRedTeam14CheckSaysWhatATempIs (issue 20, item 14): check called a
// killed embed's full copy of a JPEG "a temporary file of a captag write
// … its sidecar may not be written", and write kept it for an hour. Now
// check says what each temporary file is a copy of and whether its writer
// was killed or is running, and the next write removes a killed one at
// once and keeps one a running captag holds, whatever its age.
func TestRedTeam14CheckSaysWhatATempIs(t *testing.T) {
	dir, caps := oneImage(t, "IMG_0001.jpg")
	jpegTmp := filepath.Join(dir, ".IMG_0001.jpg.0a1b2c3d4e5f"+sidecar.TempSuffix)
	xmpTmp := filepath.Join(dir, ".IMG_0001.xmp.abcdefabcdef"+sidecar.TempSuffix)
	liveTmp := filepath.Join(dir, ".IMG_0001.jpg.00112233aabb"+sidecar.TempSuffix)
	minuteAgo := time.Now().Add(-time.Minute)
	for _, p := range []string{jpegTmp, xmpTmp, liveTmp} {
		writeFile(t, p, "a killed write's bytes")
		if err := os.Chtimes(p, minuteAgo, minuteAgo); err != nil {
			t.Fatal(err)
		}
	}
	held, err := os.Open(liveTmp)
	if err != nil {
		t.Fatal(err)
	}
	defer held.Close()
	if err := syscall.Flock(int(held.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		t.Skipf("this file system cannot lock: %v", err)
	}

	e, out, errb := testEnv(false, false, nil)
	runEnv(context.Background(), e, []string{"check", "--captions", caps, "--by", "name", dir})
	for _, want := range []string{
		"warning: " + jpegTmp + " is a temporary copy of IMG_0001.jpg from a captag embed that was killed",
		"warning: " + xmpTmp + " is a temporary file of the sidecar IMG_0001.xmp from a captag write that was killed",
		"warning: " + liveTmp + " is a temporary copy of IMG_0001.jpg from a captag embed still running",
	} {
		if !strings.Contains(errb.String(), want) {
			t.Errorf("check does not say %q:\nstdout:\n%s\nstderr:\n%s", want, out, errb)
		}
	}
	if strings.Contains(errb.String(), "its sidecar may not be written") {
		t.Errorf("check calls a JPEG's temporary copy a sidecar's:\n%s", errb)
	}

	e, out, errb = testEnv(false, false, nil)
	if code := runEnv(context.Background(), e, []string{"write", "--captions", caps, "--by", "name", dir}); code != exitOK {
		t.Fatalf("write: exit %d; stdout:\n%s\nstderr:\n%s", code, out, errb)
	}
	for _, p := range []string{jpegTmp, xmpTmp} {
		if _, err := os.Lstat(p); !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("%s, left by a killed write a minute ago, is still there: %v", p, err)
		}
		if !strings.Contains(errb.String(), "removed "+p) {
			t.Errorf("write does not say it removed %s:\n%s", p, errb)
		}
	}
	if _, err := os.Lstat(liveTmp); err != nil {
		t.Errorf("write removed %s, which a running captag holds: %v", liveTmp, err)
	}
}
