package main

import (
	"context"
	"fmt"
	"image"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// This file is -goals: the rows that show each goal of issue 24 from one
// run, each row the bench's own flags on a corpus of its own (built,
// timed, removed), then one table with every goal, its measure and
// whether it is met. -n is the scale: the figures are for -n
// 2000 (2,000, 20,000 and 100,000 warm, 100,000 tiny, 1,000 × 5 MB cold, 2,000
// wire photos for the contact sheet, 2,000 × 110 KB and 200 × 5 MB for
// embedding).

// The goals of issue 24.
const (
	goalCheckVsExiv2 = 0.5   // warm check / exiv2 in two processes on halves
	goalCPUGrowth    = 1.2   // CPU per file at 50× -n / at -n (tiny folders)
	goalColdVsFloor  = 1.2   // cold check / the 16 KiB floor
	goalHTMLNoThumb  = 10.0  // check --format html / check, pictures without a thumbnail
	goalHTMLThumb    = 3.0   // the same with an EXIF thumbnail
	goalEmbed        = 10.0  // exiftool in place / write --embed
	goalPeakMB       = 150.0 // peak RSS at 50× -n tiny pictures
	padCamera        = 5_000_000
	padWire          = 110_000
)

// wirePixels is a wire photo's size, for the contact sheet's rows.
var wirePixels = image.Point{1024, 683}

// goalRun is one row's corpus and tools.
type goalRun struct {
	Name   string
	N      int
	Pad    int
	Cold   bool
	Pixels image.Point
	Thumb  bool
	Only   []string
}

// flags are the bench's flags that time the same row alone.
func (r goalRun) flags(rounds int) string {
	s := fmt.Sprintf("-n %d -rounds %d", r.N, rounds)
	if r.Pad > 0 {
		s += fmt.Sprintf(" -pad %d", r.Pad)
	}
	if r.Cold {
		s += " -cold"
	}
	if r.Pixels != (image.Point{}) {
		s += fmt.Sprintf(" -pixels %dx%d", r.Pixels.X, r.Pixels.Y)
	}
	if r.Thumb {
		s += " -thumb"
	}
	return s + " -only " + strings.Join(r.Only, ",") + " -exiftool-set=false"
}

// goalRatio is a goal measured as the ratio of two tools' medians in one
// run: at most (or at least) Limit.
type goalRatio struct {
	Run      int // index into the runs
	Goal     string
	Num, Den string // tool keys
	Limit    float64
	AtMost   bool
}

// goalPlan is the runs and ratios of issue 24 at the scale n.
func goalPlan(n int) ([]goalRun, []goalRatio) {
	warm := []string{toolFloor16, toolCheck, toolExiv2, toolExiv2Par}
	html := []string{toolCheck, toolCheckHTML}
	embed := []string{toolWriteEmbed, toolExiftoolEmbed}
	runs := []goalRun{
		{Name: fmt.Sprintf("warm, %d files", n), N: n, Only: warm},
		{Name: fmt.Sprintf("warm, %d files", 10*n), N: 10 * n, Only: warm},
		{Name: fmt.Sprintf("cold, %d × 5 MB", max(1, n/2)), N: max(1, n/2), Pad: padCamera, Cold: true, Only: []string{toolFloor16, toolCheck}},
		{Name: fmt.Sprintf("html, %d wire photos, no thumbnail", n), N: n, Pixels: wirePixels, Only: html},
		{Name: fmt.Sprintf("html, %d wire photos with an EXIF thumbnail", n), N: n, Pixels: wirePixels, Thumb: true, Only: html},
		{Name: fmt.Sprintf("embed, %d × 110 KB", n), N: n, Pad: padWire, Only: embed},
		{Name: fmt.Sprintf("embed, %d × 5 MB", max(1, n/10)), N: max(1, n/10), Pad: padCamera, Only: embed},
		{Name: fmt.Sprintf("warm, %d files", 50*n), N: 50 * n, Only: []string{toolCheck, toolExiv2Par}},
	}
	ratios := []goalRatio{
		{0, "warm check ≤ 0.5× exiv2 (2 processes on halves)", toolCheck, toolExiv2Par, goalCheckVsExiv2, true},
		{1, "warm check ≤ 0.5× exiv2 (2 processes on halves)", toolCheck, toolExiv2Par, goalCheckVsExiv2, true},
		{2, "cold check ≤ 1.2× one 16 KiB read per file", toolCheck, toolFloor16, goalColdVsFloor, true},
		{3, "check --format html ≤ 10× check, no thumbnail", toolCheckHTML, toolCheck, goalHTMLNoThumb, true},
		{4, "check --format html ≤ 3× check, EXIF thumbnail", toolCheckHTML, toolCheck, goalHTMLThumb, true},
		{5, "write --embed ≥ 10× one exiftool process", toolExiftoolEmbed, toolWriteEmbed, goalEmbed, false},
		{6, "write --embed ≥ 10× one exiftool process", toolExiftoolEmbed, toolWriteEmbed, goalEmbed, false},
		{runWarmLarge, "warm check ≤ 0.5× exiv2 (2 processes on halves)", toolCheck, toolExiv2Par, goalCheckVsExiv2, true},
	}
	return runs, ratios
}

// goals runs every row of goalPlan and prints each row's table, then the
// goals' table.
func goals(ctx context.Context, o *options, work string, stdout, stderr io.Writer) error {
	b, err := newBench(ctx, o, work, stderr)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "# captag-bench -goals -n %d -rounds %d\n\n", o.N, o.Rounds)
	for _, f := range machineFacts(b) {
		fmt.Fprintln(stdout, "- "+f)
	}
	fmt.Fprintln(stdout)
	runs, ratios := goalPlan(o.N)
	results := make([][]*result, len(runs))
	for i, r := range runs {
		if results[i], err = b.goalRun(o, r, filepath.Join(work, fmt.Sprintf("row-%d", i)), stdout, stderr); err != nil {
			return fmt.Errorf("row %q: %w", r.Name, err)
		}
	}
	mem := b.goalMem(50*o.N, filepath.Join(work, "row-mem"), stdout, stderr)
	if err := ctx.Err(); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "Load average at the end: %s. MB are 10^6 bytes; ratios are of medians of the wall time, CPU ratios of the CPU time (user + system).\n\n", readTrim("/proc/loadavg"))
	fmt.Fprintf(stdout, "## goals (issue 24)\n\n")
	var cells [][]string
	for _, g := range ratios {
		cells = append(cells, ratioCells(runs[g.Run].Name, g, results[g.Run]))
	}
	cells = append(cells, flatCells(runs, results)...)
	cells = append(cells, memCells(mem, 50*o.N)...)
	fmt.Fprint(stdout, goalTable(cells))
	return nil
}

