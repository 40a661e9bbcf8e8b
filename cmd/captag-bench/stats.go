package main

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"time"
)

// median returns the median of ds (the mean of the two middle values for an
// even count) and 0 for an empty slice. ds is not modified.
func median(ds []time.Duration) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	m := len(s) / 2
	if len(s)%2 == 1 {
		return s[m]
	}
	return (s[m-1] + s[m]) / 2
}

// minimum returns the smallest of ds and 0 for an empty slice.
func minimum(ds []time.Duration) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	return slices.Min(ds)
}

// result is what was measured for one tool on one set of files.
type result struct {
	Tool  string // key, e.g. "check", "exiv2"
	Label string // as printed, e.g. "captag check"
	Set   string // "fixture" or "exiftool"
	Files int
	Times []time.Duration
	// CPUs are the CPU times (user + system) of the same rounds.
	CPUs []time.Duration
	// PeakRSSKiB is the largest maximum resident set size of any child
	// process of the warm-up run (rusage ru_maxrss through the launcher,
	// KiB).
	PeakRSSKiB int64
	// Skipped says why the tool has no times (missing binary, command failed).
	Skipped string
	// Notes are sanity facts read from the tool's output after the warm-up.
	Notes []string
}

func (r *result) ok() bool { return r.Skipped == "" && len(r.Times) > 0 }

// row is one line of the printed table.
type row struct {
	Label   string
	Median  time.Duration
	Min     time.Duration
	Files   int
	VsExiv2 float64       // NaN when there is no exiv2 reference
	VsFloor float64       // NaN when there is no floor reference
	PeakMB  float64       // decimal megabytes
	CPU     time.Duration // median CPU time (user + system) of the rounds
	Skipped string
	Rounds  int
}

// rows turns the results of one set into table rows with ratios against the
// set's exiv2 read and floor medians.
func rows(rs []*result) []row {
	var exiv2, floor time.Duration
	for _, r := range rs {
		if !r.ok() {
			continue
		}
		switch r.Tool {
		case toolExiv2:
			exiv2 = median(r.Times)
		case toolFloor:
			floor = median(r.Times)
		}
	}
	out := make([]row, 0, len(rs))
	for _, r := range rs {
		w := row{Label: r.Label, Files: r.Files, VsExiv2: math.NaN(), VsFloor: math.NaN(), Skipped: r.Skipped}
		if r.ok() {
			w.Median = median(r.Times)
			w.Min = minimum(r.Times)
			w.Rounds = len(r.Times)
			w.CPU = median(r.CPUs)
			w.PeakMB = kibToMB(r.PeakRSSKiB)
			if exiv2 > 0 {
				w.VsExiv2 = w.Median.Seconds() / exiv2.Seconds()
			}
			if floor > 0 {
				w.VsFloor = w.Median.Seconds() / floor.Seconds()
			}
		}
		out = append(out, w)
	}
	return out
}

// formatTable renders rows as an aligned Markdown table (so a run can be
// pasted into the README as it is). Skipped tools get a row with dashes and
// their reason is printed by the caller.
func formatTable(rs []row) string {
	header := []string{"tool", "median s", "min s", "files/s", "CPU µs/file", "× exiv2 read", "× floor", "peak RSS MB"}
	right := []bool{false, true, true, true, true, true, true, true}
	cells := [][]string{header}
	for _, r := range rs {
		if r.Skipped != "" || r.Rounds == 0 {
			cells = append(cells, []string{r.Label, "skipped", "-", "-", "-", "-", "-", "-"})
			continue
		}
		rate := "-"
		if r.Median > 0 {
			rate = fmt.Sprintf("%.0f", float64(r.Files)/r.Median.Seconds())
		}
		cells = append(cells, []string{
			r.Label,
			fmt.Sprintf("%.3f", r.Median.Seconds()),
			fmt.Sprintf("%.3f", r.Min.Seconds()),
			rate,
			perFile(r.CPU, r.Files),
			ratio(r.VsExiv2),
			ratio(r.VsFloor),
			fmt.Sprintf("%.1f", r.PeakMB),
		})
	}
	if !slices.ContainsFunc(rs, func(r row) bool { return r.CPU > 0 }) {
		cells = dropColumn(cells, cpuColumn) // cells[0] is header
		header, right = cells[0], slices.Delete(right, cpuColumn, cpuColumn+1)
	}
	width := make([]int, len(header))
	for _, c := range cells {
		for i, s := range c {
			width[i] = max(width[i], displayWidth(s))
		}
	}
	var b strings.Builder
	line := func(c []string) {
		b.WriteString("|")
		for i, s := range c {
			pad := strings.Repeat(" ", width[i]-displayWidth(s))
			if right[i] {
				b.WriteString(" " + pad + s + " |")
			} else {
				b.WriteString(" " + s + pad + " |")
			}
		}
		b.WriteString("\n")
	}
	line(cells[0])
	b.WriteString("|")
	for i := range header {
		if right[i] {
			b.WriteString(strings.Repeat("-", width[i]+1) + ":|")
		} else {
			b.WriteString(strings.Repeat("-", width[i]+2) + "|")
		}
	}
	b.WriteString("\n")
	for _, c := range cells[1:] {
		line(c)
	}
	return b.String()
}

// cpuColumn is the table's CPU µs/file column, left out when no row has a
// CPU time (a table built from rows measured elsewhere).
const cpuColumn = 4

// dropColumn removes column i from every row of cells.
func dropColumn(cells [][]string, i int) [][]string {
	for k, c := range cells {
		if i < len(c) {
			cells[k] = slices.Delete(c, i, i+1)
		}
	}
	return cells
}

// perFile renders d over files in microseconds, "-" when either is 0.
func perFile(d time.Duration, files int) string {
	if d <= 0 || files <= 0 {
		return "-"
	}
	return fmt.Sprintf("%.0f", float64(d.Microseconds())/float64(files))
}

func ratio(f float64) string {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return "-"
	}
	return fmt.Sprintf("%.2f", f)
}

// displayWidth counts runes, which is the terminal width for the ASCII and
// "×" used in the table.
func displayWidth(s string) int { return len([]rune(s)) }

// kibToMB converts KiB (rusage) to decimal megabytes (the MB).
func kibToMB(kib int64) float64 { return float64(kib) * 1024 / 1e6 }
