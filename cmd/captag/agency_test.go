package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// Agency folders (issue 9): for each agency, a folder of four images whose
// metadata exiftool writes the way that agency fills its files (which IIM
// datasets, XMP properties and EXIF tags, with what values, in which time
// zone), each image carrying its caption in the agency's house style, and
// a caption file of the same captions. The clean folder must give no
// error; then one fault is planted at a time on one image (the wrong day in
// every store, another photographer in every store, another agency's
// credit, every date removed) and the check must give exactly that error,
// on that image, and no other error.
//
// The same table writes the end-to-end scripts testdata/agency-*.txtar
// (go test -run TestAgencyScripts -update rewrites them; without -update
// the test fails when a script is not what the table says). What each
// folder imitates and where the facts come from: testdata/AGENCIES.md.

// knownFailing lists the cases that fail on the code of the day, with the
// reason; they are skipped. The lead removes an entry when the case
// passes. A key is "AGENCY/CASE" (CASE: clean, day, creator, credit,
// nodate, or FAULT-one-finding); "AGENCY/*" stands for every case of the
// agency and also puts a skip line at the top of its script.
var knownFailing = map[string]string{}

// scriptSkip reports why an agency's whole script is skipped, if it is.
func scriptSkip(id string) string {
	if r, ok := knownFailing[id+"/*"]; ok {
		return r
	}
	for _, c := range []string{"clean", "day", "creator", "credit", "nodate"} {
		if r, ok := knownFailing[id+"/"+c]; ok {
			return c + ": " + r
		}
	}
	return ""
}

// A shot is one image of a folder.
type shot struct {
	file    string // its name in the folder
	from    string // the sample image (testdata/aleppo) it is a copy of
	creator string // the photographer as the agency writes it in its stores ("" = none)
	artist  string // EXIF Artist when it is spelt otherwise (ASCII-only cameras)
	when    string // the local wall-clock time at the scene, "2006-01-02 15:04:05"
	offset  string // the scene's UTC offset, "+03:00"
	caption string // the agency's caption (also embedded in the image)
	credit  string // IIM/XMP Credit when it differs from the agency's default
	source  string // IIM/XMP Source when it differs from the agency's default
	iimTime string // IIM TimeCreated style when it differs from the agency's default
	// noOffset leaves out EXIF OffsetTimeOriginal for an older camera.
	noOffset bool
}

// An agencyCase is one agency's folder and how the agency fills its files.
type agencyCase struct {
	id, name string
	shots    [4]shot

	exifDate      bool   // EXIF DateTimeOriginal and CreateDate (from the camera)
	exifOffset    bool   // with OffsetTimeOriginal
	exifArtist    bool   // EXIF Artist = the photographer
	exifCopyright string // EXIF Copyright
	exifDesc      bool   // the caption in EXIF ImageDescription too
	charset       bool   // IIM CodedCharacterSet = UTF-8
	// iimTime is how IIM DateCreated/TimeCreated are stamped: "local"
	// (local time with the scene's offset), "utc" (converted to UTC, date
	// included), "clock" (the local wall clock labelled +00:00, as many
	// tools write it), "" (DateCreated only).
	iimTime   string
	byTitle   string // IIM By-lineTitle / XMP photoshop:AuthorsPosition
	credit    string // IIM Credit / XMP photoshop:Credit
	source    string // IIM Source / XMP photoshop:Source
	copyright string // IIM CopyrightNotice / XMP dc:rights
	xmp       bool   // the agency's files carry XMP
	// xmpDate is how XMP photoshop:DateCreated is written: "local" (with
	// the offset), "midnightZ" (the date at 00:00:00.000Z, as Getty's
	// files carry it), "date" (the date alone).
	xmpDate string
	city    string
	state   string
	country string
	code    string   // ISO 3166 country code
	extra   []string // further exiftool assignments for every image

	other   string   // another agency's credit, for the credit fault
	faults  []string // the faults planted (default: day, creator, credit, nodate)
	warnOK  []string // fields whose warnings the clean folder may show, with why
	warnWhy string
}

// The image each fault is planted on.
var faultShot = map[string]int{"day": 1, "creator": 2, "credit": 3, "nodate": 0}

var faultField = map[string]string{"day": "date", "creator": "creator", "credit": "credit", "nodate": "date"}

var faultWhat = map[string]string{
	"day":     "the wrong day in every store",
	"creator": "another photographer in every store",
	"credit":  "another agency's credit in Credit and Source",
	"nodate":  "every date removed",
}

func (a *agencyCase) faultList() []string {
	if a.faults != nil {
		return a.faults
	}
	return []string{"day", "creator", "credit", "nodate"}
}

// localTime is the shot's time at the scene.
func (s *shot) localTime() time.Time {
	t, err := time.Parse("2006-01-02 15:04:05 -07:00", s.when+" "+s.offset)
	if err != nil {
		panic(fmt.Sprintf("agency table: shot %s: %v", s.file, err))
	}
	return t
}

// fill returns the exiftool assignments that give shot s the metadata the
// agency writes.
func (a *agencyCase) fill(s shot) []string {
	var t []string
	add := func(tag, v string) {
		if v != "" {
			t = append(t, "-"+tag+"="+v)
		}
	}
	lt := s.localTime()
	if a.exifDate {
		add("EXIF:DateTimeOriginal", lt.Format("2006:01:02 15:04:05"))
		add("EXIF:CreateDate", lt.Format("2006:01:02 15:04:05"))
		if a.exifOffset && !s.noOffset {
			add("EXIF:OffsetTimeOriginal", s.offset)
		}
	}
	if a.exifArtist {
		add("EXIF:Artist", cmp(s.artist, s.creator))
	}
	add("EXIF:Copyright", a.exifCopyright)
	if a.exifDesc {
		add("EXIF:ImageDescription", s.caption)
	}
	if a.charset {
		add("IPTC:CodedCharacterSet", "UTF8")
	}
	switch cmp(s.iimTime, a.iimTime) {
	case "local":
		add("IPTC:DateCreated", lt.Format("2006:01:02"))
		add("IPTC:TimeCreated", lt.Format("15:04:05-07:00"))
	case "utc":
		u := lt.UTC()
		add("IPTC:DateCreated", u.Format("2006:01:02"))
		add("IPTC:TimeCreated", u.Format("15:04:05")+"+00:00")
	case "clock":
		add("IPTC:DateCreated", lt.Format("2006:01:02"))
		add("IPTC:TimeCreated", lt.Format("15:04:05")+"+00:00")
	default:
		add("IPTC:DateCreated", lt.Format("2006:01:02"))
	}
	add("IPTC:By-line", s.creator)
	add("IPTC:By-lineTitle", a.byTitle)
	add("IPTC:City", a.city)
	add("IPTC:Province-State", a.state)
	add("IPTC:Country-PrimaryLocationName", a.country)
	add("IPTC:Country-PrimaryLocationCode", a.code)
	add("IPTC:Credit", cmp(s.credit, a.credit))
	add("IPTC:Source", cmp(s.source, a.source))
	add("IPTC:CopyrightNotice", a.copyright)
	add("IPTC:Caption-Abstract", s.caption)
	if a.xmp {
		switch a.xmpDate {
		case "local":
			add("XMP-photoshop:DateCreated", lt.Format("2006-01-02T15:04:05-07:00"))
		case "midnightZ":
			add("XMP-photoshop:DateCreated", lt.Format("2006-01-02")+"T00:00:00.000Z")
		case "date":
			add("XMP-photoshop:DateCreated", lt.Format("2006-01-02"))
		}
		add("XMP-dc:Creator", s.creator)
		add("XMP-photoshop:AuthorsPosition", a.byTitle)
		add("XMP-dc:Description", s.caption)
		add("XMP-dc:Rights", a.copyright)
		add("XMP-photoshop:Credit", cmp(s.credit, a.credit))
		add("XMP-photoshop:Source", cmp(s.source, a.source))
		add("XMP-photoshop:City", a.city)
		add("XMP-photoshop:State", a.state)
		add("XMP-photoshop:Country", a.country)
		add("XMP-iptcCore:CountryCode", a.code)
	}
	return append(t, a.extra...)
}