// goalRun builds one row's corpus in dir, times its tools, prints its
// table and removes the corpus.
func (b *bench) goalRun(o *options, r goalRun, dir string, stdout, stderr io.Writer) ([]*result, error) {
	ro := *o
	ro.N, ro.Pad, ro.Cold, ro.Pixels, ro.Thumb, ro.ExiftoolSet = r.N, r.Pad, r.Cold, r.Pixels, r.Thumb, false
	ro.Only = map[string]bool{}
	for _, k := range r.Only {
		ro.Only[k] = true
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	work, cold := b.work, b.cold
	b.work, b.cold = dir, r.Cold
	defer func() { b.work, b.cold = work, cold }()
	fmt.Fprintf(stdout, "# row: %s (`captag-bench %s`)\n\n", r.Name, r.flags(o.Rounds))
	logf(stderr, "row: %s", r.Name)
	_, bySet, err := b.timed(&ro, dir, stdout, stderr)
	if err != nil {
		return nil, err
	}
	return bySet["fixture"], nil
}

// goalMem is the 50× row: check on tiny pictures at -n and 50× -n, and
// exiv2 on the larger folder.
func (b *bench) goalMem(n int, dir string, stdout, stderr io.Writer) *memResult {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return &memResult{Skipped: err.Error()}
	}
	defer os.RemoveAll(dir)
	work := b.work
	b.work = dir
	defer func() { b.work = work }()
	fmt.Fprintf(stdout, "# row: %d tiny JPEGs (`captag-bench -mem %d -only mem`, with a folder of %d and exiv2)\n\n", n, n, n/50)
	mem := b.measureMem(n, []fraction{{1, 50}, {1, 1}}, true, stderr)
	if mem.Skipped != "" {
		fmt.Fprintf(stdout, "- skipped: %s\n", mem.Skipped)
	}
	for _, p := range mem.Points {
		fmt.Fprintf(stdout, "- captag check, %d images: peak RSS %.1f MB, %.2f s, CPU %s µs/file\n", p.Images, kibToMB(p.PeakRSSKiB), p.Seconds, perFile(p.CPU, p.Images))
	}
	if p := mem.Exiv2; p.Skipped != "" {
		fmt.Fprintf(stdout, "- exiv2: skipped: %s\n", p.Skipped)
	} else if p.Images > 0 {
		fmt.Fprintf(stdout, "- exiv2 (2 processes on halves), %d images: %.2f s, CPU %s µs/file\n", p.Images, p.Seconds, perFile(p.CPU, p.Images))
	}
	fmt.Fprintln(stdout)
	return mem
}

// verdict words a goal's outcome.
func verdict(met bool) string {
	if met {
		return "met"
	}
	return "**not met**"
}

// goalHeader is the goals' table's header.
var goalHeader = []string{"goal", "row", "captag", "reference", "ratio", "CPU ratio", "goal", "verdict"}

