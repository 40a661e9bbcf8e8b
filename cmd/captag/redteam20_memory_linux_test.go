package main

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// pngChunkBytes is one PNG chunk: length, type, data, CRC.
func pngChunkBytes(typ string, data []byte) []byte {
	b := binary.BigEndian.AppendUint32(nil, uint32(len(data)))
	b = append(append(b, typ...), data...)
	return binary.BigEndian.AppendUint32(b, crc32.ChecksumIEEE(b[4:]))
}

func deflateBytes(b []byte, level int) []byte {
	var out bytes.Buffer
	w, _ := zlib.NewWriterLevel(&out, level)
	w.Write(b)
	w.Close()
	return out.Bytes()
}

// childPeakRSS runs captag with args as a child process (the test binary
// is captag under testscript.Main) and returns its peak RSS and stdout.
func childPeakRSS(t *testing.T, args ...string) (int64, string) {
	t.Helper()
	bin, err := exec.LookPath("captag")
	if err != nil {
		t.Skipf("captag is not on PATH under testscript.Main: %v", err)
	}
	cmd := exec.Command(bin, args...)
	cmd.Env = append(os.Environ(), "GOMEMLIMIT=", "GOGC=")
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err = cmd.Run()
	if ee, ok := err.(*exec.ExitError); err != nil && (!ok || ee.ExitCode() != exitProblems) {
		t.Fatalf("captag %s: %v\n%s", strings.Join(args, " "), err, errb.Bytes())
	}
	ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	if !ok {
		t.Skip("no resource usage for the child process")
	}
	return ru.Maxrss << 10, out.String() // KiB on Linux
}

// TestRedTeam05CheckWriteMemory: issue 20 item 5, as the user sees it. 40
// PNGs of 55 KB each whose compressed XMP holds a 15 MiB dc:description
// (the red team's folder had 100): check -j 1 and write each peaked at
// 16 MB per image (1.6 GB for 100); now under 200 MB, whatever the count.
func TestRedTeam05CheckWriteMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("inflates 40 packets of 15 MiB")
	}
	const sentence = "ALEPPO, SYRIA - DECEMBER 19: Civilians evacuated from East Aleppo arrive at Rashedeen town. "
	packet := `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">` +
		`<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:photoshop="http://ns.adobe.com/photoshop/1.0/">` +
		`<dc:description><rdf:Alt><rdf:li xml:lang="x-default">` + strings.Repeat(sentence, (15<<20)/len(sentence)) + `</rdf:li></rdf:Alt></dc:description>` +
		`<dc:creator><rdf:Seq><rdf:li>Aref Watad</rdf:li></rdf:Seq></dc:creator><photoshop:DateCreated>2016-12-19</photoshop:DateCreated>` +
		`</rdf:Description></rdf:RDF></x:xmpmeta>`
	itxt := pngChunkBytes("iTXt", append([]byte("XML:com.adobe.xmp\x00\x01\x00\x00\x00"), deflateBytes([]byte(packet), zlib.BestCompression)...))
	file := []byte("\x89PNG\r\n\x1a\n")
	file = append(file, pngChunkBytes("IHDR", []byte{0, 0, 0, 1, 0, 0, 0, 1, 8, 0, 0, 0, 0})...)
	file = append(file, itxt...)
	file = append(file, pngChunkBytes("IDAT", deflateBytes([]byte{0, 0}, zlib.BestSpeed))...)
	file = append(file, pngChunkBytes("IEND", nil)...)
	dir := t.TempDir()
	csv := "file,caption\n"
	const files = 40
	for i := range files {
		name := fmt.Sprintf("img-%02d.png", i)
		if err := os.WriteFile(filepath.Join(dir, name), file, 0o644); err != nil {
			t.Fatal(err)
		}
		if i%2 == 0 {
			csv += name + ",\"ALEPPO, SYRIA - DECEMBER 19: Civilians evacuated on December 19, 2016. ( Aref Watad - Anadolu Agency )\"\n"
		}
	}
	caps := filepath.Join(t.TempDir(), "captions.csv")
	if err := os.WriteFile(caps, []byte(csv), 0o644); err != nil {
		t.Fatal(err)
	}
	const ceiling = 200 << 20
	for _, run := range []struct {
		name string
		args []string
		want string
	}{
		{"check -j 1", []string{"check", "-q", "--format", "json", "-j", "1", "-c", caps, dir}, fmt.Sprintf(`"images": %d,`, files)},
		{"write", []string{"write", "-q", "-c", caps, dir}, fmt.Sprintf("%d sidecars: %d created", files/2, files/2)},
	} {
		peak, out := childPeakRSS(t, run.args...)
		t.Logf("%s: peak RSS %d MiB", run.name, peak>>20)
		if !strings.Contains(out, run.want) {
			t.Errorf("%s: expected %q in the report, found %.300s", run.name, run.want, out)
		}
		if peak > ceiling {
			t.Errorf("%s: peak RSS %d MiB, expected under %d MiB", run.name, peak>>20, ceiling>>20)
		}
	}
}

// TestRedTeam14SheetMemoryRSS: issue 20 item 14, as the user sees it: the
// contact sheet of a 49-megapixel 16-bit PNG (a gradient, a few hundred
// KB) peaked at 448 MB, image/png decoding it whole; now under 250 MB, the
// card showing its thumbnail.
func TestRedTeam14SheetMemoryRSS(t *testing.T) {
	if testing.Short() {
		t.Skip("writes and reads a 49-megapixel PNG")
	}
	const w, h = 7000, 7000
	var z bytes.Buffer
	zw, _ := zlib.NewWriterLevel(&z, zlib.BestSpeed)
	row := make([]byte, 1+6*w)
	for y := range h {
		for x := range w {
			binary.BigEndian.PutUint16(row[1+6*x:], uint16(y*65535/h))
			binary.BigEndian.PutUint16(row[3+6*x:], uint16(x/1000)*9000)
			binary.BigEndian.PutUint16(row[5+6*x:], 30000)
		}
		zw.Write(row)
	}
	zw.Close()
	ihdr := append(binary.BigEndian.AppendUint32(binary.BigEndian.AppendUint32(nil, w), h), 16, 2, 0, 0, 0)
	file := append([]byte("\x89PNG\r\n\x1a\n"), pngChunkBytes("IHDR", ihdr)...)
	for d := z.Bytes(); len(d) > 0; {
		k := min(len(d), 1<<16)
		file = append(file, pngChunkBytes("IDAT", d[:k])...)
		d = d[k:]
	}
	file = append(file, pngChunkBytes("IEND", nil)...)
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "big.png"), file, 0o644); err != nil {
		t.Fatal(err)
	}
	caps := filepath.Join(t.TempDir(), "captions.csv")
	if err := os.WriteFile(caps, []byte("file,caption\nbig.png,\"ALEPPO, SYRIA - DECEMBER 19: A street. ( Aref Watad - Anadolu Agency )\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	page := filepath.Join(t.TempDir(), "sheet.html")
	peak, _ := childPeakRSS(t, "check", "-q", "--format", "html", "-o", page, "-c", caps, dir)
	t.Logf("check --format html: peak RSS %d MiB (PNG of %d KB)", peak>>20, len(file)>>10)
	const ceiling = 250 << 20
	if peak > ceiling {
		t.Errorf("peak RSS %d MiB, expected under %d MiB", peak>>20, ceiling>>20)
	}
	b, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(b, []byte("data:image/jpeg;base64,")) {
		t.Errorf("the page shows no thumbnail of the PNG:\n%.600s", b)
	}
}
