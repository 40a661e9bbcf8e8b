// Command captag-bench measures captag against exiftool and exiv2 on the same
// files in one run (issue 6): it builds a corpus of wire-style JPEGs with the
// project's fixture generator (and, when exiftool is installed, a second set
// whose metadata exiftool wrote) with a matching caption file, then times,
// interleaved over several rounds after one warm-up pass per tool,
// captag check, write and inspect, exiv2 and exiftool reading the same
// fields, exiftool writing the same sidecars, and the floor (open every file
// and read its first 64 KiB). It prints a Markdown table of medians, ratios
// and peak memory, the machine it ran on, and the targets as
// PASS/FAIL lines. Tools that are missing or fail are skipped with a note.
//
//	go run ./cmd/captag-bench -n 2000
//	go run ./cmd/captag-bench -n 20000 -rounds 3
//	go run ./cmd/captag-bench -mem 100000 -only mem
//
// Peak memory is each tool's ru_maxrss in the untimed warm-up, taken
// through a small launcher (launcher.go explains why). The bench re-invokes
// itself for two helpers: `captag-bench floor DIR` (the floor) and
// `captag-bench rss OUT CMD ARGS...` (the launcher).
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"image"
	"io"
	"maps"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"time"
)

func main() {
	if len(os.Args) > 1 {
		switch os.Args[1] {
		case "floor":
			os.Exit(floorMain(os.Args[2:], os.Stdout, os.Stderr))
		case "rss":
			os.Exit(launchMain(os.Args[2:], os.Stderr))
		}
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// options are the command-line flags.
type options struct {
	N, Rounds, Mem int
	Pad            int // grow each fixture image to this many bytes (0: as made)
	Dir, Captag    string
	Keep           bool
	Cold           bool            // evict the images from the page cache before every run
	Only           map[string]bool // nil: every tool
	ExiftoolSet    bool            // also time the set whose metadata exiftool wrote
	Pixels         image.Point     // the fixture pictures' size (zero: the fixture's 8×8)
	Thumb          bool            // add an EXIF IFD1 thumbnail to every fixture picture
	Goals          bool            // run issue 24's rows (goals.go) instead of one set
}

func parseFlags(args []string, stderr io.Writer) (*options, error) {
	fs := flag.NewFlagSet("captag-bench", flag.ContinueOnError)
	fs.SetOutput(stderr)
	o := &options{}
	fs.IntVar(&o.N, "n", 2000, "number of images in the timed corpus")
	fs.IntVar(&o.Rounds, "rounds", 5, "timed rounds (each runs every tool once, order rotated)")
	fs.StringVar(&o.Dir, "dir", "", "work folder (must be empty or absent; default a temporary folder)")
	fs.BoolVar(&o.Keep, "keep", false, "keep the work folder at the end")
	fs.StringVar(&o.Captag, "captag", "", "captag binary to time (default: go build ./cmd/captag into the work folder)")
	fs.IntVar(&o.Pad, "pad", 0, "grow each fixture image to this many bytes with scan data after its metadata (e.g. 5000000 for camera-sized JPEGs)")
	fs.BoolVar(&o.Cold, "cold", false, "evict the images from the page cache (posix_fadvise) before every run, so that each reads them from the disk")
	fs.IntVar(&o.Mem, "mem", 0, "also measure captag check's peak RSS on a synthetic folder of this many tiny JPEGs (and on 1/4 and 1/2 of it)")
	fs.BoolVar(&o.ExiftoolSet, "exiftool-set", true, "also build and time a set of images whose metadata exiftool wrote (when exiftool is installed)")
	pixels := fs.String("pixels", "", "give every fixture picture real pixels of this size, WIDTHxHEIGHT (e.g. 1024x683: a wire photo, for check-html)")
	fs.BoolVar(&o.Thumb, "thumb", false, "add a 160×120 EXIF (IFD1) thumbnail to every fixture picture")
	fs.BoolVar(&o.Goals, "goals", false, "run the rows of issue 24's goals (warm 1×/10× -n, 50× -n tiny, cold 5 MB, html with and without a thumbnail, embed at 110 KB and 5 MB) and print one table with each goal; -n sets the scale, -only/-pad/-cold/-mem/-pixels/-thumb are set per row")
	only := fs.String("only", "", "comma-separated tools to run: "+strings.Join(toolKeys, ","))
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: captag-bench [flags]\n       captag-bench floor DIR")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return nil, err
	}
	if fs.NArg() > 0 {
		return nil, fmt.Errorf("expected no arguments, found %q", fs.Args())
	}
	var err error
	if o.Pixels, err = parsePixels(*pixels); err != nil {
		return nil, err
	}
	if o.N < 1 || o.Rounds < 1 || o.Mem < 0 || o.Pad < 0 || o.Pad > maxPad {
		return nil, fmt.Errorf("expected -n ≥ 1, -rounds ≥ 1, -mem ≥ 0 and 0 ≤ -pad ≤ %d, found %d, %d, %d and %d", maxPad, o.N, o.Rounds, o.Mem, o.Pad)
	}
	if *only != "" {
		o.Only = map[string]bool{}
		for _, k := range strings.Split(*only, ",") {
			k = strings.TrimSpace(k)
			if !slices.Contains(toolKeys, k) {
				return nil, fmt.Errorf("-only: expected some of %s, found %q", strings.Join(toolKeys, ","), k)
			}
			o.Only[k] = true
		}
	}
	return o, nil
}

func (o *options) keep(tool string) bool { return o.Only == nil || o.Only[tool] }

// timing says whether any timed tool is wanted.
func (o *options) timing() bool {
	for _, k := range toolKeys {
		if k != toolMem && o.keep(k) {
			return true
		}
	}
	return false
}

func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	o, err := parseFlags(args, stderr)
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		fmt.Fprintln(stderr, "captag-bench:", err)
		return 2
	}
	work, err := workDir(o.Dir)
	if err != nil {
		fmt.Fprintln(stderr, "captag-bench:", err)
		return 2
	}
	if !o.Keep {
		defer os.RemoveAll(work)
	} else {
		defer fmt.Fprintln(stderr, "captag-bench: work folder kept:", work)
	}
	if o.Goals {
		err = goals(ctx, o, work, stdout, stderr)
	} else {
		err = benchmark(ctx, o, work, stdout, stderr)
	}
	switch {
	case ctx.Err() != nil:
		fmt.Fprintln(stderr, "captag-bench: interrupted")
		return 130
	case err != nil:
		fmt.Fprintln(stderr, "captag-bench:", err)
		return 1
	}
	return 0
}

