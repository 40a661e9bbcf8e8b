package main

import (
	"context"
	"strings"
	"time"

	"github.com/captag/captag/metadata/check"
	"github.com/captag/captag/metadata/desk"
	"github.com/spf13/pflag"
)

// checkFlags are the options of captag check.
type checkFlags struct {
	job            jobFlags
	format         string
	failOn         string
	allowMissing   []string
	allowUnmatched bool
	aliases        string
	dayGrace       time.Duration
	ships          string
	out            outputFlags
}

func checkCommand() *command {
	var cf checkFlags
	return &command{
		name:    "check",
		summary: "check each image's date and credit against its caption",
		usage:   "captag check --captions FILE [options] FOLDER|FILE...",
		about: `Matches each caption to its image (as captag match does) and compares what the
caption says with what every store of the image says - EXIF, IPTC-IIM,
embedded XMP and an XMP sidecar beside it:

  date     the caption's date against each store's own calendar date (the
           date as the file states it). A store stamped in UTC (+00:00, Z)
           is read in the scene's offset when another store gives one
           within 2 hours of it, or a clock that is the UTC time plus a
           real offset; with neither, a day that UTC explains is a
           warning. A time up to --day-grace after midnight (or before it)
           is a warning. A file picture's date is a warning.
  creator  the photographers against EXIF Artist, IPTC By-line, dc:creator
           (case, accents, punctuation and spacing do not matter;
           Büttner matches Buettner and Buttner, Søreide Soereide; an
           agency or "Staff" in place of a person is a warning)
  credit   any agency of the caption's credit chain (NHLI via Getty
           Images: NHLI or Getty Images) against IPTC/XMP Credit and
           Source, and a copyright that names an agency (AA = Anadolu
           Agency, Getty Images North America = Getty Images, ...; add your
           own with --aliases). Agency codes in Source (Reuters' X90024,
           RTR) are fine.
  match    captions and images that could not be paired (when only image
           files are given, no folder, the captions that name none of
           them are out of scope: counted in the summary, no finding)
  caption  problems in the caption record itself
  file     images that could not be read, files named like images that
           are not images (empty, another type, a named pipe) or are of a
           type captag does not read (CRW, X3F, MRW) - an error:
           --skip-non-images skips a folder's such files, naming each on
           stderr - stale IPTC digests, IPTC text without a charset

A gate judges what ships: --ships says which stores travel with each image
(auto: what is inside the file, and for raw files - CR2, CR3, NEF, ARW,
ORF, RW2, PEF, RAF - their sidecar too; embedded; sidecar; both). Only
those stores are compared, so a JPEG whose own stores name no photographer
fails even when its sidecar names one ("only its sidecar ... names ...,
and that store does not ship with the image"). A caption captag itself
wrote (its sidecar, or XMP it embedded, marked captag:PairedBy and
unchanged since) is never evidence of a pair: check pairs as if it were
not there, so every caveat of the first check is given again after a
write, and a sidecar that holds another caption than the one paired now
is a warning.

No check is skipped silently: a caption whose date, creator or agency
could not be read (or that says the picture is undated) gets a warning
"date not checked: ...", and the summary counts them; --fail-on warning
stops on those too. Stores that disagree with each other are a warning.
The text report lists the images with findings, one line per field, as
"field: caption says X; PROPERTY and PROPERTY say Y" naming the
properties to fix (EXIF DateTimeOriginal, IIM Credit, XMP dc:creator,
...), then a summary line; --format json and --format junit are for
programs and CI dashboards. --format html is a contact sheet for the editor:
one self-contained page (no script, nothing fetched) with a card per
picture in path order - its thumbnail, the caption and how it was paired,
a table of what EXIF, IIM, XMP and the sidecar say of date, creator and
credit with each disagreeing cell marked, the findings - the unmatched
captions and pictures, and filter links (problems only, by field). Images
are never modified.`,
		example: `  # the gate before upload: exit 1 when anything is wrong
  captag check --captions captions.txt photos/

  # strict: warnings fail too; JSON for a script
  captag check -c captions.txt --fail-on warning --format json photos/

  # a JUnit report for the CI dashboard
  captag check -c captions.csv --by name --format junit -r shoot/ > check.xml

  # the camera writes no creator; the agency calls itself "Anadolu Ajansi"
  captag check -c captions.txt --allow-missing creator --aliases agencies.txt photos/

  # a contact sheet to look at; -o writes it atomically
  captag check -c captions.txt --format html -o sheet.html photos/

  # a night game: pictures up to 2 hours past midnight are warnings
  captag check -c captions.txt --day-grace 2h photos/`,
		exits: `  0    no finding at or above --fail-on (default: no error)
  1    findings at or above --fail-on (the report says which)
  2    could not run: usage error (--day-grace outside 0..12h, ...),
       unreadable caption file, aliases file or folder, a -o FILE that
       is a file the run reads (or an image, a folder), or the --by
       strategy cannot work on these inputs
  130  interrupted`,
		setup: func(fs *pflag.FlagSet) func(context.Context, *env, []string) int {
			cf.job.add(fs)
			newEnum(fs, &cf.format, "format", "", "text", desk.FormatNames((*desk.CheckReport)(nil).Formats()), "report format: text for people, json and junit for programs, html for a contact sheet to look at (one self-contained page, a card per picture with its thumbnail)")
			newEnum(fs, &cf.failOn, "fail-on", "", "error", []string{"error", "warning"}, "the lowest severity that makes the exit status 1")
			fs.StringSliceVar(&cf.allowMissing, "allow-missing", nil, "`FIELDS` (date, creator) that may be missing from every store: a warning instead of an error")
			fs.BoolVar(&cf.allowUnmatched, "allow-unmatched", false, "unmatched captions and images are warnings, not errors")
			fs.StringVar(&cf.aliases, "aliases", "", "extra agency names from `FILE`: one agency per line, its names separated by \"=\" (AA = Anadolu Agency = Anadolu Ajansi)")
			cf.out.add(fs)
			newEnum(fs, &cf.ships, "ships", "", "auto", []string{"auto", "embedded", "sidecar", "both"}, "the stores that travel with each image and are checked: embedded (inside the file), sidecar, both, or auto (embedded; a raw file's sidecar too)")
			fs.DurationVar(&cf.dayGrace, "day-grace", time.Hour, "a store time up to `DURATION` after the midnight that ends the caption's day (or before the one that starts it) is a warning, not an error; 0 for none, at most 12h")
			return func(ctx context.Context, e *env, args []string) int {
				return runCheck(ctx, e, args, &cf)
			}
		},
	}
}

