package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// Tool keys, as -only names them.
const (
	toolFloor         = "floor"
	toolFloor16       = "floor16"
	toolCheck         = "check"
	toolCheckJ1       = "check-j1"
	toolCheckHTML     = "check-html"
	toolWrite         = "write"
	toolInspect       = "inspect"
	toolExiv2         = "exiv2"
	toolExiv2Par      = "exiv2-2p"
	toolExiftoolRead  = "exiftool-read"
	toolExiftoolWrite = "exiftool-write"
	toolWriteEmbed    = "write-embed"
	toolExiftoolEmbed = "exiftool-embed"
	toolMem           = "mem" // the -mem run, not a timed tool
)

// toolKeys lists every key in table order.
var toolKeys = []string{
	toolFloor, toolFloor16, toolCheck, toolCheckHTML, toolCheckJ1, toolWrite, toolInspect,
	toolExiv2, toolExiv2Par, toolExiftoolRead, toolExiftoolWrite,
	toolWriteEmbed, toolExiftoolEmbed, toolMem,
}

// argBudget caps the bytes of file names passed to one exiv2 process, as
// xargs does by default: well under ARG_MAX anywhere.
const argBudget = 128 << 10

// interruptGrace is how long a tool has to stop after SIGINT before it is
// killed.
const interruptGrace = 5 * time.Second

// exiv2Keys are the fields captag check compares: date, creators, credit,
// in each store.
var exiv2Keys = []string{
	"Exif.Photo.DateTimeOriginal", "Exif.Photo.SubSecTimeOriginal", "Exif.Photo.OffsetTimeOriginal",
	"Exif.Image.Artist", "Exif.Image.Copyright",
	"Iptc.Envelope.CharacterSet", "Iptc.Application2.DateCreated", "Iptc.Application2.TimeCreated",
	"Iptc.Application2.Byline", "Iptc.Application2.Credit", "Iptc.Application2.Source",
	"Xmp.dc.creator", "Xmp.photoshop.Credit", "Xmp.photoshop.Source", "Xmp.photoshop.DateCreated",
}

// exiftoolReadTags are the same fields for exiftool.
var exiftoolReadTags = []string{
	"-EXIF:DateTimeOriginal", "-EXIF:SubSecTimeOriginal", "-EXIF:OffsetTimeOriginal", "-EXIF:Artist", "-EXIF:Copyright",
	"-IPTC:CodedCharacterSet", "-IPTC:DateCreated", "-IPTC:TimeCreated", "-IPTC:By-line", "-IPTC:Credit", "-IPTC:Source",
	"-XMP-dc:Creator", "-XMP-photoshop:Credit", "-XMP-photoshop:Source", "-XMP-photoshop:DateCreated",
}

// exiftoolWriteArgs make exiftool write the sidecar captag write makes,
// from the image's own IPTC (exiftool cannot read the caption file): the
// caption, creators, credit, source, place, date and LocationCreated.
const exiftoolWriteArgs = `-XMP-dc:Description<IPTC:Caption-Abstract
-XMP-dc:Creator<IPTC:By-line
-XMP-photoshop:Credit<IPTC:Credit
-XMP-photoshop:Source<IPTC:Source
-XMP-photoshop:City<IPTC:City
-XMP-photoshop:Country<IPTC:Country-PrimaryLocationName
-XMP-photoshop:DateCreated<Composite:DateTimeCreated
-XMP-iptcCore:CountryCode<IPTC:Country-PrimaryLocationCode
-XMP-iptcExt:LocationCreatedCity<IPTC:City
-XMP-iptcExt:LocationCreatedCountryName<IPTC:Country-PrimaryLocationName
`

// exiftoolEmbedArgs make exiftool write, in place, the fields captag write
// --embed writes into the JPEG: the IIM datasets (from themselves, with
// the UTF-8 marker, as captag rewrites them) and the XMP properties (from
// the IIM, as exiftoolWriteArgs). Like captag it replaces each file by a
// new one (-overwrite_original: a temporary file renamed over it).
const exiftoolEmbedArgs = exiftoolWriteArgs + `-IPTC:CodedCharacterSet=UTF8
-IPTC:Caption-Abstract<IPTC:Caption-Abstract
-IPTC:By-line<IPTC:By-line
-IPTC:Credit<IPTC:Credit
-IPTC:Source<IPTC:Source
-IPTC:City<IPTC:City
-IPTC:Country-PrimaryLocationName<IPTC:Country-PrimaryLocationName
-IPTC:Country-PrimaryLocationCode<IPTC:Country-PrimaryLocationCode
-IPTC:DateCreated<IPTC:DateCreated
-IPTC:TimeCreated<IPTC:TimeCreated
`