// workDir returns the work folder: dir when it is empty or absent (created),
// else a new temporary folder.
func workDir(dir string) (string, error) {
	if dir == "" {
		return os.MkdirTemp("", "captag-bench-")
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	entries, err := os.ReadDir(abs)
	switch {
	case errors.Is(err, os.ErrNotExist):
		return abs, os.MkdirAll(abs, 0o755)
	case err != nil:
		return "", err
	case len(entries) > 0:
		return "", fmt.Errorf("-dir: expected an empty or absent folder (it is removed at the end), found %d entries in %s", len(entries), abs)
	}
	return abs, nil
}

// logf writes a progress line to stderr.
func logf(w io.Writer, format string, a ...any) {
	fmt.Fprintf(w, "captag-bench: "+format+"\n", a...)
}

// newBench finds this program and the tools.
func newBench(ctx context.Context, o *options, work string, stderr io.Writer) (*bench, error) {
	self, err := os.Executable()
	if err != nil {
		return nil, err
	}
	b := &bench{ctx: ctx, work: work, self: self, cold: o.Cold}
	b.exiftool, b.exiftoolMissing = lookTool("exiftool")
	b.exiv2, b.exiv2Missing = lookTool("exiv2")
	b.captag, b.captagMissing = findCaptag(ctx, o.Captag, work, stderr)
	return b, nil
}

func benchmark(ctx context.Context, o *options, work string, stdout, stderr io.Writer) error {
	b, err := newBench(ctx, o, work, stderr)
	if err != nil {
		return err
	}

	fmt.Fprintf(stdout, "# captag-bench -n %d -rounds %d", o.N, o.Rounds)
	if o.Mem > 0 {
		fmt.Fprintf(stdout, " -mem %d", o.Mem)
	}
	fmt.Fprintln(stdout)
	fmt.Fprintln(stdout)
	for _, f := range machineFacts(b) {
		fmt.Fprintln(stdout, "- "+f)
	}
	fmt.Fprintln(stdout)

	var sets []string
	var bySet map[string][]*result
	if o.timing() {
		if sets, bySet, err = b.timed(o, work, stdout, stderr); err != nil {
			return err
		}
	}

	var mem *memResult
	if o.Mem > 0 && o.keep(toolMem) {
		mem = b.measureMem(o.Mem, memFractions, false, stderr)
		fmt.Fprintf(stdout, "## memory: captag check on tiny JPEGs\n\n")
		if mem.Skipped != "" {
			fmt.Fprintf(stdout, "- skipped: %s\n", mem.Skipped)
		}
		for _, p := range mem.Points {
			fmt.Fprintf(stdout, "- %d images: peak RSS %.1f MB, %.2f s, CPU %s µs/file\n", p.Images, kibToMB(p.PeakRSSKiB), p.Seconds, perFile(p.CPU, p.Images))
		}
		fmt.Fprintln(stdout)
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "Load average at the end: %s. MB are 10^6 bytes.\n\n", readTrim("/proc/loadavg"))
	fmt.Fprintf(stdout, "## targets (issue 6)\n\n")
	for _, t := range evaluate(sets, bySet, mem) {
		fmt.Fprintln(stdout, "- "+t.String())
	}
	return nil
}

// timed builds the image sets, times every tool on them and prints a
// table per set; it returns the sets and their results for the targets.
func (b *bench) timed(o *options, work string, stdout, stderr io.Writer) (sets []string, bySet map[string][]*result, err error) {
	var specs []*spec
	bySet = map[string][]*result{}
	logf(stderr, "building %d fixture images", o.N)
	fix, err := buildFixtureCorpus(filepath.Join(work, "fixture"), filepath.Join(work, "fixture-captions.txt"), o.N, false)
	if err != nil {
		return nil, nil, fmt.Errorf("building the fixture corpus: %w", err)
	}
	made := fix.Facts
	if o.Pixels != (image.Point{}) {
		if err := repixelCorpus(fix, o.Pixels); err != nil {
			return nil, nil, fmt.Errorf("giving the fixture corpus pixels: %w", err)
		}
	}
	if o.Thumb {
		if err := thumbCorpus(fix); err != nil {
			return nil, nil, fmt.Errorf("adding thumbnails to the fixture corpus: %w", err)
		}
	}
	if o.Pad > 0 {
		if err := padCorpus(fix, o.Pad); err != nil {
			return nil, nil, fmt.Errorf("padding the fixture corpus: %w", err)
		}
	}
	if fix.Facts != made {
		// The sizes as the files now are, then what was done to them.
		fix.Facts = describe(fix) + fix.Facts[len(made):]
	}
	fmt.Fprintf(stdout, "Fixture set (metadata written by captag's fixture generator): %s.\n", fix.Facts)
	sets = append(sets, fix.Set)
	specs = append(specs, b.specs(fix, o.keep)...)
	switch {
	case !o.ExiftoolSet:
		fmt.Fprintln(stdout, "exiftool set: not asked for (-exiftool-set=false).")
	case b.exiftool != "":
		logf(stderr, "building %d images whose metadata exiftool writes", o.N)
		et, err := buildExiftoolCorpus(b.exiftool, work, filepath.Join(work, "exiftool"), filepath.Join(work, "exiftool-captions.txt"), o.N, maxExiftoolTemplates)
		if err != nil {
			fmt.Fprintf(stdout, "exiftool set: skipped: %v\n", err)
		} else {
			fmt.Fprintf(stdout, "exiftool set (metadata written by exiftool): %s.\n", et.Facts)
			sets = append(sets, et.Set)
			specs = append(specs, b.specs(et, o.keep)...)
		}
	default:
		fmt.Fprintf(stdout, "exiftool set: skipped: %s.\n", b.exiftoolMissing)
	}
	fmt.Fprintln(stdout)
	results, err := b.measure(specs, o.Rounds, stderr)
	if err != nil {
		return nil, nil, err
	}
	for i, s := range specs {
		bySet[s.C.Set] = append(bySet[s.C.Set], results[i])
	}
	for _, set := range sets {
		fmt.Fprintf(stdout, "## %s set, %d files, %d rounds (medians; ratios are median / median of the same set)\n\n", set, o.N, o.Rounds)
		fmt.Fprint(stdout, formatTable(rows(bySet[set])))
		fmt.Fprintln(stdout)
		for _, r := range bySet[set] {
			if r.Skipped != "" {
				fmt.Fprintf(stdout, "- skipped %s: %s\n", r.Label, r.Skipped)
			}
			for _, n := range r.Notes {
				fmt.Fprintln(stdout, "- "+n)
			}
		}
		fmt.Fprintln(stdout)
	}
	return sets, bySet, nil
}

// lookTool finds a tool on PATH, or says why not.
func lookTool(name string) (path, missing string) {
	p, err := exec.LookPath(name)
	if err != nil {
		return "", name + " is not on PATH"
	}
	return p, ""
}

// findCaptag returns the captag binary: the -captag flag, else one built
// from ./cmd/captag into the work folder.
func findCaptag(ctx context.Context, flagPath, work string, stderr io.Writer) (path, missing string) {
	if flagPath != "" {
		p, err := exec.LookPath(flagPath)
		if err != nil {
			return "", fmt.Sprintf("-captag %s: %v", flagPath, err)
		}
		p, _ = filepath.Abs(p)
		return p, ""
	}
	out := filepath.Join(work, "captag")
	logf(stderr, "building captag")
	cmd := exec.CommandContext(ctx, "go", "build", "-o", out, "github.com/captag/captag/cmd/captag")
	if msg, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Sprintf("go build ./cmd/captag failed (%v): %s (run from the repository, or pass -captag PATH)", err, tail(string(msg), 3))
	}
	return out, ""
}

