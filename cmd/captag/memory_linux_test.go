package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/captag/captag/metadata/fixture"
)

// craftedExtendedXMP is a JPEG of about 16 MB whose ExtendedXMP holds a
// dc:subject Bag of 250,000 keywords, under every per-file limit (16 MiB
// of ExtendedXMP, xmp.MaxNodes): reading one makes the reader allocate
// about 150 MB. Issue 11 item 8.
func craftedExtendedXMP() []byte {
	ext := hugeKeywordPacket()
	return fixture.JPEG(fixture.Spec{
		XMP: fixture.XMPPacketExtended(fixture.Fields{Credit: "Anadolu Agency", Creators: []string{"Aref Watad"}},
			"2016-12-19", fixture.ExtendedGUID(ext)),
		ExtendedXMP: ext,
	})
}

// hugeKeywordPacket is an XMP packet of 15 MB: a dc:subject Bag of
// 250,000 keywords.
func hugeKeywordPacket() string {
	var b bytes.Buffer
	b.WriteString(`<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">` +
		`<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:subject><rdf:Bag>`)
	for i := range 250_000 {
		fmt.Fprintf(&b, "<rdf:li>keyword number %d with some padding text</rdf:li>\n", i)
	}
	b.WriteString(`</rdf:Bag></dc:subject></rdf:Description></rdf:RDF></x:xmpmeta>`)
	return b.String()
}

// TestMemoryBoundedWhateverJobs runs captag check (as a child process, to
// read its peak RSS from the kernel) on a folder of crafted JPEGs, each of
// which costs about 150 MB to read, with -j 1 and -j 8, and check and
// write on a folder of ordinary JPEGs each with such a sidecar with -j 8:
// the peak stays under 300 MB and does not grow with -j, since the workers
// share one budget for reading (metadataBudget) and one for merging
// (mergeBudget). Before, -j 8 peaked near 900 MB, and write near 1 GB.
func TestMemoryBoundedWhateverJobs(t *testing.T) {
	if testing.Short() {
		t.Skip("writes 130 MB of crafted JPEGs")
	}
	bin, err := exec.LookPath("captag") // the test binary as captag (TestMain)
	if err != nil {
		t.Skipf("captag is not on PATH under testscript.Main: %v", err)
	}
	const files = 8
	dir, sideDir := t.TempDir(), t.TempDir()
	img := craftedExtendedXMP()
	plain := fixture.JPEG(fixture.All(fixture.Fields{Date: "20161219", Creators: []string{"Aref Watad"}, Credit: "Anadolu Agency"}))
	packet := []byte(hugeKeywordPacket())
	for i := range files {
		for _, f := range []struct {
			path string
			data []byte
		}{
			{filepath.Join(dir, fmt.Sprintf("crafted-%02d.jpg", i)), img},
			{filepath.Join(sideDir, fmt.Sprintf("plain-%02d.jpg", i)), plain},
			{filepath.Join(sideDir, fmt.Sprintf("plain-%02d.xmp", i)), packet},
		} {
			if err := os.WriteFile(f.path, f.data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	caps := filepath.Join(t.TempDir(), "captions.txt")
	if err := os.WriteFile(caps, []byte("ALEPPO, SYRIA - DECEMBER 19 : A man walks on December 19, 2016. ( Aref Watad - Anadolu Agency )\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	// write merges into the crafted sidecars: one caption per image, by name.
	csv := "file,caption\n"
	for i := range files {
		csv += fmt.Sprintf("plain-%02d.jpg,\"ALEPPO, SYRIA - DECEMBER 19 : A man walks on December 19, 2016. ( Aref Watad - Anadolu Agency )\"\n", i)
	}
	capsCSV := filepath.Join(t.TempDir(), "captions.csv")
	if err := os.WriteFile(capsCSV, []byte(csv), 0o644); err != nil {
		t.Fatal(err)
	}
	peak := map[string]int64{}
	for _, run := range []struct {
		name string
		args []string
		want string // in the report
	}{
		{"-j 1", []string{"check", "--format", "json", "-c", caps, "-j", "1", dir}, `"images": 8,`},
		{"-j 8", []string{"check", "--format", "json", "-c", caps, "-j", "8", dir}, `"images": 8,`},
		{"-j 8, crafted sidecars", []string{"check", "--format", "json", "-c", caps, "-j", "8", sideDir}, `"images": 8,`},
		{"write -j 8, crafted sidecars", []string{"write", "-c", capsCSV, "-j", "8", sideDir}, "8 sidecars: 0 created, 8 updated"},
	} {
		jobs := run.name
		cmd := exec.Command(bin, append([]string{run.args[0], "-q"}, run.args[1:]...)...)
		cmd.Env = append(os.Environ(), "GOMEMLIMIT=", "GOGC=")
		var out, errb bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &errb
		err := cmd.Run()
		if ee, ok := err.(*exec.ExitError); err != nil && (!ok || ee.ExitCode() != exitProblems) {
			t.Fatalf("%s: %v\n%s", jobs, err, errb.Bytes())
		}
		if !bytes.Contains(out.Bytes(), []byte(run.want)) {
			t.Fatalf("%s: expected %s in the report, found %.300s\n%s", jobs, run.want, out.Bytes(), errb.Bytes())
		}
		ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage)
		if !ok {
			t.Skip("no resource usage for the child process")
		}
		peak[jobs] = ru.Maxrss << 10 // KiB on Linux
		t.Logf("%s: peak RSS %d MiB", jobs, peak[jobs]>>20)
	}
	const ceiling = 300 << 20
	for jobs, p := range peak {
		if p > ceiling {
			t.Errorf("%s: peak RSS %d MiB, expected under %d MiB", jobs, p>>20, ceiling>>20)
		}
	}
	if peak["-j 8"] > peak["-j 1"]+64<<20 {
		t.Errorf("peak RSS grew with -j: %d MiB with -j 1, %d MiB with -j 8", peak["-j 1"]>>20, peak["-j 8"]>>20)
	}
}
