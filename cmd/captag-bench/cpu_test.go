package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestFormatTableCPUColumn: the CPU µs/file column appears when a row has
// CPU times (median CPU over files), and is left out otherwise.
func TestFormatTableCPUColumn(t *testing.T) {
	for _, tc := range []struct {
		name string
		cpus []time.Duration
		want string // a cell of the check row, "" for no column
	}{
		{"measured", []time.Duration{300 * time.Millisecond, 200 * time.Millisecond, 900 * time.Millisecond}, "| 150 |"},
		{"not measured", nil, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rs := []*result{{Tool: toolCheck, Label: "captag check", Files: 2000,
				Times: []time.Duration{time.Second, time.Second, time.Second}, CPUs: tc.cpus}}
			got := formatTable(rows(rs))
			lines := strings.Split(got, "\n")
			if len(lines) < 3 {
				t.Fatalf("table %q: expected a header, a rule and a row", got)
			}
			hasCol := strings.Contains(lines[0], "CPU µs/file")
			if hasCol != (tc.want != "") {
				t.Errorf("header %q: CPU column %v, want %v", lines[0], hasCol, tc.want != "")
			}
			if tc.want != "" && !strings.Contains(strings.Join(strings.Fields(lines[2]), " "), tc.want) {
				t.Errorf("row %q: expected the cell %q", lines[2], tc.want)
			}
		})
	}
}

// TestPadCorpus: padded images are size bytes, end at EOI, keep their
// head (the metadata) and still read as the same pictures.
func TestPadCorpus(t *testing.T) {
	dir := t.TempDir()
	c, err := buildFixtureCorpus(filepath.Join(dir, "img"), filepath.Join(dir, "captions.txt"), 3, false)
	if err != nil {
		t.Fatal(err)
	}
	before := map[string][]byte{}
	for _, n := range c.Files {
		b, err := os.ReadFile(filepath.Join(c.Dir, n))
		if err != nil {
			t.Fatal(err)
		}
		before[n] = b
	}
	const size = 200 << 10
	if err := padCorpus(c, size); err != nil {
		t.Fatal(err)
	}
	for _, n := range c.Files {
		b, err := os.ReadFile(filepath.Join(c.Dir, n))
		if err != nil {
			t.Fatal(err)
		}
		old := before[n]
		if len(b) != size || !bytes.HasSuffix(b, []byte{0xFF, 0xD9}) || !bytes.Equal(b[:len(old)-2], old[:len(old)-2]) {
			t.Errorf("%s: expected %d bytes, the original's up to EOI, then fill and EOI; found %d bytes", n, size, len(b))
		}
		if bytes.IndexByte(b[len(old)-2:len(b)-2], 0xFF) >= 0 {
			t.Errorf("%s: the fill has a 0xFF byte", n)
		}
	}
}