// measure runs one untimed warm-up per tool (a tool that fails there is
// skipped with its error), then rounds in which every tool runs once, the
// order rotated by one each round.
func (b *bench) measure(specs []*spec, rounds int, stderr io.Writer) ([]*result, error) {
	results := make([]*result, len(specs))
	for i, s := range specs {
		results[i] = &result{Tool: s.Tool, Label: s.Label, Set: s.C.Set, Files: len(s.C.Files), Skipped: s.Missing}
	}
	once := func(i int, warm bool) error {
		s, r := specs[i], results[i]
		j, err := s.prepare()
		if err != nil {
			return err
		}
		flushDirtyPages()
		if b.cold {
			if err := evict(s.C); err != nil {
				j.finish(false)
				return err
			}
		}
		o, err := j.run(b.ctx)
		if err != nil {
			j.finish(false)
			return err
		}
		notes, cerr := j.finish(warm)
		if warm {
			r.Notes = notes
			r.PeakRSSKiB = o.PeakKiB
			return cerr
		}
		r.Times = append(r.Times, o.Elapsed)
		r.CPUs = append(r.CPUs, o.CPU)
		return nil
	}
	// The warm-up runs through the launcher, which measures peak memory;
	// the timed rounds start the tools directly.
	b.measureRSS = true
	for i, s := range specs {
		if s.prepare == nil {
			continue
		}
		logf(stderr, "warm-up: %s [%s]", s.Label, s.C.Set)
		if err := once(i, true); err != nil {
			if b.ctx.Err() != nil {
				return nil, b.ctx.Err()
			}
			results[i].Skipped = "failed: " + err.Error()
		}
	}
	b.measureRSS = false
	for round := range rounds {
		logf(stderr, "round %d/%d", round+1, rounds)
		for k := range specs {
			i := (k + round) % len(specs)
			if specs[i].prepare == nil || results[i].Skipped != "" {
				continue
			}
			if err := once(i, false); err != nil {
				if b.ctx.Err() != nil {
					return nil, b.ctx.Err()
				}
				results[i].Skipped = fmt.Sprintf("failed in round %d: %v", round+1, err)
				results[i].Times, results[i].CPUs = nil, nil
			}
		}
	}
	return results, nil
}

