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
	var b bytes.Buffer
	b.WriteString(`<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">` +
		`<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:subject><rdf:Bag>`)
	for i := range 250_000 {
		fmt.Fprintf(&b, "<rdf:li>keyword number %d with some padding text</rdf:li>\n", i)
	}
	b.WriteString(`</rdf:Bag></dc:subject></rdf:Description></rdf:RDF></x:xmpmeta>`)
	ext := b.String()
	return fixture.JPEG(fixture.Spec{
		XMP: fixture.XMPPacketExtended(fixture.Fields{Credit: "Anadolu Agency", Creators: []string{"Aref Watad"}},
			"2016-12-19", fixture.ExtendedGUID(ext)),
		ExtendedXMP: ext,
	})
}

// TestMemoryBoundedWhateverJobs runs captag check (as a child process, to
// read its peak RSS from the kernel) on a folder of crafted JPEGs, each of
// which costs about 150 MB to read, with -j 1 and -j 8: the peak stays
// under 300 MB and does not grow with -j, since the workers share one
// metadata budget (metadataBudget). Before the budget, -j 8 peaked near
// 1.2 GB.
func TestMemoryBoundedWhateverJobs(t *testing.T) {
	if testing.Short() {
		t.Skip("writes 130 MB of crafted JPEGs")
	}
	bin, err := exec.LookPath("captag") // the test binary as captag (TestMain)
	if err != nil {
		t.Skipf("captag is not on PATH under testscript.Main: %v", err)
	}
	dir := t.TempDir()
	img := craftedExtendedXMP()
	const files = 8
	for i := range files {
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("crafted-%02d.jpg", i)), img, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	caps := filepath.Join(t.TempDir(), "captions.txt")
	if err := os.WriteFile(caps, []byte("ALEPPO, SYRIA - DECEMBER 19 : A man walks on December 19, 2016. ( Aref Watad - Anadolu Agency )\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	peak := map[int]int64{}
	for _, jobs := range []int{1, 8} {
		cmd := exec.Command(bin, "check", "-q", "--format", "json", "-c", caps, "-j", fmt.Sprint(jobs), dir)
		cmd.Env = append(os.Environ(), "GOMEMLIMIT=", "GOGC=")
		var out bytes.Buffer
		cmd.Stdout = &out
		err := cmd.Run()
		if ee, ok := err.(*exec.ExitError); err != nil && (!ok || ee.ExitCode() != exitProblems) {
			t.Fatalf("-j %d: %v", jobs, err)
		}
		if !bytes.Contains(out.Bytes(), []byte(`"images": 8,`)) {
			t.Fatalf("-j %d: expected a report on 8 images, found %.300s", jobs, out.Bytes())
		}
		ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage)
		if !ok {
			t.Skip("no resource usage for the child process")
		}
		peak[jobs] = ru.Maxrss << 10 // KiB on Linux
		t.Logf("-j %d: peak RSS %d MiB", jobs, peak[jobs]>>20)
	}
	const ceiling = 300 << 20
	for jobs, p := range peak {
		if p > ceiling {
			t.Errorf("-j %d: peak RSS %d MiB, expected under %d MiB", jobs, p>>20, ceiling>>20)
		}
	}
	if peak[8] > peak[1]+64<<20 {
		t.Errorf("peak RSS grew with -j: %d MiB with -j 1, %d MiB with -j 8", peak[1]>>20, peak[8]>>20)
	}
}