func runCheck(ctx context.Context, e *env, args []string, cf *checkFlags) int {
	opts := check.Options{}
	for _, f := range cf.allowMissing {
		switch strings.TrimSpace(f) {
		case "date":
			opts.AllowMissingDate = true
		case "creator":
			opts.AllowMissingCreator = true
		default:
			e.errorf("check: --allow-missing: expected date or creator, found %q", f)
			return exitCannotRun
		}
	}
	if cf.dayGrace < 0 || cf.dayGrace > check.MaxDayGrace {
		e.errorf("check: --day-grace: expected a duration from 0 to 12h, found %s", cf.dayGrace)
		e.hintf("for example --day-grace 30m, or --day-grace 0 to make every other day an error")
		return exitCannotRun
	}
	opts.DayGrace = cf.dayGrace
	opts.Aliases = check.DefaultAliases()
	if cf.aliases != "" {
		al, code := loadAliases(e, "check", cf.aliases)
		if code != exitOK {
			return code
		}
		opts.Aliases = al
	}

	inputs := captionInputs(e, &cf.job)
	if cf.aliases != "" {
		inputs = append(inputs, desk.ReportInput{What: "the aliases file " + cf.aliases, Path: cf.aliases})
	}
	rw, err := openReport(e, "check", cf.out.output, inputs...)
	if err != nil {
		e.errorf("%v", err)
		return exitCannotRun
	}
	defer rw.close(false) // nothing once the report is in place
	r, code := openJob(ctx, e, "check", &cf.job, args)
	if code != exitOK {
		return code
	}
	if err := rw.start(r.job); err != nil {
		e.errorf("%v", err)
		return exitCannotRun
	}
	ships := desk.ShipsDefault
	if cf.ships != "auto" {
		ships = desk.Ships(cf.ships)
	}
	rep, err := r.job.Check(ctx, desk.CheckOptions{Options: opts, AllowUnmatched: cf.allowUnmatched, Ships: ships})
	if code := r.started(err); code != exitOK {
		return code
	}
	for _, t := range rep.Temps {
		e.warnf("%s", desk.TempNote(t))
	}
	return r.report(ctx, rw, rep, desk.RenderOptions{Format: desk.Format(cf.format), FailOnWarning: cf.failOn == "warning",
		Sheet: desk.SheetOptions{Command: commandLine("check", e.args), Thumbs: cf.out.thumbs}}, checkExit(rep, cf.failOn))
}
