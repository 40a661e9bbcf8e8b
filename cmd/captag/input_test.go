package main

// Issue 11, items 3, 4, 6 and 14: caption files in other encodings, broken
// records, endless input, and the messages about them.

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
	"unicode/utf16"

	"github.com/captag/captag/metadata"
)

// A real caption with names that Windows-1252 holds (EFE, quoted in
// metadata/caption/testdata/realworld/captions.jsonl as rw-061 from
// https://www.elconfidencial.com/multimedia/album/dia-en-24-fotos/2024-03-21/fotos-dia-prisiones-pogacar-fed_3852526/).
const (
	garciaCaption = "El esloveno Tadej Pogacar (UAE Team Emirates) gana la tercera etapa de la Volta Ciclista a Cataluña, la segunda seguida en su cuenta particular, tras cruzar la meta en solitario en la estación de esquí de Port Ainé, un puerto de categoría especial a 1.960 metros de altitud. Foto: EFE/Quique García."
	garcia        = "Quique García"
)

// toWindows1252 encodes s, which must hold only Latin-1 letters.
func toWindows1252(t *testing.T, s string) []byte {
	t.Helper()
	var b []byte
	for _, r := range s {
		if r >= 0x100 || (0x80 <= r && r < 0xA0) {
			t.Fatalf("%q is not a Latin-1 letter", r)
		}
		b = append(b, byte(r))
	}
	return b
}

func toUTF16LE(s string) []byte {
	var b []byte
	for _, u := range utf16.Encode([]rune(s)) {
		b = binary.LittleEndian.AppendUint16(b, u)
	}
	return b
}

// readSidecarAt reads the sidecar at path, failing the test when it is
// missing or not XMP.
func readSidecarAt(t *testing.T, path string) *metadata.Store {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	st, _, err := metadata.ReadSidecar(f)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return st
}

// TestWriteEncodings (item 3): a caption file saved as Windows-1252 (a
// CSV from Excel) or as UTF-16LE without a byte order mark (Windows'
// "Unicode text") gives sidecars whose names and captions are intact, and
// the guess is named on stderr; forcing the wrong encoding never puts
// U+FFFD into a sidecar: write leaves the image alone, names the record
// and exits 1.
func TestWriteEncodings(t *testing.T) {
	csvText := "file,caption\r\naleppo-01.jpg,\"" + garciaCaption + "\"\r\n"
	cases := []struct {
		name     string
		file     string
		content  []byte
		args     []string
		wantCode int
		wantErr  string // on stderr
		wantOut  string // in the report
	}{
		{"windows-1252 csv", "c.csv", toWindows1252(t, csvText), nil, exitOK,
			"captag: warning: CAPS: read as Windows-1252: the file is not UTF-8 (line 2 has the byte 0xF1)", "created"},
		{"windows-1252 given", "c.csv", toWindows1252(t, csvText), []string{"--encoding", "windows-1252"}, exitOK, "", "created"},
		{"utf-16le text without bom", "c.txt", toUTF16LE("aleppo-01.jpg\r\n" + garciaCaption + "\r\n"), nil, exitOK,
			"captag: warning: CAPS: read as UTF-16LE: the file has no byte order mark", "created"},
		{"windows-1252 said to be utf-8", "c.csv", toWindows1252(t, csvText), []string{"--encoding", "utf-8"}, exitProblems,
			"captag: hint: records of CAPS hold U+FFFD: the file may not be utf-8",
			"left alone  ALEPPO/aleppo-01.xmp  caption line 2 has U+FFFD in its text, in place of a character the caption file's encoding could not give; not written"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			dir := copySample(t)
			caps := filepath.Join(t.TempDir(), tc.file)
			if err := os.WriteFile(caps, tc.content, 0o644); err != nil {
				t.Fatal(err)
			}
			e, out, errb := testEnv(false, false, nil)
			args := append([]string{"write", "--captions", caps, "--by", "name"}, tc.args...)
			code := runEnv(context.Background(), e, append(args, filepath.Join(dir, "aleppo-01.jpg")))
			if code != tc.wantCode {
				t.Fatalf("exit %d, want %d\nstdout:\n%s\nstderr:\n%s", code, tc.wantCode, out, errb)
			}
			wantErr := strings.ReplaceAll(tc.wantErr, "CAPS", caps)
			if !strings.Contains(errb.String(), wantErr) {
				t.Errorf("stderr does not say %q:\n%s", wantErr, errb)
			}
			if wantOut := strings.ReplaceAll(tc.wantOut, "ALEPPO", dir); !strings.Contains(out.String(), wantOut) {
				t.Errorf("report does not say %q:\n%s", wantOut, out)
			}
			xmp := filepath.Join(dir, "aleppo-01.xmp")
			if tc.wantCode != exitOK {
				if _, err := os.Stat(xmp); !errors.Is(err, os.ErrNotExist) {
					t.Errorf("a sidecar was written from a record holding U+FFFD (stat: %v)", err)
				}
				return
			}
			st := readSidecarAt(t, xmp)
			if st.Description != garciaCaption || !slices.Equal(st.Creators, []string{garcia}) {
				t.Errorf("sidecar says creators %q, description %q; want %q and the caption intact", st.Creators, st.Description, garcia)
			}
			if exiftool, err := exec.LookPath("exiftool"); err == nil {
				got, err := exec.Command(exiftool, "-s3", "-XMP-dc:Creator", xmp).Output()
				if err != nil || strings.TrimSpace(string(got)) != garcia {
					t.Errorf("exiftool reads dc:creator %q (%v), want %q", got, err, garcia)
				}
			}
		})
	}
}