// bench holds the tools found and the work folder.
type bench struct {
	ctx  context.Context
	work string
	self string // this program, for the floor child

	captag, captagMissing     string // path, or why there is none
	exiftool, exiftoolMissing string
	exiv2, exiv2Missing       string

	scratch int // fresh folders made so far
	// measureRSS runs each command through the launcher (see launcher.go)
	// so that its peak RSS is known; set for untimed runs only.
	measureRSS bool
	launched   int  // launcher output files made so far
	cold       bool // evict the corpus from the page cache before each run (-cold)
}

// spec is a tool to time on one corpus.
type spec struct {
	Tool, Label string
	C           *corpus
	Missing     string // why it cannot run; prepare is nil then
	prepare     func() (*job, error)
}

// specs returns the tools to time on c, filtered by keep.
func (b *bench) specs(c *corpus, keep func(string) bool) []*spec {
	var out []*spec
	add := func(tool, label, missing string, prepare func() (*job, error)) {
		if !keep(tool) {
			return
		}
		s := &spec{Tool: tool, Label: label, C: c, Missing: missing}
		if missing == "" {
			s.prepare = prepare
		}
		out = append(out, s)
	}
	add(toolFloor, "floor: open + read 64 KiB, GOMAXPROCS workers", "", func() (*job, error) { return b.floorJob(c, toolFloor, floorReadSize) })
	add(toolFloor16, "floor: open + read 16 KiB, GOMAXPROCS workers", "", func() (*job, error) { return b.floorJob(c, toolFloor16, floorSmallRead) })
	add(toolCheck, "captag check --format json", b.captagMissing, func() (*job, error) { return b.checkJob(c, nil) })
	add(toolCheckHTML, "captag check --format html -o FILE", b.captagMissing, func() (*job, error) { return b.checkHTMLJob(c) })
	if c.Set == "fixture" {
		add(toolCheckJ1, "captag check --format json -j 1", b.captagMissing, func() (*job, error) { return b.checkJob(c, []string{"-j", "1"}) })
		add(toolWrite, "captag write (fresh folder)", b.captagMissing, func() (*job, error) { return b.writeJob(c) })
	}
	add(toolInspect, "captag inspect --format json", b.captagMissing, func() (*job, error) { return b.inspectJob(c) })
	add(toolExiv2, "exiv2 -pa -K (1 process at a time)", b.exiv2Missing, func() (*job, error) { return b.exiv2Job(c, 1) })
	if c.Set == "fixture" {
		add(toolExiv2Par, "exiv2 -pa -K (2 processes, halves)", b.exiv2Missing, func() (*job, error) { return b.exiv2Job(c, 2) })
	}
	add(toolExiftoolRead, "exiftool -fast2 -j (read)", b.exiftoolMissing, func() (*job, error) { return b.exiftoolReadJob(c) })
	if c.Set == "fixture" {
		add(toolExiftoolWrite, "exiftool -o %d%f.xmp (fresh folder)", b.exiftoolMissing, func() (*job, error) { return b.exiftoolWriteJob(c) })
		add(toolWriteEmbed, "captag write --embed --no-sidecar (fresh copies)", b.captagMissing, func() (*job, error) { return b.writeEmbedJob(c) })
		add(toolExiftoolEmbed, "exiftool -tagsfromfile @ -overwrite_original (fresh copies)", b.exiftoolMissing, func() (*job, error) { return b.exiftoolEmbedJob(c) })
	}
	return out
}

// outputs creates (truncating) the stdout and stderr files of a tool.
func (b *bench) outputs(c *corpus, tool string) (stdout, stderr *os.File, err error) {
	dir := filepath.Join(b.work, "out")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, nil, err
	}
	stdout, err = os.Create(filepath.Join(dir, c.Set+"-"+tool+".out"))
	if err != nil {
		return nil, nil, err
	}
	stderr, err = os.Create(filepath.Join(dir, c.Set+"-"+tool+".err"))
	if err != nil {
		stdout.Close()
		return nil, nil, err
	}
	return stdout, stderr, nil
}