// ratioCells is the table line of a ratio goal.
func ratioCells(run string, g goalRatio, rs []*result) []string {
	num, den := find(rs, g.Num), find(rs, g.Den)
	limit := fmt.Sprintf("≥ %.0f×", g.Limit)
	if g.AtMost {
		limit = fmt.Sprintf("≤ %.1f×", g.Limit)
	}
	if num == nil || den == nil {
		return []string{g.Goal, run, "-", "-", "-", "-", limit, "not measured: " + missing(rs, g.Num, g.Den)}
	}
	captag, ref := num, den
	if !g.AtMost {
		captag, ref = den, num
	}
	v := median(num.Times).Seconds() / median(den.Times).Seconds()
	cpu := median(num.CPUs).Seconds() / max(median(den.CPUs).Seconds(), 1e-9)
	met := v >= g.Limit
	if g.AtMost {
		met = v <= g.Limit
	}
	return []string{g.Goal, run, timed(captag), g.refName() + " " + timed(ref),
		fmt.Sprintf("%.2f×", v), fmt.Sprintf("%.2f×", cpu), limit, verdict(met)}
}

// refName names a goal's reference tool.
func (g goalRatio) refName() string {
	ref := g.Den
	if !g.AtMost {
		ref = g.Num
	}
	return ref + ":"
}

// timed is a result's median wall time and CPU per file.
func timed(r *result) string {
	return fmt.Sprintf("%.3f s, %s µs/file", median(r.Times).Seconds(), perFile(median(r.CPUs), r.Files))
}

// memCells are the table lines of the 50× row: peak RSS, CPU per file
// against the small folder's, and check against exiv2.
func memCells(mem *memResult, n int) [][]string {
	run := fmt.Sprintf("%d tiny JPEGs", n)
	if mem == nil || len(mem.Points) == 0 {
		why := "not measured"
		if mem != nil && mem.Skipped != "" {
			why += ": " + mem.Skipped
		}
		return [][]string{{"peak RSS ≤ 150 MB", run, "-", "-", "-", "-", "≤ 150 MB", why}}
	}
	big, small := mem.Points[len(mem.Points)-1], mem.Points[0]
	point := func(p memPoint) string {
		return fmt.Sprintf("%.2f s, %s µs/file", p.Seconds, perFile(p.CPU, p.Images))
	}
	mb := kibToMB(big.PeakRSSKiB)
	out := [][]string{{"peak RSS ≤ 150 MB", run, fmt.Sprintf("%.1f MB", mb), "-", "-", "-", "≤ 150 MB", verdict(mb <= goalPeakMB)}}
	if small.Images < big.Images {
		per := func(p memPoint) float64 { return float64(p.CPU) / float64(max(p.Images, 1)) }
		g := per(big) / per(small)
		out = append(out, []string{"CPU per file flat from 1× to 50× -n", run, point(big), fmt.Sprintf("%d files: %s", small.Images, point(small)),
			"-", fmt.Sprintf("%.2f×", g), "≤ 1.2×", verdict(g <= goalCPUGrowth)})
	}
	if e := mem.Exiv2; e.Images > 0 {
		v := big.Seconds / e.Seconds
		cpu := float64(big.CPU) / float64(max(e.CPU, time.Microsecond))
		out = append(out, []string{"check ≤ 0.5× exiv2 (2 processes on halves)", run, point(big), "exiv2-2p: " + point(e),
			fmt.Sprintf("%.2f×", v), fmt.Sprintf("%.2f×", cpu), "≤ 0.5×", verdict(v <= goalCheckVsExiv2)})
	}
	return out
}

// runWarmSmall and runWarmLarge are goalPlan's warm rows at -n and at
// 50× -n (fixture pictures, full wire captions): flatCells compares them.
const (
	runWarmSmall = 0
	runWarmLarge = 7
)

// flatCells are the table lines of the warm 50× row against the warm -n
// row: check's CPU per file (≤ 1.2×) and its peak RSS (≤ 150 MB).
func flatCells(runs []goalRun, results [][]*result) [][]string {
	run := runs[runWarmLarge].Name
	big, small := find(results[runWarmLarge], toolCheck), find(results[runWarmSmall], toolCheck)
	if big == nil || small == nil {
		return [][]string{{"CPU per file flat from 1× to 50× -n", run, "-", "-", "-", "-", "≤ 1.2×", "not measured"}}
	}
	per := func(r *result) float64 { return median(r.CPUs).Seconds() / float64(max(r.Files, 1)) }
	g := per(big) / per(small)
	mb := kibToMB(big.PeakRSSKiB)
	return [][]string{
		{"CPU per file flat from 1× to 50× -n", run, timed(big), fmt.Sprintf("%d files: %s", small.Files, timed(small)),
			"-", fmt.Sprintf("%.2f×", g), "≤ 1.2×", verdict(g <= goalCPUGrowth)},
		{"peak RSS ≤ 150 MB", run, fmt.Sprintf("%.1f MB", mb), "-", "-", "-", "≤ 150 MB", verdict(mb <= goalPeakMB)},
	}
}

// goalTable renders the goals' lines as a Markdown table.
func goalTable(lines [][]string) string {
	var sb strings.Builder
	row := func(cells []string) { sb.WriteString("| " + strings.Join(cells, " | ") + " |\n") }
	row(goalHeader)
	sep := make([]string, len(goalHeader))
	for i := range sep {
		sep[i] = "---"
	}
	row(sep)
	for _, l := range lines {
		row(l)
	}
	return sb.String()
}