// TestWriteRefusesBrokenRecord (item 4): a CSV row whose quote is never
// closed swallows the next row into its caption and has too few fields:
// an error-level problem. write leaves its image alone, names the line
// and the problem, exits 1, and still writes the good row.
func TestWriteRefusesBrokenRecord(t *testing.T) {
	dir := copySample(t)
	caps := filepath.Join(t.TempDir(), "broken.csv")
	csvText := "file,caption,creator\n" +
		"aleppo-01.jpg,\"ALEPPO, SYRIA - DECEMBER 19: One on December 19, 2016.\",Aref Watad\n" +
		"aleppo-02.jpg,\"ALEPPO, SYRIA - DECEMBER 19: Two, unterminated on December 19, 2016.,Aref Watad\n" +
		"aleppo-03.jpg,ALEPPO SYRIA - DECEMBER 19: Three on December 19 2016.,Aref Watad\n"
	if err := os.WriteFile(caps, []byte(csvText), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, dry := range []bool{true, false} {
		e, out, errb := testEnv(false, false, nil)
		args := []string{"write", "--captions", caps, "--by", "name", dir}
		if dry {
			args = append(args, "--dry-run")
		}
		if code := runEnv(context.Background(), e, args); code != exitProblems {
			t.Fatalf("dry run %v: exit %d, want %d\nstdout:\n%s\nstderr:\n%s", dry, code, exitProblems, out, errb)
		}
		want := "left alone " + filepath.Join(dir, "aleppo-02.xmp") + " caption line 3 has an error: expected 3 fields as in the header on line 1, found 2; not written"
		if !strings.Contains(strings.Join(strings.Fields(out.String()), " "), want) {
			t.Errorf("dry run %v: the report does not say %q:\n%s", dry, want, out)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "aleppo-02.xmp")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the broken row was written (stat: %v)", err)
	}
	if st := readSidecarAt(t, filepath.Join(dir, "aleppo-01.xmp")); !strings.HasPrefix(st.Description, "ALEPPO, SYRIA - DECEMBER 19: One") {
		t.Errorf("the good row's sidecar says %q", st.Description)
	}
}

// endlessInput is `yes`: pattern ("y\n" by default) without end. After
// cancelAt bytes it cancels the run's context, as Ctrl-C would while the
// input is read. So that a test of a captag that ignores the cancel ends
// (and fails) rather than hangs, the input does end after endlessLimit
// bytes, far past any cancel.
type endlessInput struct {
	pattern     string
	n, cancelAt int
	cancel      func()
	limit       int // endlessLimit when 0
}

const endlessLimit = 8 << 20

func (y *endlessInput) Read(b []byte) (int, error) {
	if y.pattern == "" {
		y.pattern = "y\n"
	}
	if y.limit == 0 {
		y.limit = endlessLimit
	}
	if y.n >= y.limit {
		return 0, io.EOF
	}
	b = b[:min(len(b), y.limit-y.n)]
	for i := range b {
		b[i] = y.pattern[(y.n+i)%len(y.pattern)]
	}
	y.n += len(b)
	if y.n >= y.cancelAt && y.cancel != nil {
		y.cancel()
		y.cancel = nil
	}
	return len(b), nil
}

// TestEndlessCaptionsInterrupted (item 6): every command that reads a
// caption file stops on an endless standard input when its context is
// cancelled, with exit 130, having read little past the cancel.
func TestEndlessCaptionsInterrupted(t *testing.T) {
	dir := copySample(t)
	for _, tc := range []struct {
		pattern string
		args    []string
	}{
		{"y\n", []string{"captions", "-"}},
		{" \n", []string{"captions", "--input-format", "jsonl", "-"}},
		{"y,", []string{"captions", "--input-format", "csv", "-"}},
		{"y\n", []string{"match", "-c", "-", dir}},
		{"y\n", []string{"check", "-c", "-", dir}},
		{"y\n", []string{"write", "-c", "-", dir}},
	} {
		ctx, cancel := context.WithCancel(context.Background())
		in := &endlessInput{pattern: tc.pattern, cancelAt: 256 << 10, cancel: cancel}
		e, out, errb := testEnv(false, false, nil)
		e.stdin = in
		code := runEnv(ctx, e, tc.args)
		cancel()
		if code != exitInterrupted {
			t.Errorf("%q: exit %d, want %d\nstdout:\n%s\nstderr:\n%s", tc.args, code, exitInterrupted, out, errb)
		}
		if !strings.Contains(errb.String(), "captag: error: interrupted") {
			t.Errorf("%q: stderr does not say interrupted:\n%s", tc.args, errb)
		}
		if over := in.n - in.cancelAt; over > 1<<20 {
			t.Errorf("%q: read %d bytes after the cancel", tc.args, over)
		}
	}
}

// TestJSONLinesThatAreNot (item 6): `yes | captag captions --input-format
// jsonl -` stops after 100 lines that are not JSON objects, with an error
// that says so, instead of keeping a record per line without end.
func TestJSONLinesThatAreNot(t *testing.T) {
	e, _, errb := testEnv(false, false, nil)
	e.stdin = &endlessInput{limit: 256 << 10}
	if code := runEnv(context.Background(), e, []string{"captions", "--input-format", "jsonl", "-"}); code != exitCannotRun {
		t.Errorf("exit %d, want %d; stderr:\n%s", code, exitCannotRun, errb)
	}
	if want := "captag: error: caption: stdin:1: expected JSON Lines caption records, found 100 lines in a row that are not JSON objects"; !strings.Contains(errb.String(), want) {
		t.Errorf("stderr does not say %q:\n%s", want, errb)
	}
}

// TestCaptionsNotText (item 6): a caption file that is not text stops with
// an error that says so, whatever its size: NUL bytes read as JSON Lines
// (/dev/zero: see TestCaptionsSignal for the real device), and text that
// turns into NUL bytes after 4 KiB (stopped after 1 MiB).
func TestCaptionsNotText(t *testing.T) {
	e, _, errb := testEnv(false, false, nil)
	e.stdin = io.LimitReader(zeroReader{}, 64<<20)
	if code := runEnv(context.Background(), e, []string{"captions", "--input-format", "jsonl", "-"}); code != exitCannotRun {
		t.Errorf("NUL bytes: exit %d, want %d; stderr:\n%s", code, exitCannotRun, errb)
	}
	if want := "captag: error: caption: stdin:1: expected jsonl caption records, found binary data (a NUL byte)"; !strings.Contains(errb.String(), want) {
		t.Errorf("NUL bytes: stderr does not say %q:\n%s", want, errb)
	}
	e, _, errb = testEnv(false, false, nil)
	e.stdin = io.MultiReader(strings.NewReader(strings.Repeat("ALEPPO, SYRIA - DECEMBER 19: x. ( Aref Watad - Anadolu Agency )\n\n", 100)), io.LimitReader(zeroReader{}, 64<<20))
	if code := runEnv(context.Background(), e, []string{"captions", "-"}); code != exitCannotRun {
		t.Errorf("text then NUL bytes: exit %d, want %d; stderr:\n%s", code, exitCannotRun, errb)
	}
	if want := "captag: error: caption: stdin: expected caption text, found binary data: "; !strings.Contains(errb.String(), want) {
		t.Errorf("text then NUL bytes: stderr does not say %q:\n%s", want, errb)
	}
}

type zeroReader struct{}

func (zeroReader) Read(b []byte) (int, error) { clear(b); return len(b), nil }

// TestCaptionsSignal (item 6) sends a real SIGINT and SIGTERM to `captag
// captions -` reading `yes`: it must exit 130. The signal is sent once
// captag has read a megabyte, and the test gives it a minute before it
// kills it and fails: it never waits on a clock to pass.
func TestCaptionsSignal(t *testing.T) {
	if os.Getenv(interopChildEnv) != "" {
		t.Skip("running as a child of another captag test")
	}
	bin := captagBinary(t)
	// The device that never ends: no signal needed, it is not text.
	if _, err := os.Stat("/dev/zero"); err == nil {
		cmd := exec.Command(bin, "captions", "--input-format", "jsonl", "/dev/zero")
		cmd.Env = append(os.Environ(), interopChildEnv+"=1", "NO_COLOR=1")
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		err := waitOrKill(t, cmd, "/dev/zero")
		var ee *exec.ExitError
		if !errors.As(err, &ee) || ee.ExitCode() != exitCannotRun || !strings.Contains(stderr.String(), "found binary data") {
			t.Errorf("/dev/zero: %v, want exit %d; stderr:\n%s", err, exitCannotRun, stderr.String())
		}
	}
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
		for _, args := range [][]string{{"captions", "-"}, {"captions", "--input-format", "jsonl", "-"}} {
			cmd := exec.Command(bin, args...)
			cmd.Env = append(os.Environ(), interopChildEnv+"=1", "NO_COLOR=1")
			stdin, err := cmd.StdinPipe()
			if err != nil {
				t.Fatal(err)
			}
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			fed := make(chan struct{}) // closed after a megabyte, or when captag stops reading
			var once sync.Once
			go func() {
				defer once.Do(func() { close(fed) })
				chunk := bytes.Repeat([]byte("y\n"), 32<<10)
				if args[1] == "--input-format" {
					chunk = bytes.Repeat([]byte(" \n"), 32<<10) // blank JSON Lines
				}
				for n := 0; ; n += len(chunk) {
					if _, err := stdin.Write(chunk); err != nil {
						return // captag exited
					}
					if n == 1<<20 {
						once.Do(func() { close(fed) })
					}
				}
			}()
			<-fed
			if err := cmd.Process.Signal(sig); err != nil {
				t.Fatal(err)
			}
			err = waitOrKill(t, cmd, fmt.Sprintf("%v %q", sig, args))
			stdin.Close()
			var ee *exec.ExitError
			if !errors.As(err, &ee) || ee.ExitCode() != exitInterrupted {
				t.Errorf("%v %q: %v, want exit %d; stderr:\n%s", sig, args, err, exitInterrupted, stderr.String())
			}
		}
	}
}