// newJob makes a job with its output files and one lane per argument list,
// each lane a single command.
func (b *bench) newJob(c *corpus, tool, dir string, argvs ...[]string) (*job, error) {
	stdout, stderr, err := b.outputs(c, tool)
	if err != nil {
		return nil, err
	}
	j := &job{stdout: stdout, stderr: stderr}
	for _, argv := range argvs {
		j.lanes = append(j.lanes, []*exec.Cmd{b.command(j, dir, argv)})
	}
	return j, nil
}

// command makes one command of j, through the launcher when b.measureRSS.
// An interrupt is passed on as SIGINT so that the tools stop cleanly.
func (b *bench) command(j *job, dir string, argv []string) *exec.Cmd {
	j.names = append(j.names, filepath.Base(argv[0]))
	if b.measureRSS {
		b.launched++
		out := filepath.Join(b.work, "out", fmt.Sprintf("rss-%d", b.launched))
		j.rssFiles = append(j.rssFiles, out)
		argv = append([]string{b.self, "rss", out}, argv...)
	}
	cmd := exec.CommandContext(b.ctx, argv[0], argv[1:]...)
	cmd.Cancel = func() error { return cmd.Process.Signal(os.Interrupt) }
	cmd.WaitDelay = interruptGrace
	cmd.Dir = dir
	cmd.Stdout, cmd.Stderr = j.stdout, j.stderr
	return cmd
}

// freshCopy makes a new folder holding hard links to c's images (copies
// where links are refused), for the tools that write beside the images.
// The folders stay until the work folder is removed at the end: deleting
// thousands of files between runs makes ext4 slow to allocate inodes for
// minutes afterwards (it skips recently deleted ones), which would charge
// the next tool that creates files for the bench's own cleanup.
func (b *bench) freshCopy(c *corpus) (string, error) {
	b.scratch++
	dir := filepath.Join(b.work, "scratch", fmt.Sprintf("%s-%d", c.Set, b.scratch))
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	for _, name := range c.Files {
		src, dst := filepath.Join(c.Dir, name), filepath.Join(dir, name)
		if err := os.Link(src, dst); err != nil {
			data, rerr := os.ReadFile(src)
			if rerr != nil {
				return "", rerr
			}
			if werr := os.WriteFile(dst, data, 0o644); werr != nil {
				return "", werr
			}
		}
	}
	return dir, nil
}

// freshFiles is freshCopy with copies, never links: for the tools that
// rewrite the images themselves (each replaces a file by a new one, which
// would leave a link's source alone, but a copy makes sure of it).
func (b *bench) freshFiles(c *corpus) (string, error) {
	b.scratch++
	dir := filepath.Join(b.work, "scratch", fmt.Sprintf("%s-%d", c.Set, b.scratch))
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	for _, name := range c.Files {
		data, err := os.ReadFile(filepath.Join(c.Dir, name))
		if err != nil {
			return "", err
		}
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			return "", err
		}
	}
	return dir, nil
}

func (b *bench) floorJob(c *corpus, tool string, size int) (*job, error) {
	j, err := b.newJob(c, tool, c.Dir, []string{b.self, "floor", c.Dir, strconv.Itoa(size)})
	if err != nil {
		return nil, err
	}
	j.check = func() ([]string, error) {
		var files, n int64
		out, _ := os.ReadFile(j.stdout.Name())
		if _, err := fmt.Sscanf(string(out), "%d files %d bytes", &files, &n); err != nil {
			return nil, fmt.Errorf("floor: expected \"N files M bytes\", found %q", out)
		}
		if int(files) != len(c.Files) {
			return nil, fmt.Errorf("floor: expected %d files, read %d", len(c.Files), files)
		}
		return []string{fmt.Sprintf("floor read %d files, %d bytes", files, n)}, nil
	}
	return j, nil
}

// acceptFindings accepts captag's exit 1 (findings at or above --fail-on).
func acceptFindings(code int) bool { return code == 0 || code == 1 }

