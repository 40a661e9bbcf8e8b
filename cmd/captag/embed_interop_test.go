package main

// Interop test of write --embed (issue 14): on the sample folder, the real
// exiftool validates the JPEGs after the write with no warning they did
// not have before, and exiftool (and exiv2) read the caption, the creator
// and the credit back from both IIM and XMP, with the IPTC digest current.

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// exiftoolWarnings runs exiftool -validate -warning -error -a on the JPEGs
// of dir and returns, per file name, its warnings and errors (the Validate
// summary line left out: its count is what the lines say).
func exiftoolWarnings(t *testing.T, dir string) map[string][]string {
	t.Helper()
	out, err := exec.Command("exiftool", "-validate", "-warning", "-error", "-a", "-s", "-ext", "jpg", dir).Output()
	if err != nil && len(out) == 0 {
		t.Fatalf("exiftool -validate on %s: %v", dir, err)
	}
	got := map[string][]string{}
	file := ""
	sc := bufio.NewScanner(strings.NewReader(string(out)))
	for sc.Scan() {
		line := sc.Text()
		if name, ok := strings.CutPrefix(line, "======== "); ok {
			file = filepath.Base(name)
			got[file] = nil
			continue
		}
		tag, val, ok := strings.Cut(line, ":")
		if !ok || file == "" {
			continue
		}
		if tag = strings.TrimSpace(tag); tag == "Warning" || tag == "Error" {
			got[file] = append(got[file], tag+": "+strings.TrimSpace(val))
		}
	}
	return got
}