// waitOrKill waits for cmd; if it still runs a minute later (it ignored
// the signal, or read its input without end) it is killed and the test
// fails.
func waitOrKill(t *testing.T, cmd *exec.Cmd, what string) error {
	t.Helper()
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	select {
	case err := <-exited:
		return err
	case <-time.After(time.Minute):
		cmd.Process.Kill()
		<-exited
		t.Fatalf("%s: captag still running after a minute", what)
		return nil
	}
}

// TestMessagesNameTheProblem (item 14): a text file of one 3 MB line is a
// record too long, not "binary data"; a UTF-16LE caption file is read.
func TestMessagesNameTheProblem(t *testing.T) {
	dir := t.TempDir()
	long := filepath.Join(dir, "long.txt")
	if err := os.WriteFile(long, bytes.Repeat([]byte("ALEPPO caption word "), 3_000_000/20), 0o644); err != nil {
		t.Fatal(err)
	}
	u16 := filepath.Join(dir, "u16.txt")
	if err := os.WriteFile(u16, append([]byte{0xFF, 0xFE}, toUTF16LE("ALEPPO, SYRIA - DECEMBER 19: A girl on December 19, 2016. ( Aref Watad - Anadolu Agency )\r\n")...), 0o644); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		file     string
		wantCode int
		want     string
	}{
		{long, exitProblems, "error: record longer than 1048576 bytes (3000000 bytes on one line); skipped"},
		{u16, exitOK, "2016-12-19  Aleppo, Syria  Aref Watad / Anadolu Agency"},
	}
	for _, tc := range cases {
		e, out, errb := testEnv(false, false, nil)
		code := runEnv(context.Background(), e, []string{"captions", tc.file})
		if code != tc.wantCode || !strings.Contains(out.String(), tc.want) || strings.Contains(out.String()+errb.String(), "binary") {
			t.Errorf("%s: exit %d (want %d)\nstdout:\n%s\nstderr:\n%s\nwant %q", filepath.Base(tc.file), code, tc.wantCode, out, errb, tc.want)
		}
	}
}