func (b *bench) checkJob(c *corpus, extra []string) (*job, error) {
	argv := append([]string{b.captag, "check", "--captions", c.Captions, "--format", "json", "--no-progress"}, extra...)
	argv = append(argv, c.Dir)
	j, err := b.newJob(c, toolCheck+strings.Join(extra, ""), c.Dir, argv)
	if err != nil {
		return nil, err
	}
	j.accept = acceptFindings
	who := strings.Join(append([]string{"captag check"}, extra...), " ")
	j.check = func() ([]string, error) { return checkNotes(who, j.stdout.Name(), len(c.Files)) }
	return j, nil
}

// checkHTMLJob runs captag check --format html -o FILE: the contact sheet
// with a thumbnail per picture (issue 15), written to a file in the work
// folder (replaced each round).
func (b *bench) checkHTMLJob(c *corpus) (*job, error) {
	page := filepath.Join(b.work, "out", c.Set+"-"+toolCheckHTML+".html")
	argv := []string{b.captag, "check", "--captions", c.Captions, "--format", "html", "-o", page, "--no-progress", c.Dir}
	j, err := b.newJob(c, toolCheckHTML, c.Dir, argv)
	if err != nil {
		return nil, err
	}
	j.accept = acceptFindings
	j.check = func() ([]string, error) { return htmlNotes(page, len(c.Files)) }
	return j, nil
}

// htmlNotes reads the contact sheet: a card per picture, and its size.
func htmlNotes(path string, files int) ([]string, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	cards := bytes.Count(data, []byte(`<section class="card`))
	thumbs := bytes.Count(data, []byte(`<img alt="" src="data:image/jpeg;base64,`))
	if cards < files {
		return nil, fmt.Errorf("captag check --format html: expected a card for each of %d pictures, found %d cards", files, cards)
	}
	return []string{fmt.Sprintf("captag check --format html: %d bytes, %d cards, %d thumbnails, %.1f KB a card",
		len(data), cards, thumbs, float64(len(data))/1000/float64(max(cards, 1)))}, nil
}

// checkReport is the part of captag check's JSON report the bench reads.
type checkReport struct {
	Summary struct {
		Images, Records, Matched, Errors, Warnings int
	} `json:"summary"`
	Results []struct {
		Image     string `json:"image"`
		MatchedBy string `json:"matched_by"`
		Findings  []struct {
			Severity, Field, Store, Want, Got, Message string
		} `json:"findings"`
	} `json:"results"`
	UnmatchedRecords []json.RawMessage `json:"unmatched_records"`
	UnmatchedImages  []string          `json:"unmatched_images"`
}

// checkNotes reads captag check's report: on a corpus whose images all
// agree with their captions it should find no error.
func checkNotes(who, path string, files int) ([]string, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var rep checkReport
	if err := json.Unmarshal(data, &rep); err != nil {
		return nil, fmt.Errorf("%s: expected a JSON report, found %d bytes that do not parse: %v", who, len(data), err)
	}
	s := rep.Summary
	notes := []string{fmt.Sprintf("%s: %d images, %d records, %d matched, %d errors, %d warnings (expected %d, %d, %d, 0 errors)",
		who, s.Images, s.Records, s.Matched, s.Errors, s.Warnings, files, files, files)}
	by := map[string]int{}
	var firstErr, firstWarn string
	for _, r := range rep.Results {
		by[r.MatchedBy]++
		for _, f := range r.Findings {
			msg := fmt.Sprintf("%s: %s %s: %s (want %q, got %q)", filepath.Base(r.Image), f.Field, f.Store, f.Message, f.Want, f.Got)
			if f.Severity == "error" && firstErr == "" {
				firstErr = msg
			}
			if f.Severity == "warning" && firstWarn == "" {
				firstWarn = msg
			}
		}
	}
	if len(by) > 0 {
		var parts []string
		for _, k := range sortedKeys(by) {
			parts = append(parts, fmt.Sprintf("%s %d", k, by[k]))
		}
		notes = append(notes, who+" matched by: "+strings.Join(parts, ", "))
	}
	if firstErr != "" {
		notes = append(notes, who+" first error: "+firstErr)
	}
	if firstWarn != "" {
		notes = append(notes, who+" first warning: "+firstWarn)
	}
	if n := len(rep.UnmatchedRecords) + len(rep.UnmatchedImages); n > 0 {
		notes = append(notes, fmt.Sprintf("%s: %d unmatched records, %d unmatched images", who, len(rep.UnmatchedRecords), len(rep.UnmatchedImages)))
	}
	return notes, nil
}