func TestEmbedInteropSample(t *testing.T) {
	needTools(t, "exiftool")
	dir := t.TempDir()
	if err := copySamples(dir); err != nil {
		t.Fatal(err)
	}
	folder := filepath.Join(dir, "aleppo")
	before := exiftoolWarnings(t, folder)
	if len(before) != 16 {
		t.Fatalf("exiftool validated %d sample JPEGs, want 16", len(before))
	}

	bin := captagBinary(t)
	out, errOut, code := runCaptagChild(t, bin, "UTC", dir, "write", "-c", "aleppo-2016-captions.txt",
		"--caption-order", "newest-first", "--embed", "--embed-exif", "aleppo")
	// aleppo-01 (its date disagrees) and aleppo-12 (its photographer
	// does) have no known caption: write leaves them alone and exits 1.
	if code != 1 || !strings.Contains(out, "14 images: 14 embedded, 0 unchanged, 0 refused, 0 failed, 0 not embedded") {
		t.Fatalf("write --embed: exit %d\n%s%s", code, out, errOut)
	}

	// No new warning: every warning after the write was there before
	// (the write may fix some: a 2-letter IIM country code).
	after := exiftoolWarnings(t, folder)
	for name, ws := range after {
		had := map[string]bool{}
		for _, w := range before[name] {
			had[w] = true
		}
		for _, w := range ws {
			if !had[w] {
				t.Errorf("%s: exiftool -validate warns after write --embed, not before: %s", name, w)
			}
		}
	}

	// exiftool reads the caption, creator and credit from IIM and XMP,
	// the same in both, and the IPTC digest is current.
	raw, err := exec.Command("exiftool", "-j", "-G1", "-ext", "jpg",
		"-IPTC:Caption-Abstract", "-IPTC:By-line", "-IPTC:Credit", "-IPTC:CopyrightNotice",
		"-XMP-dc:Description", "-XMP-dc:Creator", "-XMP-photoshop:Credit", "-XMP-dc:Rights",
		"-IFD0:Copyright", "-IPTCDigest", "-CurrentIPTCDigest", folder).Output()
	if err != nil {
		t.Fatalf("exiftool -j: %v", err)
	}
	var files []map[string]any
	if err := json.Unmarshal(raw, &files); err != nil {
		t.Fatalf("exiftool -j: %v", err)
	}
	if len(files) != 16 {
		t.Fatalf("exiftool read %d JPEGs, want 16", len(files))
	}
	str := func(m map[string]any, k string) string {
		switch v := m[k].(type) {
		case string:
			return v
		case []any:
			var s []string
			for _, x := range v {
				s = append(s, x.(string))
			}
			return strings.Join(s, "; ")
		case nil:
			return ""
		default:
			return fmt.Sprint(v)
		}
	}
	byName := map[string]map[string]any{}
	for _, f := range files {
		name := filepath.Base(str(f, "SourceFile"))
		byName[name] = f
		if name == "aleppo-01.jpg" || name == "aleppo-12.jpg" {
			continue // no known caption: left as they were
		}
		for _, p := range [][2]string{
			{"IPTC:Caption-Abstract", "XMP-dc:Description"},
			{"IPTC:By-line", "XMP-dc:Creator"},
			{"IPTC:Credit", "XMP-photoshop:Credit"},
			{"Photoshop:IPTCDigest", "File:CurrentIPTCDigest"},
		} {
			a, b := str(f, p[0]), str(f, p[1])
			if a == "" || a != b {
				t.Errorf("%s: exiftool reads %s %q and %s %q, want the same, not empty", name, p[0], a, p[1], b)
			}
		}
		if c := str(f, "IPTC:Credit"); c != "Anadolu Agency" {
			t.Errorf("%s: IIM Credit %q, want Anadolu Agency", name, c)
		}
		if d := str(f, "IPTC:Caption-Abstract"); !strings.HasPrefix(d, "ALEPPO, SYRIA - DECEMBER ") {
			t.Errorf("%s: IIM Caption-Abstract %q, want the caption", name, d)
		}
	}
	// The planted fault the write fixes: aleppo-16's credit and copyright
	// (the copyright rule). aleppo-12, whose photographer disagrees with
	// the only caption of its day left, keeps its own By-line: write
	// never pairs it.
	if got := str(byName["aleppo-12.jpg"], "IPTC:By-line"); got != "Karim Haddad" {
		t.Errorf("aleppo-12.jpg: IIM By-line %q, want Karim Haddad (left alone)", got)
	}
	f16 := byName["aleppo-16.jpg"]
	for _, k := range []string{"IPTC:CopyrightNotice", "XMP-dc:Rights", "IFD0:Copyright"} {
		if got := str(f16, k); got != "© 2016 Anadolu Agency" {
			t.Errorf("aleppo-16.jpg: %s %q, want © 2016 Anadolu Agency", k, got)
		}
	}

	// exiv2 reads the same from IIM and XMP.
	if _, err := exec.LookPath("exiv2"); err != nil {
		t.Logf("exiv2 is not installed; its reading is not checked")
		return
	}
	out2, err := exec.Command("exiv2", "-g", "Iptc.Application2.Byline", "-g", "Xmp.dc.creator",
		"-g", "Iptc.Application2.Credit", "-g", "Xmp.photoshop.Credit", "-Pkv", filepath.Join(folder, "aleppo-11.jpg")).Output()
	if err != nil {
		t.Fatalf("exiv2: %v", err)
	}
	var lines []string
	for _, l := range strings.Split(strings.TrimSpace(string(out2)), "\n") {
		lines = append(lines, strings.Join(strings.Fields(l), " "))
	}
	sort.Strings(lines)
	want := []string{
		"Iptc.Application2.Byline Jawad Al Rifai",
		"Iptc.Application2.Credit Anadolu Agency",
		"Xmp.dc.creator Jawad Al Rifai",
		"Xmp.photoshop.Credit Anadolu Agency",
	}
	if strings.Join(lines, "\n") != strings.Join(want, "\n") {
		t.Errorf("exiv2 reads aleppo-11.jpg as\n%s\nwant\n%s", strings.Join(lines, "\n"), strings.Join(want, "\n"))
	}
}