func cmp(v, def string) string {
	if v != "" {
		return v
	}
	return def
}

// faultArgs returns the exiftool assignments that plant fault f on the
// agency's clean image.
func (a *agencyCase) faultArgs(f string) []string {
	s := a.shots[faultShot[f]]
	switch f {
	case "day":
		s.when = s.localTime().AddDate(0, 0, -1).Format("2006-01-02 15:04:05")
		return a.fill(s)
	case "creator":
		s.creator, s.artist = "Lena Marsh", ""
		if a.exifArtist || a.xmp {
			return a.fill(s)
		}
		return []string{"-IPTC:By-line=Lena Marsh"}
	case "credit":
		t := []string{"-IPTC:Credit=" + a.other, "-IPTC:Source=" + a.other}
		if a.xmp {
			t = append(t, "-XMP-photoshop:Credit="+a.other, "-XMP-photoshop:Source="+a.other)
		}
		return t
	case "nodate":
		return []string{"-EXIF:DateTimeOriginal=", "-EXIF:CreateDate=", "-EXIF:ModifyDate=",
			"-EXIF:OffsetTimeOriginal=", "-IPTC:DateCreated=", "-IPTC:TimeCreated=",
			"-XMP-photoshop:DateCreated=", "-XMP-xmp:CreateDate=", "-XMP-exif:DateTimeOriginal="}
	}
	panic("agency table: unknown fault " + f)
}

// argfile writes exiftool -@ argument blocks, one per file, separated by
// -execute. A value with a newline is written as a C string (#[CSTR]).
func argfile(blocks [][]string, files []string) string {
	var b strings.Builder
	for i, blk := range blocks {
		if i > 0 {
			b.WriteString("-execute\n")
		}
		for _, arg := range blk {
			if strings.ContainsAny(arg, "\n\\") {
				r := strings.NewReplacer("\\", "\\\\", "\n", "\\n", "\"", "\\\"")
				b.WriteString("#[CSTR]" + r.Replace(arg) + "\n")
				continue
			}
			b.WriteString(arg + "\n")
		}
		b.WriteString(files[i] + "\n")
	}
	return b.String()
}

// captionFile is the agency's caption list: newest first, as wire lists run.
func (a *agencyCase) captionFile() string {
	var recs []string
	for i := len(a.shots) - 1; i >= 0; i-- {
		recs = append(recs, a.shots[i].caption)
	}
	return strings.Join(recs, "\n\n") + "\n"
}

// cleanArgs is the argfile that fills the clean folder dir.
func (a *agencyCase) cleanArgs(dir string) string {
	var blocks [][]string
	var files []string
	for _, s := range a.shots {
		blocks = append(blocks, a.fill(s))
		files = append(files, dir+"/"+s.file)
	}
	return argfile(blocks, files)
}

// faultDir is the folder of fault f.
func (a *agencyCase) faultDir(f string) string { return a.id + "-" + f }

// faultsArgs is the argfile that plants every fault, each in its own copy
// of the clean folder, under base.
func (a *agencyCase) faultsArgs(base string) string {
	var blocks [][]string
	var files []string
	for _, f := range a.faultList() {
		blocks = append(blocks, a.faultArgs(f))
		files = append(files, base+a.faultDir(f)+"/"+a.shots[faultShot[f]].file)
	}
	return argfile(blocks, files)
}

// TestAgencyFolders builds every agency's folder with exiftool and checks
// the clean folder and each planted fault through the JSON report.
func TestAgencyFolders(t *testing.T) {
	if _, err := exec.LookPath("exiftool"); err != nil {
		t.Skip("exiftool is not installed; the agency folders are written with it")
	}
	samples := filepath.Join("..", "..", "testdata", "aleppo")
	if _, err := os.Stat(samples); err != nil {
		t.Skipf("no sample images: %v", err)
	}
	// Strip and fill every clean folder as its agency does (one exiftool
	// run for all: exiftool's start-up is most of its time), copy each
	// into a folder per fault, and plant the faults (a second run).
	root := t.TempDir()
	var fill, faults strings.Builder
	for i := range agencyCases {
		a := &agencyCases[i]
		clean := filepath.Join(root, a.id)
		for _, s := range a.shots {
			copyFile(t, filepath.Join(samples, s.from), filepath.Join(clean, s.file))
			if fill.Len() > 0 {
				fill.WriteString("-execute\n")
			}
			fill.WriteString(argfile([][]string{append([]string{"-all="}, a.fill(s)...)}, []string{filepath.Join(clean, s.file)}))
		}
		if faults.Len() > 0 {
			faults.WriteString("-execute\n")
		}
		faults.WriteString(a.faultsArgs(root + string(filepath.Separator)))
	}
	exiftool(t, root, fill.String())
	for i := range agencyCases {
		a := &agencyCases[i]
		for _, d := range a.faultDirs() {
			for _, s := range a.shots {
				copyFile(t, filepath.Join(root, a.id, s.file), filepath.Join(root, d, s.file))
			}
		}
	}
	exiftool(t, root, faults.String())

	for i := range agencyCases {
		a := &agencyCases[i]
		t.Run(a.id, func(t *testing.T) {
			t.Parallel()
			captions := filepath.Join(root, a.id+".txt")
			if err := os.WriteFile(captions, []byte(a.captionFile()), 0o644); err != nil {
				t.Fatal(err)
			}

			t.Run("clean", func(t *testing.T) {
				skipKnown(t, a.id+"/clean")
				rep, code := checkJSON(t, root, captions, a.id)
				if errs := rep.errors(); len(errs) > 0 || code != 0 {
					t.Errorf("the clean %s folder: exit %d, want 0; errors:\n%s", a.name, code, strings.Join(errs, "\n"))
				}
				for _, res := range rep.Results {
					for _, f := range res.Findings {
						if f.Severity == "warning" && !slices.Contains(a.warnOK, f.Field) {
							t.Errorf("the clean %s folder has a warning: %s: %s %s: %s", a.name, res.Image, f.Field, f.Store, f.Message)
						}
					}
				}
				if rep.Summary.Matched != len(a.shots) {
					t.Errorf("%d of %d images matched to their captions", rep.Summary.Matched, len(a.shots))
				}
			})
			for _, f := range a.faultList() {
				img := a.faultDir(f) + "/" + a.shots[faultShot[f]].file
				want := img + ": " + faultField[f]
				t.Run(f, func(t *testing.T) {
					skipKnown(t, a.id+"/"+f)
					rep, code := checkJSON(t, root, captions, a.faultDir(f))
					got := rep.errorFields()
					if code != 1 || len(got) != 1 || got[0] != want {
						t.Errorf("%s planted on %s: exit %d, errors %q, want exit 1 and exactly %q; the errors:\n%s",
							faultWhat[f], img, code, got, want, strings.Join(rep.errors(), "\n"))
					}
				})
				t.Run(f+"-one-finding", func(t *testing.T) {
					skipKnown(t, a.id+"/"+f+"-one-finding")
					rep, _ := checkJSON(t, root, captions, a.faultDir(f))
					if errs := rep.errors(); len(errs) != 1 {
						t.Errorf("%s planted on %s: %d error findings, want one for the field:\n%s",
							faultWhat[f], img, len(errs), strings.Join(errs, "\n"))
					}
				})
			}
		})
	}
}

