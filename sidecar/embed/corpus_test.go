package embed

import (
	"bufio"
	"bytes"
	"crypto/md5"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/captag/captag/metadata"
	"github.com/captag/captag/sidecar"
)

// corpusDir is the shared corpus of outside files, beside the repository.
func corpusDir(t *testing.T) string {
	t.Helper()
	dir := filepath.Join("..", "..", "..", "shared", "corpora")
	if _, err := os.Stat(filepath.Join(dir, "INDEX.tsv")); err != nil {
		t.Skipf("corpus not found at %s (it lives beside the repository as ../shared/corpora): skipping", dir)
	}
	return dir
}

// corpusJPEGs lists the JPEGs of INDEX.tsv (exiftool's reading of the
// corpus) that captag reads without error.
func corpusJPEGs(t *testing.T, dir string) []string {
	f, err := os.Open(filepath.Join(dir, "INDEX.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		c := strings.Split(sc.Text(), "\t")
		if len(c) < 4 || c[3] != "JPEG" {
			continue
		}
		p := filepath.Join(dir, c[0], c[1])
		b, err := os.ReadFile(p)
		if err != nil {
			continue
		}
		if _, err := metadata.Read(bytes.NewReader(b), int64(len(b)), p); err != nil {
			continue
		}
		out = append(out, p)
	}
	if len(out) == 0 {
		t.Fatal("no JPEG in INDEX.tsv that captag reads")
	}
	return out
}

// exiftoolJSON runs one exiftool process over files and returns its -j
// objects by SourceFile.
func exiftoolJSON(t *testing.T, args []string, files []string) map[string]map[string]any {
	t.Helper()
	cmd := exec.Command("exiftool", append([]string{"-j", "-q", "-q", "-@", "-"}, args...)...)
	cmd.Stdin = strings.NewReader(strings.Join(files, "\n") + "\n")
	out, err := cmd.Output()
	if err != nil && len(out) == 0 {
		t.Fatalf("exiftool %v: %v", args, err)
	}
	var objs []map[string]any
	if err := json.Unmarshal(out, &objs); err != nil {
		t.Fatalf("exiftool %v: output is not JSON: %v", args, err)
	}
	m := make(map[string]map[string]any, len(objs))
	for _, o := range objs {
		s, _ := o["SourceFile"].(string)
		m[s] = o
	}
	return m
}

// warningsOf returns the Warning values of a -validate -warning -a -G4
// object (one key per copy).
func warningsOf(o map[string]any) map[string]bool {
	w := map[string]bool{}
	for k, v := range o {
		if k == "Warning" || strings.HasSuffix(k, ":Warning") || strings.HasSuffix(k, ":Error") || k == "Error" {
			w[fmt.Sprint(v)] = true
		}
	}
	return w
}

func str(v any) string {
	switch x := v.(type) {
	case nil:
		return ""
	case []any:
		var s []string
		for _, e := range x {
			s = append(s, fmt.Sprint(e))
		}
		return strings.Join(s, "; ")
	}
	return fmt.Sprint(v)
}

// TestCorpusInterop (it skips the tools' part when exiftool is missing) embeds the Aleppo caption (File, with Options.EXIF,
// on a copy) into every corpus JPEG that captag reads and checks: a
// refused file is byte for byte as it was; a second run changes nothing; with exiftool and exiv2 (the readers a desk's
// systems use): no validation warning that the original did not have; the
// caption, creator, credit and date read back from IIM and XMP; the IPTC
// digest is the MD5 of the new IIM block; and in Go, the scan and every
// segment embed does not own are byte for byte the original's.
func TestCorpusInterop(t *testing.T) {
	dir := corpusDir(t)
	files := corpusJPEGs(t, dir)
	tmp := t.TempDir()
	rec := aleppo()
	var origs, outs []string
	newOf := map[string]string{}
	exifDone := map[string][]string{} // the EXIF tags written (Options.EXIF writes what it safely can)
	exifFiles := 0
	refusals := map[string]int{}
	for i, p := range files {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		// The whole file step on a copy: File, then File again.
		np := filepath.Join(tmp, fmt.Sprintf("%03d.jpg", i))
		if err := os.WriteFile(np, b, 0o644); err != nil {
			t.Fatal(err)
		}
		fres, err := File(np, rec, FileOptions{Options: Options{EXIF: true}})
		got, rerr := os.ReadFile(np)
		if rerr != nil {
			t.Fatal(rerr)
		}
		var re *RefusedError
		switch {
		case errors.As(err, &re):
			refusals[digitsOut(re.Reason)]++
			if !bytes.Equal(got, b) {
				t.Errorf("%s: refused (%s) but changed", p, re.Reason)
			}
			continue
		case err != nil:
			t.Errorf("%s: %v", p, err)
			continue
		case fres.Outcome != sidecar.Updated:
			t.Errorf("%s: outcome %v, want Updated", p, fres.Outcome)
			continue
		}
		checkUntouchedEXIF(t, b, got, true)
		exifDone[p] = fres.EXIF
		// captag reads back what it wrote, in every store it wrote.
		im := read(t, got)
		if im.IPTC == nil || im.XMP == nil || im.IPTC.Credit != "Anadolu Agency" || im.XMP.Credit != "Anadolu Agency" {
			t.Errorf("%s: captag does not read the credit back from IIM and XMP", p)
		}
		for _, tag := range fres.EXIF {
			if tag == "IFD0 Artist" && (im.EXIF == nil || strings.Join(im.EXIF.Creators, "; ") != "Aref Watad") {
				t.Errorf("%s: captag does not read the EXIF Artist back", p)
			}
		}
		if len(fres.EXIF) > 0 {
			exifFiles++
		}
		// Idempotent: the second run changes no byte.
		fres, err = File(np, rec, FileOptions{Options: Options{EXIF: true}})
		again, _ := os.ReadFile(np)
		if err != nil || fres.Outcome != sidecar.Unchanged || !bytes.Equal(again, got) {
			t.Errorf("%s: second run: %v, outcome %v, bytes equal %v", p, err, fres.Outcome, bytes.Equal(again, got))
		}
		origs = append(origs, p)
		outs = append(outs, np)
		newOf[p] = np
	}
	keys := make([]string, 0, len(refusals))
	for k := range refusals {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		t.Logf("refused %3d: %s", refusals[k], k)
	}
	t.Logf("%d corpus JPEGs captag reads; %d embedded (EXIF tags written in %d), %d refused", len(files), len(outs), exifFiles, len(files)-len(outs))
	if len(outs) < len(files)/2 {
		t.Errorf("expected most corpus JPEGs embedded, found %d of %d", len(outs), len(files))
	}

	if _, err := exec.LookPath("exiftool"); err != nil {
		t.Skip("exiftool not on PATH: the Go checks passed; skipping the exiftool and exiv2 checks")
	}
	haveExiv2 := true
	if _, err := exec.LookPath("exiv2"); err != nil {
		t.Log("exiv2 not on PATH: its half of the check is skipped")
		haveExiv2 = false
	}

	// (a) no new validation warning.
	val := []string{"-G4", "-a", "-validate", "-warning", "-error"}
	before := exiftoolJSON(t, val, origs)
	after := exiftoolJSON(t, val, outs)
	for _, p := range origs {
		old := warningsOf(before[p])
		for w := range warningsOf(after[newOf[p]]) {
			if !old[w] && !strings.Contains(w, "IPTCDigest is not current") {
				t.Errorf("%s: new exiftool warning after embedding: %s", p, w)
			}
		}
	}

	// (b) exiftool reads the values from both stores; (c) the digest.
	tags := []string{"-G1", "-IPTC:Caption-Abstract", "-IPTC:By-line", "-IPTC:Credit", "-IPTC:DateCreated",
		"-XMP-dc:Description", "-XMP-dc:Creator", "-XMP-photoshop:Credit", "-XMP-photoshop:DateCreated",
		"-Photoshop:IPTCDigest", "-File:CurrentIPTCDigest", "-IFD0:Artist", "-IFD0:ImageDescription", "-IFD0:Copyright"}
	vals := exiftoolJSON(t, tags, outs)
	for _, p := range origs {
		np := newOf[p]
		o := vals[np]
		want := map[string]string{
			"IPTC:Caption-Abstract": rec.Text, "IPTC:By-line": "Aref Watad", "IPTC:Credit": "Anadolu Agency",
			"XMP-dc:Description": rec.Text, "XMP-dc:Creator": "Aref Watad", "XMP-photoshop:Credit": "Anadolu Agency",
		}
		for _, tag := range exifDone[p] {
			switch tag {
			case "IFD0 Artist":
				want["IFD0:Artist"] = "Aref Watad"
			case "IFD0 ImageDescription":
				want["IFD0:ImageDescription"] = rec.Text
			case "IFD0 Copyright":
				want["IFD0:Copyright"] = rec.Copyright
			}
		}
		for k, v := range want {
			if got := str(o[k]); got != v {
				t.Errorf("%s: exiftool %s = %q, want %q", p, k, got, v)
			}
		}
		for _, k := range []string{"IPTC:DateCreated", "XMP-photoshop:DateCreated"} {
			if got := str(o[k]); !strings.HasPrefix(got, "2016:12:19") {
				t.Errorf("%s: exiftool %s = %q, want 2016:12:19…", p, k, got)
			}
		}
		b, _ := os.ReadFile(np)
		iim, _ := testIIM(t, b)
		sum := md5.Sum(iim)
		if got := str(o["Photoshop:IPTCDigest"]); !strings.EqualFold(got, hex.EncodeToString(sum[:])) || got != str(o["File:CurrentIPTCDigest"]) {
			t.Errorf("%s: exiftool IPTCDigest %q, CurrentIPTCDigest %q, MD5 of the IIM %x", p, got, str(o["File:CurrentIPTCDigest"]), sum)
		}
	}

	if !haveExiv2 {
		return
	}
	// (b) exiv2 reads them too (one process for all files).
	keysExiv2 := []string{"Iptc.Application2.Caption", "Iptc.Application2.Byline", "Iptc.Application2.Credit", "Iptc.Application2.DateCreated",
		"Xmp.dc.description", "Xmp.dc.creator", "Xmp.photoshop.Credit", "Xmp.photoshop.DateCreated"}
	args := []string{"-q", "-Pkv"}
	for _, k := range keysExiv2 {
		args = append(args, "-K", k)
	}
	out, _ := exec.Command("exiv2", append(args, outs...)...).Output()
	got := map[string]map[string]string{}
	for _, line := range strings.Split(string(out), "\n") {
		f := strings.Fields(line)
		if len(f) < 3 {
			continue
		}
		// "FILE  KEY  VALUE…"
		i := strings.Index(line, f[1])
		v := strings.TrimSpace(line[i+len(f[1]):])
		if got[f[0]] == nil {
			got[f[0]] = map[string]string{}
		}
		got[f[0]][f[1]] = v
	}
	// exiv2 (Adobe's XMP toolkit) refuses some packets that exiftool and
	// captag read (a property given twice): such a file's XMP is left out.
	var withXMP []string
	for _, p := range origs {
		b, _ := os.ReadFile(p)
		segs, _ := testSegments(t, b)
		for _, s := range segs {
			if isOurs(s) && s[1] == 0xE1 {
				withXMP = append(withXMP, p)
			}
		}
	}
	readable := map[string]bool{}
	if len(withXMP) > 0 {
		out, _ := exec.Command("exiv2", append([]string{"-q", "-PXkv"}, withXMP...)...).Output()
		for _, line := range strings.Split(string(out), "\n") {
			for _, p := range withXMP {
				if strings.HasPrefix(line, p+" ") {
					readable[p] = true
				}
			}
		}
	}
	for _, p := range origs {
		g := got[newOf[p]]
		want := map[string]string{
			"Iptc.Application2.Caption": rec.Text, "Iptc.Application2.Byline": "Aref Watad", "Iptc.Application2.Credit": "Anadolu Agency",
			"Xmp.dc.description": `lang="x-default" ` + rec.Text, "Xmp.dc.creator": "Aref Watad", "Xmp.photoshop.Credit": "Anadolu Agency",
		}
		brokenXMP := false
		for _, w := range withXMP {
			if w == p && !readable[p] {
				brokenXMP = true
			}
		}
		if brokenXMP {
			t.Logf("%s: exiv2 cannot read the original's XMP either; only its IIM is checked", p)
		}
		for k, v := range want {
			if brokenXMP && strings.HasPrefix(k, "Xmp.") {
				continue
			}
			if g[k] != v {
				t.Errorf("%s: exiv2 %s = %q, want %q", p, k, g[k], v)
			}
		}
		for _, k := range []string{"Iptc.Application2.DateCreated", "Xmp.photoshop.DateCreated"} {
			if brokenXMP && strings.HasPrefix(k, "Xmp.") {
				continue
			}
			if !strings.HasPrefix(g[k], "2016-12-19") {
				t.Errorf("%s: exiv2 %s = %q, want 2016-12-19…", p, k, g[k])
			}
		}
	}
}

// digitsOut replaces the numbers of a message by "N", to group refusals.
func digitsOut(s string) string {
	var b strings.Builder
	prev := false
	for _, r := range s {
		d := r >= '0' && r <= '9' || prev && (r >= 'A' && r <= 'F')
		if d && !prev {
			b.WriteByte('N')
		}
		if !d {
			b.WriteRune(r)
		}
		prev = d
	}
	return b.String()
}