// memFractions are the folder sizes of the -mem run, as parts of -mem.
var memFractions = []fraction{{1, 4}, {1, 2}, {1, 1}}

// fraction is num/den.
type fraction struct{ num, den int }

// measureMem builds a folder of n tiny JPEGs (and folders of hard links to
// the first quarter and half of them) with their caption files and runs
// captag check once on each.
//
// With exiv2, exiv2 then reads the whole folder once, in two processes
// on halves (the goals' reference at 100,000 files).
func (b *bench) measureMem(n int, fractions []fraction, exiv2 bool, stderr io.Writer) *memResult {
	if b.captag == "" {
		return &memResult{Skipped: b.captagMissing}
	}
	logf(stderr, "building %d tiny images for the memory run", n)
	full, err := buildFixtureCorpus(filepath.Join(b.work, "tiny"), filepath.Join(b.work, "tiny-captions.txt"), n, true)
	if err != nil {
		return &memResult{Skipped: "building the tiny corpus: " + err.Error()}
	}
	res := &memResult{}
	b.measureRSS = true
	defer func() { b.measureRSS = false }()
	for _, f := range fractions {
		k := n * f.num / f.den
		if k < 1 || (len(res.Points) > 0 && k == res.Points[len(res.Points)-1].Images) {
			continue
		}
		c := full
		if k < n {
			c, err = subsetCorpus(full, filepath.Join(b.work, fmt.Sprintf("tiny-%d", k)), k)
			if err != nil {
				return &memResult{Skipped: err.Error()}
			}
		}
		logf(stderr, "memory: captag check on %d images", k)
		j, err := b.checkJob(c, nil)
		if err != nil {
			return &memResult{Skipped: err.Error()}
		}
		o, err := j.run(b.ctx)
		notes, _ := j.finish(err == nil)
		if err != nil {
			return &memResult{Skipped: fmt.Sprintf("captag check on %d images failed: %v", k, err), Points: res.Points}
		}
		res.Points = append(res.Points, memPoint{Images: k, PeakRSSKiB: o.PeakKiB, Seconds: o.Elapsed.Seconds(), CPU: o.CPU})
		if k == n && len(notes) > 0 {
			logf(stderr, "%s", notes[0])
		}
	}
	if exiv2 {
		res.Exiv2 = b.exiv2Once(full, stderr)
	}
	return res
}