func (a *agencyCase) faultDirs() []string {
	var d []string
	for _, f := range a.faultList() {
		d = append(d, a.faultDir(f))
	}
	return d
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	b, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

func skipKnown(t *testing.T, key string) {
	t.Helper()
	id, _, _ := strings.Cut(key, "/")
	if r, ok := knownFailing[id+"/*"]; ok {
		t.Skip("known failing (issue 9): " + r)
	}
	if r, ok := knownFailing[key]; ok {
		t.Skip("known failing (issue 9): " + r)
	}
	_, c, _ := strings.Cut(key, "/")
	if r, ok := knownFailing["*/"+c]; ok {
		t.Skip("known failing (issue 9): " + r)
	}
}

// exiftool runs exiftool in dir with args, or with the argfile text given.
func exiftool(t *testing.T, dir, argText string, args ...string) {
	t.Helper()
	if argText != "" {
		f := filepath.Join(dir, fmt.Sprintf("args-%d.txt", time.Now().UnixNano()))
		if err := os.WriteFile(f, []byte(argText), 0o644); err != nil {
			t.Fatal(err)
		}
		args = append([]string{"-@", f}, args...)
	}
	args = append(args, "-common_args", "-q", "-overwrite_original")
	cmd := exec.Command("exiftool", args...)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	// IIM's 32-byte Credit cuts a long Shutterstock chain, as it does in
	// the agency's own files: exiftool says so, and that is expected.
	var other []string
	for _, l := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		if l != "" && !strings.Contains(l, "IPTC:Credit exceeds length limit (truncated)") {
			other = append(other, l)
		}
	}
	if err != nil || len(other) > 0 {
		t.Fatalf("exiftool %v: %v\n%s", args, err, out)
	}
}

// agencyReport is the part of captag check's JSON report the test reads.
type agencyReport struct {
	Summary struct {
		Matched  int `json:"matched"`
		Errors   int `json:"errors"`
		Warnings int `json:"warnings"`
	} `json:"summary"`
	Results []struct {
		Image    string `json:"image"`
		Findings []struct {
			Severity string `json:"severity"`
			Field    string `json:"field"`
			Store    string `json:"store"`
			Message  string `json:"message"`
		} `json:"findings"`
	} `json:"results"`
	UnmatchedRecords []json.RawMessage `json:"unmatched_records"`
	UnmatchedImages  []string          `json:"unmatched_images"`
}

func (r *agencyReport) list(sev string) []string {
	var out []string
	for _, res := range r.Results {
		for _, f := range res.Findings {
			if f.Severity == sev {
				out = append(out, fmt.Sprintf("%s: %s %s: %s", res.Image, f.Field, f.Store, f.Message))
			}
		}
	}
	if sev == "error" {
		for _, u := range r.UnmatchedImages {
			out = append(out, u+": match: not matched to any caption")
		}
		for _, u := range r.UnmatchedRecords {
			out = append(out, "caption not matched to any image: "+string(u))
		}
	}
	return out
}

func (r *agencyReport) errors() []string { return r.list("error") }

// errorFields lists "IMAGE: FIELD" once for each field with an error.
func (r *agencyReport) errorFields() []string {
	var out []string
	for _, res := range r.Results {
		for _, f := range res.Findings {
			if k := res.Image + ": " + f.Field; f.Severity == "error" && !slices.Contains(out, k) {
				out = append(out, k)
			}
		}
	}
	for _, u := range r.UnmatchedImages {
		out = append(out, u+": match")
	}
	if len(r.UnmatchedRecords) > 0 {
		out = append(out, "captions: match")
	}
	return out
}

// checkJSON runs captag check --format json in-process from root.
func checkJSON(t *testing.T, root, captions, dir string) (*agencyReport, int) {
	t.Helper()
	e, out, errb := testEnv(false, false, nil)
	code := runEnv(context.Background(), e, []string{"check", "--captions", captions, "--format", "json", "-j", "2", filepath.Join(root, dir)})
	if code != 0 && code != 1 {
		t.Fatalf("captag check exited %d:\n%s", code, errb)
	}
	rep := new(agencyReport)
	if err := json.Unmarshal(out.Bytes(), rep); err != nil {
		t.Fatalf("the JSON report does not parse: %v\n%s", err, out)
	}
	// Images are named from root: keep the part from the folder on.
	for i := range rep.Results {
		rep.Results[i].Image = relTo(rep.Results[i].Image, root)
	}
	for i := range rep.UnmatchedImages {
		rep.UnmatchedImages[i] = relTo(rep.UnmatchedImages[i], root)
	}
	return rep, code
}

func relTo(p, root string) string {
	if r, err := filepath.Rel(root, p); err == nil && !strings.HasPrefix(r, "..") {
		return filepath.ToSlash(r)
	}
	return filepath.ToSlash(p)
}