// jpegWithRepeatedIIM is a small JPEG whose Photoshop APP13 holds n empty
// IPTC resources (the crafted file of issue 11, item 14).
func jpegWithRepeatedIIM(n int) []byte {
	var irb []byte
	for range n {
		irb = append(irb, "8BIM\x04\x04\x00\x00\x00\x00\x00\x00"...) // id 0x0404, empty name, 0 bytes
	}
	payload := append([]byte("Photoshop 3.0\x00"), irb...)
	b := []byte{0xFF, 0xD8, 0xFF, 0xED}
	b = binary.BigEndian.AppendUint16(b, uint16(len(payload)+2))
	b = append(b, payload...)
	return append(b, 0xFF, 0xD9)
}

// TestRepeatedWarningsCounted (item 14): a crafted JPEG whose APP13 holds
// 4,097 IPTC resources once gave 4,096 warning lines; the IIM reader now
// stops at its cap with one warning, so the report has a line or two, not
// thousands (text and JSON). Whatever still repeats is said once and
// counted (desk's TestCollapseRepeats).
func TestRepeatedWarningsCounted(t *testing.T) {
	dir := t.TempDir()
	img := filepath.Join(dir, "many.jpg")
	if err := os.WriteFile(img, jpegWithRepeatedIIM(4097), 0o644); err != nil {
		t.Fatal(err)
	}
	e, out, errb := testEnv(false, false, nil)
	runEnv(context.Background(), e, []string{"inspect", img})
	if n := strings.Count(out.String(), "warning:"); n == 0 || n > 3 || !strings.Contains(out.String(), "IPTC-NAA resources (0x0404), found more") {
		t.Errorf("%d warning lines, want 1 to 3, one of them the IPTC resource cap:\n%s%s", n, out, errb)
	}
	e, out, _ = testEnv(false, false, nil)
	runEnv(context.Background(), e, []string{"inspect", "--format", "json", img})
	var items []struct{ Warnings []string }
	if err := json.Unmarshal(out.Bytes(), &items); err != nil || len(items) != 1 || len(items[0].Warnings) == 0 || len(items[0].Warnings) > 3 {
		t.Errorf("JSON warnings: %v %+v", err, items)
	}
}