// exiv2Once runs exiv2 over c once, two processes on halves.
func (b *bench) exiv2Once(c *corpus, stderr io.Writer) memPoint {
	if b.exiv2 == "" {
		return memPoint{Skipped: b.exiv2Missing}
	}
	logf(stderr, "memory: exiv2 (2 processes) on %d images", len(c.Files))
	j, err := b.exiv2Job(c, 2)
	if err != nil {
		return memPoint{Skipped: err.Error()}
	}
	o, err := j.run(b.ctx)
	j.finish(false)
	if err != nil {
		return memPoint{Skipped: err.Error()}
	}
	return memPoint{Images: len(c.Files), PeakRSSKiB: o.PeakKiB, Seconds: o.Elapsed.Seconds(), CPU: o.CPU}
}

// subsetCorpus makes a folder of hard links to the first k images of c
// (their names are in no particular order, so the subset is a sample) and
// the caption file of exactly those images.
func subsetCorpus(c *corpus, dir string, k int) (*corpus, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	sub := &corpus{Set: c.Set, Dir: dir, Captions: dir + "-captions.txt", Files: c.Files[:k]}
	for _, name := range sub.Files {
		if err := os.Link(filepath.Join(c.Dir, name), filepath.Join(dir, name)); err != nil {
			return nil, fmt.Errorf("linking the memory subset: %w", err)
		}
	}
	items := makeItems(len(c.Files), 0)
	texts := make([]string, k)
	for i := range k {
		texts[i] = items[i].Caption
	}
	return sub, os.WriteFile(sub.Captions, captionFile(texts, 1), 0o644)
}

// machineFacts describes the machine, the toolchain and the tools.
func machineFacts(b *bench) []string {
	facts := []string{
		"CPU: " + cpuModel() + fmt.Sprintf(", %d logical cores", numCPU()),
		"memory: " + memTotal(),
		"kernel: " + readTrim("/proc/sys/kernel/osrelease"),
		"load average at start: " + readTrim("/proc/loadavg"),
		"Go: " + goVersion(),
		"date: " + time.Now().UTC().Format(time.RFC3339),
	}
	version := func(name, path, missing string, args ...string) string {
		if path == "" {
			return name + ": missing (" + missing + ")"
		}
		out, err := exec.Command(path, args...).Output()
		if err != nil {
			return name + ": " + path + " (version unknown)"
		}
		return name + ": " + firstLine(string(out)) + " (" + path + ")"
	}
	facts = append(facts, "peak RSS is measured through a launcher (see launcher.go); "+launcherFloor(b))
	facts = append(facts,
		version("exiftool", b.exiftool, b.exiftoolMissing, "-ver"),
		version("exiv2", b.exiv2, b.exiv2Missing, "--version"),
		version("captag", b.captag, b.captagMissing, "version"))
	return facts
}

func sortedKeys(m map[string]int) []string { return slices.Sorted(maps.Keys(m)) }

// launcherFloor runs a do-nothing program through the launcher: what it
// reports is the resolution of the peak RSS column.
func launcherFloor(b *bench) string {
	truePath, err := exec.LookPath("true")
	if err != nil {
		return "its floor is unknown (no true(1) on PATH)"
	}
	out := filepath.Join(b.work, "rss-true")
	if err := exec.Command(b.self, "rss", out, truePath).Run(); err != nil {
		return "its floor is unknown: " + err.Error()
	}
	kib, err := readRSS(out)
	if err != nil {
		return "its floor is unknown: " + err.Error()
	}
	return fmt.Sprintf("true(1) measures %.1f MB through it", kibToMB(kib))
}