func (b *bench) writeJob(c *corpus) (*job, error) {
	dir, err := b.freshCopy(c)
	if err != nil {
		return nil, err
	}
	j, err := b.newJob(c, toolWrite, dir, []string{b.captag, "write", "--captions", c.Captions, "--no-progress", dir})
	if err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	j.accept = acceptFindings
	j.check = func() ([]string, error) { return countSidecars("captag write", dir, len(c.Files)) }
	return j, nil
}

// countSidecars counts the .xmp files in dir.
func countSidecars(who, dir string, want int) ([]string, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	n := 0
	for _, e := range entries {
		if strings.EqualFold(filepath.Ext(e.Name()), ".xmp") {
			n++
		}
	}
	note := fmt.Sprintf("%s wrote %d sidecars for %d images", who, n, want)
	if n != want {
		return []string{note + " (expected one per image)"}, nil
	}
	return []string{note}, nil
}

func (b *bench) inspectJob(c *corpus) (*job, error) {
	j, err := b.newJob(c, toolInspect, c.Dir, []string{b.captag, "inspect", "--format", "json", "--no-progress", c.Dir})
	if err != nil {
		return nil, err
	}
	j.accept = acceptFindings
	j.check = func() ([]string, error) {
		var files []map[string]json.RawMessage
		if err := readJSON(j.stdout.Name(), &files); err != nil {
			return nil, fmt.Errorf("captag inspect: %w", err)
		}
		stores := map[string]int{}
		for _, f := range files {
			for _, k := range []string{"exif", "iptc", "xmp", "error"} {
				if _, ok := f[k]; ok {
					stores[k]++
				}
			}
		}
		return []string{fmt.Sprintf("captag inspect: %d files (expected %d), with EXIF %d, IPTC %d, XMP %d, errors %d",
			len(files), len(c.Files), stores["exif"], stores["iptc"], stores["xmp"], stores["error"])}, nil
	}
	return j, nil
}

// chunks splits names into argument lists of at most budget bytes.
func chunks(names []string, budget int) [][]string {
	var out [][]string
	var cur []string
	size := 0
	for _, n := range names {
		cost := len(n) + 1 + 8 // the string, its NUL, its argv pointer
		if len(cur) > 0 && size+cost > budget {
			out = append(out, cur)
			cur, size = nil, 0
		}
		cur = append(cur, n)
		size += cost
	}
	if len(cur) > 0 {
		out = append(out, cur)
	}
	return out
}

// exiv2Job runs exiv2 over c's files (relative names, from c.Dir) in
// chunks under argBudget; with procs 2 each half of the list is a lane of
// its own.
func (b *bench) exiv2Job(c *corpus, procs int) (*job, error) {
	tool := toolExiv2
	if procs > 1 {
		tool = toolExiv2Par
	}
	stdout, stderr, err := b.outputs(c, tool)
	if err != nil {
		return nil, err
	}
	j := &job{stdout: stdout, stderr: stderr}
	base := []string{b.exiv2, "-q", "-pa"}
	for _, k := range exiv2Keys {
		base = append(base, "-K", k)
	}
	per := (len(c.Files) + procs - 1) / procs
	for p := 0; p < procs && p*per < len(c.Files); p++ {
		part := c.Files[p*per : min(len(c.Files), (p+1)*per)]
		var lane []*exec.Cmd
		for _, ch := range chunks(part, argBudget) {
			lane = append(lane, b.command(j, c.Dir, append(append([]string(nil), base...), ch...)))
		}
		j.lanes = append(j.lanes, lane)
	}
	j.check = func() ([]string, error) {
		out, err := os.ReadFile(stdout.Name())
		if err != nil {
			return nil, err
		}
		n := bytes.Count(out, []byte("Exif.Photo.DateTimeOriginal"))
		by := bytes.Count(out, []byte("Iptc.Application2.Byline"))
		return []string{fmt.Sprintf("%s: %d lines, DateTimeOriginal for %d files, By-line for %d (of %d)",
			tool, bytes.Count(out, []byte("\n")), n, by, len(c.Files))}, nil
	}
	return j, nil
}