// TestJSONPathBytes (item 14): a file name that is not UTF-8 comes out in
// JSON with U+FFFD (JSON strings are Unicode) and beside it its bytes in
// base64, which open the file; a UTF-8 name has no such key.
func TestJSONPathBytes(t *testing.T) {
	dir := t.TempDir()
	name := "caf\xe9.jpg" // Latin-1 é, as a Windows share gives it
	img, err := os.ReadFile(filepath.Join("..", "..", "testdata", "aleppo", "aleppo-01.jpg"))
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []string{name, "plain.jpg"} {
		if err := os.WriteFile(filepath.Join(dir, n), img, 0o644); err != nil {
			t.Skipf("this file system refuses the name %q: %v", n, err)
		}
	}
	caps := filepath.Join(t.TempDir(), "c.txt")
	if err := os.WriteFile(caps, []byte("ALEPPO, SYRIA - DECEMBER 19: x on December 19, 2016. ( Aref Watad - Anadolu Agency )\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	raw := filepath.Join(dir, name)
	for _, args := range [][]string{
		{"inspect", "--format", "json", dir},
		{"match", "--format", "json", "-c", caps, dir},
		{"check", "--format", "json", "-c", caps, dir},
	} {
		e, out, errb := testEnv(false, false, nil)
		runEnv(context.Background(), e, args)
		var found []string // every path_bytes / image_bytes, decoded
		var walk func(v any)
		walk = func(v any) {
			switch v := v.(type) {
			case map[string]any:
				for k, x := range v {
					if s, ok := x.(string); ok && (k == "path_bytes" || k == "image_bytes") {
						b, err := base64.StdEncoding.DecodeString(s)
						if err != nil {
							t.Errorf("%s: %s %q is not base64", args[0], k, s)
						}
						found = append(found, string(b))
						if p, _ := v[strings.TrimSuffix(k, "_bytes")].(string); p != strings.ToValidUTF8(string(b), "\uFFFD") {
							t.Errorf("%s: %s beside %q", args[0], k, p)
						}
					}
					walk(x)
				}
			case []any:
				for _, x := range v {
					walk(x)
				}
			}
		}
		var doc any
		if err := json.Unmarshal(out.Bytes(), &doc); err != nil {
			t.Fatalf("%s: %v\n%s%s", args[0], err, out, errb)
		}
		walk(doc)
		if len(found) == 0 || slices.ContainsFunc(found, func(s string) bool { return s != raw }) {
			t.Errorf("%s: raw names %q, want %q only", args[0], found, raw)
			continue
		}
		if _, err := os.Stat(found[0]); err != nil {
			t.Errorf("%s: the raw name does not open the file: %v", args[0], err)
		}
	}
}

// TestExiftoolExportsInOtherEncodings (item 3, real tool and real files):
// exiftool's CSV export of two corpus images with Latin-1 names, once with
// -L (exiftool's "Windows Latin1" output: Windows-1252 bytes) and once as
// UTF-8 saved again as UTF-16LE with a byte order mark (Windows' "Unicode
// text"), reads as the same records as the UTF-8 export; write puts the
// names into the sidecars intact, as exiftool reads them back. The
// images: ../shared/corpora/bep-imagemeta/bep/sunrise.jpg (XMP creator
// "Bjørn Erik Pedersen") and ../shared/corpora/exiv2/exiv2-bug501.jpg (IIM
// caption "Porträtt på Eva", by-line "Elsa Nordh").
func TestExiftoolExportsInOtherEncodings(t *testing.T) {
	needTools(t, "exiftool")
	corpora := filepath.Join("..", "..", "..", "shared", "corpora")
	dir := t.TempDir()
	for _, p := range []string{"bep-imagemeta/bep/sunrise.jpg", "exiv2/exiv2-bug501.jpg"} {
		b, err := os.ReadFile(filepath.Join(corpora, p))
		if err != nil {
			t.Skipf("corpus file not found (../shared/corpora lives beside the repository): %v", err)
		}
		if err := os.WriteFile(filepath.Join(dir, filepath.Base(p)), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	export := func(latin bool) []byte {
		args := []string{"-csv", "-XMP-dc:Description", "-IPTC:Caption-Abstract", "-XMP-dc:Creator", "-IPTC:By-line", "-ext", "jpg", "."}
		if latin {
			args = append([]string{"-L"}, args...)
		}
		cmd := exec.Command("exiftool", args...)
		cmd.Dir = dir
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("exiftool %q: %v", args, err)
		}
		return out
	}
	utf8CSV := export(false)
	files := map[string][]byte{
		"latin.csv": export(true),
		"utf16.csv": append([]byte{0xFF, 0xFE}, toUTF16LE(string(utf8CSV))...),
	}
	if bytes.Equal(files["latin.csv"], utf8CSV) {
		t.Fatalf("exiftool -L wrote UTF-8:\n%s", utf8CSV)
	}
	type rec struct {
		File     string   `json:"file"`
		Text     string   `json:"text"`
		Creators []string `json:"creators"`
	}
	parse := func(name string, content []byte) []rec {
		path := filepath.Join(t.TempDir(), name)
		if err := os.WriteFile(path, content, 0o644); err != nil {
			t.Fatal(err)
		}
		e, out, errb := testEnv(false, false, nil)
		if code := runEnv(context.Background(), e, []string{"captions", "--format", "json", path}); code == exitCannotRun {
			t.Fatalf("%s: exit %d; stderr:\n%s", name, code, errb)
		}
		var recs []rec
		if err := json.Unmarshal(out.Bytes(), &recs); err != nil {
			t.Fatal(err)
		}
		return recs
	}
	want := parse("utf8.csv", utf8CSV)
	if len(want) != 2 || want[0].Text != "Porträtt på Eva" || !slices.Equal(want[1].Creators, []string{"Bjørn Erik Pedersen"}) {
		t.Fatalf("the UTF-8 export reads as %+v", want)
	}
	for name, content := range files {
		if got := parse(name, content); !slices.EqualFunc(got, want, func(a, b rec) bool {
			return a.File == b.File && a.Text == b.Text && slices.Equal(a.Creators, b.Creators)
		}) {
			t.Errorf("%s reads as %+v, want %+v", name, got, want)
		}
	}
	caps := filepath.Join(t.TempDir(), "latin.csv")
	if err := os.WriteFile(caps, files["latin.csv"], 0o644); err != nil {
		t.Fatal(err)
	}
	e, out, errb := testEnv(false, false, nil)
	if code := runEnv(context.Background(), e, []string{"write", "-c", caps, "--by", "name", dir}); code != exitOK {
		t.Fatalf("write: exit %d\n%s%s", code, out, errb)
	}
	got, err := exec.Command("exiftool", "-s3", "-XMP-dc:Creator", filepath.Join(dir, "sunrise.xmp")).Output()
	if err != nil || strings.TrimSpace(string(got)) != "Bjørn Erik Pedersen" {
		t.Errorf("exiftool reads the sidecar's creator as %q (%v)", got, err)
	}
}
