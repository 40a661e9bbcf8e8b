package main

import (
	"context"

	"github.com/captag/captag/metadata/desk"
	"github.com/spf13/pflag"
)

func matchCommand() *command {
	var (
		jf      jobFlags
		format  string
		explain bool
		out     outputFlags
	)
	return &command{
		name:    "match",
		summary: "show which caption goes with which image, and what is left over",
		usage:   "captag match --captions FILE [options] FOLDER|FILE...",
		about: `Pairs each caption with its image and prints the plan: one line per image with
the caption's line in the caption file and how the pair was found, then the
captions and images left unmatched, each with the reason. Nothing is written.
This is the pairing that check and write use.

With --by auto (the default) captions that all name their files are matched
by name (a file name whose folder holds no image but whose base name names
exactly one, "wire/IMG_1.jpg" in an export made elsewhere, is paired with that
image by --by name, as "base name", and left with a hint by --by auto);
otherwise by content:

  text          the image already carries the caption's text (EXIF, IPTC or
                XMP description, or its sidecar's), also when IPTC cut it
                at 2,000 bytes or it was lightly edited
  date+creator  date and photographer agree and no other caption does
  order         several different captions fit the same images (one
                photographer, one day): the k-th picture in capture time
                takes the k-th caption read oldest first. This is a choice,
                not a certainty; the plan says "order among N" and which
                way the caption file runs (newest first, oldest first:
                detected from its dates, or --caption-order). When that is
                unknown, such captions are left unmatched with the reason
  creator/date  only one of them agrees, and nothing else is left for it

Identical captions (bursts) are interchangeable. Files of one picture
(IMG_1.CR2 + IMG_1.JPG with one capture time) take one caption. What cannot
be paired is listed with the reason, never guessed. --explain shows, per
image, the captions considered and why the chosen one won.

Folders give their image files (JPEG and TIFF-based, recognised by content);
other files in them are skipped. -r adds subfolders.`,
		example: `  # which caption goes with which picture?
  captag match --captions captions.txt photos/

  # the captions name their files (a "file" column, or a file name line)
  captag match --captions captions.csv --by name photos/

  # look at the pairs: a contact sheet with each picture beside its caption
  captag match -c captions.txt --format html -o pairs.html photos/

  # the plan as JSON
  captag match -c captions.txt --format json photos/ > plan.json`,
		exits: `  0    every caption and every image was paired (captions superseded
       with --latest, or out of scope, do not count)
  1    some caption or image is left unmatched (two captions that name one
       image, without --latest), or an image could not be read
  2    could not run: usage error, unreadable caption file or folder, a
       -o FILE that is a file the run reads (or an image, a folder), or
       the --by strategy cannot work on these inputs
  130  interrupted`,
		setup: func(fs *pflag.FlagSet) func(context.Context, *env, []string) int {
			jf.add(fs)
			newEnum(fs, &format, "format", "", "text", desk.FormatNames((*desk.MatchReport)(nil).Formats()), "report format: text for people, json for programs, html for a contact sheet to look at (a card per picture with its thumbnail and caption)")
			out.add(fs)
			fs.BoolVar(&explain, "explain", false, "show, per image, the captions considered and why the chosen one won")
			return func(ctx context.Context, e *env, args []string) int {
				return runMatch(ctx, e, args, &jf, format, explain, &out)
			}
		},
	}
}

func runMatch(ctx context.Context, e *env, args []string, jf *jobFlags, format string, explain bool, of *outputFlags) int {
	rw, err := openReport(e, "match", of.output, captionInputs(e, jf)...)
	if err != nil {
		e.errorf("%v", err)
		return exitCannotRun
	}
	defer rw.close(false) // nothing once the report is in place
	r, code := openJob(ctx, e, "match", jf, args)
	if code != exitOK {
		return code
	}
	if err := rw.start(r.job); err != nil {
		e.errorf("%v", err)
		return exitCannotRun
	}
	out, err := r.job.Match(ctx, desk.MatchOptions{Explain: explain})
	if code := r.started(err); code != exitOK {
		return code
	}
	return r.report(ctx, rw, out, desk.RenderOptions{Format: desk.Format(format),
		Sheet: desk.SheetOptions{Command: commandLine("match", e.args), Thumbs: of.thumbs}}, matchExit(out))
}
