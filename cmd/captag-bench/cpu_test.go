package main

import (
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