// TestAgencyScripts keeps testdata/agency-*.txtar what the table says;
// -update rewrites them.
func TestAgencyScripts(t *testing.T) {
	for i := range agencyCases {
		a := &agencyCases[i]
		path := filepath.Join("testdata", "agency-"+a.id+".txtar")
		want := a.script()
		if *update {
			if err := os.WriteFile(path, []byte(want), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		got, err := os.ReadFile(path)
		if err != nil || string(got) != want {
			t.Errorf("%s is not what the agency table says (%v); run go test -run TestAgencyScripts -update", path, err)
		}
	}
}

// script is the agency's end-to-end script.
func (a *agencyCase) script() string {
	var b strings.Builder
	w := func(format string, args ...any) { fmt.Fprintf(&b, format+"\n", args...) }
	w("# %s: %d images written by exiftool the way the agency fills its files", a.name, len(a.shots))
	w("# (what it imitates and the sources: AGENCIES.md), with the captions in the")
	w("# agency's style: no error. Then one fault at a time on one image: exactly")
	w("# that error. Generated from the table in agency_test.go (go test -run")
	w("# TestAgencyScripts -update); edit the table, not this file.")
	w("")
	w("[!exec:exiftool] skip 'exiftool is not installed'")
	if r := scriptSkip(a.id); r != "" {
		w("skip 'issue 9: %s'", strings.ReplaceAll(r, "'", "''"))
	}
	w("")
	w("mkdir %s", a.id)
	for _, s := range a.shots {
		w("cp aleppo/%s %s/%s", s.from, a.id, s.file)
	}
	w("exec exiftool -q -overwrite_original -all= %s", a.id)
	w("exec exiftool -@ %s.args -common_args -q -overwrite_original", a.id)
	w("")
	w("# The clean folder, paired by content (--by auto): no error.")
	w("exec captag check --captions %s.txt %s", a.id, a.id)
	w("! stdout '^  error'")
	if len(a.warnOK) == 0 {
		w("! stdout '^  warning'")
	} else {
		w("# %s", a.warnWhy)
		w("! stdout '^  warning +(%s)'", strings.Join(otherFields(a.warnOK), "|"))
	}
	w("stdout '^%d images, %d captions, %d matched: '", len(a.shots), len(a.shots), len(a.shots))
	w("")
	w("# One fault per folder, each on one image.")
	w("mkdir %s", strings.Join(a.faultDirs(), " "))
	var names []string
	for _, s := range a.shots {
		names = append(names, a.id+"/"+s.file)
	}
	for _, d := range a.faultDirs() {
		w("cp %s %s", strings.Join(names, " "), d)
	}
	w("exec exiftool -@ %s-faults.args -common_args -q -overwrite_original", a.id)
	for _, f := range a.faultList() {
		d := a.faultDir(f)
		img := a.shots[faultShot[f]].file
		field := faultField[f]
		w("")
		w("# %s on %s: a %s error on that image only.", upperFirst(faultWhat[f]), img, field)
		w("exec exitcode 1 captag check --captions %s.txt %s", a.id, d)
		w("stdout '^%s/%s [^\\n]*\\n(  [^\\n]*\\n)*?  error +%s'", d, quoteRE(img), field)
		w("! stdout '^  error +(%s)'", strings.Join(otherFields([]string{field}), "|"))
		for _, s := range a.shots {
			if s.file != img {
				w("! stdout '^%s/%s [^\\n]*\\n(  [^\\n]*\\n)*?  error'", d, quoteRE(s.file))
			}
		}
	}
	w("")
	w("-- %s.txt --", a.id)
	b.WriteString(a.captionFile())
	w("-- %s.args --", a.id)
	b.WriteString(a.cleanArgs(a.id))
	w("-- %s-faults.args --", a.id)
	b.WriteString(a.faultsArgs(""))
	return b.String()
}

func otherFields(except []string) []string {
	var out []string
	for _, f := range []string{"date", "creator", "credit", "match", "caption", "file"} {
		if !slices.Contains(except, f) {
			out = append(out, f)
		}
	}
	return out
}

func upperFirst(s string) string { return strings.ToUpper(s[:1]) + s[1:] }

func quoteRE(s string) string { return strings.ReplaceAll(s, ".", `\.`) }

// agencyCases: one folder per agency. Captions marked "real" in
// testdata/AGENCIES.md are as published (source cited there); the others
// are written in the same agency's style for the same event, with the
// agency's real photographers where known.
var agencyCases = []agencyCase{
	{
		id: "ap", name: "The Associated Press",
		shots: [4]shot{
			{file: "ap-1.jpg", from: "aleppo-02.jpg", creator: "Paul Sancya", when: "2005-09-29 16:51:00", offset: "-04:00",
				caption: "Chicago White Sox pitcher John Garland, left, pours champagne on Freddy Garcia in the locker room after their 4-2 win against the Detroit Tigers in Detroit, Thursday, Sept. 29, 2005. With the win the White Sox clinched their first AL Central title since 2000. (AP Photo/Paul Sancya)"},
			{file: "ap-2.jpg", from: "aleppo-03.jpg", creator: "Paul Sancya", when: "2005-09-29 16:02:10", offset: "-04:00",
				caption: "Chicago White Sox manager Ozzie Guillen celebrates with his players after their 4-2 win against the Detroit Tigers in Detroit, Thursday, Sept. 29, 2005. (AP Photo/Paul Sancya)"},
			{file: "ap-3.jpg", from: "aleppo-04.jpg", creator: "Carlos Osorio", when: "2005-09-29 14:20:33", offset: "-04:00",
				caption: "Detroit Tigers' Ivan Rodriguez hits a single off Chicago White Sox pitcher Jon Garland in the second inning of a baseball game in Detroit, Thursday, Sept. 29, 2005. (AP Photo/Carlos Osorio)"},
			{file: "ap-4.jpg", from: "aleppo-05.jpg", creator: "Carlos Osorio", when: "2005-09-29 15:47:05", offset: "-04:00",
				caption: "Chicago White Sox's Paul Konerko, right, is congratulated by Aaron Rowand after hitting a two-run home run in the eighth inning against the Detroit Tigers in Detroit, Thursday, Sept. 29, 2005. (AP Photo/Carlos Osorio)"},
		},
		exifDate: true, exifArtist: true, iimTime: "local",
		byTitle: "STF", credit: "AP", source: "AP", copyright: "Copyright 2005 The Associated Press. All rights reserved.",
		xmp: true, xmpDate: "local",
		city: "DETROIT", state: "MI", country: "USA",
		extra: []string{"-IPTC:Category=S", "-IPTC:Writer-Editor=DD PCS DD**NY**"},
		other: "REUTERS",
	},
	{
		id: "reuters", name: "Reuters",
		shots: [4]shot{
			{file: "reuters-1.jpg", from: "aleppo-06.jpg", creator: "SIMON DAWSON", when: "2018-12-11 10:00:51", offset: "+00:00", source: "X06555",
				caption: "A screen shows market data as a person walks down a corridor at CMC markets in London, Britain, December 11, 2018. REUTERS/Simon Dawson"},
			{file: "reuters-2.jpg", from: "aleppo-07.jpg", creator: "TOBY MELVILLE", when: "2018-12-11 13:42:10", offset: "+00:00", source: "X06555",
				caption: "Britain's Prime Minister Theresa May leaves 10 Downing Street in London, Britain, December 11, 2018. REUTERS/Toby Melville"},
			{file: "reuters-3.jpg", from: "aleppo-08.jpg", creator: "JONATHAN ERNST", when: "2018-12-11 20:35:12", offset: "-05:00", source: "RTR",
				caption: "U.S. President Donald Trump speaks to reporters as he departs for a holiday party at the White House in Washington, U.S., December 11, 2018. REUTERS/Jonathan Ernst"},
			{file: "reuters-4.jpg", from: "aleppo-09.jpg", creator: "KEVIN LAMARQUE", when: "2018-12-11 11:20:40", offset: "-05:00", source: "X90024",
				caption: "U.S. President Donald Trump meets with House Democratic Leader Nancy Pelosi and Senate Democratic Leader Chuck Schumer in the Oval Office at the White House in Washington, U.S., December 11, 2018. REUTERS/Kevin Lamarque (UNITED STATES - Tags: POLITICS)"},
		},
		charset: true, iimTime: "utc", credit: "REUTERS",
		extra:  []string{"-IPTC:OriginatingProgram=Fotostation", "-IPTC:LanguageIdentifier=en"},
		other:  "AP",
		warnOK: []string{"date"}, warnWhy: "reuters-3.jpg: IIM is stamped in UTC (December 12, 01:35) and no store gives the local offset: a warning at most.",
	},
	{
		id: "afp", name: "AFP (AFP via Getty Images)",
		shots: [4]shot{
			{file: "afp-1.jpg", from: "aleppo-10.jpg", creator: "CHRISTOF STACHE", when: "2015-01-22 11:30:00", offset: "+01:00", credit: "AFP/Getty Images",
				caption: "Austria's Matthias Mayer attends the men's downhill training of the FIS Alpine Skiing World Cup in Kitzbuehel, Austria, on January 22, 2015. AFP PHOTO / CHRISTOF STACHE (Photo credit should read CHRISTOF STACHE/AFP/Getty Images)"},
			{file: "afp-2.jpg", from: "aleppo-11.jpg", creator: "JOE KLAMAR", when: "2023-01-21 12:10:00", offset: "+01:00",
				caption: "Switzerland's Marco Odermatt competes during the men's downhill event of the FIS Alpine Skiing World Cup in Kitzbuehel, Austria, on January 21, 2023. (Photo by JOE KLAMAR / AFP) (Photo by JOE KLAMAR/AFP via Getty Images)"},
			{file: "afp-3.jpg", from: "aleppo-12.jpg", creator: "JOE KLAMAR", when: "2023-01-21 12:55:00", offset: "+01:00",
				caption: "Norway's Aleksander Aamodt Kilde celebrates on the podium after winning the men's downhill event of the FIS Alpine Skiing World Cup in Kitzbuehel, Austria, on January 21, 2023. (Photo by JOE KLAMAR / AFP) (Photo by JOE KLAMAR/AFP via Getty Images)"},
			{file: "afp-4.jpg", from: "aleppo-13.jpg", creator: "JOE KLAMAR", when: "2023-01-22 11:40:00", offset: "+01:00",
				caption: "France's Alexis Pinturault competes during the men's slalom event of the FIS Alpine Skiing World Cup in Kitzbuehel, Austria, on January 22, 2023. (Photo by JOE KLAMAR / AFP) (Photo by JOE KLAMAR/AFP via Getty Images)"},
		},
		exifDesc: true, charset: true, byTitle: "Stringer", credit: "AFP via Getty Images", source: "AFP",
		xmp: true, xmpDate: "midnightZ", city: "KITZBUEHEL", country: "AUSTRIA", code: "AUT",
		extra: []string{"-IPTC:Category=S", "-IPTC:SupplementalCategories=SKI"},
		other: "EPA",
	},
	{
		id: "getty", name: "Getty Images",
		shots: [4]shot{
			{file: "getty-1.jpg", from: "aleppo-14.jpg", creator: "Stephen Dunn", when: "2002-01-19 16:47:42", offset: "-08:00", iimTime: "clock", noOffset: true,
				caption: "19 Jan 2002:   Cobi Jones #13 of the USA controls the ball  in their Concacaf Gold Cup first round match versus South Korea at the Rose Bowl in Pasadena , California. The USA won 2-1.  DIGITAL IMAGE. Mandatory Credit:  Stephen Dunn/Getty Images"},
			{file: "getty-2.jpg", from: "aleppo-15.jpg", creator: "Len Redkoles", when: "2019-11-10 19:45:00", offset: "-05:00", credit: "NHLI via Getty Images",
				caption: "PHILADELPHIA, PA - NOVEMBER 10: Travis Konecny #11 of the Philadelphia Flyers skates against the Pittsburgh Penguins at the Wells Fargo Center on November 10, 2019 in Philadelphia, Pennsylvania. (Photo by Len Redkoles/NHLI via Getty Images)"},
			{file: "getty-3.jpg", from: "aleppo-16.jpg", creator: "Slaven Vlasic", when: "2019-09-08 20:10:00", offset: "-04:00",
				caption: "NEW YORK, NEW YORK - SEPTEMBER 08: Models walk the runway for the finale at the Tommy Hilfiger fashion show during New York Fashion Week on September 08, 2019 in New York City. (Photo by Slaven Vlasic/Getty Images for Tommy Hilfiger)"},
			{file: "getty-4.jpg", from: "aleppo-01.jpg", creator: "Jon Kopaloff", when: "2019-07-21 23:35:40", offset: "-07:00", credit: "WireImage", iimTime: "utc",
				caption: "LOS ANGELES, CALIFORNIA - JULY 21: Guests attend the after party for the premiere of a Netflix series on July 21, 2019 in Los Angeles, California. (Photo by Jon Kopaloff/WireImage)"},
		},
		exifDate: true, exifOffset: true, iimTime: "local", charset: true,
		byTitle: "Staff", credit: "Getty Images", source: "Getty Images North America", copyright: "Getty Images",
		xmp: true, xmpDate: "midnightZ", country: "United States", code: "USA",
		other: "Reuters",
	},
	{
		id: "epa", name: "EPA-EFE",
		shots: [4]shot{
			{file: "epa-1.jpg", from: "aleppo-02.jpg", creator: "STRINGER", when: "2018-05-14 21:05:00", offset: "+03:00",
				caption: "epa06737033 Israeli singer Netta Barzilai, the winner of the 63rd annual Eurovision Song Contest (ESC), performs during a festive welcome at Rabin square in Tel Aviv, Israel, 14 May 2018. The ESC 2018 was held at the Altice Arena in Lisbon, Portugal.  EPA-EFE/STRINGER"},
			{file: "epa-2.jpg", from: "aleppo-03.jpg", creator: "ABIR SULTAN", when: "2018-05-14 16:30:00", offset: "+03:00",
				caption: "epa06736512 Guests attend the opening ceremony of the US embassy in Jerusalem, Israel, 14 May 2018. The US embassy was moved from Tel Aviv to Jerusalem.  EPA-EFE/ABIR SULTAN"},
			{file: "epa-3.jpg", from: "aleppo-04.jpg", creator: "ABIR SULTAN", when: "2018-05-14 17:10:00", offset: "+03:00",
				caption: "epa06736601 US Ambassador to Israel David Friedman speaks during the opening ceremony of the US embassy in Jerusalem, Israel, 14 May 2018.  EPA-EFE/ABIR SULTAN"},
			{file: "epa-4.jpg", from: "aleppo-05.jpg", creator: "ATEF SAFADI", when: "2018-05-14 12:45:00", offset: "+03:00",
				caption: "epa06735998 Israelis wave flags outside the new US embassy in Jerusalem, Israel, 14 May 2018.  EPA-EFE/ATEF SAFADI"},
		},
		exifDate: true, charset: true, iimTime: "local",
		credit: "EPA", source: "EPA", copyright: "EPA",
		xmp: true, xmpDate: "local", country: "Israel", code: "ISR",
		other:  "REUTERS",
		warnOK: []string{"creator"}, warnWhy: "epa-1.jpg: EPA-EFE/STRINGER names no photographer: the creator cannot be checked (a warning that says so).",
	},
	{
		id: "dpa", name: "dpa (picture alliance)",
		shots: [4]shot{
			{file: "dpa-1.jpg", from: "aleppo-06.jpg", creator: "Kay Nietfeld", when: "2023-02-13 11:20:00", offset: "+01:00",
				caption: "13.02.2023, Berlin: Olaf Scholz (SPD), Bundeskanzler, spricht bei einer Pressekonferenz im Bundeskanzleramt. Foto: Kay Nietfeld/dpa +++ dpa-Bildfunk +++"},
			{file: "dpa-2.jpg", from: "aleppo-07.jpg", creator: "Michael Kappeler", when: "2023-02-13 11:25:00", offset: "+01:00",
				caption: "13.02.2023, Berlin: Journalisten warten vor Beginn einer Pressekonferenz im Bundeskanzleramt. Foto: Michael Kappeler/dpa +++ dpa-Bildfunk +++"},
			{file: "dpa-3.jpg", from: "aleppo-08.jpg", creator: "Jens Büttner", artist: "Jens Buettner", when: "2023-02-13 09:15:00", offset: "+01:00",
				caption: "Ein Fischkutter liegt am 13. Februar 2023 im Stadthafen von Rostock (Mecklenburg-Vorpommern). Foto: Jens Büttner/dpa +++ dpa-Bildfunk +++"},
			{file: "dpa-4.jpg", from: "aleppo-09.jpg", creator: "Sven Hoppe", when: "2023-02-13 14:40:00", offset: "+01:00",
				caption: "13.02.2023, Bayern, München: Passanten gehen über den Marienplatz. Foto: Sven Hoppe/dpa +++ dpa-Bildfunk +++"},
		},
		exifDate: true, exifOffset: true, exifArtist: true, charset: true, iimTime: "local",
		credit: "picture alliance / dpa", source: "dpa", copyright: "(c) dpa",
		xmp: true, xmpDate: "local", country: "Deutschland", code: "DEU",
		other: "AFP",
	},
	{
		id: "cp", name: "The Canadian Press",
		shots: [4]shot{
			{file: "cp-1.jpg", from: "aleppo-10.jpg", creator: "Paul Chiasson", when: "2020-07-08 10:12:00", offset: "-04:00",
				caption: "The Montreal Police logo is seen on a police car in Montreal on Wednesday, July 8, 2020. THE CANADIAN PRESS/Paul Chiasson"},
			{file: "cp-2.jpg", from: "aleppo-11.jpg", creator: "Paul Chiasson", when: "2020-07-08 10:30:00", offset: "-04:00",
				caption: "Police officers speak with a witness on a street in Montreal on Wednesday, July 8, 2020. THE CANADIAN PRESS/Paul Chiasson"},
			{file: "cp-3.jpg", from: "aleppo-12.jpg", creator: "Graham Hughes", when: "2020-07-08 14:05:00", offset: "-04:00",
				caption: "People wearing face masks walk along Ste-Catherine Street in Montreal, Wednesday, July 8, 2020, as the COVID-19 pandemic continues in Canada and around the world. THE CANADIAN PRESS/Graham Hughes"},
			{file: "cp-4.jpg", from: "aleppo-13.jpg", creator: "Ryan Remiorz", when: "2020-07-08 18:45:00", offset: "-04:00",
				caption: "Quebec Premier Francois Legault responds to reporters during a news conference in Montreal, Wednesday, July 8, 2020. THE CANADIAN PRESS/Ryan Remiorz"},
		},
		exifDate: true, exifArtist: true, charset: true, iimTime: "local",
		byTitle: "stf", credit: "The Canadian Press",
		xmp: true, xmpDate: "local", city: "Montreal", state: "PQ", country: "Canada", code: "CAN",
		extra: []string{"-IPTC:Writer-Editor=pch", "-XMP-photoshop:CaptionWriter=pch"},
		other: "AP",
	},
	{
		id: "pa", name: "PA Media",
		shots: [4]shot{
			{file: "pa-1.jpg", from: "aleppo-14.jpg", creator: "Martin Rickett", when: "2014-06-24 15:10:41", offset: "+01:00",
				caption: "England's Moeen Ali plays defensively from the bowling of Sri Lanka's Shaminda Eranga, during day five of the second Investec Test match at Headingley, Leeds. PRESS ASSOCIATION Photo. Picture date: Tuesday June 24, 2014. See PA Story CRICKET England. Photo credit should read: Martin Rickett/PA Wire. Editorial use only. RESTRICTIONS: Use subject to restrictions. Editorial use only. No commercial use. Call 44 (0)1158 447447 for further information."},
			{file: "pa-2.jpg", from: "aleppo-15.jpg", creator: "Martin Rickett", when: "2014-06-24 16:02:13", offset: "+01:00",
				caption: "Sri Lanka's James Anderson is dismissed by Dhammika Prasad during day five of the second Investec Test match at Headingley, Leeds. PRESS ASSOCIATION Photo. Picture date: Tuesday June 24, 2014. See PA Story CRICKET England. Photo credit should read: Martin Rickett/PA Wire. Editorial use only. No commercial use."},
			{file: "pa-3.jpg", from: "aleppo-16.jpg", creator: "Mike Egerton", when: "2014-06-24 16:20:05", offset: "+01:00",
				caption: "Sri Lanka players celebrate victory during day five of the second Investec Test match at Headingley, Leeds. PRESS ASSOCIATION Photo. Picture date: Tuesday June 24, 2014. See PA Story CRICKET England. Photo credit should read: Mike Egerton/PA Wire. Editorial use only. No commercial use."},
			{file: "pa-4.jpg", from: "aleppo-01.jpg", creator: "Mike Egerton", when: "2014-06-24 11:05:44", offset: "+01:00",
				caption: "England's Joe Root walks out to bat during day five of the second Investec Test match at Headingley, Leeds. PRESS ASSOCIATION Photo. Picture date: Tuesday June 24, 2014. See PA Story CRICKET England. Photo credit should read: Mike Egerton/PA Wire. Editorial use only. No commercial use."},
		},
		exifDate: true, exifArtist: true, exifCopyright: "PA Wire", exifDesc: true, iimTime: "clock",
		credit: "PA", source: "PA", copyright: "PA Wire",
		city: "Leeds", country: "United Kingdom",
		extra: []string{"-IPTC:Category=S", "-IPTC:SupplementalCategories=Cricket", "-IPTC:FixtureIdentifier=Warehouse"},
		other: "Getty Images",
	},
	{
		id: "aap", name: "AAP (Australian Associated Press)",
		shots: [4]shot{
			{file: "aap-1.jpg", from: "aleppo-02.jpg", creator: "DEAN LEWINS", when: "2017-08-31 06:58:33", offset: "+10:00",
				caption: "Champion thoroughbred Winx is paraded in the mounting yard wearing her ear muffs after a run down the straight at Rosehill Racecourse during track work in Sydney, Thursday, August 31, 2017. Winx is aiming for her 19th consecutive victory this Saturday in the Tattersalls Chelmsford Stakes at Royal Randwick. (AAP Image/Dean Lewins) NO ARCHIVING"},
			{file: "aap-2.jpg", from: "aleppo-03.jpg", creator: "DEAN LEWINS", when: "2017-08-31 06:40:02", offset: "+10:00",
				caption: "Jockey Hugh Bowman rides Winx during track work at Rosehill Racecourse in Sydney, Thursday, August 31, 2017. (AAP Image/Dean Lewins) NO ARCHIVING"},
			{file: "aap-3.jpg", from: "aleppo-04.jpg", creator: "DAN HIMBRECHTS", when: "2017-08-31 11:15:20", offset: "+10:00",
				caption: "Trainer Chris Waller speaks to the media at Rosehill Racecourse in Sydney, Thursday, August 31, 2017. (AAP Image/Dan Himbrechts) NO ARCHIVING"},
			{file: "aap-4.jpg", from: "aleppo-05.jpg", creator: "DAN HIMBRECHTS", when: "2017-08-31 13:02:48", offset: "+10:00",
				caption: "Commuters cross George Street in Sydney, Thursday, August 31, 2017. (AAP Image/Dan Himbrechts) NO ARCHIVING"},
		},
		exifDate: true, iimTime: "local", credit: "AAPIMAGE", source: "AAP", copyright: "AAP",
		xmp: true, xmpDate: "local", city: "Sydney", state: "NSW", country: "Australia", code: "AUS",
		extra: []string{"-IPTC:SpecialInstructions=NO ARCHIVING"},
		other: "REUTERS",
	},
	{
		id: "xinhua", name: "Xinhua",
		shots: [4]shot{
			{file: "xinhua-1.jpg", from: "aleppo-06.jpg", creator: "Wang Xi", when: "2023-02-15 10:22:00", offset: "+08:00",
				caption: "A giant panda feeds on bamboo at the Dujiangyan base of the China Conservation and Research Center for Giant Panda in Dujiangyan, southwest China's Sichuan Province, Feb. 15, 2023. (Xinhua/Wang Xi)"},
			{file: "xinhua-2.jpg", from: "aleppo-07.jpg", creator: "Wang Xi", when: "2023-02-15 10:40:00", offset: "+08:00",
				caption: "A keeper feeds a giant panda at the Dujiangyan base of the China Conservation and Research Center for Giant Panda in Dujiangyan, southwest China's Sichuan Province, Feb. 15, 2023. (Xinhua/Wang Xi)"},
			{file: "xinhua-3.jpg", from: "aleppo-08.jpg", creator: "Liu Kun", when: "2023-02-15 09:05:00", offset: "+08:00",
				caption: "Tourists visit the Kuanzhai Alley in Chengdu, southwest China's Sichuan Province, Feb. 15, 2023. (Xinhua/Liu Kun)"},
			{file: "xinhua-4.jpg", from: "aleppo-09.jpg", creator: "Liu Kun", when: "2023-02-15 15:30:00", offset: "+08:00",
				caption: "Workers assemble new energy vehicles at a factory in Chengdu, southwest China's Sichuan Province, Feb. 15, 2023. (Xinhua/Liu Kun)"},
		},
		exifDate: true, charset: true, iimTime: "local", credit: "Xinhua", source: "Xinhua News Agency",
		xmp: true, xmpDate: "local", country: "China", code: "CHN",
		other: "AFP",
	},
	{
		id: "kyodo", name: "Kyodo News",
		shots: [4]shot{
			{file: "kyodo-1.jpg", from: "aleppo-10.jpg", when: "2017-12-12 14:30:00", offset: "+09:00",
				caption: "Ryuichi Kumakura, a 70-year-old artisan of Edo Kiriko traditional Japanese cut glass, engraves his original \"Kometsunagi\" (chain of rice grains) design on a wine glass at his studio in Tokyo's Kameido on Dec. 12, 2017. (Kyodo) ==Kyodo"},
			{file: "kyodo-2.jpg", from: "aleppo-11.jpg", when: "2017-12-12 14:45:00", offset: "+09:00",
				caption: "Edo Kiriko cut glass made by artisan Ryuichi Kumakura is displayed at his studio in Tokyo's Kameido on Dec. 12, 2017. (Kyodo) ==Kyodo"},
			{file: "kyodo-3.jpg", from: "aleppo-12.jpg", when: "2017-12-12 10:10:00", offset: "+09:00",
				caption: "Kiyomizu-dera temple's chief priest Seihan Mori writes the kanji character chosen as the symbol of 2017 in Kyoto on Dec. 12, 2017. (Kyodo) ==Kyodo"},
			{file: "kyodo-4.jpg", from: "aleppo-13.jpg", when: "2017-12-12 18:20:00", offset: "+09:00",
				caption: "People look at illuminations in Tokyo's Marunouchi business district on Dec. 12, 2017. (Kyodo) ==Kyodo"},
		},
		exifDate: true, charset: true, iimTime: "local", credit: "Kyodo News", source: "Kyodo",
		country: "Japan", code: "JPN",
		other:  "Jiji Press",
		faults: []string{"day", "credit", "nodate"},
		warnOK: []string{"creator"}, warnWhy: "Kyodo names no photographer: the creator cannot be checked (a warning that says so at most).",
	},
	{
		id: "anadolu", name: "Anadolu Agency",
		shots: [4]shot{
			{file: "anadolu-1.jpg", from: "aleppo-14.jpg", creator: "Mustafa Çiftçi", artist: "Mustafa Ciftci", when: "2023-02-13 09:40:00", offset: "+03:00",
				caption: "HATAY, TURKIYE - FEBRUARY 13 : Search and rescue works continue at the debris of a collapsed building after 7.7 and 7.6 magnitude earthquakes hit Hatay, Turkiye on February 13, 2023. ( Mustafa Çiftçi - Anadolu Agency )"},
			{file: "anadolu-2.jpg", from: "aleppo-15.jpg", creator: "Mustafa Çiftçi", artist: "Mustafa Ciftci", when: "2023-02-13 10:05:00", offset: "+03:00",
				caption: "HATAY, TURKIYE - FEBRUARY 13 : Rescue workers carry a survivor out of the debris of a collapsed building in Antakya district of Hatay, Turkiye on February 13, 2023. ( Mustafa Çiftçi - Anadolu Agency )"},
			{file: "anadolu-3.jpg", from: "aleppo-16.jpg", creator: "Erdem Şahin", artist: "Erdem Sahin", when: "2023-02-13 13:20:00", offset: "+03:00",
				caption: "KAHRAMANMARAS, TURKIYE - FEBRUARY 13 : A view of collapsed buildings in Kahramanmaras, Turkiye on February 13, 2023. ( Erdem Şahin - Anadolu Agency )"},
			{file: "anadolu-4.jpg", from: "aleppo-01.jpg", creator: "Erdem Şahin", artist: "Erdem Sahin", when: "2023-02-13 16:55:00", offset: "+03:00",
				caption: "KAHRAMANMARAS, TURKIYE - FEBRUARY 13 : Earthquake survivors warm themselves by a fire near tents set up in Kahramanmaras, Turkiye on February 13, 2023. ( Erdem Şahin - Anadolu Agency )"},
		},
		exifDate: true, exifOffset: true, exifArtist: true, exifCopyright: "2023 Anadolu Agency", charset: true, iimTime: "local",
		credit: "Anadolu Agency", source: "Anadolu Agency", copyright: "2023 Anadolu Agency",
		xmp: true, xmpDate: "local", country: "Turkiye", code: "TUR",
		other: "AFP",
	},
	{
		id: "shutterstock", name: "Shutterstock Editorial (formerly REX)",
		shots: [4]shot{
			{file: "shutterstock-1.jpg", from: "aleppo-02.jpg", creator: "Jose Breton", when: "2026-02-03 21:40:00", offset: "+01:00", credit: "NurPhoto/Shutterstock",
				caption: "RESTRICTED TO EDITORIAL USE\nMandatory Credit: Photo by Jose Breton/NurPhoto/Shutterstock (16507315bs)\nMarcus Rashford left winger of Barcelona and England during the Copa del Rey quarter-final match between Albacete Balompie and FC Barcelona at Estadio Carlos Belmonte on February 3, 2026 in Albacete, Spain.\nAlbacete Balompie v FC Barcelona - Copa Del Rey, Spain - 03 Feb 2026"},
			{file: "shutterstock-2.jpg", from: "aleppo-03.jpg", creator: "Ken McKay", when: "2026-02-04 12:30:00", offset: "+00:00", credit: "ITV/Shutterstock",
				caption: "Editorial use only\nMandatory Credit: Photo by Ken McKay/ITV/Shutterstock (16513246a)\nKatie Piper\n'Loose Women' TV show, London, UK - 04 Feb 2026"},
			{file: "shutterstock-3.jpg", from: "aleppo-04.jpg", creator: "Anthony Harvey", when: "2026-02-04 18:15:00", offset: "+00:00",
				caption: "Mandatory Credit: Photo by Anthony Harvey/Shutterstock (16501549o)\nAlison Oliver\n'Wuthering Heights' film photocall, London, UK - 04 Feb 2026"},
			{file: "shutterstock-4.jpg", from: "aleppo-05.jpg", creator: "Kobe Li", when: "2026-02-05 15:20:00", offset: "+08:00", credit: "Nexpher/ZUMA Press Wire/Shutterstock",
				caption: "Mandatory Credit: Photo by Kobe Li/Nexpher via ZUMA Press Wire/Shutterstock (16520092w)\nEnglish snooker player, Mark Selby during a game at the 2026 World Snooker Grand Prix on February 5, 2026 in Hong Kong.\n2026 World Snooker Grand Prix - Day 3, Hong Kong, China - 05 Feb 2026"},
		},
		exifDate: true, charset: true, iimTime: "local", credit: "Shutterstock", source: "Shutterstock Editorial",
		xmp: true, xmpDate: "local",
		other: "Getty Images",
	},
	{
		id: "zuma", name: "ZUMA Press Wire (SOPA Images)",
		shots: [4]shot{
			{file: "zuma-1.jpg", from: "aleppo-06.jpg", creator: "Jorge Sanz", when: "2023-03-08 19:30:00", offset: "+01:00",
				caption: "March 8, 2023, Madrid, Spain: Thousands of women march through the centre of Madrid during a demonstration on International Women's Day. (Credit Image: © Jorge Sanz/SOPA Images via ZUMA Press Wire)"},
			{file: "zuma-2.jpg", from: "aleppo-07.jpg", creator: "Jorge Sanz", when: "2023-03-08 19:52:00", offset: "+01:00",
				caption: "March 8, 2023, Madrid, Spain: Protesters hold placards during a demonstration on International Women's Day in Madrid. (Credit Image: © Jorge Sanz/SOPA Images via ZUMA Press Wire)"},
			{file: "zuma-3.jpg", from: "aleppo-08.jpg", creator: "Marcos del Mazo", when: "2023-03-08 20:10:00", offset: "+01:00",
				caption: "March 8, 2023, Madrid, Spain: A woman shouts slogans during the International Women's Day march in Madrid. (Credit Image: © Marcos del Mazo/SOPA Images via ZUMA Press Wire)"},
			{file: "zuma-4.jpg", from: "aleppo-09.jpg", creator: "Marcos del Mazo", when: "2023-03-08 20:31:00", offset: "+01:00",
				caption: "March 8, 2023, Madrid, Spain: Demonstrators light flares at the end of the International Women's Day march in Madrid. (Credit Image: © Marcos del Mazo/SOPA Images via ZUMA Press Wire)"},
		},
		exifDate: true, exifArtist: true, charset: true, iimTime: "local",
		credit: "ZUMA Press Wire", source: "SOPA Images", copyright: "© SOPA Images",
		xmp: true, xmpDate: "local", city: "Madrid", country: "Spain", code: "ESP",
		other: "REUTERS",
	},
	{
		id: "efe", name: "EFE",
		shots: [4]shot{
			{file: "efe-1.jpg", from: "aleppo-10.jpg", creator: "Juanjo Martín", artist: "Juanjo Martin", when: "2023-02-13 12:05:00", offset: "+01:00",
				caption: "MADRID, 13/02/2023.- El presidente del Gobierno, Pedro Sánchez, interviene este lunes en un acto en el Palacio de la Moncloa, en Madrid. EFE/Juanjo Martín"},
			{file: "efe-2.jpg", from: "aleppo-11.jpg", creator: "Juanjo Martín", artist: "Juanjo Martin", when: "2023-02-13 12:20:00", offset: "+01:00",
				caption: "MADRID, 13/02/2023.- Vista general del acto celebrado este lunes en el Palacio de la Moncloa, en Madrid. EFE/Juanjo Martín"},
			{file: "efe-3.jpg", from: "aleppo-12.jpg", creator: "Mariscal", when: "2023-02-13 17:45:00", offset: "+01:00",
				caption: "MADRID, 13/02/2023.- Varias personas pasean este lunes por el parque del Retiro, en Madrid. EFE/Mariscal"},
			{file: "efe-4.jpg", from: "aleppo-13.jpg", creator: "Mariscal", when: "2023-02-13 18:30:00", offset: "+01:00",
				caption: "MADRID, 13/02/2023.- Ambiente en la Puerta del Sol al atardecer de este lunes, en Madrid. EFE/Mariscal"},
		},
		exifDate: true, exifArtist: true, charset: true, iimTime: "local",
		credit: "EFE", source: "EFE", copyright: "EFE",
		xmp: true, xmpDate: "local", city: "MADRID", country: "ESPAÑA", code: "ESP",
		other: "EUROPA PRESS",
	},
	{
		id: "ansa", name: "ANSA",
		shots: [4]shot{
			{file: "ansa-1.jpg", from: "aleppo-14.jpg", creator: "RICCARDO ANTIMIANI", when: "2023-02-13 11:00:00", offset: "+01:00",
				caption: "Il presidente della Repubblica Sergio Mattarella durante un incontro al Quirinale, Roma, 13 febbraio 2023. ANSA/RICCARDO ANTIMIANI"},
			{file: "ansa-2.jpg", from: "aleppo-15.jpg", creator: "RICCARDO ANTIMIANI", when: "2023-02-13 11:15:00", offset: "+01:00",
				caption: "Un momento dell'incontro al Quirinale, Roma, 13 febbraio 2023. ANSA/RICCARDO ANTIMIANI"},
			{file: "ansa-3.jpg", from: "aleppo-16.jpg", creator: "ANGELO CARCONI", when: "2023-02-13 16:40:00", offset: "+01:00",
				caption: "La presidente del Consiglio Giorgia Meloni durante la conferenza stampa a Palazzo Chigi, Roma, 13 febbraio 2023. ANSA/ANGELO CARCONI"},
			{file: "ansa-4.jpg", from: "aleppo-01.jpg", creator: "FABIO FRUSTACI", when: "2023-02-13 18:05:00", offset: "+01:00",
				caption: "Turisti a Fontana di Trevi, Roma, 13 febbraio 2023. ANSA/FABIO FRUSTACI"},
		},
		exifDate: true, charset: true, iimTime: "local",
		credit: "ANSA", source: "ANSA", copyright: "ANSA",
		xmp: true, xmpDate: "local", city: "ROMA", country: "ITALIA", code: "ITA",
		other: "AGI",
	},
}