func (b *bench) exiftoolReadJob(c *corpus) (*job, error) {
	argv := append([]string{b.exiftool, "-fast2", "-j"}, exiftoolReadTags...)
	argv = append(argv, "-r", c.Dir)
	j, err := b.newJob(c, toolExiftoolRead, c.Dir, argv)
	if err != nil {
		return nil, err
	}
	j.check = func() ([]string, error) {
		var files []map[string]json.RawMessage
		if err := readJSON(j.stdout.Name(), &files); err != nil {
			return nil, fmt.Errorf("exiftool: %w", err)
		}
		dto := 0
		for _, f := range files {
			if _, ok := f["DateTimeOriginal"]; ok {
				dto++
			}
		}
		return []string{fmt.Sprintf("exiftool read: %d files (expected %d), DateTimeOriginal in %d", len(files), len(c.Files), dto)}, nil
	}
	return j, nil
}

func (b *bench) exiftoolWriteJob(c *corpus) (*job, error) {
	args := filepath.Join(b.work, "iptc2xmp.args")
	if _, err := os.Stat(args); err != nil {
		if err := os.WriteFile(args, []byte(exiftoolWriteArgs), 0o644); err != nil {
			return nil, err
		}
	}
	dir, err := b.freshCopy(c)
	if err != nil {
		return nil, err
	}
	j, err := b.newJob(c, toolExiftoolWrite, dir, []string{b.exiftool, "-q", "-q", "-o", "%d%f.xmp", "-tagsfromfile", "@", "-@", args, dir})
	if err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	j.check = func() ([]string, error) { return countSidecars("exiftool", dir, len(c.Files)) }
	return j, nil
}

func (b *bench) writeEmbedJob(c *corpus) (*job, error) {
	dir, err := b.freshFiles(c)
	if err != nil {
		return nil, err
	}
	j, err := b.newJob(c, toolWriteEmbed, dir, []string{b.captag, "write", "--captions", c.Captions, "--embed", "--no-sidecar", "--no-progress", dir})
	if err != nil {
		return nil, err
	}
	j.accept = acceptFindings
	j.check = func() ([]string, error) {
		out, err := os.ReadFile(j.stdout.Name())
		if err != nil {
			return nil, err
		}
		want := fmt.Sprintf("%d images: %d embedded, ", len(c.Files), len(c.Files))
		lines := strings.Split(strings.TrimSpace(string(out)), "\n")
		last := lines[len(lines)-1]
		if !strings.HasPrefix(last, want) {
			return nil, fmt.Errorf("captag write --embed: expected a summary starting %q, found %q", want, last)
		}
		return []string{"captag write --embed: " + last}, nil
	}
	return j, nil
}

func (b *bench) exiftoolEmbedJob(c *corpus) (*job, error) {
	args := filepath.Join(b.work, "embed.args")
	if _, err := os.Stat(args); err != nil {
		if err := os.WriteFile(args, []byte(exiftoolEmbedArgs), 0o644); err != nil {
			return nil, err
		}
	}
	dir, err := b.freshFiles(c)
	if err != nil {
		return nil, err
	}
	j, err := b.newJob(c, toolExiftoolEmbed, dir, []string{b.exiftool, "-q", "-q", "-overwrite_original", "-tagsfromfile", "@", "-@", args, dir})
	if err != nil {
		return nil, err
	}
	j.check = func() ([]string, error) {
		entries, err := os.ReadDir(dir)
		if err != nil {
			return nil, err
		}
		if len(entries) != len(c.Files) {
			return nil, fmt.Errorf("exiftool in place: expected %d files in %s, found %d", len(c.Files), dir, len(entries))
		}
		return []string{fmt.Sprintf("exiftool in place: %d files", len(entries))}, nil
	}
	return j, nil
}

func readJSON(path string, v any) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	dec := json.NewDecoder(io.LimitReader(f, 1<<30))
	if err := dec.Decode(v); err != nil {
		return fmt.Errorf("expected JSON output, found what does not parse: %v", err)
	}
	return nil
}
